// The headless Rive Renderer target over Vulkan (see rive_vulkan_target.hpp).
#include "rive_vulkan_target.hpp"

#include "rive/renderer/render_context.hpp"
#include "rive/renderer/rive_renderer.hpp"
#include "rive/renderer/vulkan/render_context_vulkan_impl.hpp"
#include "rive/renderer/vulkan/render_target_vulkan.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <cstring>
#include <optional>

namespace harness
{

namespace
{

/// The Vulkan entry points this file calls, loaded through vkGetInstanceProcAddr and
/// vkGetDeviceProcAddr (the programs are compiled with VK_NO_PROTOTYPES).
#define HARNESS_VK_GLOBAL(F) F(CreateInstance) F(EnumerateInstanceVersion)
#define HARNESS_VK_INSTANCE(F)                                                                     \
    F(DestroyInstance)                                                                             \
    F(EnumeratePhysicalDevices)                                                                    \
    F(GetPhysicalDeviceProperties)                                                                 \
    F(GetPhysicalDeviceFeatures)                                                                   \
    F(GetPhysicalDeviceQueueFamilyProperties)                                                      \
    F(GetPhysicalDeviceMemoryProperties)                                                           \
    F(CreateDevice)                                                                                \
    F(GetDeviceProcAddr)
#define HARNESS_VK_DEVICE(F)                                                                       \
    F(DestroyDevice)                                                                               \
    F(DeviceWaitIdle)                                                                              \
    F(GetDeviceQueue)                                                                              \
    F(QueueSubmit)                                                                                 \
    F(CreateCommandPool)                                                                           \
    F(DestroyCommandPool)                                                                          \
    F(AllocateCommandBuffers)                                                                      \
    F(BeginCommandBuffer)                                                                          \
    F(EndCommandBuffer)                                                                            \
    F(ResetCommandBuffer)                                                                          \
    F(CreateFence)                                                                                 \
    F(DestroyFence)                                                                                \
    F(WaitForFences)                                                                               \
    F(ResetFences)                                                                                 \
    F(CreateImage)                                                                                 \
    F(DestroyImage)                                                                                \
    F(CreateImageView)                                                                             \
    F(DestroyImageView)                                                                            \
    F(GetImageMemoryRequirements)                                                                  \
    F(BindImageMemory)                                                                             \
    F(CreateBuffer)                                                                                \
    F(DestroyBuffer)                                                                               \
    F(GetBufferMemoryRequirements)                                                                 \
    F(BindBufferMemory)                                                                            \
    F(AllocateMemory)                                                                              \
    F(FreeMemory)                                                                                  \
    F(MapMemory)                                                                                   \
    F(CmdPipelineBarrier)                                                                          \
    F(CmdCopyImageToBuffer)

struct Functions
{
    PFN_vkGetInstanceProcAddr GetInstanceProcAddr = nullptr;
#define HARNESS_DECLARE(name) PFN_vk##name name = nullptr;
    HARNESS_VK_GLOBAL(HARNESS_DECLARE)
    HARNESS_VK_INSTANCE(HARNESS_DECLARE)
    HARNESS_VK_DEVICE(HARNESS_DECLARE)
#undef HARNESS_DECLARE
};

std::string vkError(const char* what, VkResult result)
{
    return std::string(what) + " failed (VkResult " + std::to_string(int(result)) + ")";
}

const char* deviceTypeName(VkPhysicalDeviceType type)
{
    switch (type)
    {
        case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU:
            return "discrete gpu";
        case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU:
            return "integrated gpu";
        case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU:
            return "virtual gpu";
        case VK_PHYSICAL_DEVICE_TYPE_CPU:
            return "cpu";
        default:
            return "other";
    }
}

/// Preference when several devices exist: a discrete GPU, an integrated one, then the rest.
int devicePreference(VkPhysicalDeviceType type)
{
    switch (type)
    {
        case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU:
            return 0;
        case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU:
            return 1;
        case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU:
            return 2;
        case VK_PHYSICAL_DEVICE_TYPE_CPU:
            return 3;
        default:
            return 4;
    }
}

} // namespace

struct RiveVulkanTarget::State
{
    Functions vk;
    void* loader = nullptr;
    VkInstance instance = VK_NULL_HANDLE;
    VkPhysicalDevice physicalDevice = VK_NULL_HANDLE;
    VkDevice device = VK_NULL_HANDLE;
    VkQueue queue = VK_NULL_HANDLE;
    uint32_t queueFamily = 0;
    VkPhysicalDeviceMemoryProperties memory{};
    std::string deviceName;
    int width = 0, height = 0;

    std::unique_ptr<rive::gpu::RenderContext> context;
    rive::rcp<rive::gpu::RenderTargetVulkanImpl> target;
    VkImage image = VK_NULL_HANDLE;
    VkDeviceMemory imageMemory = VK_NULL_HANDLE;
    VkImageView imageView = VK_NULL_HANDLE;
    VkBuffer readback = VK_NULL_HANDLE;
    VkDeviceMemory readbackMemory = VK_NULL_HANDLE;
    void* readbackPointer = nullptr;
    VkCommandPool pool = VK_NULL_HANDLE;
    VkCommandBuffer commands = VK_NULL_HANDLE;
    VkFence fence = VK_NULL_HANDLE;
    uint64_t frameNumber = 0;
    std::optional<rive::RiveRenderer> renderer;

    ~State()
    {
        if (device != VK_NULL_HANDLE)
            vk.DeviceWaitIdle(device);
        renderer.reset();
        target.reset();
        context.reset();
        if (device != VK_NULL_HANDLE)
        {
            destroyImage();
            if (fence)
                vk.DestroyFence(device, fence, nullptr);
            if (pool)
                vk.DestroyCommandPool(device, pool, nullptr);
            vk.DestroyDevice(device, nullptr);
        }
        if (instance != VK_NULL_HANDLE)
            vk.DestroyInstance(instance, nullptr);
        if (loader)
            dlclose(loader);
    }

    /// Destroys the target image, its view and the readback buffer (the device must be idle).
    void destroyImage()
    {
        target.reset();
        if (readback)
            vk.DestroyBuffer(device, readback, nullptr);
        if (readbackMemory)
            vk.FreeMemory(device, readbackMemory, nullptr);
        if (imageView)
            vk.DestroyImageView(device, imageView, nullptr);
        if (image)
            vk.DestroyImage(device, image, nullptr);
        if (imageMemory)
            vk.FreeMemory(device, imageMemory, nullptr);
        readback = VK_NULL_HANDLE;
        readbackMemory = VK_NULL_HANDLE;
        readbackPointer = nullptr;
        imageView = VK_NULL_HANDLE;
        image = VK_NULL_HANDLE;
        imageMemory = VK_NULL_HANDLE;
    }

    /// A memory type index allowed by `bits` with all of `flags`, or -1.
    int memoryType(uint32_t bits, VkMemoryPropertyFlags flags) const
    {
        for (uint32_t i = 0; i < memory.memoryTypeCount; ++i)
            if ((bits & (1u << i)) && (memory.memoryTypes[i].propertyFlags & flags) == flags)
                return int(i);
        return -1;
    }
};

namespace
{

/// Every step of make() after the loader but the image: instance, device, renderer context,
/// command buffer and fence.
bool setUp(RiveVulkanTarget::State& s, std::string* error)
{
    auto& vk = s.vk;
#define HARNESS_LOAD_GLOBAL(name)                                                                  \
    vk.name = reinterpret_cast<PFN_vk##name>(vk.GetInstanceProcAddr(VK_NULL_HANDLE, "vk" #name));
    HARNESS_VK_GLOBAL(HARNESS_LOAD_GLOBAL)
#undef HARNESS_LOAD_GLOBAL
    if (vk.CreateInstance == nullptr)
    {
        *error = "the Vulkan loader has no vkCreateInstance";
        return false;
    }
    uint32_t instanceVersion = VK_API_VERSION_1_0;
    if (vk.EnumerateInstanceVersion)
        vk.EnumerateInstanceVersion(&instanceVersion);
    if (instanceVersion < VK_API_VERSION_1_1)
    {
        *error = "the Vulkan loader supports only Vulkan 1.0; the Rive Renderer needs 1.1";
        return false;
    }
    VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
    app.pApplicationName = "rive-harness";
    app.apiVersion = std::min(instanceVersion, uint32_t(VK_API_VERSION_1_3));
    VkInstanceCreateInfo instanceInfo{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
    instanceInfo.pApplicationInfo = &app;
    if (VkResult r = vk.CreateInstance(&instanceInfo, nullptr, &s.instance); r != VK_SUCCESS)
    {
        *error = vkError("vkCreateInstance", r);
        return false;
    }
#define HARNESS_LOAD_INSTANCE(name)                                                                \
    vk.name = reinterpret_cast<PFN_vk##name>(vk.GetInstanceProcAddr(s.instance, "vk" #name));
    HARNESS_VK_INSTANCE(HARNESS_LOAD_INSTANCE)
#undef HARNESS_LOAD_INSTANCE

    uint32_t count = 0;
    vk.EnumeratePhysicalDevices(s.instance, &count, nullptr);
    std::vector<VkPhysicalDevice> devices(count);
    vk.EnumeratePhysicalDevices(s.instance, &count, devices.data());
    VkPhysicalDeviceProperties chosen{};
    int best = 1 << 30;
    for (VkPhysicalDevice candidate : devices)
    {
        VkPhysicalDeviceProperties properties;
        vk.GetPhysicalDeviceProperties(candidate, &properties);
        if (properties.apiVersion < VK_API_VERSION_1_1)
            continue;
        uint32_t families = 0;
        vk.GetPhysicalDeviceQueueFamilyProperties(candidate, &families, nullptr);
        std::vector<VkQueueFamilyProperties> familyProperties(families);
        vk.GetPhysicalDeviceQueueFamilyProperties(candidate, &families, familyProperties.data());
        for (uint32_t family = 0; family < families; ++family)
        {
            if (!(familyProperties[family].queueFlags & VK_QUEUE_GRAPHICS_BIT))
                continue;
            int preference = devicePreference(properties.deviceType);
            if (preference < best)
            {
                best = preference;
                s.physicalDevice = candidate;
                s.queueFamily = family;
                chosen = properties;
            }
            break;
        }
    }
    if (s.physicalDevice == VK_NULL_HANDLE)
    {
        *error = "no Vulkan 1.1 device with a graphics queue (vulkaninfo --summary lists the devices; "
                 "apt-get install -y mesa-vulkan-drivers gives the CPU device lavapipe)";
        return false;
    }
    s.deviceName = std::string(chosen.deviceName) + " (" + deviceTypeName(chosen.deviceType) + ")";
    vk.GetPhysicalDeviceMemoryProperties(s.physicalDevice, &s.memory);

    // The features the renderer uses when present (rive::gpu::VulkanFeatures).
    VkPhysicalDeviceFeatures supported;
    vk.GetPhysicalDeviceFeatures(s.physicalDevice, &supported);
    VkPhysicalDeviceFeatures enabled{};
    enabled.independentBlend = supported.independentBlend;
    enabled.fillModeNonSolid = supported.fillModeNonSolid;
    enabled.fragmentStoresAndAtomics = supported.fragmentStoresAndAtomics;
    enabled.shaderClipDistance = supported.shaderClipDistance;
    float priority = 1;
    VkDeviceQueueCreateInfo queueInfo{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
    queueInfo.queueFamilyIndex = s.queueFamily;
    queueInfo.queueCount = 1;
    queueInfo.pQueuePriorities = &priority;
    VkDeviceCreateInfo deviceInfo{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
    deviceInfo.queueCreateInfoCount = 1;
    deviceInfo.pQueueCreateInfos = &queueInfo;
    deviceInfo.pEnabledFeatures = &enabled;
    if (VkResult r = vk.CreateDevice(s.physicalDevice, &deviceInfo, nullptr, &s.device); r != VK_SUCCESS)
    {
        *error = vkError("vkCreateDevice", r);
        return false;
    }
#define HARNESS_LOAD_DEVICE(name)                                                                  \
    vk.name = reinterpret_cast<PFN_vk##name>(vk.GetDeviceProcAddr(s.device, "vk" #name));
    HARNESS_VK_DEVICE(HARNESS_LOAD_DEVICE)
#undef HARNESS_LOAD_DEVICE
    vk.GetDeviceQueue(s.device, s.queueFamily, 0, &s.queue);

    rive::gpu::VulkanFeatures features;
    features.apiVersion = std::min(chosen.apiVersion, app.apiVersion);
    features.independentBlend = enabled.independentBlend;
    features.fillModeNonSolid = enabled.fillModeNonSolid;
    features.fragmentStoresAndAtomics = enabled.fragmentStoresAndAtomics;
    features.shaderClipDistance = enabled.shaderClipDistance;
    s.context = rive::gpu::RenderContextVulkanImpl::MakeContext(s.instance, s.physicalDevice, s.device, features,
                                                                 vk.GetInstanceProcAddr);
    if (s.context == nullptr)
    {
        *error = "RenderContextVulkanImpl::MakeContext failed on " + s.deviceName;
        return false;
    }

    VkCommandPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    poolInfo.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
    poolInfo.queueFamilyIndex = s.queueFamily;
    if (VkResult r = vk.CreateCommandPool(s.device, &poolInfo, nullptr, &s.pool); r != VK_SUCCESS)
    {
        *error = vkError("vkCreateCommandPool", r);
        return false;
    }
    VkCommandBufferAllocateInfo commandInfo{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    commandInfo.commandPool = s.pool;
    commandInfo.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    commandInfo.commandBufferCount = 1;
    if (VkResult r = vk.AllocateCommandBuffers(s.device, &commandInfo, &s.commands); r != VK_SUCCESS)
    {
        *error = vkError("vkAllocateCommandBuffers", r);
        return false;
    }
    VkFenceCreateInfo fenceInfo{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    if (VkResult r = vk.CreateFence(s.device, &fenceInfo, nullptr, &s.fence); r != VK_SUCCESS)
    {
        *error = vkError("vkCreateFence", r);
        return false;
    }
    return true;
}

/// Makes the target image of the state's size, its view, the renderer's render target and
/// the readback buffer.
bool makeImage(RiveVulkanTarget::State& s, std::string* error)
{
    auto& vk = s.vk;
    // The target image: the renderer draws into it and may read it back as an input attachment.
    const VkFormat format = VK_FORMAT_R8G8B8A8_UNORM;
    const VkImageUsageFlags usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT |
                                    VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
    VkImageCreateInfo imageInfo{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
    imageInfo.imageType = VK_IMAGE_TYPE_2D;
    imageInfo.format = format;
    imageInfo.extent = {uint32_t(s.width), uint32_t(s.height), 1};
    imageInfo.mipLevels = 1;
    imageInfo.arrayLayers = 1;
    imageInfo.samples = VK_SAMPLE_COUNT_1_BIT;
    imageInfo.tiling = VK_IMAGE_TILING_OPTIMAL;
    imageInfo.usage = usage;
    imageInfo.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
    if (VkResult r = vk.CreateImage(s.device, &imageInfo, nullptr, &s.image); r != VK_SUCCESS)
    {
        *error = vkError("vkCreateImage", r);
        return false;
    }
    VkMemoryRequirements requirements;
    vk.GetImageMemoryRequirements(s.device, s.image, &requirements);
    int imageType = s.memoryType(requirements.memoryTypeBits, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
    if (imageType < 0)
        imageType = s.memoryType(requirements.memoryTypeBits, 0);
    VkMemoryAllocateInfo allocation{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    allocation.allocationSize = requirements.size;
    allocation.memoryTypeIndex = uint32_t(imageType);
    if (VkResult r = vk.AllocateMemory(s.device, &allocation, nullptr, &s.imageMemory); r != VK_SUCCESS)
    {
        *error = vkError("vkAllocateMemory (target image)", r);
        return false;
    }
    vk.BindImageMemory(s.device, s.image, s.imageMemory, 0);
    VkImageViewCreateInfo viewInfo{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
    viewInfo.image = s.image;
    viewInfo.viewType = VK_IMAGE_VIEW_TYPE_2D;
    viewInfo.format = format;
    viewInfo.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
    if (VkResult r = vk.CreateImageView(s.device, &viewInfo, nullptr, &s.imageView); r != VK_SUCCESS)
    {
        *error = vkError("vkCreateImageView", r);
        return false;
    }
    auto* impl = s.context->static_impl_cast<rive::gpu::RenderContextVulkanImpl>();
    s.target = impl->makeRenderTarget(uint32_t(s.width), uint32_t(s.height), format, usage);
    s.target->setTargetImageView(s.imageView, s.image, rive::gpu::vkutil::ImageAccess{});

    // The readback buffer, host visible and coherent, mapped once.
    VkBufferCreateInfo bufferInfo{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    bufferInfo.size = VkDeviceSize(s.width) * VkDeviceSize(s.height) * 4;
    bufferInfo.usage = VK_BUFFER_USAGE_TRANSFER_DST_BIT;
    if (VkResult r = vk.CreateBuffer(s.device, &bufferInfo, nullptr, &s.readback); r != VK_SUCCESS)
    {
        *error = vkError("vkCreateBuffer", r);
        return false;
    }
    vk.GetBufferMemoryRequirements(s.device, s.readback, &requirements);
    int bufferType = s.memoryType(requirements.memoryTypeBits,
                                  VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
    if (bufferType < 0)
    {
        *error = "no host-visible coherent memory for the readback buffer";
        return false;
    }
    allocation.allocationSize = requirements.size;
    allocation.memoryTypeIndex = uint32_t(bufferType);
    if (VkResult r = vk.AllocateMemory(s.device, &allocation, nullptr, &s.readbackMemory); r != VK_SUCCESS)
    {
        *error = vkError("vkAllocateMemory (readback)", r);
        return false;
    }
    vk.BindBufferMemory(s.device, s.readback, s.readbackMemory, 0);
    if (VkResult r = vk.MapMemory(s.device, s.readbackMemory, 0, VK_WHOLE_SIZE, 0, &s.readbackPointer); r != VK_SUCCESS)
    {
        *error = vkError("vkMapMemory (readback)", r);
        return false;
    }
    return true;
}

/// Records `record` into the command buffer, submits it and waits for the fence.
template <typename Record> bool submitAndWait(RiveVulkanTarget::State& s, Record record, std::string* error)
{
    auto& vk = s.vk;
    vk.ResetCommandBuffer(s.commands, 0);
    VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    vk.BeginCommandBuffer(s.commands, &begin);
    record();
    if (VkResult r = vk.EndCommandBuffer(s.commands); r != VK_SUCCESS)
    {
        *error = vkError("vkEndCommandBuffer", r);
        return false;
    }
    VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
    submit.commandBufferCount = 1;
    submit.pCommandBuffers = &s.commands;
    vk.ResetFences(s.device, 1, &s.fence);
    if (VkResult r = vk.QueueSubmit(s.queue, 1, &submit, s.fence); r != VK_SUCCESS)
    {
        *error = vkError("vkQueueSubmit", r);
        return false;
    }
    if (VkResult r = vk.WaitForFences(s.device, 1, &s.fence, VK_TRUE, UINT64_MAX); r != VK_SUCCESS)
    {
        *error = vkError("vkWaitForFences", r);
        return false;
    }
    return true;
}

} // namespace

std::unique_ptr<RiveVulkanTarget> RiveVulkanTarget::make(int width, int height, std::string* error)
{
    if (width < 1 || height < 1 || width > 8192 || height > 8192)
    {
        *error = "bad target size " + std::to_string(width) + "x" + std::to_string(height);
        return nullptr;
    }
    auto state = std::make_unique<State>();
    state->width = width;
    state->height = height;
    state->loader = dlopen("libvulkan.so.1", RTLD_NOW | RTLD_LOCAL);
    if (state->loader == nullptr)
    {
        *error = "the Vulkan loader libvulkan.so.1 is not installed (apt-get install -y libvulkan1 "
                 "mesa-vulkan-drivers, or scripts/bootstrap)";
        return nullptr;
    }
    state->vk.GetInstanceProcAddr =
        reinterpret_cast<PFN_vkGetInstanceProcAddr>(dlsym(state->loader, "vkGetInstanceProcAddr"));
    if (state->vk.GetInstanceProcAddr == nullptr)
    {
        *error = "libvulkan.so.1 has no vkGetInstanceProcAddr";
        return nullptr;
    }
    if (!setUp(*state, error) || !makeImage(*state, error))
        return nullptr;
    return std::unique_ptr<RiveVulkanTarget>(new RiveVulkanTarget(std::move(state)));
}

RiveVulkanTarget::RiveVulkanTarget(std::unique_ptr<State> state) : m_state(std::move(state)) {}
RiveVulkanTarget::~RiveVulkanTarget() = default;

bool RiveVulkanTarget::resize(int width, int height, std::string* error)
{
    State& s = *m_state;
    if (width == s.width && height == s.height)
        return true;
    if (width < 1 || height < 1 || width > 8192 || height > 8192)
    {
        *error = "bad target size " + std::to_string(width) + "x" + std::to_string(height);
        return false;
    }
    s.vk.DeviceWaitIdle(s.device);
    s.destroyImage();
    s.width = width;
    s.height = height;
    return makeImage(s, error);
}

int RiveVulkanTarget::width() const { return m_state->width; }
int RiveVulkanTarget::height() const { return m_state->height; }
const std::string& RiveVulkanTarget::deviceName() const { return m_state->deviceName; }
rive::Factory* RiveVulkanTarget::factory() const { return m_state->context.get(); }

void RiveVulkanTarget::beginFrame(const rive::AABB& artboardBounds,
                                  FitMode fit,
                                  float alignmentX,
                                  float alignmentY,
                                  uint32_t backgroundARGB)
{
    State& s = *m_state;
    rive::gpu::RenderContext::FrameDescriptor frame;
    frame.renderTargetWidth = uint32_t(s.width);
    frame.renderTargetHeight = uint32_t(s.height);
    frame.loadAction = rive::gpu::LoadAction::clear;
    frame.clearColor = backgroundARGB;
    s.context->beginFrame(frame);
    s.renderer.emplace(s.context.get());
    s.renderer->transform(fitting(artboardBounds, rive::AABB(0, 0, float(s.width), float(s.height)), fit,
                                  alignmentX, alignmentY));
}

rive::Renderer* RiveVulkanTarget::renderer() { return m_state->renderer ? &*m_state->renderer : nullptr; }

bool RiveVulkanTarget::endFrame(std::string* error)
{
    State& s = *m_state;
    s.renderer.reset();
    ++s.frameNumber;
    // Every earlier frame has finished: endFrame waits for each one.
    return submitAndWait(
        s,
        [&] {
            rive::gpu::RenderContext::FlushResources resources;
            resources.renderTarget = s.target.get();
            resources.externalCommandBuffer = s.commands;
            resources.currentFrameNumber = s.frameNumber;
            resources.safeFrameNumber = s.frameNumber - 1;
            s.context->flush(resources);
        },
        error);
}

std::vector<uint8_t> RiveVulkanTarget::straightRGBA(std::string* error)
{
    State& s = *m_state;
    auto& vk = s.vk;
    const rive::gpu::vkutil::ImageAccess last = s.target->targetLastAccess();
    const rive::gpu::vkutil::ImageAccess copying{VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT,
                                                  VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL};
    bool copied = submitAndWait(
        s,
        [&] {
            VkImageMemoryBarrier barrier{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER};
            barrier.srcAccessMask = last.accessMask;
            barrier.dstAccessMask = copying.accessMask;
            barrier.oldLayout = last.layout;
            barrier.newLayout = copying.layout;
            barrier.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
            barrier.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
            barrier.image = s.image;
            barrier.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
            vk.CmdPipelineBarrier(s.commands, last.pipelineStages, copying.pipelineStages, 0, 0, nullptr, 0,
                                  nullptr, 1, &barrier);
            VkBufferImageCopy region{};
            region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
            region.imageExtent = {uint32_t(s.width), uint32_t(s.height), 1};
            vk.CmdCopyImageToBuffer(s.commands, s.image, copying.layout, s.readback, 1, &region);
        },
        error);
    if (!copied)
        return {};
    s.target->updateLastAccess(copying);
    // The renderer writes premultiplied RGBA; un-premultiply with rounding to nearest.
    std::vector<uint8_t> rgba(size_t(s.width) * size_t(s.height) * 4);
    const auto* source = static_cast<const uint8_t*>(s.readbackPointer);
    for (size_t i = 0; i < rgba.size(); i += 4)
    {
        const unsigned alpha = source[i + 3];
        for (size_t channel = 0; channel < 3; ++channel)
            rgba[i + channel] =
                alpha == 0 ? 0 : uint8_t(std::min(255u, (unsigned(source[i + channel]) * 255 + alpha / 2) / alpha));
        rgba[i + 3] = uint8_t(alpha);
    }
    return rgba;
}

} // namespace harness
