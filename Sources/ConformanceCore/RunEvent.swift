/// One event of a run; reporters consume the stream and never run anything themselves.
public enum RunEvent: Sendable {
    /// The plan is made and scenarios are about to run.
    case runStarted(RunHeader)
    /// One scenario has a verdict (in completion order; with several jobs this order varies).
    case scenarioFinished(ScenarioResult)
    /// Every scenario has a verdict.
    case runFinished(RunSummary)
}

/// What a run is: corpus, adapter, selection, record mode, how many scenarios and the problems found before running.
public struct RunHeader: Sendable, Hashable, Codable {
    /// The corpus hash.
    public var corpusHash: String
    /// The adapter.
    public var adapter: AdapterIdentity
    /// The selection.
    public var selection: Selection
    /// The golden record mode.
    public var recordMode: RecordMode
    /// The number of planned scenarios (each gets one `scenarioFinished`).
    public var scenarioCount: Int
    /// Problems outside scenario files (registries, stale expectations); each fails the run.
    public var problems: [Diagnostic]
    /// The part of a sharded run (`RunPlan.shardRecord`); `nil` for an unsharded run.
    public var shardRecord: ShardRecord? = nil
}

/// The totals of a run.
public struct RunSummary: Sendable, Hashable, Codable {
    /// How many scenarios got each verdict; every verdict is present, zero or not.
    public var counts: [Verdict: Int]
    /// The number of problems outside scenario files.
    public var problemCount: Int
    /// Wall time of the whole run in seconds.
    public var durationSeconds: Double

    /// Whether the run passed: no verdict that fails the run and no problem.
    public var passed: Bool {
        problemCount == 0 && counts.allSatisfy { !$0.key.failsRun || $0.value == 0 }
    }

    /// The number of scenarios.
    public var total: Int { counts.values.reduce(0, +) }
}

/// Something that consumes a run's events: a console printer, a TAP, JUnit or JSON writer, a test.
@MainActor
public protocol RunReporter: AnyObject {
    /// Handles one event.
    func receive(_ event: RunEvent)
}

/// Collects a run's header and results and hands the whole run over when it finishes, for the
/// reporters that write one document at the end.
struct RunCollector {
    /// A finished run: its header, its scenario results in the order they finished, its summary.
    typealias FinishedRun = (header: RunHeader, results: [ScenarioResult], summary: RunSummary)

    private var header: RunHeader?
    private var results: [ScenarioResult] = []

    /// Takes one event; returns the whole run when the event finishes it.
    mutating func receive(_ event: RunEvent) -> FinishedRun? {
        switch event {
        case .runStarted(let header): self.header = header
        case .scenarioFinished(let result): results.append(result)
        case .runFinished(let summary): return header.map { ($0, results, summary) }
        }
        return nil
    }
}
