import Foundation

/// One results file of `results/runs/`: a benchmark or conformance run with its harness context.
///
/// The file is Google Benchmark's JSON (`context`, `benchmarks`) plus a `harness` object
/// (docs/performance-history.md). Only the fields history, bisect and the dashboard use are
/// decoded; unknown keys are ignored so newer writers stay readable.
public struct RunRecord: Sendable, Hashable {
    /// Where the record was read from (empty for records built in memory).
    public var path: String
    /// The harness context: kind, time, adapters, testbed.
    public var harness: RunContext
    /// The benchmark rows, in file order (empty for conformance runs).
    public var benchmarks: [RecordedBenchmarkRow]
    /// The embedded conformance results document (conformance runs only).
    public var conformance: ConformanceResults?

    /// Creates a record.
    public init(path: String, harness: RunContext, benchmarks: [RecordedBenchmarkRow], conformance: ConformanceResults?) {
        self.path = path
        self.harness = harness
        self.benchmarks = benchmarks
        self.conformance = conformance
    }

    /// The file name without its folder.
    public var fileName: String { URL(fileURLWithPath: path).lastPathComponent }

    /// Decodes a record from a file's bytes.
    /// - Throws: `HistoryError` naming the file, the key path and what is wrong.
    public static func decode(_ data: Data, path: String) throws(HistoryError) -> RunRecord {
        let file: FileLayout
        do {
            file = try JSONDecoder().decode(FileLayout.self, from: data)
        } catch let error as DecodingError {
            throw HistoryError.malformed(path: path, detail: Self.describe(error))
        } catch {
            throw HistoryError.malformed(path: path, detail: "\(error)")
        }
        guard file.harness.formatVersion == 1 else {
            throw HistoryError.unsupportedVersion(path: path, version: file.harness.formatVersion)
        }
        if file.harness.kind == .conformance, file.conformance == nil {
            throw HistoryError.malformed(path: path, detail: "a conformance run has no \"conformance\" object")
        }
        return RunRecord(path: path, harness: file.harness, benchmarks: file.benchmarks ?? [], conformance: file.conformance)
    }

    /// Reads and decodes the record at a path.
    /// - Throws: `HistoryError` when the file cannot be read or is malformed.
    public static func read(_ path: String) throws(HistoryError) -> RunRecord {
        guard let data = FileManager.default.contents(atPath: path) else { throw HistoryError.unreadable(path: path) }
        return try decode(data, path: path)
    }

    /// The top-level layout of a results file.
    private struct FileLayout: Decodable {
        var harness: RunContext
        var benchmarks: [RecordedBenchmarkRow]?
        var conformance: ConformanceResults?
    }

    /// A one-line account of a decoding error: the key path and the problem.
    private static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.isEmpty ? "the top level" : keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        switch error {
        case .keyNotFound(let key, let context): return "missing key \"\(key.stringValue)\" at \(path(context.codingPath))"
        case .typeMismatch(let type, let context): return "\(path(context.codingPath)) is not a \(type): \(context.debugDescription)"
        case .valueNotFound(let type, let context): return "\(path(context.codingPath)) is null, expected a \(type)"
        case .dataCorrupted(let context): return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}

/// The `harness` object of a results file.
public struct RunContext: Sendable, Hashable, Codable {
    /// What a run measured or checked.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// A benchmark run (`rive-harness bench`).
        case bench
        /// A conformance run (`rive-harness run`).
        case conformance
    }

    /// The quantity a benchmark run gates on.
    public enum Metric: String, Sendable, Hashable, Codable {
        /// Wall time per iteration.
        case time
        /// Instructions per iteration, counted by callgrind.
        case instructions
    }

    /// One adapter a run used.
    public struct Adapter: Sendable, Hashable, Codable {
        /// The adapter's name, the first part of its benchmark names (`reference`, `rive-cpp`).
        public var name: String
        /// The adapter's version.
        public var version: String?
        /// The runtime's commit, for adapters built from a runtime repository.
        public var runtimeCommit: String?

        /// Creates an adapter description.
        public init(name: String, version: String?, runtimeCommit: String?) {
            self.name = name
            self.version = version
            self.runtimeCommit = runtimeCommit
        }
    }

    /// The machine and build a run happened on.
    public struct Testbed: Sendable, Hashable, Codable {
        /// 16 hex digits identifying the machine and build; series never mix fingerprints.
        public var fingerprint: String
        /// The CPU model.
        public var cpuModel: String?
        /// The number of cores.
        public var cores: Int?
        /// The kernel release.
        public var kernel: String?
        /// The first line of `swift --version`.
        public var toolchain: String?
        /// The build configuration and flags.
        public var buildFlags: String?

        /// Creates a testbed description.
        public init(fingerprint: String, cpuModel: String?, cores: Int?, kernel: String?, toolchain: String?, buildFlags: String?) {
            self.fingerprint = fingerprint
            self.cpuModel = cpuModel
            self.cores = cores
            self.kernel = kernel
            self.toolchain = toolchain
            self.buildFlags = buildFlags
        }

        /// The CPU model, cores and build flags in one short line.
        public var summary: String {
            [cpuModel, cores.map { "\($0) cores" }, buildFlags].compactMap { $0 }.joined(separator: ", ")
        }
    }

    /// The format version; 1 is the only one.
    public var formatVersion: Int
    /// What the run did.
    public var kind: Kind
    /// When the run started, ISO 8601 UTC.
    public var createdAt: String
    /// The gating metric of a benchmark run (absent for conformance runs).
    public var metric: Metric?
    /// The adapters the run used.
    public var adapters: [Adapter]
    /// The harness's own commit.
    public var harnessCommit: String?
    /// The corpus hash.
    public var corpusHash: String?
    /// The machine and build.
    public var testbed: Testbed

    /// Creates a harness context.
    public init(formatVersion: Int = 1, kind: Kind, createdAt: String, metric: Metric?, adapters: [Adapter],
                harnessCommit: String?, corpusHash: String?, testbed: Testbed) {
        self.formatVersion = formatVersion
        self.kind = kind
        self.createdAt = createdAt
        self.metric = metric
        self.adapters = adapters
        self.harnessCommit = harnessCommit
        self.corpusHash = corpusHash
        self.testbed = testbed
    }
}

/// One row of Google Benchmark's `benchmarks` array.
public struct RecordedBenchmarkRow: Sendable, Hashable, Decodable {
    /// The row's full name (with `/repeats:N` or `_mean` suffixes Google Benchmark adds).
    public var name: String
    /// The benchmark's name without aggregate suffixes.
    public var runName: String?
    /// `iteration` for a measured repetition, `aggregate` for mean/median/stddev rows.
    public var runType: String?
    /// CPU time per iteration in `timeUnit` (what history plots and compares, like `compare`).
    public var cpuTime: Double?
    /// `ns`, `us`, `ms` or `s`.
    public var timeUnit: String?
    /// Instructions per iteration (instructions mode).
    public var instructionsPerIteration: Double?
    /// Whether the benchmark reported an error instead of a measurement.
    public var errorOccurred: Bool?

    private enum CodingKeys: String, CodingKey {
        case name, runName = "run_name", runType = "run_type"
        case cpuTime = "cpu_time", timeUnit = "time_unit", instructionsPerIteration = "instructions_per_iteration"
        case errorOccurred = "error_occurred"
    }

    /// The benchmark this row measures: `run_name`, else `name`.
    public var benchmarkName: String { runName ?? name }

    /// Whether this row is one measured repetition (not an aggregate, not an error).
    public var isMeasurement: Bool { runType != "aggregate" && errorOccurred != true }

    /// CPU time per iteration in nanoseconds, or nil when the row has none or its unit is unknown.
    public var cpuTimeNanoseconds: Double? {
        guard let cpuTime else { return nil }
        switch timeUnit ?? "ns" {
        case "ns": return cpuTime
        case "us": return cpuTime * 1e3
        case "ms": return cpuTime * 1e6
        case "s": return cpuTime * 1e9
        default: return nil
        }
    }
}

/// The parts of an embedded conformance results document (docs/results-format.md) history uses.
public struct ConformanceResults: Sendable, Hashable, Decodable {
    /// The adapter the run tested.
    public struct Adapter: Sendable, Hashable, Decodable {
        /// Its name.
        public var name: String
        /// Its version.
        public var version: String?
    }

    /// The run's totals.
    public struct Summary: Sendable, Hashable, Decodable {
        /// Whether the run passed.
        public var passed: Bool
        /// The number of scenarios.
        public var total: Int
        /// Scenarios per verdict name.
        public var counts: [String: Int]
    }

    /// The expectations entry that applied to a scenario.
    public struct Expectation: Sendable, Hashable, Decodable {
        /// The expected status (`fail`, `error`, `timeout`, `crash`).
        public var status: String
        /// Why the scenario is expected to fail.
        public var reason: String
        /// Where the deviation is tracked.
        public var link: String?
    }

    /// The first divergence of a failing scenario.
    public struct Divergence: Sendable, Hashable, Decodable {
        /// value, emissions, pixel, digest, redraw, introspection, log or error.
        public var kind: String
        /// The 1-based step.
        public var step: Int
        /// What the scenario expected, with the comparison.
        public var expected: String
        /// What the adapter gave.
        public var actual: String

        /// `step 5 (value): expected "bye" (exact), got "hello"`.
        public var summary: String { "step \(step) (\(kind)): expected \(expected), got \(actual)" }
    }

    /// One scenario's result.
    public struct Scenario: Sendable, Hashable, Decodable {
        /// The scenario ID.
        public var id: String
        /// PASS, FAIL, ERROR, TIMEOUT, CRASH, SKIP, XFAIL or XPASS.
        public var verdict: String
        /// The rule IDs the scenario checks.
        public var rules: [String]
        /// Why it was skipped, errored, timed out or crashed.
        public var message: String?
        /// The first divergence, for failures.
        public var divergence: Divergence?
        /// The expectations entry that applied.
        public var expectation: Expectation?
    }

    /// A problem outside scenario files that failed the run (a stale expectation, an adapter that did not start).
    public struct Problem: Sendable, Hashable, Decodable {
        /// The stable code (`adapter.start-failed`, `expectations.unknown-scenario`, …).
        public var code: String
        /// What is wrong.
        public var message: String
    }

    /// The adapter.
    public var adapter: Adapter
    /// The totals.
    public var summary: Summary
    /// Every scenario, sorted by ID.
    public var scenarios: [Scenario]
    /// The run's problems; absent in files that list none.
    public var problems: [Problem]?
}

/// Why history could not be read.
public enum HistoryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A file could not be read.
    case unreadable(path: String)
    /// A file is not a results file of the agreed format.
    case malformed(path: String, detail: String)
    /// A file has a `harness.formatVersion` this build does not know.
    case unsupportedVersion(path: String, version: Int)
    /// The results folder does not exist.
    case missingFolder(path: String)

    /// A stable code for scripts and tests.
    public var code: String {
        switch self {
        case .unreadable: "history.unreadable"
        case .malformed: "history.malformed"
        case .unsupportedVersion: "history.unsupported-version"
        case .missingFolder: "history.missing-folder"
        }
    }

    /// What happened, where, and what to do next.
    public var description: String {
        switch self {
        case .unreadable(let path):
            "error[\(code)]: cannot read '\(path)'\n  hint: check the path and its permissions"
        case .malformed(let path, let detail):
            "error[\(code)]: '\(path)' is not a results file: \(detail)\n  hint: results files are written by 'rive-harness bench' and 'rive-harness run' (docs/performance-history.md); move this one out of results/runs/"
        case .unsupportedVersion(let path, let version):
            "error[\(code)]: '\(path)' has harness.formatVersion \(version); this build reads version 1\n  hint: use the rive-harness that wrote it, or move it out of results/runs/"
        case .missingFolder(let path):
            "error[\(code)]: no results folder at '\(path)'\n  hint: run 'rive-harness run' or 'rive-harness bench' first, or pass the folder that holds runs/"
        }
    }
}
