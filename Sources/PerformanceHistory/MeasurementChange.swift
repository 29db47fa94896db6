import Foundation

/// How a candidate measurement compares with a baseline of the same benchmark and testbed.
///
/// Instruction counts are deterministic, so their verdict is the relative change of the
/// medians against the threshold. CPU time is noisy: a change past the threshold counts
/// only when a two-sided Mann-Whitney U test on the repetitions agrees (p < `alpha`);
/// otherwise the verdict is `unknown` and a caller such as bisect measures again with more
/// repetitions.
public struct MeasurementChange: Sendable, Hashable {
    /// The verdict of a comparison.
    public enum Verdict: String, Sendable, Hashable, Codable {
        /// Slower or more instructions, past the threshold (and significant, for time).
        case regression
        /// Faster or fewer instructions, past the threshold (and significant, for time).
        case improvement
        /// Within the threshold.
        case unchanged
        /// Past the threshold but not significant, or too few repetitions to tell.
        case unknown
    }

    /// The thresholds a comparison uses; every verdict prints them.
    public struct Thresholds: Sendable, Hashable {
        /// The relative change of instruction counts that counts (0.005 = 0.5 %, as `compare` uses).
        public var instructions: Double
        /// The relative change of CPU time that counts (0.05 = 5 %, as `compare` uses).
        public var time: Double
        /// The significance level of the Mann-Whitney U test for time.
        public var alpha: Double

        /// Creates thresholds.
        public init(instructions: Double = 0.005, time: Double = 0.05, alpha: Double = 0.05) {
            self.instructions = instructions
            self.time = time
            self.alpha = alpha
        }

        /// The relative threshold of a metric.
        public func relative(for metric: RunContext.Metric) -> Double { metric == .instructions ? instructions : time }
    }

    /// The baseline measurement.
    public var baseline: BenchmarkMeasurement
    /// The candidate measurement.
    public var candidate: BenchmarkMeasurement
    /// The relative threshold used.
    public var threshold: Double
    /// The Mann-Whitney U two-sided p-value (time only, with at least two samples on each side).
    public var pValue: Double?
    /// The verdict.
    public var verdict: Verdict

    /// Compares two measurements of the same metric.
    public init(baseline: BenchmarkMeasurement, candidate: BenchmarkMeasurement, thresholds: Thresholds = Thresholds()) {
        precondition(baseline.metric == candidate.metric, "measurements in different metrics cannot be compared")
        self.baseline = baseline
        self.candidate = candidate
        threshold = thresholds.relative(for: baseline.metric)
        let change = baseline.median == 0 ? 0 : candidate.median / baseline.median - 1
        let direction: Verdict = change > threshold ? .regression : change < -threshold ? .improvement : .unchanged
        if baseline.metric == .instructions || direction == .unchanged {
            pValue = baseline.metric == .time ? MannWhitneyU.pValue(baseline.samples, candidate.samples) : nil
            verdict = direction
        } else {
            pValue = MannWhitneyU.pValue(baseline.samples, candidate.samples)
            verdict = (pValue.map { $0 < thresholds.alpha } ?? false) ? direction : .unknown
        }
    }

    /// The relative change of the medians (0.03 = 3 % more).
    public var relativeChange: Double { baseline.median == 0 ? 0 : candidate.median / baseline.median - 1 }

    /// `1000000 → 1030000 instructions (+3.00 %, threshold 1.00 %)`, with the p-value for time.
    public var summary: String {
        let p = pValue.map { String(format: ", Mann-Whitney p=%.3g", $0) } ?? ""
        return "\(Self.format(baseline.median, baseline.metric)) → \(Self.format(candidate.median, candidate.metric)) "
            + String(format: "(%+.2f %%, threshold %.2f %%", relativeChange * 100, threshold * 100)
            + "\(p), \(baseline.samples.count) vs \(candidate.samples.count) samples)"
    }

    /// A value with its unit: instructions as a whole number with thousands separators, time in a readable unit.
    public static func format(_ value: Double, _ metric: RunContext.Metric) -> String {
        if metric == .instructions { return "\(grouped(value)) instructions" }
        switch value {
        case ..<1e3: return String(format: "%.1f ns", value)
        case ..<1e6: return String(format: "%.2f µs", value / 1e3)
        case ..<1e9: return String(format: "%.2f ms", value / 1e6)
        default: return String(format: "%.3f s", value / 1e9)
        }
    }
}

extension MeasurementChange {
    /// A whole number with `,` every three digits: `1,030,000`.
    static func grouped(_ value: Double) -> String {
        let digits = String(Int64(value.rounded()).magnitude)
        var result = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return (value < 0 ? "-" : "") + result
    }

    /// A short axis label: instructions as `1.53 M` or `520 k`, time as `format` gives it.
    static func compact(_ value: Double, _ metric: RunContext.Metric) -> String {
        guard metric == .instructions else { return format(value, metric) }
        switch abs(value) {
        case ..<1e4: return grouped(value)
        case ..<1e6: return String(format: "%.1f k", value / 1e3)
        case ..<1e9: return String(format: "%.3g M", value / 1e6)
        default: return String(format: "%.3g G", value / 1e9)
        }
    }
}

/// The Mann-Whitney U test (Wilcoxon rank-sum) for two independent samples.
public enum MannWhitneyU {
    /// The two-sided p-value that both samples come from the same distribution, or nil when
    /// either sample has fewer than two values.
    ///
    /// Exact (by counting rank arrangements) when there are no ties and both samples have at
    /// most 20 values; otherwise the normal approximation with tie and continuity corrections.
    public static func pValue(_ first: [Double], _ second: [Double]) -> Double? {
        let n1 = first.count, n2 = second.count
        guard n1 >= 2, n2 >= 2 else { return nil }
        let pooled = (first.map { ($0, 0) } + second.map { ($0, 1) }).sorted { $0.0 < $1.0 }
        var ranks = [Double](repeating: 0, count: pooled.count)
        var tieGroups: [Int] = []
        var start = 0
        while start < pooled.count {
            var end = start
            while end + 1 < pooled.count, pooled[end + 1].0 == pooled[start].0 { end += 1 }
            let rank = Double(start + end) / 2 + 1
            for index in start...end { ranks[index] = rank }
            tieGroups.append(end - start + 1)
            start = end + 1
        }
        let rankSum = zip(pooled, ranks).filter { $0.0.1 == 0 }.reduce(0) { $0 + $1.1 }
        let u = rankSum - Double(n1 * (n1 + 1)) / 2
        let hasTies = tieGroups.contains { $0 > 1 }
        if !hasTies, n1 <= 20, n2 <= 20 {
            return exactPValue(u: Int(u.rounded()), n1: n1, n2: n2)
        }
        let n = Double(n1 + n2)
        let mean = Double(n1 * n2) / 2
        let tieTerm = tieGroups.reduce(0.0) { $0 + Double($1 * $1 * $1 - $1) } / (n * (n - 1))
        let variance = Double(n1 * n2) / 12 * ((n + 1) - tieTerm)
        guard variance > 0 else { return 1 }
        let z = (abs(u - mean) - 0.5) / variance.squareRoot()
        return min(1, max(0, erfc(max(z, 0) / 2.0.squareRoot())))
    }

    /// The exact two-sided p-value of U for samples of sizes n1 and n2 without ties.
    private static func exactPValue(u: Int, n1: Int, n2: Int) -> Double {
        // counts[i][j][k]: arrangements of i values of the first sample and j of the second with U = k.
        let maxU = n1 * n2
        var previousRow = [[Double]](repeating: [1] + [Double](repeating: 0, count: maxU), count: n2 + 1)
        for _ in 1...n1 {
            var row = [[Double]](repeating: [Double](repeating: 0, count: maxU + 1), count: n2 + 1)
            row[0][0] = 1
            for j in 1...n2 {
                for k in 0...maxU {
                    // The largest value belongs to the first sample (it beats all j of the second) or to the second.
                    row[j][k] = (k >= j ? previousRow[j][k - j] : 0) + row[j - 1][k]
                }
            }
            previousRow = row
        }
        let distribution = previousRow[n2]
        let total = distribution.reduce(0, +)
        let lower = distribution[0...min(u, maxU)].reduce(0, +) / total
        let upper = distribution[max(u, 0)...maxU].reduce(0, +) / total
        return min(1, 2 * min(lower, upper))
    }
}
