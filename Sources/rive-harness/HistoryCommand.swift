import Foundation
import PerformanceData

/// `rive-harness history`: lists the recorded runs by testbed and adapter, or exports benchmark series.
struct HistoryCommand: HarnessCommand {
    static let name = "history"
    static let summary = "list recorded runs by testbed and adapter; export benchmark series"
    static let options = OptionTable(command: name, positionals: "[RESULTS]", column: 20, options: [
        OptionSpec("--testbed", "FP", synopsis: "[--testbed FINGERPRINT]", help: "only the testbed with this fingerprint (or a prefix of it)"),
        OptionSpec("--adapter", "NAME", help: "only runs and benchmarks of this adapter"),
        OptionSpec("--benchmark", "P", synopsis: "[--benchmark PREFIX]", help: "only benchmarks whose name starts with P (export)"),
        OptionSpec("--export", "FORMAT", synopsis: "[--export csv|json]", help: "csv (one row per point) or json (an array of series)"),
        OptionSpec("--out", "FILE", help: "write the export to FILE (atomically) instead of stdout"),
    ])
    static let help = options.help(about: """
        Reads every run file of RESULTS/runs (default RESULTS: $RIVE_HARNESS_RESULTS, else results), written by
        'rive-harness bench' and 'rive-harness run' (docs/performance-history.md). Without
        --export it lists the runs grouped by testbed, then adapter, oldest first. With
        --export it prints one series per (testbed, benchmark): the median and samples of
        every run. Runs on different testbeds are never put in one series.
        """, footer: """
        exit codes: 0 listed; 2 usage error; 3 RESULTS is missing or holds a file that is not
        a results file (the others are still listed, the bad ones named on stderr); 4 --out
        cannot be written.
        """)

    let results: String
    let testbed: String?
    let adapter: String?
    let benchmarkPrefix: String?
    let export: String?
    let outputPath: String?

    init(arguments: inout ArgumentList) throws(UsageError) {
        testbed = try arguments.option("--testbed")
        adapter = try arguments.option("--adapter")
        benchmarkPrefix = try arguments.option("--benchmark")
        export = try arguments.option("--export")
        outputPath = try arguments.option("--out")
        if let export, export != "csv", export != "json" {
            throw UsageError(message: "--export takes csv or json, got '\(export)'", hint: "see 'rive-harness history --help'")
        }
        if outputPath != nil, export == nil {
            throw UsageError(message: "--out needs --export csv|json", hint: "see 'rive-harness history --help'")
        }
        let positionals = try arguments.positionals()
        guard positionals.count <= 1 else {
            throw UsageError(message: "history takes at most one results folder, got \(positionals.count)", hint: "run 'rive-harness history [RESULTS]'")
        }
        results = positionals.first ?? defaultResultsFolder
    }

    @MainActor func run() async throws(CommandFailure) -> ExitCode {
        let archive = try loadArchive(results)
        let records = archive.records.filter { record in
            (testbed.map { record.harness.testbed.fingerprint.hasPrefix($0) } ?? true)
                && (adapter.map { name in record.harness.adapters.contains { $0.name == name } } ?? true)
        }
        if let export {
            let series = ResultsArchive(records: records).benchmarkSeries().filter { one in
                (adapter.map { one.adapter == $0 } ?? true) && (benchmarkPrefix.map { one.key.benchmark.hasPrefix($0) } ?? true)
            }
            let text = export == "csv" ? SeriesExport.csv(series) : SeriesExport.json(series)
            if let outputPath {
                try writeFileAtomically(Array(text.utf8), to: outputPath)
                print("wrote \(series.count) series (\(series.reduce(0) { $0 + $1.points.count }) points) to \(outputPath)")
            } else {
                print(text, terminator: "")
            }
        } else {
            print(Self.listing(records))
        }
        return archive.problems.isEmpty ? .success : .badInput
    }

    /// The runs grouped by testbed, then adapter, one line per run.
    static func listing(_ records: [RunFile]) -> String {
        guard !records.isEmpty else { return "no runs recorded" }
        var lines: [String] = []
        let archive = ResultsArchive(records: records)
        for testbed in archive.testbeds {
            lines.append("testbed \(testbed.fingerprint)  \(testbed.summary)")
            let onTestbed = archive.records(onTestbed: testbed.fingerprint)
            let adapters = Array(Set(onTestbed.flatMap { $0.harness.adapters.map(\.name) })).sorted()
            for adapter in adapters {
                lines.append("  adapter \(adapter)")
                for record in onTestbed where record.harness.adapters.contains(where: { $0.name == adapter }) {
                    lines.append("    \(record.harness.createdAt)  \(record.harness.kind.rawValue.padding(toLength: 11, withPad: " ", startingAt: 0)) "
                                 + "\(describe(record, adapter: adapter))  \(record.fileName)")
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// One run in a few words: its benchmark count and metric, or its verdict counts.
    private static func describe(_ record: RunFile, adapter: String) -> String {
        if let conformance = record.conformance {
            let counts = ["PASS", "FAIL", "ERROR", "TIMEOUT", "CRASH", "SKIP", "XFAIL", "XPASS"]
                .compactMap { name in conformance.summary.counts[name].flatMap { $0 > 0 ? "\(name) \($0)" : nil } }
            return (conformance.summary.passed ? "passed: " : "failed: ") + counts.joined(separator: " ")
        }
        let count = record.measurements.filter { BenchmarkName($0.name).adapter == adapter }.count
        return "\(count) benchmarks, \(record.harness.metric?.rawValue ?? "time")"
    }
}

/// Loads a results folder, printing unreadable files to stderr.
/// - Throws: `CommandFailure` (exit 3) when the folder does not exist.
func loadArchive(_ folder: String) throws(CommandFailure) -> ResultsArchive {
    let archive: ResultsArchive
    do { archive = try ResultsArchive.load(folder) } catch { throw CommandFailure(reporting: error, exitCode: .badInput) }
    for problem in archive.problems { printError(problem.description) }
    return archive
}
