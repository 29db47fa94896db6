import Foundation

/// Every run recorded under a results folder, oldest first, with the files that could not be read.
public struct ResultsArchive: Sendable {
    /// The runs, sorted by `createdAt`, then by file name.
    public var records: [RunFile]
    /// Files under `runs/` that are not readable results files, and a malformed noise file; reported, never fatal.
    public var problems: [ResultsFileError]
    /// The A/A thresholds of the folder's `noise.json`, when it has one.
    public var noise: NoiseFile?

    /// Creates an archive from records (sorted here), problems and the noise file.
    public init(records: [RunFile], problems: [ResultsFileError] = [], noise: NoiseFile? = nil) {
        self.records = records.sorted { ($0.harness.createdAt, $0.fileName) < ($1.harness.createdAt, $1.fileName) }
        self.problems = problems
        self.noise = noise
    }

    /// The noise file of a results folder: `FOLDER/noise.json`.
    public static func noisePath(of folder: String) -> String {
        URL(fileURLWithPath: folder).appendingPathComponent("noise.json").path
    }

    /// The folder holding a results folder's run files: `FOLDER/runs` when it exists, else `FOLDER`.
    public static func runsFolder(of folder: String) -> String {
        let runs = URL(fileURLWithPath: folder).appendingPathComponent("runs").path
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: runs, isDirectory: &isDirectory) && isDirectory.boolValue ? runs : folder
    }

    /// Loads every `*.json` file of a results folder's runs (hidden temporary files excluded).
    /// - Throws: `ResultsFileError` (`results.missing-folder`) when the folder does not exist; unreadable or
    ///   malformed files become `problems` instead.
    public static func load(_ folder: String) throws(ResultsFileError) -> ResultsArchive {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ResultsFileError(code: "results.missing-folder", path: folder, message: "no results folder here",
                                   hint: "run 'rive-harness run' or 'rive-harness bench' first, or pass the folder that holds runs/")
        }
        let runs = runsFolder(of: folder)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: runs)) ?? [])
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
            .sorted()
        var records: [RunFile] = []
        var problems: [ResultsFileError] = []
        for name in names {
            do { records.append(try RunFile.read(path: URL(fileURLWithPath: runs).appendingPathComponent(name).path)) } catch {
                problems.append(error)
            }
        }
        var noise: NoiseFile?
        do { noise = try NoiseFile.read(path: noisePath(of: folder)) } catch { problems.append(error) }
        return ResultsArchive(records: records, problems: problems, noise: noise)
    }

    /// The distinct testbeds, in order of first appearance.
    public var testbeds: [TestbedRecord] {
        var seen: Set<String> = []
        return records.map(\.harness.testbed).filter { seen.insert($0.fingerprint).inserted }
    }

    /// The runs on one testbed, oldest first.
    public func records(onTestbed fingerprint: String) -> [RunFile] {
        records.filter { $0.harness.testbed.fingerprint == fingerprint }
    }

    /// The newest benchmark run before `run` (in archive order) on its testbed with its metric:
    /// the run `nightly`, the dashboard's latest compare and its regression marks compare it with.
    public func previousBenchmarkRun(before run: RunFile) -> RunFile? {
        guard run.harness.kind == .bench, let index = records.firstIndex(where: { $0.path == run.path }) else { return nil }
        return records[..<index].last {
            $0.harness.kind == .bench && $0.harness.testbed.fingerprint == run.harness.testbed.fingerprint && $0.harness.metric == run.harness.metric
        }
    }

    /// `run` compared with `previousBenchmarkRun(before:)` using the archive's noise file, as
    /// `rive-harness compare PREVIOUS RUN --noise FOLDER/noise.json` judges it; `nil` without a previous run.
    /// - Throws: `ComparisonRefusal` when the runs cannot be compared.
    public func comparisonWithPrevious(_ run: RunFile) throws(ComparisonRefusal) -> (previous: RunFile, report: ComparisonReport)? {
        guard let previous = previousBenchmarkRun(before: run) else { return nil }
        return (previous, try Comparison.compare(base: previous, new: run, noise: noise))
    }

    /// The benchmark series of every testbed: one per (testbed, benchmark name), never mixing testbeds.
    public func benchmarkSeries() -> [BenchmarkSeries] {
        var byKey: [BenchmarkSeries.Key: [BenchmarkSeries.Point]] = [:]
        var order: [BenchmarkSeries.Key] = []
        for record in records where record.harness.kind == .bench {
            for (name, measurement) in record.measurements {
                let key = BenchmarkSeries.Key(testbed: record.harness.testbed.fingerprint, benchmark: name)
                if byKey[key] == nil { order.append(key) }
                byKey[key, default: []].append(BenchmarkSeries.Point(record: record, benchmark: name, measurement: measurement))
            }
        }
        return order.sorted().map { BenchmarkSeries(key: $0, points: byKey[$0]!) }
    }
}
