// The objects the rive-cpp driver's handle table holds: workers (a command queue and its
// server), the queue's files, artboards, state machines and instances, views (the Apple view
// loop over the queue) and streams.
#pragma once

#include "cairo_renderer.hpp"
#include "recording_renderer.hpp"
#include "runtime_session.hpp"

#include "rive/animation/linear_animation_instance.hpp"

#include <cstdint>
#include <map>
#include <memory>
#include <string>

namespace harness
{

struct WorkerState;

/// An object of the handle table.
struct Entry
{
    enum class Kind
    {
        worker,
        file,
        artboard,
        stateMachine,
        instance,
        view,
        image,
        blob,
        font
    };
    Kind kind;
    std::shared_ptr<WorkerState> worker;
    uint64_t runtimeHandle = 0; // the queue's handle of the object
    rive::FileHandle file = RIVE_NULL_HANDLE;
    rive::ArtboardHandle artboard = RIVE_NULL_HANDLE;
    int64_t view = 0; // views: own id into WorkerState::views
    // State machines made by artboard.createAnimationScene: the linear animation they play
    // (the queue has no animations; the driver owns the instance).
    std::shared_ptr<rive::LinearAnimationInstance> animation;
};

/// A view: the Apple view loop modelled over the queue (docs/rive-cpp-adapter.md).
struct ViewState
{
    rive::ArtboardHandle artboard;
    rive::StateMachineHandle stateMachine;
    // Set instead of a queue state machine when the view plays an animation scene.
    std::shared_ptr<rive::LinearAnimationInstance> animation;
    int width, height;
    RecordingRenderer recorder;
    std::unique_ptr<CairoRenderer> raster;
    bool settled = false;
    bool pendingSettle = false;
    bool hasDrawn = false;
    bool wasOnscreen = false;
    bool woken = false;
    uint64_t seenFingerprint = 0;
    bool hasLastTimestamp = false;
    double lastTimestamp = 0;
};

/// One stream: a value, trigger or settled subscription.
struct StreamState
{
    enum class Kind
    {
        value,
        trigger,
        settled
    };
    Kind kind;
    std::shared_ptr<WorkerState> worker;
    rive::DataType type = rive::DataType::none;
    uint64_t subscriptionRequest = 0;
    rive::ViewModelInstanceHandle instance = RIVE_NULL_HANDLE;
    std::string path;
    rive::StateMachineHandle stateMachine = RIVE_NULL_HANDLE;
    bool ended = false;
};

/// A worker: its queue and server, and the views made on it, by view id.
struct WorkerState
{
    explicit WorkerState(StreamSink* sink) : session(sink) {}
    RuntimeSession session;
    std::map<int64_t, std::unique_ptr<ViewState>> views;
};

} // namespace harness
