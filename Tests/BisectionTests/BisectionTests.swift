import Bisection
import Testing

/// The bisect engine over in-memory candidates: halving, skips, undecided candidates and the ends.
struct BisectionTests {
    /// A predicate over candidate positions: bad from `firstBad` on, untestable at `untestable`.
    struct PlantedChange: BisectPredicate {
        let firstBad: Int
        var untestable: Set<Int> = []
        /// Positions judged `unknown` on their first observation (decided on the second).
        var undecidedOnce: Set<Int> = []

        func observe(_ candidate: BisectCandidate, previous: Int?) async -> ProbeOutcome<Int> {
            let index = Int(candidate.payload)!
            if untestable.contains(index) { return .unavailable(reason: "does not build") }
            // The observation counts how often the candidate was observed, times 1000, plus its index.
            return .observed((previous.map { $0 / 1000 + 1 } ?? 1) * 1000 + index, evidence: "observed \(index)")
        }

        func judge(_ observation: Int, baseline: Int) -> (judgement: Judgement, evidence: String) {
            let index = observation % 1000, observations = observation / 1000
            if undecidedOnce.contains(index), observations == 1 { return (.unknown, "noisy") }
            return index >= firstBad ? (.bad, "changed at \(index)") : (.good, "unchanged at \(index)")
        }
    }

    private static func candidates(_ count: Int) -> [BisectCandidate] {
        (0..<count).map { BisectCandidate(label: "v\($0)", subject: "version \($0)", payload: String($0)) }
    }

    @Test("16 candidates: every planted position is found in at most 4 steps", arguments: 1...15)
    func findsEveryPosition(firstBad: Int) async throws {
        let bisector = Bisector(candidates: Self.candidates(16), predicate: PlantedChange(firstBad: firstBad))
        let outcome = try await bisector.run { _ in }
        #expect(outcome.firstBad == firstBad)
        #expect(outcome.lastGood == firstBad - 1)
        #expect(outcome.stepCount <= 4)
        #expect(bisector.maximumSteps == 4)
        #expect(outcome.measuredChange == "changed at \(firstBad)")
    }

    @Test("each step says how many candidates are left and at most how many steps they take; the last leaves none")
    func remainingCounts() async throws {
        // 16 candidates, bad from 9: bad end leaves 14 (at most 4 steps); 7 good leaves 7 (3);
        // 11 bad leaves 3 (2); 9 bad leaves 1 (1); 8 good leaves 0.
        let outcome = try await Bisector(candidates: Self.candidates(16), predicate: PlantedChange(firstBad: 9)).run { _ in }
        #expect(outcome.steps.map(\.index) == [0, 15, 7, 11, 9, 8])
        #expect(outcome.steps.map(\.remaining) == [0, 14, 7, 3, 1, 0])
        #expect(outcome.steps.map(\.stepsLeft) == [0, 4, 3, 2, 1, 0])
        // A skipped candidate is not counted as left to test.
        let skipping = try await Bisector(candidates: Self.candidates(16), predicate: PlantedChange(firstBad: 9, untestable: [7])).run { _ in }
        #expect(skipping.steps.map(\.index) == [0, 15, 7, 6, 10, 8, 9])
        #expect(skipping.steps.map(\.remaining) == [0, 14, 13, 7, 2, 1, 0])
    }

    @Test("an untestable candidate is skipped and its neighbour tried; the answer is still exact")
    func skipsUntestable() async throws {
        let outcome = try await Bisector(candidates: Self.candidates(16), predicate: PlantedChange(firstBad: 9, untestable: [7])).run { _ in }
        #expect(outcome.steps.contains { $0.index == 7 && $0.result == .skip })
        #expect(outcome.firstBad == 9)
        #expect(outcome.suspects == [9])
    }

    @Test("when skipped candidates sit right before the first bad one, all are reported as suspects")
    func ambiguousAfterSkips() async throws {
        let predicate = PlantedChange(firstBad: 5, untestable: [4])
        let outcome = try await Bisector(candidates: Self.candidates(8), predicate: predicate).run { _ in }
        #expect(outcome.firstBad == nil)
        #expect(outcome.suspects == [4, 5])
        let two = try await Bisector(candidates: Self.candidates(16), predicate: PlantedChange(firstBad: 9, untestable: [7, 8])).run { _ in }
        #expect(two.suspects == [7, 8, 9])
    }

    @Test("an undecided candidate is observed again and decided")
    func observesAgainWhenUnknown() async throws {
        let predicate = PlantedChange(firstBad: 6, undecidedOnce: [7])
        let outcome = try await Bisector(candidates: Self.candidates(16), predicate: predicate).run { _ in }
        #expect(outcome.firstBad == 6)
        #expect(outcome.steps.first { $0.index == 7 }?.attempts == 2)
    }

    @Test("ends that do not differ, an untestable good end and a one-candidate list are errors")
    func badEnds() async {
        await #expect(throws: BisectError.self) {
            _ = try await Bisector(candidates: Self.candidates(8), predicate: PlantedChange(firstBad: 99)).run { _ in }
        }
        await #expect(throws: BisectError.self) {
            _ = try await Bisector(candidates: Self.candidates(8), predicate: PlantedChange(firstBad: 3, untestable: [0])).run { _ in }
        }
        await #expect(throws: BisectError.self) {
            _ = try await Bisector(candidates: Self.candidates(1), predicate: PlantedChange(firstBad: 0)).run { _ in }
        }
    }
}
