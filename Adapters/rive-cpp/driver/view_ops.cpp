// The rive-cpp driver's view operations: display ticks (the Apple view loop over the
// queue), the draw digest, rasterizing and pointer events.
#include "driver.hpp"
#include "fingerprint.hpp"
#include "operations.hpp"

namespace harness
{

Json Driver::viewOp(const std::string& op, const Json& request)
{
    Entry& viewEntry = entry(request, "view", Entry::Kind::view);
    std::shared_ptr<WorkerState> worker = viewEntry.worker;
    ViewState& view = *worker->views.at(viewEntry.view);
    RuntimeSession& session = worker->session;
    if (op == ops::viewTick)
        return tick(*worker, view, readDouble(request, "timestamp"), readBool(request, "isOnscreen"),
                    readBool(request, "isPaused"));
    if (op == ops::viewDrawDigest)
    {
        if (!view.hasDrawn)
            throw RequestError("observation.failed", "the view has not drawn a frame yet; tick it first",
                               "the view has not drawn a frame yet; tick it first");
        return Json{{"commands", view.recorder.canonicalLines()}, {"hash", view.recorder.digestHex()}};
    }
    if (op == ops::viewRasterize)
    {
        if (!view.hasDrawn)
            throw RequestError("observation.failed", "the view has not drawn a frame yet; tick it first",
                               "the view has not drawn a frame yet; tick it first");
        rive::ArtboardInstance* artboard = session.server()->getArtboardInstance(view.artboard);
        if (artboard == nullptr)
            throw RequestError("observation.failed", "the artboard is gone", "the artboard is gone");
        std::vector<uint8_t> rgba = rasterize(view, artboard->bounds());
        return Json{{"width", view.width},
                    {"height", view.height},
                    {"pixels", base64Encode(rgba.data(), rgba.size())}};
    }
    if (op == ops::viewSend)
    {
        std::string kind = readString(request, "kind");
        rive::ArtboardInstance* artboard = session.server()->getArtboardInstance(view.artboard);
        if (artboard == nullptr)
            throw RequestError("observation.failed", "the artboard is gone", "the artboard is gone");
        rive::CommandQueue::PointerEvent event;
        event.fit = rive::Fit::contain;
        event.alignment = rive::Alignment::center;
        event.screenBounds = rive::Vec2D(float(view.width), float(view.height));
        event.position = rive::Vec2D(readFloat(request, "x"), readFloat(request, "y"));
        event.pointerId = static_cast<int>(readInt(request, "pointerID"));
        uint64_t id = session.nextRequest();
        if (kind == "down")
            session.queue()->pointerDown(view.stateMachine, event, id);
        else if (kind == "move")
            session.queue()->pointerMove(view.stateMachine, event, id);
        else if (kind == "up")
            session.queue()->pointerUp(view.stateMachine, event, id);
        else if (kind == "exit")
            session.queue()->pointerExit(view.stateMachine, event, id);
        else
            throw badParams("unknown pointer kind '" + kind + "'");
        await(*worker, id, "observation.failed", "");
        view.woken = true;
        return Json::object();
    }
    throw RequestError("protocol.unknown-op", "unknown op '" + op + "'", op);
}

std::vector<uint8_t> Driver::rasterize(ViewState& view, const rive::AABB& artboardBounds)
{
#if RIVE_HARNESS_RENDERER_VULKAN
    if (m_rasterizer == Rasterizer::riveVulkan)
    {
        std::string error;
        if (!m_riveTarget)
            m_riveTarget = RiveVulkanTarget::make(view.width, view.height, &error);
        if (!m_riveTarget || !m_riveTarget->resize(view.width, view.height, &error))
            throw RequestError("observation.failed", "the Rive Renderer cannot draw: " + error, error);
        m_riveTarget->beginFrame(artboardBounds);
        view.recorder.replay(m_riveTarget->renderer(), m_riveTarget->factory());
        std::vector<uint8_t> rgba;
        if (m_riveTarget->endFrame(&error))
            rgba = m_riveTarget->straightRGBA(&error);
        if (rgba.empty())
            throw RequestError("observation.failed", "the Rive Renderer failed: " + error, error);
        return rgba;
    }
#endif
    if (!view.raster)
        view.raster = std::make_unique<CairoRenderer>(view.width, view.height);
    view.raster->beginFrame(artboardBounds);
    view.recorder.replay(view.raster.get());
    return view.raster->straightRGBA();
}

Json Driver::tick(WorkerState& worker, ViewState& view, double timestamp, bool isOnscreen, bool isPaused)
{
    RuntimeSession& session = worker.session;
    pump(worker);
    rive::StateMachineInstance* machine =
        view.animation ? nullptr : session.server()->getStateMachineInstance(view.stateMachine);
    auto report = [](bool advanced, Json seconds, bool drew, bool settled) {
        return Json{{"advanced", advanced}, {"advanceSeconds", seconds}, {"drew", drew}, {"settled", settled}};
    };
    if (machine == nullptr && !view.animation)
        return report(false, nullptr, false, view.settled || view.pendingSettle);
    if (isPaused)
    {
        view.hasLastTimestamp = false;
        if (view.hasDrawn)
            return report(false, nullptr, false, view.settled || view.pendingSettle);
    }
    double seconds = 0;
    if (!isPaused && view.hasLastTimestamp)
        seconds = std::max(0.0, timestamp - view.lastTimestamp);
    view.hasLastTimestamp = !isPaused;
    view.lastTimestamp = timestamp;
    uint64_t fingerprint = machine != nullptr ? contextFingerprint(machine) : 0;
    if (view.woken || fingerprint != view.seenFingerprint)
    {
        view.settled = false;
        view.pendingSettle = false;
    }
    else if (view.pendingSettle)
    {
        view.settled = true;
        view.pendingSettle = false;
        view.hasLastTimestamp = false;
    }
    view.woken = false;
    bool advanced = false;
    if (view.animation && (!view.hasDrawn || !view.settled))
    {
        // An animation scene settles once it stops (a one-shot that ended), as the
        // server reports a machine settled when its advanceAndApply returns false.
        advanced = true;
        if (!view.animation->advanceAndApply(static_cast<float>(seconds)))
            view.pendingSettle = true;
    }
    else if (!view.hasDrawn || !view.settled)
    {
        uint64_t id = session.nextRequest();
        session.queue()->advanceStateMachine(view.stateMachine, static_cast<float>(seconds), id);
        pump(worker);
        Reply reply = session.take(id);
        advanced = true;
        view.seenFingerprint = machine != nullptr ? contextFingerprint(machine) : 0;
        if (reply.settled)
            view.pendingSettle = true;
    }
    bool becameOnscreen = isOnscreen && !view.wasOnscreen;
    view.wasOnscreen = isOnscreen;
    bool shouldDraw = advanced ? (isOnscreen || !view.hasDrawn) : (!view.hasDrawn || becameOnscreen);
    if (shouldDraw)
    {
        rive::ArtboardInstance* artboard = session.server()->getArtboardInstance(view.artboard);
        view.recorder.reset();
        if (artboard != nullptr)
            artboard->draw(&view.recorder);
        view.hasDrawn = true;
    }
    return report(advanced, advanced ? doubleJson(seconds) : Json(nullptr), shouldDraw,
                  view.settled || view.pendingSettle);
}

} // namespace harness
