// The rive-cpp driver's worker operations: loading files, decoding images, blobs and
// fonts, flushing, the log and making views (docs/rive-cpp-adapter.md).
#include "driver.hpp"
#include "operations.hpp"

#include <fstream>

namespace harness
{

std::vector<uint8_t> Driver::payload(const Json& request, bool allowPath, bool* fromPath, std::string* pathOut)
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

Json Driver::workerOp(const std::string& op, const Json& request)
{
    Entry& workerEntry = entry(request, "worker", Entry::Kind::worker);
    std::shared_ptr<WorkerState> worker = workerEntry.worker;
    RuntimeSession& session = worker->session;
    if (op == ops::workerLoadFile)
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
    if (op == ops::workerDecodeImage)
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
    if (op == ops::workerDecodeBlob)
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
    if (op == ops::workerDecodeFont)
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
    if (op == ops::workerFlush)
    {
        pump(*worker);
        return Json::object();
    }
    if (op == ops::workerTakeLog)
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
    if (op == ops::workerMakeView)
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

} // namespace harness
