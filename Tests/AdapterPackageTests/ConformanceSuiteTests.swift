import Conformance
import ConformanceTesting
import Foundation
import HarnessTestSupport
import RuntimeAPI
import Testing

/// `ConformanceSuite` outside the reference corpus run: where it finds the corpus and what an
/// unusable corpus or expectations file does.
@Suite("conformance suite")
@MainActor
struct ConformanceSuiteTests {
    @Test("the bundled corpus is this package's Corpus folder, and RIVE_HARNESS_CORPUS overrides it")
    func corpusLocation() {
        let packageCorpus = SharedMaterial.packageRoot.appendingPathComponent("Corpus").standardizedFileURL.path
        #expect(URL(fileURLWithPath: CorpusLocation.bundledPath).standardizedFileURL.path == packageCorpus)
        #expect(CorpusLocation.default.path(environment: [:]) == CorpusLocation.bundledPath)
        #expect(CorpusLocation.default.path(environment: ["RIVE_HARNESS_CORPUS": "/elsewhere"]) == "/elsewhere")
        #expect(CorpusLocation.default.path(environment: ["RIVE_HARNESS_CORPUS": ""]) == CorpusLocation.bundledPath)
    }

    @Test("a missing corpus yields one case that fails with the reason, not an empty suite")
    func missingCorpus() async {
        let suite = ConformanceSuite(corpus: .path("/nonexistent/corpus"), environment: [:]) { UnusedAdapter() }
        let cases = suite.cases()
        #expect(cases.map(\.id) == [ConformanceCase.corpusProblemID])
        await #expect(throws: ConformanceSuiteError.self) { try await suite.run(cases[0]) }
        #expect(suite.problems().first?.contains("/nonexistent/corpus") == true)
    }

    @Test("RIVE_HARNESS_SCENARIOS selects cases; the record mode defaults to never and a bad one is an error")
    func environment() async throws {
        let selected = ConformanceSuite(environment: ["RIVE_HARNESS_SCENARIOS": "src/*"]) { UnusedAdapter() }
        #expect(!selected.cases().isEmpty)
        #expect(selected.cases().allSatisfy { $0.id.hasPrefix("src/") })
        #expect(try ConformanceSuite(environment: [:]) { UnusedAdapter() }.recordMode.get() == .never)
        let bad = ConformanceSuite(environment: ["RIVE_HARNESS_RECORD": "sometimes"]) { UnusedAdapter() }
        await #expect(throws: ConformanceSuiteError.recordMode(RecordModeError(value: "sometimes").description)) {
            try await bad.run(bad.cases()[0])
        }
    }

    @Test("an adapter's own expectations file replaces the corpus's; a stale or missing one is a problem")
    func expectationsOverride() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conformance-suite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("unused.yaml")
        try Data("expectations:\n  src/introspection: {status: fail, reason: a test}\n  no/such-scenario: {status: fail, reason: stale}\n".utf8).write(to: file)
        let suite = ConformanceSuite(expectationsFile: file.path, environment: [:]) { UnusedAdapter() }
        let plan = try suite.plan()
        #expect(plan.entries.first { $0.id == "src/introspection" }?.expectation?.reason == "a test")
        #expect(suite.problems().contains { $0.contains("expectations.unknown-scenario") })
        let missing = ConformanceSuite(expectationsFile: folder.appendingPathComponent("absent.yaml").path, environment: [:]) { UnusedAdapter() }
        #expect(missing.problems().contains { $0.contains("expectations.missing-file") })
    }

    @Test("an adapter without capabilities skips every scenario that requires one, and the log line says so")
    func skipsByCapability() async throws {
        let suite = ConformanceSuite(environment: ["RIVE_HARNESS_SCENARIOS": "src/introspection"]) { UnusedAdapter() }
        let result = try await suite.run(#require(suite.cases().first))
        #expect(result.verdict == .skip)
        #expect(ConformanceSuite.line(for: result).hasPrefix("conformance: SKIP src/introspection — "))
    }
}

/// An adapter that declares no capabilities and is never asked to do anything.
@MainActor
final class UnusedAdapter: RuntimeAdapter {
    let name = "unused"
    let version = "0"
    let capabilities: RuntimeCapabilities = []
    func makeWorker() async throws(WorkerError) -> any Worker { throw .missingDevice("this adapter only plans") }
}
