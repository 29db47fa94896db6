import Conformance
import Foundation
import HarnessTestSupport
import ReferenceRuntime
import RuntimeAPI
import Testing

/// A corpus scenario run with other bytes in place of its fixture (`reduce --predicate scenario:ID`).
@MainActor
struct ScenarioReplayTests {
    @Test("the fixture's own bytes give the scenario's verdict; a damaged copy changes it; an unknown scenario is refused")
    func replay() async throws {
        let corpus = try Corpus.load(SharedMaterial.packageRoot.appendingPathComponent("Corpus").path)
        let replay = try ScenarioReplay(corpus: corpus, scenarioID: "actions/chained-listeners-same-advance", adapter: ReferenceRuntimeAdapter(),
                                        timeoutSeconds: 60, makeAdapter: { ReferenceRuntimeAdapter() })
        #expect(replay.fixture == "actions")
        let bytes = try [UInt8](Data(contentsOf: SharedMaterial.packageRoot.appendingPathComponent("Corpus/fixtures/actions.riv")))
        #expect(await replay.result(with: bytes).verdict == .pass)
        let damaged = await replay.result(with: Array(bytes.prefix(bytes.count / 2)))
        #expect(damaged.verdict != .pass, "\(damaged.message ?? "")")
        #expect(throws: ScenarioReplay.Failure.unknownScenario("actions/no-such-scenario")) {
            _ = try ScenarioReplay(corpus: corpus, scenarioID: "actions/no-such-scenario", adapter: ReferenceRuntimeAdapter(),
                                   timeoutSeconds: 60, makeAdapter: { ReferenceRuntimeAdapter() })
        }
    }
}
