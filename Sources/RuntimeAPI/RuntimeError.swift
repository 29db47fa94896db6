/// An error a runtime reports through the adapter API: a stable code, what happened and what to do.
///
/// Every error enum of this module conforms. Scenarios and expectation files match on
/// `code` (for example `artboard.invalid-state-machine`), never on the message, which is
/// for people and may change.
public protocol RuntimeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable identifier of the error case, `<area>.<case>` in kebab case.
    var code: String { get }
    /// What went wrong, with the runtime's own detail when it gave one.
    var message: String { get }
    /// What to do next.
    var hint: String { get }
}

extension RuntimeError {
    /// `error[code]: message` followed by the hint on its own line.
    public var description: String { "error[\(code)]: \(message)\n  hint: \(hint)" }
}

/// Why a worker could not be created.
public enum WorkerError: RuntimeError {
    /// The runtime needs a device (a GPU, a display) that this machine does not offer.
    case missingDevice(String)

    /// The stable `<area>.<case>` code of this error.
    public var code: String { "worker.missing-device" }
    /// What went wrong, with the runtime's detail.
    public var message: String {
        switch self {
        case .missingDevice(let detail): "the runtime could not create a worker: \(detail)"
        }
    }
    /// What to do next.
    public var hint: String { "run on a machine with the device the adapter needs, or choose another adapter" }
}

/// Why a file could not be loaded, or a file-level request failed.
public enum FileError: RuntimeError {
    /// The file named by a path does not exist.
    case missingFile(String)
    /// The bytes are not data the runtime accepts.
    case invalidData(String)
    /// The source gave no bytes.
    case missingData(String)
    /// The file could not be read or parsed, or a metadata request failed.
    case invalidFile(String)
    /// No artboard has the requested name, or the file has no artboard.
    case invalidArtboard(String)
    /// No view model has the requested name.
    case invalidViewModel(String)
    /// The requested view-model instance cannot be created (unknown view model or instance
    /// name, or an artboard with no view model).
    case invalidViewModelInstance(String)
    /// The awaiting task was cancelled.
    case cancelled

    /// The stable `<area>.<case>` code of this error.
    public var code: String {
        switch self {
        case .missingFile: "file.missing-file"
        case .invalidData: "file.invalid-data"
        case .missingData: "file.missing-data"
        case .invalidFile: "file.invalid-file"
        case .invalidArtboard: "file.invalid-artboard"
        case .invalidViewModel: "file.invalid-view-model"
        case .invalidViewModelInstance: "file.invalid-view-model-instance"
        case .cancelled: "file.cancelled"
        }
    }
    /// What went wrong, with the runtime's detail.
    public var message: String {
        switch self {
        case .missingFile(let detail): "file not found: \(detail)"
        case .invalidData(let detail): "the data is not a file the runtime accepts: \(detail)"
        case .missingData(let detail): "the source gave no data: \(detail)"
        case .invalidFile(let detail): "the file is invalid: \(detail)"
        case .invalidArtboard(let detail): "no such artboard: \(detail)"
        case .invalidViewModel(let detail): "no such view model: \(detail)"
        case .invalidViewModelInstance(let detail): "cannot create the view-model instance: \(detail)"
        case .cancelled: "the request was cancelled"
        }
    }
    /// What to do next.
    public var hint: String {
        switch self {
        case .missingFile: "check the path"
        case .invalidData, .invalidFile: "check the file with 'rive-harness inspect FILE.riv'"
        case .missingData: "check that the source is not empty"
        case .invalidArtboard: "use a name from getArtboardNames(); 'rive-harness inspect' lists them"
        case .invalidViewModel: "use a name from getViewModelNames()"
        case .invalidViewModelInstance: "use names from getViewModelNames() and getInstanceNames(of:), or an artboard that has a view model"
        case .cancelled: "do not cancel the task before the request completes"
        }
    }
}

/// Why an artboard-level request failed.
public enum ArtboardError: RuntimeError {
    /// The artboard is not usable.
    case invalidArtboard(String)
    /// No state machine has the requested name, or the artboard has none.
    case invalidStateMachine(String)
    /// The awaiting task was cancelled.
    case cancelled

    /// The stable `<area>.<case>` code of this error.
    public var code: String {
        switch self {
        case .invalidArtboard: "artboard.invalid-artboard"
        case .invalidStateMachine: "artboard.invalid-state-machine"
        case .cancelled: "artboard.cancelled"
        }
    }
    /// What went wrong, with the runtime's detail.
    public var message: String {
        switch self {
        case .invalidArtboard(let detail): "the artboard cannot answer: \(detail)"
        case .invalidStateMachine(let detail): "no such state machine: \(detail)"
        case .cancelled: "the request was cancelled"
        }
    }
    /// What to do next.
    public var hint: String {
        switch self {
        case .invalidArtboard: "create the artboard again from its file"
        case .invalidStateMachine: "use a name from getStateMachineNames(); 'rive-harness inspect' lists them"
        case .cancelled: "do not cancel the task before the request completes"
        }
    }
}

/// Why a state-machine request failed.
public enum StateMachineError: RuntimeError {
    /// The runtime reported an error.
    case error(String)
    /// The awaiting task was cancelled.
    case cancelled
    /// A global binding names a view model that does not exist or is not global.
    case invalidGlobalViewModelName(String)
    /// One call binds the same global view model twice.
    case duplicateGlobalViewModelInstance(String)

    /// The stable `<area>.<case>` code of this error.
    public var code: String {
        switch self {
        case .error: "state-machine.error"
        case .cancelled: "state-machine.cancelled"
        case .invalidGlobalViewModelName: "state-machine.invalid-global-view-model-name"
        case .duplicateGlobalViewModelInstance: "state-machine.duplicate-global-view-model-instance"
        }
    }
    /// What went wrong, with the runtime's detail.
    public var message: String {
        switch self {
        case .error(let detail): "the state machine reported an error: \(detail)"
        case .cancelled: "the request was cancelled"
        case .invalidGlobalViewModelName(let name): "\"\(name)\" is not the name of a global view model in this file"
        case .duplicateGlobalViewModelInstance(let name): "the global view model \"\(name)\" is bound twice in one call"
        }
    }
    /// What to do next.
    public var hint: String {
        switch self {
        case .error: "see the runtime's log for details"
        case .cancelled: "do not cancel the task before the request completes"
        case .invalidGlobalViewModelName: "use a name from getGlobalViewModelNames(); names are case-sensitive"
        case .duplicateGlobalViewModelInstance: "bind each global view model at most once per call"
        }
    }
}

/// Why a view-model instance request failed, or why a property stream ended.
public enum ViewModelInstanceError: RuntimeError {
    /// The runtime answered without a value.
    case missingData
    /// The runtime answered with a value of another type than the descriptor's.
    case valueMismatch(expected: String, actual: String)
    /// The runtime failed with an underlying error, described.
    case error(String)
    /// The runtime reported a failure, for example a path that names no property of that type.
    case message(String)
    /// The awaiting task was cancelled.
    case cancelled

    /// The stable `<area>.<case>` code of this error.
    public var code: String {
        switch self {
        case .missingData: "view-model-instance.missing-data"
        case .valueMismatch: "view-model-instance.value-mismatch"
        case .error: "view-model-instance.error"
        case .message: "view-model-instance.message"
        case .cancelled: "view-model-instance.cancelled"
        }
    }
    /// What went wrong, with the runtime's detail.
    public var message: String {
        switch self {
        case .missingData: "the runtime answered without a value"
        case .valueMismatch(let expected, let actual): "expected a \(expected) value but got a \(actual) value"
        case .error(let detail): "the runtime failed: \(detail)"
        case .message(let detail): detail
        case .cancelled: "the request was cancelled"
        }
    }
    /// What to do next.
    public var hint: String {
        switch self {
        case .missingData, .valueMismatch: "use a descriptor of the property's type; getProperties(of:) lists the types"
        case .error: "see the runtime's log for details"
        case .message: "check the path (case-sensitive, '/' between nested properties) and the descriptor's type against getProperties(of:)"
        case .cancelled: "do not cancel the task before the request completes"
        }
    }
}

/// Why an image, font or blob could not be decoded.
public enum AssetError: RuntimeError {
    /// The bytes are not an asset of the requested kind.
    case failedDecoding(String)
    /// The awaiting task was cancelled.
    case cancelled

    /// The stable `<area>.<case>` code of this error.
    public var code: String {
        switch self {
        case .failedDecoding: "asset.failed-decoding"
        case .cancelled: "asset.cancelled"
        }
    }
    /// What went wrong, with the runtime's detail.
    public var message: String {
        switch self {
        case .failedDecoding(let detail): "the asset could not be decoded: \(detail)"
        case .cancelled: "the request was cancelled"
        }
    }
    /// What to do next.
    public var hint: String {
        switch self {
        case .failedDecoding: "check that the bytes are a complete PNG or JPEG image, a TrueType or OpenType font, or use decodeBlob for other data"
        case .cancelled: "do not cancel the task before the request completes"
        }
    }
}

/// Why an observation hook (view, frame report, draw digest, raster) is not available.
public enum ObservationError: RuntimeError {
    /// The adapter does not offer this hook; its capabilities say so.
    case unsupported(RuntimeCapabilities, String)
    /// The hook is offered but failed.
    case failed(String)

    /// The stable `<area>.<case>` code of this error.
    public var code: String {
        switch self {
        case .unsupported: "observation.unsupported"
        case .failed: "observation.failed"
        }
    }
    /// What went wrong, with the runtime's detail.
    public var message: String {
        switch self {
        case .unsupported(let capability, let detail): "the adapter does not support \(capability): \(detail)"
        case .failed(let detail): "the observation failed: \(detail)"
        }
    }
    /// What to do next.
    public var hint: String {
        switch self {
        case .unsupported: "check the adapter's capabilities before calling, or let the planner skip scenarios that need them"
        case .failed: "see the runtime's log for details"
        }
    }
}
