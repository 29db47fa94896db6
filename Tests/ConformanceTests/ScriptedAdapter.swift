import Conformance
import Foundation
import RuntimeAPI

/// What a scripted runtime does wrong or slowly, so that tests can drive every verdict path.
struct Script: Sendable {
    /// `Worker.flush()` never returns (until cancelled), for TIMEOUT.
    var hangOnFlush = false
    /// `advance(by:)` logs `adapter.crashed` and every later getter fails, for CRASH.
    var crashOnAdvance = false
    /// Value streams drop every event after the first, for emission mismatches.
    var streamsDropAfterFirst = false
    /// Views never settle and each tick blocks the thread for a millisecond, for a `settle` the watchdog must stop.
    var slowUnsettledTicks = false
    /// An advance by more than 0 and less than 0.01 s logs `machine.small-step`, so a run
    /// whose advances are split behaves differently (verify mode).
    var logsSmallAdvances = false
    /// A worker loads one file; a second load on it fails (verify mode's reused worker).
    var oneLoadPerWorker = false
    /// An adapter instance makes one worker; later `makeWorker()` calls fail (verify mode's shuffled order).
    var oneWorkerPerAdapter = false
}

/// A small deterministic in-memory runtime for the runner's own tests.
///
/// Its one file has artboard `Main` with state machine `Machine` (number input `level`), view model `Main`
/// (number `mood`, string `title`, color `tint`, enum `kind` of `Kind` = a/b, trigger `ping`,
/// nested `child` of view model `Child`, list `items`) with instance `Default`, and the global
/// view model `Theme`. Its view draws one rectangle filled with the bound instance's `tint`:
/// a tick advances and draws when the view is new or the instance changed since the last
/// tick (the RDR policy), and pixels and the digest follow `tint`. Blobs decode (any blob
/// property accepts them; one of another worker is logged); images and fonts never decode.
@MainActor
final class ScriptedAdapter: RuntimeAdapter {
    let name = "scripted"
    let version = "1.0-test"
    let capabilities: RuntimeCapabilities
    let script: Script

    init(capabilities: RuntimeCapabilities = ScriptedAdapter.all, script: Script = Script()) {
        self.capabilities = capabilities
        self.script = script
    }

    nonisolated static let all: RuntimeCapabilities = RuntimeCapabilities(RuntimeCapabilities.names.map(\.capability))

    private var workersMade = 0

    func makeWorker() async throws(WorkerError) -> any Worker {
        workersMade += 1
        if script.oneWorkerPerAdapter, workersMade > 1 { throw .missingDevice("this scripted adapter instance made its one worker already") }
        return ScriptedWorker(script: script)
    }
}

@MainActor
final class ScriptedWorker: Worker {
    let script: Script
    var log: [RuntimeLogEntry] = []
    var crashed = false
    private var loads = 0
    init(script: Script) { self.script = script }

    func loadFile(_ source: FileSource) async throws(FileError) -> any File {
        loads += 1
        if script.oneLoadPerWorker, loads > 1 { throw .invalidFile("this scripted worker loaded its one file already") }
        guard case .data(let bytes) = source, String(decoding: bytes, as: UTF8.self).hasPrefix("scripted") else {
            throw .invalidFile("not a scripted fixture")
        }
        return ScriptedFile(worker: self)
    }
    func decodeImage(from bytes: [UInt8]) async throws(AssetError) -> any Image { throw .failedDecoding("no assets") }
    func decodeFont(from bytes: [UInt8]) async throws(AssetError) -> any Font { throw .failedDecoding("no assets") }
    func decodeBlob(from bytes: [UInt8]) async throws(AssetError) -> any Blob { ScriptedBlob(byteCount: bytes.count, worker: self) }

    func flush() async {
        if script.hangOnFlush { try? await Task.sleep(for: .seconds(3600)) }
    }
    func takeLog() -> [RuntimeLogEntry] {
        defer { log = [] }
        return log
    }
    func makeView(_ configuration: ViewConfiguration) throws(ObservationError) -> any RuntimeView {
        ScriptedView(configuration, script: script)
    }
}

/// A blob of a scripted worker; images and fonts never decode.
@MainActor
final class ScriptedBlob: Blob {
    let byteCount: Int
    let worker: ScriptedWorker
    init(byteCount: Int, worker: ScriptedWorker) {
        self.byteCount = byteCount
        self.worker = worker
    }
}

@MainActor
final class ScriptedFile: File {
    let worker: ScriptedWorker
    init(worker: ScriptedWorker) { self.worker = worker }

    func getArtboardNames() async throws(FileError) -> [String] { ["Main"] }
    func createArtboard(_ name: String?) async throws(FileError) -> any Artboard {
        guard name == nil || name == "Main" else { throw .invalidArtboard(name ?? "") }
        return ScriptedArtboard(worker: worker)
    }
    func getViewModelNames() async throws(FileError) -> [String] { ["Main", "Child", "Theme"] }
    func getGlobalViewModelNames() async throws(FileError) -> [String] { ["Theme"] }
    func getInstanceNames(of viewModel: String) async throws(FileError) -> [String] {
        guard ["Main", "Child", "Theme"].contains(viewModel) else { throw .invalidViewModel(viewModel) }
        return ["Default"]
    }
    func getProperties(of viewModel: String) async throws(FileError) -> [ViewModelProperty] {
        guard viewModel == "Main" else { throw .invalidViewModel(viewModel) }
        return [ViewModelProperty(type: .number, name: "mood"), ViewModelProperty(type: .string, name: "title"),
                ViewModelProperty(type: .color, name: "tint"), ViewModelProperty(type: .enumType, name: "kind", metaData: "Kind")]
    }
    func getViewModelEnums() async throws(FileError) -> [ViewModelEnum] { [ViewModelEnum(name: "Kind", values: ["a", "b"])] }
    func getDefaultViewModelInfo(for artboard: any Artboard) async throws(ArtboardError) -> DefaultViewModelInfo {
        DefaultViewModelInfo(viewModelName: "Main", instanceName: "Default")
    }
    func createViewModelInstance(_ source: ViewModelInstanceSource) async throws(FileError) -> any ViewModelInstance {
        let (from, instanceName): (ViewModelSource, String) = switch source {
        case .blank(let from): (from, "")
        case .viewModelDefault(let from): (from, "Default")
        case .name(let name, let from): (from, name)
        }
        let viewModel: String = switch from {
        case .artboardDefault: "Main"
        case .name(let name): name
        }
        guard ["Main", "Child", "Theme"].contains(viewModel), ["", "Default"].contains(instanceName) else {
            throw .invalidViewModelInstance("\(viewModel)/\(instanceName)")
        }
        return ScriptedInstance(worker: worker, viewModel: viewModel, name: instanceName, authored: instanceName == "Default")
    }
    /// The documented forms expose no instance; `.auto` exposes a new `Default`, `.instance(x)` exposes `x`.
    func makeRive(artboard: (any Artboard)?, stateMachine: (any StateMachine)?, dataBind: DataBind?) async throws(RiveError) -> any Rive {
        let exposed: (any ViewModelInstance)? = switch dataBind {
        case nil, .none?: nil
        case .auto?: ScriptedInstance(worker: worker, viewModel: "Main", name: "Default", authored: true)
        case .instance(let instance)?: instance
        }
        return ScriptedRive(file: self, artboard: artboard ?? ScriptedArtboard(worker: worker),
                            stateMachine: stateMachine ?? ScriptedStateMachine(worker: worker), viewModelInstance: exposed)
    }
}

@MainActor
final class ScriptedRive: Rive {
    let file: any File
    let artboard: any Artboard
    let stateMachine: any StateMachine
    let viewModelInstance: (any ViewModelInstance)?
    init(file: any File, artboard: any Artboard, stateMachine: any StateMachine, viewModelInstance: (any ViewModelInstance)?) {
        self.file = file
        self.artboard = artboard
        self.stateMachine = stateMachine
        self.viewModelInstance = viewModelInstance
    }
}

@MainActor
final class ScriptedArtboard: Artboard {
    let name = "Main"
    let worker: ScriptedWorker
    init(worker: ScriptedWorker) { self.worker = worker }

    func getStateMachineNames() async throws(ArtboardError) -> [String] { ["Machine"] }
    func createStateMachine(_ name: String?, binding: DataBind) async throws(ArtboardError) -> any StateMachine {
        guard name == nil || name == "Machine" else { throw .invalidStateMachine(name ?? "") }
        return ScriptedStateMachine(worker: worker)
    }
}

@MainActor
final class ScriptedStateMachine: StateMachine {
    let name = "Machine"
    let worker: ScriptedWorker
    init(worker: ScriptedWorker) { self.worker = worker }

    func advance(by seconds: Double) {
        if worker.script.crashOnAdvance {
            worker.crashed = true
            worker.log.append(RuntimeLogEntry(level: .error, tag: "worker", code: RuntimeLogEntry.adapterCrashedCode, message: "the runtime process exited with signal 11"))
        }
        if worker.script.logsSmallAdvances, seconds > 0, seconds < 0.01 {
            worker.log.append(RuntimeLogEntry(level: .warning, tag: "stateMachine", code: "machine.small-step", message: "advanced by \(seconds) s"))
        }
    }
    func bindViewModelInstance(_ instance: any ViewModelInstance) {}
    func bindViewModelInstances(main: (any ViewModelInstance)?, globals: [GlobalBinding]) async throws(StateMachineError) {
        var seen: Set<String> = []
        for binding in globals {
            guard binding.name == "Theme" else { throw .invalidGlobalViewModelName(binding.name) }
            guard seen.insert(binding.name).inserted else { throw .duplicateGlobalViewModelInstance(binding.name) }
        }
    }
    func settledStream() -> EventStream<Void, Never> { EventStream(EventChannel()) }
    /// The machine has one number input `level`; any other input name is logged as unknown.
    func setInput(_ name: String, value: Float) { if name != "level" { logUnknownInput(name) } }
    func setInput(_ name: String, value: Bool) { logUnknownInput(name) }
    func triggerInput(_ name: String) { logUnknownInput(name) }
    private func logUnknownInput(_ name: String) {
        worker.log.append(RuntimeLogEntry(level: .error, tag: "stateMachine", code: "state-machine.unknown-input", message: "no input '\(name)' of that kind"))
    }
}

@MainActor
final class ScriptedInstance: ViewModelInstance {
    let worker: ScriptedWorker
    let viewModel: String
    let instanceName: String
    var values: [String: TypedValue]
    var items: [ScriptedInstance] = []
    var changeCount = 0
    private var valueChannels: [(path: String, yield: (TypedValue) -> Void)] = []
    private var triggerChannels: [String: [EventChannel<Void, ViewModelInstanceError>]] = [:]

    init(worker: ScriptedWorker, viewModel: String, name: String, authored: Bool) {
        self.worker = worker
        self.viewModel = viewModel
        instanceName = name
        values = ["mood": .number(authored ? 1 : 0), "title": .string(authored ? "hello" : ""),
                  "tint": .color(Color(authored ? 0xFF00_80FF : 0xFF00_0000)), "kind": .enumCase("a")]
    }

    func name() async throws(ViewModelInstanceError) -> String { instanceName }
    func viewModelName() async throws(ViewModelInstanceError) -> String { viewModel }

    private func typed<P: ValueProperty>(_ property: P) -> TypedValue? {
        guard let value = values[property.path] else { return nil }
        return switch (value, P.dataType) {
        case (.number, .number), (.string, .string), (.boolean, .boolean), (.color, .color), (.enumCase, .enumType): value
        default: nil
        }
    }

    private func wrap<P: ValueProperty>(_ value: P.Value, as property: P) -> TypedValue {
        switch value {
        case let number as Float: .number(number)
        case let color as Color: .color(color)
        case let bool as Bool: .boolean(bool)
        case let text as String: P.dataType == .enumType ? .enumCase(text) : .string(text)
        default: .string("\(value)")
        }
    }

    private func unwrap<P: ValueProperty>(_ value: TypedValue, as property: P) -> P.Value? {
        switch value {
        case .number(let number): number as? P.Value
        case .string(let text), .enumCase(let text): text as? P.Value
        case .boolean(let bool): bool as? P.Value
        case .color(let color): color as? P.Value
        }
    }

    func value<P: ValueProperty>(of property: P) async throws(ViewModelInstanceError) -> P.Value {
        if worker.crashed { throw .error("the runtime process is gone") }
        guard let value = typed(property), let result = unwrap(value, as: property) else {
            throw .message("no \(P.dataType) property at '\(property.path)'")
        }
        return result
    }

    func setValue<P: ValueProperty>(of property: P, to value: P.Value) {
        guard typed(property) != nil else {
            worker.log.append(RuntimeLogEntry(level: .error, tag: "viewModelInstance", code: "view-model-instance.missing-property",
                                              message: "no \(P.dataType) property at '\(property.path)'"))
            return
        }
        let new = wrap(value, as: property)
        guard values[property.path] != new else { return }
        values[property.path] = new
        changeCount += 1
        for channel in valueChannels where channel.path == property.path { channel.yield(new) }
    }

    func valueStream<P: ValueProperty>(of property: P) -> EventStream<P.Value, ViewModelInstanceError> {
        let channel = EventChannel<P.Value, ViewModelInstanceError>()
        guard typed(property) != nil else {
            channel.finish(throwing: .message("no \(P.dataType) property at '\(property.path)'"))
            return EventStream(channel)
        }
        var delivered = 0
        let dropsAfterFirst = worker.script.streamsDropAfterFirst
        valueChannels.append((property.path, { [unowned self] value in
            delivered += 1
            if dropsAfterFirst && delivered > 1 { return }
            if let converted = self.unwrap(value, as: property) { channel.yield(converted) }
        }))
        return EventStream(channel)
    }

    func fire(trigger property: TriggerProperty) {
        changeCount += 1
        for channel in triggerChannels[property.path] ?? [] { channel.yield(()) }
    }
    func stream(of property: TriggerProperty) -> EventStream<Void, ViewModelInstanceError> {
        let channel = EventChannel<Void, ViewModelInstanceError>()
        triggerChannels[property.path, default: []].append(channel)
        return EventStream(channel)
    }

    func value(of property: ViewModelInstanceProperty) -> any ViewModelInstance {
        ScriptedInstance(worker: worker, viewModel: "Child", name: "", authored: false)
    }
    func setValue(of property: ViewModelInstanceProperty, to instance: any ViewModelInstance) {}

    func size(of list: ListProperty) async throws(ViewModelInstanceError) -> Int {
        guard list.path == "items" else { throw .message("no list at '\(list.path)'") }
        return items.count
    }
    func value(of list: ListProperty, at index: Int32) -> any ViewModelInstance {
        items.indices.contains(Int(index)) ? items[Int(index)] : ScriptedInstance(worker: worker, viewModel: "Child", name: "", authored: false)
    }
    func appendInstance(_ instance: any ViewModelInstance, to list: ListProperty) {
        if let item = instance as? ScriptedInstance { items.append(item) }
    }
    func insertInstance(_ instance: any ViewModelInstance, to list: ListProperty, at index: Int32) {
        if let item = instance as? ScriptedInstance, (0...items.count).contains(Int(index)) { items.insert(item, at: Int(index)) }
    }
    func removeInstance(at index: Int32, from list: ListProperty) {
        if items.indices.contains(Int(index)) { items.remove(at: Int(index)) }
    }
    func removeInstance(_ instance: any ViewModelInstance, from list: ListProperty) { items.removeAll { $0 === instance } }
    func swapInstance(atIndex: Int32, withIndex: Int32, in list: ListProperty) {
        if items.indices.contains(Int(atIndex)), items.indices.contains(Int(withIndex)) { items.swapAt(Int(atIndex), Int(withIndex)) }
    }

    func setValue(of property: ImageProperty, to image: (any Image)?) {}
    func setValue(of property: ArtboardProperty, to artboard: (any Artboard)?) {}
    /// A blob of this worker (or nil) is a change; a blob of another worker is logged and ignored.
    func setValue(of property: BlobProperty, to blob: (any Blob)?) {
        if let blob = blob as? ScriptedBlob, blob.worker !== worker {
            worker.log.append(RuntimeLogEntry(level: .error, tag: "viewModelInstance", code: "view-model-instance.other-worker",
                                              message: "the blob was decoded on another worker"))
            return
        }
        changeCount += 1
    }
    func setValue(of property: FontProperty, to font: (any Font)?) {}
}

@MainActor
final class ScriptedView: RuntimeView {
    let configuration: ViewConfiguration
    private var drawnChangeCount: Int?
    private var lastTint = Color(0)
    private var lastTimestamp: Double?
    private let script: Script

    init(_ configuration: ViewConfiguration, script: Script) {
        self.configuration = configuration
        self.script = script
    }

    private var instance: ScriptedInstance? { configuration.viewModelInstance as? ScriptedInstance }

    func tick(_ tick: DisplayTick) -> FrameReport {
        defer { lastTimestamp = tick.timestamp }
        if script.slowUnsettledTicks {
            Thread.sleep(forTimeInterval: 0.001)
            return FrameReport(advanced: true, advanceSeconds: 0, drew: true, settled: false)
        }
        let changes = instance?.changeCount ?? 0
        guard !tick.isPaused, drawnChangeCount != changes else {
            return FrameReport(advanced: false, advanceSeconds: nil, drew: false, settled: true)
        }
        drawnChangeCount = changes
        if case .color(let tint)? = instance?.values["tint"] { lastTint = tint }
        return FrameReport(advanced: true, advanceSeconds: lastTimestamp.map { tick.timestamp - $0 } ?? 0, drew: true, settled: true)
    }
    func drawDigest() throws(ObservationError) -> DrawDigest {
        let commands = ["clip 0 0 \(configuration.width) \(configuration.height)", "rect 0 0 \(configuration.width) \(configuration.height)", "fill \(lastTint)"]
        return DrawDigest(commands: commands, hash: String(commands.joined(separator: "\n").utf8.reduce(UInt32(0)) { $0 &* 31 &+ UInt32($1) }, radix: 16))
    }
    func rasterize() throws(ObservationError) -> RasterFrame {
        RasterFrame(width: configuration.width, height: configuration.height,
                    pixels: Array(repeating: lastTint.argbValue, count: configuration.width * configuration.height))
    }
    func send(_ event: PointerEvent) throws(ObservationError) {
        if event.kind == .down { instance?.fire(trigger: TriggerProperty(path: "ping")) }
    }
}
