import Conformance
import Foundation
import Testing

/// `run --verify`: each scenario runs fresh, on a reused worker, with split advances and in
/// shuffled order, and a disagreement between them is a failure naming the variants.
@MainActor
struct VerifyModeTests {
    private static let advanceThenLog = scenario(setupSteps + "\n- advance: sm\n  by: 0.016\n- log: []")

    private func results(_ scenarios: [String: String], script: Script, seed: UInt64 = 1) async throws -> [String: ScenarioResult] {
        let corpus = try SyntheticCorpus(scenarios: scenarios)
        defer { corpus.remove() }
        return try await corpus.run(script: script, options: RunOptions(verify: VerifyOptions(seed: seed))).results
    }

    @Test("an adapter that behaves the same every way passes in verify mode")
    func agreement() async throws {
        let result = try #require(try await results(["area/case": Self.advanceThenLog], script: Script())["area/case"])
        #expect(result.verdict == .pass, "\(result.message ?? "")")
    }

    @Test("an adapter that behaves differently under split advances fails, naming the variants")
    func splitDisagreement() async throws {
        // Without verify mode the scenario passes: one advance of 0.016 s logs nothing.
        let corpus = try SyntheticCorpus(scenarios: ["area/case": Self.advanceThenLog])
        defer { corpus.remove() }
        let plain = try #require(try await corpus.run(script: Script(logsSmallAdvances: true)).results["area/case"])
        #expect(plain.verdict == .pass)
        let result = try #require(try await results(["area/case": Self.advanceThenLog], script: Script(logsSmallAdvances: true))["area/case"])
        #expect(result.verdict == .fail)
        let message = try #require(result.message)
        #expect(message.hasPrefix("verify: the variants disagree: fresh PASS; shuffled-order PASS; reused-worker PASS; split-advances FAIL at step 6 (log)"), "\(message)")
        #expect(message.contains("machine.small-step"))
        #expect(message.hasSuffix("(split advance steps: 5 into 4)"))
    }

    @Test("an advance followed by a frame, pixel or digest check, or by emissions of an open stream, or in a scenario checking an action rule, is never split")
    func splitRules() throws {
        let corpus = try SyntheticCorpus(scenarios: [
            "split/yes": Self.advanceThenLog,
            "split/zero": scenario(setupSteps + "\n- advance: sm\n  by: 0\n- log: []"),
            "split/tick-after": scenario(setupSteps + "\n- advance: sm\n  by: 0.5\n- view: v\n  artboard: ab\n  stateMachine: sm\n  size: [10, 10]\n- tick: v\n  at: 0"),
            "split/stream-open": scenario(setupSteps + "\n- subscribe: s\n  to: vmi\n  property: mood\n  type: number\n- advance: sm\n  by: 0.5\n- emissions: s\n  none: true"),
            "split/stream-after": scenario(setupSteps + "\n- advance: sm\n  by: 0.5\n- subscribe: s\n  to: vmi\n  property: mood\n  type: number\n- emissions: s\n  none: true"),
            "split/action-rule": scenario(rules: "[PROP-1, ACT-2]", setupSteps + "\n- advance: sm\n  by: 0.016\n- log: []"),
        ])
        defer { corpus.remove() }
        let loaded = try corpus.load()
        var splittable: [String: Set<Int>] = [:]
        for entry in loaded.entries {
            guard case .success(let scenario) = entry.scenario else {
                Issue.record("\(entry.id) did not load")
                continue
            }
            splittable[entry.id] = Verification.splittableAdvances(in: scenario)
        }
        #expect(splittable == ["split/yes": [5], "split/zero": [], "split/tick-after": [], "split/stream-open": [], "split/stream-after": [5], "split/action-rule": []])
    }

    @Test("an adapter whose worker cannot run a scenario twice fails the reused-worker variant")
    func reusedWorkerDisagreement() async throws {
        let result = try #require(try await results(["area/case": Self.advanceThenLog], script: Script(oneLoadPerWorker: true))["area/case"])
        #expect(result.verdict == .fail)
        #expect(result.message?.contains("reused-worker ERROR: step 1 (load)") == true, "\(result.message ?? "")")
        #expect(result.message?.contains("fresh PASS") == true)
    }

    @Test("an adapter instance that serves one scenario only fails the shuffled-order variant of the later scenarios")
    func orderDisagreement() async throws {
        let results = try await results(["a/one": Self.advanceThenLog, "a/two": Self.advanceThenLog, "a/three": Self.advanceThenLog],
                                        script: Script(oneWorkerPerAdapter: true))
        #expect(results.count == 3)
        #expect(results.values.allSatisfy { $0.verdict == .fail })
        // The job's adapter serves the first scenario of the shuffled order (whose split variant
        // then fails on it); every later scenario's shuffled-order variant fails.
        let messages = results.values.compactMap(\.message)
        #expect(messages.filter { $0.contains("shuffled-order ERROR") }.count == 2, "\(messages)")
        #expect(messages.filter { $0.contains("shuffled-order PASS") && $0.contains("split-advances ERROR") }.count == 1, "\(messages)")
    }

    @Test("the shuffled order depends only on the seed")
    func seededOrder() {
        let ids = (0..<20).map { "s\($0)" }
        #expect(Verification.shuffled(ids, seed: 7) == Verification.shuffled(ids, seed: 7))
        #expect(Verification.shuffled(ids, seed: 7) != Verification.shuffled(ids, seed: 8))
        #expect(Verification.shuffled(ids, seed: 7).sorted() == ids.sorted())
    }
}
