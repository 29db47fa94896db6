import Foundation

/// The JSON results of a run, version 1 of the schema in docs/results-format.md.
public struct ResultsDocument: Sendable, Hashable, Codable {
    /// The corpus a run used.
    public struct CorpusInfo: Sendable, Hashable, Codable {
        /// The corpus hash (`fnv1a64:…`).
        public var hash: String
    }

    /// The totals.
    public struct Summary: Sendable, Hashable, Codable {
        /// Whether the run passed.
        public var passed: Bool
        /// The number of scenarios.
        public var total: Int
        /// Scenarios per verdict name; every verdict is present.
        public var counts: [String: Int]
        /// The number of problems outside scenario files.
        public var problemCount: Int
        /// Wall time of the whole run in seconds.
        public var durationSeconds: Double
    }

    /// The schema's name.
    public var schema = "rive-harness.results"
    /// The schema's version; bumped on any incompatible change.
    public var version = 1
    /// The corpus.
    public var corpus: CorpusInfo
    /// The adapter: name, version, capabilities.
    public var adapter: AdapterIdentity
    /// The selection that chose the scenarios.
    public var selection: Selection
    /// The golden record mode.
    public var recordMode: RecordMode
    /// Problems outside scenario files.
    public var problems: [Diagnostic]
    /// The totals.
    public var summary: Summary
    /// Every scenario's result, sorted by ID.
    public var scenarios: [ScenarioResult]

    /// Builds the document from a run's header, results and summary.
    public init(header: RunHeader, results: [ScenarioResult], summary: RunSummary) {
        corpus = CorpusInfo(hash: header.corpusHash)
        adapter = header.adapter
        selection = header.selection
        recordMode = header.recordMode
        problems = header.problems
        self.summary = Summary(passed: summary.passed, total: summary.total,
                               counts: Dictionary(uniqueKeysWithValues: summary.counts.map { ($0.key.rawValue, $0.value) }),
                               problemCount: summary.problemCount, durationSeconds: summary.durationSeconds)
        scenarios = results.sorted { $0.id < $1.id }
    }

    /// Pretty-printed JSON with sorted keys and a final newline.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding these plain value types cannot fail.
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self) + "\n"
    }
}
