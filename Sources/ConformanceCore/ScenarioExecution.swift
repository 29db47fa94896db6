import Foundation
import RuntimeAPI

/// How one scenario run ended, before the adapter's expectations are applied.
enum Outcome: Sendable {
    /// Every step held; `recorded` lists goldens written (which still fails the scenario).
    case passed(recorded: [String])
    /// A check failed at a step.
    case diverged(Divergence, recorded: [String])
    /// The scenario could not be executed.
    case errored(String)
    /// The adapter's process died or broke its protocol.
    case crashed(String)
    /// The adapter's process did not answer within its own request timeout.
    case timedOut(String)
}

/// Why a step stopped the scenario.
enum StepFailure: Error {
    /// The runtime threw one of the RuntimeAPI errors.
    case runtime(any RuntimeError)
    /// A check failed.
    case diverged(Divergence)
    /// The harness could not perform the step (unreadable fixture, failed observation hook).
    case harness(String)
}


/// A value or trigger stream a scenario subscribed to, with everything it delivered so far.
@MainActor
final class StreamProbe {
    private let takeDelivered: @MainActor () -> [TypedValue?]
    private let ending: @MainActor () -> ViewModelInstanceError?
    private let ended: @MainActor () -> Bool
    private let pending: @MainActor () -> Int
    private let cancelStream: @MainActor () -> Void
    private let consume: @MainActor (StreamStop) async -> [TypedValue?]
    private(set) var received: [TypedValue?] = []

    init<Element>(stream: EventStream<Element, ViewModelInstanceError>, convert: @escaping @MainActor (Element) -> TypedValue?) {
        takeDelivered = { stream.takeDelivered().map(convert) }
        ending = { stream.terminalError }
        ended = { stream.isTerminated }
        pending = { stream.channel.bufferedCount }
        cancelStream = { stream.channel.cancel() }
        consume = { stop in
            var taken: [TypedValue?] = []
            switch stop {
            case .break:
                // `for try await` with a `break` after the first event. An AsyncStream ends when
                // its loop exits and drops the iterator; an EventStream lets consumers take turns,
                // so the end of the loop is made explicit.
                do {
                    for try await element in stream {
                        taken.append(convert(element))
                        break
                    }
                } catch {}
                stream.cancel()
            case .task:
                // A task consumes the stream as an app's would; cancelling it ends the stream
                // (EventChannel's cancellation handler), whether it was waiting or not.
                let task = Task { @MainActor () -> [TypedValue?] in
                    var seen: [TypedValue?] = []
                    do { for try await element in stream { seen.append(convert(element)) } } catch {}
                    return seen
                }
                await Task.yield()
                task.cancel()
                taken = await task.value
            }
            return taken
        }
    }

    /// Moves delivered events into `received`.
    func collect() { received += takeDelivered() }
    /// The error the stream ended with, if it ended with one.
    var terminalError: ViewModelInstanceError? { ending() }
    /// Whether the stream has ended, with an error or not.
    var isTerminated: Bool { ended() }
    /// How many delivered events wait to be taken.
    var pendingCount: Int { pending() }
    /// Ends the subscription.
    func cancel() { cancelStream() }
    /// Stops consuming the stream as `stop` says; what the consumer took joins `received`.
    func stop(_ stop: StreamStop) async { received += await consume(stop) }
}

/// Runs one scenario's steps against one adapter, stopping at the first divergence.
@MainActor
final class ScenarioExecution {
    private let scenario: Scenario
    private let adapter: any RuntimeAdapter
    private let fixturesDirectory: String
    /// Bytes that stand in for fixture files, by fixture name.
    private let fixtureBytes: [String: [UInt8]]
    private let goldens: GoldenStore
    /// The steps whose advance is cut into `splitParts` equal advances (verify mode).
    private let splitSteps: Set<Int>
    private let splitParts: Int
    /// The scenario's worker: made by `run()`, or given to reuse one.
    private(set) var worker: (any Worker)?
    private var workers: [String: any Worker] = [:]
    private var images: [String: any Image] = [:]
    private var fonts: [String: any Font] = [:]
    private var blobs: [String: any Blob] = [:]
    private var files: [String: any File] = [:]
    private var artboards: [String: any Artboard] = [:]
    private var stateMachines: [String: any StateMachine] = [:]
    private var instances: [String: any ViewModelInstance] = [:]
    private var streams: [String: StreamProbe] = [:]
    private var rives: [String: any Rive] = [:]
    private var views: [String: any RuntimeView] = [:]
    private var savedDigests: [String: DrawDigest] = [:]
    private var recorded: [String] = []

    /// Creates an execution.
    /// - Parameters:
    ///   - worker: a worker to run on instead of a new one from `adapter` (verify mode's reused worker).
    ///   - splitParts: into how many equal advances each step of `splitSteps` is cut; 1 cuts nothing.
    ///   - fixtureBytes: bytes that stand in for fixture files, by fixture name.
    init(scenario: Scenario, adapter: any RuntimeAdapter, fixturesDirectory: String, fixtureBytes: [String: [UInt8]] = [:], goldens: GoldenStore,
         worker: (any Worker)? = nil, splitSteps: Set<Int> = [], splitParts: Int = 1) {
        self.scenario = scenario
        self.adapter = adapter
        self.fixturesDirectory = fixturesDirectory
        self.fixtureBytes = fixtureBytes
        self.goldens = goldens
        self.worker = worker
        self.splitSteps = splitSteps
        self.splitParts = max(1, splitParts)
    }

    func run() async -> Outcome {
        defer { streams.values.forEach { $0.cancel() } }
        if worker == nil {
            do {
                worker = try await adapter.makeWorker()
            } catch {
                return .errored("the adapter could not create a worker: \(error)")
            }
        }
        for step in scenario.steps {
            if Task.isCancelled { return .errored("cancelled at step \(step.number)") }
            do {
                try await perform(step)
                if let expected = step.expectedError {
                    return .diverged(divergence(step, .error, nil, expected: "error \(expected)", actual: "no error"), recorded: recorded)
                }
            } catch {
                if let failure = await adapterFailure() { return failure }
                switch error {
                case .diverged(let divergence): return .diverged(divergence, recorded: recorded)
                case .harness(let message): return .errored("step \(step.number) (\(step.action.keyword)): \(message)")
                case .runtime(let thrown):
                    let actual = ErrorCase(thrown)
                    if let expected = step.expectedError, expected.code == actual.code { continue }
                    if case .load(_, let fixture, _) = step.action, step.expectedError == nil {
                        return .errored("step \(step.number) (load): fixture '\(fixture)' exists but did not load: \(actual) (\(thrown.message)); "
                                        + "fix or rebuild the fixture, or expect the error with 'throws:'")
                    }
                    return .diverged(divergence(step, .error, nil, expected: expectedErrorText(at: step), actual: "\(actual) (\(thrown.message))"),
                                     recorded: recorded)
                }
            }
        }
        // A process adapter's child may have died after the last step that could notice.
        if let failure = await adapterFailure() { return failure }
        return .passed(recorded: recorded)
    }

    /// What the scenario expects at a step that threw: the right error, or none with a note where one is expected.
    private func expectedErrorText(at step: Step) -> String {
        if let expected = step.expectedError { return "error \(expected)" }
        let elsewhere = scenario.steps.filter { $0.expectedError != nil }.map { "\($0.expectedError!) at step \($0.number)" }
        return elsewhere.isEmpty ? "no error" : "no error (the scenario expects \(elsewhere.joined(separator: ", ")))"
    }

    /// CRASH or TIMEOUT when a process adapter's log says its child died or stopped answering.
    private func adapterFailure() async -> Outcome? {
        guard let worker else { return nil }
        for entry in await worker.takeLog() {
            if entry.code == RuntimeLogEntry.adapterCrashedCode { return .crashed(entry.message) }
            if entry.code == RuntimeLogEntry.adapterTimedOutCode { return .timedOut(entry.message) }
        }
        return nil
    }

    private func divergence(_ step: Step, _ kind: Divergence.Kind, _ property: String?, expected: String, actual: String) -> Divergence {
        Divergence(kind: kind, step: step.number, action: step.action.keyword, handle: step.action.subject, property: property,
                   expected: expected, actual: actual)
    }

    /// Runs a runtime call, turning its RuntimeAPI error into a step failure.
    private func runtime<T>(_ body: () async throws -> T) async throws(StepFailure) -> T {
        do { return try await body() } catch let error as any RuntimeError { throw .runtime(error) } catch {
            throw .harness("the adapter threw a non-RuntimeAPI error: \(error)")
        }
    }

    // MARK: Steps

    private func perform(_ step: Step) async throws(StepFailure) {
        guard let worker else { throw .harness("no worker") }
        switch step.action {
        case .createWorker(let handle):
            do { workers[handle] = try await adapter.makeWorker() } catch { throw .harness("the adapter could not create a worker: \(error)") }
        case .load(let handle, let fixture, let other):
            let bytes: [UInt8]
            if let standIn = fixtureBytes[fixture] {
                bytes = standIn
            } else {
                let path = SharedFixtures.path(of: fixture, fixturesDirectory: fixturesDirectory)
                guard let data = FileManager.default.contents(atPath: path) else { throw .harness("cannot read fixture \(path)") }
                bytes = [UInt8](data)
            }
            let owner = other.map { workers[$0]! } ?? worker
            files[handle] = try await runtime { try await adapter.openFile(.data(bytes), on: owner) }
        case .createArtboard(let handle, let file, let name):
            let file = files[file]!
            artboards[handle] = try await runtime { try await file.createArtboard(name) }
        case .createStateMachine(let handle, let artboard, let name, let binding):
            let artboard = artboards[artboard]!
            let bind: DataBind = switch binding {
            case .auto: .auto
            case .none: .none
            case .instance(let instance): .instance(instances[instance]!)
            }
            stateMachines[handle] = try await runtime { try await artboard.createStateMachine(name, binding: bind) }
        case .createInstance(let handle, let file, let spec):
            let file = files[file]!
            let from: ViewModelSource = switch spec.viewModel {
            case .named(let name): .name(name)
            case .artboardDefault(let artboard): .artboardDefault(artboards[artboard]!)
            }
            let source: ViewModelInstanceSource = switch spec.kind {
            case .blank: .blank(from: from)
            case .viewModelDefault: .viewModelDefault(from: from)
            case .name: .name(spec.instanceName ?? "", from: from)
            }
            instances[handle] = try await runtime { try await file.createViewModelInstance(source) }
        case .bindInstances(let machine, let main, let globals):
            let machine = stateMachines[machine]!
            let mainInstance = main.map { instances[$0]! }
            let pairs = globals.map { GlobalBinding($0.name, instances[$0.instance]!) }
            try await runtime { try await machine.bindViewModelInstances(main: mainInstance, globals: pairs) }
        case .bindInstance(let machine, let instance):
            stateMachines[machine]!.bindViewModelInstance(instances[instance]!)
        case .setValue(let instance, let property, let value):
            set(value, at: property, on: instances[instance]!)
        case .fire(let instance, let trigger):
            instances[instance]!.fire(trigger: TriggerProperty(path: trigger))
        case .getValue(let instance, let property, let expected, let comparison):
            let actual = try await read(property, expected.kind, from: instances[instance]!)
            guard comparison.matches(expected: expected, actual: actual) else {
                throw .diverged(divergence(step, .value, property, expected: "\(expected) (\(comparison))", actual: actual.description))
            }
        case .getNested(let handle, let instance, let property):
            instances[handle] = instances[instance]!.value(of: ViewModelInstanceProperty(path: property))
        case .replaceNested(let instance, let property, let replacement):
            instances[instance]!.setValue(of: ViewModelInstanceProperty(path: property), to: instances[replacement]!)
        case .listSize(let instance, let list, let expected):
            let instance = instances[instance]!
            let size = try await runtime { try await instance.size(of: ListProperty(path: list)) }
            guard size == expected else { throw .diverged(divergence(step, .value, list, expected: "size \(expected)", actual: "size \(size)")) }
        case .listItem(let handle, let instance, let list, let index):
            instances[handle] = instances[instance]!.value(of: ListProperty(path: list), at: index)
        case .listAppend(let instance, let list, let item):
            instances[instance]!.appendInstance(instances[item]!, to: ListProperty(path: list))
        case .listInsert(let instance, let list, let item, let index):
            instances[instance]!.insertInstance(instances[item]!, to: ListProperty(path: list), at: index)
        case .listRemoveAt(let instance, let list, let index):
            instances[instance]!.removeInstance(at: index, from: ListProperty(path: list))
        case .listRemoveItem(let instance, let list, let item):
            instances[instance]!.removeInstance(instances[item]!, from: ListProperty(path: list))
        case .listSwap(let instance, let list, let first, let second):
            instances[instance]!.swapInstance(atIndex: first, withIndex: second, in: ListProperty(path: list))
        case .subscribe(let handle, let instance, let property, let kind):
            streams[handle] = subscribe(instances[instance]!, property, kind)
        case .assertEmissions(let stream, let expectation, let ending):
            await worker.flush()
            try checkEmissions(step, streams[stream]!, expectation, ending)
        case .cancelStream(let stream, let stop):
            await worker.flush()
            let probe = streams[stream]!
            if stop == .break, probe.pendingCount == 0, !probe.isTerminated {
                throw .diverged(divergence(step, .emissions, "break", expected: "an event to break after",
                                           actual: "nothing delivered since the last emissions step (the loop would wait for ever)"))
            }
            await probe.stop(stop)
        case .advance(let machine, let seconds):
            let parts = splitSteps.contains(step.number) ? splitParts : 1
            for _ in 0..<parts { stateMachines[machine]!.advance(by: seconds / Double(parts)) }
        case .setInput(let machine, let name, .number(let number)):
            stateMachines[machine]!.setInput(name, value: number)
        case .setInput(let machine, let name, .boolean(let bool)):
            stateMachines[machine]!.setInput(name, value: bool)
        case .triggerInput(let machine, let name):
            stateMachines[machine]!.triggerInput(name)
        case .decode(let handle, let kind, let asset, let other):
            let path = "\(fixturesDirectory)/assets/\(asset)"
            guard let data = FileManager.default.contents(atPath: path) else { throw .harness("cannot read asset \(path)") }
            let owner = other.map { workers[$0]! } ?? worker
            let bytes = [UInt8](data)
            switch kind {
            case .image: images[handle] = try await runtime { try await owner.decodeImage(from: bytes) }
            case .font: fonts[handle] = try await runtime { try await owner.decodeFont(from: bytes) }
            case .blob: blobs[handle] = try await runtime { try await owner.decodeBlob(from: bytes) }
            }
        case .assign(let instance, let property, let kind, let value):
            let instance = instances[instance]!
            switch kind {
            case .image: instance.setValue(of: ImageProperty(path: property), to: value.map { images[$0]! })
            case .font: instance.setValue(of: FontProperty(path: property), to: value.map { fonts[$0]! })
            case .blob: instance.setValue(of: BlobProperty(path: property), to: value.map { blobs[$0]! })
            case .artboard: instance.setValue(of: ArtboardProperty(path: property), to: value.map { artboards[$0]! })
            }
        case .makeRive(let handle, let file, let artboard, let machine, let dataBind, let exposes):
            let file = files[file]!
            let bind: DataBind? = switch dataBind {
            case nil: nil
            case .auto?: .auto
            case .none?: DataBind.none
            case .instance(let instance)?: .instance(instances[instance]!)
            }
            let rive = try await runtime {
                try await file.makeRive(artboard: artboard.map { artboards[$0]! }, stateMachine: machine.map { stateMachines[$0]! }, dataBind: bind)
            }
            rives[handle] = rive
            switch (exposes, rive.viewModelInstance) {
            case (nil, _), (.none?, nil): break
            case (.instance(let name)?, let exposed?): instances[name] = exposed
            case (.none?, let exposed?):
                let described = (try? await exposed.name()).map { "an instance named \(quoted($0))" } ?? "an instance"
                throw .diverged(divergence(step, .value, "viewModelInstance", expected: "nil", actual: described))
            case (.instance?, nil):
                throw .diverged(divergence(step, .value, "viewModelInstance", expected: "an instance", actual: "nil"))
            }
        case .makeRiveView(let handle, let rive, let width, let height):
            let configuration = ViewConfiguration(rive: rives[rive]!, width: width, height: height)
            do { views[handle] = try await worker.makeView(configuration) } catch { throw .harness("the adapter could not create a view: \(error)") }
        case .makeView(let handle, let artboard, let machine, let instance, let width, let height):
            let configuration = ViewConfiguration(artboard: artboards[artboard]!, stateMachine: stateMachines[machine]!,
                                                  viewModelInstance: instance.map { instances[$0]! }, width: width, height: height)
            do { views[handle] = try await worker.makeView(configuration) } catch { throw .harness("the adapter could not create a view: \(error)") }
        case .tick(let view, let tick, let expected):
            let report = await views[view]!.tick(tick)
            if let expected { try checkFrame(step, report, expected) }
        case .settle(let view, let from, let every, let within):
            try await settle(step, views[view]!, from: from, every: every, within: within)
        case .pointer(let view, let event):
            do { try await views[view]!.send(event) } catch { throw .harness("the pointer event failed: \(error)") }
        case .probe(let view, let x, let y, let expected, let comparison):
            let frame: RasterFrame
            do { frame = try await views[view]!.rasterize() } catch { throw .harness("rasterizing failed: \(error)") }
            guard let actual = frame.color(x: x, y: y) else {
                throw .harness("the probe (\(x), \(y)) is outside the \(frame.width)x\(frame.height) frame")
            }
            guard comparison.matches(expected: expected, actual: actual) else {
                throw .diverged(divergence(step, .pixel, "(\(x), \(y))", expected: "\(expected) (\(comparison))", actual: actual.description))
            }
        case .digest(let view, let check):
            let digest: DrawDigest
            do { digest = try await views[view]!.drawDigest() } catch { throw .harness("the draw digest failed: \(error)") }
            try checkDigest(step, digest, check)
        case .introspect(let target, let query, let expected):
            let answer = try await introspect(target, query)
            guard answer == expected else {
                throw .diverged(divergence(step, .introspection, query.keyword, expected: listText(expected), actual: listText(answer)))
            }
        case .log(let expectedCodes):
            await worker.flush()
            let codes = await worker.takeLog().map(\.code)
            if codes.contains(RuntimeLogEntry.adapterCrashedCode) || codes.contains(RuntimeLogEntry.adapterTimedOutCode) { throw .harness("the adapter process failed") }
            guard codes == expectedCodes else {
                throw .diverged(divergence(step, .log, nil, expected: listText(expectedCodes), actual: listText(codes)))
            }
        case .release(let handle):
            workers[handle] = nil
            images[handle] = nil
            fonts[handle] = nil
            blobs[handle] = nil
            files[handle] = nil
            artboards[handle] = nil
            stateMachines[handle] = nil
            instances[handle] = nil
            streams.removeValue(forKey: handle)?.cancel()
            views[handle] = nil
            rives[handle] = nil
        }
    }

    // MARK: Values and streams

    private func set(_ value: TypedValue, at path: String, on instance: any ViewModelInstance) {
        switch value {
        case .number(let number): instance.setValue(of: NumberProperty(path: path), to: number)
        case .string(let string): instance.setValue(of: StringProperty(path: path), to: string)
        case .boolean(let bool): instance.setValue(of: BoolProperty(path: path), to: bool)
        case .color(let color): instance.setValue(of: ColorProperty(path: path), to: color)
        case .enumCase(let name): instance.setValue(of: EnumProperty(path: path), to: name)
        }
    }

    private func read(_ path: String, _ kind: ValueKind, from instance: any ViewModelInstance) async throws(StepFailure) -> TypedValue {
        switch kind {
        case .number: .number(try await runtime { try await instance.value(of: NumberProperty(path: path)) })
        case .string: .string(try await runtime { try await instance.value(of: StringProperty(path: path)) })
        case .boolean: .boolean(try await runtime { try await instance.value(of: BoolProperty(path: path)) })
        case .color: .color(try await runtime { try await instance.value(of: ColorProperty(path: path)) })
        case .enumCase: .enumCase(try await runtime { try await instance.value(of: EnumProperty(path: path)) })
        }
    }

    private func subscribe(_ instance: any ViewModelInstance, _ path: String, _ kind: StreamKind) -> StreamProbe {
        switch kind {
        case .trigger: StreamProbe(stream: instance.stream(of: TriggerProperty(path: path))) { _ in nil }
        case .value(.number): StreamProbe(stream: instance.valueStream(of: NumberProperty(path: path))) { .number($0) }
        case .value(.string): StreamProbe(stream: instance.valueStream(of: StringProperty(path: path))) { .string($0) }
        case .value(.boolean): StreamProbe(stream: instance.valueStream(of: BoolProperty(path: path))) { .boolean($0) }
        case .value(.color): StreamProbe(stream: instance.valueStream(of: ColorProperty(path: path))) { .color($0) }
        case .value(.enumCase): StreamProbe(stream: instance.valueStream(of: EnumProperty(path: path))) { .enumCase($0) }
        }
    }

    private func checkEmissions(_ step: Step, _ probe: StreamProbe, _ expectation: EmissionExpectation, _ ending: StreamEnding?) throws(StepFailure) {
        probe.collect()
        let received = probe.received
        let actualValues = "[" + received.map { $0?.description ?? "fire" }.joined(separator: ", ") + "]"
        switch expectation {
        case .exactly(let values) where received != values.map(Optional.some):
            throw .diverged(divergence(step, .emissions, nil, expected: "[" + values.map(\.description).joined(separator: ", ") + "]", actual: actualValues))
        case .count(let count) where received.count != count:
            throw .diverged(divergence(step, .emissions, nil, expected: "\(count) event(s)", actual: "\(received.count) event(s) \(actualValues)"))
        case .nothing where !received.isEmpty:
            throw .diverged(divergence(step, .emissions, nil, expected: "no events", actual: actualValues))
        default: break
        }
        let actualError = probe.terminalError.map { ErrorCase($0) }
        let matches = switch ending {
        case nil: !probe.isTerminated
        case .finished?: probe.isTerminated && actualError == nil
        case .failed(let expected)?: actualError?.code == expected.code
        }
        guard matches else {
            let expected = switch ending {
            case nil: "still open"
            case .finished?: "finished (ended without an error)"
            case .failed(let error)?: "ended with \(error)"
            }
            let actual = actualError.map { "ended with \($0)" } ?? (probe.isTerminated ? "finished (ended without an error)" : "still open")
            throw .diverged(divergence(step, .emissions, "ending", expected: expected, actual: actual))
        }
    }

    // MARK: Observation

    private func checkFrame(_ step: Step, _ report: FrameReport, _ expected: FrameExpectation) throws(StepFailure) {
        let checks: [(String, Bool, String, String)] = [
            expected.advanced.map { ("advanced", $0 == report.advanced, "\($0)", "\(report.advanced)") },
            expected.drew.map { ("drew", $0 == report.drew, "\($0)", "\(report.drew)") },
            expected.settled.map { ("settled", $0 == report.settled, "\($0)", "\(report.settled)") },
            expected.advanceSeconds.map { seconds in
                ("advanceSeconds", report.advanceSeconds.map { abs($0 - seconds) <= 1e-9 } ?? false, "\(seconds) (absolute(1e-09))",
                 report.advanceSeconds.map { "\($0)" } ?? "no advance")
            },
        ].compactMap { $0 }
        if let failed = checks.first(where: { !$0.1 }) {
            throw .diverged(divergence(step, .redraw, failed.0, expected: failed.2, actual: failed.3))
        }
    }

    /// Ticks until a tick neither advances nor draws and reports settled (RDR-5's idle frame).
    ///
    /// Each tick yields first and stops when the task is cancelled, so the watchdog can end a
    /// settle that would otherwise keep the main actor busy.
    private func settle(_ step: Step, _ view: any RuntimeView, from: Double, every: Double, within: Int) async throws(StepFailure) {
        var report = await view.tick(DisplayTick(timestamp: from))
        var count = 1
        while !(report.settled && !report.advanced && !report.drew) {
            guard count < within else {
                throw .diverged(divergence(step, .redraw, "settle", expected: "an idle settled tick within \(within) tick(s)",
                                           actual: "tick \(count) advanced \(report.advanced), drew \(report.drew), settled \(report.settled)"))
            }
            await Task.yield()
            guard !Task.isCancelled else { throw .harness("cancelled after \(count) tick(s) of settle") }
            report = await view.tick(DisplayTick(timestamp: from + Double(count) * every))
            count += 1
        }
    }

    private func checkDigest(_ step: Step, _ digest: DrawDigest, _ check: DigestCheck) throws(StepFailure) {
        func saved(_ name: String) throws(StepFailure) -> DrawDigest {
            guard let saved = savedDigests[name] else { throw .harness("no digest was saved as '\(name)'") }
            return saved
        }
        switch check {
        case .save(let name):
            savedDigests[name] = digest
        case .equals(let name):
            let earlier = try saved(name)
            if let difference = firstDifference(earlier.commands, digest.commands) {
                throw .diverged(divergence(step, .digest, "equals \(name)", expected: "the frame saved as '\(name)' (\(difference.expected))",
                                           actual: difference.actual))
            }
        case .differs(let name):
            let earlier = try saved(name)
            guard earlier.commands != digest.commands else {
                throw .diverged(divergence(step, .digest, "differs \(name)", expected: "a frame different from '\(name)'",
                                           actual: "the same \(digest.commands.count) command(s), hash \(digest.hash)"))
            }
        case .golden(let name):
            switch goldens.check(digest, scenario: scenario.id, name: name) {
            case .matched: break
            case .mismatched(let golden):
                let difference = firstDifference(golden, digest.commands) ?? (expected: "the golden", actual: "a different frame")
                throw .diverged(divergence(step, .digest, "golden \(name)", expected: "golden \(goldens.relativePath(scenario: scenario.id, name: name)) (\(difference.expected))",
                                           actual: difference.actual))
            case .missing(let path):
                throw .diverged(divergence(step, .digest, "golden \(name)", expected: "a golden at \(path)",
                                           actual: "no golden (record mode never); record it with '--record missing'"))
            case .recorded:
                recorded.append("expected/" + goldens.relativePath(scenario: scenario.id, name: name))
            case .writeFailed(let path, let reason):
                throw .harness("cannot record the golden \(path): \(reason)")
            }
        }
    }

    /// The first command where two digests differ, described for a trace.
    private func firstDifference(_ expected: [String], _ actual: [String]) -> (expected: String, actual: String)? {
        guard expected != actual else { return nil }
        let index = (0..<min(expected.count, actual.count)).first { expected[$0] != actual[$0] } ?? min(expected.count, actual.count)
        let describe = { (commands: [String]) in
            index < commands.count ? "command \(index + 1) of \(commands.count): \(commands[index])" : "\(commands.count) command(s), none at \(index + 1)"
        }
        return (describe(expected), describe(actual))
    }

    private func introspect(_ target: String, _ query: IntrospectionQuery) async throws(StepFailure) -> [String] {
        switch query {
        case .artboardNames: return try await runtime { try await files[target]!.getArtboardNames() }
        case .viewModelNames: return try await runtime { try await files[target]!.getViewModelNames() }
        case .globalViewModelNames: return try await runtime { try await files[target]!.getGlobalViewModelNames() }
        case .instanceNames(let viewModel): return try await runtime { try await files[target]!.getInstanceNames(of: viewModel) }
        case .properties(let viewModel):
            let properties = try await runtime { try await files[target]!.getProperties(of: viewModel) }
            return properties.map { "\($0.type) \($0.name)" + ($0.metaData.isEmpty ? "" : " \($0.metaData)") }
        case .enums:
            return try await runtime { try await files[target]!.getViewModelEnums() }.map { "\($0.name): " + $0.values.joined(separator: ", ") }
        case .defaultViewModelInfo(let artboard):
            let info = try await runtime { try await files[target]!.getDefaultViewModelInfo(for: artboards[artboard]!) }
            return [info.viewModelName, info.instanceName]
        case .stateMachineNames: return try await runtime { try await artboards[target]!.getStateMachineNames() }
        case .instanceName: return [try await runtime { try await instances[target]!.name() }]
        case .viewModelName: return [try await runtime { try await instances[target]!.viewModelName() }]
        }
    }

    private func listText(_ items: [String]) -> String { "[" + items.map(quoted).joined(separator: ", ") + "]" }
}
