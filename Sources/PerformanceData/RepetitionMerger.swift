import Foundation

/// Merges single-repetition Google Benchmark reports (one per interleaved round, possibly
/// from several programs) into one report with repetition indices and aggregates, shaped as
/// Google Benchmark writes `--benchmark_repetitions=N`.
public struct RepetitionMerger: Sendable {
    /// The context of the first report added.
    public private(set) var context: JSONValue?
    private var order: [String] = []
    private var rowsByName: [String: [[String: JSONValue]]] = [:]

    /// An empty merger.
    public init() {}

    /// Adds the repetition rows of one report (aggregate rows are ignored: they are recomputed).
    public mutating func add(report: JSONValue) {
        if context == nil { context = report["context"] }
        for row in report["benchmarks"]?.arrayValue ?? [] {
            guard let fields = row.objectValue, let name = fields["name"]?.stringValue else { continue }
            guard (fields["run_type"]?.stringValue ?? "iteration") == "iteration" else { continue }
            add(row: fields, name: fields["run_name"]?.stringValue ?? name)
        }
    }

    /// Adds one repetition row of a benchmark.
    public mutating func add(row: [String: JSONValue], name: String) {
        if rowsByName[name] == nil { order.append(name) }
        rowsByName[name, default: []].append(row)
    }

    /// The fields averaged, summarised and reported in aggregate rows.
    static let aggregatedFields = ["real_time", "cpu_time", "bytes_per_second", "instructions_per_iteration"]

    /// Every benchmark's repetitions in the order added, numbered, followed by its mean,
    /// median, stddev and cv rows (cv as a fraction, as Google Benchmark writes it).
    public var rows: [BenchmarkRow] {
        var result: [BenchmarkRow] = []
        for (family, name) in order.enumerated() {
            let repetitions = rowsByName[name] ?? []
            for (index, var row) in repetitions.enumerated() {
                row["name"] = .string(name)
                row["run_name"] = .string(name)
                row["run_type"] = .string("iteration")
                row["family_index"] = .number(Double(family))
                row["per_family_instance_index"] = .number(0)
                row["repetitions"] = .number(Double(repetitions.count))
                row["repetition_index"] = .number(Double(index))
                row["threads"] = row["threads"] ?? .number(1)
                result.append(BenchmarkRow(fields: row))
            }
            guard repetitions.count > 1, let first = repetitions.first else { continue }
            for aggregate in ["mean", "median", "stddev", "cv"] {
                var row: [String: JSONValue] = [
                    "name": .string("\(name)_\(aggregate)"), "run_name": .string(name), "run_type": .string("aggregate"),
                    "aggregate_name": .string(aggregate), "aggregate_unit": .string(aggregate == "cv" ? "percentage" : "time"),
                    "family_index": .number(Double(family)), "per_family_instance_index": .number(0),
                    "repetitions": .number(Double(repetitions.count)), "threads": .number(1),
                    "iterations": .number(Double(repetitions.count)), "time_unit": first["time_unit"] ?? .string("ns"),
                ]
                for field in Self.aggregatedFields {
                    let values = repetitions.compactMap { $0[field]?.numberValue }
                    guard values.count == repetitions.count else { continue }
                    let mean = Statistics.mean(values) ?? 0
                    let value: Double = switch aggregate {
                    case "mean": mean
                    case "median": Statistics.median(values) ?? 0
                    case "stddev": Statistics.standardDeviation(values)
                    default: mean == 0 ? 0 : Statistics.standardDeviation(values) / mean
                    }
                    row[field] = .number(value)
                }
                result.append(BenchmarkRow(fields: row))
            }
        }
        return result
    }
}
