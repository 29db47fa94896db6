import Foundation

/// Every run recorded under a results folder, oldest first, with the files that could not be read.
public struct ResultsArchive: Sendable {
    /// The runs, sorted by `createdAt`, then by file name.
    public var records: [RunRecord]
    /// Files under `runs/` that are not readable results files; reported, never fatal.
    public var problems: [HistoryError]

    /// Creates an archive from records (sorted here) and problems.
    public init(records: [RunRecord], problems: [HistoryError] = []) {
        self.records = records.sorted { ($0.harness.createdAt, $0.fileName) < ($1.harness.createdAt, $1.fileName) }
        self.problems = problems
    }

    /// The folder holding a results folder's run files: `FOLDER/runs` when it exists, else `FOLDER`.
    public static func runsFolder(of folder: String) -> String {
        let runs = URL(fileURLWithPath: folder).appendingPathComponent("runs").path
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: runs, isDirectory: &isDirectory) && isDirectory.boolValue ? runs : folder
    }

    /// Loads every `*.json` file of a results folder's runs (hidden temporary files excluded).
    /// - Throws: `HistoryError.missingFolder` when the folder does not exist; unreadable or
    ///   malformed files become `problems` instead.
    public static func load(_ folder: String) throws(HistoryError) -> ResultsArchive {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw HistoryError.missingFolder(path: folder)
        }
        let runs = runsFolder(of: folder)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: runs)) ?? [])
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
            .sorted()
        var records: [RunRecord] = []
        var problems: [HistoryError] = []
        for name in names {
            do { records.append(try RunRecord.read(URL(fileURLWithPath: runs).appendingPathComponent(name).path)) } catch {
                problems.append(error)
            }
        }
        return ResultsArchive(records: records, problems: problems)
    }

    /// The distinct testbeds, in order of first appearance.
    public var testbeds: [RunContext.Testbed] {
        var seen: Set<String> = []
        return records.map(\.harness.testbed).filter { seen.insert($0.fingerprint).inserted }
    }

    /// The runs on one testbed, oldest first.
    public func records(onTestbed fingerprint: String) -> [RunRecord] {
        records.filter { $0.harness.testbed.fingerprint == fingerprint }
    }

    /// The benchmark series of every testbed: one per (testbed, benchmark name), never mixing testbeds.
    public func benchmarkSeries() -> [BenchmarkSeries] {
        var byKey: [BenchmarkSeries.Key: [BenchmarkSeries.Point]] = [:]
        var order: [BenchmarkSeries.Key] = []
        for record in records where record.harness.kind == .bench {
            for (name, measurement) in BenchmarkMeasurement.perBenchmark(record) {
                let key = BenchmarkSeries.Key(testbed: record.harness.testbed.fingerprint, benchmark: name)
                if byKey[key] == nil { order.append(key) }
                byKey[key, default: []].append(BenchmarkSeries.Point(record: record, benchmark: name, measurement: measurement))
            }
        }
        return order.sorted().map { BenchmarkSeries(key: $0, points: byKey[$0]!) }
    }
}
