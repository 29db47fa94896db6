// rive_ios_bridge.cpp: rive_ios_bridge.h over rive::CommandQueue and rive::CommandServer.
//
// Each creating command makes one listener object for the new handle, as RiveRuntime's
// Objective-C++ bridge does, and keeps it until the Swift side deletes it (the
// delete...Listener commands) or the queue is destroyed. Listener callbacks become
// rib_event values handed to the queue's event handler.

#include "rive_ios_bridge.h"

#include "harness_render.hpp"
#include "rive/animation/state_machine_instance.hpp"
#include "rive/artboard.hpp"
#include "rive/file.hpp"
#include "rive/command_queue.hpp"
#include "rive/command_server.hpp"
#include "rive/layout.hpp"

#include <map>
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <vector>

// Which rive::DataType enumerators the runtime commit has: scripts/build-rive-ios defines
// RIB_HAS_DATA_TYPE_<NAME>=1 for each one its data type header declares (older commits lack
// some), so the bridge builds for any runtime a rive-ios commit pins.

namespace
{

uint64_t toID(const void* handle) { return reinterpret_cast<uint64_t>(handle); }
template <typename Handle> Handle toHandle(uint64_t value) { return reinterpret_cast<Handle>(value); }

rive::DataType toCpp(rib_data_type type)
{
    switch (type)
    {
        case RIB_DATA_STRING: return rive::DataType::string;
        case RIB_DATA_NUMBER: return rive::DataType::number;
        case RIB_DATA_BOOLEAN: return rive::DataType::boolean;
        case RIB_DATA_COLOR: return rive::DataType::color;
        case RIB_DATA_LIST: return rive::DataType::list;
        case RIB_DATA_ENUM: return rive::DataType::enumType;
        case RIB_DATA_TRIGGER: return rive::DataType::trigger;
        case RIB_DATA_VIEW_MODEL: return rive::DataType::viewModel;
#if RIB_HAS_DATA_TYPE_INTEGER
        case RIB_DATA_INTEGER: return rive::DataType::integer;
#endif
#if RIB_HAS_DATA_TYPE_SYMBOL_LIST_INDEX
        case RIB_DATA_SYMBOL_LIST_INDEX: return rive::DataType::symbolListIndex;
#endif
#if RIB_HAS_DATA_TYPE_ASSET_IMAGE
        case RIB_DATA_ASSET_IMAGE: return rive::DataType::assetImage;
#endif
#if RIB_HAS_DATA_TYPE_ASSET_FONT
        case RIB_DATA_ASSET_FONT: return rive::DataType::assetFont;
#endif
#if RIB_HAS_DATA_TYPE_ASSET_BLOB
        case RIB_DATA_ASSET_BLOB: return rive::DataType::assetBlob;
#endif
#if RIB_HAS_DATA_TYPE_ARTBOARD
        case RIB_DATA_ARTBOARD: return rive::DataType::artboard;
#endif
#if RIB_HAS_DATA_TYPE_INPUT
        case RIB_DATA_INPUT: return rive::DataType::input;
#endif
#if RIB_HAS_DATA_TYPE_ANY
        case RIB_DATA_ANY: return rive::DataType::any;
#endif
        default: break;
    }
    return rive::DataType::none;
}

rib_data_type fromCpp(rive::DataType type)
{
    switch (type)
    {
        case rive::DataType::none: return RIB_DATA_NONE;
        case rive::DataType::string: return RIB_DATA_STRING;
        case rive::DataType::number: return RIB_DATA_NUMBER;
        case rive::DataType::boolean: return RIB_DATA_BOOLEAN;
        case rive::DataType::color: return RIB_DATA_COLOR;
        case rive::DataType::list: return RIB_DATA_LIST;
        case rive::DataType::enumType: return RIB_DATA_ENUM;
        case rive::DataType::trigger: return RIB_DATA_TRIGGER;
        case rive::DataType::viewModel: return RIB_DATA_VIEW_MODEL;
#if RIB_HAS_DATA_TYPE_INTEGER
        case rive::DataType::integer: return RIB_DATA_INTEGER;
#endif
#if RIB_HAS_DATA_TYPE_SYMBOL_LIST_INDEX
        case rive::DataType::symbolListIndex: return RIB_DATA_SYMBOL_LIST_INDEX;
#endif
#if RIB_HAS_DATA_TYPE_ASSET_IMAGE
        case rive::DataType::assetImage: return RIB_DATA_ASSET_IMAGE;
#endif
#if RIB_HAS_DATA_TYPE_ASSET_FONT
        case rive::DataType::assetFont: return RIB_DATA_ASSET_FONT;
#endif
#if RIB_HAS_DATA_TYPE_ASSET_BLOB
        case rive::DataType::assetBlob: return RIB_DATA_ASSET_BLOB;
#endif
#if RIB_HAS_DATA_TYPE_ARTBOARD
        case rive::DataType::artboard: return RIB_DATA_ARTBOARD;
#endif
#if RIB_HAS_DATA_TYPE_INPUT
        case rive::DataType::input: return RIB_DATA_INPUT;
#endif
#if RIB_HAS_DATA_TYPE_ANY
        case rive::DataType::any: return RIB_DATA_ANY;
#endif
        default: return RIB_DATA_UNKNOWN;
    }
}

rive::Fit toCpp(rib_fit fit)
{
    switch (fit)
    {
        case RIB_FIT_FILL: return rive::Fit::fill;
        case RIB_FIT_CONTAIN: return rive::Fit::contain;
        case RIB_FIT_COVER: return rive::Fit::cover;
        case RIB_FIT_FIT_WIDTH: return rive::Fit::fitWidth;
        case RIB_FIT_FIT_HEIGHT: return rive::Fit::fitHeight;
        case RIB_FIT_NONE: return rive::Fit::none;
        case RIB_FIT_SCALE_DOWN: return rive::Fit::scaleDown;
        case RIB_FIT_LAYOUT: return rive::Fit::layout;
    }
    return rive::Fit::contain;
}

rive::Alignment toCpp(rib_alignment alignment)
{
    switch (alignment)
    {
        case RIB_ALIGN_TOP_LEFT: return rive::Alignment::topLeft;
        case RIB_ALIGN_TOP_CENTER: return rive::Alignment::topCenter;
        case RIB_ALIGN_TOP_RIGHT: return rive::Alignment::topRight;
        case RIB_ALIGN_CENTER_LEFT: return rive::Alignment::centerLeft;
        case RIB_ALIGN_CENTER: return rive::Alignment::center;
        case RIB_ALIGN_CENTER_RIGHT: return rive::Alignment::centerRight;
        case RIB_ALIGN_BOTTOM_LEFT: return rive::Alignment::bottomLeft;
        case RIB_ALIGN_BOTTOM_CENTER: return rive::Alignment::bottomCenter;
        case RIB_ALIGN_BOTTOM_RIGHT: return rive::Alignment::bottomRight;
    }
    return rive::Alignment::center;
}

/// Strings as C pointers, valid while the vector lives.
std::vector<const char*> cStrings(const std::vector<std::string>& strings)
{
    std::vector<const char*> result;
    result.reserve(strings.size());
    for (const auto& s : strings)
        result.push_back(s.c_str());
    return result;
}

/// What every listener holds: where its events go.
struct Sink
{
    rib_event_handler handler;
    void* observer;

    void send(rib_event event) const { handler(observer, &event); }
    rib_event make(rib_event_kind kind, uint64_t handle, uint64_t requestID) const
    {
        rib_event event{};
        event.kind = kind;
        event.handle = handle;
        event.request_id = requestID;
        return event;
    }
    void simple(rib_event_kind kind, uint64_t handle, uint64_t requestID) const
    {
        send(make(kind, handle, requestID));
    }
    void text(rib_event_kind kind, uint64_t handle, uint64_t requestID, const std::string& text) const
    {
        auto event = make(kind, handle, requestID);
        event.text = text.c_str();
        send(event);
    }
    void created(rib_event_kind kind, uint64_t handle, uint64_t requestID, uint64_t created) const
    {
        auto event = make(kind, handle, requestID);
        event.created_handle = created;
        send(event);
    }
    void names(rib_event_kind kind, uint64_t handle, uint64_t requestID,
               const std::vector<std::string>& names, const char* text = nullptr) const
    {
        auto pointers = cStrings(names);
        auto event = make(kind, handle, requestID);
        event.text = text;
        event.count = pointers.size();
        event.names = pointers.data();
        send(event);
    }
};

class FileListener final : public rive::CommandQueue::FileListener
{
public:
    explicit FileListener(Sink sink) : m_sink(sink) {}
    void onFileError(const rive::FileHandle h, uint64_t r, std::string error) override
    {
        m_sink.text(RIB_FILE_ERROR, toID(h), r, error);
    }
    void onFileDeleted(const rive::FileHandle h, uint64_t r) override { m_sink.simple(RIB_FILE_DELETED, toID(h), r); }
    void onFileLoaded(const rive::FileHandle h, uint64_t r) override { m_sink.simple(RIB_FILE_LOADED, toID(h), r); }
    void onArtboardInstantiated(const rive::FileHandle h, uint64_t r, rive::ArtboardHandle a) override
    {
        m_sink.created(RIB_FILE_ARTBOARD_INSTANTIATED, toID(h), r, toID(a));
    }
    void onViewModelInstanceInstantiated(const rive::FileHandle h, uint64_t r, rive::ViewModelInstanceHandle v) override
    {
        m_sink.created(RIB_FILE_INSTANCE_INSTANTIATED, toID(h), r, toID(v));
    }
    void onArtboardsListed(const rive::FileHandle h, uint64_t r, std::vector<std::string> names) override
    {
        m_sink.names(RIB_FILE_ARTBOARDS_LISTED, toID(h), r, names);
    }
    void onViewModelsListed(const rive::FileHandle h, uint64_t r, std::vector<std::string> names) override
    {
        m_sink.names(RIB_FILE_VIEW_MODELS_LISTED, toID(h), r, names);
    }
    void onViewModelInstanceNamesListed(const rive::FileHandle h, uint64_t r, std::string viewModel,
                                        std::vector<std::string> names) override
    {
        m_sink.names(RIB_FILE_INSTANCE_NAMES_LISTED, toID(h), r, names, viewModel.c_str());
    }
    void onViewModelPropertiesListed(const rive::FileHandle h, uint64_t r, std::string viewModel,
                                     std::vector<ViewModelPropertyData> properties) override
    {
        std::vector<std::string> names, metadata;
        std::vector<rib_data_type> types;
        for (const auto& property : properties)
        {
            names.push_back(property.name);
            metadata.push_back(property.metaData);
            types.push_back(fromCpp(property.type));
        }
        auto namePointers = cStrings(names);
        auto metadataPointers = cStrings(metadata);
        auto event = m_sink.make(RIB_FILE_PROPERTIES_LISTED, toID(h), r);
        event.text = viewModel.c_str();
        event.count = names.size();
        event.names = namePointers.data();
        event.metadata = metadataPointers.data();
        event.types = types.data();
        m_sink.send(event);
    }
    void onViewModelEnumsListed(const rive::FileHandle h, uint64_t r, std::vector<rive::ViewModelEnum> enums) override
    {
        std::vector<std::string> names, values;
        std::vector<size_t> counts;
        for (const auto& e : enums)
        {
            names.push_back(e.name);
            counts.push_back(e.enumerants.size());
            for (const auto& value : e.enumerants)
                values.push_back(value);
        }
        auto namePointers = cStrings(names);
        auto valuePointers = cStrings(values);
        auto event = m_sink.make(RIB_FILE_ENUMS_LISTED, toID(h), r);
        event.count = names.size();
        event.names = namePointers.data();
        event.value_counts = counts.data();
        event.values = valuePointers.data();
        m_sink.send(event);
    }

private:
    Sink m_sink;
};

class ArtboardListener final : public rive::CommandQueue::ArtboardListener
{
public:
    explicit ArtboardListener(Sink sink) : m_sink(sink) {}
    void onArtboardError(const rive::ArtboardHandle h, uint64_t r, std::string error) override
    {
        m_sink.text(RIB_ARTBOARD_ERROR, toID(h), r, error);
    }
    void onArtboardDeleted(const rive::ArtboardHandle h, uint64_t r) override
    {
        m_sink.simple(RIB_ARTBOARD_DELETED, toID(h), r);
    }
    void onStateMachinesListed(const rive::ArtboardHandle h, uint64_t r, std::vector<std::string> names) override
    {
        m_sink.names(RIB_ARTBOARD_STATE_MACHINES_LISTED, toID(h), r, names);
    }
    void onStateMachineInstantiated(const rive::ArtboardHandle h, uint64_t r, rive::StateMachineHandle s) override
    {
        m_sink.created(RIB_ARTBOARD_STATE_MACHINE_INSTANTIATED, toID(h), r, toID(s));
    }
    void onDefaultViewModelInfoReceived(const rive::ArtboardHandle h, uint64_t r, std::string viewModel,
                                        std::string instance) override
    {
        auto event = m_sink.make(RIB_ARTBOARD_DEFAULT_VIEW_MODEL_INFO, toID(h), r);
        event.text = viewModel.c_str();
        event.text2 = instance.c_str();
        m_sink.send(event);
    }
    void onArtboardVolumeReceived(const rive::ArtboardHandle h, uint64_t r, float volume) override
    {
        auto event = m_sink.make(RIB_ARTBOARD_VOLUME, toID(h), r);
        event.number_value = volume;
        m_sink.send(event);
    }

private:
    Sink m_sink;
};

class StateMachineListener final : public rive::CommandQueue::StateMachineListener
{
public:
    explicit StateMachineListener(Sink sink) : m_sink(sink) {}
    void onStateMachineError(const rive::StateMachineHandle h, uint64_t r, std::string error) override
    {
        m_sink.text(RIB_STATE_MACHINE_ERROR, toID(h), r, error);
    }
    void onStateMachineDeleted(const rive::StateMachineHandle h, uint64_t r) override
    {
        m_sink.simple(RIB_STATE_MACHINE_DELETED, toID(h), r);
    }
    void onStateMachineSettled(const rive::StateMachineHandle h, uint64_t r) override
    {
        m_sink.simple(RIB_STATE_MACHINE_SETTLED, toID(h), r);
    }

private:
    Sink m_sink;
};

class InstanceListener final : public rive::CommandQueue::ViewModelInstanceListener
{
public:
    explicit InstanceListener(Sink sink) : m_sink(sink) {}
    void onViewModelInstanceError(const rive::ViewModelInstanceHandle h, uint64_t r, std::string error) override
    {
        m_sink.text(RIB_INSTANCE_ERROR, toID(h), r, error);
    }
    void onViewModelDeleted(const rive::ViewModelInstanceHandle h, uint64_t r) override
    {
        m_sink.simple(RIB_INSTANCE_DELETED, toID(h), r);
    }
    void onViewModelDataReceived(const rive::ViewModelInstanceHandle h, uint64_t r,
                                 rive::CommandQueue::ViewModelInstanceData data) override
    {
        // The same fields the Objective-C++ bridge fills: the value of the property's type,
        // and the string for strings and enums (for other types only when not empty).
        auto event = m_sink.make(RIB_INSTANCE_DATA, toID(h), r);
        event.data_type = fromCpp(data.metaData.type);
        event.text = data.metaData.name.c_str();
        switch (data.metaData.type)
        {
            case rive::DataType::boolean: event.bool_value = data.boolValue ? 1 : 0; break;
            case rive::DataType::number: event.number_value = data.numberValue; break;
            case rive::DataType::color: event.color_value = data.colorValue; break;
            case rive::DataType::string:
            case rive::DataType::enumType:
                event.has_string = 1;
                event.string_value = data.stringValue.c_str();
                break;
            default:
                if (!data.stringValue.empty())
                {
                    event.has_string = 1;
                    event.string_value = data.stringValue.c_str();
                }
                break;
        }
        m_sink.send(event);
    }
    void onViewModelListSizeReceived(const rive::ViewModelInstanceHandle h, uint64_t r, std::string path,
                                     size_t size) override
    {
        auto event = m_sink.make(RIB_INSTANCE_LIST_SIZE, toID(h), r);
        event.text = path.c_str();
        event.size = static_cast<int64_t>(size);
        m_sink.send(event);
    }
    void onViewModelInstanceViewModelNameReceived(const rive::ViewModelInstanceHandle h, uint64_t r,
                                                  std::string name) override
    {
        m_sink.text(RIB_INSTANCE_VIEW_MODEL_NAME, toID(h), r, name);
    }
    void onViewModelInstanceNameReceived(const rive::ViewModelInstanceHandle h, uint64_t r, std::string name) override
    {
        m_sink.text(RIB_INSTANCE_NAME, toID(h), r, name);
    }

private:
    Sink m_sink;
};

class ImageListener final : public rive::CommandQueue::RenderImageListener
{
public:
    explicit ImageListener(Sink sink) : m_sink(sink) {}
    void onRenderImageDecoded(const rive::RenderImageHandle h, uint64_t r) override
    {
        m_sink.simple(RIB_IMAGE_DECODED, toID(h), r);
    }
    void onRenderImageError(const rive::RenderImageHandle h, uint64_t r, std::string error) override
    {
        m_sink.text(RIB_IMAGE_ERROR, toID(h), r, error);
    }
    void onRenderImageDeleted(const rive::RenderImageHandle h, uint64_t r) override
    {
        m_sink.simple(RIB_IMAGE_DELETED, toID(h), r);
    }

private:
    Sink m_sink;
};

class FontListener final : public rive::CommandQueue::FontListener
{
public:
    explicit FontListener(Sink sink) : m_sink(sink) {}
    void onFontDecoded(const rive::FontHandle h, uint64_t r) override { m_sink.simple(RIB_FONT_DECODED, toID(h), r); }
    void onFontError(const rive::FontHandle h, uint64_t r, std::string error) override
    {
        m_sink.text(RIB_FONT_ERROR, toID(h), r, error);
    }
    void onFontDeleted(const rive::FontHandle h, uint64_t r) override { m_sink.simple(RIB_FONT_DELETED, toID(h), r); }

private:
    Sink m_sink;
};

class AudioListener final : public rive::CommandQueue::AudioSourceListener
{
public:
    explicit AudioListener(Sink sink) : m_sink(sink) {}
    void onAudioSourceDecoded(const rive::AudioSourceHandle h, uint64_t r) override
    {
        m_sink.simple(RIB_AUDIO_DECODED, toID(h), r);
    }
    void onAudioSourceError(const rive::AudioSourceHandle h, uint64_t r, std::string error) override
    {
        m_sink.text(RIB_AUDIO_ERROR, toID(h), r, error);
    }
    void onAudioSourceDeleted(const rive::AudioSourceHandle h, uint64_t r) override
    {
        m_sink.simple(RIB_AUDIO_DELETED, toID(h), r);
    }

private:
    Sink m_sink;
};

/// A listener of any kind, deleted through its own type.
struct AnyListener
{
    virtual ~AnyListener() = default;
};
template <typename Listener> struct OwnedListener final : AnyListener
{
    explicit OwnedListener(Sink sink) : listener(sink) {}
    Listener listener;
};

} // namespace

struct rib_factory
{
    std::shared_ptr<harness::HarnessFactory> factory = std::make_shared<harness::HarnessFactory>();
};

struct rib_queue
{
    rive::rcp<rive::CommandQueue> queue = rive::make_rcp<rive::CommandQueue>();
    rib_event_handler handler;
    std::map<std::pair<int, uint64_t>, std::unique_ptr<AnyListener>> listeners;

    /// Makes a listener for a handle that the command returns, and keeps it.
    template <typename Listener, typename Command>
    uint64_t withListener(rib_listener_kind kind, void* observer, Command command)
    {
        auto owned = std::make_unique<OwnedListener<Listener>>(Sink{handler, observer});
        uint64_t handle = toID(command(&owned->listener));
        listeners[{kind, handle}] = std::move(owned);
        return handle;
    }
};

struct rib_server
{
    /// The factory first: the server draws with it, so it must be destroyed after the server.
    std::shared_ptr<harness::HarnessFactory> factory;
    std::shared_ptr<rive::CommandServer> server;
    bool started = false;
};

extern "C" {

rib_factory* rib_factory_create(void) { return new rib_factory(); }
void rib_factory_destroy(rib_factory* factory) { delete factory; }

rib_queue* rib_queue_create(rib_event_handler handler)
{
    auto* queue = new rib_queue();
    queue->handler = handler;
    return queue;
}

void rib_queue_destroy(rib_queue* queue)
{
    queue->listeners.clear();
    delete queue;
}

void rib_queue_disconnect(rib_queue* q) { q->queue->disconnect(); }
void rib_queue_process_messages(rib_queue* q) { q->queue->processMessages(); }

void rib_queue_delete_listener(rib_queue* q, rib_listener_kind kind, uint64_t handle)
{
    q->listeners.erase({kind, handle});
}

rib_server* rib_server_create(rib_queue* q, rib_factory* factory)
{
    auto* server = new rib_server();
    server->factory = factory->factory;
    server->server = std::make_shared<rive::CommandServer>(q->queue, server->factory.get());
    return server;
}

void rib_server_serve_until_disconnect(rib_server* s)
{
    if (s->started)
        return;
    s->started = true;
    // The thread keeps the server and its factory until the queue disconnects.
    std::thread([factory = s->factory, server = s->server]() mutable {
        server->serveUntilDisconnect();
        server.reset();
        factory.reset();
    }).detach();
}

void rib_server_release(rib_server* s) { delete s; }

uint64_t rib_load_file(rib_queue* q, const uint8_t* bytes, size_t length, void* observer, uint64_t r)
{
    std::vector<uint8_t> data(bytes, bytes + length);
    return q->withListener<FileListener>(RIB_LISTENER_FILE, observer, [&](FileListener* l) {
        return q->queue->loadFile(std::move(data), l, r);
    });
}
void rib_delete_file(rib_queue* q, uint64_t f, uint64_t r) { q->queue->deleteFile(toHandle<rive::FileHandle>(f), r); }
void rib_request_artboard_names(rib_queue* q, uint64_t f, uint64_t r)
{
    q->queue->requestArtboardNames(toHandle<rive::FileHandle>(f), r);
}
void rib_request_view_model_names(rib_queue* q, uint64_t f, uint64_t r)
{
    q->queue->requestViewModelNames(toHandle<rive::FileHandle>(f), r);
}
void rib_request_view_model_enums(rib_queue* q, uint64_t f, uint64_t r)
{
    q->queue->requestViewModelEnums(toHandle<rive::FileHandle>(f), r);
}
void rib_request_view_model_instance_names(rib_queue* q, uint64_t f, const char* vm, uint64_t r)
{
    q->queue->requestViewModelInstanceNames(toHandle<rive::FileHandle>(f), vm, r);
}
void rib_request_view_model_property_definitions(rib_queue* q, uint64_t f, const char* vm, uint64_t r)
{
    q->queue->requestViewModelPropertyDefinitions(toHandle<rive::FileHandle>(f), vm, r);
}

uint64_t rib_instantiate_artboard(rib_queue* q, uint64_t f, const char* name, void* observer, uint64_t r)
{
    return q->withListener<ArtboardListener>(RIB_LISTENER_ARTBOARD, observer, [&](ArtboardListener* l) {
        return q->queue->instantiateArtboardNamed(toHandle<rive::FileHandle>(f), name, l, r);
    });
}
void rib_delete_artboard(rib_queue* q, uint64_t a, uint64_t r)
{
    q->queue->deleteArtboard(toHandle<rive::ArtboardHandle>(a), r);
}
void rib_set_artboard_size(rib_queue* q, uint64_t a, float w, float h, float scale, uint64_t r)
{
    q->queue->setArtboardSize(toHandle<rive::ArtboardHandle>(a), w, h, scale, r);
}
void rib_reset_artboard_size(rib_queue* q, uint64_t a, uint64_t r)
{
    q->queue->resetArtboardSize(toHandle<rive::ArtboardHandle>(a), r);
}
void rib_set_artboard_volume(rib_queue* q, uint64_t a, float volume, uint64_t r)
{
    q->queue->setArtboardVolume(toHandle<rive::ArtboardHandle>(a), volume, r);
}
void rib_request_artboard_volume(rib_queue* q, uint64_t a, uint64_t r)
{
    q->queue->requestArtboardVolume(toHandle<rive::ArtboardHandle>(a), r);
}
void rib_request_state_machine_names(rib_queue* q, uint64_t a, uint64_t r)
{
    q->queue->requestStateMachineNames(toHandle<rive::ArtboardHandle>(a), r);
}
void rib_request_default_view_model_info(rib_queue* q, uint64_t a, uint64_t f, uint64_t r)
{
    q->queue->requestDefaultViewModelInfo(toHandle<rive::ArtboardHandle>(a), toHandle<rive::FileHandle>(f), r);
}
uint64_t rib_instantiate_state_machine(rib_queue* q, uint64_t a, const char* name, void* observer, uint64_t r)
{
    return q->withListener<StateMachineListener>(RIB_LISTENER_STATE_MACHINE, observer, [&](StateMachineListener* l) {
        return q->queue->instantiateStateMachineNamed(toHandle<rive::ArtboardHandle>(a), name, l, r);
    });
}
void rib_advance_state_machine(rib_queue* q, uint64_t s, float seconds, uint64_t r)
{
    q->queue->advanceStateMachine(toHandle<rive::StateMachineHandle>(s), seconds, r);
}
void rib_delete_state_machine(rib_queue* q, uint64_t s, uint64_t r)
{
    q->queue->deleteStateMachine(toHandle<rive::StateMachineHandle>(s), r);
}
void rib_bind_view_model_instance(rib_queue* q, uint64_t s, uint64_t v, uint64_t r)
{
    q->queue->bindViewModelInstance(toHandle<rive::StateMachineHandle>(s), toHandle<rive::ViewModelInstanceHandle>(v), r);
}
void rib_enable_semantics(rib_queue* q, uint64_t s, uint64_t r)
{
    q->queue->enableSemantics(toHandle<rive::StateMachineHandle>(s), r);
}
void rib_fire_semantic_action(rib_queue* q, uint64_t s, uint32_t node, int action, uint64_t r)
{
    rive::SemanticActionType type = rive::SemanticActionType::tap;
    if (action == 1)
        type = rive::SemanticActionType::increase;
    else if (action == 2)
        type = rive::SemanticActionType::decrease;
    q->queue->fireSemanticAction(toHandle<rive::StateMachineHandle>(s), node, type, r);
}
void rib_request_semantic_focus(rib_queue* q, uint64_t s, uint32_t node, uint64_t r)
{
    q->queue->requestSemanticFocus(toHandle<rive::StateMachineHandle>(s), node, r);
}
void rib_clear_semantic_focus(rib_queue* q, uint64_t s, uint64_t r)
{
    q->queue->clearSemanticFocus(toHandle<rive::StateMachineHandle>(s), r);
}
void rib_pointer_event(rib_queue* q, rib_pointer_kind kind, uint64_t s, int pointerID, float x, float y,
                       float width, float height, rib_fit fit, rib_alignment alignment, float scale, uint64_t r)
{
    rive::CommandQueue::PointerEvent event;
    event.fit = toCpp(fit);
    event.alignment = toCpp(alignment);
    event.screenBounds = rive::Vec2D(width, height);
    event.position = rive::Vec2D(x, y);
    event.scaleFactor = scale;
    event.pointerId = pointerID;
    auto handle = toHandle<rive::StateMachineHandle>(s);
    switch (kind)
    {
        case RIB_POINTER_MOVE: q->queue->pointerMove(handle, event, r); break;
        case RIB_POINTER_DOWN: q->queue->pointerDown(handle, event, r); break;
        case RIB_POINTER_UP: q->queue->pointerUp(handle, event, r); break;
        case RIB_POINTER_EXIT: q->queue->pointerExit(handle, event, r); break;
    }
}

uint64_t rib_create_draw_key(rib_queue* q) { return toID(q->queue->createDrawKey()); }
void rib_draw(rib_queue* q, uint64_t key, void (*callback)(void*, void*), void* context)
{
    q->queue->draw(toHandle<rive::DrawKey>(key), [callback, context](rive::DrawKey, rive::CommandServer* server) {
        callback(context, server);
    });
}

uint64_t rib_instantiate_blank_instance(rib_queue* q, uint64_t f, uint64_t a, const char* vm, void* observer,
                                        uint64_t r)
{
    return q->withListener<InstanceListener>(RIB_LISTENER_VIEW_MODEL_INSTANCE, observer, [&](InstanceListener* l) {
        auto file = toHandle<rive::FileHandle>(f);
        return a != 0 ? q->queue->instantiateBlankViewModelInstance(file, toHandle<rive::ArtboardHandle>(a), l, r)
                      : q->queue->instantiateBlankViewModelInstance(file, std::string(vm), l, r);
    });
}
uint64_t rib_instantiate_named_instance(rib_queue* q, uint64_t f, uint64_t a, const char* vm, const char* name,
                                        void* observer, uint64_t r)
{
    return q->withListener<InstanceListener>(RIB_LISTENER_VIEW_MODEL_INSTANCE, observer, [&](InstanceListener* l) {
        auto file = toHandle<rive::FileHandle>(f);
        return a != 0 ? q->queue->instantiateViewModelInstanceNamed(file, toHandle<rive::ArtboardHandle>(a), name, l, r)
                      : q->queue->instantiateViewModelInstanceNamed(file, std::string(vm), name, l, r);
    });
}
uint64_t rib_reference_nested_instance(rib_queue* q, uint64_t v, const char* path, void* observer, uint64_t r)
{
    return q->withListener<InstanceListener>(RIB_LISTENER_VIEW_MODEL_INSTANCE, observer, [&](InstanceListener* l) {
        return q->queue->referenceNestedViewModelInstance(toHandle<rive::ViewModelInstanceHandle>(v), path, l, r);
    });
}
uint64_t rib_reference_list_instance(rib_queue* q, uint64_t v, const char* path, int index, void* observer,
                                     uint64_t r)
{
    return q->withListener<InstanceListener>(RIB_LISTENER_VIEW_MODEL_INSTANCE, observer, [&](InstanceListener* l) {
        return q->queue->referenceListViewModelInstance(toHandle<rive::ViewModelInstanceHandle>(v), path, index, l, r);
    });
}
void rib_request_instance_value(rib_queue* q, uint64_t v, const char* path, rib_data_type type, uint64_t r)
{
    auto handle = toHandle<rive::ViewModelInstanceHandle>(v);
    switch (type)
    {
        case RIB_DATA_STRING: q->queue->requestViewModelInstanceString(handle, path, r); break;
        case RIB_DATA_NUMBER: q->queue->requestViewModelInstanceNumber(handle, path, r); break;
        case RIB_DATA_BOOLEAN: q->queue->requestViewModelInstanceBool(handle, path, r); break;
        case RIB_DATA_COLOR: q->queue->requestViewModelInstanceColor(handle, path, r); break;
        case RIB_DATA_ENUM: q->queue->requestViewModelInstanceEnum(handle, path, r); break;
        default: break;
    }
}
void rib_request_instance_list_size(rib_queue* q, uint64_t v, const char* path, uint64_t r)
{
    q->queue->requestViewModelInstanceListSize(toHandle<rive::ViewModelInstanceHandle>(v), path, r);
}
void rib_request_instance_view_model_name(rib_queue* q, uint64_t v, uint64_t r)
{
    q->queue->requestViewModelInstanceViewModelName(toHandle<rive::ViewModelInstanceHandle>(v), r);
}
void rib_request_instance_name(rib_queue* q, uint64_t v, uint64_t r)
{
    q->queue->requestViewModelInstanceName(toHandle<rive::ViewModelInstanceHandle>(v), r);
}
void rib_set_instance_string(rib_queue* q, uint64_t v, const char* path, const char* value, uint64_t r)
{
    q->queue->setViewModelInstanceString(toHandle<rive::ViewModelInstanceHandle>(v), path, value, r);
}
void rib_set_instance_number(rib_queue* q, uint64_t v, const char* path, float value, uint64_t r)
{
    q->queue->setViewModelInstanceNumber(toHandle<rive::ViewModelInstanceHandle>(v), path, value, r);
}
void rib_set_instance_bool(rib_queue* q, uint64_t v, const char* path, int value, uint64_t r)
{
    q->queue->setViewModelInstanceBool(toHandle<rive::ViewModelInstanceHandle>(v), path, value != 0, r);
}
void rib_set_instance_color(rib_queue* q, uint64_t v, const char* path, uint32_t value, uint64_t r)
{
    q->queue->setViewModelInstanceColor(toHandle<rive::ViewModelInstanceHandle>(v), path, value, r);
}
void rib_set_instance_enum(rib_queue* q, uint64_t v, const char* path, const char* value, uint64_t r)
{
    q->queue->setViewModelInstanceEnum(toHandle<rive::ViewModelInstanceHandle>(v), path, value, r);
}
void rib_set_instance_image(rib_queue* q, uint64_t v, const char* path, uint64_t image, uint64_t r)
{
    q->queue->setViewModelInstanceImage(toHandle<rive::ViewModelInstanceHandle>(v), path,
                                        toHandle<rive::RenderImageHandle>(image), r);
}
void rib_set_instance_artboard(rib_queue* q, uint64_t v, const char* path, uint64_t artboard, uint64_t r)
{
    q->queue->setViewModelInstanceArtboard(toHandle<rive::ViewModelInstanceHandle>(v), path,
                                           toHandle<rive::ArtboardHandle>(artboard), r);
}
void rib_set_instance_nested(rib_queue* q, uint64_t v, const char* path, uint64_t value, uint64_t r)
{
    q->queue->setViewModelInstanceNestedViewModel(toHandle<rive::ViewModelInstanceHandle>(v), path,
                                                  toHandle<rive::ViewModelInstanceHandle>(value), r);
}
void rib_fire_trigger(rib_queue* q, uint64_t v, const char* path, uint64_t r)
{
    q->queue->fireViewModelTrigger(toHandle<rive::ViewModelInstanceHandle>(v), path, r);
}
void rib_insert_list_item(rib_queue* q, uint64_t v, const char* path, uint64_t value, int index, uint64_t r)
{
    q->queue->insertViewModelInstanceListViewModel(toHandle<rive::ViewModelInstanceHandle>(v), path,
                                                   toHandle<rive::ViewModelInstanceHandle>(value), index, r);
}
void rib_remove_list_item(rib_queue* q, uint64_t v, const char* path, int index, uint64_t value, uint64_t r)
{
    q->queue->removeViewModelInstanceListViewModel(toHandle<rive::ViewModelInstanceHandle>(v), path, index,
                                                   toHandle<rive::ViewModelInstanceHandle>(value), r);
}
void rib_swap_list_items(rib_queue* q, uint64_t v, const char* path, int a, int b, uint64_t r)
{
    q->queue->swapViewModelInstanceListValues(toHandle<rive::ViewModelInstanceHandle>(v), path, a, b, r);
}
void rib_delete_instance(rib_queue* q, uint64_t v, uint64_t r)
{
    q->queue->deleteViewModelInstance(toHandle<rive::ViewModelInstanceHandle>(v), r);
}
void rib_subscribe(rib_queue* q, uint64_t v, const char* path, rib_data_type type, uint64_t r)
{
    q->queue->subscribeToViewModelProperty(toHandle<rive::ViewModelInstanceHandle>(v), path, toCpp(type), r);
}
void rib_unsubscribe(rib_queue* q, uint64_t v, const char* path, rib_data_type type, uint64_t r)
{
    q->queue->unsubscribeToViewModelProperty(toHandle<rive::ViewModelInstanceHandle>(v), path, toCpp(type), r);
}

uint64_t rib_decode_image(rib_queue* q, const uint8_t* bytes, size_t length, void* observer, uint64_t r)
{
    std::vector<uint8_t> data(bytes, bytes + length);
    return q->withListener<ImageListener>(RIB_LISTENER_IMAGE, observer, [&](ImageListener* l) {
        return q->queue->decodeImage(std::move(data), l, r);
    });
}
void rib_delete_image(rib_queue* q, uint64_t i, uint64_t r) { q->queue->deleteImage(toHandle<rive::RenderImageHandle>(i), r); }
void rib_add_global_image(rib_queue* q, const char* name, uint64_t i, uint64_t r)
{
    q->queue->addGlobalImageAsset(name, toHandle<rive::RenderImageHandle>(i), r);
}
void rib_remove_global_image(rib_queue* q, const char* name, uint64_t r) { q->queue->removeGlobalImageAsset(name, r); }
uint64_t rib_decode_font(rib_queue* q, const uint8_t* bytes, size_t length, void* observer, uint64_t r)
{
    std::vector<uint8_t> data(bytes, bytes + length);
    return q->withListener<FontListener>(RIB_LISTENER_FONT, observer, [&](FontListener* l) {
        return q->queue->decodeFont(std::move(data), l, r);
    });
}
void rib_delete_font(rib_queue* q, uint64_t f, uint64_t r) { q->queue->deleteFont(toHandle<rive::FontHandle>(f), r); }
void rib_add_global_font(rib_queue* q, const char* name, uint64_t f, uint64_t r)
{
    q->queue->addGlobalFontAsset(name, toHandle<rive::FontHandle>(f), r);
}
void rib_remove_global_font(rib_queue* q, const char* name, uint64_t r) { q->queue->removeGlobalFontAsset(name, r); }
uint64_t rib_decode_audio(rib_queue* q, const uint8_t* bytes, size_t length, void* observer, uint64_t r)
{
    std::vector<uint8_t> data(bytes, bytes + length);
    return q->withListener<AudioListener>(RIB_LISTENER_AUDIO, observer, [&](AudioListener* l) {
        return q->queue->decodeAudio(std::move(data), l, r);
    });
}
void rib_delete_audio(rib_queue* q, uint64_t a, uint64_t r)
{
    q->queue->deleteAudio(toHandle<rive::AudioSourceHandle>(a), r);
}
void rib_add_global_audio(rib_queue* q, const char* name, uint64_t a, uint64_t r)
{
    q->queue->addGlobalAudioAsset(name, toHandle<rive::AudioSourceHandle>(a), r);
}
void rib_remove_global_audio(rib_queue* q, const char* name, uint64_t r) { q->queue->removeGlobalAudioAsset(name, r); }

} // extern "C"
