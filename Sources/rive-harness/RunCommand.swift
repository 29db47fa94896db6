import AdapterProtocol
import Conformance
import Foundation
import HarnessSupport
import PerformanceData
import RuntimeAPI

/// `rive-harness run`: runs the corpus's scenarios against an adapter and reports verdicts.
struct RunCommand: HarnessCommand {
    static let name = "run"
    static let summary = "run conformance scenarios against a runtime adapter"
    static let options = OptionTable(command: name, positionals: "[CORPUS]", column: 21, options: [
        OptionSpec("--adapter", "NAME", help: """
            the runtime to test (default: reference); 'process' runs
            the program of --command over docs/adapter-protocol.md
            """),
        OptionSpec("--command", "'CMD'", synopsis: "[--command 'CMD ARGS']", help: """
            with --adapter process: the adapter program, run with
            /bin/sh -c; one child per job, restarted after a crash or
            timeout (example: --command 'rive-harness serve')
            """),
        OptionSpec("--adapter-name", "NAME", help: """
            with --adapter process: the name the reports and the
            history file use when the program fails its first handshake
            (default: process; a program that answers names itself)
            """),
        OptionSpec("--request-timeout", "S", help: """
            with --adapter process, rive-cpp or apple: seconds the
            child may take to answer one request (default 10); past it,
            TIMEOUT
            """),
        OptionSpec("--handshake-timeout", "S", help: """
            with --adapter process, rive-cpp or apple: seconds a child
            may take to start and answer the handshake (default: the
            --timeout value, 60 unless given)
            """),
        OptionSpec("--runtime-commit", "REV", help: """
            with --adapter rive-cpp: the Rive C++ runtime commit whose
            driver scripts/build-rive-cpp cached (default: HEAD of
            $RIVE_RUNTIME_GIT_DIR); docs/rive-cpp-adapter.md
            """),
        OptionSpec("--runtime-features", "LIST", help: """
            with --adapter rive-cpp: the engine features that
            driver was built with (scripts/build-rive-cpp --features):
            shipped (default: text, layout, scripting, audio), none, or a
            list such as text,audio
            """),
        OptionSpec("--runtime-sanitize", "LIST", help: """
            with --adapter rive-cpp: a driver built with
            scripts/build-rive-cpp --sanitize LIST (address, undefined)
            """),
        OptionSpec("--runtime-renderer", "R", help: """
            with --adapter rive-cpp: vulkan, the driver built with
            scripts/build-rive-cpp --renderer vulkan, drawing pixels with
            the Rive Renderer instead of cairo; docs/rive-renderer.md
            """),
        OptionSpec("--ios-commit", "REV", help: """
            with --adapter apple: the rive-ios commit whose Swift layer
            scripts/build-rive-ios --adapter cached, over the engine that
            commit pins (default: HEAD of $RIVE_IOS_GIT_DIR; a full sha
            needs no git directory); docs/apple-adapter.md
            """),
        OptionSpec("--filter", "GLOB", help: "scenario IDs to run: '*' within a folder, '**' across folders"),
        OptionSpec("--rules", "PREFIX", help: """
            scenarios checking a rule area (GLB) or one rule (GLB-5) of
            rules.yaml; a selection that matches nothing is a usage error
            """),
        OptionSpec("--shard", "K/N", help: """
            run part K of N of the selection (by position in ID order);
            'rive-harness merge' joins the parts' --format json files
            """),
        OptionSpec("--format", "FORMAT", synopsis: "[--format console|tap|junit|json]", help: """
            console (default), tap (TAP 13), junit (JUnit XML) or json
            (docs/results-format.md)
            """),
        OptionSpec("--out", "FILE", help: """
            write the format to FILE (atomically) and print the console
            report to stdout; FILE's folder is checked before running
            """),
        OptionSpec("--jobs", "N", help: """
            adapter instances, 1…64 (default 1); they share the main actor and
            interleave only where an adapter suspends, so adapters that
            never suspend (the reference one) run one scenario at a time;
            process adapters run N children in parallel
            """),
        OptionSpec("--timeout", "SECONDS", help: """
            per-scenario timeout unless a scenario sets one (default 60,
            at most 86400)
            """),
        OptionSpec("--history", "DIR", synopsis: "[--history DIR | --no-history]", help: """
            also append the run to DIR/runs/ as a history file
            (<UTC yyyyMMdd-HHmmss>-<testbed>-conformance-<adapter>.json,
            docs/performance-history.md) for 'history', 'dashboard' and
            'nightly' (default: $RIVE_HARNESS_RESULTS, else results)
            """),
        OptionSpec("--no-history", synopsis: "", help: "do not append a history file"),
        OptionSpec("--record", "MODE", synopsis: "[--record missing|all|never]", help: """
            golden digests: missing (default; never when CI=true, or
            RIVE_HARNESS_RECORD when set, which must be a mode)
            writes absent goldens, all rewrites every golden, never
            only compares (CI); recording fails the scenario
            """),
        OptionSpec("--verify", synopsis: "[--verify [--verify-seed N]]", help: """
            run each scenario several ways and require the same verdict:
            fresh, on a reused worker, with splittable advances cut into
            4, and in a seeded shuffled order (docs/scenario-format.md,
            "Verify mode"); a disagreement is a FAIL naming the variants
            """),
        OptionSpec("--verify-seed", "N", synopsis: "", help: "the shuffled order's seed (default 1; needs --verify)"),
    ])
    static let help = options.help(about: """
        Plans the scenarios of CORPUS (default: Corpus) for the adapter (capabilities decide
        run or skip), runs them and reports a verdict per scenario: PASS, FAIL, ERROR, TIMEOUT,
        CRASH, SKIP, XFAIL or XPASS. Known failures come from CORPUS/expectations/NAME.yaml.

        Scenarios with a fixture 'shared/NAME' load upstream files from
        $RIVE_HARNESS_SHARED/rive-assets, else from shared/rive-assets beside the folder that
        holds CORPUS (CORPUS/../../shared/rive-assets), not from the working folder: a corpus
        copied to /tmp/x/Corpus looks in /tmp/shared. Without the files those scenarios SKIP
        and say which file is absent; set RIVE_HARNESS_SHARED for a copied corpus.
        """, footer: """
        exit codes: 0 every scenario passed, skipped or failed as expected; 1 a scenario
        failed, errored, timed out, crashed or passed unexpectedly, or the corpus has
        problems; 2 usage error (including an unknown adapter, a repeated option or a
        selection that matches nothing); 3 the corpus folder is missing, or the adapter
        process failed its first handshake (it could not start, died, broke the protocol or
        did not answer within --handshake-timeout: the results file and the history file are
        still written, with every scenario that would run ERROR and the problem
        adapter.start-failed naming the command and the stderr tail); 4 internal error (for
        example --out cannot be written).
        """)

    /// The most adapter instances `--jobs` may ask for: each may be a child process with its
    /// own pipes and threads, and more than this gains nothing on any machine we run.
    static let maximumJobs = 64

    /// The output formats and the reporter each makes.
    static let formats: [(name: String, make: @MainActor (@escaping @MainActor (String) -> Void) -> any RunReporter)] = [
        ("console", { ConsoleReporter(write: $0) }), ("tap", { TAPReporter(write: $0) }),
        ("junit", { JUnitReporter(write: $0) }), ("json", { JSONReporter(write: $0) }),
    ]

    let corpus: CorpusArguments
    let format: String
    let outputPath: String?
    let options: RunOptions
    /// The results folder the history file goes to, or nil for none.
    let historyFolder: String?
    /// The adapter and its options.
    let selection: AdapterSelection
    /// How long a process adapter's child may take to answer its handshake (`--handshake-timeout`, else `--timeout`).
    let handshakeTimeoutSeconds: Double

    init(arguments: inout ArgumentList) throws(UsageError) {
        let hint = "see 'rive-harness run --help'"
        let adapterName = try arguments.option("--adapter") ?? "reference"
        selection = try AdapterSelection(names: [adapterName], arguments: &arguments, command: Self.name, single: true)
        var selectionShard: Shard?
        if let shard = try arguments.option("--shard") {
            guard let parsed = Shard(shard) else { throw UsageError(message: Shard.usageMessage(shard), hint: hint) }
            selectionShard = parsed
        }
        let chosenFormat = try arguments.option("--format") ?? "console"
        guard Self.formats.contains(where: { $0.name == chosenFormat }) else {
            throw UsageError(message: "unknown format '\(chosenFormat)'", hint: "use one of: \(Self.formats.map(\.name).joined(separator: ", "))")
        }
        format = chosenFormat
        outputPath = try arguments.option("--out")
        guard outputPath != "" else { throw UsageError(message: "--out needs a file path, got an empty one", hint: hint) }
        let history = try arguments.option("--history")
        if arguments.flag("--no-history") {
            guard history == nil else { throw UsageError(message: "--history and --no-history exclude each other", hint: hint) }
            historyFolder = nil
        } else {
            let folder = history ?? defaultResultsFolder
            guard !folder.isEmpty else { throw UsageError(message: "--history needs a folder, got an empty one", hint: hint) }
            historyFolder = folder
        }
        let jobsText = try arguments.option("--jobs") ?? "1"
        guard let jobs = Int(jobsText), (1...Self.maximumJobs).contains(jobs) else {
            throw UsageError(message: "--jobs needs a whole number from 1 to \(Self.maximumJobs), got '\(jobsText)'",
                             hint: "each job is an adapter instance (a child process for process adapters); this machine has "
                                 + "\(ProcessInfo.processInfo.activeProcessorCount) core(s); \(hint)")
        }
        let timeoutText = try arguments.option("--timeout") ?? "60"
        guard let timeout = Double(timeoutText), timeout > 0, timeout <= RunOptions.maximumTimeoutSeconds else {
            throw UsageError(message: "--timeout needs a positive number of seconds up to \(Int(RunOptions.maximumTimeoutSeconds)) (one day), got '\(timeoutText)'",
                             hint: hint)
        }
        let record: RecordMode
        if let recordText = try arguments.option("--record") {
            guard let mode = RecordMode(rawValue: recordText) else {
                throw UsageError(message: "unknown record mode '\(recordText)'", hint: "use missing, all or never")
            }
            record = mode
        } else {
            do { record = try RecordMode.fromEnvironment(ProcessInfo.processInfo.environment) } catch {
                throw UsageError(message: error.description, hint: "set RIVE_HARNESS_RECORD to missing, all or never, or pass --record")
            }
        }
        let verify = arguments.flag("--verify")
        var verifyOptions: VerifyOptions?
        if verify { verifyOptions = VerifyOptions() }
        if let seedText = try arguments.option("--verify-seed") {
            guard verify else { throw UsageError(message: "--verify-seed needs --verify", hint: hint) }
            guard let seed = UInt64(seedText) else { throw UsageError(message: "--verify-seed needs a whole number from 0 to \(UInt64.max), got '\(seedText)'", hint: hint) }
            verifyOptions?.seed = seed
        }
        options = RunOptions(jobs: jobs, defaultTimeoutSeconds: timeout, recordMode: record, verify: verifyOptions)
        handshakeTimeoutSeconds = selection.handshakeTimeoutSeconds ?? timeout
        var corpus = try CorpusArguments(&arguments, command: Self.name)
        corpus.selection.shard = selectionShard
        self.corpus = corpus
    }

    @MainActor func run() async throws(CommandFailure) -> ExitCode {
        let entry = selection.adapters[0]
        var process = try selection.configuration(at: 0)
        process?.handshakeTimeoutSeconds = handshakeTimeoutSeconds
        if let outputPath { try Self.checkWritable(outputPath) }
        // The adapter process starts while the corpus loads.
        let launch = process.map { ProcessAdapter.launch(configuration: $0) }
        let loaded = try loadCorpus(corpus.path)
        try corpus.checkRules(in: loaded, command: Self.name)
        let adapter: any RuntimeAdapter
        let makeAdapter: @MainActor () -> any RuntimeAdapter
        var startFailure: AdapterRegistry.StartFailure?
        if let launch {
            switch AdapterRegistry.processFactory(launch, name: selection.fallbackName ?? entry.name) {
            case .success(let started):
                adapter = started.first
                makeAdapter = started.make
            case .failure(let failure):
                // The run still reports: every scenario ERROR, the failure a problem of the run.
                startFailure = failure
                adapter = failure.placeholder
                makeAdapter = { failure.placeholder }
            }
        } else {
            makeAdapter = try selection.factory(at: 0)
            adapter = makeAdapter()
        }
        func makePlan(_ selection: Selection) -> RunPlan {
            var plan = Planner.plan(corpus: loaded, adapter: AdapterIdentity(adapter), capabilities: adapter.capabilities,
                                    expectations: startFailure == nil ? loaded.expectations(for: adapter.name) : Expectations(entries: [:], problems: []),
                                    selection: selection)
            if let startFailure { plan.problems.append(startFailure.diagnostic) }
            return plan
        }
        var plan = makePlan(corpus.selection)
        plan.shardRecord?.identity["testbed"] = BuildIdentity.testbed().fingerprint
        plan.shardRecord?.identity["runtime-commits"] = (adapter as? ProcessAdapter)?.identity.runtimeCommit ?? "none"
        var unsharded = corpus.selection
        unsharded.shard = nil
        if plan.entries.isEmpty, unsharded.filter != nil || unsharded.rules != nil, makePlan(unsharded).entries.isEmpty {
            let named = [unsharded.filter.map { "--filter '\($0)'" }, unsharded.rules.map { "--rules '\($0)'" }].compactMap { $0 }
            throw CommandFailure(message: "\(named.joined(separator: " with ")) selects no scenario of \(loaded.root)", hint: "run 'rive-harness list \(loaded.root)' with the same selection to see what it holds", exitCode: .usage)
        }
        if let verify = options.verify {
            let scenarios = plan.entries.compactMap { entry -> Scenario? in
                if case .run(let scenario) = entry.decision { return scenario }
                return nil
            }
            let splittable = scenarios.map { Verification.splittableAdvances(in: $0).count }
            printError("verify: \(scenarios.count) scenario(s) run fresh, on a reused worker and in shuffled order (seed \(verify.seed)); "
                       + "\(splittable.filter { $0 > 0 }.count) have advances split into \(verify.splitParts) (\(splittable.reduce(0, +)) advance step(s))")
        }
        let startedAt = Date()
        var buffer = ""
        var historyJSON = ""
        let makeReporter = Self.formats.first { $0.name == format }!.make
        var reporters: [any RunReporter] = []
        if outputPath != nil {
            reporters.append(makeReporter { buffer += $0 + ($0.hasSuffix("\n") ? "" : "\n") })
            reporters.append(ConsoleReporter { print($0) })
        } else {
            reporters.append(makeReporter { print($0, terminator: $0.hasSuffix("\n") ? "" : "\n") })
        }
        if historyFolder != nil { reporters.append(JSONReporter { historyJSON += $0 }) }
        var reused: (any RuntimeAdapter)? = adapter
        let runner = ConformanceRunner(corpus: loaded, options: options, reporters: reporters) {
            defer { reused = nil }
            return reused ?? makeAdapter()
        }
        let summary: RunSummary
        if let startFailure {
            summary = runner.report(plan, adapterFailure: startFailure.scenarioMessage)
            printError(startFailure.diagnostic.description)
        } else {
            summary = await runner.run(plan)
        }
        if let outputPath { try writeFileAtomically(Array(buffer.utf8), to: outputPath) }
        if let historyFolder {
            // The Rive Renderer's device, as its headless target picks it, names the pixels' testbed.
            let vulkanDevice = selection.renderers[0] == "vulkan" ? Testbed.preferredVulkanDevice() : nil
            let path = try Self.appendHistory(historyJSON, folder: historyFolder, startedAt: startedAt, adapter: AdapterIdentity(adapter),
                                              runtimeCommit: (adapter as? ProcessAdapter)?.identity.runtimeCommit, corpusHash: loaded.hash,
                                              vulkanDevice: vulkanDevice)
            printError("history: \(path)")
        }
        if startFailure != nil { return .badInput }
        return summary.passed ? .success : .failuresFound
    }

    /// Writes the run's history file (kind `conformance`, the results document embedded) to
    /// `FOLDER/runs/<UTC yyyyMMdd-HHmmss>-<testbed>-conformance-<adapter>.json`, atomically;
    /// its testbed names `vulkanDevice` when the pixels were drawn by the Rive Renderer.
    /// - Returns: the file's path.
    /// - Throws: `CommandFailure` (exit 4) when it cannot be written.
    static func appendHistory(_ resultsJSON: String, folder: String, startedAt: Date, adapter: AdapterIdentity, runtimeCommit: String?,
                              corpusHash: String, vulkanDevice: String? = nil) throws(CommandFailure) -> String {
        var testbed = BuildIdentity.testbed()
        testbed.vulkanDevice = vulkanDevice
        let file: RunFile
        do {
            let embedded = try PerformanceData.JSONValue.parse(Array(resultsJSON.utf8))
            let harness = HarnessContext(kind: .conformance, createdAt: ISO8601DateFormatter().string(from: startedAt), metric: nil,
                                         adapters: [AdapterRecord(name: adapter.name, version: adapter.version, runtimeCommit: runtimeCommit)],
                                         harnessCommit: BuildIdentity.harnessCommit(), corpusHash: corpusHash, testbed: TestbedRecord(testbed))
            file = try RunFile(context: .object([:]), rows: [], harness: harness, conformanceDocument: embedded)
        } catch {
            throw CommandFailure(message: "the run's JSON results do not make a run file (\(error))", hint: "this is a bug; report it", exitCode: .internalError)
        }
        let path = RunFilePath.path(in: folder, createdAt: startedAt, testbed: testbed.fingerprint, kind: .conformance, adapter: adapter.name)
        do { try file.write(to: path) } catch {
            throw CommandFailure(message: "cannot write the history file '\(path)': \(error.reason)", hint: "check that \(folder) is writable, or pass --no-history",
                                 exitCode: .internalError)
        }
        return path
    }

    /// Fails early, before anything runs, when `--out` cannot be written: the path is a
    /// folder, or its folder cannot be created or does not take a new file (probed by
    /// creating and removing a temporary file there, so `/proc` and read-only mounts fail here).
    /// - Throws: `CommandFailure` with exit code 4.
    private static func checkWritable(_ path: String) throws(CommandFailure) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        let problem: String?
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            problem = "it is a folder"
        } else {
            problem = AtomicFile.probeFolder(folder)
        }
        if let problem {
            throw CommandFailure(message: "cannot write --out '\(path)': \(problem)", hint: "choose a file in a writable folder; nothing was run",
                                 exitCode: .internalError)
        }
    }
}
