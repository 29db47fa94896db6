import Testing
@testable import PerformanceData

/// Statistics against values computed with scipy 1.17 (`scipy.stats.mannwhitneyu`,
/// `alternative="two-sided"`).
@Suite("Statistics")
struct StatisticsTests {
    static let base = [10.1, 10.3, 9.8, 10.0, 10.2, 10.4, 9.9, 10.05, 10.15]
    static let slower = [10.5, 10.7, 10.6, 10.9, 10.45, 10.8, 10.65, 10.75, 10.55]

    @Test("median, mean and sample standard deviation")
    func summaries() {
        #expect(Statistics.median([3, 1, 2]) == 2)
        #expect(Statistics.median([4, 1, 3, 2]) == 2.5)
        #expect(Statistics.median([]) == nil)
        #expect(Statistics.mean([1, 2, 3, 4]) == 2.5)
        #expect(abs(Statistics.standardDeviation([2, 4, 4, 4, 5, 5, 7, 9]) - 2.138089935299395) < 1e-12)
        #expect(Statistics.standardDeviation([5]) == 0)
    }

    @Test("separated samples: exact p = 2 / C(18, 9), U = 81, rank-biserial +1")
    func separatedExact() throws {
        let test = try #require(Statistics.mannWhitneyU(Self.slower, Self.base))
        #expect(test.isExact)
        #expect(test.u == 81)
        #expect(abs(test.pValue - 4.113533525298231e-05) < 1e-15)
        #expect(test.rankBiserial == 1)
    }

    @Test("separated samples: normal approximation with continuity correction")
    func separatedAsymptotic() throws {
        let test = try #require(Statistics.mannWhitneyU(Self.slower, Self.base, allowExact: false))
        #expect(!test.isExact)
        #expect(abs(test.pValue - 0.00041229480206169127) < 1e-12)
    }

    @Test("overlapping samples of different sizes")
    func overlapping() throws {
        let first = [1.0, 2.5, 3.1, 4.7, 5.2, 6.6], second = [2.0, 3.0, 4.0, 5.0, 7.0, 8.0, 9.0]
        let exact = try #require(Statistics.mannWhitneyU(first, second))
        #expect(exact.u == 14)
        #expect(abs(exact.pValue - 0.36596736596736595) < 1e-12)
        let approximate = try #require(Statistics.mannWhitneyU(first, second, allowExact: false))
        #expect(abs(approximate.pValue - 0.35311123450600557) < 1e-12)
    }

    @Test("ties use the tie-corrected normal approximation")
    func ties() throws {
        let test = try #require(Statistics.mannWhitneyU([1, 2, 3, 4, 5], [3, 4, 5, 6, 7, 8]))
        #expect(!test.isExact)
        #expect(test.u == 4.5)
        #expect(abs(test.pValue - 0.066015431521231) < 1e-12)
    }

    @Test("identical samples give p = 1; an empty sample gives no test")
    func degenerate() throws {
        let test = try #require(Statistics.mannWhitneyU([5, 5, 5], [5, 5, 5]))
        #expect(test.pValue == 1)
        #expect(Statistics.mannWhitneyU([], [1]) == nil)
    }

    @Test("the exact distribution counts every ordering")
    func exactDistribution() {
        let counts = Statistics.exactDistribution(2, 3)
        // C(5, 2) = 10 orderings, U from 0 to 6: 1 1 2 2 2 1 1.
        #expect(counts == [1, 1, 2, 2, 2, 1, 1])
    }

    @Test("Holm's adjustment: step-down multipliers, monotone, capped at 1, nil entries left out")
    func holm() {
        let adjusted = Statistics.holmAdjusted([0.01, nil, 0.04, 0.03, 0.5])
        // Sorted: 0.01 ×4, 0.03 ×3, 0.04 ×2, 0.5 ×1 (monotone: each at least the previous).
        #expect(adjusted[0] == 0.04)
        #expect(adjusted[1] == nil)
        #expect(abs((adjusted[3] ?? 0) - 0.09) < 1e-12)
        #expect(abs((adjusted[2] ?? 0) - 0.09) < 1e-12)
        #expect(adjusted[4] == 0.5)
        #expect(Statistics.holmAdjusted([0.6, 0.7]) == [1, 1])
        #expect(Statistics.holmAdjusted([]) == [])
    }
}
