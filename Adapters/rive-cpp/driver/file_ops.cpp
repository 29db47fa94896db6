// The rive-cpp driver's file operations: artboard, view-model, instance and enum names,
// properties, default view-model info, and creating artboards and view-model instances.
#include "data_types.hpp"
#include "driver.hpp"
#include "operations.hpp"

namespace harness
{

Json Driver::fileOp(const std::string& op, const Json& request)
{
    Entry& fileEntry = entry(request, "file", Entry::Kind::file);
    std::shared_ptr<WorkerState> worker = fileEntry.worker;
    RuntimeSession& session = worker->session;
    rive::CommandQueue* queue = session.queue();
    rive::FileHandle file = fileEntry.file;
    uint64_t id = session.nextRequest();
    if (op == ops::fileGetArtboardNames)
    {
        queue->requestArtboardNames(file, id);
        return namesResult(await(*worker, id, "file.invalid-file", "").names);
    }
    if (op == ops::fileGetViewModelNames)
    {
        queue->requestViewModelNames(file, id);
        return namesResult(await(*worker, id, "file.invalid-file", "").names);
    }
    if (op == ops::fileGetGlobalViewModelNames)
    {
        queue->requestGlobalViewModelNames(file, id);
        return namesResult(await(*worker, id, "file.invalid-file", "").names);
    }
    if (op == ops::fileGetInstanceNames)
    {
        std::string viewModel = readString(request, "viewModel");
        queue->requestViewModelInstanceNames(file, viewModel, id);
        return namesResult(await(*worker, id, "file.invalid-view-model", viewModel).names);
    }
    if (op == ops::fileGetProperties)
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
    if (op == ops::fileGetViewModelEnums)
    {
        queue->requestViewModelEnums(file, id);
        Reply reply = await(*worker, id, "file.invalid-file", "");
        Json enums = Json::array();
        for (const auto& viewModelEnum : reply.enums)
            enums.push_back(Json{{"name", viewModelEnum.name}, {"values", viewModelEnum.enumerants}});
        return Json{{"enums", enums}};
    }
    if (op == ops::fileGetDefaultViewModelInfo)
    {
        Entry& artboard = entry(request, "artboard", Entry::Kind::artboard);
        queue->requestDefaultViewModelInfo(rive::ArtboardHandle(artboard.runtimeHandle), file, id);
        Reply reply = await(*worker, id, "artboard.invalid-artboard", "");
        return Json{{"viewModelName", reply.text1}, {"instanceName", reply.text2}};
    }
    if (op == ops::fileCreateArtboard)
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
    if (op == ops::fileCreateViewModelInstance)
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

} // namespace harness
