import Foundation

/// The latest benchmark run of a testbed compared with the previous measurement of each of its benchmarks.
public struct BenchmarkComparison: Sendable {
    /// One benchmark's change.
    public struct Row: Sendable {
        /// The benchmark name.
        public var benchmark: String
        /// The previous run's file.
        public var previousRun: String
        /// The comparison.
        public var change: MeasurementChange
    }

    /// The testbed fingerprint.
    public var testbed: String
    /// The latest benchmark run's file.
    public var latestRun: String
    /// When it ran.
    public var latestCreatedAt: String
    /// One row per benchmark of the latest run that an earlier run on the same testbed also measured.
    public var rows: [Row]
    /// Benchmarks of the latest run without an earlier measurement.
    public var newBenchmarks: [String]

    /// The rows whose verdict is a regression.
    public var regressions: [Row] { rows.filter { $0.change.verdict == .regression } }

    /// Compares, per testbed, the latest benchmark run with each benchmark's previous measurement.
    public static func latest(in archive: ResultsArchive, thresholds: MeasurementChange.Thresholds = .init()) -> [BenchmarkComparison] {
        let series = archive.benchmarkSeries()
        return archive.testbeds.compactMap { testbed in
            guard let latest = archive.records(onTestbed: testbed.fingerprint).last(where: { $0.harness.kind == .bench }) else { return nil }
            var rows: [Row] = []
            var new: [String] = []
            for one in series where one.key.testbed == testbed.fingerprint {
                guard let last = one.points.last, last.runFile == latest.fileName else { continue }
                guard one.points.count >= 2 else {
                    new.append(one.key.benchmark)
                    continue
                }
                let previous = one.points[one.points.count - 2]
                guard previous.measurement.metric == last.measurement.metric else {
                    new.append(one.key.benchmark)
                    continue
                }
                rows.append(Row(benchmark: one.key.benchmark, previousRun: previous.runFile,
                                change: MeasurementChange(baseline: previous.measurement, candidate: last.measurement, thresholds: thresholds)))
            }
            return BenchmarkComparison(testbed: testbed.fingerprint, latestRun: latest.fileName, latestCreatedAt: latest.harness.createdAt,
                                       rows: rows, newBenchmarks: new)
        }
    }
}

/// The latest conformance run of an adapter compared with its previous one: scenarios that newly fail.
public struct ConformanceComparison: Sendable {
    /// A scenario whose verdict turned into a failing one.
    public struct NewFailure: Sendable, Hashable {
        /// The scenario ID.
        public var scenario: String
        /// The previous verdict (or `absent`).
        public var before: String
        /// The latest verdict.
        public var after: String
    }

    /// The verdicts that fail a run.
    public static let failingVerdicts: Set<String> = ["FAIL", "ERROR", "TIMEOUT", "CRASH", "XPASS"]

    /// The adapter.
    public var adapter: String
    /// The latest run's file.
    public var latestRun: String
    /// The previous run's file, if any.
    public var previousRun: String?
    /// Scenarios failing now that did not fail before (all failing ones when there is no previous run).
    public var newFailures: [NewFailure]
    /// Scenarios failing in both runs.
    public var stillFailing: [String]

    /// Compares, per adapter, the latest conformance run with the previous one of the same adapter on the same testbed.
    public static func latest(in archive: ResultsArchive) -> [ConformanceComparison] {
        let runs = archive.records.filter { $0.conformance != nil }
        let adapters = Array(Set(runs.map { $0.conformance!.adapter.name })).sorted()
        return adapters.map { adapter in
            let own = runs.filter { $0.conformance!.adapter.name == adapter }
            let latest = own[own.count - 1]
            let previous = own.dropLast().last { $0.harness.testbed.fingerprint == latest.harness.testbed.fingerprint }
            let before = Dictionary(previous?.conformance!.scenarios.map { ($0.id, $0.verdict) } ?? [], uniquingKeysWith: { first, _ in first })
            var new: [NewFailure] = []
            var still: [String] = []
            for scenario in latest.conformance!.scenarios where failingVerdicts.contains(scenario.verdict) {
                if let old = before[scenario.id], failingVerdicts.contains(old) {
                    still.append(scenario.id)
                } else {
                    new.append(NewFailure(scenario: scenario.id, before: before[scenario.id] ?? "absent", after: scenario.verdict))
                }
            }
            return ConformanceComparison(adapter: adapter, latestRun: latest.fileName, previousRun: previous?.fileName,
                                         newFailures: new, stillFailing: still)
        }
    }
}
