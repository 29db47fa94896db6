// The rive-cpp driver's request handler: one class that owns the handle table and answers
// every operation of the adapter protocol (docs/adapter-protocol.md) over the workers'
// command queues. Its members are defined by concern: driver.cpp (the request loop,
// handshake, handles, queue pumping, streams), worker_ops.cpp, file_ops.cpp,
// artboard_ops.cpp, state_machine_ops.cpp, instance_ops.cpp and view_ops.cpp, which share
// the runtime headers included here.
#pragma once

#include "driver_objects.hpp"
#include "protocol_io.hpp"
#include "runtime_session.hpp"
#if RIVE_HARNESS_RENDERER_VULKAN
#include "rive_vulkan_target.hpp"
#endif

#include "rive/animation/linear_animation_instance.hpp"
#include "rive/animation/state_machine_bool.hpp"
#include "rive/animation/state_machine_instance.hpp"
#include "rive/animation/state_machine_number.hpp"
#include "rive/animation/state_machine_trigger.hpp"
#include "rive/artboard.hpp"
#include "rive/data_bind/data_context.hpp"
#include "rive/file.hpp"
#include "rive/viewmodel/runtime/viewmodel_instance_runtime.hpp"
#include "rive/viewmodel/viewmodel_instance.hpp"
#include "rive/viewmodel/viewmodel_instance_artboard.hpp"
#include "rive/viewmodel/viewmodel_instance_asset.hpp"
#include "runtime_features.hpp"
#if RIVE_HARNESS_HAS_VIEW_MODEL_BLOBS
#include "rive/viewmodel/viewmodel_instance_asset_blob.hpp"
#endif
#include "rive/viewmodel/viewmodel_instance_asset_image.hpp"
#include "rive/viewmodel/viewmodel_instance_boolean.hpp"
#include "rive/viewmodel/viewmodel_instance_color.hpp"
#include "rive/viewmodel/viewmodel_instance_enum.hpp"
#include "rive/viewmodel/viewmodel_instance_list.hpp"
#include "rive/viewmodel/viewmodel_instance_list_item.hpp"
#include "rive/viewmodel/viewmodel_instance_number.hpp"
#include "rive/viewmodel/viewmodel_instance_string.hpp"
#include "rive/viewmodel/viewmodel_instance_trigger.hpp"
#include "rive/viewmodel/viewmodel_instance_viewmodel.hpp"

#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace harness
{

/// What `view.rasterize` draws the recorded frame with.
enum class Rasterizer
{
    /// Our cairo renderer (common/cairo_renderer.hpp).
    cairo,
    /// Upstream's Rive Renderer over Vulkan (vulkan/rive_vulkan_target.hpp); only in a driver
    /// built with `scripts/build-rive-cpp --renderer vulkan`.
    riveVulkan
};

/// Serves the adapter protocol on stdin and stdout: reads requests, dispatches them by
/// operation name to the handler of their object kind, and writes answers and events.
class Driver : public StreamSink
{
public:
    explicit Driver(Rasterizer rasterizer) : m_rasterizer(rasterizer) {}
    /// Serves requests until shutdown or end of input; returns the exit status.
    int serve();

    // StreamSink: the workers' subscription and settled messages, written as stream events.
    /// Writes a value or trigger stream's event for a subscription's new value.
    void onSubscriptionData(uint64_t request, const rive::CommandQueue::ViewModelInstanceData& data) override;
    /// Ends a subscription's stream with the server's error.
    void onSubscriptionError(uint64_t request, const std::string& message) override;
    /// Writes an event on every open settled stream of a state machine that settled.
    void onSettled(rive::StateMachineHandle handle) override;

private:
    /// Answers one request by its operation name; throws `RequestError`.
    Json handle(const std::string& op, const Json& request);
    /// Checks the protocol version and answers with the adapter's name, version and capabilities.
    Json handshake(const Json& request);

    // Handles (driver.cpp)
    /// Reads a new handle the client chose for the object a request creates; rejects reuse.
    int64_t newHandle(const Json& request, const char* key);
    /// The entry a request names under `key`, checked to be of `kind`.
    Entry& entry(const Json& request, const char* key, Entry::Kind kind);
    /// Releases a handle and the runtime object behind it.
    Json release(const Json& request);

    // Running the queue (driver.cpp)
    /// Runs the worker's server over everything queued and delivers the queue's messages.
    void pump(WorkerState& worker);
    /// Pumps and returns the answer to a request; throws `code` with the server's message on error.
    Reply await(WorkerState& worker, uint64_t request, const std::string& code, const std::string& detail);
    /// Pumps after a queued mutator; its errors went to the log.
    void queued(WorkerState& worker, uint64_t request);

    // Worker (worker_ops.cpp)
    /// The bytes a request carries inline (base64) or, where allowed, names by file path.
    std::vector<uint8_t> payload(const Json& request, bool allowPath, bool* fromPath, std::string* pathOut);
    /// The `worker.*` operations: loading files, decoding assets, flushing, the log, views.
    Json workerOp(const std::string& op, const Json& request);

    // File (file_ops.cpp)
    /// The `file.*` operations: introspection and creation of artboards and instances.
    Json fileOp(const std::string& op, const Json& request);

    // Artboard (artboard_ops.cpp)
    /// The `artboard.*` operations: names, size, state machines and animation scenes.
    Json artboardOp(const std::string& op, const Json& request);

    // State machine (state_machine_ops.cpp)
    /// Marks the views of a state machine as woken (a pointer event or an input asked for an advance).
    void wakeViews(WorkerState& worker, rive::StateMachineHandle stateMachine);
    /// The `stateMachine.*` operations: advancing, binding, inputs, pointer events, settled streams.
    Json stateMachineOp(const std::string& op, const Json& request);
    /// Binds a main instance and global instances by name, validating every name first.
    Json bindViewModelInstances(WorkerState& worker, Entry& smEntry, const Json& request, uint64_t id);

    // View-model instance (instance_ops.cpp)
    /// A property value the queue reported, as the protocol's JSON value of its type.
    static Json valueJson(rive::DataType type, const rive::CommandQueue::ViewModelInstanceData& data);
    /// The `instance.*` operations: names, values, streams, triggers, nested instances and lists.
    Json instanceOp(const std::string& op, const Json& request);
    /// Sets one property value (failures go to the log, as the API never throws on set).
    Json setValue(WorkerState& worker, rive::ViewModelInstanceHandle instance, const Json& request, uint64_t id);

    // Streams (driver.cpp)
    /// Stops a stream's subscription and marks it ended.
    void endSubscription(StreamState& stream);
    /// The `stream.cancel` operation.
    Json cancelStream(const Json& request);

    // View (view_ops.cpp)
    /// The `view.*` operations: ticks, the draw digest, rasterizing and pointer events.
    Json viewOp(const std::string& op, const Json& request);
    /// One display tick: the Apple view loop as the reference view models it, with the
    /// runtime's own StateMachineInstance::needsAdvance() as the wake-up signal.
    Json tick(WorkerState& worker, ViewState& view, double timestamp, bool isOnscreen, bool isPaused);
    /// The recorded frame of a view as straight-alpha RGBA bytes, drawn by the rasterizer.
    std::vector<uint8_t> rasterize(ViewState& view, const rive::AABB& artboardBounds);

    /// What view.rasterize draws with.
    Rasterizer m_rasterizer;
#if RIVE_HARNESS_RENDERER_VULKAN
    /// The Rive Renderer's device and target, made at the first rasterize and resized per view.
    std::unique_ptr<RiveVulkanTarget> m_riveTarget;
#endif

    /// The handle table: every object the client holds, by its handle.
    std::map<int64_t, Entry> m_entries;
    /// The open streams, by stream handle.
    std::map<int64_t, std::unique_ptr<StreamState>> m_streams;
    /// Each subscription's stream, by the subscription's request id on its queue.
    std::map<uint64_t, int64_t> m_subscriptionStreams;
    /// Every handle ever used, so a released handle is not reused.
    std::set<int64_t> m_usedHandles;
    /// The session being pumped, so settled events go only to its streams.
    RuntimeSession* m_pumping = nullptr;
    /// The last view id given out.
    int64_t m_lastView = 0;
    bool m_shutdown = false;
    bool m_handshaken = false;
};

} // namespace harness
