import HarnessSupport
import RuntimeAPI

/// One conformance scenario: metadata and the steps that drive a runtime and check what it does.
///
/// A scenario lives in one YAML file under `Corpus/scenarios`; its ID is that path without
/// the `.yaml` extension (`binding/prop-1-set-then-get`). docs/scenario-format.md describes
/// the language.
public struct Scenario: Sendable, Codable {
    /// The path under `Corpus/scenarios` without extension.
    public var id: String
    /// The file the scenario was loaded from, as diagnostics and traces name it.
    public var file: String
    /// What the scenario checks, in one or two sentences.
    public var description: String
    /// The rule IDs of binding-rules.md the scenario checks.
    public var rules: [String]
    /// Feature names from `Corpus/features.yaml`.
    public var features: [String]
    /// The capabilities the scenario needs: those it declares plus those its steps imply.
    public var requires: RuntimeCapabilities
    /// The default fixture's name, relative to `Corpus/fixtures/` and without `.riv`.
    public var fixture: String?
    /// The scenario's own timeout in seconds, overriding the run's default.
    public var timeoutSeconds: Double?
    /// The steps in order.
    public var steps: [Step]

    /// Creates a scenario (the YAML loader and the corpus export reader build them from outside this module).
    public init(id: String, file: String, description: String, rules: [String], features: [String], requires: RuntimeCapabilities,
                fixture: String?, timeoutSeconds: Double?, steps: [Step]) {
        self.id = id
        self.file = file
        self.description = description
        self.rules = rules
        self.features = features
        self.requires = requires
        self.fixture = fixture
        self.timeoutSeconds = timeoutSeconds
        self.steps = steps
    }
}

/// One step of a scenario: an action and, optionally, the error it must throw.
public struct Step: Sendable, Codable {
    /// The 1-based position of the step in the scenario.
    public var number: Int
    /// Where the step starts in the scenario file.
    public var mark: Mark
    /// What the step does.
    public var action: StepAction
    /// The error this step must throw (`throws: FileError.invalidArtboard`); `nil` when it must not throw.
    public var expectedError: ErrorCase?

    /// Creates a step.
    public init(number: Int, mark: Mark, action: StepAction, expectedError: ErrorCase?) {
        self.number = number
        self.mark = mark
        self.action = action
        self.expectedError = expectedError
    }
}

/// What a step does.
///
/// Handle names refer to objects an earlier step created; the loader checks that each one
/// exists and has the right kind.
public enum StepAction: Sendable, Codable {
    /// Creates a worker besides the scenario's own (which every step without `worker:` uses).
    case createWorker(handle: String)
    /// Loads a fixture into a file handle, on the scenario's worker or on a worker handle.
    case load(handle: String, fixture: String, worker: String?)
    /// Creates an artboard from a file (`nil` name: the default artboard).
    case createArtboard(handle: String, file: String, name: String?)
    /// Creates a state machine from an artboard, binding as `binding` says.
    case createStateMachine(handle: String, artboard: String, name: String?, binding: BindingChoice)
    /// Creates a view-model instance from a file.
    case createInstance(handle: String, file: String, source: InstanceSourceSpec)
    /// Calls `bindViewModelInstances(main:globals:)`.
    case bindInstances(stateMachine: String, main: String?, globals: [GlobalPair])
    /// Calls the pre-6.28 `bindViewModelInstance(_:)`.
    case bindInstance(stateMachine: String, instance: String)
    /// Sets a value.
    case setValue(instance: String, property: String, value: TypedValue)
    /// Fires a trigger.
    case fire(instance: String, trigger: String)
    /// Reads a value and compares it with the expected one.
    case getValue(instance: String, property: String, expected: TypedValue, comparison: Comparison)
    /// Gets a nested instance into a new handle.
    case getNested(handle: String, instance: String, property: String)
    /// Replaces a nested instance.
    case replaceNested(instance: String, property: String, replacement: String)
    /// Reads a list's size and compares it with the expected one.
    case listSize(instance: String, list: String, expected: Int)
    /// Gets a list item into a new handle.
    case listItem(handle: String, instance: String, list: String, index: Int32)
    /// Appends an instance to a list.
    case listAppend(instance: String, list: String, item: String)
    /// Inserts an instance into a list at an index.
    case listInsert(instance: String, list: String, item: String, index: Int32)
    /// Removes the list item at an index.
    case listRemoveAt(instance: String, list: String, index: Int32)
    /// Removes every list item that is an instance.
    case listRemoveItem(instance: String, list: String, item: String)
    /// Exchanges two list items.
    case listSwap(instance: String, list: String, first: Int32, second: Int32)
    /// Subscribes to a value or trigger stream.
    case subscribe(handle: String, instance: String, property: String, kind: StreamKind)
    /// Checks everything a stream emitted since subscribing, after a flush, and whether and how it ended.
    case assertEmissions(stream: String, expectation: EmissionExpectation, endsWith: StreamEnding?)
    /// Stops consuming a stream, as an app's task does (STR-5, STR-8); the handle stays, so
    /// later `emissions` steps check what it got and that it ended.
    case cancelStream(stream: String, by: StreamStop)
    /// Advances a state machine.
    case advance(stateMachine: String, seconds: Double)
    /// Sets a number or boolean input of a state machine (the legacy input path).
    case setInput(stateMachine: String, name: String, value: InputValue)
    /// Fires a trigger input of a state machine.
    case triggerInput(stateMachine: String, name: String)
    /// Decodes an asset file from `Corpus/fixtures/assets/` into an asset handle.
    case decode(handle: String, kind: AssetKind, asset: String, worker: String?)
    /// Sets an image, font, blob or artboard property to a handle, or clears it (`nil`).
    case assign(instance: String, property: String, kind: AssignableKind, value: String?)
    /// Creates a view over an artboard and state machine.
    case makeView(handle: String, artboard: String, stateMachine: String, instance: String?, width: Int, height: Int)
    /// Makes a `Rive` object from a file (`File.makeRive`) and checks the instance it exposes.
    case makeRive(handle: String, file: String, artboard: String?, stateMachine: String?, dataBind: BindingChoice?, exposes: RiveExposure?)
    /// Creates a view from a `Rive` object (`ViewConfiguration(rive:)`).
    case makeRiveView(handle: String, rive: String, width: Int, height: Int)
    /// Runs one display tick and optionally checks its frame report.
    case tick(view: String, tick: DisplayTick, expected: FrameExpectation?)
    /// Ticks a view on screen from `from`, every `every` seconds, until a tick neither
    /// advances nor draws and reports settled; fails after `within` ticks.
    case settle(view: String, from: Double, every: Double, within: Int)
    /// Sends a pointer event through a view.
    case pointer(view: String, event: PointerEvent)
    /// Rasterizes the last frame and checks the color at a pixel.
    case probe(view: String, x: Int, y: Int, expected: Color, comparison: Comparison)
    /// Checks the last frame's draw digest.
    case digest(view: String, check: DigestCheck)
    /// Asks a file, artboard or instance a question and compares the answer.
    case introspect(target: String, query: IntrospectionQuery, expected: [String])
    /// Takes the runtime's log (after a flush) and compares its codes.
    case log(expectedCodes: [String])
    /// Drops the scenario's reference to a handle.
    case release(handle: String)

    /// The action's keyword as written in scenario files (`get`, `stateMachine`, ...).
    public var keyword: String {
        switch self {
        case .createWorker: "worker"
        case .load: "load"
        case .createArtboard: "artboard"
        case .createStateMachine: "stateMachine"
        case .createInstance: "instance"
        case .bindInstances: "bind"
        case .bindInstance: "bindInstance"
        case .setValue: "set"
        case .fire: "fire"
        case .getValue: "get"
        case .getNested: "nested"
        case .replaceNested: "replaceNested"
        case .listSize: "listSize"
        case .listItem: "listItem"
        case .listAppend: "append"
        case .listInsert: "insert"
        case .listRemoveAt, .listRemoveItem: "remove"
        case .listSwap: "swap"
        case .subscribe: "subscribe"
        case .assertEmissions: "emissions"
        case .cancelStream: "cancel"
        case .advance: "advance"
        case .setInput: "input"
        case .triggerInput: "triggerInput"
        case .decode: "decode"
        case .assign: "assign"
        case .makeView, .makeRiveView: "view"
        case .makeRive: "rive"
        case .tick: "tick"
        case .settle: "settle"
        case .pointer: "pointer"
        case .probe: "probe"
        case .digest: "digest"
        case .introspect: "introspect"
        case .log: "log"
        case .release: "release"
        }
    }

    /// The handle the step acts on or creates, for traces.
    public var subject: String? {
        switch self {
        case .createWorker(let handle), .decode(let handle, _, _, _), .load(let handle, _, _), .createArtboard(let handle, _, _), .createStateMachine(let handle, _, _, _),
             .createInstance(let handle, _, _), .getNested(let handle, _, _), .listItem(let handle, _, _, _),
             .subscribe(let handle, _, _, _), .makeView(let handle, _, _, _, _, _), .release(let handle),
             .makeRive(let handle, _, _, _, _, _), .makeRiveView(let handle, _, _, _):
            handle
        case .bindInstances(let stateMachine, _, _), .bindInstance(let stateMachine, _), .advance(let stateMachine, _),
             .setInput(let stateMachine, _, _), .triggerInput(let stateMachine, _):
            stateMachine
        case .setValue(let instance, _, _), .fire(let instance, _), .getValue(let instance, _, _, _),
             .replaceNested(let instance, _, _), .listSize(let instance, _, _), .listAppend(let instance, _, _),
             .listInsert(let instance, _, _, _), .listRemoveAt(let instance, _, _), .listRemoveItem(let instance, _, _),
             .listSwap(let instance, _, _, _), .assign(let instance, _, _, _):
            instance
        case .assertEmissions(let stream, _, _), .cancelStream(let stream, _): stream
        case .tick(let view, _, _), .settle(let view, _, _, _), .pointer(let view, _), .probe(let view, _, _, _, _), .digest(let view, _): view
        case .introspect(let target, _, _): target
        case .log: nil
        }
    }
}

/// What `createStateMachine` binds (the file's defaults, nothing, or an instance handle), or
/// the `dataBind:` mode of a `Rive` object.
public enum BindingChoice: Sendable, Hashable, Codable {
    /// The file's authored default instances (`binding: auto`, or no `binding:` key).
    case auto
    /// Nothing (`binding: none`).
    case none
    /// The instance behind a handle.
    case instance(String)
}

/// How a scenario asks for a view-model instance: the source kind and where the view model comes from.
public struct InstanceSourceSpec: Sendable, Hashable, Codable {
    /// How the instance is filled.
    public enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
        /// Type defaults (`.blank`).
        case blank
        /// A copy of the default instance (`.viewModelDefault`).
        case viewModelDefault
        /// A copy of a named instance (`.name`).
        case name
    }

    /// Which view model: by name, or the one assigned to an artboard handle (`.artboardDefault`).
    public enum ViewModel: Sendable, Hashable, Codable {
        /// The view model with this name.
        case named(String)
        /// The view model the file assigns to the artboard behind this handle.
        case artboardDefault(String)
    }

    /// How the instance is filled.
    public var kind: Kind
    /// Which view model it comes from.
    public var viewModel: ViewModel
    /// The authored instance's name, for `.name`.
    public var instanceName: String?

    /// Creates an instance source.
    public init(kind: Kind, viewModel: ViewModel, instanceName: String?) {
        self.kind = kind
        self.viewModel = viewModel
        self.instanceName = instanceName
    }
}

/// One ordered `(global view model name, instance handle)` pair of a `bind` step.
public struct GlobalPair: Sendable, Hashable, Codable {
    /// The global view model's name as the scenario writes it (it may be wrong on purpose).
    public var name: String
    /// The instance handle.
    public var instance: String

    /// Creates a pair.
    public init(name: String, instance: String) {
        self.name = name
        self.instance = instance
    }
}

/// The value a scenario gives a number or boolean state-machine input.
public enum InputValue: Sendable, Hashable, Codable {
    /// A number input's value.
    case number(Float)
    /// A boolean input's value.
    case boolean(Bool)
}

/// What a `decode` step decodes: the worker call it makes.
public enum AssetKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// `decodeImage(from:)` (PNG or JPEG).
    case image
    /// `decodeFont(from:)` (TrueType or OpenType).
    case font
    /// `decodeBlob(from:)` (any bytes).
    case blob
}

/// The write-only property types an `assign` step sets (PROP-8).
public enum AssignableKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// An `ImageProperty`, set to an image handle.
    case image
    /// A `FontProperty`, set to a font handle.
    case font
    /// A `BlobProperty`, set to a blob handle.
    case blob
    /// An `ArtboardProperty`, set to an artboard handle.
    case artboard
}

/// What a stream carries: the values of a value property, or the fires of a trigger.
public enum StreamKind: Sendable, Hashable, Codable {
    /// A `valueStream(of:)` for this value type.
    case value(ValueKind)
    /// A `stream(of: TriggerProperty)`.
    case trigger
}

/// What a stream must have emitted since subscribing.
public enum EmissionExpectation: Sendable, Hashable, Codable {
    /// Exactly these values, in order (value streams only).
    case exactly([TypedValue])
    /// This many events.
    case count(Int)
    /// Nothing.
    case nothing
}

/// How a stream must have ended when an `emissions` step checks it (no `endsWith`: still open).
public enum StreamEnding: Sendable, Hashable, Codable {
    /// Ended without an error: its consumer stopped (`endsWith: finished`, STR-8).
    case finished
    /// Ended with this error (`endsWith: ViewModelInstanceError.message`, STR-4).
    case failed(ErrorCase)
}

/// How a `cancel` step stops consuming a stream.
public enum StreamStop: String, Sendable, Hashable, CaseIterable, Codable {
    /// The task iterating the stream is cancelled, after taking everything delivered so far (`by: task`, the default).
    case task
    /// A `for try await` loop takes the next delivered event and breaks; the stream is then
    /// ended as an `AsyncStream` ends when its loop exits (`by: break`).
    case `break`
}

/// What a `rive` step expects of the object's deprecated `viewModelInstance`.
public enum RiveExposure: Sendable, Hashable, Codable {
    /// `nil` (`viewModelInstance: none`).
    case none
    /// An instance, kept under this handle (`viewModelInstance: HANDLE`).
    case instance(String)
}

/// The parts of a frame report a `tick` step checks; `nil` parts are not checked.
public struct FrameExpectation: Sendable, Hashable, Codable {
    /// Whether the view advanced the state machine.
    public var advanced: Bool?
    /// Whether the view drew.
    public var drew: Bool?
    /// Whether the view considered the state machine settled.
    public var settled: Bool?
    /// The advance's time step in seconds (compared within 1e-9).
    public var advanceSeconds: Double?

    /// Creates a frame expectation; `nil` parts are not checked.
    public init(advanced: Bool?, drew: Bool?, settled: Bool?, advanceSeconds: Double?) {
        self.advanced = advanced
        self.drew = drew
        self.settled = settled
        self.advanceSeconds = advanceSeconds
    }
}

/// What a `digest` step checks against the last drawn frame.
public enum DigestCheck: Sendable, Hashable, Codable {
    /// Remembers the digest under a name for later steps.
    case save(String)
    /// The digest must equal the one saved under the name.
    case equals(String)
    /// The digest must differ from the one saved under the name.
    case differs(String)
    /// The digest must equal the golden file `Corpus/expected/<scenario ID>/<name>.digest`.
    case golden(String)
}

/// A question an `introspect` step asks, with the handle kind it is asked of.
public enum IntrospectionQuery: Sendable, Hashable, Codable {
    /// `File.getArtboardNames()`.
    case artboardNames
    /// `File.getViewModelNames()`.
    case viewModelNames
    /// `File.getGlobalViewModelNames()`.
    case globalViewModelNames
    /// `File.getInstanceNames(of:)`.
    case instanceNames(viewModel: String)
    /// `File.getProperties(of:)`, each answered as `type name` or `type name metaData`.
    case properties(viewModel: String)
    /// `File.getViewModelEnums()`, each answered as `Name: value, value`.
    case enums
    /// `File.getDefaultViewModelInfo(for:)` of an artboard handle: view model name, then instance name.
    case defaultViewModelInfo(artboard: String)
    /// `Artboard.getStateMachineNames()`.
    case stateMachineNames
    /// `ViewModelInstance.name()`.
    case instanceName
    /// `ViewModelInstance.viewModelName()`.
    case viewModelName

    /// The query's keyword as written in scenario files.
    public var keyword: String {
        switch self {
        case .artboardNames: "artboardNames"
        case .viewModelNames: "viewModelNames"
        case .globalViewModelNames: "globalViewModelNames"
        case .instanceNames: "instanceNames"
        case .properties: "properties"
        case .enums: "enums"
        case .defaultViewModelInfo: "defaultViewModelInfo"
        case .stateMachineNames: "stateMachineNames"
        case .instanceName: "instanceName"
        case .viewModelName: "viewModelName"
        }
    }
}
