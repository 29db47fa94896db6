// rive-cpp-driver: the Rive C++ runtime behind RiveHarness's adapter protocol
// (docs/adapter-protocol.md). Requests arrive as JSON lines on stdin, answers and events
// leave as JSON lines on stdout; diagnostics (and the runtime's own error prints) go to
// stderr. Each worker is a rive::CommandQueue with its rive::CommandServer on this thread;
// what the queue lacks (state-machine inputs, drawing) uses the object API on the server's
// objects. docs/rive-cpp-adapter.md maps every operation.
// This file holds the request loop, the handshake, the handle table, pumping the queues and
// streams; the operations of each object kind are in their own *_ops.cpp (driver.hpp).
#include "build_info.hpp"
#include "driver.hpp"
#include "operations.hpp"

#include <iostream>
#include <sstream>

namespace harness
{
namespace
{

const char* const kAdapterVersion = "0.1.0";
/// The protocol's line limit (docs/adapter-protocol.md §1).
const size_t kMaxLineBytes = 16 * 1024 * 1024;

/// The capabilities this driver implements (docs/rive-cpp-adapter.md).
const char* const kCapabilities[] = {"introspection",
                                     "values",
                                     "streams",
                                     "globals",
                                     "lists",
                                     "nestedInstances",
                                     "assets",
                                     "binding",
                                     "pointerEvents",
                                     "pixels",
                                     "drawDigest",
                                     "redrawReports",
                                     "frameReports",
                                     "log",
                                     "inputs",
                                     "artboardMetrics",
                                     "animationPlayback",
                                     // The engine draws Image objects (the recorder skips the
                                     // image command itself, not what surrounds it).
                                     "images",
#ifdef WITH_RIVE_TEXT
                                     "textShaping",
#endif
#ifdef WITH_RIVE_LAYOUT
                                     "layout",
#endif
#ifdef WITH_RIVE_SCRIPTING
                                     "scripting",
#endif
#ifdef WITH_RIVE_AUDIO
                                     "audio",
#endif
};
} // namespace

int Driver::serve()
{
    std::string line;
    while (std::getline(std::cin, line))
    {
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        if (line.empty())
            continue;
        if (line.size() > kMaxLineBytes)
        {
            std::cerr << "rive-cpp-driver: a request line longer than " << kMaxLineBytes << " bytes\n";
            return 1;
        }
        Json request = Json::parse(line, nullptr, false);
        if (request.is_discarded() || !request.is_object() || !request.contains("id") ||
            !request["id"].is_number_integer() || !request.contains("op") || !request["op"].is_string())
        {
            std::cerr << "rive-cpp-driver: unreadable request line: " << line.substr(0, 200) << "\n";
            return 1;
        }
        int64_t id = request["id"].get<int64_t>();
        std::string op = request["op"].get<std::string>();
        Json answer{{"id", id}};
        try
        {
            if (!m_handshaken && op != ops::handshake)
                throw badParams("the first request must be the handshake");
            answer["result"] = handle(op, request);
            if (op == ops::handshake)
                m_handshaken = true;
        }
        catch (const RequestError& error)
        {
            Json body{{"code", error.code}, {"message", error.what()}};
            if (error.hasDetail)
                body["detail"] = error.detail;
            answer["error"] = body;
        }
        catch (const nlohmann::json::exception& error)
        {
            answer["error"] = Json{{"code", "protocol.bad-params"},
                                   {"message", error.what()},
                                   {"detail", error.what()}};
        }
        catch (const std::exception& error)
        {
            answer["error"] = Json{{"code", "protocol.internal"},
                                   {"message", error.what()},
                                   {"detail", error.what()}};
        }
        writeLine(answer);
        if (m_shutdown)
            return 0;
    }
    return 0;
}

void Driver::onSubscriptionData(uint64_t request, const rive::CommandQueue::ViewModelInstanceData& data)
{
    auto found = m_subscriptionStreams.find(request);
    if (found == m_subscriptionStreams.end())
        return;
    StreamState& stream = *m_streams.at(found->second);
    if (stream.ended)
        return;
    Json event{{"event", "stream"}, {"stream", found->second}};
    switch (stream.type)
    {
        case rive::DataType::number:
            event["value"] = floatJson(data.numberValue);
            break;
        case rive::DataType::boolean:
            event["value"] = data.boolValue;
            break;
        case rive::DataType::color:
            event["value"] = static_cast<uint32_t>(data.colorValue);
            break;
        case rive::DataType::string:
        case rive::DataType::enumType:
            event["value"] = data.stringValue;
            break;
        default:
            break;
    }
    writeLine(event);
}

void Driver::onSubscriptionError(uint64_t request, const std::string& message)
{
    auto found = m_subscriptionStreams.find(request);
    if (found == m_subscriptionStreams.end())
        return;
    StreamState& stream = *m_streams.at(found->second);
    if (stream.ended)
        return;
    stream.ended = true;
    writeLine(Json{{"event", "streamEnd"},
                   {"stream", found->second},
                   {"error", Json{{"code", "view-model-instance.message"}, {"message", message}, {"detail", message}}}});
}

void Driver::onSettled(rive::StateMachineHandle handle)
{
    for (auto& [id, stream] : m_streams)
    {
        if (stream->kind == StreamState::Kind::settled && !stream->ended && stream->stateMachine == handle &&
            &stream->worker->session == m_pumping)
            writeLine(Json{{"event", "stream"}, {"stream", id}});
    }
}

Json Driver::handle(const std::string& op, const Json& request)
{
    if (op == ops::handshake)
        return handshake(request);
    if (op == ops::ping)
        return Json::object();
    if (op == ops::shutdown)
    {
        m_shutdown = true;
        return Json::object();
    }
    if (op == ops::release)
        return release(request);
    if (op == ops::adapterMakeWorker)
    {
        int64_t handle = newHandle(request, "handle");
        Entry entry{Entry::Kind::worker};
        entry.worker = std::make_shared<WorkerState>(this);
        m_entries[handle] = entry;
        return Json::object();
    }
    if (op.rfind("worker.", 0) == 0)
        return workerOp(op, request);
    if (op.rfind("file.", 0) == 0)
        return fileOp(op, request);
    if (op.rfind("artboard.", 0) == 0)
        return artboardOp(op, request);
    if (op.rfind("stateMachine.", 0) == 0)
        return stateMachineOp(op, request);
    if (op.rfind("instance.", 0) == 0)
        return instanceOp(op, request);
    if (op.rfind("view.", 0) == 0)
        return viewOp(op, request);
    if (op == ops::streamCancel)
        return cancelStream(request);
    throw RequestError("protocol.unknown-op", "unknown op '" + op + "'", op);
}

Json Driver::handshake(const Json& request)
{
    if (readInt(request, "protocolVersion") != 1)
        throw RequestError("protocol.unsupported-version", "this driver speaks protocol version 1", "1");
    Json capabilities = Json::array();
    for (const char* name : kCapabilities)
        capabilities.push_back(name);
    std::string commit = RIVE_HARNESS_RUNTIME_COMMIT;
    // The short commit, then +feature for each feature compiled in, then the substitutes.
    std::string version = commit.empty() ? "unknown" : commit.substr(0, 12);
    std::string features = RIVE_HARNESS_ENGINE_FEATURES;
    if (features != "none")
    {
        std::istringstream words(features);
        std::string feature;
        while (words >> feature)
            version += "+" + feature;
    }
    version += RIVE_HARNESS_SANITIZERS;
    // Pixels drawn by the Rive Renderer are a different observation from cairo's.
    if (m_rasterizer == Rasterizer::riveVulkan)
        version += " (pixels: Rive Renderer over Vulkan)";
    std::string substitutes = RIVE_HARNESS_ENGINE_SUBSTITUTES;
    if (!substitutes.empty())
        version += " (substitutes: " + substitutes + ")";
    return Json{{"protocolVersion", 1},
                {"adapterName", "rive-cpp"},
                {"adapterVersion", kAdapterVersion},
                {"runtimeName", "rive-runtime"},
                {"runtimeVersion", version},
                {"runtimeCommit", commit.empty() ? Json(nullptr) : Json(commit)},
                {"capabilities", capabilities}};
}

int64_t Driver::newHandle(const Json& request, const char* key)
{
    int64_t handle = readInt(request, key);
    if (handle <= 0)
        throw badParams(std::string("'") + key + "' must be a positive handle");
    if (m_entries.count(handle) != 0 || m_streams.count(handle) != 0 || m_usedHandles.count(handle) != 0)
        throw RequestError("protocol.handle-in-use", "handle " + std::to_string(handle) + " is in use",
                           std::to_string(handle));
    m_usedHandles.insert(handle);
    return handle;
}

Entry& Driver::entry(const Json& request, const char* key, Entry::Kind kind)
{
    int64_t handle = readInt(request, key);
    auto found = m_entries.find(handle);
    if (found == m_entries.end() || found->second.kind != kind)
        throw RequestError("protocol.unknown-handle",
                           "no object of the right kind for handle " + std::to_string(handle),
                           std::to_string(handle));
    return found->second;
}

Json Driver::release(const Json& request)
{
    int64_t handle = readInt(request, "handle");
    auto stream = m_streams.find(handle);
    if (stream != m_streams.end())
    {
        endSubscription(*stream->second);
        m_subscriptionStreams.erase(stream->second->subscriptionRequest);
        m_streams.erase(stream);
        return Json::object();
    }
    auto found = m_entries.find(handle);
    if (found == m_entries.end())
        return Json::object();
    Entry& released = found->second;
    // A released instance handle is deleted on the server, as the Apple runtime's
    // ViewModelInstance deinit does; what binds it keeps its own reference. Other
    // objects stay on the server until their worker's last object is released.
    if (released.kind == Entry::Kind::instance)
        released.worker->session.queue()->deleteViewModelInstance(
            rive::ViewModelInstanceHandle(released.runtimeHandle));
    if (released.kind == Entry::Kind::view)
        released.worker->views.erase(released.view);
    std::shared_ptr<WorkerState> worker = released.worker;
    m_entries.erase(found);
    pump(*worker);
    return Json::object();
}

void Driver::pump(WorkerState& worker)
{
    RuntimeSession* previous = m_pumping;
    m_pumping = &worker.session;
    worker.session.pump();
    m_pumping = previous;
}

Reply Driver::await(WorkerState& worker, uint64_t request, const std::string& code, const std::string& detail)
{
    pump(worker);
    Reply reply = worker.session.take(request);
    if (reply.error)
        throw RequestError(code, *reply.error, detail.empty() ? *reply.error : detail);
    return reply;
}

void Driver::queued(WorkerState& worker, uint64_t request)
{
    worker.session.markLogged(request);
    pump(worker);
    worker.session.take(request);
}

void Driver::endSubscription(StreamState& stream)
{
    if (stream.ended)
        return;
    stream.ended = true;
    if (stream.kind == StreamState::Kind::settled)
        return;
    RuntimeSession& session = stream.worker->session;
    session.queue()->unsubscribeToViewModelProperty(stream.instance, stream.path, stream.type,
                                                    session.nextRequest());
    session.unmarkSubscription(stream.subscriptionRequest);
}

Json Driver::cancelStream(const Json& request)
{
    int64_t handle = readInt(request, "stream");
    auto found = m_streams.find(handle);
    if (found == m_streams.end())
        throw RequestError("protocol.unknown-handle", "no stream " + std::to_string(handle),
                           std::to_string(handle));
    endSubscription(*found->second);
    pump(*found->second->worker);
    return Json::object();
}

} // namespace harness
