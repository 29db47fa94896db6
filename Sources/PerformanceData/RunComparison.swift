import Foundation

/// The latest benchmark run of a testbed compared with the previous run of the same testbed and metric.
public struct LatestComparison: Sendable {
    /// The testbed fingerprint.
    public var testbed: String
    /// The latest benchmark run's file.
    public var latestRun: String
    /// The previous run's file, when there is one.
    public var previousRun: String?
    /// The benchmarks both runs measured, as `compare` judges them.
    public var rows: [BenchmarkComparison]
    /// Benchmarks of the latest run the previous one did not measure (every one without a previous run).
    public var newBenchmarks: [String]
    /// Why the runs could not be compared, when they could not.
    public var refusal: ComparisonRefusal?

    /// The rows whose verdict is slower.
    public var regressions: [BenchmarkComparison] { rows.filter { $0.verdict == .slower } }

    /// Compares, per testbed, the latest benchmark run with the previous run of its testbed and metric.
    public static func latest(in archive: ResultsArchive) -> [LatestComparison] {
        archive.testbeds.compactMap { testbed -> LatestComparison? in
            guard let latest = archive.records(onTestbed: testbed.fingerprint).last(where: { $0.harness.kind == .bench }) else { return nil }
            var comparison = LatestComparison(testbed: testbed.fingerprint, latestRun: latest.fileName, previousRun: nil, rows: [],
                                              newBenchmarks: latest.measurements.map(\.name), refusal: nil)
            do throws(ComparisonRefusal) {
                guard let (previous, report) = try archive.comparisonWithPrevious(latest) else { return comparison }
                let earlier = Set(previous.repetitionsByName.map(\.name))
                comparison.previousRun = previous.fileName
                comparison.rows = report.benchmarks.filter { earlier.contains($0.name) && $0.new != nil }
                comparison.newBenchmarks = comparison.newBenchmarks.filter { !earlier.contains($0) }
            } catch {
                comparison.refusal = error
            }
            return comparison
        }
    }
}

/// A conformance run compared with the earlier verdicts of the same scenarios: scenarios that newly fail.
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
    /// The run compared.
    public var run: String
    /// How many of its scenarios had an earlier verdict.
    public var comparedScenarios: Int
    /// Scenarios failing now that did not fail in their latest earlier run (or never ran before).
    public var newFailures: [NewFailure]
    /// Scenarios failing now and before.
    public var stillFailing: [String]

    /// Compares a conformance run with the latest earlier verdict of each of its scenarios,
    /// from older runs of the same adapter on the same testbed (shards and filtered runs
    /// count for the scenarios they ran).
    public static func compare(_ run: RunFile, in archive: ResultsArchive) -> ConformanceComparison? {
        guard let results = run.conformance else { return nil }
        let earlier = archive.records.prefix { $0.path != run.path }.filter {
            $0.conformance?.adapter.name == results.adapter.name && $0.harness.testbed.fingerprint == run.harness.testbed.fingerprint
        }
        let before = ScenarioVerdicts.merged(earlier)
        var new: [NewFailure] = []
        var still: [String] = []
        for scenario in results.scenarios where failingVerdicts.contains(scenario.verdict) {
            if let old = before[scenario.id]?.verdict, failingVerdicts.contains(old) {
                still.append(scenario.id)
            } else {
                new.append(NewFailure(scenario: scenario.id, before: before[scenario.id]?.verdict ?? "absent", after: scenario.verdict))
            }
        }
        return ConformanceComparison(adapter: results.adapter.name, run: run.fileName,
                                     comparedScenarios: results.scenarios.filter { before[$0.id] != nil }.count,
                                     newFailures: new, stillFailing: still)
    }
}

/// The latest verdict of each scenario over several conformance runs of one adapter.
public enum ScenarioVerdicts {
    /// Merges runs oldest first: a later run's verdict replaces an earlier one of the same scenario.
    public static func merged(_ runs: some Sequence<RunFile>) -> [String: ConformanceResults.Scenario] {
        var verdicts: [String: ConformanceResults.Scenario] = [:]
        for run in runs {
            for scenario in run.conformance?.scenarios ?? [] { verdicts[scenario.id] = scenario }
        }
        return verdicts
    }

    /// Per adapter, the merged verdicts of its runs with the newest run's corpus hash (so a
    /// sharded or filtered run adds to the picture and removed scenarios drop out), with the
    /// newest run's time.
    public static func latestPerAdapter(in archive: ResultsArchive) -> [(adapter: String, asOf: String, scenarios: [ConformanceResults.Scenario])] {
        let runs = archive.records.filter { $0.conformance != nil }
        return Array(Set(runs.map { $0.conformance!.adapter.name })).sorted().map { adapter in
            let own = runs.filter { $0.conformance!.adapter.name == adapter }
            let newest = own[own.count - 1]
            let sameCorpus = own.filter { $0.harness.corpusHash == newest.harness.corpusHash }
            return (adapter, newest.harness.createdAt, merged(sameCorpus).values.sorted { $0.id < $1.id })
        }
    }
}
