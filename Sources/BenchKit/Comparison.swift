import Foundation
import HarnessSupport

/// A comparison's conclusion about one benchmark.
public enum Verdict: String, Sendable, Hashable {
    /// No difference beyond the threshold (or none the repetitions can show).
    case same
    /// The new run is faster by more than the threshold, and (for time) significantly so.
    case faster
    /// The new run is slower by more than the threshold, and (for time) significantly so: a regression.
    case slower
    /// The comparison cannot decide: the benchmark is missing on one side, has too few
    /// repetitions, or differs beyond the threshold without statistical significance.
    case unknown
}

/// The comparison of one benchmark between a base and a new run.
public struct BenchmarkComparison: Sendable, Hashable {
    /// The benchmark's name.
    public var name: String
    /// The base value: median CPU nanoseconds per iteration (time) or instructions per iteration.
    public var base: Double?
    /// The new value, in the same unit as `base`.
    public var new: Double?
    /// `new / base − 1`, when both exist and `base` is positive.
    public var change: Double?
    /// The Mann-Whitney U two-sided p-value (time only).
    public var pValue: Double?
    /// The effect size: the rank-biserial correlation of new against base for time (+1 = every
    /// new repetition slower than every base repetition), `new − base` for instructions.
    public var effect: Double?
    /// The relative change beyond which a difference counts.
    public var threshold: Double
    /// Where the threshold came from: `noise` (results/noise.json) or `default`.
    public var thresholdSource: String
    /// The conclusion.
    public var verdict: Verdict
    /// Why, in a few words.
    public var reason: String
}

/// The comparison of two results files.
public struct ComparisonReport: Sendable, Hashable {
    /// The metric both files measured.
    public var metric: Metric
    /// One comparison per benchmark in either file: base order first, then benchmarks only in new.
    public var benchmarks: [BenchmarkComparison]
    /// Remarks about the comparison as a whole (different commits, toolchains, ignored noise data).
    public var notes: [String]

    /// Whether any benchmark got slower.
    public var hasRegression: Bool { benchmarks.contains { $0.verdict == .slower } }
}

/// Why two results files cannot be compared.
public struct ComparisonRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable identifier: `compare.metric-mismatch` or `compare.testbed-mismatch`.
    public var code: String
    /// What differs.
    public var message: String
    /// What to do instead.
    public var hint: String

    /// `error: MESSAGE [code]` and the hint.
    public var description: String { "error: \(message) [\(code)]\n  hint: \(hint)" }
}

/// Compares two benchmark results files benchmark by benchmark.
public enum Comparison {
    /// The relative change that counts for time when `results/noise.json` has no entry: 5%.
    public static let defaultTimeThreshold = 0.05
    /// The relative change that counts for instruction counts without a noise entry: 0.5%.
    public static let defaultInstructionThreshold = 0.005
    /// The p-value below which a time difference is significant.
    public static let significance = 0.05
    /// The fewest repetitions on each side for a time verdict (with 4 the U test can just
    /// reach p < 0.05; 9 or more are recommended).
    public static let minimumRepetitions = 5

    /// The default threshold of a metric.
    public static func defaultThreshold(_ metric: Metric) -> Double {
        metric == .time ? defaultTimeThreshold : defaultInstructionThreshold
    }

    /// Compares `new` against `base`.
    ///
    /// Time: per benchmark, the repetitions' CPU times are compared with a two-sided
    /// Mann-Whitney U test; the verdict is faster or slower when p < `significance` and the
    /// medians differ by more than the threshold, same when they differ by at most the
    /// threshold, unknown otherwise. Instructions: the exact relative change of the
    /// instructions per iteration against the threshold.
    /// - Throws: `ComparisonRefusal` when the files measured different metrics, or measured
    ///   time on testbeds with different fingerprints.
    public static func compare(base: ResultsDocument, new: ResultsDocument, noise: NoiseFile? = nil) throws(ComparisonRefusal) -> ComparisonReport {
        let metric = base.harness.metric
        guard new.harness.metric == metric else {
            throw ComparisonRefusal(code: "compare.metric-mismatch",
                                    message: "the base file measured \(metric.rawValue), the new file \(new.harness.metric.rawValue)",
                                    hint: "compare two runs made with the same --metric")
        }
        let differences = base.harness.testbed.differences(from: new.harness.testbed)
        var notes: [String] = []
        if !differences.isEmpty {
            let detail = differences.map { field in "\(field): \"\(base.harness.testbed.value(of: field))\" vs \"\(new.harness.testbed.value(of: field))\"" }.joined(separator: "; ")
            if metric == .time {
                throw ComparisonRefusal(code: "compare.testbed-mismatch",
                                        message: "the runs measured time on different testbeds (fingerprint \(base.harness.testbed.fingerprint) vs \(new.harness.testbed.fingerprint); \(detail)); times from different machines or builds are not comparable",
                                        hint: "run both sides on one machine with the same build, or compare instruction counts (--metric instructions)")
            }
            notes.append("different testbeds (\(detail)); instruction counts depend on the build, not on the CPU")
        }
        if base.harness.corpusHash != new.harness.corpusHash {
            notes.append("the measured files differ (corpus hash \(base.harness.corpusHash) vs \(new.harness.corpusHash))")
        }
        let noiseThresholds = noise?.thresholds(metric: metric, testbed: new.harness.testbed.fingerprint) ?? [:]
        if let noise, noiseThresholds.isEmpty, !noise.isEmpty {
            notes.append("results/noise.json has no \(metric.rawValue) entries for testbed \(new.harness.testbed.fingerprint); default thresholds used")
        }
        let baseGroups = base.repetitionsByName
        let newGroups = Dictionary(new.repetitionsByName.map { ($0.name, $0.rows) }, uniquingKeysWith: { first, _ in first })
        let baseNames = Set(baseGroups.map(\.name))
        var results: [BenchmarkComparison] = []
        for (name, baseRows) in baseGroups {
            let threshold = noiseThresholds[name]
            results.append(compareOne(name: name, metric: metric, base: baseRows, new: newGroups[name] ?? [],
                                      threshold: threshold ?? defaultThreshold(metric), thresholdSource: threshold == nil ? "default" : "noise"))
        }
        for (name, newRows) in new.repetitionsByName where !baseNames.contains(name) {
            let threshold = noiseThresholds[name]
            results.append(compareOne(name: name, metric: metric, base: [], new: newRows,
                                      threshold: threshold ?? defaultThreshold(metric), thresholdSource: threshold == nil ? "default" : "noise"))
        }
        return ComparisonReport(metric: metric, benchmarks: results, notes: notes)
    }

    /// The value a row contributes: CPU nanoseconds (time) or instructions per iteration.
    static func value(of row: BenchmarkRow, metric: Metric) -> Double? {
        guard row.errorMessage == nil else { return nil }
        return metric == .time ? row.cpuNanoseconds : row.instructionsPerIteration
    }

    static func compareOne(name: String, metric: Metric, base baseRows: [BenchmarkRow], new newRows: [BenchmarkRow],
                           threshold: Double, thresholdSource: String) -> BenchmarkComparison {
        let baseValues = baseRows.compactMap { value(of: $0, metric: metric) }
        let newValues = newRows.compactMap { value(of: $0, metric: metric) }
        var result = BenchmarkComparison(name: name, base: Statistics.median(baseValues), new: Statistics.median(newValues),
                                         change: nil, pValue: nil, effect: nil, threshold: threshold,
                                         thresholdSource: thresholdSource, verdict: .unknown, reason: "")
        guard !baseValues.isEmpty else {
            result.reason = baseRows.isEmpty ? "only in the new file" : "no usable value in the base file"
            return result
        }
        guard !newValues.isEmpty else {
            result.reason = newRows.isEmpty ? "only in the base file" : "no usable value in the new file"
            return result
        }
        guard let base = result.base, let new = result.new, base > 0 else {
            result.reason = "the base value is zero"
            return result
        }
        let change = new / base - 1
        result.change = change
        switch metric {
        case .instructions:
            result.effect = new - base
            if abs(change) <= threshold {
                result.verdict = .same
                result.reason = "within the threshold"
            } else {
                result.verdict = change > 0 ? .slower : .faster
                result.reason = "exact count beyond the threshold"
            }
        case .time:
            guard baseValues.count >= minimumRepetitions, newValues.count >= minimumRepetitions else {
                result.reason = "too few repetitions (\(baseValues.count) and \(newValues.count); at least \(minimumRepetitions) needed, 9 recommended)"
                return result
            }
            guard let test = Statistics.mannWhitneyU(newValues, baseValues) else { return result }
            result.pValue = test.pValue
            result.effect = test.rankBiserial
            if abs(change) <= threshold {
                result.verdict = .same
                result.reason = "within the threshold"
            } else if test.pValue < significance {
                result.verdict = change > 0 ? .slower : .faster
                result.reason = "significant and beyond the threshold"
            } else {
                result.reason = "beyond the threshold but not significant (p = \(String(format: "%.3f", test.pValue))); run more repetitions"
            }
        }
        return result
    }
}

extension Testbed {
    /// The text of a field named as in `differences(from:)`.
    func value(of field: String) -> String {
        switch field {
        case "cpuModel": cpuModel
        case "cores": String(cores)
        case "kernel": kernel
        case "toolchain": toolchain
        default: buildFlags
        }
    }
}
