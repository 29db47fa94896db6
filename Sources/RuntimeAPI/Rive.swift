/// The Apple runtime's `Rive` object: a file, an artboard and a state machine put together
/// for a view (apple-runtime-api.md §2.8).
///
/// Made by `File.makeRive(artboard:stateMachine:dataBind:)`, the form of
/// `Rive(file:artboard:stateMachine:dataBind:)`. A view made from it
/// (`ViewConfiguration(rive:width:height:)`) draws its artboard and advances its state machine.
/// Adapters that have one declare `RuntimeCapabilities.riveObject`.
@MainActor
public protocol Rive: AnyObject, Sendable {
    /// The file the object was made from.
    var file: any File { get }
    /// The artboard it shows: the one it was given, or the file's default artboard.
    var artboard: any Artboard { get }
    /// The state machine it runs: the one it was given, or the artboard's default state machine.
    var stateMachine: any StateMachine { get }
    /// The instance the object bound and exposes (deprecated in the Apple API; BIND-5, BIND-9).
    ///
    /// `nil` for the documented initializers, which never hand the app an instance:
    /// `Rive(file:)` and `Rive(file:artboard:)` bind the artboard's default instance, which
    /// the app cannot reach, and `Rive(file:artboard:stateMachine:)` binds nothing. With an
    /// explicit `dataBind:` it is the instance that mode bound (`.auto`: a new copy of the
    /// artboard's default instance, `nil` when the artboard has none; `.instance(x)`: `x`;
    /// `.none`: `nil`).
    var viewModelInstance: (any ViewModelInstance)? { get }
}

extension File {
    /// The default for adapters without a `Rive` object.
    /// - Throws: `RiveError.unsupported` always: the adapter has no `Rive` object (it does not
    ///   declare `RuntimeCapabilities.riveObject`).
    public func makeRive(artboard: (any Artboard)?, stateMachine: (any StateMachine)?, dataBind: DataBind?) async throws(RiveError) -> any Rive {
        throw .unsupported("this adapter has no Rive object")
    }
}

/// Why a `Rive` object could not be made.
///
/// Making one creates what it was not given, so it fails as those creators fail; the code is
/// then theirs (`file.invalid-artboard`, `artboard.invalid-state-machine`), which is how
/// scenarios name the case (`FileError.invalidArtboard`).
public enum RiveError: RuntimeError {
    /// Creating the file's default artboard failed (no artboard was given).
    case file(FileError)
    /// Creating the artboard's default state machine failed (no state machine was given), or
    /// the state machine given is not one of the artboard given.
    case artboard(ArtboardError)
    /// The adapter has no `Rive` object.
    case unsupported(String)

    /// The stable `<area>.<case>` code of this error: the wrapped error's, or `rive.unsupported`.
    public var code: String {
        switch self {
        case .file(let error): error.code
        case .artboard(let error): error.code
        case .unsupported: "rive.unsupported"
        }
    }
    /// What went wrong, with the runtime's detail.
    public var message: String {
        switch self {
        case .file(let error): error.message
        case .artboard(let error): error.message
        case .unsupported(let detail): "the adapter cannot make a Rive object: \(detail)"
        }
    }
    /// What to do next.
    public var hint: String {
        switch self {
        case .file(let error): error.hint
        case .artboard(let error): error.hint
        case .unsupported: "check the adapter's capabilities (riveObject) before calling, or let the planner skip scenarios that need it"
        }
    }
}
