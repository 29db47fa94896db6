import Foundation
import HarnessSupport
import PerformanceData

/// The lanes of `rive-harness nightly` over one results folder: conformance and benchmark
/// runs in child processes of the harness (a crash in one lane is reported, not fatal to the
/// others' results), read back from the run files they write, and the benchmark gate.
public struct NightlyLanes: Sendable {
    /// What a conformance lane did.
    public struct ConformanceOutcome: Sendable {
        /// The child's exit status: 0 passed, 1 failures found, 3 the adapter did not start.
        public var status: Int32
        /// The run file it wrote, when it ran.
        public var runFile: RunFile?
        /// The run's totals (`12 scenarios: PASS 10, SKIP 2`), or why it did not run.
        public var detail: String
        /// The message of the run's `adapter.start-failed` problem, when its adapter did not start.
        public var startFailure: String?
    }

    /// What the benchmark gate concluded about a benchmark run.
    public enum BenchmarkGate: Sendable {
        /// No earlier benchmark run of the testbed and metric: nothing to compare.
        case firstRun
        /// Compared with the previous run of the testbed and metric, as `compare` judges it.
        case compared(previous: RunFile, report: ComparisonReport)
        /// The run cannot be compared with the previous one.
        case refused(ComparisonRefusal)
    }

    /// The results folder.
    public let results: String
    /// The harness executable the lanes start.
    public let harnessExecutable: String

    /// Lanes over `results`, starting `harnessExecutable` (by default this process's).
    public init(results: String, harnessExecutable: String = Subprocess.harnessExecutable) {
        self.results = results
        self.harnessExecutable = harnessExecutable
    }

    /// Runs `run CORPUS ADAPTER-ARGUMENTS --history RESULTS --format json --out RESULTS/conformance/NAME.json`
    /// and reads the run file it appended to `RESULTS/runs/`.
    /// - Throws: `SubprocessError` when the harness cannot be started.
    public func conformance(corpus: String, adapterName: String, adapterArguments: [String], shard: String?) throws(SubprocessError) -> ConformanceOutcome {
        let out = URL(fileURLWithPath: results).appendingPathComponent("conformance/\(adapterName).json").path
        let arguments = ["run", corpus] + adapterArguments + (shard.map { ["--shard", $0] } ?? [])
            + ["--history", results, "--format", "json", "--out", out]
        let started = Date()
        let child = try Subprocess.run(harnessExecutable, arguments)
        let suffix = RunFilePath.suffix(kind: .conformance, adapter: adapterName)
        // Exit 3 with a run file: the adapter did not start, and the run recorded every scenario as ERROR.
        guard child.status <= 1 || child.status == 3, let path = newestRunFile(endingWith: suffix, since: started),
              let file = try? RunFile.read(path: path), let results = file.conformance else {
            return ConformanceOutcome(status: child.status, runFile: nil, detail: child.errorTail(), startFailure: nil)
        }
        let counts = results.summary.counts.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        let startFailure = child.status == 3 ? results.problems?.first { $0.code == "adapter.start-failed" }?.message : nil
        return ConformanceOutcome(status: child.status, runFile: file,
                                  detail: "\(results.summary.total) scenarios: " + counts.joined(separator: ", ") + (results.summary.passed ? ", passed" : ", failed"),
                                  startFailure: startFailure)
    }

    /// Runs `bench --adapters reference,rive-cpp ARGUMENTS --out RESULTS/runs/<stamp>-<testbed>-bench.json`
    /// and reads the run file.
    /// - Returns: the run file, or the child's status and error tail when it did not write one.
    /// - Throws: `SubprocessError` when the harness cannot be started.
    public func bench(arguments: [String]) throws(SubprocessError) -> Result<RunFile, BenchLaneFailure> {
        let out = RunFilePath.path(in: results, createdAt: Date(), testbed: BuildIdentity.testbed().fingerprint, kind: .bench)
        let child = try Subprocess.run(harnessExecutable, ["bench", "--adapters", "reference,rive-cpp"] + arguments + ["--out", out])
        guard child.status == 0, let file = try? RunFile.read(path: out) else {
            return .failure(BenchLaneFailure(status: child.status, detail: child.errorTail()))
        }
        return .success(file)
    }

    /// Judges a benchmark run against the previous run of its testbed and metric in `archive`
    /// with the archive's noise file (`ResultsArchive.comparisonWithPrevious`, which the
    /// dashboard's marks use too): the gate of the night.
    public static func benchmarkGate(_ run: RunFile, in archive: ResultsArchive) -> BenchmarkGate {
        let stored = archive.records.first { $0.fileName == run.fileName } ?? run
        do throws(ComparisonRefusal) {
            guard let (previous, report) = try archive.comparisonWithPrevious(stored) else { return .firstRun }
            return .compared(previous: previous, report: report)
        } catch {
            return .refused(error)
        }
    }

    /// The newest file of `RESULTS/runs/` whose name ends with `suffix`, modified since `date`.
    private func newestRunFile(endingWith suffix: String, since date: Date) -> String? {
        let folder = URL(fileURLWithPath: results).appendingPathComponent("runs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let modified = names.filter { $0.hasSuffix(suffix) }.compactMap { name -> (String, Date)? in
            let path = folder.appendingPathComponent(name).path
            guard let changed = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date,
                  changed.timeIntervalSince(date) > -1 else { return nil }
            return (path, changed)
        }
        return modified.max { ($0.1, $0.0) < ($1.1, $1.0) }?.0
    }
}

/// Why the benchmark lane wrote no run file.
public struct BenchLaneFailure: Error, Sendable {
    /// The child's exit status.
    public var status: Int32
    /// The last lines of its standard error.
    public var detail: String
}
