// A headless target for the Rive Renderer (upstream's renderer/, Vulkan backend): one
// Vulkan device, one offscreen RGBA8 image, no window. Written for RiveHarness; no upstream
// code is copied here. Built only by `scripts/build-rive-cpp --renderer vulkan`
// (RIVE_HARNESS_RENDERER_VULKAN).
//
// The Vulkan loader is opened at run time (libvulkan.so.1), so a program built with this
// file still starts on a machine without Vulkan; make() then fails with a message.
//
// Use:
//   std::string error;
//   auto target = harness::RiveVulkanTarget::make(256, 256, &error);   // nullptr + error
//   auto file = rive::File::import(bytes, target->factory());          // the renderer's factory
//   target->beginFrame(artboard->bounds());        // clear, contain + centred, as CairoRenderer
//   artboard->draw(target->renderer());
//   target->endFrame();                            // flush, submit, wait for the device
//   std::vector<uint8_t> rgba = target->straightRGBA();
#pragma once

#include "cairo_renderer.hpp"

#include "rive/factory.hpp"
#include "rive/math/aabb.hpp"
#include "rive/renderer.hpp"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace harness
{

/// The Rive Renderer drawing into an offscreen image of a Vulkan device.
class RiveVulkanTarget
{
public:
    /// Opens the Vulkan loader, picks a device (a GPU before a CPU device such as lavapipe),
    /// and makes the renderer's context and a `width`×`height` target. Returns nullptr with
    /// `*error` set when any step fails.
    static std::unique_ptr<RiveVulkanTarget> make(int width, int height, std::string* error);
    ~RiveVulkanTarget();
    RiveVulkanTarget(const RiveVulkanTarget&) = delete;
    RiveVulkanTarget& operator=(const RiveVulkanTarget&) = delete;

    /// Makes the target `width`×`height` (a new image when the size changes; the device,
    /// the renderer's context and the files imported with its factory stay). Returns false
    /// with `*error` set when the new image cannot be made.
    bool resize(int width, int height, std::string* error);
    int width() const;
    int height() const;
    /// The device's name and type, e.g. "llvmpipe (LLVM 15.0.6, 256 bits) (cpu)".
    const std::string& deviceName() const;
    /// The renderer's factory: files drawn through renderer() must be imported with it.
    rive::Factory* factory() const;

    /// Starts a frame cleared to `backgroundARGB`, with `artboardBounds` mapped into the image.
    void beginFrame(const rive::AABB& artboardBounds,
                    FitMode fit = FitMode::contain,
                    float alignmentX = 0,
                    float alignmentY = 0,
                    uint32_t backgroundARGB = 0);
    /// The renderer of the current frame (valid between beginFrame and endFrame).
    rive::Renderer* renderer();
    /// Flushes the frame into a command buffer, submits it and waits until the device is done.
    /// Returns false with `*error` set when submitting or waiting fails.
    bool endFrame(std::string* error);
    /// The last finished frame as straight-alpha R, G, B, A bytes, rows from the top left
    /// (empty with `*error` set when the copy fails).
    std::vector<uint8_t> straightRGBA(std::string* error);

    struct State;

private:
    explicit RiveVulkanTarget(std::unique_ptr<State> state);
    std::unique_ptr<State> m_state;
};

} // namespace harness
