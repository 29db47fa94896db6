import Conformance
import Foundation
import HarnessTestSupport
import Testing

/// Running the same scenarios again, in another order or with several jobs, gives the same JSON apart from durations.
@Suite("determinism")
@MainActor
struct DeterminismTests {
    /// The JSON results of one run, with every `durationSeconds` removed.
    private func json(_ corpus: SyntheticCorpus, jobs: Int = 1, reorder: @escaping ([PlanEntry]) -> [PlanEntry] = { $0 }) async throws -> String {
        let recorder = try await corpus.run(capabilities: MixedCorpus.capabilities, options: RunOptions(jobs: jobs), reorder: reorder)
        var text = ""
        let reporter = JSONReporter { text += $0 }
        recorder.events.forEach(reporter.receive)
        return try ResultsJSON.withoutDurations(text)
    }

    @Test("two runs, a shuffled run and a run with three jobs give identical JSON apart from durations")
    func identicalResults() async throws {
        let corpus = try SyntheticCorpus(scenarios: MixedCorpus.scenarios, expectations: MixedCorpus.expectations)
        defer { corpus.remove() }
        let first = try await json(corpus)
        #expect(first.contains("\"XFAIL\""))
        #expect(try await json(corpus) == first)
        var generator = SeededGenerator(seed: 42)
        var order: [String] = []
        let shuffled = try await json(corpus) { entries in
            let shuffled = entries.shuffled(using: &generator)
            order = shuffled.map(\.id)
            return shuffled
        }
        #expect(order != order.sorted(), "the shuffle must change the order for this test to mean anything")
        #expect(shuffled == first)
        #expect(try await json(corpus, jobs: 3) == first)
    }
}

