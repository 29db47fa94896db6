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

    @Test("the whole corpus run twice, in a shuffled order, and from its export, gives identical JSON apart from durations")
    func deterministicResults() async throws {
        let corpus = try referenceSuite.corpus.get()
        let adapter = makeCorpusAdapter()
        func planFor(_ corpus: Corpus) -> RunPlan {
            Planner.plan(corpus: corpus, adapter: AdapterIdentity(adapter), capabilities: adapter.capabilities,
                         expectations: corpus.expectations(for: adapter.name), selection: Selection())
        }
        let plan = planFor(corpus)
        #expect(plan.entries.count > 50)
        func json(_ plan: RunPlan, on corpus: Corpus) async throws -> String {
            var text = ""
            let runner = ConformanceRunner(corpus: corpus, options: RunOptions(recordMode: .never),
                                           reporters: [JSONReporter { text += $0 }], makeAdapter: makeCorpusAdapter)
            _ = await runner.run(plan)
            return try ResultsJSON.withoutDurations(text)
        }
        let first = try await json(plan, on: corpus)
        #expect(first.contains("PASS"))
        #expect(try await json(plan, on: corpus) == first)
        var shuffled = plan
        var generator = SeededGenerator(seed: 7)
        shuffled.entries.shuffle(using: &generator)
        #expect(shuffled.entries.map(\.id) != plan.entries.map(\.id))
        #expect(try await json(shuffled, on: corpus) == first)

        // The corpus read from its export (docs/corpus-export.md), through ConformanceTesting as
        // an iOS test target reads it: fixtures, assets and goldens come from the files the
        // export wrote out, and the results are the folder's.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("corpus-export-run-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("corpus-export.json")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(try CorpusExport(corpus).encoded()).write(to: file)
        let exportSuite = ConformanceSuite(corpus: .export(file), recordMode: .never, environment: [:], makeAdapter: makeCorpusAdapter)
        let exported = try exportSuite.corpus.get()
        #expect(exported.root != corpus.root)
        #expect(exportSuite.problems().isEmpty, "\(exportSuite.problems())")
        #expect(try await json(planFor(exported), on: exported) == first)
    }

    @Test("scenario", arguments: referenceSuite.cases())
    func scenario(_ scenario: ConformanceCase) async {
        await referenceSuite.check(scenario)
    }
}
