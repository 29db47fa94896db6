import Foundation
import HarnessSupport

/// What a benchmark run measured per iteration.
public enum Metric: String, Sendable, Hashable, CaseIterable, Codable {
    /// Time per iteration (Google Benchmark's `real_time` and `cpu_time`).
    case time
    /// Instructions per iteration counted by callgrind (deterministic).
    case instructions
}

/// What a run file records: a benchmark run or a conformance run.
public enum RunKind: String, Sendable, Hashable, Codable {
    /// A benchmark run (`rive-harness bench`).
    case bench
    /// A conformance run (`rive-harness run`), its results document embedded.
    case conformance
}

/// One adapter (runtime) a run measured or tested.
public struct AdapterRecord: Sendable, Hashable {
    /// The adapter's name, the first part of its benchmark names (`reference`, `rive-cpp`).
    public var name: String
    /// The adapter's version text, when the file records one.
    public var version: String?
    /// The runtime's source commit, when it was built from one.
    public var runtimeCommit: String?

    /// Creates an adapter record.
    public init(name: String, version: String?, runtimeCommit: String?) {
        self.name = name
        self.version = version
        self.runtimeCommit = runtimeCommit
    }
}

/// The testbed a run file names: its fingerprint and, when the file records them, the fields
/// the fingerprint hashes (`Testbed`).
public struct TestbedRecord: Sendable, Hashable {
    /// 16 hex digits identifying the machine and build; series and comparisons never mix them.
    public var fingerprint: String
    /// The CPU model.
    public var cpuModel: String?
    /// The number of logical CPUs.
    public var cores: Int?
    /// The kernel's name and release.
    public var kernel: String?
    /// The first line of `swift --version`.
    public var toolchain: String?
    /// The build configuration and flags.
    public var buildFlags: String?
    /// The Vulkan device the Rive Renderer drew on, when the run drew with it.
    public var vulkanDevice: String?

    /// The names of the fields the fingerprint hashes, in `Testbed`'s order.
    public static let fieldNames = ["cpuModel", "cores", "kernel", "toolchain", "buildFlags", "vulkanDevice"]

    /// Creates a record from its parts.
    public init(fingerprint: String, cpuModel: String?, cores: Int?, kernel: String?, toolchain: String?, buildFlags: String?,
                vulkanDevice: String? = nil) {
        self.fingerprint = fingerprint
        self.cpuModel = cpuModel
        self.cores = cores
        self.kernel = kernel
        self.toolchain = toolchain
        self.buildFlags = buildFlags
        self.vulkanDevice = vulkanDevice
    }

    /// The record of a measured testbed, with its fingerprint.
    public init(_ testbed: Testbed) {
        self.init(fingerprint: testbed.fingerprint, cpuModel: testbed.cpuModel, cores: testbed.cores, kernel: testbed.kernel,
                  toolchain: testbed.toolchain, buildFlags: testbed.buildFlags, vulkanDevice: testbed.vulkanDevice)
    }

    /// The testbed, when the record holds every field.
    public var testbed: Testbed? {
        guard let cpuModel, let cores, let kernel, let toolchain, let buildFlags else { return nil }
        return Testbed(cpuModel: cpuModel, cores: cores, kernel: kernel, toolchain: toolchain, buildFlags: buildFlags, vulkanDevice: vulkanDevice)
    }

    /// The text of a field named as in `fieldNames`, or `nil` when the record lacks it.
    public func value(of field: String) -> String? {
        switch field {
        case "cpuModel": cpuModel
        case "cores": cores.map(String.init)
        case "kernel": kernel
        case "toolchain": toolchain
        case "vulkanDevice": vulkanDevice
        default: buildFlags
        }
    }

    /// The names of the fields whose text differs from `other`'s, in `fieldNames` order.
    public func differences(from other: TestbedRecord) -> [String] {
        Self.fieldNames.filter { value(of: $0) != other.value(of: $0) }
    }

    /// The CPU model, cores, build flags and Vulkan device (when any) in one short line.
    public var summary: String {
        [cpuModel, cores.map { "\($0) cores" }, buildFlags, vulkanDevice.map { "Vulkan: \($0)" }].compactMap { $0 }.joined(separator: ", ")
    }
}

/// The harness's own context of a run file: the top-level `"harness"` key.
public struct HarnessContext: Sendable, Hashable {
    /// The version of this layout; readers refuse versions they do not know.
    public static let formatVersion = 1
    /// What the run did.
    public var kind: RunKind
    /// When the run started, ISO 8601 UTC.
    public var createdAt: String
    /// What the benchmark rows measured (benchmark runs; conformance runs have none).
    public var metric: Metric?
    /// The adapters measured or tested.
    public var adapters: [AdapterRecord]
    /// The harness's git commit, when known.
    public var harnessCommit: String?
    /// A hash of the measured files' names and bytes, or of the corpus.
    public var corpusHash: String?
    /// The machine and build.
    public var testbed: TestbedRecord
    /// Keys of the `"harness"` object this version does not know, kept as they were.
    public var otherKeys: [String: JSONValue]

    /// Creates a context.
    public init(kind: RunKind, createdAt: String, metric: Metric?, adapters: [AdapterRecord], harnessCommit: String?, corpusHash: String?,
                testbed: TestbedRecord, otherKeys: [String: JSONValue] = [:]) {
        self.kind = kind
        self.createdAt = createdAt
        self.metric = metric
        self.adapters = adapters
        self.harnessCommit = harnessCommit
        self.corpusHash = corpusHash
        self.testbed = testbed
        self.otherKeys = otherKeys
    }

    /// The context as the `"harness"` JSON object (absent commits are `null`; other absent fields are left out).
    public var json: JSONValue {
        var members = otherKeys
        members["formatVersion"] = .number(Double(Self.formatVersion))
        members["kind"] = .string(kind.rawValue)
        members["createdAt"] = .string(createdAt)
        if let metric { members["metric"] = .string(metric.rawValue) }
        members["adapters"] = .array(adapters.map { adapter in
            var object: [String: JSONValue] = ["name": .string(adapter.name), "runtimeCommit": adapter.runtimeCommit.map(JSONValue.string) ?? .null]
            if let version = adapter.version { object["version"] = .string(version) }
            return .object(object)
        })
        members["harnessCommit"] = harnessCommit.map(JSONValue.string) ?? .null
        if let corpusHash { members["corpusHash"] = .string(corpusHash) }
        var testbedMembers: [String: JSONValue] = ["fingerprint": .string(testbed.fingerprint)]
        if let cpuModel = testbed.cpuModel { testbedMembers["cpuModel"] = .string(cpuModel) }
        if let cores = testbed.cores { testbedMembers["cores"] = .number(Double(cores)) }
        if let kernel = testbed.kernel { testbedMembers["kernel"] = .string(kernel) }
        if let toolchain = testbed.toolchain { testbedMembers["toolchain"] = .string(toolchain) }
        if let buildFlags = testbed.buildFlags { testbedMembers["buildFlags"] = .string(buildFlags) }
        if let vulkanDevice = testbed.vulkanDevice { testbedMembers["vulkanDevice"] = .string(vulkanDevice) }
        members["testbed"] = .object(testbedMembers)
        return .object(members)
    }

    /// Reads the `"harness"` object.
    /// - Throws: `ResultsFileError` naming the first missing or mistyped field.
    init(json: JSONValue, path: String) throws(ResultsFileError) {
        func fail(_ field: String, _ expected: String) -> ResultsFileError {
            ResultsFileError(code: "results.bad-harness", path: path, message: "\"harness\".\(field) is missing or not \(expected)",
                         hint: "the file was not written by 'rive-harness bench' or 'rive-harness run' of this version; re-run it")
        }
        guard var members = json.objectValue else { throw fail("(the object)", "an object") }
        guard let version = members.removeValue(forKey: "formatVersion")?.numberValue else { throw fail("formatVersion", "a number") }
        guard Int(version) == Self.formatVersion else {
            throw ResultsFileError(code: "results.unknown-version", path: path, message: "\"harness\".formatVersion is \(version); this harness reads version \(Self.formatVersion)",
                               hint: "use the harness version that wrote the file, or re-run the benchmark")
        }
        guard let kindText = members.removeValue(forKey: "kind")?.stringValue, let kind = RunKind(rawValue: kindText) else {
            throw fail("kind", "\"bench\" or \"conformance\"")
        }
        guard let createdAt = members.removeValue(forKey: "createdAt")?.stringValue else { throw fail("createdAt", "a string") }
        let metricValue = members.removeValue(forKey: "metric")
        var metric: Metric?
        if let metricValue {
            guard let text = metricValue.stringValue, let known = Metric(rawValue: text) else { throw fail("metric", "\"time\" or \"instructions\"") }
            metric = known
        } else if kind == .bench {
            throw fail("metric", "\"time\" or \"instructions\"")
        }
        guard let adapterValues = members.removeValue(forKey: "adapters")?.arrayValue else { throw fail("adapters", "an array") }
        var adapters: [AdapterRecord] = []
        for (index, value) in adapterValues.enumerated() {
            guard let name = value["name"]?.stringValue, Self.isOptional(value["version"], \.stringValue),
                  Self.isOptional(value["runtimeCommit"], \.stringValue) else {
                throw fail("adapters[\(index)]", "an object with a name string and optional version and runtimeCommit strings")
            }
            adapters.append(AdapterRecord(name: name, version: value["version"]?.stringValue, runtimeCommit: value["runtimeCommit"]?.stringValue))
        }
        let harnessCommit = members.removeValue(forKey: "harnessCommit")
        guard Self.isOptional(harnessCommit, \.stringValue) else { throw fail("harnessCommit", "a string or null") }
        let corpusHash = members.removeValue(forKey: "corpusHash")
        guard Self.isOptional(corpusHash, \.stringValue) else { throw fail("corpusHash", "a string") }
        guard let testbed = members.removeValue(forKey: "testbed"), let fingerprint = testbed["fingerprint"]?.stringValue,
              Self.isOptional(testbed["cpuModel"], \.stringValue), Self.isOptional(testbed["cores"], \.numberValue),
              Self.isOptional(testbed["kernel"], \.stringValue), Self.isOptional(testbed["toolchain"], \.stringValue),
              Self.isOptional(testbed["buildFlags"], \.stringValue), Self.isOptional(testbed["vulkanDevice"], \.stringValue) else {
            throw fail("testbed", "an object with a fingerprint string and optional cpuModel, cores, kernel, toolchain, buildFlags and vulkanDevice")
        }
        let record = TestbedRecord(fingerprint: fingerprint, cpuModel: testbed["cpuModel"]?.stringValue, cores: testbed["cores"]?.numberValue.map { Int($0) },
                                   kernel: testbed["kernel"]?.stringValue, toolchain: testbed["toolchain"]?.stringValue,
                                   buildFlags: testbed["buildFlags"]?.stringValue, vulkanDevice: testbed["vulkanDevice"]?.stringValue)
        if let measured = record.testbed, measured.fingerprint != fingerprint {
            throw ResultsFileError(code: "results.fingerprint-mismatch", path: path,
                               message: "\"harness\".testbed.fingerprint is \(fingerprint) but its fields hash to \(measured.fingerprint)",
                               hint: "the testbed was edited by hand; restore it or re-run the benchmark")
        }
        self.init(kind: kind, createdAt: createdAt, metric: metric, adapters: adapters, harnessCommit: harnessCommit?.stringValue,
                  corpusHash: corpusHash?.stringValue, testbed: record, otherKeys: members)
    }

    /// Whether a member is absent, `null`, or of the type `typed` reads.
    private static func isOptional<T>(_ value: JSONValue?, _ typed: KeyPath<JSONValue, T?>) -> Bool {
        guard let value, value != .null else { return true }
        return value[keyPath: typed] != nil
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

    /// The value the row contributes in a metric: CPU nanoseconds (time) or instructions per
    /// iteration; `nil` for an error row or a row without that value.
    public func value(in metric: Metric) -> Double? {
        guard errorMessage == nil else { return nil }
        return metric == .time ? cpuNanoseconds : instructionsPerIteration
    }
}

/// A run file of `results/runs/`: Google Benchmark's JSON (`"context"`, `"benchmarks"`), the
/// harness's `"harness"` object, and for conformance runs the embedded results document
/// (`"conformance"`); keys it does not know are kept as they were.
public struct RunFile: Sendable, Hashable, Codable {
    /// Where the file was read from (empty for files built in memory).
    public var path: String
    /// Google Benchmark's context object, as the benchmark library wrote it.
    public var context: JSONValue
    /// Every row: repetitions and aggregates, in file order (none for conformance runs).
    public var rows: [BenchmarkRow]
    /// The harness context.
    public var harness: HarnessContext
    /// The embedded conformance results document, as it was written (conformance runs).
    public var conformanceDocument: JSONValue?
    /// The parts of `conformanceDocument` history and the dashboard read.
    public private(set) var conformance: ConformanceResults?
    /// Other top-level keys, kept as they were.
    public var otherKeys: [String: JSONValue]

    /// Creates a run file.
    /// - Throws: `ResultsFileError` when `conformanceDocument` is not a conformance results document.
    public init(path: String = "", context: JSONValue, rows: [BenchmarkRow], harness: HarnessContext, conformanceDocument: JSONValue? = nil,
                otherKeys: [String: JSONValue] = [:]) throws(ResultsFileError) {
        self.path = path
        self.context = context
        self.rows = rows
        self.harness = harness
        self.conformanceDocument = conformanceDocument
        self.otherKeys = otherKeys
        if let conformanceDocument {
            do { conformance = try JSONDecoder().decode(ConformanceResults.self, from: Data(conformanceDocument.serialized())) } catch {
                throw ResultsFileError(code: "results.bad-conformance", path: path, message: "\"conformance\" is not a results document: \(Self.describe(error))",
                                   hint: "the file was not written by 'rive-harness run' of this version; move it out of results/runs/")
            }
        }
    }

    /// Creates a benchmark run file (no embedded document, so nothing can fail).
    public init(benchmarkContext context: JSONValue, rows: [BenchmarkRow], harness: HarnessContext) {
        self.path = ""
        self.context = context
        self.rows = rows
        self.harness = harness
        self.conformanceDocument = nil
        self.otherKeys = [:]
    }

    /// The file name without its folder.
    public var fileName: String { URL(fileURLWithPath: path).lastPathComponent }

    /// Whether two run files hold the same content, wherever they were read from.
    public static func == (lhs: RunFile, rhs: RunFile) -> Bool { lhs.json == rhs.json }

    /// Hashes the content, not the path.
    public func hash(into hasher: inout Hasher) { hasher.combine(json) }

    /// The whole file as JSON.
    public var json: JSONValue {
        var members = otherKeys
        members["context"] = context
        members["benchmarks"] = .array(rows.map { .object($0.fields) })
        members["harness"] = harness.json
        if let conformanceDocument { members["conformance"] = conformanceDocument }
        return .object(members)
    }

    /// Reads a run file from JSON bytes.
    /// - Throws: `ResultsFileError` for text that is not JSON or lacks the expected keys.
    public static func parse(_ bytes: [UInt8], path: String) throws(ResultsFileError) -> RunFile {
        let json: JSONValue
        do { json = try JSONValue.parse(bytes) } catch {
            throw ResultsFileError(code: "results.not-json", path: path, message: "not valid JSON: \(Self.describe(error))",
                               hint: "pass a file written by 'rive-harness bench' (results/runs/*.json)")
        }
        return try RunFile(json: json, path: path)
    }

    /// Reads a run file's JSON.
    /// - Throws: `ResultsFileError` when it lacks the expected keys.
    public init(json: JSONValue, path: String) throws(ResultsFileError) {
        guard case .object(var members) = json else {
            throw ResultsFileError(code: "results.not-object", path: path, message: "the top level is not a JSON object", hint: "pass a file written by 'rive-harness bench'")
        }
        guard let harnessJSON = members.removeValue(forKey: "harness") else {
            throw ResultsFileError(code: "results.no-harness", path: path, message: "there is no \"harness\" key (a plain Google Benchmark file?)",
                               hint: "compare files written by 'rive-harness bench'; plain Google Benchmark files lack the testbed needed to compare safely")
        }
        let harness = try HarnessContext(json: harnessJSON, path: path)
        let context = members.removeValue(forKey: "context") ?? .object([:])
        let rowValues: [JSONValue]
        switch members.removeValue(forKey: "benchmarks") {
        case .array(let values)?: rowValues = values
        case nil where harness.kind == .conformance: rowValues = []
        default:
            throw ResultsFileError(code: "results.no-benchmarks", path: path, message: "\"benchmarks\" is missing or not an array", hint: "re-run the benchmark")
        }
        var rows: [BenchmarkRow] = []
        for (index, value) in rowValues.enumerated() {
            guard let fields = value.objectValue, fields["name"]?.stringValue != nil else {
                throw ResultsFileError(code: "results.bad-row", path: path, message: "\"benchmarks\"[\(index)] is not an object with a \"name\"", hint: "re-run the benchmark")
            }
            rows.append(BenchmarkRow(fields: fields))
        }
        let document = members.removeValue(forKey: "conformance")
        if harness.kind == .conformance, document?.objectValue == nil {
            throw ResultsFileError(code: "results.no-conformance", path: path, message: "a conformance run has no \"conformance\" object",
                               hint: "the file was not written by 'rive-harness run'; move it out of results/runs/")
        }
        try self.init(path: path, context: context, rows: rows, harness: harness, conformanceDocument: document, otherKeys: members)
    }

    /// Reads a run file.
    /// - Throws: `ResultsFileError` when the file cannot be read or is malformed.
    public static func read(path: String) throws(ResultsFileError) -> RunFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ResultsFileError(code: "results.unreadable", path: path,
                               message: FileManager.default.fileExists(atPath: path) ? "cannot read the file" : "no such file",
                               hint: "check the path; runs are saved under results/runs/")
        }
        return try parse([UInt8](data), path: path)
    }

    /// Writes the file atomically.
    /// - Throws: `AtomicFileError` when the file cannot be written.
    public func write(to path: String) throws(AtomicFileError) {
        try AtomicFile.write(json.serialized(), to: path)
    }

    public init(from decoder: any Decoder) throws {
        try self.init(json: JSONValue(from: decoder), path: "")
    }

    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
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

    /// The measurement of every benchmark with at least one value in the run's metric, by
    /// benchmark name, in first-appearance order (none for conformance runs).
    public var measurements: [(name: String, measurement: BenchmarkMeasurement)] {
        guard let metric = harness.metric else { return [] }
        return repetitionsByName.compactMap { name, rows in
            let samples = rows.compactMap { $0.value(in: metric) }
            return samples.isEmpty ? nil : (name, BenchmarkMeasurement(metric: metric, samples: samples))
        }
    }

    static func describe(_ error: any Error) -> String {
        if case DecodingError.dataCorrupted(let context) = error {
            return (context.underlyingError.map { "\($0)" } ?? context.debugDescription)
        }
        if case DecodingError.keyNotFound(let key, let context) = error {
            return "missing key \"\(key.stringValue)\" at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        }
        return "\(error)"
    }
}

/// A run file (or results folder) that cannot be used, with a stable code and what to do.
public struct ResultsFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable identifier, for example `results.no-harness`.
    public var code: String
    /// The file or folder.
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

    /// `error[CODE]: PATH: MESSAGE` and the hint on the next line, the layout of every harness error.
    public var description: String { "error[\(code)]: \(path): \(message)\n  hint: \(hint)" }
}
