import Bisection
import Foundation
import HarnessSupport
import PerformanceData

/// `rive-harness bisect`: finds the first adapter version or runtime commit where a scenario's
/// verdict, a command's output or a benchmark changed.
struct BisectCommand: HarnessCommand {
    static let name = "bisect"
    static let summary = "find the first version or commit where a verdict, output or benchmark changed"
    static let options = OptionTable(command: name, column: 24, sections: [
        OptionSection("candidates", [
            OptionSpec("--commands-file", "FILE", synopsis: "(--commands-file FILE | [--adapter rive-cpp|apple] [--git-dir DIR] GOOD..BAD)", help: """
                one adapter command per line, oldest (good) first; blank lines
                and lines starting with '#' are ignored; 'LABEL<TAB>COMMAND'
                names a line (default label: v1, v2, …)
                """),
            OptionSpec("--git-dir", "DIR GOOD..BAD", synopsis: "", help: """
                the first-parent commits of a runtime repository from GOOD to
                BAD; each is built with the build script (cached by commit) and
                its driver used as the adapter command; without --git-dir, a
                range GOOD..BAD uses $RIVE_RUNTIME_GIT_DIR ($RIVE_IOS_GIT_DIR
                with --adapter apple), else the clone the build script keeps
                in the cache
                """),
            OptionSpec("--adapter", "NAME", synopsis: "", help: """
                with --git-dir: rive-cpp (default; DIR is a rive-runtime git
                directory, built by scripts/build-rive-cpp) or apple (DIR is a
                rive-ios git directory: each step builds the Swift layer and the
                runtime commit it pins with scripts/build-rive-ios --print
                adapter, which needs RIVE_RUNTIME_GIT_DIR)
                """),
        ]),
        OptionSection("predicates (exactly one)", [
            OptionSpec("--scenario", "ID", synopsis: "(--scenario ID [--corpus DIR] | --output-of SHELL | --benchmark NAME [--metric instructions|time] [--threshold PCT] [--repetitions N] [--change DIRECTION] [--bench-command SHELL])", help: """
                the scenario's verdict differs from the good end's; runs
                'rive-harness run CORPUS --filter ID --adapter process
                --command CMD' (CORPUS from --corpus, default Corpus)
                """),
            OptionSpec("--output-of", "SHELL", synopsis: "", help: """
                the standard output (and exit status 0 or 1) of a shell command
                differs from the good end's, for example a 'diff' dump; a status
                of 2 or more means untestable
                """),
            OptionSpec("--benchmark", "NAME", synopsis: "", help: """
                the benchmark regresses past its threshold against the good end;
                SHELL from --bench-command must write a results file
                (docs/performance-history.md) to $RIVE_HARNESS_BISECT_OUT
                """),
            OptionSpec("--metric", "M", synopsis: "", help: """
                instructions (default; deterministic) or time (Mann-Whitney U,
                measured again with twice the repetitions while undecided)
                """),
            OptionSpec("--threshold", "PCT", synopsis: "", help: "relative change that counts (default 0.5 for instructions, 5 for time)"),
            OptionSpec("--repetitions", "N", synopsis: "", help: "repetitions asked of the first measurement (default 5)"),
            OptionSpec("--change", "DIRECTION", synopsis: "", help: """
                what makes a candidate bad: regression (default; more
                instructions or slower), improvement (fewer or faster) or any
                """),
            OptionSpec("--corpus", "DIR", synopsis: "", help: nil),
            OptionSpec("--bench-command", "SHELL", synopsis: "", help: nil),
        ], note: """
            shell commands see: RIVE_HARNESS_BISECT_CANDIDATE (the command or commit),
            RIVE_HARNESS_BISECT_ADAPTER_COMMAND (the adapter command; the built driver for
            --git-dir), RIVE_HARNESS_BISECT_COMMIT (--git-dir only), RIVE_HARNESS_BISECT_OUT,
            RIVE_HARNESS_BISECT_REPETITIONS and RIVE_HARNESS_BISECT_HARNESS (this executable).
            """),
        OptionSection("other options", [
            OptionSpec("--max-attempts", "N", help: "observations of an undecided candidate before skipping it (default 3)"),
            OptionSpec("--build-script", "PATH", help: """
                the runtime build script (default scripts/build-rive-cpp, or
                scripts/build-rive-ios with --adapter apple)
                """),
            OptionSpec("--build-args", "='ARGS'", help: """
                extra arguments for the build script, split at spaces, for
                example --build-args='--unity 16' (with '=', since the value
                starts with --; scripts/build-rive-cpp --help)
                """),
            OptionSpec("--archive", "A", help: """
                with a git range: the build archive (a folder, or an http(s)://
                URL prefix, read-only) builds are imported from before any is
                compiled, and a folder gets what is compiled (passed to the
                build script as --archive; default $RIVE_HARNESS_ARCHIVE,
                which the build script reads itself)
                """),
            OptionSpec("--speculate", help: """
                with a git range: while a step is built and tested, build the
                candidates the next steps will test, whichever way the step
                goes (the next two, then the four after them…), starting
                once the run's first build has ended so that they reuse
                its compiler cache; same as --jobs 3 unless --jobs is given
                """),
            OptionSpec("--jobs", "N", help: """
                with a git range: builds that run at once, the current step's
                included (default 1, or 3 with --speculate); more than 1
                builds the next steps' candidates ahead as --speculate does
                """),
        ]),
    ])
    static let help = options.help(about: """
        Like 'git bisect' with skip: the first candidate is good, the last is bad; each step
        tests the untested candidate nearest the middle and halves the range. A candidate
        that cannot be tested (does not build, adapter does not start) is skipped and its
        neighbour tried. Both ends are checked first: the good end gives the baseline, the
        bad end must differ from it. Prints each step with its evidence and ends with the
        first bad candidate, its subject and the measured change.
        """, footer: """
        With a git range each build is announced before it starts ('building …', with the path
        of its log under $TMPDIR/rive-harness-bisect-builds/<UTC time>-<pid>/ to follow) and
        its time and whether it was compiled, imported from the archive, relinked (the archive's
        runtime with our programs compiled against it) or found in the cache are part of the
        step's evidence; each step also says how many candidates are left to test; the summary
        adds up the time and the builds (compiled, imported, relinked, cached, failed, and
        those built ahead that no step tested). A commit that does not build is skipped,
        like an untestable candidate, and named in the summary.

        exit codes: 0 the first bad candidate was found; 1 skipped candidates leave several
        suspects, or the ends do not differ; 2 usage error; 3 unreadable commands file or bad
        range; 4 internal error.
        """)

    /// What a step checks.
    enum PredicateChoice {
        /// A scenario's verdict.
        case scenario(id: String, corpus: String)
        /// A shell command's output.
        case output(command: String)
        /// A benchmark's measurement.
        case benchmark(name: String, metric: Metric, threshold: Double, repetitions: Int, direction: BenchmarkPredicate.Direction,
                       command: String)
    }

    let source: BisectSource
    let predicate: PredicateChoice
    let maxAttempts: Int
    let buildScript: String
    let buildArguments: [String]
    let jobs: Int

    init(arguments: inout ArgumentList) throws(UsageError) {
        let hint = "see 'rive-harness bisect --help'"
        let commandsFile = try arguments.option("--commands-file")
        let gitDirectory = try arguments.option("--git-dir")
        let scenario = try arguments.option("--scenario")
        let corpusOption = try arguments.option("--corpus")
        let corpus = corpusOption ?? "Corpus"
        let output = try arguments.option("--output-of")
        let benchmark = try arguments.option("--benchmark")
        let metricOption = try arguments.option("--metric")
        let thresholdText = try arguments.option("--threshold")
        let repetitionsOption = try arguments.option("--repetitions")
        let benchCommand = try arguments.option("--bench-command")
        let attemptsText = try arguments.option("--max-attempts") ?? "3"
        let changeText = try arguments.option("--change")
        let adapterText = try arguments.option("--adapter")
        let archive = try arguments.option("--archive")
        let speculate = arguments.flag("--speculate")
        let jobsText = try arguments.option("--jobs")
        let buildsApple: Bool
        switch adapterText {
        case nil, CachedAdapterOption.riveCpp.name?: buildsApple = false
        case CachedAdapterOption.apple.name?: buildsApple = true
        case let other?: throw UsageError(message: "--adapter takes rive-cpp or apple with --git-dir, got '\(other)'", hint: hint)
        }
        buildScript = try arguments.option("--build-script") ?? (buildsApple ? "scripts/build-rive-ios" : "scripts/build-rive-cpp")
        let buildArgumentsText = try arguments.option("--build-args")
        // The build script's last stdout line is the adapter command: build-rive-ios prints
        // its build folder unless asked for the adapter program.
        buildArguments = (buildsApple ? ["--print", "adapter"] : []) + (archive.map { ["--archive", $0] } ?? [])
            + (buildArgumentsText ?? "").split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        if let jobsText {
            guard let value = Int(jobsText), value >= 1, value <= 16 else {
                throw UsageError(message: "--jobs needs a whole number from 1 to 16, got '\(jobsText)'", hint: hint)
            }
            jobs = value
        } else {
            jobs = speculate ? 3 : 1
        }
        let positionals = try arguments.positionals()
        switch (commandsFile, gitDirectory) {
        case (let file?, nil):
            guard positionals.isEmpty else { throw UsageError(message: "unexpected argument '\(positionals[0])' with --commands-file", hint: hint) }
            source = .commandsFile(file)
        case (nil, let directory?):
            guard positionals.count == 1, positionals[0].contains("..") else {
                throw UsageError(message: "--git-dir needs one range GOOD..BAD", hint: "for example: rive-harness bisect --git-dir DIR v1.0..main --scenario ID")
            }
            source = .git(directory: directory, range: positionals[0])
        case (nil, nil) where positionals.count == 1 && positionals[0].contains(".."):
            let program: CachedProgram = buildsApple ? .appleAdapter : .riveCppDriver
            guard let directory = CachedProgramLocator(program).gitDirectory else {
                throw UsageError(message: "no \(program.repository) git directory for the range \(positionals[0])",
                                 hint: "pass --git-dir DIR, set \(program.gitDirectoryVariable), or run \(program.buildCommand) once (it clones \(program.upstreamURL) into the cache; offline, it cannot)")
            }
            source = .git(directory: directory, range: positionals[0])
        default:
            throw UsageError(message: "give exactly one of --commands-file and --git-dir", hint: hint)
        }
        guard let attempts = Int(attemptsText), attempts >= 1, attempts <= 10 else {
            throw UsageError(message: "--max-attempts needs a whole number from 1 to 10, got '\(attemptsText)'", hint: hint)
        }
        maxAttempts = attempts
        switch (scenario, output, benchmark) {
        case (let id?, nil, nil):
            predicate = .scenario(id: id, corpus: corpus)
        case (nil, let command?, nil):
            predicate = .output(command: command)
        case (nil, nil, let name?):
            let metricText = metricOption ?? "instructions", repetitionsText = repetitionsOption ?? "5"
            guard let metric = Metric(rawValue: metricText) else {
                throw UsageError(message: "--metric takes instructions or time, got '\(metricText)'", hint: hint)
            }
            let threshold: Double
            if let thresholdText {
                guard let value = Double(thresholdText), value > 0, value < 1000 else {
                    throw UsageError(message: "--threshold needs a percentage above 0, got '\(thresholdText)'", hint: hint)
                }
                threshold = value / 100
            } else {
                threshold = Comparison.defaultThreshold(metric)
            }
            guard let repetitions = Int(repetitionsText), repetitions >= 1, repetitions <= 1000 else {
                throw UsageError(message: "--repetitions needs a whole number from 1 to 1000, got '\(repetitionsText)'", hint: hint)
            }
            guard let benchCommand else {
                throw UsageError(message: "--benchmark needs --bench-command SHELL that writes a results file to $RIVE_HARNESS_BISECT_OUT",
                                 hint: "for example --bench-command '\"$RIVE_HARNESS_BISECT_HARNESS\" bench …' (docs/performance-history.md)")
            }
            let directionText = changeText ?? "regression"
            guard let direction = BenchmarkPredicate.Direction(rawValue: directionText) else {
                throw UsageError(message: "--change takes regression, improvement or any, got '\(directionText)'", hint: hint)
            }
            predicate = .benchmark(name: name, metric: metric, threshold: threshold, repetitions: repetitions, direction: direction,
                                   command: benchCommand)
        default:
            throw UsageError(message: "give exactly one predicate: --scenario, --output-of or --benchmark", hint: hint)
        }
        if scenario == nil, corpusOption != nil {
            throw UsageError(message: "--corpus belongs to --scenario", hint: hint)
        }
        if benchmark == nil, benchCommand != nil || thresholdText != nil || metricOption != nil || repetitionsOption != nil || changeText != nil {
            throw UsageError(message: "--bench-command, --metric, --threshold, --repetitions and --change belong to --benchmark", hint: hint)
        }
        if case .commandsFile = source, buildArgumentsText != nil || adapterText != nil || archive != nil || speculate || jobsText != nil {
            throw UsageError(message: "--build-args, --adapter, --archive, --speculate and --jobs belong to a git range", hint: hint)
        }
    }

    @MainActor func run() async throws(CommandFailure) -> ExitCode {
        // Builds run in process groups of their own: Ctrl-C stops them here.
        Subprocess.stopChildrenOnInterrupt(command: "rive-harness bisect")
        let candidates = try loadCandidates()
        // One folder per bisect, so a later run (where every build is a cache hit) does not
        // overwrite the logs of the builds that did the work.
        let runName = "\(Self.timestampFormat.string(from: Date()))-\(ProcessInfo.processInfo.processIdentifier)"
        let logFolder = FileManager.default.temporaryDirectory.appendingPathComponent("rive-harness-bisect-builds/\(runName)")
        let adapters = AdapterCommands(source: source, buildScript: buildScript, buildArguments: buildArguments,
                                       reportsBuilds: buildScript.hasSuffix("build-rive-cpp"), logFolder: logFolder, jobs: jobs,
                                       announce: { Self.say($0) })
        switch predicate {
        case .scenario(let id, let corpus):
            return try await bisect(candidates, VerdictPredicate(scenario: id, corpus: corpus, adapters: adapters), adapters: adapters)
        case .output(let command):
            return try await bisect(candidates, OutputPredicate(command: command, adapters: adapters), adapters: adapters)
        case .benchmark(let name, let metric, let threshold, let repetitions, let direction, let command):
            return try await bisect(candidates, BenchmarkPredicate(benchmark: name, metric: metric, threshold: threshold, direction: direction,
                                                                   repetitions: repetitions, command: command, adapters: adapters),
                                    adapters: adapters)
        }
    }

    /// Runs the engine with a predicate and prints the steps and the finding.
    @MainActor private func bisect<P: BisectPredicate>(_ candidates: [BisectCandidate], _ predicate: P,
                                                        adapters: AdapterCommands) async throws(CommandFailure) -> ExitCode {
        let started = Date()
        let bisector = Bisector(candidates: candidates, predicate: predicate, maxAttempts: maxAttempts, lookaheadCount: jobs > 1 ? 2 * jobs : 0,
                                lookahead: { await adapters.speculate($0) })
        Self.say("bisect: \(candidates.count) candidates, good \(candidates[0].label) … bad \(candidates[candidates.count - 1].label); "
              + "at most \(bisector.maximumSteps) steps without skips" + (jobs > 1 ? "; \(jobs) builds at once, building ahead" : ""))
        let outcome: BisectOutcome
        do {
            outcome = try await bisector.run { step in
                let role = switch step.role {
                case .goodEnd: "good end"
                case .badEnd: "bad end"
                case .step(let number): "step \(number)"
                }
                let attempts = step.attempts > 1 ? ", \(step.attempts) observations" : ""
                let left = step.role == .goodEnd ? "" : " [\(step.remaining) left to test, at most \(step.stepsLeft) more step\(step.stepsLeft == 1 ? "" : "s")]"
                Self.say("\(role): \(step.candidate.label) [\(step.index)] \(step.result.rawValue.uppercased()) "
                      + String(format: "(%.1f s%@)", step.seconds, attempts) + " \(step.evidence)\(left)")
            }
        } catch {
            Self.say(error.description)
            await Self.sayCost(adapters: adapters, started: started)
            return .failuresFound
        }
        await Self.sayCost(adapters: adapters, started: started)
        let lastGood = candidates[outcome.lastGood]
        Self.say("\(outcome.stepCount) steps (plus the 2 ends); last good: \(lastGood.label) \(lastGood.subject)")
        guard let firstBad = outcome.firstBad else {
            Self.say("first bad: one of \(outcome.suspects.map { candidates[$0].label }.joined(separator: ", ")) (skipped candidates could not be tested)")
            return .failuresFound
        }
        Self.say("first bad: \(candidates[firstBad].label) \(candidates[firstBad].subject)")
        Self.say("change: \(outcome.measuredChange)")
        return .success
    }

    /// Stops the builds ahead no step needs any more, then prints what the bisect cost: its wall
    /// time and, when it built commits, how the builds went.
    private static func sayCost(adapters: AdapterCommands, started: Date) async {
        await adapters.stopBuildsAhead()
        let tally = await adapters.tally
        var line = String(format: "time: %.1f s", Date().timeIntervalSince(started))
        if tally.total > 0 {
            line += String(format: "; builds: %d compiled, %d imported from the archive, %d with the archive's runtime and our programs compiled, %d cached, %d failed; %d built ahead and not tested, %d builds ahead stopped unfinished (%.1f s in the build script, summed)",
                           tally.compiled, tally.imported, tally.relinked, tally.cached, tally.failed.count, tally.unused, tally.stopped, tally.seconds)
        }
        say(line)
        if !tally.failed.isEmpty { say("skipped because they do not build: \(tally.failed.joined(separator: ", "))") }
    }

    /// `yyyyMMdd-HHmmss` in UTC, for the build-log folder of a run.
    private static let timestampFormat: DateFormatter = {
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "UTC")
        format.dateFormat = "yyyyMMdd-HHmmss"
        return format
    }()

    /// Writes a line to stdout unbuffered, so progress shows while long steps run.
    private static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// The candidates of the chosen source, oldest first.
    /// - Throws: `CommandFailure` (exit 3) for an unreadable file or a bad range.
    private func loadCandidates() throws(CommandFailure) -> [BisectCandidate] {
        let text: String? = if case .commandsFile(let path) = source { String(decoding: try readFileBytes(path), as: UTF8.self) } else { nil }
        do throws(BisectSourceError) {
            switch source {
            case .commandsFile(let path): return try BisectSource.candidates(commandsFile: text ?? "", path: path)
            case .git(let directory, let range): return try BisectSource.candidates(gitDirectory: directory, range: range)
            }
        } catch {
            let exitCode: ExitCode = switch error.kind {
            case .badInput: .badInput
            case .badRange: .usage
            case .cannotStart: .internalError
            }
            throw CommandFailure(reportText: error.message, exitCode: exitCode)
        }
    }
}
