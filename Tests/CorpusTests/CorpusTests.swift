import Conformance
import ConformanceTesting
import Foundation
import HarnessTestSupport
import RuntimeAPI
import Testing

/// The corpus against the reference runtime, through `ConformanceTesting` as any adapter
/// package runs it: `RIVE_HARNESS_CORPUS` names another corpus folder.
let referenceSuite = ConformanceSuite(
    corpus: .path(ProcessInfo.processInfo.environment["RIVE_HARNESS_CORPUS"].flatMap { $0.isEmpty ? nil : $0 }
        ?? SharedMaterial.packageRoot.appendingPathComponent("Corpus").path),
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

    @Test("scenario", arguments: referenceSuite.cases())
    func scenario(_ scenario: ConformanceCase) async {
        await referenceSuite.check(scenario)
    }
}
