import Foundation

/// Summary statistics and the Mann-Whitney U test used to compare repetitions.
public enum Statistics {
    /// The median; `nil` for no values.
    public static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The arithmetic mean; `nil` for no values.
    public static func mean(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }

    /// The sample standard deviation (divisor n − 1), as Google Benchmark reports it; 0 for
    /// fewer than two values.
    public static func standardDeviation(_ values: [Double]) -> Double {
        guard values.count > 1, let mean = mean(values) else { return 0 }
        let squares = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        return (squares / Double(values.count - 1)).squareRoot()
    }

    /// The result of a two-sided Mann-Whitney U test of `first` against `second`.
    public struct MannWhitney: Sendable, Hashable {
        /// U of the first sample: how many (first, second) pairs have first > second, ties counting ½.
        public var u: Double
        /// The two-sided p-value.
        public var pValue: Double
        /// Whether `pValue` is exact (no ties, both samples at most `exactLimit`) or the normal
        /// approximation with tie and continuity corrections.
        public var isExact: Bool
        /// The rank-biserial correlation, 2U/(n₁n₂) − 1: from −1 (every first value below every
        /// second value) to +1 (every first value above).
        public var rankBiserial: Double
    }

    /// The largest sample size for which the exact U distribution is used.
    public static let exactLimit = 50

    /// The two-sided Mann-Whitney U test; `nil` when either sample is empty.
    ///
    /// Without ties and with both samples at most `exactLimit` long the p-value is exact,
    /// 2·P(U ≤ min(U₁, U₂)); otherwise it is the normal approximation with the tie-corrected
    /// variance and a continuity correction of ½ (as `scipy.stats.mannwhitneyu` with
    /// `method="asymptotic"`). `allowExact: false` always uses the approximation.
    public static func mannWhitneyU(_ first: [Double], _ second: [Double], allowExact: Bool = true) -> MannWhitney? {
        let m = first.count, n = second.count
        guard m > 0, n > 0 else { return nil }
        let pooled = (first.map { ($0, 0) } + second.map { ($0, 1) }).sorted { $0.0 < $1.0 }
        var ranks = [Double](repeating: 0, count: pooled.count)
        var tieTerm = 0.0
        var start = 0
        while start < pooled.count {
            var end = start
            while end + 1 < pooled.count, pooled[end + 1].0 == pooled[start].0 { end += 1 }
            let rank = Double(start + end + 2) / 2
            for index in start...end { ranks[index] = rank }
            let t = Double(end - start + 1)
            tieTerm += t * t * t - t
            start = end + 1
        }
        var firstRankSum = 0.0
        for (index, entry) in pooled.enumerated() where entry.1 == 0 { firstRankSum += ranks[index] }
        let u1 = firstRankSum - Double(m * (m + 1)) / 2
        let product = Double(m * n)
        let u2 = product - u1
        let rankBiserial = 2 * u1 / product - 1
        if allowExact, tieTerm == 0, m <= exactLimit, n <= exactLimit {
            let counts = exactDistribution(m, n)
            let total = counts.reduce(0, +)
            let smaller = Int(min(u1, u2).rounded())
            let tail = counts[0...smaller].reduce(0, +) / total
            return MannWhitney(u: u1, pValue: min(1, 2 * tail), isExact: true, rankBiserial: rankBiserial)
        }
        let total = Double(m + n)
        let variance = product / 12 * ((total + 1) - tieTerm / (total * (total - 1)))
        guard variance > 0 else { return MannWhitney(u: u1, pValue: 1, isExact: false, rankBiserial: rankBiserial) }
        let z = (max(u1, u2) - product / 2 - 0.5) / variance.squareRoot()
        let p = min(1, 2 * 0.5 * erfc(z / 2.0.squareRoot()))
        return MannWhitney(u: u1, pValue: max(0, p), isExact: false, rankBiserial: rankBiserial)
    }

    /// Holm's step-down adjustment of a family of p-values (`nil` entries are not part of
    /// the family and stay `nil`): the i-th smallest of m becomes the largest of
    /// min(1, (m − j)·p₍ⱼ₎) over j ≤ i (0-based). Rejecting where the adjusted value is below
    /// α keeps the chance of any false rejection in the family at most α.
    public static func holmAdjusted(_ pValues: [Double?]) -> [Double?] {
        let family = pValues.enumerated().compactMap { entry in entry.element.map { (index: entry.offset, p: $0) } }.sorted { $0.p < $1.p }
        var adjusted = pValues
        var running = 0.0
        for (rank, entry) in family.enumerated() {
            running = max(running, min(1, Double(family.count - rank) * entry.p))
            adjusted[entry.index] = running
        }
        return adjusted
    }

    /// How many orderings of m first and n second values give each U (index = U), without ties.
    static func exactDistribution(_ m: Int, _ n: Int) -> [Double] {
        // counts[j][u] for the current number of first values i and j second values:
        // f(i, j, u) = f(i − 1, j, u − j) + f(i, j − 1, u).
        // With no first values, every ordering has U = 0.
        var previous = [[Double]](repeating: [1] + [Double](repeating: 0, count: m * n), count: n + 1)
        for i in 1...m {
            var current = [[Double]](repeating: [Double](repeating: 0, count: m * n + 1), count: n + 1)
            current[0][0] = 1
            for j in 1...n {
                for u in 0...(i * j) {
                    var value = current[j - 1][u]
                    if u >= j { value += previous[j][u - j] }
                    current[j][u] = value
                }
            }
            previous = current
        }
        return previous[n]
    }
}
