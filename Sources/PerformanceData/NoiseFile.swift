import Foundation
import HarnessSupport

/// Per-benchmark thresholds learned from A/A runs (the same build measured twice), kept in
/// `results/noise.json` by metric and testbed fingerprint.
///
/// A threshold is 3 × the largest relative change of the medians seen between A/A pairs,
/// at least `minimumThreshold` of the metric and at most 50%. For time the change is taken
/// after removing the pair's run shift (see `Comparison.compare`), and the largest run
/// shift itself is kept too: 3 × it is the drift a later comparison accepts.
public struct NoiseFile: Sendable, Hashable {
    /// The layout version written and accepted.
    public static let formatVersion = 1

    /// What the A/A runs showed for one benchmark.
    public struct Entry: Sendable, Hashable {
        /// The relative change of the medians that counts as a difference.
        public var threshold: Double
        /// The largest |new/base − 1| seen between A/A pairs.
        public var largestChange: Double
        /// How many A/A pairs were recorded.
        public var pairs: Int
    }

    /// What the A/A runs showed for a whole run: how far all benchmarks moved together.
    public struct ShiftEntry: Sendable, Hashable {
        /// The run shift a comparison still attributes to the testbed's drift.
        public var threshold: Double
        /// The largest |run shift| seen between A/A pairs.
        public var largestShift: Double
        /// How many A/A pairs were recorded.
        public var pairs: Int
    }

    /// Entries by metric, then testbed fingerprint, then benchmark name.
    public private(set) var entries: [Metric: [String: [String: Entry]]] = [:]
    /// Run-shift entries by metric, then testbed fingerprint (time only).
    public private(set) var runShifts: [Metric: [String: ShiftEntry]] = [:]

    /// An empty noise file.
    public init() {}

    /// Whether the file holds no entries.
    public var isEmpty: Bool { entries.values.allSatisfy { $0.values.allSatisfy(\.isEmpty) } && runShifts.values.allSatisfy(\.isEmpty) }

    /// The smallest threshold an A/A pair can set: 1% for time, 0.1% for instructions.
    public static func minimumThreshold(_ metric: Metric) -> Double { metric == .time ? 0.01 : 0.001 }

    /// The thresholds for a metric on a testbed, by benchmark name.
    public func thresholds(metric: Metric, testbed: String) -> [String: Double] {
        (entries[metric]?[testbed] ?? [:]).mapValues(\.threshold)
    }

    /// The run-shift entry of a metric on a testbed.
    public func runShift(metric: Metric, testbed: String) -> ShiftEntry? {
        runShifts[metric]?[testbed]
    }

    /// The entry of one benchmark.
    public func entry(metric: Metric, testbed: String, benchmark: String) -> Entry? {
        entries[metric]?[testbed]?[benchmark]
    }

    /// Adds one A/A pair: every benchmark measured in both runs.
    /// - Throws: `ComparisonRefusal` when the runs measured different metrics or (for time)
    ///   ran on different testbeds: such a pair is not an A/A pair.
    /// - Returns: how many benchmarks were updated.
    @discardableResult
    public mutating func record(base: RunFile, new: RunFile) throws(ComparisonRefusal) -> Int {
        let report = try Comparison.compare(base: base, new: new)
        let metric = report.metric
        let testbed = new.harness.testbed.fingerprint
        var updated = 0
        if let shift = report.runShift {
            var entry = runShifts[metric]?[testbed] ?? ShiftEntry(threshold: 0, largestShift: 0, pairs: 0)
            entry.largestShift = max(entry.largestShift, abs(shift))
            entry.pairs += 1
            entry.threshold = min(0.5, max(Self.minimumThreshold(metric), 3 * entry.largestShift))
            runShifts[metric, default: [:]][testbed] = entry
        }
        for comparison in report.benchmarks {
            guard let change = comparison.adjustedChange ?? comparison.change else { continue }
            var entry = entries[metric]?[testbed]?[comparison.name] ?? Entry(threshold: 0, largestChange: 0, pairs: 0)
            entry.largestChange = max(entry.largestChange, abs(change))
            entry.pairs += 1
            entry.threshold = min(0.5, max(Self.minimumThreshold(metric), 3 * entry.largestChange))
            entries[metric, default: [:]][testbed, default: [:]][comparison.name] = entry
            updated += 1
        }
        return updated
    }

    /// The file as JSON.
    public var json: JSONValue {
        var metrics: [String: JSONValue] = [:]
        for (metric, testbeds) in entries {
            metrics[metric.rawValue] = .object(testbeds.mapValues { benchmarks in
                .object(benchmarks.mapValues { entry in
                    .object(["threshold": .number(entry.threshold), "largestChange": .number(entry.largestChange), "pairs": .number(Double(entry.pairs))])
                })
            })
        }
        var shifts: [String: JSONValue] = [:]
        for (metric, testbeds) in runShifts {
            shifts[metric.rawValue] = .object(testbeds.mapValues { entry in
                .object(["threshold": .number(entry.threshold), "largestShift": .number(entry.largestShift), "pairs": .number(Double(entry.pairs))])
            })
        }
        return .object(["formatVersion": .number(Double(Self.formatVersion)), "thresholds": .object(metrics), "runShifts": .object(shifts)])
    }

    /// Reads a noise file's JSON.
    /// - Throws: `ResultsFileError` when the JSON is malformed.
    public static func parse(_ bytes: [UInt8], path: String) throws(ResultsFileError) -> NoiseFile {
        func fail(_ message: String) -> ResultsFileError {
            ResultsFileError(code: "noise.malformed", path: path, message: message,
                             hint: "delete the file and record it again with 'rive-harness compare --record-noise A.json B.json'")
        }
        let json: JSONValue
        do { json = try JSONValue.parse(bytes) } catch { throw fail("not valid JSON") }
        guard json["formatVersion"]?.numberValue == Double(formatVersion) else { throw fail("\"formatVersion\" is not \(formatVersion)") }
        guard let metrics = json["thresholds"]?.objectValue else { throw fail("\"thresholds\" is missing or not an object") }
        var file = NoiseFile()
        for (metricName, testbeds) in metrics {
            guard let metric = Metric(rawValue: metricName) else { throw fail("unknown metric \"\(metricName)\" in \"thresholds\"") }
            guard let testbeds = testbeds.objectValue else { throw fail("\"thresholds\".\(metricName) is not an object") }
            for (testbed, benchmarks) in testbeds {
                guard let benchmarks = benchmarks.objectValue else { throw fail("\"thresholds\".\(metricName).\(testbed) is not an object") }
                for (name, value) in benchmarks {
                    guard let threshold = value["threshold"]?.numberValue, threshold >= 0,
                          let largest = value["largestChange"]?.numberValue, let pairs = value["pairs"]?.numberValue else {
                        throw fail("the entry of \"\(name)\" lacks threshold, largestChange or pairs")
                    }
                    file.entries[metric, default: [:]][testbed, default: [:]][name] = Entry(threshold: threshold, largestChange: largest, pairs: Int(pairs))
                }
            }
        }
        // "runShifts" is optional: files written before it existed have none.
        if let shifts = json["runShifts"] {
            guard let shifts = shifts.objectValue else { throw fail("\"runShifts\" is not an object") }
            for (metricName, testbeds) in shifts {
                guard let metric = Metric(rawValue: metricName) else { throw fail("unknown metric \"\(metricName)\" in \"runShifts\"") }
                guard let testbeds = testbeds.objectValue else { throw fail("\"runShifts\".\(metricName) is not an object") }
                for (testbed, value) in testbeds {
                    guard let threshold = value["threshold"]?.numberValue, threshold >= 0,
                          let largest = value["largestShift"]?.numberValue, let pairs = value["pairs"]?.numberValue else {
                        throw fail("the run shift of \"\(metricName)\".\(testbed) lacks threshold, largestShift or pairs")
                    }
                    file.runShifts[metric, default: [:]][testbed] = ShiftEntry(threshold: threshold, largestShift: largest, pairs: Int(pairs))
                }
            }
        }
        return file
    }

    /// Reads a noise file; `nil` when it does not exist.
    /// - Throws: `ResultsFileError` when it exists but cannot be read or is malformed.
    public static func read(path: String) throws(ResultsFileError) -> NoiseFile? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ResultsFileError(code: "noise.unreadable", path: path, message: "cannot read the file", hint: "check its permissions")
        }
        return try parse([UInt8](data), path: path)
    }

    /// Writes the file atomically.
    /// - Throws: `AtomicFileError`.
    public func write(to path: String) throws(AtomicFileError) {
        try AtomicFile.write(json.serialized(), to: path)
    }
}
