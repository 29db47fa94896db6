import AdapterProtocol
import Conformance
import Foundation
import HarnessTestSupport
import RuntimeAPI
import Testing

/// `Examples/python-adapter`: the corpus through a Python program gives PASS for every
/// scenario its capabilities allow and SKIP (by capability) for the rest.
@Suite("python example adapter")
@MainActor
struct PythonExampleTests {
    @Test("the corpus through the Python toy adapter: PASS for what it declares, SKIP by capability for the rest")
    func corpusThroughPython() async throws {
        guard let python = ProcessAdapterTests.python else {
            Issue.record("python3 is not on PATH; install it (scripts/bootstrap) to run the Python example")
            return
        }
        let root = SharedMaterial.packageRoot
        let descriptions = FileManager.default.temporaryDirectory.appendingPathComponent("rive-harness-toy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: descriptions, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: descriptions) }
        let fixtures = root.appendingPathComponent("Corpus/fixtures")
        /// Writes the description the toy serves for a `.riv` file. The two child processes run
        /// on a thread of their own: waiting for them on the main actor would hold up every
        /// other main-actor test (their watchdogs included) for as long as they take.
        func describe(_ path: String) async throws {
            let (inspected, digest) = try await Self.offTheMainActor {
                (try HarnessProcess.run(["inspect", path, "--json"]), try Self.sha256(of: path, python: python))
            }
            try #require(inspected.exitCode == 0, "\(inspected.standardError)")
            try Data(inspected.standardOutput.utf8).write(to: descriptions.appendingPathComponent("\(digest).json"))
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: fixtures.path) where name.hasSuffix(".riv") {
            try await describe(fixtures.appendingPathComponent(name).path)
        }
        let script = root.appendingPathComponent("Examples/python-adapter/toy_adapter.py").path
        let adapter = try ProcessAdapter(configuration: ProcessAdapterConfiguration(command: "'\(python)' '\(script)' '\(descriptions.path)'"))
        #expect(adapter.name == "python-toy")
        #expect(adapter.version == "1.0 (toy-descriptions 1.0)")
        #expect(adapter.capabilities == .introspection)

        let corpus = try Corpus.load(root.appendingPathComponent("Corpus").path)
        let plan = Planner.plan(corpus: corpus, adapter: AdapterIdentity(adapter), capabilities: adapter.capabilities,
                                expectations: corpus.expectations(for: adapter.name), selection: Selection())
        // Upstream files the runnable scenarios load (`fixture: shared/NAME`) need descriptions too.
        for entry in plan.entries {
            guard case .run(let scenario) = entry.decision else { continue }
            for fixture in SharedFixtures.sharedFixtures(of: scenario) {
                try await describe(SharedFixtures.path(of: fixture, fixturesDirectory: fixtures.path))
            }
        }
        let runnable = plan.entries.filter { if case .run = $0.decision { true } else { false } }.count
        let skipped = plan.entries.filter { if case .skip = $0.decision { true } else { false } }.count
        #expect(runnable > 0)
        #expect(runnable + skipped == plan.entries.count)

        var results: [ScenarioResult] = []
        var reused: ProcessAdapter? = adapter
        let runner = ConformanceRunner(corpus: corpus, options: RunOptions(recordMode: .never), reporters: [CollectingReporter { results.append($0) }]) {
            defer { reused = nil }
            return reused ?? adapter.sibling()
        }
        let summary = await runner.run(plan)
        #expect(summary.counts[.pass] == runnable, "\(results.filter { $0.verdict != .pass && $0.verdict != .skip }.map { "\($0.id): \($0.verdict) \($0.message ?? "")" })")
        #expect(summary.counts[.skip] == skipped)
        for result in results where result.verdict == .skip {
            // By capability, or (a checkout without ../shared, such as a worktree) for an absent upstream file.
            let absentUpstream = result.id.hasPrefix("upstream/") && result.message?.contains("which is absent") == true
            #expect(result.message?.contains("which adapter 'python-toy' does not declare") == true || absentUpstream, "\(result.id): \(result.message ?? "")")
        }
    }
}

extension PythonExampleTests {
    /// The SHA-256 of a file in hex, computed by Python's hashlib (as the toy adapter does).
    /// Runs blocking work on a new thread and waits for it without blocking the caller's executor.
    nonisolated static func offTheMainActor<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    nonisolated static func sha256(of path: String, python: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", "import hashlib, sys; print(hashlib.sha256(open(sys.argv[1], 'rb').read()).hexdigest())", path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// Hands every finished scenario to a closure.
@MainActor
private final class CollectingReporter: RunReporter {
    private let collect: @MainActor (ScenarioResult) -> Void
    init(_ collect: @escaping @MainActor (ScenarioResult) -> Void) { self.collect = collect }
    func receive(_ event: RunEvent) {
        if case .scenarioFinished(let result) = event { collect(result) }
    }
}
