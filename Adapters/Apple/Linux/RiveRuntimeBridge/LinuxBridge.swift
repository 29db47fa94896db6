// What RiveRuntime's Objective-C++ bridge does besides forwarding commands, for Linux:
// listener callbacks converted to the Objective-C payloads, enum conversions by case name,
// and the error for members this bridge does not implement.

import CoreFoundation
import Foundation
// What the module's Objective-C headers bring into every Swift file of RiveRuntime, and to
// its clients, on Apple platforms (they import Foundation, and RiveConcurrency.h MetalKit),
// and URLSession, which Linux keeps in FoundationNetworking (File/FileLoader.swift uses it).
@_exported import Foundation
@_exported import FoundationNetworking
@_exported import Metal
internal import CRiveIOSBridge

/// Conversions and callbacks of the Linux bridge.
enum LinuxBridge {
    /// The rive::DataType names, in the order of `rib_data_type`'s raw values.
    private static let dataTypeNames = ["none", "string", "number", "boolean", "color", "list", "enum", "trigger", "viewModel",
                                        "integer", "symbolListIndex", "assetImage", "assetFont", "assetBlob", "artboard", "input", "any"]
    private static let fitNames = ["fill", "contain", "cover", "fitWidth", "fitHeight", "none", "scaleDown", "layout"]
    private static let alignmentNames = ["topLeft", "topCenter", "topRight", "centerLeft", "center", "centerRight",
                                         "bottomLeft", "bottomCenter", "bottomRight"]
    private static let semanticActionNames = ["tap", "increase", "decrease"]

    /// The C data type of a header data type, matched by case name, so that the header's
    /// raw values (which follow the rive-ios commit) never have to agree with the engine's.
    static func dataType(_ type: RiveViewModelInstanceDataType) -> rib_data_type {
        guard let index = dataTypeNames.firstIndex(of: "\(type)") else { return RIB_DATA_UNKNOWN }
        return rib_data_type(rawValue: UInt32(index))
    }

    /// The header's data type for each `rib_data_type`, by case name (`.none` where the header
    /// lacks one), looked up once: every property list and value callback converts its type.
    private static let headerDataTypes: [RiveViewModelInstanceDataType] = dataTypeNames.map { caseNamed($0) ?? caseNamed("none")! }

    /// The header data type of a C data type; `.none` for one the bridge does not know.
    static func headerDataType(_ type: rib_data_type) -> RiveViewModelInstanceDataType {
        let index = Int(type.rawValue)
        return index < headerDataTypes.count ? headerDataTypes[index] : headerDataTypes[0]
    }

    static func fit(_ fit: RiveConfigurationFit) -> rib_fit {
        rib_fit(rawValue: UInt32(fitNames.firstIndex(of: "\(fit)") ?? 1))
    }

    static func alignment(_ alignment: RiveConfigurationAlignment) -> rib_alignment {
        rib_alignment(rawValue: UInt32(alignmentNames.firstIndex(of: "\(alignment)") ?? 4))
    }

    static func semanticActionIndex(_ action: SemanticActionType) -> Int32? {
        semanticActionNames.firstIndex(of: "\(action)").map(Int32.init)
    }

    /// The case of an integer-backed enum whose name is `name`, found among raw values 0...255.
    private static func caseNamed<T: RawRepresentable>(_ name: String) -> T? where T.RawValue == Int {
        for raw in 0...255 { if let value = T(rawValue: raw), "\(value)" == name { return value } }
        return nil
    }

    /// The message of a member this bridge does not implement.
    static func unsupportedMessage(_ member: String) -> String {
        "RiveRuntime on Linux (RiveHarness bridge): \(member) is not implemented; it needs Apple's platform (Metal, UIKit/AppKit) or semantics objects this bridge does not build"
    }

    /// Logs a call of a member this bridge does not implement as an error, through RiveLog.
    static func unsupported(_ member: String) {
        RiveLog.error(tag: .rive, unsupportedMessage(member))
    }

    private static func strings(_ pointer: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int) -> [String] {
        guard let pointer else { return [] }
        return (0..<count).map { pointer[$0].map { String(cString: $0) } ?? "" }
    }

    private static func text(_ pointer: UnsafePointer<CChar>?) -> String { pointer.map { String(cString: $0) } ?? "" }

    /// Calls the observer's listener method for one event, with the arguments the
    /// Objective-C++ bridge passes (names as arrays, properties and enums as dictionaries,
    /// instance data as a dictionary of NSNumbers and strings).
    ///
    /// Listener methods that older rive-ios commits lack are called only when that commit's
    /// headers declare them (scripts/build-rive-ios defines RIVE_IOS_LISTENER_<method> for
    /// each `on…` method they declare); such an event then has no listener, as upstream.
    static func deliver(_ e: rib_event, to object: AnyObject) {
        let h = e.handle, r = e.request_id
        switch e.kind {
        case RIB_FILE_LOADED: (object as? any FileListener)?.onFileLoaded(h, requestID: r)
        case RIB_FILE_DELETED: (object as? any FileListener)?.onFileDeleted(h, requestID: r)
        case RIB_FILE_ERROR: (object as? any FileListener)?.onFileError(h, requestID: r, message: text(e.text))
        case RIB_FILE_ARTBOARD_INSTANTIATED:
            (object as? any FileListener)?.onArtboardInstantiated(h, requestID: r, artboardHandle: e.created_handle)
        case RIB_FILE_INSTANCE_INSTANTIATED:
            (object as? any FileListener)?.onViewModelInstanceInstantiated(h, requestID: r, viewModelInstanceHandle: e.created_handle)
        case RIB_FILE_ARTBOARDS_LISTED:
            (object as? any FileListener)?.onArtboardsListed(h, requestID: r, names: strings(e.names, e.count))
        case RIB_FILE_VIEW_MODELS_LISTED:
            (object as? any FileListener)?.onViewModelsListed(h, requestID: r, names: strings(e.names, e.count))
        case RIB_FILE_INSTANCE_NAMES_LISTED:
            (object as? any FileListener)?.onViewModelInstanceNamesListed(h, requestID: r, viewModelName: text(e.text),
                                                                          names: strings(e.names, e.count))
        case RIB_FILE_PROPERTIES_LISTED:
            let names = strings(e.names, e.count), metadata = strings(e.metadata, e.count)
            let properties: [[String: Any]] = (0..<e.count).map { i in
                ["type": NSNumber(value: headerDataType(e.types[i]).rawValue), "name": names[i], "metaData": metadata[i]]
            }
            (object as? any FileListener)?.onViewModelPropertiesListed(h, requestID: r, viewModelName: text(e.text), properties: properties)
        case RIB_FILE_ENUMS_LISTED:
            let names = strings(e.names, e.count)
            var start = 0
            var enums: [[String: Any]] = []
            for i in 0..<e.count {
                let count = e.value_counts[i]
                let values = (start..<start + count).map { text(e.values[$0]) }
                start += count
                enums.append(["name": names[i], "values": values])
            }
            (object as? any FileListener)?.onViewModelEnumsListed(h, requestID: r, enums: enums)
        case RIB_ARTBOARD_ERROR: (object as? any ArtboardListener)?.onArtboardError(h, requestID: r, message: text(e.text))
        case RIB_ARTBOARD_DELETED: (object as? any ArtboardListener)?.onArtboardDeleted(h, requestID: r)
        case RIB_ARTBOARD_STATE_MACHINES_LISTED:
            (object as? any ArtboardListener)?.onStateMachineNamesListed(h, names: strings(e.names, e.count), requestID: r)
        case RIB_ARTBOARD_STATE_MACHINE_INSTANTIATED:
            (object as? any ArtboardListener)?.onStateMachineInstantiated(h, requestID: r, stateMachineHandle: e.created_handle)
        case RIB_ARTBOARD_DEFAULT_VIEW_MODEL_INFO:
            (object as? any ArtboardListener)?.onDefaultViewModelInfoReceived(h, requestID: r, viewModelName: text(e.text),
                                                                              instanceName: text(e.text2))
        #if RIVE_IOS_LISTENER_onArtboardVolumeReceived
        case RIB_ARTBOARD_VOLUME: (object as? any ArtboardListener)?.onArtboardVolumeReceived(h, requestID: r, volume: e.number_value)
        #endif
        case RIB_STATE_MACHINE_ERROR: (object as? any StateMachineListener)?.onStateMachineError(h, requestID: r, message: text(e.text))
        case RIB_STATE_MACHINE_DELETED: (object as? any StateMachineListener)?.onStateMachineDeleted(h, requestID: r)
        case RIB_STATE_MACHINE_SETTLED: (object as? any StateMachineListener)?.onStateMachineSettled(h, requestID: r)
        case RIB_INSTANCE_ERROR: (object as? any ViewModelInstanceListener)?.onViewModelInstanceError(h, requestID: r, message: text(e.text))
        case RIB_INSTANCE_DELETED: (object as? any ViewModelInstanceListener)?.onViewModelDeleted(h, requestID: r)
        case RIB_INSTANCE_DATA:
            var data: [String: Any] = ["type": NSNumber(value: headerDataType(e.data_type).rawValue), "name": text(e.text)]
            switch e.data_type {
            case RIB_DATA_BOOLEAN: data["booleanValue"] = NSNumber(value: e.bool_value != 0)
            case RIB_DATA_NUMBER: data["numberValue"] = NSNumber(value: e.number_value)
            case RIB_DATA_COLOR: data["colorValue"] = NSNumber(value: e.color_value)
            default: break
            }
            if e.has_string != 0 { data["stringValue"] = text(e.string_value) }
            (object as? any ViewModelInstanceListener)?.onViewModelDataReceived(h, requestID: r, data: data)
        case RIB_INSTANCE_LIST_SIZE:
            (object as? any ViewModelInstanceListener)?.onViewModelListSizeReceived(h, requestID: r, path: text(e.text), size: Int(e.size))
        #if RIVE_IOS_LISTENER_onViewModelInstanceViewModelNameReceived
        case RIB_INSTANCE_VIEW_MODEL_NAME:
            (object as? any ViewModelInstanceListener)?.onViewModelInstanceViewModelNameReceived(h, requestID: r, viewModelName: text(e.text))
        #endif
        #if RIVE_IOS_LISTENER_onViewModelInstanceNameReceived
        case RIB_INSTANCE_NAME: (object as? any ViewModelInstanceListener)?.onViewModelInstanceNameReceived(h, requestID: r, name: text(e.text))
        #endif
        case RIB_IMAGE_DECODED: (object as? any RenderImageListener)?.onRenderImageDecoded(h, requestID: r)
        case RIB_IMAGE_ERROR: (object as? any RenderImageListener)?.onRenderImageError(h, requestID: r, message: text(e.text))
        case RIB_IMAGE_DELETED: (object as? any RenderImageListener)?.onRenderImageDeleted(h, requestID: r)
        case RIB_FONT_DECODED: (object as? any FontListener)?.onFontDecoded(h, requestID: r)
        case RIB_FONT_ERROR: (object as? any FontListener)?.onFontError(h, requestID: r, message: text(e.text))
        case RIB_FONT_DELETED: (object as? any FontListener)?.onFontDeleted(h, requestID: r)
        case RIB_AUDIO_DECODED: (object as? any AudioListener)?.onAudioSourceDecoded(h, requestID: r)
        case RIB_AUDIO_ERROR: (object as? any AudioListener)?.onAudioSourceError(h, requestID: r, message: text(e.text))
        case RIB_AUDIO_DELETED: (object as? any AudioListener)?.onAudioSourceDeleted(h, requestID: r)
        default: break
        }
    }
}

extension Worker {
    /// Drains this worker's command-queue messages once, through its message gate, as
    /// `RiveController` does from its display link before each advance: a host without a
    /// display link calls it once per frame, or stream events arrive only while a request is
    /// pending. Linux only (the gate is internal to RiveRuntime on Apple platforms).
    @MainActor public func processMessagesForFrame() {
        dependencies.workerService.messageGate.processMessagesForFrame()
    }
}
