import Foundation
import RuntimeAPI
import SystemCalls

/// The protocol's version; see docs/adapter-protocol.md.
public let adapterProtocolVersion = 1

/// The longest line either side may write, in bytes without the newline (16 MiB).
public let adapterProtocolMaximumLineBytes = 16 * 1024 * 1024

/// Conversions between RuntimeAPI values and their wire form (docs/adapter-protocol.md §2, §4).
enum WireCodec {
    // MARK: Errors

    /// The wire form of a RuntimeAPI error: code, message, and what the client needs to rebuild it.
    static func encode(_ error: any RuntimeError) -> JSONObject {
        if let error = error as? RiveError {
            switch error {
            case .file(let wrapped): return encode(wrapped)
            case .artboard(let wrapped): return encode(wrapped)
            case .unsupported: break
            }
        }
        var object: JSONObject = ["code": .string(error.code), "message": .string(error.message)]
        switch error {
        case let error as WorkerError:
            if case .missingDevice(let detail) = error { object["detail"] = .string(detail) }
        case let error as FileError:
            switch error {
            case .missingFile(let detail), .invalidData(let detail), .missingData(let detail), .invalidFile(let detail),
                 .invalidArtboard(let detail), .invalidViewModel(let detail), .invalidViewModelInstance(let detail):
                object["detail"] = .string(detail)
            case .cancelled: break
            }
        case let error as ArtboardError:
            switch error {
            case .invalidArtboard(let detail), .invalidStateMachine(let detail): object["detail"] = .string(detail)
            case .cancelled: break
            }
        case let error as StateMachineError:
            switch error {
            case .error(let detail), .invalidGlobalViewModelName(let detail), .duplicateGlobalViewModelInstance(let detail):
                object["detail"] = .string(detail)
            case .cancelled: break
            }
        case let error as ViewModelInstanceError:
            switch error {
            case .valueMismatch(let expected, let actual):
                object["expected"] = .string(expected)
                object["actual"] = .string(actual)
            case .error(let detail), .message(let detail): object["detail"] = .string(detail)
            case .missingData, .cancelled: break
            }
        case let error as AssetError:
            if case .failedDecoding(let detail) = error { object["detail"] = .string(detail) }
        case let error as ObservationError:
            switch error {
            case .unsupported(let capabilities, let detail):
                object["capabilities"] = .array(capabilities.capabilityNames.map(JSONValue.string))
                object["detail"] = .string(detail)
            case .failed(let detail): object["detail"] = .string(detail)
            }
        default:
            object["detail"] = .string(error.message)
        }
        return object
    }

    /// The detail a rebuilt error carries: `detail`, else `message`, else the whole object.
    private static func detail(_ object: JSONObject) -> String {
        object["detail"]?.stringValue ?? object["message"]?.stringValue ?? object.serializedText
    }

    /// A `WorkerError` from its wire form.
    static func workerError(_ object: JSONObject) -> WorkerError { .missingDevice(detail(object)) }

    /// A `FileError` from its wire form; an unknown code becomes `.invalidFile`.
    static func fileError(_ object: JSONObject) -> FileError {
        let text = detail(object)
        switch object["code"]?.stringValue {
        case "file.missing-file": return .missingFile(text)
        case "file.invalid-data": return .invalidData(text)
        case "file.missing-data": return .missingData(text)
        case "file.invalid-file": return .invalidFile(text)
        case "file.invalid-artboard": return .invalidArtboard(text)
        case "file.invalid-view-model": return .invalidViewModel(text)
        case "file.invalid-view-model-instance": return .invalidViewModelInstance(text)
        case "file.cancelled": return .cancelled
        default: return .invalidFile(unknownCodeText(object))
        }
    }

    /// An `ArtboardError` from its wire form; an unknown code becomes `.invalidArtboard`.
    static func artboardError(_ object: JSONObject) -> ArtboardError {
        let text = detail(object)
        switch object["code"]?.stringValue {
        case "artboard.invalid-artboard": return .invalidArtboard(text)
        case "artboard.invalid-state-machine": return .invalidStateMachine(text)
        case "artboard.cancelled": return .cancelled
        default: return .invalidArtboard(unknownCodeText(object))
        }
    }

    /// A `StateMachineError` from its wire form; an unknown code becomes `.error`.
    static func stateMachineError(_ object: JSONObject) -> StateMachineError {
        let text = detail(object)
        switch object["code"]?.stringValue {
        case "state-machine.error": return .error(text)
        case "state-machine.cancelled": return .cancelled
        case "state-machine.invalid-global-view-model-name": return .invalidGlobalViewModelName(text)
        case "state-machine.duplicate-global-view-model-instance": return .duplicateGlobalViewModelInstance(text)
        default: return .error(unknownCodeText(object))
        }
    }

    /// A `ViewModelInstanceError` from its wire form; an unknown code becomes `.error`.
    static func instanceError(_ object: JSONObject) -> ViewModelInstanceError {
        let text = detail(object)
        switch object["code"]?.stringValue {
        case "view-model-instance.missing-data": return .missingData
        case "view-model-instance.value-mismatch":
            return .valueMismatch(expected: object["expected"]?.stringValue ?? "?", actual: object["actual"]?.stringValue ?? "?")
        case "view-model-instance.error": return .error(text)
        case "view-model-instance.message": return .message(text)
        case "view-model-instance.cancelled": return .cancelled
        default: return .error(unknownCodeText(object))
        }
    }

    /// A `RiveError` from its wire form: an `artboard.*` code wraps an `ArtboardError`,
    /// `rive.unsupported` is itself, and any other code wraps a `FileError` (an unknown one
    /// becomes `.invalidFile`).
    static func riveError(_ object: JSONObject) -> RiveError {
        let code = object["code"]?.stringValue ?? ""
        if code == "rive.unsupported" { return .unsupported(detail(object)) }
        if code.hasPrefix("artboard.") { return .artboard(artboardError(object)) }
        return .file(fileError(object))
    }

    /// An `AssetError` from its wire form; an unknown code becomes `.failedDecoding`.
    static func assetError(_ object: JSONObject) -> AssetError {
        switch object["code"]?.stringValue {
        case "asset.failed-decoding": return .failedDecoding(detail(object))
        case "asset.cancelled": return .cancelled
        default: return .failedDecoding(unknownCodeText(object))
        }
    }

    /// An `ObservationError` from its wire form; an unknown code becomes `.failed`.
    static func observationError(_ object: JSONObject) -> ObservationError {
        switch object["code"]?.stringValue {
        case "observation.unsupported":
            let names = object["capabilities"]?.arrayValue?.compactMap(\.stringValue) ?? []
            let capabilities = names.compactMap(RuntimeCapabilities.init(name:)).reduce(into: RuntimeCapabilities()) { $0.formUnion($1) }
            return .unsupported(capabilities, detail(object))
        case "observation.failed": return .failed(detail(object))
        default: return .failed(unknownCodeText(object))
        }
    }

    private static func unknownCodeText(_ object: JSONObject) -> String {
        "\(object["code"]?.stringValue ?? "no code"): \(object["message"]?.stringValue ?? detail(object))"
    }

    // MARK: Values

    /// The wire type name of a value property's kind (`number`, `string`, `boolean`, `color`, `enum`).
    static func typeName<P: ValueProperty>(_: P.Type) -> String { P.dataType.description }

    /// The wire form of a property value.
    static func encode<Value: PropertyValue>(_ value: Value) -> JSONValue {
        switch value {
        case let number as Float: .float(number)
        case let string as String: .string(string)
        case let bool as Bool: .bool(bool)
        case let color as Color: .int(color.argbValue)
        default: .null
        }
    }

    /// A property value of a descriptor's type from its wire form, or `nil` when it has another type.
    static func decode<P: ValueProperty>(_ value: JSONValue, as _: P.Type) -> P.Value? {
        switch P.dataType {
        case .number: value.floatValue as? P.Value
        case .string, .enumType: value.stringValue as? P.Value
        case .boolean: value.boolValue as? P.Value
        case .color: value.intValue.flatMap { (0...Int(UInt32.max)).contains($0) ? Color(UInt32($0)) : nil } as? P.Value
        default: nil
        }
    }

    // MARK: Capabilities and lists

    /// The capabilities named in a list, or the first unknown name.
    static func capabilities(_ names: [String]) -> (capabilities: RuntimeCapabilities, unknown: String?) {
        var set = RuntimeCapabilities()
        for name in names {
            guard let capability = RuntimeCapabilities(name: name) else { return (set, name) }
            set.formUnion(capability)
        }
        return (set, nil)
    }

    /// The wire form of a property's kind, for introspection answers.
    static func dataType(named name: String) -> DataType? { DataType.allCases.first { $0.description == name } }
}

/// Side files (docs/adapter-protocol.md §5): plain writes without an fsync, in a folder on
/// tmpfs when the machine has one, because they live for one request.
enum SideFile {
    /// Where a client makes its side-file folders: `/dev/shm` when writable, else the temporary folder.
    static var parentDirectory: String {
        FileManager.default.isWritableFile(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    }

    /// The name of the frame file in a side-file folder (§5).
    static let frameFileName = "frames.rgba"

    /// Writes bytes to a new file; `false` when it cannot.
    static func write(_ bytes: [UInt8], to path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return SystemCalls.writeAll(descriptor, bytes)
    }
}

extension JSONObject {
    /// The object's JSON text on one line.
    var serializedText: String { JSONValue.object(self).serialized }
}
