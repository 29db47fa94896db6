import Foundation
import RuntimeAPI

/// One scenario of a corpus, run again and again with other bytes in place of its fixture:
/// what `rive-harness reduce --predicate scenario:ID` keeps true while it shrinks the file.
@MainActor
public struct ScenarioReplay {
    /// The scenario's ID.
    public let scenarioID: String
    /// The fixture the candidate bytes stand in for (the scenario's `fixture`).
    public let fixture: String
    private let corpus: Corpus
    private let entry: PlanEntry
    private let timeoutSeconds: Double
    private let makeAdapter: @MainActor () -> any RuntimeAdapter

    /// Why a scenario cannot be replayed.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// No scenario has this ID.
        case unknownScenario(String)
        /// The scenario file does not parse.
        case invalidScenario(String)
        /// The scenario names no fixture of its own, so there is no file to stand in for.
        case noFixture(String)
        /// The adapter's capabilities skip the scenario, with the planner's reason.
        case skipped(String, reason: String)

        /// What went wrong, for the error line.
        public var description: String {
            switch self {
            case .unknownScenario(let id): "no scenario '\(id)' in the corpus"
            case .invalidScenario(let id): "the scenario '\(id)' does not parse"
            case .noFixture(let id): "the scenario '\(id)' has no 'fixture' for the file to stand in for"
            case .skipped(let id, let reason): "the adapter skips '\(id)': \(reason)"
            }
        }
    }

    /// Plans the scenario for an adapter, whose capabilities decide as in a run.
    /// - Throws: `Failure` when the scenario is unknown, invalid, has no fixture or is skipped.
    public init(corpus: Corpus, scenarioID: String, adapter: any RuntimeAdapter, timeoutSeconds: Double,
                makeAdapter: @escaping @MainActor () -> any RuntimeAdapter) throws(Failure) {
        let plan = Planner.plan(corpus: corpus, adapter: AdapterIdentity(adapter), capabilities: adapter.capabilities,
                                expectations: Expectations(entries: [:], problems: []), selection: Selection())
        guard let entry = plan.entries.first(where: { $0.id == scenarioID }) else { throw .unknownScenario(scenarioID) }
        switch entry.decision {
        case .invalid: throw .invalidScenario(scenarioID)
        case .skip(_, let reason): throw .skipped(scenarioID, reason: reason)
        case .run(let scenario):
            guard let fixture = scenario.fixture else { throw .noFixture(scenarioID) }
            self.fixture = fixture
        }
        self.scenarioID = scenarioID
        self.corpus = corpus
        self.entry = entry
        self.timeoutSeconds = timeoutSeconds
        self.makeAdapter = makeAdapter
    }

    /// The scenario's result with `bytes` in place of its fixture, on a fresh adapter instance.
    public func result(with bytes: [UInt8]) async -> ScenarioResult {
        var options = RunOptions(defaultTimeoutSeconds: timeoutSeconds)
        options.fixtureBytes = [fixture: bytes]
        return await ConformanceRunner(corpus: corpus, options: options, reporters: [], makeAdapter: makeAdapter).runScenario(entry)
    }
}
