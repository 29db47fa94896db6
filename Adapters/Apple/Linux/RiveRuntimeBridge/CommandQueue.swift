// RiveRuntime's `CommandQueue` (Objective-C `RiveCommandQueue`) for Linux, over the C++
// `rive::CommandQueue` through our C bridge (../Bridge/rive_ios_bridge.h).
//
// This file is compiled into the `RiveRuntime` module with rive-ios's own Swift files, which
// call it through `CommandQueueProtocol` and `_CommandQueueMessagePumpDriver` (declared from
// the headers of the rive-ios commit being built). Every member sends the command the
// Objective-C++ bridge sends, and listener callbacks reach the listeners during
// `processMessages()` on the main thread, with the payload shapes that bridge produces.

import AppKit
import CoreFoundation
import Foundation
internal import CRiveIOSBridge

/// The client side of one worker's command queue: commands go to the C++ queue, and the
/// server's answers come back to the listeners registered with the creating commands.
@MainActor
final class CommandQueue: NSObject, CommandQueueProtocol, @preconcurrency _CommandQueueMessagePumpDriver {

    /// The C queue; set once at init, read by the command server's initializer off the main actor.
    private nonisolated(unsafe) let queue: OpaquePointer
    private var requestCounter: UInt64 = 0
    /// The observers of the registered listeners, by listener kind and handle.
    private var observers: [ListenerKey: ObserverBox] = [:]
    private var pumpTimer: DispatchSourceTimer?
    private var pumpArmed = false

    override init() {
        queue = rib_queue_create(deliverEvent)
        super.init()
    }

    deinit {
        pumpTimer?.cancel()
        for box in observers.values { Unmanaged.passUnretained(box).release() }
        rib_queue_destroy(queue)
    }

    /// The C++ queue, for the command server made over it.
    nonisolated var cQueue: OpaquePointer { queue }

    var nextRequestID: UInt64 {
        defer { requestCounter += 1 }
        return requestCounter
    }

    // MARK: Server and message pump

    func disconnect() { rib_queue_disconnect(queue) }

    func processMessages() { rib_queue_process_messages(queue) }

    /// Arms a main-queue timer that drains the queue every millisecond until stopped.
    func startMessageProcessing() {
        if pumpTimer == nil {
            let timer = DispatchSource.makeTimerSource(queue: .main)
            timer.setEventHandler { [weak self] in
                MainActor.assumeIsolated { self?.processMessages() }
            }
            timer.schedule(deadline: .distantFuture)
            timer.resume()
            pumpTimer = timer
        }
        if !pumpArmed {
            pumpTimer?.schedule(deadline: .now(), repeating: .milliseconds(1))
            pumpArmed = true
        }
    }

    func stopMessageProcessing() {
        guard let pumpTimer, pumpArmed else { return }
        pumpTimer.schedule(deadline: .distantFuture)
        pumpArmed = false
    }

    // MARK: Listener registry

    private func register(_ kind: rib_listener_kind, _ observer: AnyObject, _ create: (UnsafeMutableRawPointer) -> UInt64) -> UInt64 {
        let box = ObserverBox(observer)
        let pointer = Unmanaged.passRetained(box).toOpaque()
        let handle = create(pointer)
        let key = ListenerKey(kind: kind.rawValue, handle: handle)
        if let old = observers.updateValue(box, forKey: key) { Unmanaged.passUnretained(old).release() }
        return handle
    }

    /// `register` for a command that sends bytes (a file, an image, a font, audio).
    private func register(_ kind: rib_listener_kind, _ observer: AnyObject, bytes data: Data,
                          _ send: (UnsafePointer<UInt8>?, Int, UnsafeMutableRawPointer) -> UInt64) -> UInt64 {
        register(kind, observer) { pointer in
            data.withUnsafeBytes { send($0.baseAddress?.assumingMemoryBound(to: UInt8.self), $0.count, pointer) }
        }
    }

    private func unregister(_ kind: rib_listener_kind, _ handle: UInt64) {
        rib_queue_delete_listener(queue, kind, handle)
        if let box = observers.removeValue(forKey: ListenerKey(kind: kind.rawValue, handle: handle)) {
            Unmanaged.passUnretained(box).release()
        }
    }

    // MARK: File

    func loadFile(_ data: Data, observer: any FileListener, requestID: UInt64) -> UInt64 {
        register(RIB_LISTENER_FILE, observer, bytes: data) { rib_load_file(queue, $0, $1, $2, requestID) }
    }

    func deleteFile(_ file: UInt64, requestID: UInt64) { rib_delete_file(queue, file, requestID) }
    func deleteFileListener(_ file: UInt64) { unregister(RIB_LISTENER_FILE, file) }
    func requestArtboardNames(_ fileHandle: UInt64, requestID: UInt64) { rib_request_artboard_names(queue, fileHandle, requestID) }
    func requestViewModelNames(_ fileHandle: UInt64, requestID: UInt64) { rib_request_view_model_names(queue, fileHandle, requestID) }
    func requestViewModelEnums(_ fileHandle: UInt64, requestID: UInt64) { rib_request_view_model_enums(queue, fileHandle, requestID) }

    func requestViewModelInstanceNames(_ fileHandle: UInt64, viewModelName: String, requestID: UInt64) {
        rib_request_view_model_instance_names(queue, fileHandle, viewModelName, requestID)
    }

    func requestViewModelPropertyDefinitions(_ fileHandle: UInt64, viewModelName: String, requestID: UInt64) {
        rib_request_view_model_property_definitions(queue, fileHandle, viewModelName, requestID)
    }

    // MARK: Artboard

    func createDefaultArtboard(fromFile fileHandle: UInt64, observer: any ArtboardListener, requestID: UInt64) -> UInt64 {
        register(RIB_LISTENER_ARTBOARD, observer) { rib_instantiate_artboard(queue, fileHandle, "", $0, requestID) }
    }

    func createArtboardNamed(_ name: String, fromFile fileHandle: UInt64, observer: any ArtboardListener, requestID: UInt64) -> UInt64 {
        register(RIB_LISTENER_ARTBOARD, observer) { rib_instantiate_artboard(queue, fileHandle, name, $0, requestID) }
    }

    func deleteArtboard(_ artboard: UInt64, requestID: UInt64) { rib_delete_artboard(queue, artboard, requestID) }
    func deleteArtboardListener(_ artboard: UInt64) { unregister(RIB_LISTENER_ARTBOARD, artboard) }

    func setArtboardSize(_ artboardHandle: UInt64, width: Float, height: Float, scale: Float, requestID: UInt64) {
        rib_set_artboard_size(queue, artboardHandle, width, height, scale, requestID)
    }

    func resetArtboardSize(_ artboardHandle: UInt64, requestID: UInt64) { rib_reset_artboard_size(queue, artboardHandle, requestID) }

    func setArtboardVolume(_ artboardHandle: UInt64, volume: Float, requestID: UInt64) {
        rib_set_artboard_volume(queue, artboardHandle, volume, requestID)
    }

    func requestArtboardVolume(_ artboardHandle: UInt64, requestID: UInt64) { rib_request_artboard_volume(queue, artboardHandle, requestID) }
    func requestStateMachineNames(_ artboardHandle: UInt64, requestID: UInt64) { rib_request_state_machine_names(queue, artboardHandle, requestID) }

    func requestDefaultViewModelInfo(_ artboardHandle: UInt64, fromFile fileHandle: UInt64, requestID: UInt64) {
        rib_request_default_view_model_info(queue, artboardHandle, fileHandle, requestID)
    }

    // MARK: State machine

    func createDefaultStateMachine(fromArtboard artboardHandle: UInt64, observer: any StateMachineListener, requestID: UInt64) -> UInt64 {
        register(RIB_LISTENER_STATE_MACHINE, observer) { rib_instantiate_state_machine(queue, artboardHandle, "", $0, requestID) }
    }

    func createStateMachineNamed(_ name: String, fromArtboard artboardHandle: UInt64, observer: any StateMachineListener, requestID: UInt64) -> UInt64 {
        register(RIB_LISTENER_STATE_MACHINE, observer) { rib_instantiate_state_machine(queue, artboardHandle, name, $0, requestID) }
    }

    /// Sends the advance as a 32-bit float, as the C++ queue takes it.
    func advanceStateMachine(_ stateMachineHandle: UInt64, by time: TimeInterval, requestID: UInt64) {
        rib_advance_state_machine(queue, stateMachineHandle, Float(time), requestID)
    }

    func deleteStateMachine(_ stateMachineHandle: UInt64, requestID: UInt64) { rib_delete_state_machine(queue, stateMachineHandle, requestID) }
    func deleteStateMachineListener(_ stateMachineHandle: UInt64) { unregister(RIB_LISTENER_STATE_MACHINE, stateMachineHandle) }

    func bindViewModelInstance(_ stateMachineHandle: UInt64, toViewModelInstance viewModelInstanceHandle: UInt64, requestID: UInt64) {
        rib_bind_view_model_instance(queue, stateMachineHandle, viewModelInstanceHandle, requestID)
    }

    // MARK: Semantics

    func enableSemantics(_ stateMachineHandle: UInt64, requestID: UInt64) { rib_enable_semantics(queue, stateMachineHandle, requestID) }

    /// Not implemented on Linux: the diff would need the semantics tree's Objective-C
    /// objects; the call is logged as an error and nothing is sent.
    func drainSemanticsDiff(_ stateMachineHandle: UInt64, fit: RiveConfigurationFit, alignment: RiveConfigurationAlignment,
                            scaleFactor: Float, viewBounds: CGSize, requestID: UInt64) {
        LinuxBridge.unsupported("drainSemanticsDiff(_:fit:alignment:scaleFactor:viewBounds:requestID:)")
    }

    func fireSemanticAction(_ stateMachineHandle: UInt64, semanticNodeID: UInt32, actionType: SemanticActionType, requestID: UInt64) {
        guard let action = LinuxBridge.semanticActionIndex(actionType) else {
            LinuxBridge.unsupported("fireSemanticAction with action \(actionType)")
            return
        }
        rib_fire_semantic_action(queue, stateMachineHandle, semanticNodeID, action, requestID)
    }

    func requestSemanticFocus(_ stateMachineHandle: UInt64, semanticNodeID: UInt32, requestID: UInt64) {
        rib_request_semantic_focus(queue, stateMachineHandle, semanticNodeID, requestID)
    }

    func clearSemanticFocus(_ stateMachineHandle: UInt64, requestID: UInt64) { rib_clear_semantic_focus(queue, stateMachineHandle, requestID) }

    // MARK: Pointer events

    private func pointer(_ kind: rib_pointer_kind, _ stateMachine: UInt64, _ id: Int32, _ position: CGPoint, _ bounds: CGSize,
                         _ fit: RiveConfigurationFit, _ alignment: RiveConfigurationAlignment, _ scale: Float, _ requestID: UInt64) {
        rib_pointer_event(queue, kind, stateMachine, id, Float(position.x), Float(position.y), Float(bounds.width), Float(bounds.height),
                          LinuxBridge.fit(fit), LinuxBridge.alignment(alignment), scale, requestID)
    }

    func pointerMove(_ stateMachineHandle: UInt64, id: Int32, position: CGPoint, screenBounds: CGSize, fit: RiveConfigurationFit,
                     alignment: RiveConfigurationAlignment, scaleFactor: Float, requestID: UInt64) {
        pointer(RIB_POINTER_MOVE, stateMachineHandle, id, position, screenBounds, fit, alignment, scaleFactor, requestID)
    }

    func pointerDown(_ stateMachineHandle: UInt64, id: Int32, position: CGPoint, screenBounds: CGSize, fit: RiveConfigurationFit,
                     alignment: RiveConfigurationAlignment, scaleFactor: Float, requestID: UInt64) {
        pointer(RIB_POINTER_DOWN, stateMachineHandle, id, position, screenBounds, fit, alignment, scaleFactor, requestID)
    }

    func pointerUp(_ stateMachineHandle: UInt64, id: Int32, position: CGPoint, screenBounds: CGSize, fit: RiveConfigurationFit,
                   alignment: RiveConfigurationAlignment, scaleFactor: Float, requestID: UInt64) {
        pointer(RIB_POINTER_UP, stateMachineHandle, id, position, screenBounds, fit, alignment, scaleFactor, requestID)
    }

    func pointerExit(_ stateMachineHandle: UInt64, id: Int32, position: CGPoint, screenBounds: CGSize, fit: RiveConfigurationFit,
                     alignment: RiveConfigurationAlignment, scaleFactor: Float, requestID: UInt64) {
        pointer(RIB_POINTER_EXIT, stateMachineHandle, id, position, screenBounds, fit, alignment, scaleFactor, requestID)
    }

    // MARK: Drawing

    func createDrawKey() -> UInt64 { rib_create_draw_key(queue) }

    /// Runs the callback on the server thread with the `rive::CommandServer` pointer.
    func draw(_ drawKey: UInt64, callback: @escaping (UnsafeMutableRawPointer) -> Void) {
        let context = Unmanaged.passRetained(DrawCallback(callback)).toOpaque()
        rib_draw(queue, drawKey, { context, server in
            guard let context, let server else { return }
            Unmanaged<DrawCallback>.fromOpaque(context).takeRetainedValue().body(server)
        }, context)
    }

    // MARK: View-model instances

    private func createInstance(_ observer: any ViewModelInstanceListener, _ create: (UnsafeMutableRawPointer) -> UInt64) -> UInt64 {
        register(RIB_LISTENER_VIEW_MODEL_INSTANCE, observer, create)
    }

    func createBlankViewModelInstance(forArtboard artboardHandle: UInt64, fromFile fileHandle: UInt64,
                                      observer: any ViewModelInstanceListener, requestID: UInt64) -> UInt64 {
        createInstance(observer) { rib_instantiate_blank_instance(queue, fileHandle, artboardHandle, "", $0, requestID) }
    }

    func createBlankViewModelInstanceNamed(_ viewModelName: String, fromFile fileHandle: UInt64,
                                           observer: any ViewModelInstanceListener, requestID: UInt64) -> UInt64 {
        createInstance(observer) { rib_instantiate_blank_instance(queue, fileHandle, 0, viewModelName, $0, requestID) }
    }

    func createDefaultViewModelInstance(forArtboard artboardHandle: UInt64, fromFile fileHandle: UInt64,
                                        observer: any ViewModelInstanceListener, requestID: UInt64) -> UInt64 {
        createInstance(observer) { rib_instantiate_named_instance(queue, fileHandle, artboardHandle, "", "", $0, requestID) }
    }

    func createDefaultViewModelInstanceNamed(_ viewModelName: String, fromFile fileHandle: UInt64,
                                             observer: any ViewModelInstanceListener, requestID: UInt64) -> UInt64 {
        createInstance(observer) { rib_instantiate_named_instance(queue, fileHandle, 0, viewModelName, "", $0, requestID) }
    }

    func createViewModelInstanceNamed(_ instanceName: String, forArtboard artboardHandle: UInt64, fromFile fileHandle: UInt64,
                                      observer: any ViewModelInstanceListener, requestID: UInt64) -> UInt64 {
        createInstance(observer) { rib_instantiate_named_instance(queue, fileHandle, artboardHandle, "", instanceName, $0, requestID) }
    }

    func createViewModelInstanceNamed(_ instanceName: String, viewModelName: String, fromFile fileHandle: UInt64,
                                      observer: any ViewModelInstanceListener, requestID: UInt64) -> UInt64 {
        createInstance(observer) { rib_instantiate_named_instance(queue, fileHandle, 0, viewModelName, instanceName, $0, requestID) }
    }

    func referenceNestedViewModelInstance(_ viewModelInstanceHandle: UInt64, path: String,
                                          observer: any ViewModelInstanceListener, requestID: UInt64) -> UInt64 {
        createInstance(observer) { rib_reference_nested_instance(queue, viewModelInstanceHandle, path, $0, requestID) }
    }

    func referenceListViewModelInstance(_ viewModelInstanceHandle: UInt64, path: String, index: Int32,
                                        observer: any ViewModelInstanceListener, requestID: UInt64) -> UInt64 {
        createInstance(observer) { rib_reference_list_instance(queue, viewModelInstanceHandle, path, index, $0, requestID) }
    }

    func requestViewModelInstanceString(_ viewModelInstanceHandle: UInt64, path: String, requestID: UInt64) {
        rib_request_instance_value(queue, viewModelInstanceHandle, path, RIB_DATA_STRING, requestID)
    }

    func requestViewModelInstanceNumber(_ viewModelInstanceHandle: UInt64, path: String, requestID: UInt64) {
        rib_request_instance_value(queue, viewModelInstanceHandle, path, RIB_DATA_NUMBER, requestID)
    }

    func requestViewModelInstanceBool(_ viewModelInstanceHandle: UInt64, path: String, requestID: UInt64) {
        rib_request_instance_value(queue, viewModelInstanceHandle, path, RIB_DATA_BOOLEAN, requestID)
    }

    func requestViewModelInstanceColor(_ viewModelInstanceHandle: UInt64, path: String, requestID: UInt64) {
        rib_request_instance_value(queue, viewModelInstanceHandle, path, RIB_DATA_COLOR, requestID)
    }

    func requestViewModelInstanceEnum(_ viewModelInstanceHandle: UInt64, path: String, requestID: UInt64) {
        rib_request_instance_value(queue, viewModelInstanceHandle, path, RIB_DATA_ENUM, requestID)
    }

    func requestViewModelInstanceListSize(_ viewModelInstanceHandle: UInt64, path: String, requestID: UInt64) {
        rib_request_instance_list_size(queue, viewModelInstanceHandle, path, requestID)
    }

    func requestViewModelInstanceViewModelName(_ viewModelInstanceHandle: UInt64, requestID: UInt64) {
        rib_request_instance_view_model_name(queue, viewModelInstanceHandle, requestID)
    }

    func requestViewModelInstanceName(_ viewModelInstanceHandle: UInt64, requestID: UInt64) {
        rib_request_instance_name(queue, viewModelInstanceHandle, requestID)
    }

    func setViewModelInstanceString(_ viewModelInstanceHandle: UInt64, path: String, value: String, requestID: UInt64) {
        rib_set_instance_string(queue, viewModelInstanceHandle, path, value, requestID)
    }

    func setViewModelInstanceNumber(_ viewModelInstanceHandle: UInt64, path: String, value: Float, requestID: UInt64) {
        rib_set_instance_number(queue, viewModelInstanceHandle, path, value, requestID)
    }

    func setViewModelInstanceBool(_ viewModelInstanceHandle: UInt64, path: String, value: Bool, requestID: UInt64) {
        rib_set_instance_bool(queue, viewModelInstanceHandle, path, value ? 1 : 0, requestID)
    }

    func setViewModelInstanceColor(_ viewModelInstanceHandle: UInt64, path: String, value: UInt32, requestID: UInt64) {
        rib_set_instance_color(queue, viewModelInstanceHandle, path, value, requestID)
    }

    func setViewModelInstanceEnum(_ viewModelInstanceHandle: UInt64, path: String, value: String, requestID: UInt64) {
        rib_set_instance_enum(queue, viewModelInstanceHandle, path, value, requestID)
    }

    func setViewModelInstanceImage(_ viewModelInstanceHandle: UInt64, path: String, value: UInt64, requestID: UInt64) {
        rib_set_instance_image(queue, viewModelInstanceHandle, path, value, requestID)
    }

    func setViewModelInstanceArtboard(_ viewModelInstanceHandle: UInt64, path: String, value: UInt64, requestID: UInt64) {
        rib_set_instance_artboard(queue, viewModelInstanceHandle, path, value, requestID)
    }

    func setViewModelInstanceNestedViewModel(_ viewModelInstanceHandle: UInt64, path: String, value: UInt64, requestID: UInt64) {
        rib_set_instance_nested(queue, viewModelInstanceHandle, path, value, requestID)
    }

    func fireViewModelTrigger(_ viewModelInstanceHandle: UInt64, path: String, requestID: UInt64) {
        rib_fire_trigger(queue, viewModelInstanceHandle, path, requestID)
    }

    func appendViewModelInstanceListViewModel(_ viewModelInstanceHandle: UInt64, path: String, value: UInt64, requestID: UInt64) {
        rib_insert_list_item(queue, viewModelInstanceHandle, path, value, -1, requestID)
    }

    func insertViewModelInstanceListViewModel(_ viewModelInstanceHandle: UInt64, path: String, value: UInt64, index: Int32, requestID: UInt64) {
        rib_insert_list_item(queue, viewModelInstanceHandle, path, value, index, requestID)
    }

    func removeViewModelInstanceListViewModelAtIndex(_ viewModelInstanceHandle: UInt64, path: String, index: Int32, value: UInt64,
                                                     requestID: UInt64) {
        rib_remove_list_item(queue, viewModelInstanceHandle, path, index, value, requestID)
    }

    func removeViewModelInstanceListViewModelByValue(_ viewModelInstanceHandle: UInt64, path: String, value: UInt64, requestID: UInt64) {
        rib_remove_list_item(queue, viewModelInstanceHandle, path, -1, value, requestID)
    }

    func swapViewModelInstanceListValues(_ viewModelInstanceHandle: UInt64, path: String, atIndex: Int32, withIndex: Int32,
                                         requestID: UInt64) {
        rib_swap_list_items(queue, viewModelInstanceHandle, path, atIndex, withIndex, requestID)
    }

    func deleteViewModelInstance(_ viewModelInstance: UInt64, requestID: UInt64) { rib_delete_instance(queue, viewModelInstance, requestID) }
    func deleteViewModelInstanceListener(_ viewModelInstance: UInt64) { unregister(RIB_LISTENER_VIEW_MODEL_INSTANCE, viewModelInstance) }

    func subscribe(toViewModelProperty viewModelInstance: UInt64, path: String, type: RiveViewModelInstanceDataType, requestID: UInt64) {
        rib_subscribe(queue, viewModelInstance, path, LinuxBridge.dataType(type), requestID)
    }

    func unsubscribe(toViewModelProperty viewModelInstance: UInt64, path: String, type: RiveViewModelInstanceDataType, requestID: UInt64) {
        rib_unsubscribe(queue, viewModelInstance, path, LinuxBridge.dataType(type), requestID)
    }

    // MARK: Images, fonts, audio

    func decodeImage(_ data: Data, listener: any RenderImageListener, requestID: UInt64) -> UInt64 {
        register(RIB_LISTENER_IMAGE, listener, bytes: data) { rib_decode_image(queue, $0, $1, $2, requestID) }
    }

    func deleteImage(_ renderImage: UInt64, requestID: UInt64) { rib_delete_image(queue, renderImage, requestID) }
    func deleteImageListener(_ renderImage: UInt64) { unregister(RIB_LISTENER_IMAGE, renderImage) }
    func addGlobalImageAsset(_ name: String, imageHandle: UInt64, requestID: UInt64) { rib_add_global_image(queue, name, imageHandle, requestID) }
    func removeGlobalImageAsset(_ name: String, requestID: UInt64) { rib_remove_global_image(queue, name, requestID) }

    func decodeFont(_ data: Data, listener: any FontListener, requestID: UInt64) -> UInt64 {
        register(RIB_LISTENER_FONT, listener, bytes: data) { rib_decode_font(queue, $0, $1, $2, requestID) }
    }

    /// Not implemented on Linux (no system fonts): the listener gets a font error, on the
    /// next main-queue turn as a server answer would come, for handle 0.
    func decodeFont(_ font: NSFont, listener: any FontListener, requestID: UInt64) -> UInt64 {
        let message = LinuxBridge.unsupportedMessage("decodeFont(_: NSFont, listener:requestID:)")
        DispatchQueue.main.async { listener.onFontError(0, requestID: requestID, message: message) }
        return 0
    }

    func deleteFont(_ font: UInt64, requestID: UInt64) { rib_delete_font(queue, font, requestID) }
    func deleteFontListener(_ font: UInt64) { unregister(RIB_LISTENER_FONT, font) }
    func addGlobalFontAsset(_ name: String, fontHandle: UInt64, requestID: UInt64) { rib_add_global_font(queue, name, fontHandle, requestID) }
    func removeGlobalFontAsset(_ name: String, requestID: UInt64) { rib_remove_global_font(queue, name, requestID) }

    func decodeAudio(_ data: Data, listener: any AudioListener, requestID: UInt64) -> UInt64 {
        register(RIB_LISTENER_AUDIO, listener, bytes: data) { rib_decode_audio(queue, $0, $1, $2, requestID) }
    }

    func deleteAudio(_ audio: UInt64, requestID: UInt64) { rib_delete_audio(queue, audio, requestID) }
    func deleteAudioListener(_ audio: UInt64) { unregister(RIB_LISTENER_AUDIO, audio) }
    func addGlobalAudioAsset(_ name: String, audioHandle: UInt64, requestID: UInt64) { rib_add_global_audio(queue, name, audioHandle, requestID) }
    func removeGlobalAudioAsset(_ name: String, requestID: UInt64) { rib_remove_global_audio(queue, name, requestID) }
}

/// A listener's registry key: its kind and its handle.
private struct ListenerKey: Hashable {
    let kind: UInt32
    let handle: UInt64
}

/// The observer a creating command was given, held weakly as the Objective-C++ bridge does.
final class ObserverBox {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
}

/// A draw callback on its way to the server thread.
private final class DrawCallback {
    let body: (UnsafeMutableRawPointer) -> Void
    init(_ body: @escaping (UnsafeMutableRawPointer) -> Void) { self.body = body }
}

/// Hands one C++ listener callback to its observer, converted as the Objective-C++ bridge
/// converts it; called during `rib_queue_process_messages`, on the main thread.
private func deliverEvent(_ observer: UnsafeMutableRawPointer?, _ event: UnsafePointer<rib_event>?) {
    guard let observer, let event = event?.pointee,
          let object = Unmanaged<ObserverBox>.fromOpaque(observer).takeUnretainedValue().object else { return }
    LinuxBridge.deliver(event, to: object)
}
