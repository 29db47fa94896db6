import BenchKit
import Conformance
import Foundation
import HarnessSupport
import PerformanceHistory

/// `rive-harness nightly`: conformance on every available adapter and the benchmarks, appended
/// to the results folder; then the dashboard and the comparison with the previous night.
struct NightlyCommand: HarnessCommand {
    static let name = "nightly"
    static let summary = "conformance + benchmarks, dashboard, and comparison with the previous night"
    static let options = OptionTable(command: name, positionals: "[CORPUS]", column: 25, options: [
        OptionSpec("--results", "DIR", help: """
            the results folder (default $RIVE_HARNESS_RESULTS, else
            results)
            """),
        OptionSpec("--dashboard", "DIR", help: "where the dashboard goes (default DIR/dashboard)"),
        OptionSpec("--adapters", "LIST", help: """
            adapters to test, comma-separated (default: every available;
            '' for none)
            """),
        OptionSpec("--adapter-command", "N=C", synopsis: "[--adapter-command NAME=COMMAND]...", help: """
            also test a process adapter named N started with command C
            """),
        OptionSpec("--shard", "K/N", help: "run part K of N of the corpus (CI matrices)"),
        OptionSpec("--bench-args", "'ARGS'", help: """
            extra arguments for bench, split at spaces (default
            '--repetitions 5 --min-time 0.05')
            """),
        OptionSpec("--no-bench", help: "skip the benchmarks"),
        OptionSpec("--no-conformance", help: "skip conformance"),
    ])
    static let help = options.help(about: """
        1. conformance: 'rive-harness run CORPUS --adapter NAME' for every adapter built into
           this binary, plus rive-cpp when scripts/build-rive-cpp has cached its driver (or
           --adapters), and every --adapter-command (a process adapter started by a command);
           each run appends its history file to
           DIR/runs/ and writes DIR/conformance/NAME.json
        2. benchmarks: 'rive-harness bench --adapters reference,rive-cpp ARGS' (rive-cpp is
           left out by bench when its program is not built), results in DIR/runs/
        3. compare: the new benchmark run against the previous one of the same testbed and
           metric ('rive-harness compare'); each conformance run against the earlier verdicts
           of its scenarios on the same testbed
        4. dashboard: DIR/dashboard/index.html (or --dashboard)
        Prints 'nightly: no regression' or what regressed and what newly fails.
        """, footer: """
        An adapter that cannot start (its first handshake fails) does not stop the night: its
        run is recorded with every scenario ERROR (problem adapter.start-failed), the other
        lanes and the dashboard still run, and the night is FAILED.

        exit codes: 0 no regression and no new failure; 1 a benchmark regressed, a scenario
        newly fails or an adapter could not start (the night is recorded); 2 usage error; 3 the corpus or a results file is bad; 4 a lane could not
        run (bench or run failed to start or crashed) or a file could not be written.
        """)

    /// One adapter conformance runs against.
    struct Adapter {
        /// The name reports and expectations use.
        let name: String
        /// The `run` arguments that select it.
        let arguments: [String]
    }

    let corpus: String
    let results: String
    let dashboard: String
    let adapters: [Adapter]
    let shard: String?
    let benchArguments: [String]?

    init(arguments: inout ArgumentList) throws(UsageError) {
        let hint = "see 'rive-harness nightly --help'"
        results = try arguments.option("--results") ?? defaultResultsFolder
        dashboard = try arguments.option("--dashboard") ?? URL(fileURLWithPath: results).appendingPathComponent("dashboard").path
        let chosen = try arguments.option("--adapters")
        shard = try arguments.option("--shard")
        let benchText = try arguments.option("--bench-args")
        var commands: [Adapter] = []
        for value in try arguments.repeatedOption("--adapter-command") {
            guard let equals = value.firstIndex(of: "="), equals != value.startIndex, value.index(after: equals) != value.endIndex else {
                throw UsageError(message: "--adapter-command needs NAME=COMMAND, got '\(value)'", hint: hint)
            }
            let name = String(value[..<equals])
            commands.append(Adapter(name: name,
                                    arguments: ["--adapter", "process", "--adapter-name", name, "--command", String(value[value.index(after: equals)...])]))
        }
        let noBench = arguments.flag("--no-bench")
        let noConformance = arguments.flag("--no-conformance")
        if let shard, Shard(shard) == nil { throw UsageError(message: "--shard needs K/N with 1 ≤ K ≤ N, got '\(shard)'", hint: hint) }
        benchArguments = noBench ? nil : (benchText ?? "--repetitions 5 --min-time 0.05").split(separator: " ").map(String.init)
        // Every adapter this binary can run without more arguments: the in-process ones, and
        // each cached one whose build script has built its program for its repository's HEAD.
        let builtIn = AdapterRegistry.adapters.filter { entry in
            switch entry.kind {
            case .inProcess: true
            case .process: false
            case .cached(let cached): (try? CachedProgramLocator(cached.program).locate(revision: nil, features: cached.featuresOption == nil ? nil : .shipped)) != nil
            }
        }.map(\.name)
        var selected = builtIn
        if let chosen {
            selected = chosen.split(separator: ",").map(String.init)
            if let unknown = selected.first(where: { !builtIn.contains($0) }) {
                throw UsageError(message: "unknown or unavailable adapter '\(unknown)' in --adapters (available: \(builtIn.joined(separator: ", ")))",
                                 hint: "use --adapter-command NAME=COMMAND for a process adapter")
            }
        }
        adapters = noConformance ? [] : selected.map { Adapter(name: $0, arguments: ["--adapter", $0]) } + commands
        if adapters.isEmpty, benchArguments == nil {
            throw UsageError(message: "nothing to do: no adapter for conformance and --no-bench", hint: hint)
        }
        corpus = try CorpusArguments.corpusPath(&arguments, command: Self.name)
    }

    @MainActor func run() async throws(CommandFailure) -> ExitCode {
        let lanes = HarnessLanes(results: results)
        var report: [String] = []
        var regressed = false
        var failed = false
        var conformanceRuns: [String] = []
        for adapter in adapters {
            Self.say("nightly: conformance on \(adapter.name)…")
            let outcome = try lanes.conformance(corpus: corpus, adapter: adapter, shard: shard)
            guard let path = outcome.file else {
                throw CommandFailure(message: "conformance on \(adapter.name) did not run (exit \(outcome.status)): \(outcome.detail)", hint: "run 'rive-harness run \(corpus) \(adapter.arguments.joined(separator: " "))' to see why", exitCode: outcome.status == 3 ? .badInput : .internalError)
            }
            conformanceRuns.append(path)
            Self.say("nightly: \(adapter.name): \(outcome.detail)")
            if outcome.adapterDidNotStart {
                // The run is recorded (every scenario ERROR), so history and the dashboard show the failed night.
                failed = true
                report.append("conformance \(adapter.name): FAILED: the adapter did not start: \(outcome.problem ?? outcome.detail)")
            }
        }
        var benchComparison: String?
        if let benchArguments {
            Self.say("nightly: benchmarks…")
            let archiveBefore = try loadArchive(results)
            let bench = try lanes.bench(arguments: benchArguments)
            guard let path = bench.file else {
                throw CommandFailure(message: "bench failed (exit \(bench.status)): \(bench.detail)", hint: "run 'rive-harness bench' to see why",
                                     exitCode: .internalError)
            }
            let new = try Self.readRecord(path)
            let previous = archiveBefore.records.last {
                $0.harness.kind == .bench && $0.harness.testbed.fingerprint == new.harness.testbed.fingerprint && $0.harness.metric == new.harness.metric
            }
            if let previous {
                let compare = try lanes.compare(previous.path, path)
                benchComparison = "benchmarks vs \(previous.fileName): " + (compare.status == 0 ? "no regression" : compare.status == 1 ? "REGRESSION" : "compare failed (exit \(compare.status))")
                print(compare.detail)
                if compare.status == 1 { regressed = true }
                if compare.status >= 2 {
                    throw CommandFailure(message: "compare \(previous.path) \(path) failed: \(compare.detail.suffix(400))", hint: "run it by hand", exitCode: .internalError)
                }
            } else {
                benchComparison = "benchmarks: first run on testbed \(new.harness.testbed.fingerprint) (\(new.harness.metric?.rawValue ?? "time")); nothing to compare"
            }
        }
        let archive = try loadArchive(results)
        for path in conformanceRuns {
            guard let record = archive.records.first(where: { $0.path == path }) ?? (try? RunRecord.read(path)),
                  let comparison = ConformanceComparison.compare(record, in: archive) else { continue }
            if comparison.newFailures.isEmpty {
                report.append("conformance \(comparison.adapter): no new failure (\(comparison.comparedScenarios) scenarios had earlier verdicts; "
                              + "\(comparison.stillFailing.count) still failing)")
            } else {
                regressed = true
                report.append("conformance \(comparison.adapter): \(comparison.newFailures.count) NEW FAILURE(S): "
                              + comparison.newFailures.map { "\($0.scenario) \($0.before) → \($0.after)" }.joined(separator: ", "))
            }
        }
        if let benchComparison { report.append(benchComparison) }
        let page = URL(fileURLWithPath: dashboard).appendingPathComponent("index.html").path
        try writeFileAtomically(Array(DashboardPage(archive: archive).html().utf8), to: page)
        report.append("dashboard: \(page) (\(archive.records.count) runs)")
        for line in report { print(line) }
        print(failed ? "nightly: FAILED" + (regressed ? " and REGRESSION" : "") : regressed ? "nightly: REGRESSION" : "nightly: no regression")
        return regressed || failed ? .failuresFound : .success
    }

    /// Writes a progress line to stderr at once.
    private static func say(_ line: String) { printError(line) }

    /// Reads a run file, as bad input when it does not parse.
    private static func readRecord(_ path: String) throws(CommandFailure) -> RunRecord {
        do { return try RunRecord.read(path) } catch { throw CommandFailure(reporting: error, exitCode: .badInput) }
    }
}

/// The work nightly delegates: each lane is this executable's own command in a child process
/// (`run`, `bench`, `compare`), so a crash in one lane is reported, not fatal to the others'
/// results, and nightly needs nothing but their command lines.
struct HarnessLanes {
    /// What a lane did.
    struct Outcome {
        /// The child's exit status.
        let status: Int32
        /// The file it appended (history or results), when it ran.
        let file: String?
        /// A one-line account, or the output of compare.
        let detail: String
        /// Whether `run` reported that its adapter failed the first handshake (exit 3 with a history file).
        var adapterDidNotStart = false
        /// The run's problem line (`adapter command '…': error[adapter.start-failed]: …`), when it printed one.
        var problem: String?
    }

    /// The results folder.
    let results: String

    /// `run CORPUS ARGS --history RESULTS --format json --out RESULTS/conformance/NAME.json`; exit 0 or 1 means it ran.
    func conformance(corpus: String, adapter: NightlyCommand.Adapter, shard: String?) throws(CommandFailure) -> Outcome {
        let out = URL(fileURLWithPath: results).appendingPathComponent("conformance/\(adapter.name).json").path
        let arguments = ["run", corpus] + adapter.arguments + (shard.map { ["--shard", $0] } ?? [])
            + ["--history", results, "--format", "json", "--out", out]
        let child = try Subprocess.run(Subprocess.harnessExecutable, arguments)
        let history = child.standardError.split(separator: "\n").last { $0.hasPrefix("history: ") }.map { String($0.dropFirst("history: ".count)) }
        // Exit 3 with a history file: the adapter did not start, and the run recorded every scenario as ERROR.
        guard child.status <= 1 || child.status == 3, let history else { return Outcome(status: child.status, file: nil, detail: child.errorTail()) }
        let summary = child.standardOutput.split(separator: "\n").last { $0.hasPrefix("total: ") }.map(String.init) ?? "ran"
        let problem = child.standardOutput.split(separator: "\n").last { $0.hasPrefix("problem: ") && $0.contains("error[adapter.start-failed]") }
            .map { String($0.dropFirst("problem: ".count)) }
        return Outcome(status: child.status, file: history, detail: summary, adapterDidNotStart: child.status == 3, problem: problem)
    }

    /// `bench --adapters reference,rive-cpp ARGS --out RESULTS/runs/<stamp>-<testbed>-bench.json`.
    func bench(arguments: [String]) throws(CommandFailure) -> Outcome {
        let testbed = Testbed.current(buildFlags: BenchCommand.buildFlags)
        let name = (BenchCommand.defaultResultsPath(createdAt: Date(), testbed: testbed) as NSString).lastPathComponent
        let out = URL(fileURLWithPath: results).appendingPathComponent("runs").appendingPathComponent(name).path
        let child = try Subprocess.run(Subprocess.harnessExecutable, ["bench", "--adapters", "reference,rive-cpp"] + arguments + ["--out", out])
        guard child.status == 0, FileManager.default.fileExists(atPath: out) else {
            return Outcome(status: child.status, file: nil, detail: child.errorTail())
        }
        return Outcome(status: 0, file: out, detail: "wrote \(out)")
    }

    /// `compare PREVIOUS LATEST`: 0 no regression, 1 regression, more: could not compare.
    func compare(_ previous: String, _ latest: String) throws(CommandFailure) -> Outcome {
        let child = try Subprocess.run(Subprocess.harnessExecutable, ["compare", previous, latest])
        return Outcome(status: child.status, file: nil, detail: child.standardOutput + child.standardError)
    }
}
