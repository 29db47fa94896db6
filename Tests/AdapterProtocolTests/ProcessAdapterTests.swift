@testable import AdapterProtocol
import Conformance
import Foundation
import HarnessTestSupport
import ReferenceRuntime
import RuntimeAPI
import Testing

/// The process adapter against `rive-harness serve` and against misbehaving adapter programs.
@Suite("process adapter")
@MainActor
struct ProcessAdapterTests {
    static let corpusPath = SharedMaterial.packageRoot.appendingPathComponent("Corpus").path
    static let serveCommand = "'\(HarnessProcess.executable.path)' serve"
    static let misbehavingScript = SharedMaterial.packageRoot.appendingPathComponent("Tests/AdapterProtocolTests/Fixtures/misbehaving-adapter.py").path

    /// Runs a plan and returns its results JSON without durations.
    private func resultsJSON(_ corpus: Corpus, _ plan: RunPlan, jobs: Int, _ makeAdapter: @escaping @MainActor () -> any RuntimeAdapter) async throws -> String {
        var text = ""
        let runner = ConformanceRunner(corpus: corpus, options: RunOptions(jobs: jobs, recordMode: .never),
                                       reporters: [JSONReporter { text += $0 }], makeAdapter: makeAdapter)
        _ = await runner.run(plan)
        return try ResultsJSON.withoutDurations(text)
    }

    @Test("through 'rive-harness serve' artboards answer ArtboardMetrics (artboardMetrics capability) exactly as in process")
    func artboardMetricsThroughServe() async throws {
        let adapter = try ProcessAdapter(configuration: ProcessAdapterConfiguration(command: Self.serveCommand))
        #expect(adapter.capabilities.contains(.artboardMetrics))
        let remote = try await adapter.makeWorker()
        let local = try await ReferenceRuntimeAdapter().makeWorker()
        for name in ["character", "all-types"] {
            let path = SharedMaterial.packageRoot.appendingPathComponent("Corpus/fixtures/\(name).riv").path
            let remoteFile = try await remote.loadFile(.path(path))
            let localFile = try await local.loadFile(.path(path))
            for artboardName in try await localFile.getArtboardNames() {
                let remoteArtboard = try #require(try await remoteFile.createArtboard(artboardName) as? any ArtboardMetrics)
                let localArtboard = try #require(try await localFile.createArtboard(artboardName) as? any ArtboardMetrics)
                #expect(try await remoteArtboard.getSize() == localArtboard.getSize(), "\(name) / \(artboardName)")
                #expect(try await remoteArtboard.getAnimationNames() == localArtboard.getAnimationNames(), "\(name) / \(artboardName)")
            }
        }
        let character = try await remoteFile(remote, "character")
        let animations = try await (try #require(try await character.createArtboard(nil) as? any ArtboardMetrics)).getAnimationNames()
        #expect(!animations.isEmpty, "character.riv has linear animations")
    }

    @Test("through 'rive-harness serve' artboards play a linear animation without a state machine (animationPlayback) as in process")
    func animationPlaybackThroughServe() async throws {
        let adapter = try ProcessAdapter(configuration: ProcessAdapterConfiguration(command: Self.serveCommand))
        #expect(adapter.capabilities.contains(.animationPlayback))
        var digests: [[String]] = []
        var names: [String] = []
        for worker in [try await adapter.makeWorker(), try await ReferenceRuntimeAdapter().makeWorker()] {
            let artboard = try await remoteFile(worker, "character").createArtboard(nil)
            let playback = try #require(artboard as? any AnimationPlayback)
            let scene = try await playback.createAnimationScene(nil, binding: .auto)
            names.append(scene.name)
            do {
                _ = try await playback.createAnimationScene("no such animation", binding: .none)
                Issue.record("an unknown animation name was accepted")
            } catch { #expect(error.code == "artboard.invalid-state-machine") }
            let view = try await worker.makeView(ViewConfiguration(artboard: artboard, stateMachine: scene, viewModelInstance: nil, width: 128, height: 128))
            for frame in 0...10 { _ = await view.tick(DisplayTick(timestamp: Double(frame) / 60)) }
            await digests.append(try view.drawDigest().commands)
        }
        #expect(names[0] == names[1])
        #expect(digests[0] == digests[1])
        #expect(!digests[0].isEmpty)
    }

    @Test("through 'rive-harness serve' the Rive object (riveObject capability) exposes what it does in process, and its errors keep their codes")
    func riveObjectThroughServe() async throws {
        let adapter = try ProcessAdapter(configuration: ProcessAdapterConfiguration(command: Self.serveCommand))
        #expect(adapter.capabilities.contains(.riveObject))
        let remote = try await remoteFile(try await adapter.makeWorker(), "all-types")
        let local = try await remoteFile(try await ReferenceRuntimeAdapter().makeWorker(), "all-types")
        for file in [remote, local] {
            let plain = try await file.makeRive(artboard: nil, stateMachine: nil, dataBind: nil)
            #expect(plain.viewModelInstance == nil)
            #expect(plain.artboard.name == "AllTypes")
            #expect(plain.stateMachine.name == "AllTypesMachine")
            let artboard = try await file.createArtboard(nil)
            let machine = try await artboard.createStateMachine(nil, binding: .none)
            let deprecated = try await file.makeRive(artboard: artboard, stateMachine: machine, dataBind: .auto)
            let exposed = try #require(deprecated.viewModelInstance)
            #expect(try await exposed.name() == "Default")
            #expect(try await exposed.value(of: NumberProperty(path: "x")) == 50)
            let other = try await file.createArtboard(nil)
            do {
                _ = try await file.makeRive(artboard: other, stateMachine: machine, dataBind: nil)
                Issue.record("a state machine of another artboard must be rejected")
            } catch {
                #expect(error.code == "artboard.invalid-state-machine")
                guard case .artboard(.invalidStateMachine) = error else { Issue.record("wrong case \(error)"); continue }
            }
        }
    }

    private func remoteFile(_ worker: any Worker, _ name: String) async throws -> any File {
        try await worker.loadFile(.path(SharedMaterial.packageRoot.appendingPathComponent("Corpus/fixtures/\(name).riv").path))
    }

    @Test("the whole corpus through 'rive-harness serve' (two children in parallel) gives the in-process results")
    func corpusThroughServeEqualsInProcess() async throws {
        let corpus = try Corpus.load(Self.corpusPath)
        let first = try ProcessAdapter(configuration: ProcessAdapterConfiguration(command: Self.serveCommand))
        let reference = ReferenceRuntimeAdapter()
        #expect(first.name == reference.name)
        #expect(first.version == reference.version)
        #expect(first.capabilities == reference.capabilities)
        func plan(_ adapter: any RuntimeAdapter) -> RunPlan {
            Planner.plan(corpus: corpus, adapter: AdapterIdentity(adapter), capabilities: adapter.capabilities,
                         expectations: corpus.expectations(for: adapter.name), selection: Selection())
        }
        let inProcess = try await resultsJSON(corpus, plan(reference), jobs: 1) { ReferenceRuntimeAdapter() }
        var reused: ProcessAdapter? = first
        let throughProcess = try await resultsJSON(corpus, plan(first), jobs: 2) {
            defer { reused = nil }
            return reused ?? first.sibling()
        }
        #expect(plan(reference).entries.count > 50)
        #expect(throughProcess == inProcess)
    }

    @Test("a launch starts the child and sends the handshake without waiting for the answer; finishing it waits up to the handshake timeout")
    @MainActor
    func launchDoesNotWaitForTheHandshake() {
        // The child never answers: a launch that waited would fail after the handshake timeout.
        let silent = ProcessAdapterConfiguration(command: "cat > /dev/null", handshakeTimeoutSeconds: 1)
        let launch = ProcessAdapter.launch(configuration: silent)
        #expect((try? launch.session.get()) != nil, "the launch waited for the handshake")
        #expect(throws: ProcessAdapterError.self) { _ = try ProcessAdapter(launch: launch) }
        let serve = ProcessAdapterConfiguration(command: "'\(HarnessProcess.executable.path)' serve")
        let adapter = try? ProcessAdapter(launch: ProcessAdapter.launch(configuration: serve))
        #expect(adapter?.name == "reference")
    }

    @Test("'rive-harness serve' answers in order, streams before flush, and exits 1 on a line that is not JSON")
    func serveDirectly() throws {
        let process = Process()
        process.executableURL = HarnessProcess.executable
        process.arguments = ["serve"]
        let input = Pipe(), output = Pipe(), error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let fixture = SharedMaterial.packageRoot.appendingPathComponent("Corpus/fixtures/all-types.riv").path
        let lines = [
            #"{"id":1,"op":"handshake","protocolVersion":1}"#,
            #"{"id":2,"op":"adapter.makeWorker","handle":1}"#,
            #"{"id":3,"op":"worker.loadFile","worker":1,"handle":2,"path":"\#(fixture)"}"#,
            #"{"id":4,"op":"file.createViewModelInstance","file":2,"handle":3,"kind":"viewModelDefault","viewModel":"AllTypes"}"#,
            #"{"id":5,"op":"instance.valueStream","instance":3,"path":"x","type":"number","stream":4}"#,
            #"{"id":6,"op":"instance.setValue","instance":3,"path":"x","type":"number","value":0.1}"#,
            #"{"id":7,"op":"worker.flush","worker":1}"#,
            #"{"id":8,"op":"instance.value","instance":3,"path":"nope","type":"number"}"#,
            #"{"id":9,"op":"file.getArtboardNames","file":99}"#,
            "not json",
        ]
        input.fileHandleForWriting.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        try input.fileHandleForWriting.close()
        let answer = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n").map(String.init)
        let diagnostics = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(diagnostics.contains("line 10 is not JSON"))
        #expect(answer.count == 10, "\(answer)")
        guard answer.count == 10 else { return }
        #expect(answer[1...5] == [#"{"id":2,"result":{}}"#, #"{"id":3,"result":{}}"#, #"{"id":4,"result":{}}"#, #"{"id":5,"result":{}}"#, #"{"id":6,"result":{}}"#])
        #expect(answer[6] == #"{"event":"stream","stream":4,"value":0.1}"#)
        #expect(answer[7] == #"{"id":7,"result":{}}"#)
        #expect(answer[8].hasPrefix(#"{"id":8,"error":{"code":"view-model-instance."#), "\(answer[8])")
        #expect(answer[9].hasPrefix(#"{"id":9,"error":{"code":"protocol.unknown-handle""#), "\(answer[9])")
    }

    /// `python3` on PATH, or `nil`.
    static let python: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()
}

/// The process adapter driven through `rive-harness run`: each test waits for a child
/// `rive-harness` process, so the suite is not on the main actor (a test blocked there would
/// stall the main-actor tests running beside it and fire their scenario timeouts).
@Suite("process adapter through run")
struct ProcessAdapterCommandTests {
    static let corpusPath = SharedMaterial.packageRoot.appendingPathComponent("Corpus").path
    static let serveCommand = "'\(HarnessProcess.executable.path)' serve"
    static let misbehavingScript = SharedMaterial.packageRoot.appendingPathComponent("Tests/AdapterProtocolTests/Fixtures/misbehaving-adapter.py").path

    /// A misbehaviour of `misbehaving-adapter.py`, the verdict of the scenario it hits, and what
    /// the verdict's message must say; `restart` is what the next scenario's message must say
    /// when the restarted child misbehaves too.
    struct Fault: Sendable, CustomTestStringConvertible {
        var mode: String
        var verdict: String
        var message: String
        var stderr: Bool
        var restart: String?
        var testDescription: String { mode }
    }

    nonisolated static let faults: [Fault] = [
        Fault(mode: "exit", verdict: "CRASH", message: "the adapter process exited with status 3", stderr: true),
        Fault(mode: "hang", verdict: "TIMEOUT", message: "no answer to worker.loadFile", stderr: true),
        Fault(mode: "garbage", verdict: "CRASH", message: #"not JSON (at byte 0: expected 'true'): "this is not JSON {""#, stderr: true),
        Fault(mode: "wrong-id", verdict: "CRASH", message: "expected the answer to request", stderr: true),
        // The request number depends on how many requests the scenarios before it make.
        Fault(mode: "refuse", verdict: "CRASH", message: ") is a protocol error", stderr: true),
        Fault(mode: "oversized", verdict: "CRASH", message: "a line longer than 16777216 bytes", stderr: true),
        Fault(mode: "handshake", verdict: "CRASH", message: "the adapter process exited with status 3", stderr: true,
              restart: "the restarted adapter process failed the handshake: the adapter process exited with status 1\nstderr (last lines): misbehaving adapter: dying during the handshake"),
        // The stream's end is the crash, at once: not a silence waited out to the request timeout.
        Fault(mode: "close-output", verdict: "CRASH", message: "the adapter process closed its output (it was still running; killed)", stderr: true),
        Fault(mode: "orphan", verdict: "CRASH", message: "the adapter process exited with status 3 (its output is still open in a process it started)", stderr: true),
        Fault(mode: "banner", verdict: "CRASH", message: "the adapter process exited with status 3", stderr: true,
              restart: #"the restarted adapter process failed the handshake: protocol error at line 1 of the adapter's output: not JSON"#),
    ]

    @Test("a misbehaving adapter gets the documented verdict, is restarted, and the run completes with every scenario", arguments: faults)
    func misbehavingAdapter(_ fault: Fault) throws {
        guard let python = ProcessAdapterCommandTests.python else {
            Issue.record("python3 is not on PATH; install it (scripts/bootstrap) to run the fault tests")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rive-harness-fault-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let results = folder.appendingPathComponent("results.json").path
        let command = "'\(python)' '\(Self.misbehavingScript)' \(fault.mode) '\(folder.path)/state.json' 3 \(Self.serveCommand)"
        let run = try HarnessProcess.run(["run", Self.corpusPath, "--adapter", "process", "--command=\(command)", "--filter", "src/*",
                                          "--request-timeout", "3", "--format", "json", "--out", results])
        #expect(run.exitCode == 1, "\(run.standardError)")
        // The child's stderr reaches the report only inside a verdict's message (indented), never as lines of its own.
        #expect(!run.standardOutput.split(separator: "\n").contains { $0.hasPrefix("misbehaving adapter") }, "\(run.standardOutput)")

        let corpus = try Corpus.load(Self.corpusPath)
        let selected = corpus.entries.map(\.id).filter { Selection(filter: "src/*").matches(id: $0) }.sorted()
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: results))) as? [String: Any])
        let scenarios = try #require(document["scenarios"] as? [[String: Any]])
        #expect(scenarios.compactMap { $0["id"] as? String } == selected)
        #expect((document["adapter"] as? [String: Any])?["name"] as? String == "reference")

        // The fault hits the third scenario run and, for restart faults, the restart hits the fourth;
        // every other scenario passes.
        let failed = scenarios.filter { $0["verdict"] as? String != "PASS" }
        #expect(failed.count == (fault.restart == nil ? 1 : 2), "\(failed)")
        let hit = failed.filter { ($0["message"] as? String ?? "").contains(fault.message) }
        #expect(hit.count == 1, "\(failed)")
        for scenario in hit {
            let message = scenario["message"] as? String ?? ""
            #expect(scenario["verdict"] as? String == fault.verdict, "\(scenario)")
            if fault.stderr { #expect(message.contains("stderr (last lines): misbehaving adapter: fault '\(fault.mode)'"), "\(message)") }
        }
        if let restart = fault.restart {
            let restarted = failed.filter { ($0["message"] as? String ?? "").contains(restart) }
            #expect(restarted.count == 1, "\(failed)")
            #expect(restarted.first?["verdict"] as? String == "CRASH")
        }
    }

    @Test("a command that fails its first handshake still writes the results: every scenario ERROR adapter.start-failed, exit 3", arguments: [
        ("echo 'adapter starting' >&2; exit 7", "the adapter process exited with status 7\nstderr (last lines): adapter starting"),
        ("false", "the adapter process exited with status 1"),
        ("echo 'hello'; sleep 5", #"protocol error at line 1 of the adapter's output: not JSON (at byte 0: expected a JSON value): "hello""#),
        ("read line; echo '{\"id\":1,\"result\":{\"protocolVersion\":1}}'; sleep 5", "the handshake answer has no string 'adapterName'"),
    ])
    func firstHandshakeFailure(_ command: String, _ expected: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rive-harness-start-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let results = folder.appendingPathComponent("results.json").path
        let run = try HarnessProcess.run(["run", Self.corpusPath, "--adapter", "process", "--command=\(command)", "--filter", "src/*",
                                          "--history", folder.path, "--format", "json", "--out", results])
        #expect(run.exitCode == 3)
        #expect(run.standardError.contains("error[adapter.start-failed]: the adapter command '\(command)' failed its handshake: " + expected), "\(run.standardError)")
        #expect(run.standardError.contains("hint: "))
        #expect(run.standardOutput.contains("problem: adapter command '\(command)': error[adapter.start-failed]"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("result: FAILED"))
        try Self.expectEveryScenarioErrored(results, command: command, expected: expected)
        let history = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/runs")
        #expect(history.count == 1 && history[0].hasSuffix("-conformance-process.json"), "\(history)")
    }

    @Test("a child that never answers the handshake is given --handshake-timeout, by default the --timeout value, and the run still reports")
    func handshakeTimeout() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rive-harness-hung-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (options, seconds) in [(["--handshake-timeout", "2"], "2"), (["--timeout", "1"], "1")] {
            let results = folder.appendingPathComponent("results-\(seconds).json").path
            let run = try HarnessProcess.run(["run", Self.corpusPath, "--adapter", "process", "--command", "sleep 100000", "--filter", "src/*",
                                              "--adapter-name", "hung", "--no-history", "--format", "json", "--out", results] + options)
            #expect(run.exitCode == 3, "\(run.standardError)")
            let expected = "no answer to handshake (request 1) within \(seconds) s"
            #expect(run.standardError.contains(expected), "\(run.standardError)")
            try Self.expectEveryScenarioErrored(results, command: "sleep 100000", expected: expected, adapter: "hung")
        }
        let bad = try HarnessProcess.run(["run", Self.corpusPath, "--adapter", "process", "--command", "x", "--handshake-timeout", "0"])
        #expect(bad.exitCode == 2 && bad.standardError.contains("--handshake-timeout needs a positive number"), "\(bad.standardError)")
        let stray = try HarnessProcess.run(["run", Self.corpusPath, "--handshake-timeout", "3"])
        #expect(stray.exitCode == 2, "\(stray.standardError)")
    }

    /// Checks a results file of a run whose adapter did not start: every selected `src/*`
    /// scenario is there with ERROR and a message naming the code, the command and the reason,
    /// and the problem `adapter.start-failed` fails the run.
    static func expectEveryScenarioErrored(_ path: String, command: String, expected: String, adapter: String = "process") throws {
        let corpus = try Corpus.load(corpusPath)
        let selected = corpus.entries.map(\.id).filter { Selection(filter: "src/*").matches(id: $0) }.sorted()
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let scenarios = try #require(document["scenarios"] as? [[String: Any]])
        #expect(scenarios.compactMap { $0["id"] as? String } == selected)
        #expect(selected.count > 10)
        for scenario in scenarios {
            #expect(scenario["verdict"] as? String == "ERROR", "\(scenario)")
            let message = scenario["message"] as? String ?? ""
            #expect(message.hasPrefix("the adapter did not start (adapter.start-failed): the adapter command '\(command)' failed its handshake: "), "\(message)")
            #expect(message.contains(expected), "\(message)")
        }
        #expect((document["adapter"] as? [String: Any])?["name"] as? String == adapter)
        let problems = try #require(document["problems"] as? [[String: Any]])
        #expect(problems.map { $0["code"] as? String } == ["adapter.start-failed"])
        let summary = try #require(document["summary"] as? [String: Any])
        #expect(summary["passed"] as? Bool == false)
        #expect((summary["counts"] as? [String: Int])?["ERROR"] == selected.count)
    }

    @Test("--adapter process needs --command, and --command needs --adapter process")
    func usage() throws {
        let missing = try HarnessProcess.run(["run", Self.corpusPath, "--adapter", "process"])
        #expect(missing.exitCode == 2)
        #expect(missing.standardError.contains("--adapter process needs --command"))
        let stray = try HarnessProcess.run(["run", Self.corpusPath, "--command", "x"])
        #expect(stray.exitCode == 2)
        let serveArgument = try HarnessProcess.run(["serve", "extra"])
        #expect(serveArgument.exitCode == 2)
    }

    /// `python3` on PATH, or `nil`.
    static let python: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()
}
