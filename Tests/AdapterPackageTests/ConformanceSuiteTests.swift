import Conformance
import ConformanceTesting
import Foundation
import HarnessTestSupport
import RuntimeAPI
import Testing

/// `ConformanceSuite` outside the reference corpus run: where it finds the corpus export and
/// what an unusable export or expectations override does.
@Suite("conformance suite")
@MainActor
struct ConformanceSuiteTests {
    /// An export of the package's corpus, written once for these tests.
    static let export: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conformance-suite-export-\(UUID().uuidString)")
        let url = folder.appendingPathComponent("corpus-export.json")
        let corpus = try! Corpus.load(SharedMaterial.packageRoot.appendingPathComponent("Corpus").path)
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try! Data(try! CorpusExport(corpus).encoded()).write(to: url)
        return url
    }()

    /// The environment that points the default location at the export.
    static var environment: [String: String] { ["RIVE_HARNESS_CORPUS_JSON": export.path] }

    @Test("the default export is .build/corpus-export.json of this package, and RIVE_HARNESS_CORPUS_JSON overrides it")
    func corpusLocation() {
        let packageExport = SharedMaterial.packageRoot.appendingPathComponent(".build/corpus-export.json").standardizedFileURL.path
        #expect(URL(fileURLWithPath: CorpusLocation.defaultExportPath).standardizedFileURL.path == packageExport)
        #expect(CorpusLocation.default.url(environment: [:]).path == CorpusLocation.defaultExportPath)
        #expect(CorpusLocation.default.url(environment: ["RIVE_HARNESS_CORPUS_JSON": "/elsewhere/c.json"]).path == "/elsewhere/c.json")
        #expect(CorpusLocation.default.url(environment: ["RIVE_HARNESS_CORPUS_JSON": ""]).path == CorpusLocation.defaultExportPath)
        #expect(CorpusLocation.export(Self.export).url(environment: ["RIVE_HARNESS_CORPUS_JSON": "/elsewhere/c.json"]) == Self.export)
    }

    @Test("the suite reads the export it is pointed at, with the corpus's hash and every scenario")
    func readsTheExport() throws {
        let folder = try Corpus.load(SharedMaterial.packageRoot.appendingPathComponent("Corpus").path)
        let suite = ConformanceSuite(environment: Self.environment) { UnusedAdapter() }
        let corpus = try suite.corpus.get()
        #expect(corpus.hash == folder.hash)
        #expect(suite.cases().map(\.id) == folder.entries.map(\.id))
        #expect(try suite.plan().corpusHash == folder.hash)
    }

    @Test("a missing export yields one case that fails with the path and the command that writes it, not an empty suite")
    func missingCorpus() async {
        let suite = ConformanceSuite(corpus: .export(URL(fileURLWithPath: "/nonexistent/corpus-export.json")), environment: [:]) { UnusedAdapter() }
        let cases = suite.cases()
        #expect(cases.map(\.id) == [ConformanceCase.corpusProblemID])
        await #expect(throws: ConformanceSuiteError.self) { try await suite.run(cases[0]) }
        let problem = suite.problems().first ?? ""
        #expect(problem.contains("/nonexistent/corpus-export.json"))
        #expect(problem.contains("rive-harness corpus export --out /nonexistent/corpus-export.json"))
    }

    @Test("RIVE_HARNESS_CORPUS (a YAML folder) without RIVE_HARNESS_CORPUS_JSON says how to export it")
    func yamlFolderNeedsAnExport() {
        let suite = ConformanceSuite(environment: ["RIVE_HARNESS_CORPUS": "/some/Corpus"]) { UnusedAdapter() }
        #expect(suite.cases().map(\.id) == [ConformanceCase.corpusProblemID])
        let problem = suite.problems().first ?? ""
        #expect(problem.contains("error[export.yaml-folder]"))
        #expect(problem.contains("rive-harness corpus export /some/Corpus --out FILE.json"))
        let both = ConformanceSuite(environment: Self.environment.merging(["RIVE_HARNESS_CORPUS": "/some/Corpus"]) { $1 }) { UnusedAdapter() }
        #expect((try? both.corpus.get()) != nil, "RIVE_HARNESS_CORPUS_JSON wins")
    }

    @Test("a broken export is one failing case naming the file and the position")
    func brokenExport() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conformance-suite-broken-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("corpus-export.json")
        let bytes = try Data(contentsOf: Self.export)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try bytes.prefix(bytes.count - 10).write(to: file)
        let suite = ConformanceSuite(corpus: .export(file), environment: [:]) { UnusedAdapter() }
        #expect(suite.cases().map(\.id) == [ConformanceCase.corpusProblemID])
        let problem = suite.problems().first ?? ""
        #expect(problem.hasPrefix("\(file.path): line "), "\(problem)")
        #expect(problem.contains("error[export.syntax]"))
    }

    @Test("RIVE_HARNESS_SCENARIOS selects cases; the record mode defaults to never and a bad one is an error")
    func environment() async throws {
        let selected = ConformanceSuite(environment: Self.environment.merging(["RIVE_HARNESS_SCENARIOS": "src/*"]) { $1 }) { UnusedAdapter() }
        #expect(!selected.cases().isEmpty)
        #expect(selected.cases().allSatisfy { $0.id.hasPrefix("src/") })
        #expect(try ConformanceSuite(environment: Self.environment) { UnusedAdapter() }.recordMode.get() == .never)
        let bad = ConformanceSuite(environment: Self.environment.merging(["RIVE_HARNESS_RECORD": "sometimes"]) { $1 }) { UnusedAdapter() }
        await #expect(throws: ConformanceSuiteError.recordMode(RecordModeError(value: "sometimes").description)) {
            try await bad.run(bad.cases()[0])
        }
    }

    @Test("an adapter's own expectations replace the corpus's; a stale entry is a problem")
    func expectationsOverride() throws {
        let corpus = try ConformanceSuite(environment: Self.environment) { UnusedAdapter() }.corpus.get()
        let override = Expectations.parse(Array("expectations:\n  src/introspection: {status: fail, reason: a test}\n  no/such-scenario: {status: fail, reason: stale}\n".utf8),
                                          file: "unused.yaml", knownScenarios: Set(corpus.entries.map(\.id)))
        let suite = ConformanceSuite(expectations: override, environment: Self.environment) { UnusedAdapter() }
        let plan = try suite.plan()
        #expect(plan.entries.first { $0.id == "src/introspection" }?.expectation?.reason == "a test")
        #expect(suite.problems().contains { $0.contains("expectations.unknown-scenario") })
    }

    @Test("an adapter without capabilities skips every scenario that requires one, and the log line says so")
    func skipsByCapability() async throws {
        let suite = ConformanceSuite(environment: Self.environment.merging(["RIVE_HARNESS_SCENARIOS": "src/introspection"]) { $1 }) { UnusedAdapter() }
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
