/// A runtime's worker: it loads files, decodes assets and orders every command.
///
/// All objects created from a worker's files are used on the main actor and keep their
/// worker alive. Mutators queue their command and return at once; commands run in call order.
@MainActor
public protocol Worker: AnyObject, Sendable {
    /// Loads a file.
    /// - Throws: `FileError.missingFile` for a path that does not exist, `.missingData` for
    ///   no bytes, `.invalidFile` for bytes the runtime cannot parse.
    func loadFile(_ source: FileSource) async throws(FileError) -> any File

    /// Decodes an image (PNG or JPEG) for image properties.
    /// - Throws: `AssetError.failedDecoding` for bytes that are not an image.
    func decodeImage(from bytes: [UInt8]) async throws(AssetError) -> any Image
    /// Decodes a font (TrueType or OpenType) for font properties.
    /// - Throws: `AssetError.failedDecoding` for bytes that are not a font.
    func decodeFont(from bytes: [UInt8]) async throws(AssetError) -> any Font
    /// Wraps bytes as a blob for blob properties.
    /// - Throws: `AssetError.failedDecoding` when the runtime refuses the bytes.
    func decodeBlob(from bytes: [UInt8]) async throws(AssetError) -> any Blob

    /// Waits until every command issued so far has run and every stream event it caused has
    /// been delivered to its stream (see `EventStream.takeDelivered()`).
    ///
    /// Real apps pump messages through their view; a harness calls this instead, which makes
    /// stream delivery deterministic. Events caused before one flush and after the previous
    /// flush or advance may be coalesced as the runtime documents.
    func flush() async

    /// Removes and returns what the runtime reported only to its logger since the last call:
    /// failures of mutators and streams that the API itself does not surface.
    ///
    /// Async so that an adapter in another process can answer without blocking the main
    /// actor; an in-process adapter implements it synchronously.
    func takeLog() async -> [RuntimeLogEntry]

    /// Creates a view that drives a state machine per display tick and observes its frames.
    ///
    /// This is the hook for the view loop, redraw and frame reports, draw digests, offscreen
    /// pixels and pointer events.
    /// Async like `takeLog()`; an in-process adapter implements it synchronously.
    /// - Throws: `ObservationError.unsupported` when the adapter has none of those capabilities.
    func makeView(_ configuration: ViewConfiguration) async throws(ObservationError) -> any RuntimeView
}

/// One entry of a runtime's log.
public struct RuntimeLogEntry: Sendable, Hashable, CustomStringConvertible {
    /// How serious the entry is.
    public enum Level: String, Sendable, Hashable { case error, warning, info }
    /// How serious the entry is.
    public var level: Level
    /// The object kind the entry is about: `file`, `artboard`, `stateMachine`, `viewModelInstance`, `worker`.
    public var tag: String
    /// A stable code for the kind of failure, in the same style as `RuntimeError.code`.
    public var code: String
    /// What happened.
    public var message: String

    /// Creates an entry.
    public init(level: Level, tag: String, code: String, message: String) {
        self.level = level
        self.tag = tag
        self.code = code
        self.message = message
    }

    /// `level [tag] code: message`.
    public var description: String { "\(level.rawValue) [\(tag)] \(code): \(message)" }
}

extension RuntimeLogEntry {
    /// The code a process adapter logs when its runtime process dies or breaks the protocol;
    /// runners report a crash (docs/adapter-protocol.md §8).
    public static let adapterCrashedCode = "adapter.crashed"
    /// The code a process adapter logs when its runtime process does not answer within its
    /// request timeout; runners report a timeout (docs/adapter-protocol.md §8).
    public static let adapterTimedOutCode = "adapter.timed-out"
}

/// A loaded `.riv` file: introspection and creation of artboards and view-model instances.
@MainActor
public protocol File: AnyObject, Sendable {
    /// The artboard names in file order.
    func getArtboardNames() async throws(FileError) -> [String]
    /// Creates an artboard; `nil` means the file's default (first) artboard.
    /// - Throws: `FileError.invalidArtboard` for an unknown name or a file without artboards.
    func createArtboard(_ name: String?) async throws(FileError) -> any Artboard
    /// The view model names in file order.
    func getViewModelNames() async throws(FileError) -> [String]
    /// The names of the global view models, in file order.
    func getGlobalViewModelNames() async throws(FileError) -> [String]
    /// The names of a view model's authored instances, in file order.
    /// - Throws: `FileError.invalidViewModel` for an unknown view model.
    func getInstanceNames(of viewModel: String) async throws(FileError) -> [String]
    /// A view model's properties in declaration order.
    /// - Throws: `FileError.invalidViewModel` for an unknown view model.
    func getProperties(of viewModel: String) async throws(FileError) -> [ViewModelProperty]
    /// The file's enums in file order.
    func getViewModelEnums() async throws(FileError) -> [ViewModelEnum]
    /// The view model assigned to an artboard and the name its default instance gets.
    /// - Throws: `ArtboardError.invalidArtboard` when the artboard has no view model.
    func getDefaultViewModelInfo(for artboard: any Artboard) async throws(ArtboardError) -> DefaultViewModelInfo
    /// Creates an independent view-model instance.
    /// - Throws: `FileError.invalidViewModelInstance` for an unknown view model or instance
    ///   name, or an artboard without a view model.
    func createViewModelInstance(_ source: ViewModelInstanceSource) async throws(FileError) -> any ViewModelInstance
    /// Makes a `Rive` object from this file, as `Rive(file:artboard:stateMachine:dataBind:)` does.
    ///
    /// Adapters without one inherit a default that throws `RiveError.unsupported` and leave
    /// `RuntimeCapabilities.riveObject` out.
    /// - Parameters:
    ///   - artboard: the artboard to show; `nil` creates the file's default artboard.
    ///   - stateMachine: the state machine to run, one of `artboard`'s; `nil` creates the
    ///     artboard's default state machine bound to the file's defaults (`createStateMachine()`,
    ///     BIND-8). No documented form gives a state machine without its artboard.
    ///   - dataBind: `nil` is the documented initializers without `dataBind:` (`Rive(file:)`,
    ///     `Rive(file:artboard:)`, `Rive(file:artboard:stateMachine:)`): the components are used
    ///     as configured, nothing is rebound and `viewModelInstance` is `nil` (BIND-9). A mode is
    ///     the deprecated initializer: `.auto` creates the artboard's default instance
    ///     (`.viewModelDefault(from: .artboardDefault(artboard))`), binds it as the main instance
    ///     and exposes it, or binds and exposes nothing (without an error) when the artboard has
    ///     no view model; `.instance(x)` binds and exposes `x`; `.none` binds nothing (a state
    ///     machine the object creates is created with `binding: .none`).
    /// - Throws: `RiveError.file(.invalidArtboard)` when no artboard is given and the file has
    ///   none; `RiveError.artboard(.invalidStateMachine)` when no state machine is given and the
    ///   artboard has none, or the one given is not the artboard's; `RiveError.unsupported`
    ///   from adapters without a `Rive` object.
    func makeRive(artboard: (any Artboard)?, stateMachine: (any StateMachine)?, dataBind: DataBind?) async throws(RiveError) -> any Rive
}

extension File {
    /// Creates the file's default artboard.
    /// - Throws: `FileError.invalidArtboard` when the file has no artboard.
    public func createArtboard() async throws(FileError) -> any Artboard { try await createArtboard(nil) }
}

/// An artboard instance created from a file.
@MainActor
public protocol Artboard: AnyObject, Sendable {
    /// The artboard's name.
    var name: String { get }
    /// The state machine names in file order.
    func getStateMachineNames() async throws(ArtboardError) -> [String]
    /// Creates a state machine and binds view-model instances to it and to this artboard.
    /// - Parameters:
    ///   - name: the state machine's name; `nil` means the artboard's default state machine.
    ///   - binding: what to bind; `.auto` binds the file's authored defaults.
    /// - Throws: `ArtboardError.invalidStateMachine` for an unknown name or an artboard
    ///   without state machines.
    func createStateMachine(_ name: String?, binding: DataBind) async throws(ArtboardError) -> any StateMachine
}

extension Artboard {
    /// Creates the artboard's default state machine bound to the file's authored defaults.
    /// - Throws: `ArtboardError.invalidStateMachine` when the artboard has no state machine.
    public func createStateMachine() async throws(ArtboardError) -> any StateMachine {
        try await createStateMachine(nil, binding: .auto)
    }
    /// Creates a state machine by name bound to the file's authored defaults.
    /// - Throws: `ArtboardError.invalidStateMachine` for an unknown name.
    public func createStateMachine(_ name: String?) async throws(ArtboardError) -> any StateMachine {
        try await createStateMachine(name, binding: .auto)
    }
}

/// A state machine instance: it advances time, applies data binds and reports when it settles.
@MainActor
public protocol StateMachine: AnyObject, Sendable {
    /// The state machine's name.
    var name: String { get }
    /// Advances by `seconds`; bound values reach the artboard here. Queued, returns at once.
    func advance(by seconds: Double)
    /// Replaces the main instance (the pre-6.28 API); globals keep their instances and empty
    /// global slots get their defaults. Queued, returns at once.
    func bindViewModelInstance(_ instance: any ViewModelInstance)
    /// Binds a main instance and global instances in one validated call.
    ///
    /// Only the supplied slots change: `main: nil` keeps the current main instance and a
    /// global not named keeps its instance; a slot with neither gets the file's default.
    /// Every name is validated before anything is applied.
    /// - Throws: `StateMachineError.invalidGlobalViewModelName` for a name that is unknown or
    ///   not global; `.duplicateGlobalViewModelInstance` for a name given twice. A rejected
    ///   call changes nothing.
    func bindViewModelInstances(main: (any ViewModelInstance)?, globals: [GlobalBinding]) async throws(StateMachineError)
    /// A stream with one event per advance after which nothing is left to animate or apply.
    func settledStream() -> EventStream<Void, Never>

    /// Sets a number input (the legacy input path, SM-3; the Apple legacy runtime's
    /// `setInput(_:value:)`). Queued; the next advance reacts. An unknown name or an input of
    /// another kind changes nothing and goes to the log.
    func setInput(_ name: String, value: Float)
    /// Sets a boolean input (the legacy input path). Queued; failures go to the log.
    func setInput(_ name: String, value: Bool)
    /// Fires a trigger input (the legacy `triggerInput(_:)`); the next advance reacts to it and
    /// consumes it. Queued; failures go to the log.
    func triggerInput(_ name: String)
}

/// A view-model instance: values, triggers, streams, nested instances and lists.
///
/// Getters are async and throw `ViewModelInstanceError`; mutators queue and return at once
/// and never throw (their failures go to the log); streams end with a
/// `ViewModelInstanceError` when the path or type is wrong.
@MainActor
public protocol ViewModelInstance: AnyObject, Sendable {
    /// The instance's name: `""` for blank instances, the authored name for copies of authored instances (default copies included, SRC-2).
    func name() async throws(ViewModelInstanceError) -> String
    /// The name of the instance's view model.
    func viewModelName() async throws(ViewModelInstanceError) -> String

    /// The current value; a value set earlier is returned without an advance.
    /// - Throws: `ViewModelInstanceError.message` when no property of that type is at the path.
    func value<P: ValueProperty>(of property: P) async throws(ViewModelInstanceError) -> P.Value
    /// Sets a value. Setting an enum to a name that is not one of its cases is rejected.
    func setValue<P: ValueProperty>(of property: P, to value: P.Value)
    /// A stream of the property's values: one event per change, none before the first.
    func valueStream<P: ValueProperty>(of property: P) -> EventStream<P.Value, ViewModelInstanceError>

    /// Fires a trigger.
    func fire(trigger property: TriggerProperty)
    /// A stream with one event per fire of the trigger, by the app or by the file.
    func stream(of property: TriggerProperty) -> EventStream<Void, ViewModelInstanceError>

    /// The nested instance at the path; on a wrong path, an instance whose getters throw.
    func value(of property: ViewModelInstanceProperty) -> any ViewModelInstance
    /// Replaces the nested instance at the path with one of the same view model.
    func setValue(of property: ViewModelInstanceProperty, to instance: any ViewModelInstance)

    /// The number of items in a list.
    /// - Throws: `ViewModelInstanceError.message` when no list is at the path.
    func size(of list: ListProperty) async throws(ViewModelInstanceError) -> Int
    /// The list item at an index; on a wrong path or index, an instance whose getters throw.
    func value(of list: ListProperty, at index: Int32) -> any ViewModelInstance
    /// Appends an instance to a list.
    func appendInstance(_ instance: any ViewModelInstance, to list: ListProperty)
    /// Inserts an instance at an index from 0 to the list's size.
    func insertInstance(_ instance: any ViewModelInstance, to list: ListProperty, at index: Int32)
    /// Removes the item at an index.
    func removeInstance(at index: Int32, from list: ListProperty)
    /// Removes every item that is this instance.
    func removeInstance(_ instance: any ViewModelInstance, from list: ListProperty)
    /// Exchanges two items.
    func swapInstance(atIndex: Int32, withIndex: Int32, in list: ListProperty)

    /// Sets an image; `nil` clears it.
    func setValue(of property: ImageProperty, to image: (any Image)?)
    /// Sets an artboard; `nil` clears it.
    func setValue(of property: ArtboardProperty, to artboard: (any Artboard)?)
    /// Sets a blob; `nil` clears it.
    func setValue(of property: BlobProperty, to blob: (any Blob)?)
    /// Sets a font; `nil` clears it.
    func setValue(of property: FontProperty, to font: (any Font)?)
}

/// A decoded image.
@MainActor
public protocol Image: AnyObject, Sendable {
    /// Width in pixels.
    var width: Int { get }
    /// Height in pixels.
    var height: Int { get }
}

/// A decoded font.
@MainActor
public protocol Font: AnyObject, Sendable {}

/// A blob of bytes for blob properties.
@MainActor
public protocol Blob: AnyObject, Sendable {
    /// The number of bytes.
    var byteCount: Int { get }
}
