import Testing
@testable import BenchKit

/// Statistics against values computed with scipy 1.17 (`scipy.stats.mannwhitneyu`).
@Suite("Statistics")
struct StatisticsTests {
    @Test("median, mean and sample standard deviation")
    func summaries() {
        #expect(Statistics.median([3, 1, 2]) == 2)
        #expect(Statistics.median([4, 1, 3, 2]) == 2.5)
        #expect(Statistics.median([]) == nil)
        #expect(Statistics.mean([1, 2, 3, 4]) == 2.5)
        #expect(abs(Statistics.standardDeviation([2, 4, 4, 4, 5, 5, 7, 9]) - 2.138089935299395) < 1e-12)
        #expect(Statistics.standardDeviation([5]) == 0)
    }
}
