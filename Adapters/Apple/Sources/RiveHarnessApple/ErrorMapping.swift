import RuntimeAPI

// RiveRuntime's calls throw untyped errors; RuntimeAPI's throw typed ones with the same case
// names. Each function maps one RiveRuntime error enum case by case and keeps any other
// error's description, so nothing the runtime says is lost.

/// `WorkerError` for an error thrown by `Worker.init()`.
func workerError(_ error: any Error) -> WorkerError {
    switch error {
    case RRWorkerError.missingDevice: .missingDevice("RiveRuntime found no Metal device")
    default: .missingDevice(String(describing: error))
    }
}

/// `FileError` for an error thrown by a `RiveRuntime.File` call.
func fileError(_ error: any Error) -> FileError {
    guard let error = error as? RRFileError else {
        return error is CancellationError ? .cancelled : .invalidFile(String(describing: error))
    }
    switch error {
    case .missingFile(let detail): return .missingFile(detail)
    case .invalidData(let detail): return .invalidData(detail)
    case .missingData(let detail): return .missingData(detail)
    case .invalidFile(let detail): return .invalidFile(detail)
    case .invalidArtboard(let detail): return .invalidArtboard(detail)
    case .invalidViewModel(let detail): return .invalidViewModel(detail)
    case .invalidViewModelInstance(let detail): return .invalidViewModelInstance(detail)
    case .cancelled: return .cancelled
    @unknown default: return .invalidFile(String(describing: error))
    }
}

/// `ArtboardError` for an error thrown by a `RiveRuntime.Artboard` call or `getDefaultViewModelInfo`.
func artboardError(_ error: any Error) -> ArtboardError {
    guard let error = error as? RRArtboardError else {
        return error is CancellationError ? .cancelled : .invalidArtboard(String(describing: error))
    }
    switch error {
    case .invalidArtboard(let detail): return .invalidArtboard(detail)
    case .invalidStateMachine(let detail): return .invalidStateMachine(detail)
    case .cancelled: return .cancelled
    @unknown default: return .invalidArtboard(String(describing: error))
    }
}

/// `ViewModelInstanceError` for an error thrown by a `RiveRuntime.ViewModelInstance` call or ending one of its streams.
func viewModelInstanceError(_ error: any Error) -> ViewModelInstanceError {
    guard let error = error as? RRViewModelInstanceError else {
        return error is CancellationError ? .cancelled : .error(String(describing: error))
    }
    switch error {
    case .missingData: return .missingData
    case .valueMismatch(let expected, let actual): return .valueMismatch(expected: expected, actual: actual)
    case .error(let underlying): return .error(String(describing: underlying))
    case .message(let message): return .message(message)
    case .cancelled: return .cancelled
    @unknown default: return .error(String(describing: error))
    }
}

/// `AssetError` for an error thrown by `Worker.decodeImage(from:)` or `decodeFont(from:)`.
func assetError(_ error: any Error) -> AssetError {
    switch error {
    case RRImageError.failedDecoding(let detail), RRFontError.failedDecoding(let detail): .failedDecoding(detail)
    case RRImageError.cancelled, RRFontError.cancelled, is CancellationError: .cancelled
    default: .failedDecoding(String(describing: error))
    }
}

/// `RiveError` for an error thrown by RiveRuntime's `Rive` initializer, which fails as the
/// default artboard or state machine it creates fails.
func riveError(_ error: any Error) -> RiveError {
    switch error {
    case is RRFileError: .file(fileError(error))
    case is RRArtboardError: .artboard(artboardError(error))
    default: .artboard(.invalidArtboard(String(describing: error)))
    }
}
