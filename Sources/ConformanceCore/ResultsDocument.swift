import Foundation
import HarnessSupport

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
    /// A sharded run's part, every ID of the whole run and what `merge` checks; absent unsharded.
    public var shard: ShardRecord?

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
        shard = header.shardRecord
    }

    /// The document the unsharded run writes, made from the documents of its shards: the
    /// scenarios of every part sorted by ID as `init` sorts them, the totals added up (the duration is the parts'
    /// sum), no shard in the selection and no shard record.
    /// - Throws: `ShardMergeError` when the parts are not one run's shards 1…N (`ShardMerge`), or
    ///   differ in the adapter, selection, record mode or problems (`merge.different-run`).
    public static func merge(_ parts: [(file: String, document: ResultsDocument)]) throws(ShardMergeError) -> ResultsDocument {
        var shardParts: [ShardPart<ScenarioResult>] = []
        for part in parts {
            shardParts.append(try ShardPart(file: part.file, record: part.document.shard, items: part.document.scenarios,
                                            whatItIs: "the results of an unsharded run", hint: "pass the --out files of 'rive-harness run --shard K/N --format json'"))
        }
        let scenarios = try ShardMerge.interleave(shardParts, key: \.id)
        var merged = parts[0].document
        for part in parts.dropFirst() {
            var unsharded = part.document.selection
            unsharded.shard = nil
            var first = merged.selection
            first.shard = nil
            let differences = [part.document.adapter != merged.adapter ? "adapter" : nil, unsharded != first ? "selection" : nil,
                               part.document.recordMode != merged.recordMode ? "record mode" : nil,
                               part.document.problems != merged.problems ? "problems" : nil].compactMap { $0 }
            guard differences.isEmpty else {
                throw ShardMergeError(code: "merge.different-run", message: "\(part.file) and \(parts[0].file) differ in their \(differences.joined(separator: ", "))",
                                      hint: "merge the shards of one run: the same command, corpus and adapter with --shard 1/N … N/N")
            }
        }
        var counts = Dictionary(uniqueKeysWithValues: Verdict.allCases.map { ($0.rawValue, 0) })
        for scenario in scenarios { counts[scenario.verdict.rawValue, default: 0] += 1 }
        merged.selection.shard = nil
        merged.shard = nil
        merged.scenarios = scenarios.sorted { $0.id < $1.id }
        merged.summary = Summary(passed: merged.problems.isEmpty && !scenarios.contains { $0.verdict.failsRun }, total: scenarios.count, counts: counts,
                                 problemCount: merged.problems.count, durationSeconds: parts.map(\.document.summary.durationSeconds).reduce(0, +))
        return merged
    }

    /// Pretty-printed JSON with sorted keys and a final newline.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding these plain value types cannot fail.
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self) + "\n"
    }
}
