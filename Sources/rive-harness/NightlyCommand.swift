import BuildArchive
import Conformance
import Foundation
import HarnessSupport
import Nightly
import PerformanceData

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
        OptionSpec("--archive", "A", help: """
            first import the rive-cpp build of the runtime's HEAD from
            this build archive, or build it and add it (a folder; an
            http(s):// URL only imports): the build script with --archive
            A (default $RIVE_HARNESS_ARCHIVE; docs/build-archive.md)
            """),
        OptionSpec("--build-script", "PATH", help: "the build script --archive runs (default scripts/build-rive-cpp)"),
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
        Prints 'nightly: no regression' or what regressed and what newly fails. With --archive
        (or $RIVE_HARNESS_ARCHIVE) the night starts with the build script, so rive-cpp is
        available: imported from the archive, or built and added to it.
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
    let archive: String?
    let buildScript: String

    init(arguments: inout ArgumentList) throws(UsageError) {
        let hint = "see 'rive-harness nightly --help'"
        results = try arguments.option("--results") ?? defaultResultsFolder
        dashboard = try arguments.option("--dashboard") ?? URL(fileURLWithPath: results).appendingPathComponent("dashboard").path
        let chosen = try arguments.option("--adapters")
        shard = try arguments.option("--shard")
        let benchText = try arguments.option("--bench-args")
        archive = try arguments.option("--archive") ?? ProcessInfo.processInfo.environment["RIVE_HARNESS_ARCHIVE"].flatMap { $0.isEmpty ? nil : $0 }
        let buildScriptOption = try arguments.option("--build-script")
        buildScript = buildScriptOption ?? "scripts/build-rive-cpp"
        if buildScriptOption != nil, archive == nil { throw UsageError(message: "--build-script belongs to --archive", hint: hint) }
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
        if let shard, Shard(shard) == nil { throw UsageError(message: Shard.usageMessage(shard), hint: hint) }
        benchArguments = noBench ? nil : (benchText ?? "--repetitions 5 --min-time 0.05").split(separator: " ").map(String.init)
        // Every adapter this binary can run without more arguments: the in-process ones, and
        // each cached one whose build script has built its program for its repository's HEAD
        // (rive-cpp too with an archive: the night starts by importing or building it).
        let archiving = archive != nil
        let builtIn = AdapterRegistry.adapters.filter { entry in
            switch entry.kind {
            case .inProcess: true
            case .process: false
            case .cached(let cached):
                (archiving && cached.program == .riveCppDriver)
                    || (try? CachedProgramLocator(cached.program).locate(revision: nil, features: cached.featuresOption == nil ? nil : .shipped)) != nil
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
        let lanes = NightlyLanes(results: results)
        var report: [String] = []
        var regressed = false
        var failed = false
        var conformanceRuns: [RunFile] = []
        if let archive { report.append(try Self.engineFromArchive(archive, buildScript: buildScript)) }
        for adapter in adapters {
            Self.say("nightly: conformance on \(adapter.name)…")
            let outcome: NightlyLanes.ConformanceOutcome
            do { outcome = try lanes.conformance(corpus: corpus, adapterName: adapter.name, adapterArguments: adapter.arguments, shard: shard) } catch {
                throw CommandFailure(code: error.code, message: error.message, hint: error.hint, exitCode: error.exitCode)
            }
            guard let file = outcome.runFile else {
                throw CommandFailure(message: "conformance on \(adapter.name) did not run (exit \(outcome.status)): \(outcome.detail)",
                                     hint: "run 'rive-harness run \(corpus) \(adapter.arguments.joined(separator: " "))' to see why", exitCode: outcome.status == 3 ? .badInput : .internalError)
            }
            conformanceRuns.append(file)
            Self.say("nightly: \(adapter.name): \(outcome.detail)")
            if outcome.status == 3 {
                // The run is recorded (every scenario ERROR), so history and the dashboard show the failed night.
                failed = true
                report.append("conformance \(adapter.name): FAILED: the adapter did not start: \(outcome.startFailure ?? outcome.detail)")
            }
        }
        var benchRun: RunFile?
        if let benchArguments {
            Self.say("nightly: benchmarks…")
            let bench: Result<RunFile, BenchLaneFailure>
            do { bench = try lanes.bench(arguments: benchArguments) } catch { throw CommandFailure(code: error.code, message: error.message, hint: error.hint, exitCode: error.exitCode) }
            switch bench {
            case .success(let file): benchRun = file
            case .failure(let failure):
                throw CommandFailure(message: "bench failed (exit \(failure.status)): \(failure.detail)", hint: "run 'rive-harness bench' to see why",
                                     exitCode: .internalError)
            }
        }
        let archive = try loadArchive(results)
        for run in conformanceRuns {
            let stored = archive.records.first { $0.fileName == run.fileName } ?? run
            guard let comparison = ConformanceComparison.compare(stored, in: archive) else { continue }
            if comparison.newFailures.isEmpty {
                report.append("conformance \(comparison.adapter): no new failure (\(comparison.comparedScenarios) scenarios had earlier verdicts; "
                              + "\(comparison.stillFailing.count) still failing)")
            } else {
                regressed = true
                report.append("conformance \(comparison.adapter): \(comparison.newFailures.count) NEW FAILURE(S): "
                              + comparison.newFailures.map { "\($0.scenario) \($0.before) → \($0.after)" }.joined(separator: ", "))
            }
        }
        if let benchRun {
            switch NightlyLanes.benchmarkGate(benchRun, in: archive) {
            case .firstRun:
                report.append("benchmarks: first run on testbed \(benchRun.harness.testbed.fingerprint) (\(benchRun.harness.metric?.rawValue ?? "time")); nothing to compare")
            case .compared(let previous, let comparison):
                print(comparison.table(basePath: previous.path, newPath: benchRun.path))
                regressed = regressed || comparison.hasRegression
                report.append("benchmarks vs \(previous.fileName): " + (comparison.hasRegression ? "REGRESSION" : "no regression"))
            case .refused(let refusal):
                throw CommandFailure(code: refusal.code, message: "\(benchRun.path) cannot be compared with the previous run: \(refusal.message)", hint: refusal.hint,
                                     exitCode: .internalError)
            }
        }
        let page = URL(fileURLWithPath: dashboard).appendingPathComponent("index.html").path
        try writeFileAtomically(Array(DashboardCommand.page(archive: archive, results: results).html().utf8), to: page)
        report.append("dashboard: \(page) (\(archive.records.count) runs)")
        for line in report { print(line) }
        print(failed ? "nightly: FAILED" + (regressed ? " and REGRESSION" : "") : regressed ? "nightly: REGRESSION" : "nightly: no regression")
        return regressed || failed ? .failuresFound : .success
    }

    /// Imports the rive-cpp build of the runtime's HEAD from the archive, or builds and adds it,
    /// with the build script (its progress on stderr), and says which.
    /// - Throws: `CommandFailure` (exit 4) when the build script cannot run or fails.
    private static func engineFromArchive(_ archive: String, buildScript: String) throws(CommandFailure) -> String {
        say("nightly: rive-cpp from the build archive \(archive)…")
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("rive-harness-nightly-build-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: report) }
        let outcome: Subprocess.Outcome
        do {
            outcome = try Subprocess.run(buildScript, ["--archive", archive, "--print", "bench", "--report", report], passThroughStandardError: true)
        } catch {
            throw CommandFailure(message: error.message, hint: "run nightly from a RiveHarness checkout, or pass --build-script", exitCode: .internalError)
        }
        let text = FileManager.default.contents(atPath: report).map { String(decoding: $0, as: UTF8.self) } ?? ""
        guard outcome.status == 0, let built = BuildReport(parsing: text) else {
            throw CommandFailure(message: "\(buildScript) --archive \(archive) exited \(outcome.status) without a build",
                                 hint: "run it by hand to see why (its messages are above)", exitCode: .internalError)
        }
        return "engine: \(built.entry) \(built.summary)" + (built.exported ? ", added to the archive" : "")
    }

    /// Writes a progress line to stderr at once.
    private static func say(_ line: String) { printError(line) }
}
