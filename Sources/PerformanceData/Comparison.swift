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
    /// The metric of the values.
    public var metric: Metric
    /// How many values the base and the new run had.
    public var baseCount: Int, newCount: Int
    /// The base value: median CPU nanoseconds per iteration (time) or instructions per iteration.
    public var base: Double?
    /// The new value, in the same unit as `base`.
    public var new: Double?
    /// `new / base − 1`, when both exist and `base` is positive.
    public var change: Double?
    /// Time only: the change after removing the run shift (`ComparisonReport.runShift`),
    /// `(new / base) / (1 + runShift) − 1`; the change the verdict is judged on. Equal to
    /// `change` for instructions.
    public var adjustedChange: Double?
    /// The Mann-Whitney U two-sided p-value (time only), Holm-adjusted over every benchmark
    /// of the comparison: with many benchmarks some would reach p < 0.05 by chance alone.
    public var pValue: Double?
    /// The p-value of this benchmark's test alone, before the Holm adjustment (time only).
    public var rawPValue: Double?
    /// The effect size: the rank-biserial correlation of new against base for time (+1 = every
    /// new repetition slower than every base repetition), `new − base` for instructions.
    public var effect: Double?
    /// The relative change beyond which a difference counts (applied to `adjustedChange`).
    public var threshold: Double
    /// Where the threshold came from: `noise` (results/noise.json) or `default`.
    public var thresholdSource: String
    /// The conclusion.
    public var verdict: Verdict
    /// Why, in a few words.
    public var reason: String
}

extension BenchmarkComparison {
    /// `1 000 000 instructions → 1 030 000 instructions (+3.00 %, threshold 0.50 %, 1 vs 1 samples)`,
    /// with the raw Mann-Whitney p-value for time.
    public var summary: String {
        let p = rawPValue.map { String(format: ", Mann-Whitney p=%.3g", $0) } ?? ""
        let values = "\(base.map { ValueFormat.withUnit($0, metric) } ?? "-") → \(new.map { ValueFormat.withUnit($0, metric) } ?? "-")"
        return values + " (" + (change.map { String(format: "%+.2f %%, ", $0 * 100) } ?? "")
            + String(format: "threshold %.2f %%", threshold * 100) + "\(p), \(baseCount) vs \(newCount) samples)"
    }
}

/// The comparison of two run files.
public struct ComparisonReport: Sendable, Hashable {
    /// The metric both files measured.
    public var metric: Metric
    /// One comparison per benchmark in either file: base order first, then benchmarks only in new.
    public var benchmarks: [BenchmarkComparison]
    /// Remarks about the comparison as a whole (different commits, toolchains, ignored noise data).
    public var notes: [String]
    /// Time only: how much the new run as a whole moved against the base, the median over
    /// benchmarks of new/base − 1 (`nil` for instructions or with fewer than
    /// `Comparison.minimumBenchmarksForShift` comparable benchmarks). On a shared machine
    /// this is mostly the change of load between the two runs.
    public var runShift: Double?
    /// The largest run shift that is still explained by the testbed's A/A drift (from the
    /// noise file, else the default threshold); a larger one makes the verdicts of benchmarks
    /// that moved with the run unknown.
    public var runShiftThreshold: Double
    /// The resolution asked for: a benchmark whose threshold is larger cannot be called same.
    public var resolution: Double

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

    /// `error[CODE]: MESSAGE` and the hint on the next line, the layout of every harness error.
    public var description: String { "error[\(code)]: \(message)\n  hint: \(hint)" }
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
    /// The fewest comparable benchmarks from which a time comparison estimates the run shift.
    public static let minimumBenchmarksForShift = 3

    /// The default threshold of a metric.
    public static func defaultThreshold(_ metric: Metric) -> Double {
        metric == .time ? defaultTimeThreshold : defaultInstructionThreshold
    }

    /// Compares `new` against `base`.
    ///
    /// Time: the run shift (the median over benchmarks of the change of the medians) is
    /// removed first, because on a shared machine the load differs between two runs and
    /// moves every benchmark alike. Then per benchmark, the repetitions' CPU times (the
    /// base's scaled by the shift) are compared with a two-sided Mann-Whitney U test; the
    /// verdict is faster or slower when p < `significance` and the adjusted change is beyond
    /// the threshold, same when it is within it, unknown otherwise; the p-values are
    /// Holm-adjusted over all benchmarks of the comparison. Instructions: the exact
    /// relative change of the instructions per iteration against the threshold.
    ///
    /// Either metric: a benchmark whose threshold (from A/A noise) is larger than
    /// `resolution` is unknown rather than same, as its noise hides changes of the size asked
    /// for; a time benchmark that moved beyond its threshold only together with a run shift
    /// larger than the testbed's A/A drift is unknown rather than slower or same.
    /// - Parameter resolution: the smallest relative change the comparison must be able to
    ///   see; `nil` for the metric's default threshold.
    /// - Throws: `ComparisonRefusal` when the files measured different metrics, or measured
    ///   time on testbeds with different fingerprints.
    public static func compare(base: RunFile, new: RunFile, noise: NoiseFile? = nil,
                               resolution: Double? = nil) throws(ComparisonRefusal) -> ComparisonReport {
        guard let metric = base.harness.metric, let newMetric = new.harness.metric else {
            throw ComparisonRefusal(code: "compare.not-benchmarks", message: "\(base.harness.metric == nil ? base.fileName : new.fileName) is a \(RunKind.conformance.rawValue) run, not a benchmark run",
                                    hint: "compare two files written by 'rive-harness bench'")
        }
        guard newMetric == metric else {
            throw ComparisonRefusal(code: "compare.metric-mismatch",
                                    message: "the base file measured \(metric.rawValue), the new file \(newMetric.rawValue)",
                                    hint: "compare two runs made with the same --metric")
        }
        let differences = base.harness.testbed.differences(from: new.harness.testbed)
        var notes: [String] = []
        if !differences.isEmpty || base.harness.testbed.fingerprint != new.harness.testbed.fingerprint {
            let detail = differences.isEmpty ? "the files do not record the testbed's fields"
                : differences.map { field in "\(field): \"\(base.harness.testbed.value(of: field) ?? "")\" vs \"\(new.harness.testbed.value(of: field) ?? "")\"" }.joined(separator: "; ")
            if metric == .time {
                throw ComparisonRefusal(code: "compare.testbed-mismatch",
                                        message: "the runs measured time on different testbeds (fingerprint \(base.harness.testbed.fingerprint) vs \(new.harness.testbed.fingerprint); \(detail)); times from different machines or builds are not comparable",
                                        hint: "run both sides on one machine with the same build, or compare instruction counts (--metric instructions)")
            }
            notes.append("different testbeds (\(detail)); instruction counts depend on the build, not on the CPU")
        }
        if base.harness.corpusHash != new.harness.corpusHash {
            notes.append("the measured files differ (corpus hash \(base.harness.corpusHash ?? "none") vs \(new.harness.corpusHash ?? "none"))")
        }
        let testbed = new.harness.testbed.fingerprint
        let noiseThresholds = noise?.thresholds(metric: metric, testbed: testbed) ?? [:]
        if let noise, noiseThresholds.isEmpty, !noise.isEmpty {
            notes.append("the noise file has no \(metric.rawValue) entries for testbed \(testbed); default thresholds used")
        }
        let resolution = resolution ?? defaultThreshold(metric)
        let baseGroups = base.repetitionsByName
        let newGroups = Dictionary(new.repetitionsByName.map { ($0.name, $0.rows) }, uniquingKeysWith: { first, _ in first })
        let baseNames = Set(baseGroups.map(\.name))
        var pairs: [(name: String, base: [Double], new: [Double], baseRows: Int, newRows: Int)] = []
        for (name, baseRows) in baseGroups {
            let newRows = newGroups[name] ?? []
            pairs.append((name, baseRows.compactMap { $0.value(in: metric) }, newRows.compactMap { $0.value(in: metric) }, baseRows.count, newRows.count))
        }
        for (name, newRows) in new.repetitionsByName where !baseNames.contains(name) {
            pairs.append((name, [], newRows.compactMap { $0.value(in: metric) }, 0, newRows.count))
        }

        var runShift: Double?
        var runShiftThreshold = defaultThreshold(metric)
        if metric == .time {
            runShift = estimateRunShift(pairs.map { ($0.base, $0.new) })
            if let shift = noise?.runShift(metric: metric, testbed: testbed) { runShiftThreshold = shift.threshold }
            if let runShift {
                let source = noise?.runShift(metric: metric, testbed: testbed) == nil ? "default" : "A/A drift in the noise file"
                notes.append(String(format: "run shift %+.2f%% (the median change over all benchmarks, removed before judging each one; allowed ±%.2f%%, %@)",
                                    runShift * 100, runShiftThreshold * 100, source))
                if abs(runShift) > runShiftThreshold {
                    notes.append("the whole new run moved more than the testbed's A/A drift: the machine's load changed between the runs, or every benchmark changed; benchmarks that moved with it are unknown (confirm with --metric instructions)")
                }
            } else {
                notes.append("run shift not estimated (fewer than \(minimumBenchmarksForShift) benchmarks with enough repetitions on both sides)")
            }
        }
        // Holm's step-down adjustment over every benchmark with a test, so that the chance
        // of any false "slower" or "faster" among them stays at `significance`.
        let rawPValues: [Double?] = pairs.map { pair in
            guard metric == .time, pair.base.count >= minimumRepetitions, pair.new.count >= minimumRepetitions else { return nil }
            return Statistics.mannWhitneyU(pair.new, pair.base.map { $0 * (1 + (runShift ?? 0)) })?.pValue
        }
        let familyPValues = Statistics.holmAdjusted(rawPValues)
        if metric == .time, rawPValues.compactMap({ $0 }).count > 1 {
            notes.append("p-values Holm-adjusted over \(rawPValues.compactMap { $0 }.count) benchmarks")
        }
        var results: [BenchmarkComparison] = []
        for (index, pair) in pairs.enumerated() {
            let threshold = noiseThresholds[pair.name]
            var comparison = compareBenchmark(name: pair.name, metric: metric, base: pair.base, new: pair.new,
                                        threshold: threshold ?? defaultThreshold(metric), thresholdSource: threshold == nil ? "default" : "noise",
                                        runShift: runShift ?? 0, runShiftThreshold: runShiftThreshold, resolution: resolution,
                                        familyPValue: familyPValues[index])
            if pair.base.isEmpty { comparison.reason = pair.baseRows == 0 ? "only in the new file" : "no usable value in the base file" }
            else if pair.new.isEmpty { comparison.reason = pair.newRows == 0 ? "only in the base file" : "no usable value in the new file" }
            results.append(comparison)
        }
        return ComparisonReport(metric: metric, benchmarks: results, notes: notes, runShift: runShift,
                                runShiftThreshold: runShiftThreshold, resolution: resolution)
    }

    /// The median over benchmarks of new median / base median − 1, over the benchmarks with
    /// at least `minimumRepetitions` values on both sides; `nil` with fewer than
    /// `minimumBenchmarksForShift` of them.
    static func estimateRunShift(_ samples: [(base: [Double], new: [Double])]) -> Double? {
        var logRatios: [Double] = []
        for sample in samples where sample.base.count >= minimumRepetitions && sample.new.count >= minimumRepetitions {
            guard let base = Statistics.median(sample.base), let new = Statistics.median(sample.new), base > 0, new > 0 else { continue }
            logRatios.append(log(new / base))
        }
        guard logRatios.count >= minimumBenchmarksForShift, let median = Statistics.median(logRatios) else { return nil }
        return exp(median) - 1
    }

    /// Compares one benchmark's values (CPU nanoseconds or instructions per iteration) of a
    /// base and a new run against `threshold`, as `compare` judges each benchmark; `runShift`
    /// and `familyPValue` come from the whole comparison (0 and `nil` for one benchmark alone).
    public static func compareBenchmark(name: String, metric: Metric, base baseValues: [Double], new newValues: [Double],
                           threshold: Double, thresholdSource: String, runShift: Double = 0,
                           runShiftThreshold: Double = defaultTimeThreshold, resolution: Double? = nil,
                           familyPValue: Double? = nil) -> BenchmarkComparison {
        let resolution = resolution ?? defaultThreshold(metric)
        var result = BenchmarkComparison(name: name, metric: metric, baseCount: baseValues.count, newCount: newValues.count,
                                         base: Statistics.median(baseValues), new: Statistics.median(newValues),
                                         change: nil, adjustedChange: nil, pValue: nil, rawPValue: nil, effect: nil, threshold: threshold,
                                         thresholdSource: thresholdSource, verdict: .unknown, reason: "")
        guard !baseValues.isEmpty else {
            result.reason = "no value in the base file"
            return result
        }
        guard !newValues.isEmpty else {
            result.reason = "no value in the new file"
            return result
        }
        guard let base = result.base, let new = result.new, base > 0 else {
            result.reason = "the base value is zero"
            return result
        }
        let change = new / base - 1
        result.change = change
        let tooNoisy = threshold > resolution
        let noisyReason = String(format: "A/A noise needs a ±%.2f%% threshold here, more than the ±%.2f%% resolution asked for; ", threshold * 100, resolution * 100)
            + (metric == .time ? "use --metric instructions or a quieter machine" : "check why this benchmark's counts vary")
        switch metric {
        case .instructions:
            result.adjustedChange = change
            result.effect = new - base
            if abs(change) <= threshold {
                result.verdict = tooNoisy ? .unknown : .same
                result.reason = tooNoisy ? noisyReason : "within the threshold"
            } else {
                result.verdict = change > 0 ? .slower : .faster
                result.reason = "exact count beyond the threshold"
            }
        case .time:
            guard baseValues.count >= minimumRepetitions, newValues.count >= minimumRepetitions else {
                result.reason = "too few repetitions (\(baseValues.count) and \(newValues.count); at least \(minimumRepetitions) needed, 9 recommended)"
                return result
            }
            let adjusted = (1 + change) / (1 + runShift) - 1
            result.adjustedChange = adjusted
            guard let test = Statistics.mannWhitneyU(newValues, baseValues.map { $0 * (1 + runShift) }) else { return result }
            let pValue = familyPValue ?? test.pValue
            result.rawPValue = test.pValue
            result.pValue = pValue
            result.effect = test.rankBiserial
            let shiftBeyondDrift = abs(runShift) > runShiftThreshold
            if abs(adjusted) <= threshold {
                if shiftBeyondDrift, abs(change) > threshold {
                    result.reason = String(format: "moved %+.2f%% with the whole run (%+.2f%%), more than the A/A drift allows", change * 100, runShift * 100)
                } else if tooNoisy {
                    result.reason = noisyReason
                } else {
                    result.verdict = .same
                    result.reason = "within the threshold"
                }
            } else if pValue >= significance {
                result.reason = "beyond the threshold but not significant (p = \(String(format: "%.3f", pValue))"
                    + (familyPValue == nil ? "" : String(format: " after Holm's adjustment, %.3f alone", test.pValue)) + "); run more repetitions"
            } else if shiftBeyondDrift, abs(change) <= threshold || (change > 0) != (adjusted > 0) {
                result.reason = String(format: "%+.2f%% against the whole run's %+.2f%%, which is beyond the A/A drift: cannot tell the benchmark's change from the load's", change * 100, runShift * 100)
            } else {
                result.verdict = adjusted > 0 ? .slower : .faster
                result.reason = "significant and beyond the threshold"
            }
        }
        return result
    }
}
