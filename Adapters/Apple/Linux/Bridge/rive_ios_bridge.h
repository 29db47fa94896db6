/*
 * rive_ios_bridge.h: a C interface over rive::CommandQueue and rive::CommandServer for
 * RiveRuntime's Swift layer on Linux.
 *
 * RiveRuntime's Swift files talk to the engine through an Objective-C++ bridge
 * (RiveCommandQueue, RiveCommandServer) that Linux cannot compile. This interface is what
 * our Swift classes of the same names (the Swift files beside this header) call instead: every command goes to
 * the C++ command queue as the Objective-C++ bridge sends it, and every listener callback
 * of the C++ queue comes back as one rib_event handed to the queue's event handler, during
 * rib_queue_process_messages, on the thread that called it (the main thread).
 *
 * Handles are the C++ handles reinterpreted as 64-bit integers, as the Objective-C++
 * bridge passes them. Strings are UTF-8 and borrowed for the duration of a call.
 */
#ifndef RIVE_IOS_BRIDGE_H
#define RIVE_IOS_BRIDGE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct rib_queue rib_queue;
typedef struct rib_server rib_server;
typedef struct rib_factory rib_factory;

/** The kinds of listener a creating command registers, one per handle type. */
typedef enum rib_listener_kind {
    RIB_LISTENER_FILE = 0,
    RIB_LISTENER_ARTBOARD,
    RIB_LISTENER_STATE_MACHINE,
    RIB_LISTENER_VIEW_MODEL_INSTANCE,
    RIB_LISTENER_IMAGE,
    RIB_LISTENER_FONT,
    RIB_LISTENER_AUDIO,
} rib_listener_kind;

/** The view-model data types, named as rive::DataType names them. */
typedef enum rib_data_type {
    RIB_DATA_NONE = 0,
    RIB_DATA_STRING,
    RIB_DATA_NUMBER,
    RIB_DATA_BOOLEAN,
    RIB_DATA_COLOR,
    RIB_DATA_LIST,
    RIB_DATA_ENUM,
    RIB_DATA_TRIGGER,
    RIB_DATA_VIEW_MODEL,
    RIB_DATA_INTEGER,
    RIB_DATA_SYMBOL_LIST_INDEX,
    RIB_DATA_ASSET_IMAGE,
    RIB_DATA_ASSET_FONT,
    RIB_DATA_ASSET_BLOB,
    RIB_DATA_ARTBOARD,
    RIB_DATA_INPUT,
    RIB_DATA_ANY,
    /** A rive::DataType this bridge does not know (a newer engine). */
    RIB_DATA_UNKNOWN = 255,
} rib_data_type;

/** One listener callback of the C++ command queue. */
typedef enum rib_event_kind {
    RIB_FILE_LOADED = 0,
    RIB_FILE_DELETED,
    RIB_FILE_ERROR,                    /* text: message */
    RIB_FILE_ARTBOARD_INSTANTIATED,    /* created_handle: artboard */
    RIB_FILE_INSTANCE_INSTANTIATED,    /* created_handle: view-model instance */
    RIB_FILE_ARTBOARDS_LISTED,         /* names */
    RIB_FILE_VIEW_MODELS_LISTED,       /* names */
    RIB_FILE_INSTANCE_NAMES_LISTED,    /* text: view model, names */
    RIB_FILE_PROPERTIES_LISTED,        /* text: view model, names, types, metadata */
    RIB_FILE_ENUMS_LISTED,             /* names: enum names, value_counts, values (flattened) */
    RIB_ARTBOARD_ERROR,                /* text: message */
    RIB_ARTBOARD_DELETED,
    RIB_ARTBOARD_STATE_MACHINES_LISTED, /* names */
    RIB_ARTBOARD_STATE_MACHINE_INSTANTIATED, /* created_handle: state machine */
    RIB_ARTBOARD_DEFAULT_VIEW_MODEL_INFO, /* text: view model, text2: instance */
    RIB_ARTBOARD_VOLUME,               /* number_value */
    RIB_STATE_MACHINE_ERROR,           /* text: message */
    RIB_STATE_MACHINE_DELETED,
    RIB_STATE_MACHINE_SETTLED,
    RIB_INSTANCE_ERROR,                /* text: message */
    RIB_INSTANCE_DELETED,
    RIB_INSTANCE_DATA,                 /* data_type, text: property name, value fields */
    RIB_INSTANCE_LIST_SIZE,            /* text: path, size */
    RIB_INSTANCE_VIEW_MODEL_NAME,      /* text */
    RIB_INSTANCE_NAME,                 /* text */
    RIB_IMAGE_DECODED,
    RIB_IMAGE_ERROR,                   /* text: message */
    RIB_IMAGE_DELETED,
    RIB_FONT_DECODED,
    RIB_FONT_ERROR,                    /* text: message */
    RIB_FONT_DELETED,
    RIB_AUDIO_DECODED,
    RIB_AUDIO_ERROR,                   /* text: message */
    RIB_AUDIO_DELETED,
} rib_event_kind;

/** A listener callback's arguments; which fields are set depends on the kind. */
typedef struct rib_event {
    rib_event_kind kind;
    uint64_t handle;
    uint64_t request_id;
    uint64_t created_handle;
    const char* text;
    const char* text2;
    size_t count;
    const char* const* names;
    const rib_data_type* types;
    const char* const* metadata;
    const size_t* value_counts;
    const char* const* values;
    rib_data_type data_type;
    int has_string;
    const char* string_value;
    int bool_value;
    float number_value;
    uint32_t color_value;
    int64_t size;
} rib_event;

/** Receives every listener callback; `observer` is what the creating command was given. */
typedef void (*rib_event_handler)(void* observer, const rib_event* event);

/** Fit and alignment of pointer events, named as rive::Fit and rive::Alignment name them. */
typedef enum rib_fit {
    RIB_FIT_FILL = 0, RIB_FIT_CONTAIN, RIB_FIT_COVER, RIB_FIT_FIT_WIDTH, RIB_FIT_FIT_HEIGHT,
    RIB_FIT_NONE, RIB_FIT_SCALE_DOWN, RIB_FIT_LAYOUT,
} rib_fit;
typedef enum rib_alignment {
    RIB_ALIGN_TOP_LEFT = 0, RIB_ALIGN_TOP_CENTER, RIB_ALIGN_TOP_RIGHT,
    RIB_ALIGN_CENTER_LEFT, RIB_ALIGN_CENTER, RIB_ALIGN_CENTER_RIGHT,
    RIB_ALIGN_BOTTOM_LEFT, RIB_ALIGN_BOTTOM_CENTER, RIB_ALIGN_BOTTOM_RIGHT,
} rib_alignment;
typedef enum rib_pointer_kind {
    RIB_POINTER_MOVE = 0, RIB_POINTER_DOWN, RIB_POINTER_UP, RIB_POINTER_EXIT,
} rib_pointer_kind;

/* --- Factory, queue, server ---------------------------------------------------------------- */

/** Our headless recording factory (Adapters/rive-cpp/common), what a render context holds. */
rib_factory* rib_factory_create(void);
void rib_factory_destroy(rib_factory* factory);

rib_queue* rib_queue_create(rib_event_handler handler);
/** Deletes the queue's listeners and drops its reference to the C++ queue. */
void rib_queue_destroy(rib_queue* queue);
void rib_queue_disconnect(rib_queue* queue);
/** Delivers every message the server has posted, through the event handler. */
void rib_queue_process_messages(rib_queue* queue);
/** Deletes the listener registered for a handle; no-op when there is none. */
void rib_queue_delete_listener(rib_queue* queue, rib_listener_kind kind, uint64_t handle);

/** A command server over the queue, drawing with the factory (which it keeps alive). */
rib_server* rib_server_create(rib_queue* queue, rib_factory* factory);
/** Starts serving on a thread of its own until the queue disconnects; once only. */
void rib_server_serve_until_disconnect(rib_server* server);
/** Releases the caller's reference; a serving thread keeps the server until it returns. */
void rib_server_release(rib_server* server);

/* --- Files ----------------------------------------------------------------------------------- */

uint64_t rib_load_file(rib_queue* q, const uint8_t* bytes, size_t length, void* observer, uint64_t request_id);
void rib_delete_file(rib_queue* q, uint64_t file, uint64_t request_id);
void rib_request_artboard_names(rib_queue* q, uint64_t file, uint64_t request_id);
void rib_request_view_model_names(rib_queue* q, uint64_t file, uint64_t request_id);
void rib_request_view_model_enums(rib_queue* q, uint64_t file, uint64_t request_id);
void rib_request_view_model_instance_names(rib_queue* q, uint64_t file, const char* view_model, uint64_t request_id);
void rib_request_view_model_property_definitions(rib_queue* q, uint64_t file, const char* view_model, uint64_t request_id);

/* --- Artboards and state machines ----------------------------------------------------------- */

/** An empty name instantiates the default artboard, as the C++ queue defines. */
uint64_t rib_instantiate_artboard(rib_queue* q, uint64_t file, const char* name, void* observer, uint64_t request_id);
void rib_delete_artboard(rib_queue* q, uint64_t artboard, uint64_t request_id);
void rib_set_artboard_size(rib_queue* q, uint64_t artboard, float width, float height, float scale, uint64_t request_id);
void rib_reset_artboard_size(rib_queue* q, uint64_t artboard, uint64_t request_id);
void rib_set_artboard_volume(rib_queue* q, uint64_t artboard, float volume, uint64_t request_id);
void rib_request_artboard_volume(rib_queue* q, uint64_t artboard, uint64_t request_id);
void rib_request_state_machine_names(rib_queue* q, uint64_t artboard, uint64_t request_id);
void rib_request_default_view_model_info(rib_queue* q, uint64_t artboard, uint64_t file, uint64_t request_id);
/** An empty name instantiates the default state machine. */
uint64_t rib_instantiate_state_machine(rib_queue* q, uint64_t artboard, const char* name, void* observer, uint64_t request_id);
void rib_advance_state_machine(rib_queue* q, uint64_t state_machine, float seconds, uint64_t request_id);
void rib_delete_state_machine(rib_queue* q, uint64_t state_machine, uint64_t request_id);
void rib_bind_view_model_instance(rib_queue* q, uint64_t state_machine, uint64_t instance, uint64_t request_id);
void rib_enable_semantics(rib_queue* q, uint64_t state_machine, uint64_t request_id);
/** action: 0 tap, 1 increase, 2 decrease. */
void rib_fire_semantic_action(rib_queue* q, uint64_t state_machine, uint32_t node, int action, uint64_t request_id);
void rib_request_semantic_focus(rib_queue* q, uint64_t state_machine, uint32_t node, uint64_t request_id);
void rib_clear_semantic_focus(rib_queue* q, uint64_t state_machine, uint64_t request_id);
void rib_pointer_event(rib_queue* q, rib_pointer_kind kind, uint64_t state_machine, int pointer_id,
                       float x, float y, float bounds_width, float bounds_height,
                       rib_fit fit, rib_alignment alignment, float scale_factor, uint64_t request_id);

/* --- Drawing --------------------------------------------------------------------------------- */

uint64_t rib_create_draw_key(rib_queue* q);
/** Runs `callback(context, server)` on the server thread, `server` being the rive::CommandServer. */
void rib_draw(rib_queue* q, uint64_t draw_key, void (*callback)(void* context, void* server), void* context);

/* --- View-model instances -------------------------------------------------------------------- */

/** Source: artboard != 0 selects the artboard's view model, else `view_model` names it. */
uint64_t rib_instantiate_blank_instance(rib_queue* q, uint64_t file, uint64_t artboard, const char* view_model,
                                        void* observer, uint64_t request_id);
/** An empty instance name gives the view model's default instance. */
uint64_t rib_instantiate_named_instance(rib_queue* q, uint64_t file, uint64_t artboard, const char* view_model,
                                        const char* instance_name, void* observer, uint64_t request_id);
uint64_t rib_reference_nested_instance(rib_queue* q, uint64_t instance, const char* path, void* observer, uint64_t request_id);
uint64_t rib_reference_list_instance(rib_queue* q, uint64_t instance, const char* path, int index, void* observer, uint64_t request_id);
void rib_request_instance_value(rib_queue* q, uint64_t instance, const char* path, rib_data_type type, uint64_t request_id);
void rib_request_instance_list_size(rib_queue* q, uint64_t instance, const char* path, uint64_t request_id);
void rib_request_instance_view_model_name(rib_queue* q, uint64_t instance, uint64_t request_id);
void rib_request_instance_name(rib_queue* q, uint64_t instance, uint64_t request_id);
void rib_set_instance_string(rib_queue* q, uint64_t instance, const char* path, const char* value, uint64_t request_id);
void rib_set_instance_number(rib_queue* q, uint64_t instance, const char* path, float value, uint64_t request_id);
void rib_set_instance_bool(rib_queue* q, uint64_t instance, const char* path, int value, uint64_t request_id);
void rib_set_instance_color(rib_queue* q, uint64_t instance, const char* path, uint32_t value, uint64_t request_id);
void rib_set_instance_enum(rib_queue* q, uint64_t instance, const char* path, const char* value, uint64_t request_id);
void rib_set_instance_image(rib_queue* q, uint64_t instance, const char* path, uint64_t image, uint64_t request_id);
void rib_set_instance_artboard(rib_queue* q, uint64_t instance, const char* path, uint64_t artboard, uint64_t request_id);
void rib_set_instance_nested(rib_queue* q, uint64_t instance, const char* path, uint64_t value, uint64_t request_id);
void rib_fire_trigger(rib_queue* q, uint64_t instance, const char* path, uint64_t request_id);
/** index -1 appends. */
void rib_insert_list_item(rib_queue* q, uint64_t instance, const char* path, uint64_t value, int index, uint64_t request_id);
/** index -1 removes by value. */
void rib_remove_list_item(rib_queue* q, uint64_t instance, const char* path, int index, uint64_t value, uint64_t request_id);
void rib_swap_list_items(rib_queue* q, uint64_t instance, const char* path, int a, int b, uint64_t request_id);
void rib_delete_instance(rib_queue* q, uint64_t instance, uint64_t request_id);
void rib_subscribe(rib_queue* q, uint64_t instance, const char* path, rib_data_type type, uint64_t request_id);
void rib_unsubscribe(rib_queue* q, uint64_t instance, const char* path, rib_data_type type, uint64_t request_id);

/* --- Images, fonts, audio -------------------------------------------------------------------- */

uint64_t rib_decode_image(rib_queue* q, const uint8_t* bytes, size_t length, void* observer, uint64_t request_id);
void rib_delete_image(rib_queue* q, uint64_t image, uint64_t request_id);
void rib_add_global_image(rib_queue* q, const char* name, uint64_t image, uint64_t request_id);
void rib_remove_global_image(rib_queue* q, const char* name, uint64_t request_id);
uint64_t rib_decode_font(rib_queue* q, const uint8_t* bytes, size_t length, void* observer, uint64_t request_id);
void rib_delete_font(rib_queue* q, uint64_t font, uint64_t request_id);
void rib_add_global_font(rib_queue* q, const char* name, uint64_t font, uint64_t request_id);
void rib_remove_global_font(rib_queue* q, const char* name, uint64_t request_id);
uint64_t rib_decode_audio(rib_queue* q, const uint8_t* bytes, size_t length, void* observer, uint64_t request_id);
void rib_delete_audio(rib_queue* q, uint64_t audio, uint64_t request_id);
void rib_add_global_audio(rib_queue* q, const char* name, uint64_t audio, uint64_t request_id);
void rib_remove_global_audio(rib_queue* q, const char* name, uint64_t request_id);

#ifdef __cplusplus
}
#endif

#endif /* RIVE_IOS_BRIDGE_H */
