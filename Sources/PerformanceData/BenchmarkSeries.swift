import Foundation

/// One benchmark's measurement in one run: the samples of its repetitions in one metric.
public struct BenchmarkMeasurement: Sendable, Hashable, Codable {
    /// The metric the samples are in.
    public var metric: Metric
    /// One value per measured repetition: CPU nanoseconds per iteration (time) or instructions per iteration.
    public var samples: [Double]

    /// Creates a measurement; `samples` must not be empty.
    public init(metric: Metric, samples: [Double]) {
        precondition(!samples.isEmpty, "a measurement needs at least one sample")
        self.metric = metric
        self.samples = samples
    }

    /// The unit of the samples: `ns` or `instructions`.
    public var unit: String { metric == .time ? "ns" : "instructions" }

    /// The median sample: the value history plots and compares.
    public var median: Double { Statistics.median(samples) ?? 0 }
}

/// One benchmark's measurements over time on one testbed.
public struct BenchmarkSeries: Sendable, Hashable {
    /// What a series is of: a testbed and a benchmark name.
    public struct Key: Sendable, Hashable, Comparable {
        /// The testbed fingerprint.
        public var testbed: String
        /// The benchmark name, `<adapter>/<family>/<file>[/<more>]`.
        public var benchmark: String

        /// Orders by testbed, then benchmark name.
        public static func < (lhs: Key, rhs: Key) -> Bool { (lhs.testbed, lhs.benchmark) < (rhs.testbed, rhs.benchmark) }
    }

    /// One run's measurement.
    public struct Point: Sendable, Hashable {
        /// The run's file name.
        public var runFile: String
        /// When the run started, ISO 8601 UTC.
        public var createdAt: String
        /// The measured samples.
        public var measurement: BenchmarkMeasurement
        /// The adapter's version in that run.
        public var adapterVersion: String?
        /// The runtime commit in that run.
        public var runtimeCommit: String?

        /// The point of one benchmark in one run; the adapter is the one the benchmark name starts with.
        init(record: RunFile, benchmark: String, measurement: BenchmarkMeasurement) {
            runFile = record.fileName
            createdAt = record.harness.createdAt
            self.measurement = measurement
            let adapter = record.harness.adapters.first { $0.name == BenchmarkName(benchmark).adapter }
            adapterVersion = adapter?.version
            runtimeCommit = adapter?.runtimeCommit
        }
    }

    /// The testbed and benchmark.
    public var key: Key
    /// The measurements, oldest first.
    public var points: [Point]

    /// The adapter: the first part of the benchmark name.
    public var adapter: String { BenchmarkName(key.benchmark).adapter }
    /// The benchmark name without its adapter: `family/file/…`, the same for every adapter.
    public var workload: String { BenchmarkName(key.benchmark).workload }
}

/// A benchmark name split into its adapter and its workload.
public struct BenchmarkName: Sendable, Hashable {
    /// The first part: the adapter (`reference`, `rive-cpp`, `shim`).
    public var adapter: String
    /// The rest: `family/file[/more]`, the same for every adapter measuring the same thing.
    public var workload: String
    /// The family: `load`, `advance`, `raster`, or the rest when there is no family.
    public var family: String

    /// Splits a name at its first `/`.
    public init(_ name: String) {
        let parts = name.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        adapter = String(parts[0])
        workload = parts.count > 1 ? String(parts[1]) : ""
        family = String(workload.split(separator: "/").first ?? "")
    }
}

/// CSV and JSON exports of benchmark series.
public enum SeriesExport {
    /// One CSV row per point, with a header row; fields with commas or quotes are quoted.
    public static func csv(_ series: [BenchmarkSeries]) -> String {
        var lines = ["testbed,benchmark,adapter,created_at,run_file,metric,unit,median,samples,adapter_version,runtime_commit"]
        for one in series {
            for point in one.points {
                let fields = [one.key.testbed, one.key.benchmark, one.adapter, point.createdAt, point.runFile,
                              point.measurement.metric.rawValue, point.measurement.unit, format(point.measurement.median),
                              point.measurement.samples.map(format).joined(separator: " "),
                              point.adapterVersion ?? "", point.runtimeCommit ?? ""]
                lines.append(fields.map(quoted).joined(separator: ","))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A JSON array of series: `{testbed, benchmark, adapter, points: [{createdAt, runFile, metric, unit, median, samples, …}]}`.
    public static func json(_ series: [BenchmarkSeries]) -> String {
        struct PointJSON: Encodable {
            var createdAt, runFile, metric, unit: String
            var median: Double
            var samples: [Double]
            var adapterVersion, runtimeCommit: String?
        }
        struct SeriesJSON: Encodable {
            var testbed, benchmark, adapter: String
            var points: [PointJSON]
        }
        let value = series.map { one in
            SeriesJSON(testbed: one.key.testbed, benchmark: one.key.benchmark, adapter: one.adapter, points: one.points.map {
                PointJSON(createdAt: $0.createdAt, runFile: $0.runFile, metric: $0.measurement.metric.rawValue, unit: $0.measurement.unit,
                          median: $0.measurement.median, samples: $0.measurement.samples, adapterVersion: $0.adapterVersion,
                          runtimeCommit: $0.runtimeCommit)
            })
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Plain value types with finite numbers always encode.
        return String(decoding: (try? encoder.encode(value)) ?? Data("[]".utf8), as: UTF8.self) + "\n"
    }

    /// A number without a trailing `.0` for whole values.
    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    /// A CSV field, quoted when it holds a comma, quote or line break.
    private static func quoted(_ field: String) -> String {
        field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
    }
}
