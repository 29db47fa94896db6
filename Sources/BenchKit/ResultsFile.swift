import Foundation
import HarnessSupport

/// What a benchmark run measured per iteration.
public enum Metric: String, Sendable, Hashable, CaseIterable {
    /// Time per iteration (Google Benchmark's `real_time` and `cpu_time`).
    case time
    /// Instructions per iteration counted by callgrind (deterministic).
    case instructions
}

/// One adapter (runtime) a run measured.
public struct AdapterRecord: Sendable, Hashable {
    /// The adapter's name, the first part of its benchmark names (`reference`, `rive-cpp`).
    public var name: String
    /// The adapter's version text.
    public var version: String
    /// The runtime's source commit, when it was built from one.
    public var runtimeCommit: String?

    /// Creates an adapter record.
    public init(name: String, version: String, runtimeCommit: String?) {
        self.name = name
        self.version = version
        self.runtimeCommit = runtimeCommit
    }
}

/// The harness's own context of a results file: the top-level `"harness"` key.
public struct HarnessContext: Sendable, Hashable {
    /// The version of this layout; readers refuse versions they do not know.
    public static let formatVersion = 1
    /// `bench` or `conformance`.
    public var kind: String
    /// When the run started, ISO 8601 UTC.
    public var createdAt: String
    /// What the benchmark rows measured.
    public var metric: Metric
    /// The adapters measured.
    public var adapters: [AdapterRecord]
    /// The harness's git commit, when known.
    public var harnessCommit: String?
    /// A hash of the measured files' names and bytes.
    public var corpusHash: String
    /// The machine and build.
    public var testbed: Testbed

    /// Creates a context.
    public init(kind: String, createdAt: String, metric: Metric, adapters: [AdapterRecord], harnessCommit: String?, corpusHash: String, testbed: Testbed) {
        self.kind = kind
        self.createdAt = createdAt
        self.metric = metric
        self.adapters = adapters
        self.harnessCommit = harnessCommit
        self.corpusHash = corpusHash
        self.testbed = testbed
    }

    /// The context as the `"harness"` JSON object (absent commits are `null`).
    public var json: JSONValue {
        .object([
            "formatVersion": .number(Double(Self.formatVersion)),
            "kind": .string(kind),
            "createdAt": .string(createdAt),
            "metric": .string(metric.rawValue),
            "adapters": .array(adapters.map { adapter in
                .object(["name": .string(adapter.name), "version": .string(adapter.version),
                         "runtimeCommit": adapter.runtimeCommit.map(JSONValue.string) ?? .null])
            }),
            "harnessCommit": harnessCommit.map(JSONValue.string) ?? .null,
            "corpusHash": .string(corpusHash),
            "testbed": .object([
                "fingerprint": .string(testbed.fingerprint),
                "cpuModel": .string(testbed.cpuModel),
                "cores": .number(Double(testbed.cores)),
                "kernel": .string(testbed.kernel),
                "toolchain": .string(testbed.toolchain),
                "buildFlags": .string(testbed.buildFlags),
            ]),
        ])
    }

    /// Reads the `"harness"` object.
    /// - Throws: `ResultsFileError` naming the first missing or mistyped field.
    init(json: JSONValue, path: String) throws(ResultsFileError) {
        func fail(_ field: String, _ expected: String) -> ResultsFileError {
            ResultsFileError(code: "results.bad-harness", path: path, message: "\"harness\".\(field) is missing or not \(expected)",
                             hint: "the file was not written by 'rive-harness bench' of this version; re-run the benchmark")
        }
        guard json.objectValue != nil else { throw fail("(the object)", "an object") }
        guard let version = json["formatVersion"]?.numberValue else { throw fail("formatVersion", "a number") }
        guard Int(version) == Self.formatVersion else {
            throw ResultsFileError(code: "results.unknown-version", path: path, message: "\"harness\".formatVersion is \(version); this harness reads version \(Self.formatVersion)",
                                   hint: "use the harness version that wrote the file, or re-run the benchmark")
        }
        guard let kind = json["kind"]?.stringValue else { throw fail("kind", "a string") }
        guard let createdAt = json["createdAt"]?.stringValue else { throw fail("createdAt", "a string") }
        guard let metricText = json["metric"]?.stringValue, let metric = Metric(rawValue: metricText) else { throw fail("metric", "\"time\" or \"instructions\"") }
        guard let adapterValues = json["adapters"]?.arrayValue else { throw fail("adapters", "an array") }
        var adapters: [AdapterRecord] = []
        for (index, value) in adapterValues.enumerated() {
            guard let name = value["name"]?.stringValue, let version = value["version"]?.stringValue else { throw fail("adapters[\(index)]", "an object with name and version strings") }
            adapters.append(AdapterRecord(name: name, version: version, runtimeCommit: value["runtimeCommit"]?.stringValue))
        }
        guard let corpusHash = json["corpusHash"]?.stringValue else { throw fail("corpusHash", "a string") }
        guard let testbed = json["testbed"], let cpuModel = testbed["cpuModel"]?.stringValue, let cores = testbed["cores"]?.numberValue,
              let kernel = testbed["kernel"]?.stringValue, let toolchain = testbed["toolchain"]?.stringValue,
              let buildFlags = testbed["buildFlags"]?.stringValue, let fingerprint = testbed["fingerprint"]?.stringValue else {
            throw fail("testbed", "an object with fingerprint, cpuModel, cores, kernel, toolchain and buildFlags")
        }
        let record = Testbed(cpuModel: cpuModel, cores: Int(cores), kernel: kernel, toolchain: toolchain, buildFlags: buildFlags)
        guard record.fingerprint == fingerprint else {
            throw ResultsFileError(code: "results.fingerprint-mismatch", path: path,
                                   message: "\"harness\".testbed.fingerprint is \(fingerprint) but its fields hash to \(record.fingerprint)",
                                   hint: "the testbed was edited by hand; restore it or re-run the benchmark")
        }
        self.init(kind: kind, createdAt: createdAt, metric: metric, adapters: adapters,
                  harnessCommit: json["harnessCommit"]?.stringValue, corpusHash: corpusHash, testbed: record)
    }
}

/// One row of Google Benchmark's `"benchmarks"` array, with typed access to the fields the
/// harness uses; every other field is kept as it was.
public struct BenchmarkRow: Sendable, Hashable {
    /// Every field of the row.
    public var fields: [String: JSONValue]

    /// Wraps a row's fields.
    public init(fields: [String: JSONValue]) { self.fields = fields }

    /// The benchmark's full name (`reference/load/character.riv`, or `…_median` for an aggregate).
    public var name: String { fields["name"]?.stringValue ?? "" }
    /// The benchmark's name without an aggregate suffix.
    public var runName: String { fields["run_name"]?.stringValue ?? name }
    /// Whether this row is one repetition (not a mean/median/stddev/cv aggregate).
    public var isIteration: Bool { (fields["run_type"]?.stringValue ?? "iteration") == "iteration" }
    /// The aggregate's name (`mean`, `median`, `stddev`, `cv`) for an aggregate row.
    public var aggregateName: String? { fields["aggregate_name"]?.stringValue }
    /// The number of iterations the row's time is divided by.
    public var iterations: Double { fields["iterations"]?.numberValue ?? 0 }
    /// Nanoseconds per `time_unit`.
    public var nanosecondsPerUnit: Double {
        switch fields["time_unit"]?.stringValue ?? "ns" {
        case "us": 1e3
        case "ms": 1e6
        case "s": 1e9
        default: 1
        }
    }
    /// Wall time per iteration in nanoseconds.
    public var realNanoseconds: Double? { fields["real_time"]?.numberValue.map { $0 * nanosecondsPerUnit } }
    /// CPU time per iteration in nanoseconds.
    public var cpuNanoseconds: Double? { fields["cpu_time"]?.numberValue.map { $0 * nanosecondsPerUnit } }
    /// Callgrind's instructions per iteration (instructions mode only).
    public var instructionsPerIteration: Double? { fields["instructions_per_iteration"]?.numberValue }
    /// Bytes processed per second, when the benchmark reports bytes.
    public var bytesPerSecond: Double? { fields["bytes_per_second"]?.numberValue }
    /// The benchmark's label, when it set one.
    public var label: String? { fields["label"]?.stringValue }
    /// Whether Google Benchmark reported an error for the row.
    public var errorMessage: String? {
        if fields["error_occurred"] == .bool(true) { return fields["error_message"]?.stringValue ?? "error" }
        return nil
    }
}

/// A benchmark results file: Google Benchmark's JSON (`"context"`, `"benchmarks"`) plus the
/// harness's `"harness"` object.
public struct ResultsDocument: Sendable, Hashable {
    /// Google Benchmark's context object, as the benchmark library wrote it.
    public var context: JSONValue
    /// Every row: repetitions and aggregates, in file order.
    public var rows: [BenchmarkRow]
    /// The harness context.
    public var harness: HarnessContext
    /// Other top-level keys (such as `"conformance"`), kept as they were.
    public var otherKeys: [String: JSONValue]

    /// Creates a document.
    public init(context: JSONValue, rows: [BenchmarkRow], harness: HarnessContext, otherKeys: [String: JSONValue] = [:]) {
        self.context = context
        self.rows = rows
        self.harness = harness
        self.otherKeys = otherKeys
    }

    /// The whole document as JSON.
    public var json: JSONValue {
        var members = otherKeys
        members["context"] = context
        members["benchmarks"] = .array(rows.map { .object($0.fields) })
        members["harness"] = harness.json
        return .object(members)
    }

    /// Reads a results document from JSON bytes.
    /// - Throws: `ResultsFileError` for text that is not JSON or lacks the expected keys.
    public static func parse(_ bytes: [UInt8], path: String) throws(ResultsFileError) -> ResultsDocument {
        let json: JSONValue
        do { json = try JSONValue.parse(bytes) } catch {
            throw ResultsFileError(code: "results.not-json", path: path, message: "not valid JSON: \(Self.describe(error))",
                                   hint: "pass a file written by 'rive-harness bench' (results/runs/*.json)")
        }
        guard case .object(var members) = json else {
            throw ResultsFileError(code: "results.not-object", path: path, message: "the top level is not a JSON object", hint: "pass a file written by 'rive-harness bench'")
        }
        guard let harnessJSON = members.removeValue(forKey: "harness") else {
            throw ResultsFileError(code: "results.no-harness", path: path, message: "there is no \"harness\" key (a plain Google Benchmark file?)",
                                   hint: "compare files written by 'rive-harness bench'; plain Google Benchmark files lack the testbed needed to compare safely")
        }
        let harness = try HarnessContext(json: harnessJSON, path: path)
        let context = members.removeValue(forKey: "context") ?? .object([:])
        guard let rowValues = members.removeValue(forKey: "benchmarks")?.arrayValue else {
            throw ResultsFileError(code: "results.no-benchmarks", path: path, message: "\"benchmarks\" is missing or not an array", hint: "re-run the benchmark")
        }
        var rows: [BenchmarkRow] = []
        for (index, value) in rowValues.enumerated() {
            guard let fields = value.objectValue, fields["name"]?.stringValue != nil else {
                throw ResultsFileError(code: "results.bad-row", path: path, message: "\"benchmarks\"[\(index)] is not an object with a \"name\"", hint: "re-run the benchmark")
            }
            rows.append(BenchmarkRow(fields: fields))
        }
        return ResultsDocument(context: context, rows: rows, harness: harness, otherKeys: members)
    }

    /// Reads a results file.
    /// - Throws: `ResultsFileError` when the file cannot be read or is malformed.
    public static func read(path: String) throws(ResultsFileError) -> ResultsDocument {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ResultsFileError(code: "results.unreadable", path: path,
                                   message: FileManager.default.fileExists(atPath: path) ? "cannot read the file" : "no such file",
                                   hint: "check the path; runs are saved under results/runs/")
        }
        return try parse([UInt8](data), path: path)
    }

    /// Writes the document atomically.
    /// - Throws: `AtomicFileError` when the file cannot be written.
    public func write(to path: String) throws(AtomicFileError) {
        try AtomicFile.write(json.serialized(), to: path)
    }

    /// The repetition rows of each benchmark, by run name, in first-appearance order.
    public var repetitionsByName: [(name: String, rows: [BenchmarkRow])] {
        var order: [String] = []
        var groups: [String: [BenchmarkRow]] = [:]
        for row in rows where row.isIteration {
            if groups[row.runName] == nil { order.append(row.runName) }
            groups[row.runName, default: []].append(row)
        }
        return order.map { ($0, groups[$0] ?? []) }
    }

    private static func describe(_ error: any Error) -> String {
        if case DecodingError.dataCorrupted(let context) = error {
            return (context.underlyingError.map { "\($0)" } ?? context.debugDescription)
        }
        return "\(error)"
    }
}

/// A results file that cannot be used, with a stable code and what to do.
public struct ResultsFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable identifier, for example `results.no-harness`.
    public var code: String
    /// The file.
    public var path: String
    /// What is wrong.
    public var message: String
    /// What to do next.
    public var hint: String

    /// Creates an error.
    public init(code: String, path: String, message: String, hint: String) {
        self.code = code
        self.path = path
        self.message = message
        self.hint = hint
    }

    /// `error: PATH: MESSAGE [code]` and the hint on the next line.
    public var description: String { "error: \(path): \(message) [\(code)]\n  hint: \(hint)" }
}
