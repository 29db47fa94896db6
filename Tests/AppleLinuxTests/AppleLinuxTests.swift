import AdapterProtocol
import Conformance
import Foundation
import HarnessSupport
import HarnessTestSupport
import RuntimeAPI
import Testing

/// RiveRuntime's own Swift layer, built on Linux by `scripts/build-rive-ios --adapter` for the
/// HEAD of `$RIVE_IOS_GIT_DIR`, run through its adapter program. Without that build these
/// suites are skipped, naming the one command that enables them (docs/apple-adapter.md).
enum AppleAdapterProgram {
    /// The cached program for the rive-ios git directory's HEAD, or `nil`.
    static let located: CachedProgramLocator.Located? = try? CachedProgramLocator(.appleAdapter).locate(revision: nil)
    /// Whether it is built.
    static var isBuilt: Bool { located != nil }
    /// The comment shown when the suites are skipped.
    static let absentComment = "skipped: no Apple adapter program is built for rive-ios HEAD; enable with: "
        + "RIVE_IOS_GIT_DIR=<rive-ios clone> RIVE_RUNTIME_GIT_DIR=<rive-runtime clone> scripts/build-rive-ios --adapter"

    /// A process adapter running the program.
    @MainActor static func makeAdapter() throws -> ProcessAdapter {
        let program = try #require(located)
        return try ProcessAdapter(configuration: ProcessAdapterConfiguration(command: "'\(program.path)'", requestTimeoutSeconds: 20))
    }
}

@Suite("Apple runtime on Linux", .enabled(if: AppleAdapterProgram.isBuilt, Comment(rawValue: AppleAdapterProgram.absentComment)))
@MainActor
struct AppleLinuxTests {
    @Test("the adapter program's handshake names RiveRuntime's rive-ios commit and the engine commit it pins")
    func handshake() throws {
        let adapter = try AppleAdapterProgram.makeAdapter()
        let located = try #require(AppleAdapterProgram.located)
        #expect(adapter.name == "apple")
        #expect(adapter.version.contains("rive-ios \(located.commit.prefix(12))"))
        let runtimeCommit = try #require(adapter.identity.runtimeCommit)
        #expect(runtimeCommit.count == 40)
        #expect(adapter.version.contains("over rive-runtime \(runtimeCommit.prefix(12))"))
        #expect(adapter.capabilities.isSuperset(of: [.introspection, .values, .streams, .lists, .nestedInstances, .binding]))
        #expect(!adapter.capabilities.contains(.pixels), "the Linux build has no view")
    }

    @Test("a value set through RiveRuntime's Swift layer reads back, and a stream delivers it, over the real engine")
    func valuesAndStreams() async throws {
        let adapter = try AppleAdapterProgram.makeAdapter()
        let worker = try await adapter.makeWorker()
        let bytes = try [UInt8](Data(contentsOf: SharedMaterial.packageRoot.appendingPathComponent("Corpus/fixtures/all-types.riv")))
        let file = try await worker.loadFile(.data(bytes))
        let artboard = try await file.createArtboard(nil)
        let instance = try await file.createViewModelInstance(.viewModelDefault(from: .artboardDefault(artboard)))
        let stream = instance.valueStream(of: NumberProperty(path: "x"))
        instance.setValue(of: NumberProperty(path: "x"), to: 7)
        #expect(try await instance.value(of: NumberProperty(path: "x")) == 7)
        let machine = try await artboard.createStateMachine(nil, binding: .instance(instance))
        machine.advance(by: 0)
        await worker.flush()
        #expect(stream.takeDelivered().contains(7))
    }

    @Test("the whole corpus through RiveRuntime gives exactly the verdicts of Corpus/expectations/apple.yaml")
    func corpusMatchesExpectations() async throws {
        let corpus = try Corpus.load(SharedMaterial.packageRoot.appendingPathComponent("Corpus").path)
        let adapter = try AppleAdapterProgram.makeAdapter()
        let plan = Planner.plan(corpus: corpus, adapter: AdapterIdentity(adapter), capabilities: adapter.capabilities,
                                expectations: corpus.expectations(for: adapter.name), selection: Selection())
        var reused: (any RuntimeAdapter)? = adapter
        let runner = ConformanceRunner(corpus: corpus, options: RunOptions(recordMode: .never), reporters: []) {
            defer { reused = nil }
            return reused ?? adapter.sibling()
        }
        var failing: [String] = []
        var passed = 0
        for entry in plan.entries {
            let result = await runner.runScenario(entry)
            if result.verdict == .pass { passed += 1 }
            if result.verdict.failsRun { failing.append("\(result.verdict.rawValue) \(entry.id): \(result.trace ?? result.message ?? "")") }
        }
        #expect(failing.isEmpty, "\(failing.joined(separator: "\n"))")
        #expect(passed >= 70, "only \(passed) scenarios passed through RiveRuntime")
    }
}

/// scripts/build-rive-ios's command line, which needs no build.
@Suite("scripts/build-rive-ios")
struct BuildRiveIOSScriptTests {
    private let script = SharedMaterial.packageRoot.appendingPathComponent("scripts/build-rive-ios").path

    private func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, output: String, errors: String) {
        let result = try HarnessProcess.runProgram(URL(fileURLWithPath: "/bin/bash"), [script] + arguments, environment: environment,
                                                   removing: environment["RIVE_IOS_GIT_DIR"] == nil ? ["RIVE_IOS_GIT_DIR"] : [])
        return (result.exitCode, result.standardOutput, result.standardError)
    }

    @Test("--help prints the options and exit codes; an unknown option is a usage error (2)")
    func help() throws {
        let help = try run(["--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("--run-upstream-tests"))
        #expect(help.output.contains("Exit codes: 0 built, 2 usage, 3 bad input"))
        let unknown = try run(["--frobnicate"])
        #expect(unknown.status == 2)
        #expect(unknown.errors.contains("unknown option '--frobnicate'"))
    }

    @Test("without a rive-ios git directory it says which option or variable names one (3)")
    func needsGitDirectory() throws {
        let result = try run([])
        #expect(result.status == 3)
        #expect(result.errors.contains("pass --git-dir DIR"))
        #expect(result.errors.contains("RIVE_IOS_GIT_DIR"))
        let missing = try run(["--git-dir", "/nonexistent/rive-ios"])
        #expect(missing.status == 3)
        #expect(missing.errors.contains("/nonexistent/rive-ios not found"))
    }
}
