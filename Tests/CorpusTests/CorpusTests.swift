import Conformance
import ConformanceTesting
import Foundation
import HarnessTestSupport
import RuntimeAPI
import Testing

/// The corpus folder the reference suite runs: `RIVE_HARNESS_CORPUS`, else the package's `Corpus`.
let referenceCorpusFolder = ProcessInfo.processInfo.environment["RIVE_HARNESS_CORPUS"].flatMap { $0.isEmpty ? nil : $0 }
    ?? SharedMaterial.packageRoot.appendingPathComponent("Corpus").path

/// The corpus against the reference runtime, through `ConformanceTesting` as any adapter
/// package runs it, but loaded from the YAML folder (this test target links `Conformance`),
/// so a scenario edit needs no export first.
let referenceSuite = ConformanceSuite(
    loaded: Result { () throws(CorpusError) in try Corpus.load(referenceCorpusFolder) },
    recordMode: try? RecordMode.fromEnvironment(ProcessInfo.processInfo.environment),
    makeAdapter: makeCorpusAdapter)

/// The corpus against the reference runtime: each scenario is its own test case, honouring
/// `Corpus/expectations/<adapter>.yaml` (XFAIL passes, XPASS fails).
///
/// `RIVE_HARNESS_SCENARIOS=GLOB` selects scenarios; `RIVE_HARNESS_RECORD=missing|all|never`
/// sets the golden record mode (default `missing`, `never` when `CI` is set).
@Suite("corpus")
@MainActor
struct CorpusTests {
    @Test("the corpus loads and its expectations are current")
    func corpusIsValid() throws {
        let corpus = try referenceSuite.corpus.get()
        #expect(corpus.allProblems.isEmpty, "\(corpus.allProblems.map(\.description).joined(separator: "\n"))")
    }

    @Test("the whole corpus run twice, and in a shuffled order, gives identical JSON apart from durations")
    func deterministicResults() async throws {
        let corpus = try referenceSuite.corpus.get()
        let adapter = makeCorpusAdapter()
        let plan = Planner.plan(corpus: corpus, adapter: AdapterIdentity(adapter), capabilities: adapter.capabilities,
                                expectations: corpus.expectations(for: adapter.name), selection: Selection())
        #expect(plan.entries.count > 50)
        func json(_ plan: RunPlan) async throws -> String {
            var text = ""
            let runner = ConformanceRunner(corpus: corpus, options: RunOptions(recordMode: .never),
                                           reporters: [JSONReporter { text += $0 }], makeAdapter: makeCorpusAdapter)
            _ = await runner.run(plan)
            return try ResultsJSON.withoutDurations(text)
        }
        let first = try await json(plan)
        #expect(try await json(plan) == first)
        var shuffled = plan
        var generator = SeededGenerator(seed: 7)
        shuffled.entries.shuffle(using: &generator)
        #expect(shuffled.entries.map(\.id) != plan.entries.map(\.id))
        #expect(try await json(shuffled) == first)
    }

    @Test("the corpus read from its export runs exactly as from its folder: the same results JSON apart from durations")
    func exportRunsLikeTheFolder() async throws {
        let corpus = try referenceSuite.corpus.get()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("corpus-export-run-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("corpus-export.json")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(try CorpusExport(corpus).encoded()).write(to: file)
        let exported = ConformanceSuite(corpus: .export(file), recordMode: .never, environment: [:], makeAdapter: makeCorpusAdapter)
        let fromExport = try exported.corpus.get()
        #expect(fromExport.root != corpus.root, "the export's files are read from where they were written out")
        func json(_ corpus: Corpus) async throws -> String {
            let adapter = makeCorpusAdapter()
            let plan = Planner.plan(corpus: corpus, adapter: AdapterIdentity(adapter), capabilities: adapter.capabilities,
                                    expectations: corpus.expectations(for: adapter.name), selection: Selection())
            var text = ""
            let runner = ConformanceRunner(corpus: corpus, options: RunOptions(recordMode: .never),
                                           reporters: [JSONReporter { text += $0 }], makeAdapter: makeCorpusAdapter)
            _ = await runner.run(plan)
            return try ResultsJSON.withoutDurations(text)
        }
        let expected = try await json(corpus)
        #expect(expected.contains("PASS"), "the run passed nothing; the comparison proves little")
        #expect(try await json(fromExport) == expected)
        #expect(exported.problems().isEmpty, "\(exported.problems())")
    }

    @Test("scenario", arguments: referenceSuite.cases())
    func scenario(_ scenario: ConformanceCase) async {
        await referenceSuite.check(scenario)
    }
}
