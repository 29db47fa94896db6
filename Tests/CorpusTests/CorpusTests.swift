import Conformance
import Foundation
import HarnessTestSupport
import RuntimeAPI
import Testing

/// One scenario of `Corpus/scenarios`, named by its ID in test output.
struct CorpusScenario: CustomTestStringConvertible, Sendable {
    /// The scenario ID.
    let id: String
    var testDescription: String { id }

    /// The corpus folder: `RIVE_HARNESS_CORPUS`, or `Corpus` in the package.
    static let corpusPath = ProcessInfo.processInfo.environment["RIVE_HARNESS_CORPUS"].flatMap { $0.isEmpty ? nil : $0 }
        ?? SharedMaterial.packageRoot.appendingPathComponent("Corpus").path

    /// Every scenario ID, filtered by the glob in `RIVE_HARNESS_SCENARIOS` when set.
    static func all() -> [CorpusScenario] {
        guard let corpus = try? Corpus.load(corpusPath) else { return [] }
        let selection = Selection(filter: ProcessInfo.processInfo.environment["RIVE_HARNESS_SCENARIOS"].flatMap { $0.isEmpty ? nil : $0 })
        return corpus.entries.filter { selection.matches(id: $0.id) }.map { CorpusScenario(id: $0.id) }
    }
}

/// The corpus against the reference runtime: each scenario is its own test case, honouring
/// `Corpus/expectations/<adapter>.yaml` (XFAIL passes, XPASS fails).
///
/// `RIVE_HARNESS_SCENARIOS=GLOB` selects scenarios; `RIVE_HARNESS_RECORD=missing|all|never`
/// sets the golden record mode (default `missing`; CI uses `never`).
@Suite("corpus")
@MainActor
struct CorpusTests {
    @Test("the corpus loads and its expectations are current")
    func corpusIsValid() throws {
        let corpus = try Corpus.load(CorpusScenario.corpusPath)
        #expect(corpus.allProblems.isEmpty, "\(corpus.allProblems.map(\.description).joined(separator: "\n"))")
    }

    @Test("the whole corpus run twice, and in a shuffled order, gives identical JSON apart from durations")
    func deterministicResults() async throws {
        let corpus = try Corpus.load(CorpusScenario.corpusPath)
        let makeCorpusAdapter = try corpusAdapterFactory()
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

    @Test("scenario", arguments: CorpusScenario.all())
    func scenario(_ scenario: CorpusScenario) async throws {
        let corpus = try Corpus.load(CorpusScenario.corpusPath)
        let makeCorpusAdapter = try corpusAdapterFactory()
        let adapter = makeCorpusAdapter()
        let plan = Planner.plan(corpus: corpus, adapter: AdapterIdentity(adapter), capabilities: adapter.capabilities,
                                expectations: corpus.expectations(for: adapter.name), selection: Selection())
        let entry = try #require(plan.entries.first { $0.id == scenario.id })
        let mode: RecordMode
        do { mode = try RecordMode.fromEnvironment(ProcessInfo.processInfo.environment) } catch {
            Issue.record("\(error)")
            return
        }
        let runner = ConformanceRunner(corpus: corpus, options: RunOptions(recordMode: mode), reporters: [], makeAdapter: makeCorpusAdapter)
        let result = await runner.runScenario(entry)
        if result.verdict == .skip || result.verdict == .expectedFailure {
            print("\(result.verdict.rawValue) \(scenario.id): \(result.message ?? result.expectation?.reason ?? "")")
        }
        #expect(!result.verdict.failsRun, "\(result.verdict.rawValue): \(result.trace ?? "")")
    }
}
