// The rive-cpp driver's view-model instance operations: names, values, value and trigger
// streams, firing, nested instances and list items.
#include "data_types.hpp"
#include "driver.hpp"
#include "operations.hpp"

namespace harness
{

Json Driver::valueJson(rive::DataType type, const rive::CommandQueue::ViewModelInstanceData& data)
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

Json Driver::instanceOp(const std::string& op, const Json& request)
{
    Entry& instanceEntry = entry(request, "instance", Entry::Kind::instance);
    std::shared_ptr<WorkerState> worker = instanceEntry.worker;
    RuntimeSession& session = worker->session;
    rive::CommandQueue* queue = session.queue();
    rive::ViewModelInstanceHandle instance = rive::ViewModelInstanceHandle(instanceEntry.runtimeHandle);
    uint64_t id = session.nextRequest();
    if (op == ops::instanceName)
    {
        queue->requestViewModelInstanceName(instance, id);
        return Json{{"name", await(*worker, id, "view-model-instance.message", "").text1}};
    }
    if (op == ops::instanceViewModelName)
    {
        queue->requestViewModelInstanceViewModelName(instance, id);
        return Json{{"name", await(*worker, id, "view-model-instance.message", "").text1}};
    }
    if (op == ops::instanceValue)
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
    if (op == ops::instanceSetValue)
        return setValue(*worker, instance, request, id);
    if (op == ops::instanceValueStream || op == ops::instanceStream)
    {
        std::string path = readString(request, "path");
        int64_t streamHandle = newHandle(request, "stream");
        rive::DataType type =
            op == ops::instanceStream ? rive::DataType::trigger : dataTypeNamed(readString(request, "type"));
        auto stream = std::make_unique<StreamState>();
        stream->kind = op == ops::instanceStream ? StreamState::Kind::trigger : StreamState::Kind::value;
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
    if (op == ops::instanceFire)
    {
        queue->fireViewModelTrigger(instance, readString(request, "path"), id);
        queued(*worker, id);
        return Json::object();
    }
    if (op == ops::instanceNestedInstance)
    {
        int64_t handle = newHandle(request, "handle");
        rive::ViewModelInstanceHandle nested =
            queue->referenceNestedViewModelInstance(instance, readString(request, "path"), nullptr, id);
        queued(*worker, id);
        m_entries[handle] = Entry{Entry::Kind::instance, worker, uint64_t(nested)};
        return Json::object();
    }
    if (op == ops::instanceListItem)
    {
        int64_t handle = newHandle(request, "handle");
        int64_t index = readInt(request, "index");
        rive::ViewModelInstanceHandle item = queue->referenceListViewModelInstance(
            instance, readString(request, "path"), static_cast<int>(index), nullptr, id);
        queued(*worker, id);
        m_entries[handle] = Entry{Entry::Kind::instance, worker, uint64_t(item)};
        return Json::object();
    }
    if (op == ops::instanceSize)
    {
        queue->requestViewModelInstanceListSize(instance, readString(request, "path"), id);
        Reply reply = await(*worker, id, "view-model-instance.message", "");
        return Json{{"size", reply.size}};
    }
    std::string path = readString(request, "path");
    if (op == ops::instanceAppendInstance || op == ops::instanceInsertInstance || op == ops::instanceRemoveInstance)
    {
        Entry& item = entry(request, "item", Entry::Kind::instance);
        if (item.worker != worker)
        {
            session.log("viewModelInstance", "view-model-instance.other-worker",
                        "the list item belongs to another worker");
            return Json::object();
        }
        rive::ViewModelInstanceHandle itemHandle = rive::ViewModelInstanceHandle(item.runtimeHandle);
        if (op == ops::instanceAppendInstance)
            queue->appendViewModelInstanceListViewModel(instance, path, itemHandle, id);
        else if (op == ops::instanceInsertInstance)
            queue->insertViewModelInstanceListViewModel(instance, path, itemHandle,
                                                        static_cast<int>(readInt(request, "index")), id);
        else
            queue->removeViewModelInstanceListViewModel(instance, path, itemHandle, id);
        queued(*worker, id);
        return Json::object();
    }
    if (op == ops::instanceRemoveInstanceAt)
    {
        queue->removeViewModelInstanceListViewModel(instance, path, static_cast<int>(readInt(request, "index")),
                                                    RIVE_NULL_HANDLE, id);
        queued(*worker, id);
        return Json::object();
    }
    if (op == ops::instanceSwapInstance)
    {
        queue->swapViewModelInstanceListValues(instance, path, static_cast<int>(readInt(request, "atIndex")),
                                               static_cast<int>(readInt(request, "withIndex")), id);
        queued(*worker, id);
        return Json::object();
    }
    throw RequestError("protocol.unknown-op", "unknown op '" + op + "'", op);
}

Json Driver::setValue(WorkerState& worker, rive::ViewModelInstanceHandle instance, const Json& request, uint64_t id)
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

} // namespace harness
