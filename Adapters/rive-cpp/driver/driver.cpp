// rive-cpp-driver: the Rive C++ runtime behind RiveHarness's adapter protocol
// (docs/adapter-protocol.md). Requests arrive as JSON lines on stdin, answers and events
// leave as JSON lines on stdout; diagnostics (and the runtime's own error prints) go to
// stderr. Each worker is a rive::CommandQueue with its rive::CommandServer on this thread;
// what the queue lacks (state-machine inputs, drawing) uses the object API on the server's
// objects. docs/rive-cpp-adapter.md maps every operation.
#include "cairo_renderer.hpp"
#include "protocol_io.hpp"
#include "recording_renderer.hpp"
#include "runtime_session.hpp"

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

#include <cmath>
#include <cstdio>
#include <csignal>
#include <cstring>
#include <cxxabi.h>
#include <dlfcn.h>
#include <execinfo.h>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <sstream>

#ifndef RIVE_HARNESS_RUNTIME_COMMIT
#define RIVE_HARNESS_RUNTIME_COMMIT ""
#endif
// The engine features compiled in ("text layout scripting audio", or "none") and the public
// sources that stood in for pinned forks ("harfbuzz=harfbuzz/harfbuzz@13.1.1,..."), from
// scripts/build-rive-cpp.
#ifndef RIVE_HARNESS_ENGINE_FEATURES
#define RIVE_HARNESS_ENGINE_FEATURES "none"
#endif
#ifndef RIVE_HARNESS_ENGINE_SUBSTITUTES
#define RIVE_HARNESS_ENGINE_SUBSTITUTES ""
#endif
// The sanitizers the build instruments with ("+asan+ubsan", or empty).
#ifndef RIVE_HARNESS_SANITIZERS
#define RIVE_HARNESS_SANITIZERS ""
#endif

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

class Driver;

struct WorkerState
{
    explicit WorkerState(StreamSink* sink) : session(sink) {}
    RuntimeSession session;
    std::map<int64_t, std::unique_ptr<ViewState>> views;
};

void writeLine(const Json& message)
{
    std::string text = message.dump(-1, ' ', false, Json::error_handler_t::replace);
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
}

rive::DataType dataTypeNamed(const std::string& name)
{
    static const std::map<std::string, rive::DataType> types = {
        {"string", rive::DataType::string},     {"number", rive::DataType::number},
        {"boolean", rive::DataType::boolean},   {"color", rive::DataType::color},
        {"list", rive::DataType::list},         {"enum", rive::DataType::enumType},
        {"trigger", rive::DataType::trigger},   {"viewModel", rive::DataType::viewModel},
        {"integer", rive::DataType::integer},   {"listIndex", rive::DataType::symbolListIndex},
        {"image", rive::DataType::assetImage},  {"artboard", rive::DataType::artboard},
        {"font", rive::DataType::assetFont},
#if RIVE_HARNESS_HAS_VIEW_MODEL_BLOBS
        {"blob", rive::DataType::assetBlob},
#endif
        {"input", rive::DataType::input},       {"any", rive::DataType::any},
        {"none", rive::DataType::none}};
#if !RIVE_HARNESS_HAS_VIEW_MODEL_BLOBS
    if (name == "blob")
        throw badParams("property type 'blob' does not exist in this runtime commit (no view-model blobs)");
#endif
    auto found = types.find(name);
    if (found == types.end())
        throw badParams("unknown property type '" + name + "'");
    return found->second;
}

std::string dataTypeName(rive::DataType type)
{
    switch (type)
    {
        case rive::DataType::none:
            return "none";
        case rive::DataType::string:
            return "string";
        case rive::DataType::number:
            return "number";
        case rive::DataType::boolean:
            return "boolean";
        case rive::DataType::color:
            return "color";
        case rive::DataType::list:
            return "list";
        case rive::DataType::enumType:
            return "enum";
        case rive::DataType::trigger:
            return "trigger";
        case rive::DataType::viewModel:
            return "viewModel";
        case rive::DataType::integer:
            return "integer";
        case rive::DataType::symbolListIndex:
            return "listIndex";
        case rive::DataType::assetImage:
            return "image";
        case rive::DataType::artboard:
            return "artboard";
        case rive::DataType::assetFont:
            return "font";
#if RIVE_HARNESS_HAS_VIEW_MODEL_BLOBS
        case rive::DataType::assetBlob:
            return "blob";
#endif
        case rive::DataType::input:
            return "input";
        case rive::DataType::any:
            return "any";
    }
    return "none";
}

Json namesResult(const std::vector<std::string>& names)
{
    return Json{{"names", names}};
}

/// FNV-1a 64 over the values reachable from view-model instances.
struct Fingerprint
{
    uint64_t hash = 0xcbf29ce484222325ULL;
    void add(const void* bytes, size_t count)
    {
        const unsigned char* p = static_cast<const unsigned char*>(bytes);
        for (size_t i = 0; i < count; ++i)
        {
            hash ^= p[i];
            hash *= 0x100000001b3ULL;
        }
    }
    template <typename T> void add(const T& value) { add(&value, sizeof value); }
};

/// Adds every value reachable from an instance: scalars, nested instances (by identity and
/// contents) and list items; `visited` stops cycles.
void fingerprintInstance(rive::ViewModelInstance* instance, Fingerprint& out, std::set<const void*>& visited)
{
    out.add(static_cast<const void*>(instance));
    if (instance == nullptr || !visited.insert(instance).second)
        return;
    for (const auto& held : instance->propertyValues())
    {
        rive::ViewModelInstanceValue* value = held.get();
        out.add(value->coreType());
        if (value->is<rive::ViewModelInstanceNumber>())
            out.add(value->as<rive::ViewModelInstanceNumber>()->propertyValue());
        else if (value->is<rive::ViewModelInstanceString>())
        {
            const std::string& text = value->as<rive::ViewModelInstanceString>()->propertyValue();
            out.add(text.size());
            out.add(text.data(), text.size());
        }
        else if (value->is<rive::ViewModelInstanceBoolean>())
            out.add(value->as<rive::ViewModelInstanceBoolean>()->propertyValue());
        else if (value->is<rive::ViewModelInstanceColor>())
            out.add(value->as<rive::ViewModelInstanceColor>()->propertyValue());
        else if (value->is<rive::ViewModelInstanceEnum>())
            out.add(value->as<rive::ViewModelInstanceEnum>()->propertyValue());
        else if (value->is<rive::ViewModelInstanceTrigger>())
            out.add(value->as<rive::ViewModelInstanceTrigger>()->propertyValue());
        else if (value->is<rive::ViewModelInstanceArtboard>())
        {
            auto artboard = value->as<rive::ViewModelInstanceArtboard>();
            out.add(artboard->propertyValue());
            out.add(static_cast<const void*>(artboard->asset().get()));
        }
        else if (value->is<rive::ViewModelInstanceAssetImage>())
        {
            auto image = value->as<rive::ViewModelInstanceAssetImage>();
            out.add(image->propertyValue());
            auto asset = image->asset();
            out.add(static_cast<const void*>(asset ? asset->renderImage() : nullptr));
        }
#if RIVE_HARNESS_HAS_VIEW_MODEL_BLOBS
        else if (value->is<rive::ViewModelInstanceAssetBlob>())
        {
            auto blob = value->as<rive::ViewModelInstanceAssetBlob>();
            out.add(blob->propertyValue());
            out.add(static_cast<const void*>(blob->asset().get()));
        }
#endif
        else if (value->is<rive::ViewModelInstanceAsset>())
            out.add(value->as<rive::ViewModelInstanceAsset>()->propertyValue());
        else if (value->is<rive::ViewModelInstanceViewModel>())
            fingerprintInstance(value->as<rive::ViewModelInstanceViewModel>()->referenceViewModelInstance().get(),
                                out, visited);
        else if (value->is<rive::ViewModelInstanceList>())
        {
            auto items = value->as<rive::ViewModelInstanceList>()->listItems();
            out.add(items.size());
            for (const auto& item : items)
                fingerprintInstance(item->viewModelInstance().get(), out, visited);
        }
    }
}

/// The fingerprint of everything a state machine's data context reaches (main and globals).
uint64_t contextFingerprint(rive::StateMachineInstance* machine)
{
    Fingerprint out;
    std::set<const void*> visited;
    if (auto context = machine->dataContext())
        for (const auto& instance : context->viewModelInstances())
            fingerprintInstance(instance.get(), out, visited);
    return out.hash;
}

class Driver : public StreamSink
{
public:
    /// Serves requests until shutdown or end of input; returns the exit status.
    int serve()
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
                if (!m_handshaken && op != "handshake")
                    throw badParams("the first request must be the handshake");
                answer["result"] = handle(op, request);
                if (op == "handshake")
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

    // StreamSink
    void onSubscriptionData(uint64_t request, const rive::CommandQueue::ViewModelInstanceData& data) override
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

    void onSubscriptionError(uint64_t request, const std::string& message) override
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

    void onSettled(rive::StateMachineHandle handle) override
    {
        for (auto& [id, stream] : m_streams)
        {
            if (stream->kind == StreamState::Kind::settled && !stream->ended && stream->stateMachine == handle &&
                &stream->worker->session == m_pumping)
                writeLine(Json{{"event", "stream"}, {"stream", id}});
        }
    }

private:
    Json handle(const std::string& op, const Json& request)
    {
        if (op == "handshake")
            return handshake(request);
        if (op == "ping")
            return Json::object();
        if (op == "shutdown")
        {
            m_shutdown = true;
            return Json::object();
        }
        if (op == "release")
            return release(request);
        if (op == "adapter.makeWorker")
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
        if (op == "stream.cancel")
            return cancelStream(request);
        throw RequestError("protocol.unknown-op", "unknown op '" + op + "'", op);
    }

    Json handshake(const Json& request)
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

    // MARK: Handles

    int64_t newHandle(const Json& request, const char* key)
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

    Entry& entry(const Json& request, const char* key, Entry::Kind kind)
    {
        int64_t handle = readInt(request, key);
        auto found = m_entries.find(handle);
        if (found == m_entries.end() || found->second.kind != kind)
            throw RequestError("protocol.unknown-handle",
                               "no object of the right kind for handle " + std::to_string(handle),
                               std::to_string(handle));
        return found->second;
    }

    Json release(const Json& request)
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

    // MARK: Running the queue

    void pump(WorkerState& worker)
    {
        RuntimeSession* previous = m_pumping;
        m_pumping = &worker.session;
        worker.session.pump();
        m_pumping = previous;
    }

    /// Pumps and returns the answer to a request; throws `code` with the server's message on error.
    Reply await(WorkerState& worker, uint64_t request, const std::string& code, const std::string& detail)
    {
        pump(worker);
        Reply reply = worker.session.take(request);
        if (reply.error)
            throw RequestError(code, *reply.error, detail.empty() ? *reply.error : detail);
        return reply;
    }

    /// Pumps after a queued mutator; its errors went to the log.
    void queued(WorkerState& worker, uint64_t request)
    {
        worker.session.markLogged(request);
        pump(worker);
        worker.session.take(request);
    }

    // MARK: Worker

    std::vector<uint8_t> payload(const Json& request, bool allowPath, bool* fromPath, std::string* pathOut)
    {
        std::vector<uint8_t> bytes;
        if (request.contains("bytes"))
        {
            if (!base64Decode(readString(request, "bytes"), bytes))
                throw badParams("'bytes' is not base64");
            return bytes;
        }
        std::string path;
        bool sideFile = request.contains("bytesFile");
        if (sideFile)
            path = readString(request, "bytesFile");
        else if (allowPath && request.contains("path"))
            path = readString(request, "path");
        else
            throw badParams("needs 'bytes' or 'bytesFile'");
        if (fromPath)
            *fromPath = !sideFile;
        if (pathOut)
            *pathOut = path;
        std::ifstream in(path, std::ios::binary);
        if (!in)
        {
            if (sideFile)
                throw badParams("cannot read side file " + path);
            throw RequestError("file.missing-file", "file not found: " + path, path);
        }
        bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
        if (sideFile)
            std::remove(path.c_str());
        return bytes;
    }

    Json workerOp(const std::string& op, const Json& request)
    {
        Entry& workerEntry = entry(request, "worker", Entry::Kind::worker);
        std::shared_ptr<WorkerState> worker = workerEntry.worker;
        RuntimeSession& session = worker->session;
        if (op == "worker.loadFile")
        {
            int64_t handle = newHandle(request, "handle");
            bool fromPath = false;
            std::string path;
            std::vector<uint8_t> bytes = payload(request, true, &fromPath, &path);
            if (bytes.empty())
                throw RequestError("file.missing-data", "the source gave no data", fromPath ? path : "0 bytes");
            uint64_t id = session.nextRequest();
            rive::FileHandle file = session.queue()->loadFile(std::move(bytes), nullptr, id);
            await(*worker, id, "file.invalid-file", "");
            Entry created{Entry::Kind::file, worker, uint64_t(file)};
            created.file = file;
            m_entries[handle] = created;
            return Json::object();
        }
        if (op == "worker.decodeImage")
        {
            int64_t handle = newHandle(request, "handle");
            std::vector<uint8_t> bytes = payload(request, false, nullptr, nullptr);
            uint64_t id = session.nextRequest();
            rive::RenderImageHandle image = session.queue()->decodeImage(std::move(bytes), nullptr, id);
            await(*worker, id, "asset.failed-decoding", "");
            rive::RenderImage* decoded = session.server()->getImage(image);
            if (decoded == nullptr)
                throw RequestError("asset.failed-decoding", "the image did not decode", "the image did not decode");
            m_entries[handle] = Entry{Entry::Kind::image, worker, uint64_t(image)};
            return Json{{"width", decoded->width()}, {"height", decoded->height()}};
        }
        if (op == "worker.decodeBlob")
        {
            int64_t handle = newHandle(request, "handle");
            std::vector<uint8_t> bytes = payload(request, false, nullptr, nullptr);
            size_t count = bytes.size();
#if RIVE_HARNESS_HAS_COMMAND_QUEUE_BLOBS
            uint64_t id = session.nextRequest();
            rive::BlobAssetHandle blob = session.queue()->decodeBlob(std::move(bytes), nullptr, id);
            await(*worker, id, "asset.failed-decoding", "");
            m_entries[handle] = Entry{Entry::Kind::blob, worker, uint64_t(blob)};
            return Json{{"byteCount", count}};
#else
            (void)handle;
            throw RequestError("asset.failed-decoding",
                               "blobs do not decode: this runtime commit's command queue has no blob assets",
                               std::to_string(count) + " bytes not decoded: no blob assets in this runtime commit");
#endif
        }
        if (op == "worker.decodeFont")
        {
            int64_t handle = newHandle(request, "handle");
            std::vector<uint8_t> bytes = payload(request, false, nullptr, nullptr);
            uint64_t id = session.nextRequest();
            rive::FontHandle font = session.queue()->decodeFont(std::move(bytes), nullptr, id);
            await(*worker, id, "asset.failed-decoding", "");
            if (session.server()->getFont(font) == nullptr)
                throw RequestError("asset.failed-decoding",
                                   "fonts do not decode: text is compiled out of this build (WITH_RIVE_TEXT)",
                                   "text is compiled out");
            m_entries[handle] = Entry{Entry::Kind::font, worker, uint64_t(font)};
            return Json::object();
        }
        if (op == "worker.flush")
        {
            pump(*worker);
            return Json::object();
        }
        if (op == "worker.takeLog")
        {
            pump(*worker);
            Json entries = Json::array();
            for (const LogEntry& logEntry : session.takeLog())
                entries.push_back(Json{{"level", logEntry.level},
                                       {"tag", logEntry.tag},
                                       {"code", logEntry.code},
                                       {"message", logEntry.message}});
            return Json{{"entries", entries}};
        }
        if (op == "worker.makeView")
        {
            int64_t handle = newHandle(request, "handle");
            Entry& artboard = entry(request, "artboard", Entry::Kind::artboard);
            Entry& stateMachine = entry(request, "stateMachine", Entry::Kind::stateMachine);
            if (artboard.worker != worker || stateMachine.worker != worker)
                throw RequestError("observation.failed", "the artboard and state machine belong to another worker",
                                   "the artboard and state machine belong to another worker");
            int64_t width = readInt(request, "width"), height = readInt(request, "height");
            if (width <= 0 || height <= 0 || width > 8192 || height > 8192)
                throw RequestError("observation.failed", "view size must be 1…8192 pixels per side",
                                   "view size must be 1…8192 pixels per side");
            auto view = std::make_unique<ViewState>();
            view->artboard = rive::ArtboardHandle(artboard.runtimeHandle);
            view->stateMachine = rive::StateMachineHandle(stateMachine.runtimeHandle);
            view->animation = stateMachine.animation;
            view->width = int(width);
            view->height = int(height);
            int64_t viewId = ++m_lastView;
            worker->views[viewId] = std::move(view);
            Entry created{Entry::Kind::view, worker};
            created.view = viewId;
            m_entries[handle] = created;
            return Json::object();
        }
        throw RequestError("protocol.unknown-op", "unknown op '" + op + "'", op);
    }

    // MARK: File

    Json fileOp(const std::string& op, const Json& request)
    {
        Entry& fileEntry = entry(request, "file", Entry::Kind::file);
        std::shared_ptr<WorkerState> worker = fileEntry.worker;
        RuntimeSession& session = worker->session;
        rive::CommandQueue* queue = session.queue();
        rive::FileHandle file = fileEntry.file;
        uint64_t id = session.nextRequest();
        if (op == "file.getArtboardNames")
        {
            queue->requestArtboardNames(file, id);
            return namesResult(await(*worker, id, "file.invalid-file", "").names);
        }
        if (op == "file.getViewModelNames")
        {
            queue->requestViewModelNames(file, id);
            return namesResult(await(*worker, id, "file.invalid-file", "").names);
        }
        if (op == "file.getGlobalViewModelNames")
        {
            queue->requestGlobalViewModelNames(file, id);
            return namesResult(await(*worker, id, "file.invalid-file", "").names);
        }
        if (op == "file.getInstanceNames")
        {
            std::string viewModel = readString(request, "viewModel");
            queue->requestViewModelInstanceNames(file, viewModel, id);
            return namesResult(await(*worker, id, "file.invalid-view-model", viewModel).names);
        }
        if (op == "file.getProperties")
        {
            std::string viewModel = readString(request, "viewModel");
            queue->requestViewModelPropertyDefinitions(file, viewModel, id);
            Reply reply = await(*worker, id, "file.invalid-view-model", viewModel);
            Json properties = Json::array();
            for (const auto& property : reply.properties)
                properties.push_back(Json{{"type", dataTypeName(property.type)},
                                          {"name", property.name},
                                          {"metaData", property.metaData}});
            return Json{{"properties", properties}};
        }
        if (op == "file.getViewModelEnums")
        {
            queue->requestViewModelEnums(file, id);
            Reply reply = await(*worker, id, "file.invalid-file", "");
            Json enums = Json::array();
            for (const auto& viewModelEnum : reply.enums)
                enums.push_back(Json{{"name", viewModelEnum.name}, {"values", viewModelEnum.enumerants}});
            return Json{{"enums", enums}};
        }
        if (op == "file.getDefaultViewModelInfo")
        {
            Entry& artboard = entry(request, "artboard", Entry::Kind::artboard);
            queue->requestDefaultViewModelInfo(rive::ArtboardHandle(artboard.runtimeHandle), file, id);
            Reply reply = await(*worker, id, "artboard.invalid-artboard", "");
            return Json{{"viewModelName", reply.text1}, {"instanceName", reply.text2}};
        }
        if (op == "file.createArtboard")
        {
            int64_t handle = newHandle(request, "handle");
            std::string name = isNull(request, "name") ? std::string() : readString(request, "name");
            rive::ArtboardHandle artboard = isNull(request, "name")
                                                ? queue->instantiateDefaultArtboard(file, nullptr, id)
                                                : queue->instantiateArtboardNamed(file, name, nullptr, id);
            await(*worker, id, "file.invalid-artboard", name);
            rive::ArtboardInstance* instance = session.server()->getArtboardInstance(artboard);
            if (instance == nullptr)
                throw RequestError("file.invalid-artboard", "no artboard was created", name);
            Entry created{Entry::Kind::artboard, worker, uint64_t(artboard)};
            created.file = file;
            created.artboard = artboard;
            m_entries[handle] = created;
            return Json{{"name", instance->name()}};
        }
        if (op == "file.createViewModelInstance")
        {
            int64_t handle = newHandle(request, "handle");
            std::string kind = readString(request, "kind");
            bool byArtboard = request.contains("artboard") && !isNull(request, "artboard");
            rive::ArtboardHandle artboard = RIVE_NULL_HANDLE;
            std::string viewModel;
            if (byArtboard)
                artboard = rive::ArtboardHandle(entry(request, "artboard", Entry::Kind::artboard).runtimeHandle);
            else
                viewModel = readString(request, "viewModel");
            rive::ViewModelInstanceHandle instance;
            std::string detail;
            if (kind == "blank")
                instance = byArtboard ? queue->instantiateBlankViewModelInstance(file, artboard, nullptr, id)
                                      : queue->instantiateBlankViewModelInstance(file, viewModel, nullptr, id);
            else if (kind == "viewModelDefault")
                instance = byArtboard ? queue->instantiateDefaultViewModelInstance(file, artboard, nullptr, id)
                                      : queue->instantiateDefaultViewModelInstance(file, viewModel, nullptr, id);
            else if (kind == "name")
            {
                std::string instanceName = readString(request, "instanceName");
                detail = instanceName;
                instance = byArtboard
                               ? queue->instantiateViewModelInstanceNamed(file, artboard, instanceName, nullptr, id)
                               : queue->instantiateViewModelInstanceNamed(file, viewModel, instanceName, nullptr, id);
            }
            else
                throw badParams("unknown instance source kind '" + kind + "'");
            Reply reply = await(*worker, id, "file.invalid-view-model-instance", "");
            if (session.server()->getViewModelInstance(instance) == nullptr)
                throw RequestError("file.invalid-view-model-instance", "no instance was created",
                                   detail.empty() ? viewModel : detail);
            m_entries[handle] = Entry{Entry::Kind::instance, worker, uint64_t(instance)};
            return Json::object();
        }
        throw RequestError("protocol.unknown-op", "unknown op '" + op + "'", op);
    }

    // MARK: Artboard

    Json artboardOp(const std::string& op, const Json& request)
    {
        Entry& artboardEntry = entry(request, "artboard", Entry::Kind::artboard);
        std::shared_ptr<WorkerState> worker = artboardEntry.worker;
        RuntimeSession& session = worker->session;
        rive::CommandQueue* queue = session.queue();
        rive::ArtboardHandle artboard = rive::ArtboardHandle(artboardEntry.runtimeHandle);
        uint64_t id = session.nextRequest();
        if (op == "artboard.getStateMachineNames")
        {
            queue->requestStateMachineNames(artboard, id);
            return namesResult(await(*worker, id, "artboard.invalid-artboard", "").names);
        }
        if (op == "artboard.getSize" || op == "artboard.getAnimationNames")
        {
            // Read from the server's instance directly: the command queue has no request for
            // these, and the server runs on this thread between pumps.
            rive::ArtboardInstance* instance = session.server()->getArtboardInstance(artboard);
            if (instance == nullptr)
                throw RequestError("artboard.invalid-artboard", "the artboard no longer exists", "");
            if (op == "artboard.getSize")
                return Json{{"width", floatJson(instance->width())}, {"height", floatJson(instance->height())}};
            Json names = Json::array();
            for (size_t index = 0; index < instance->animationCount(); ++index)
                names.push_back(instance->animation(index)->name());
            return Json{{"names", names}};
        }
        if (op == "artboard.createAnimationScene")
        {
            // The legacy play of a linear animation without a state machine, as
            // ArtboardInstance::defaultScene() plays an artboard that has none.
            int64_t handle = newHandle(request, "handle");
            std::string name = isNull(request, "name") ? std::string() : readString(request, "name");
            std::string binding = readString(request, "binding");
            if (binding != "auto" && binding != "none" && binding != "instance")
                throw badParams("unknown binding '" + binding + "'");
            pump(*worker);
            rive::ArtboardInstance* instance = session.server()->getArtboardInstance(artboard);
            if (instance == nullptr)
                throw RequestError("artboard.invalid-artboard", "the artboard no longer exists", "");
            std::unique_ptr<rive::LinearAnimationInstance> animation =
                isNull(request, "name") ? instance->animationAt(0) : instance->animationNamed(name);
            if (!animation)
                throw RequestError("artboard.invalid-state-machine",
                                   isNull(request, "name") ? "the artboard has no linear animations"
                                                           : "the artboard has no linear animation named '" + name + "'",
                                   name);
            if (binding == "instance")
            {
                Entry& bound = entry(request, "instance", Entry::Kind::instance);
                rive::ViewModelInstanceRuntime* runtime =
                    session.server()->getViewModelInstance(rive::ViewModelInstanceHandle(bound.runtimeHandle));
                if (runtime != nullptr)
                    instance->bindViewModelInstance(runtime->instance());
            }
            else if (binding == "auto")
            {
                rive::File* file = session.server()->getFile(artboardEntry.file);
                if (file != nullptr)
                    if (auto viewModelInstance = file->createDefaultViewModelInstance(instance))
                        instance->bindViewModelInstance(viewModelInstance);
            }
            std::string animationName = animation->name();
            Entry created{Entry::Kind::stateMachine, worker};
            created.file = artboardEntry.file;
            created.artboard = artboard;
            created.animation = std::move(animation);
            m_entries[handle] = created;
            return Json{{"name", animationName}};
        }
        if (op == "artboard.createStateMachine")
        {
            int64_t handle = newHandle(request, "handle");
            std::string name = isNull(request, "name") ? std::string() : readString(request, "name");
            std::string binding = readString(request, "binding");
            rive::ViewModelInstanceHandle bound = RIVE_NULL_HANDLE;
            if (binding == "instance")
            {
                Entry& instance = entry(request, "instance", Entry::Kind::instance);
                bound = rive::ViewModelInstanceHandle(instance.runtimeHandle);
            }
            else if (binding != "auto" && binding != "none")
                throw badParams("unknown binding '" + binding + "'");
            rive::StateMachineHandle stateMachine = isNull(request, "name")
                                                        ? queue->instantiateDefaultStateMachine(artboard, nullptr, id)
                                                        : queue->instantiateStateMachineNamed(artboard, name, nullptr, id);
            await(*worker, id, "artboard.invalid-state-machine", name);
            rive::StateMachineInstance* instance = session.server()->getStateMachineInstance(stateMachine);
            if (instance == nullptr)
                throw RequestError("artboard.invalid-state-machine", "no state machine was created", name);
            if (binding == "auto")
            {
                uint64_t bindId = session.nextRequest();
                queue->bind(stateMachine, bindId);
                queued(*worker, bindId);
            }
            else if (binding == "instance")
            {
                uint64_t bindId = session.nextRequest();
                queue->bindViewModelInstance(stateMachine, bound, bindId);
                queued(*worker, bindId);
            }
            Entry created{Entry::Kind::stateMachine, worker, uint64_t(stateMachine)};
            created.file = artboardEntry.file;
            created.artboard = artboard;
            m_entries[handle] = created;
            return Json{{"name", instance->name()}};
        }
        throw RequestError("protocol.unknown-op", "unknown op '" + op + "'", op);
    }

    // MARK: State machine

    /// Marks the views of a state machine as woken (a pointer event or an input asked for an advance).
    void wakeViews(WorkerState& worker, rive::StateMachineHandle stateMachine)
    {
        for (auto& [id, view] : worker.views)
            if (view->stateMachine == stateMachine)
                view->woken = true;
    }

    Json stateMachineOp(const std::string& op, const Json& request)
    {
        Entry& smEntry = entry(request, "stateMachine", Entry::Kind::stateMachine);
        std::shared_ptr<WorkerState> worker = smEntry.worker;
        RuntimeSession& session = worker->session;
        rive::CommandQueue* queue = session.queue();
        rive::StateMachineHandle stateMachine = rive::StateMachineHandle(smEntry.runtimeHandle);
        uint64_t id = session.nextRequest();
        if (smEntry.animation)
        {
            // An animation scene: it advances; it has no inputs, binds or settled stream of a machine.
            if (op != "stateMachine.advance")
                throw RequestError("protocol.unknown-op", "'" + op + "' is not available on an animation scene", op);
            pump(*worker);
            smEntry.animation->advanceAndApply(readFloat(request, "seconds"));
            return Json::object();
        }
        if (op == "stateMachine.advance")
        {
            queue->advanceStateMachine(stateMachine, readFloat(request, "seconds"), id);
            queued(*worker, id);
            return Json::object();
        }
        if (op == "stateMachine.bindViewModelInstance")
        {
            Entry& instance = entry(request, "instance", Entry::Kind::instance);
            if (instance.worker != worker)
            {
                session.log("stateMachine", "state-machine.other-worker",
                            "the instance belongs to another worker");
                return Json::object();
            }
            queue->bindViewModelInstance(stateMachine, rive::ViewModelInstanceHandle(instance.runtimeHandle), id);
            queued(*worker, id);
            return Json::object();
        }
        if (op == "stateMachine.bindViewModelInstances")
            return bindViewModelInstances(*worker, smEntry, request, id);
        if (op == "stateMachine.settledStream")
        {
            int64_t streamHandle = newHandle(request, "stream");
            auto stream = std::make_unique<StreamState>();
            stream->kind = StreamState::Kind::settled;
            stream->worker = worker;
            stream->stateMachine = stateMachine;
            m_streams[streamHandle] = std::move(stream);
            return Json::object();
        }
        if (op == "stateMachine.setInput" || op == "stateMachine.triggerInput")
        {
            std::string name = readString(request, "name");
            bool isTrigger = op == "stateMachine.triggerInput";
            Json value = isTrigger ? Json(nullptr) : request.at("value");
            if (!isTrigger && !value.is_number() && !value.is_boolean())
                throw badParams("'value' must be a number or a boolean");
            RuntimeSession* target = &session;
            // Inputs are not part of the command queue: run on the server's object.
            queue->runOnce([target, stateMachine, name, value, isTrigger](rive::CommandServer* server) {
                rive::StateMachineInstance* machine = server->getStateMachineInstance(stateMachine);
                if (machine == nullptr)
                {
                    target->log("stateMachine", "state-machine.error", "the state machine is gone");
                    return;
                }
                if (isTrigger)
                {
                    if (auto trigger = machine->getTrigger(name))
                        trigger->fire();
                    else
                        target->log("stateMachine", "state-machine.unknown-input", "no trigger input named '" + name + "'");
                }
                else if (value.is_boolean())
                {
                    if (auto input = machine->getBool(name))
                        input->value(value.get<bool>());
                    else
                        target->log("stateMachine", "state-machine.unknown-input", "no boolean input named '" + name + "'");
                }
                else if (auto input = machine->getNumber(name))
                    input->value(static_cast<float>(value.get<double>()));
                else
                    target->log("stateMachine", "state-machine.unknown-input", "no number input named '" + name + "'");
            });
            pump(*worker);
            wakeViews(*worker, stateMachine);
            return Json::object();
        }
        throw RequestError("protocol.unknown-op", "unknown op '" + op + "'", op);
    }

    Json bindViewModelInstances(WorkerState& worker, Entry& smEntry, const Json& request, uint64_t id)
    {
        RuntimeSession& session = worker.session;
        rive::CommandQueue* queue = session.queue();
        rive::StateMachineHandle stateMachine = rive::StateMachineHandle(smEntry.runtimeHandle);
        const Json& globals = request.at("globals");
        if (!globals.is_array())
            throw badParams("'globals' must be a list");
        // The file's global view-model names, from the queue, to check every name first.
        queue->requestGlobalViewModelNames(smEntry.file, id);
        std::vector<std::string> globalNames = await(worker, id, "state-machine.error", "").names;
        std::set<std::string> seen;
        std::vector<std::pair<std::string, rive::ViewModelInstanceHandle>> bindings;
        for (const Json& global : globals)
        {
            std::string name = readString(global, "name");
            int64_t handle = readInt(global, "instance");
            auto found = m_entries.find(handle);
            if (found == m_entries.end() || found->second.kind != Entry::Kind::instance)
                throw RequestError("protocol.unknown-handle", "no instance for handle " + std::to_string(handle),
                                   std::to_string(handle));
            if (std::find(globalNames.begin(), globalNames.end(), name) == globalNames.end())
                throw RequestError("state-machine.invalid-global-view-model-name",
                                   "\"" + name + "\" is not the name of a global view model in this file", name);
            if (!seen.insert(name).second)
                throw RequestError("state-machine.duplicate-global-view-model-instance",
                                   "the global view model \"" + name + "\" is bound twice in one call", name);
            bindings.emplace_back(name, rive::ViewModelInstanceHandle(found->second.runtimeHandle));
        }
        if (!isNull(request, "main"))
        {
            Entry& main = entry(request, "main", Entry::Kind::instance);
            uint64_t mainId = session.nextRequest();
            queue->setViewModelInstance(stateMachine, rive::ViewModelInstanceHandle(main.runtimeHandle), mainId);
            queued(worker, mainId);
        }
        for (const auto& [name, instance] : bindings)
        {
            uint64_t globalId = session.nextRequest();
            queue->setGlobalViewModelInstance(stateMachine, name, instance, globalId);
            pump(worker);
            Reply reply = session.take(globalId);
            if (reply.error)
                throw RequestError("state-machine.invalid-global-view-model-name", *reply.error, name);
        }
        uint64_t bindId = session.nextRequest();
        queue->bind(stateMachine, bindId);
        pump(worker);
        Reply reply = session.take(bindId);
        if (reply.error)
            throw RequestError("state-machine.error", *reply.error, *reply.error);
        return Json::object();
    }

    // MARK: View-model instance

    static Json valueJson(rive::DataType type, const rive::CommandQueue::ViewModelInstanceData& data)
    {
        switch (type)
        {
            case rive::DataType::number:
                return floatJson(data.numberValue);
            case rive::DataType::boolean:
                return data.boolValue;
            case rive::DataType::color:
                return static_cast<uint32_t>(data.colorValue);
            default:
                return data.stringValue;
        }
    }

    Json instanceOp(const std::string& op, const Json& request)
    {
        Entry& instanceEntry = entry(request, "instance", Entry::Kind::instance);
        std::shared_ptr<WorkerState> worker = instanceEntry.worker;
        RuntimeSession& session = worker->session;
        rive::CommandQueue* queue = session.queue();
        rive::ViewModelInstanceHandle instance = rive::ViewModelInstanceHandle(instanceEntry.runtimeHandle);
        uint64_t id = session.nextRequest();
        if (op == "instance.name")
        {
            queue->requestViewModelInstanceName(instance, id);
            return Json{{"name", await(*worker, id, "view-model-instance.message", "").text1}};
        }
        if (op == "instance.viewModelName")
        {
            queue->requestViewModelInstanceViewModelName(instance, id);
            return Json{{"name", await(*worker, id, "view-model-instance.message", "").text1}};
        }
        if (op == "instance.value")
        {
            std::string path = readString(request, "path");
            rive::DataType type = dataTypeNamed(readString(request, "type"));
            switch (type)
            {
                case rive::DataType::number:
                    queue->requestViewModelInstanceNumber(instance, path, id);
                    break;
                case rive::DataType::string:
                    queue->requestViewModelInstanceString(instance, path, id);
                    break;
                case rive::DataType::boolean:
                    queue->requestViewModelInstanceBool(instance, path, id);
                    break;
                case rive::DataType::color:
                    queue->requestViewModelInstanceColor(instance, path, id);
                    break;
                case rive::DataType::enumType:
                    queue->requestViewModelInstanceEnum(instance, path, id);
                    break;
                default:
                    throw badParams("instance.value takes number, string, boolean, color or enum");
            }
            Reply reply = await(*worker, id, "view-model-instance.message", "");
            if (!reply.hasData)
                throw RequestError("view-model-instance.missing-data", "the runtime answered without a value", "",
                                   false);
            return Json{{"value", valueJson(type, reply.data)}};
        }
        if (op == "instance.setValue")
            return setValue(*worker, instance, request, id);
        if (op == "instance.valueStream" || op == "instance.stream")
        {
            std::string path = readString(request, "path");
            int64_t streamHandle = newHandle(request, "stream");
            rive::DataType type =
                op == "instance.stream" ? rive::DataType::trigger : dataTypeNamed(readString(request, "type"));
            auto stream = std::make_unique<StreamState>();
            stream->kind = op == "instance.stream" ? StreamState::Kind::trigger : StreamState::Kind::value;
            stream->worker = worker;
            stream->type = type;
            stream->subscriptionRequest = id;
            stream->instance = instance;
            stream->path = path;
            m_streams[streamHandle] = std::move(stream);
            m_subscriptionStreams[id] = streamHandle;
            session.markSubscription(id);
            queue->subscribeToViewModelProperty(instance, path, type, id);
            pump(*worker);
            return Json::object();
        }
        if (op == "instance.fire")
        {
            queue->fireViewModelTrigger(instance, readString(request, "path"), id);
            queued(*worker, id);
            return Json::object();
        }
        if (op == "instance.nestedInstance")
        {
            int64_t handle = newHandle(request, "handle");
            rive::ViewModelInstanceHandle nested =
                queue->referenceNestedViewModelInstance(instance, readString(request, "path"), nullptr, id);
            queued(*worker, id);
            m_entries[handle] = Entry{Entry::Kind::instance, worker, uint64_t(nested)};
            return Json::object();
        }
        if (op == "instance.listItem")
        {
            int64_t handle = newHandle(request, "handle");
            int64_t index = readInt(request, "index");
            rive::ViewModelInstanceHandle item = queue->referenceListViewModelInstance(
                instance, readString(request, "path"), static_cast<int>(index), nullptr, id);
            queued(*worker, id);
            m_entries[handle] = Entry{Entry::Kind::instance, worker, uint64_t(item)};
            return Json::object();
        }
        if (op == "instance.size")
        {
            queue->requestViewModelInstanceListSize(instance, readString(request, "path"), id);
            Reply reply = await(*worker, id, "view-model-instance.message", "");
            return Json{{"size", reply.size}};
        }
        std::string path = readString(request, "path");
        if (op == "instance.appendInstance" || op == "instance.insertInstance" || op == "instance.removeInstance")
        {
            Entry& item = entry(request, "item", Entry::Kind::instance);
            if (item.worker != worker)
            {
                session.log("viewModelInstance", "view-model-instance.other-worker",
                            "the list item belongs to another worker");
                return Json::object();
            }
            rive::ViewModelInstanceHandle itemHandle = rive::ViewModelInstanceHandle(item.runtimeHandle);
            if (op == "instance.appendInstance")
                queue->appendViewModelInstanceListViewModel(instance, path, itemHandle, id);
            else if (op == "instance.insertInstance")
                queue->insertViewModelInstanceListViewModel(instance, path, itemHandle,
                                                            static_cast<int>(readInt(request, "index")), id);
            else
                queue->removeViewModelInstanceListViewModel(instance, path, itemHandle, id);
            queued(*worker, id);
            return Json::object();
        }
        if (op == "instance.removeInstanceAt")
        {
            queue->removeViewModelInstanceListViewModel(instance, path, static_cast<int>(readInt(request, "index")),
                                                        RIVE_NULL_HANDLE, id);
            queued(*worker, id);
            return Json::object();
        }
        if (op == "instance.swapInstance")
        {
            queue->swapViewModelInstanceListValues(instance, path, static_cast<int>(readInt(request, "atIndex")),
                                                   static_cast<int>(readInt(request, "withIndex")), id);
            queued(*worker, id);
            return Json::object();
        }
        throw RequestError("protocol.unknown-op", "unknown op '" + op + "'", op);
    }

    Json setValue(WorkerState& worker, rive::ViewModelInstanceHandle instance, const Json& request, uint64_t id)
    {
        RuntimeSession& session = worker.session;
        rive::CommandQueue* queue = session.queue();
        std::string path = readString(request, "path");
        std::string type = readString(request, "type");
        const Json& value = request.at("value");
        if (type == "number")
            queue->setViewModelInstanceNumber(instance, path, readFloat(request, "value"), id);
        else if (type == "string")
            queue->setViewModelInstanceString(instance, path, readString(request, "value"), id);
        else if (type == "boolean")
            queue->setViewModelInstanceBool(instance, path, readBool(request, "value"), id);
        else if (type == "color")
        {
            int64_t color = readInt(request, "value");
            if (color < 0 || color > 0xFFFFFFFFLL)
                throw badParams("a color is 0…4294967295");
            queue->setViewModelInstanceColor(instance, path, static_cast<rive::ColorInt>(color), id);
        }
        else if (type == "enum")
            queue->setViewModelInstanceEnum(instance, path, readString(request, "value"), id);
        else if (type == "viewModel")
        {
            Entry& nested = entry(request, "value", Entry::Kind::instance);
            if (nested.worker.get() != &worker)
            {
                session.log("viewModelInstance", "view-model-instance.other-worker",
                            "the instance belongs to another worker");
                return Json::object();
            }
            queue->setViewModelInstanceNestedViewModel(instance, path,
                                                       rive::ViewModelInstanceHandle(nested.runtimeHandle), id);
        }
        else if (type == "image" || type == "blob" || type == "artboard")
        {
            Entry::Kind kind = type == "image"  ? Entry::Kind::image
                               : type == "blob" ? Entry::Kind::blob
                                                : Entry::Kind::artboard;
            uint64_t handle = 0;
            if (!value.is_null())
            {
                Entry& asset = entry(request, "value", kind);
                if (asset.worker.get() != &worker)
                {
                    session.log("viewModelInstance", "view-model-instance.other-worker",
                                "the " + type + " belongs to another worker");
                    return Json::object();
                }
                handle = asset.runtimeHandle;
            }
            if (type == "image")
                queue->setViewModelInstanceImage(instance, path, rive::RenderImageHandle(handle), id);
            else if (type == "blob")
            {
#if RIVE_HARNESS_HAS_COMMAND_QUEUE_BLOBS
                queue->setViewModelInstanceBlob(instance, path, rive::BlobAssetHandle(handle), id);
#else
                session.log("viewModelInstance", "view-model-instance.error",
                            "blob properties cannot be set: this runtime commit's command queue has no blob assets");
                return Json::object();
#endif
            }
            else
                queue->setViewModelInstanceArtboard(instance, path, rive::ArtboardHandle(handle), id);
        }
        else if (type == "font")
        {
            session.log("viewModelInstance", "view-model-instance.error",
                        "font properties cannot be set: the command queue has no font setter");
            return Json::object();
        }
        else
            throw badParams("unknown value type '" + type + "'");
        queued(worker, id);
        return Json::object();
    }

    // MARK: Streams

    void endSubscription(StreamState& stream)
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

    Json cancelStream(const Json& request)
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

    // MARK: View

    Json viewOp(const std::string& op, const Json& request)
    {
        Entry& viewEntry = entry(request, "view", Entry::Kind::view);
        std::shared_ptr<WorkerState> worker = viewEntry.worker;
        ViewState& view = *worker->views.at(viewEntry.view);
        RuntimeSession& session = worker->session;
        if (op == "view.tick")
            return tick(*worker, view, readDouble(request, "timestamp"), readBool(request, "isOnscreen"),
                        readBool(request, "isPaused"));
        if (op == "view.drawDigest")
        {
            if (!view.hasDrawn)
                throw RequestError("observation.failed", "the view has not drawn a frame yet; tick it first",
                                   "the view has not drawn a frame yet; tick it first");
            return Json{{"commands", view.recorder.canonicalLines()}, {"hash", view.recorder.digestHex()}};
        }
        if (op == "view.rasterize")
        {
            if (!view.hasDrawn)
                throw RequestError("observation.failed", "the view has not drawn a frame yet; tick it first",
                                   "the view has not drawn a frame yet; tick it first");
            rive::ArtboardInstance* artboard = session.server()->getArtboardInstance(view.artboard);
            if (artboard == nullptr)
                throw RequestError("observation.failed", "the artboard is gone", "the artboard is gone");
            if (!view.raster)
                view.raster = std::make_unique<CairoRenderer>(view.width, view.height);
            view.raster->beginFrame(artboard->bounds());
            view.recorder.replay(view.raster.get());
            std::vector<uint8_t> rgba = view.raster->straightRGBA();
            return Json{{"width", view.width},
                        {"height", view.height},
                        {"pixels", base64Encode(rgba.data(), rgba.size())}};
        }
        if (op == "view.send")
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

    /// One display tick: the Apple view loop as the reference view models it, with the
    /// runtime's own StateMachineInstance::needsAdvance() as the wake-up signal.
    Json tick(WorkerState& worker, ViewState& view, double timestamp, bool isOnscreen, bool isPaused)
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

    std::map<int64_t, Entry> m_entries;
    std::map<int64_t, std::unique_ptr<StreamState>> m_streams;
    std::map<uint64_t, int64_t> m_subscriptionStreams;
    std::set<int64_t> m_usedHandles;
    RuntimeSession* m_pumping = nullptr;
    int64_t m_lastView = 0;
    bool m_shutdown = false;
    bool m_handshaken = false;
};

} // namespace
} // namespace harness

namespace
{
/// On a fatal signal, writes the signal and the stack (`#N 0xADDRESS in FUNCTION`,
/// demangled) to stderr, then dies of the same signal, so a crash names where it happened
/// (rive-harness fuzz buckets crashes by the first frame in rive::). Not async-signal-safe
/// (dladdr, demangling): the process is ending anyway.
void reportFatalSignal(int signal)
{
    std::fprintf(stderr, "rive-cpp-driver: fatal signal %d (%s)\n", signal, strsignal(signal));
    void* frames[64];
    int count = backtrace(frames, 64);
    for (int i = 0; i < count; ++i)
    {
        Dl_info info;
        const char* name = "?";
        char* demangled = nullptr;
        if (dladdr(frames[i], &info) != 0 && info.dli_sname != nullptr)
        {
            int status = 0;
            demangled = abi::__cxa_demangle(info.dli_sname, nullptr, nullptr, &status);
            name = status == 0 && demangled != nullptr ? demangled : info.dli_sname;
        }
        std::fprintf(stderr, "    #%d %p in %s\n", i, frames[i], name);
        std::free(demangled);
    }
    std::signal(signal, SIG_DFL);
    std::raise(signal);
}

void installFatalSignalReport()
{
#if !defined(__SANITIZE_ADDRESS__) && !(defined(__has_feature) && __has_feature(address_sanitizer))
    // Sanitized builds print their own, better report.
    for (int signal : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT})
        std::signal(signal, reportFatalSignal);
#endif
}
} // namespace

int main(int argc, char** argv)
{
    installFatalSignalReport();
    for (int i = 1; i < argc; ++i)
    {
        std::string argument = argv[i];
        if (argument == "--help" || argument == "-h")
        {
            std::printf("rive-cpp-driver: the Rive C++ runtime (commit %s) behind RiveHarness's adapter protocol.\n"
                        "Reads JSON-line requests on stdin and answers on stdout (docs/adapter-protocol.md);\n"
                        "run it through: rive-harness run --adapter rive-cpp\n",
                        RIVE_HARNESS_RUNTIME_COMMIT);
            return 0;
        }
        std::fprintf(stderr, "rive-cpp-driver: unknown argument '%s' (try --help)\n", argument.c_str());
        return 2;
    }
    rive::File::deterministicMode = true;
    std::ios::sync_with_stdio(false);
    harness::Driver driver;
    return driver.serve();
}
