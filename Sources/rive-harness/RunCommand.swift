import Conformance
import RuntimeAPI
import Foundation

/// `rive-harness run`: runs the corpus's scenarios against an adapter and reports verdicts.
struct RunCommand: HarnessCommand {
    static let name = "run"
    static let summary = "run conformance scenarios against a runtime adapter"
    static let help = """
        usage: rive-harness run [CORPUS] [--adapter NAME] [--filter GLOB] [--rules PREFIX]
                                [--shard K/N] [--format console|tap|junit|json] [--out FILE]
                                [--jobs N] [--timeout SECONDS] [--record missing|all|never]

        Plans the scenarios of CORPUS (default: Corpus) for the adapter (capabilities decide
        run or skip), runs them and reports a verdict per scenario: PASS, FAIL, ERROR, TIMEOUT,
        CRASH, SKIP, XFAIL or XPASS. Known failures come from CORPUS/expectations/NAME.yaml.

        options:
          --adapter NAME     the runtime to test (default: reference)
          --filter GLOB      scenario IDs to run: '*' within a folder, '**' across folders
          --rules PREFIX     scenarios checking a rule area (GLB) or one rule (GLB-5)
          --shard K/N        run part K of N of the selection (by position in ID order)
          --format FORMAT    console (default), tap (TAP 13), junit (JUnit XML) or json
                             (docs/results-format.md)
          --out FILE         write the format to FILE (atomically) and print the console
                             report to stdout
          --jobs N           adapter instances running scenarios at once (default 1)
          --timeout SECONDS  per-scenario timeout unless a scenario sets one (default 60)
          --record MODE      golden digests: missing (default; never when CI=true, or
                             RIVE_HARNESS_RECORD when set) writes absent goldens, all
                             rewrites every golden, never only compares (CI); recording
                             fails the scenario
          --help             show this help

        exit codes: 0 every scenario passed, skipped or failed as expected; 1 a scenario
        failed, errored, timed out, crashed or passed unexpectedly, or the corpus has
        problems; 2 usage error (including an unknown adapter); 3 the corpus folder is
        missing; 4 internal error (for example --out cannot be written).
        """

    /// The output formats and the reporter each makes.
    static let formats: [(name: String, make: @MainActor (@escaping @MainActor (String) -> Void) -> any RunReporter)] = [
        ("console", { ConsoleReporter(write: $0) }), ("tap", { TAPReporter(write: $0) }),
        ("junit", { JUnitReporter(write: $0) }), ("json", { JSONReporter(write: $0) }),
    ]

    let corpus: CorpusArguments
    let adapterName: String
    let format: String
    let outputPath: String?
    let options: RunOptions

    init(arguments: inout ArgumentList) throws(UsageError) {
        let hint = "see 'rive-harness run --help'"
        adapterName = try arguments.option("--adapter") ?? "reference"
        var selectionShard: Shard?
        if let shard = try arguments.option("--shard") {
            guard let parsed = Shard(shard) else { throw UsageError(message: "--shard needs K/N with 1 ≤ K ≤ N, got '\(shard)'", hint: hint) }
            selectionShard = parsed
        }
        let chosenFormat = try arguments.option("--format") ?? "console"
        guard Self.formats.contains(where: { $0.name == chosenFormat }) else {
            throw UsageError(message: "unknown format '\(chosenFormat)'", hint: "use one of: \(Self.formats.map(\.name).joined(separator: ", "))")
        }
        format = chosenFormat
        outputPath = try arguments.option("--out")
        let jobsText = try arguments.option("--jobs") ?? "1"
        guard let jobs = Int(jobsText), jobs >= 1 else { throw UsageError(message: "--jobs needs a positive integer, got '\(jobsText)'", hint: hint) }
        let timeoutText = try arguments.option("--timeout") ?? "60"
        guard let timeout = Double(timeoutText), timeout > 0, timeout.isFinite else {
            throw UsageError(message: "--timeout needs a positive number of seconds, got '\(timeoutText)'", hint: hint)
        }
        let recordText = try arguments.option("--record") ?? RecordMode.fromEnvironment(ProcessInfo.processInfo.environment).rawValue
        guard let record = RecordMode(rawValue: recordText) else {
            throw UsageError(message: "unknown record mode '\(recordText)'", hint: "use missing, all or never")
        }
        options = RunOptions(jobs: jobs, defaultTimeoutSeconds: timeout, recordMode: record)
        var corpus = try CorpusArguments(&arguments, command: Self.name,
                                         knownOptions: ["--adapter", "--shard", "--format", "--out", "--jobs", "--timeout", "--record"])
        corpus.selection.shard = selectionShard
        self.corpus = corpus
    }

    @MainActor func run() async throws(CommandFailure) -> ExitCode {
        let makeAdapter: @MainActor () -> any RuntimeAdapter
        do { makeAdapter = try AdapterRegistry.factory(named: adapterName, command: Self.name) } catch {
            throw CommandFailure(message: "error: \(error.message)\n  hint: \(error.hint)", exitCode: .usage)
        }
        let loaded = try loadCorpus(corpus.path)
        let adapter = makeAdapter()
        let plan = Planner.plan(corpus: loaded, adapter: AdapterIdentity(adapter), capabilities: adapter.capabilities,
                                expectations: loaded.expectations(for: adapter.name), selection: corpus.selection)
        var buffer = ""
        let makeReporter = Self.formats.first { $0.name == format }!.make
        var reporters: [any RunReporter] = []
        if outputPath != nil {
            reporters.append(makeReporter { buffer += $0 + ($0.hasSuffix("\n") ? "" : "\n") })
            reporters.append(ConsoleReporter { print($0) })
        } else {
            reporters.append(makeReporter { print($0, terminator: $0.hasSuffix("\n") ? "" : "\n") })
        }
        var reused: (any RuntimeAdapter)? = adapter
        let runner = ConformanceRunner(corpus: loaded, options: options, reporters: reporters) {
            defer { reused = nil }
            return reused ?? makeAdapter()
        }
        let summary = await runner.run(plan)
        if let outputPath { try writeFileAtomically(Array(buffer.utf8), to: outputPath) }
        return summary.passed ? .success : .failuresFound
    }
}
