import BuildArchive
import Foundation
import HarnessSupport
import PerformanceData

/// Where bisect's candidates come from.
public enum BisectSource: Sendable {
    /// Lines of a commands file.
    case commandsFile(String)
    /// A git range of a runtime repository.
    case git(directory: String, range: String)
}

/// Turns a bisect candidate into an adapter command: the commands file's line as it is, or a
/// runtime commit built with the build script (its driver). Builds are remembered per commit;
/// each build announces itself before it starts and keeps its log, so a build of several
/// minutes shows where it is (`tail -f` the log) and a failed one can be read in full. Builds
/// run on threads of their own, so while a step's build or test runs, the builds of the
/// candidates the next steps will test (`speculate`) run beside it, up to `jobs` at once, at
/// the lowest CPU priority until a step needs one of them.
public actor AdapterCommands {
    /// A candidate ready to run.
    struct Prepared: Sendable {
        /// The adapter command line for `--adapter process --command`.
        let command: String
        /// The environment shell commands see (`RIVE_HARNESS_BISECT_*`).
        let environment: [String: String]
        /// How it was prepared, for the evidence: `build 312.4 s; `, or empty.
        let note: String
    }

    /// What the builds of one bisect cost, for the closing summary.
    public struct BuildTally: Sendable {
        /// Commits whose build compiled the runtime.
        public var compiled = 0
        /// Commits whose runtime was imported from the build archive and our programs compiled against it.
        public var relinked = 0
        /// Commits imported from the build archive whole (runtime and our programs).
        public var imported = 0
        /// Commits found built in the local cache.
        public var cached = 0
        /// Commits whose build failed, with their labels, in the order they failed.
        public var failed: [String] = []
        /// Builds made ahead that no step tested (the other outcome), finished or still running at the end.
        public var unused = 0
        /// Builds ahead stopped unfinished because no upcoming step would test them any more
        /// (their objects are kept in the cache folder for a later build of the commit).
        public var stopped = 0
        /// Wall time spent in the build script, summed over builds (parallel builds overlap), seconds.
        public var seconds = 0.0

        /// Every build run to its end, failed ones included.
        public var total: Int { compiled + relinked + imported + cached + failed.count }
    }

    private let source: BisectSource
    private let buildScript: String
    private let buildArguments: [String]
    private let reportsBuilds: Bool
    private let logFolder: URL
    private let jobs: Int
    private let announce: @Sendable (String) -> Void
    private var prepared: [String: Task<Result<Prepared, BuildFailure>, Never>] = [:]
    /// Candidates a step asked for (the rest of `prepared` was built ahead and not used yet).
    private var used: Set<String> = []
    /// Candidates to build ahead, nearest step first, waiting for a free job.
    private var ahead: [BisectCandidate] = []
    /// Builds running ahead of the steps.
    private var aheadRunning = 0
    /// Whether a build of this run has ended; builds ahead wait for it, so that they find the
    /// compiler cache filled by a neighbouring commit instead of compiling the same files beside it.
    private var firstBuildEnded = false
    /// Commits a step asked for while their build ran ahead: their builds run at normal priority.
    private var promoted: Set<String> = []
    /// The nice value of builds ahead: they use the cores a step's own build leaves idle.
    static let aheadNiceness: Int32 = 19
    /// Numbers the builds, so a commit stopped and built again is told apart from its first build.
    private var nextBuild = 0
    /// The commit and the build script's process id of each build running, by build number.
    private var running: [Int: (commit: String, pid: Int32)] = [:]
    /// Builds whose build script is running, by number.
    private var inFlight: Set<Int> = []
    /// Builds that were stopped, by number.
    private var stopped: Set<Int> = []
    /// The tasks of stopped builds, to wait for at the end.
    private var stopping: [Task<Result<Prepared, BuildFailure>, Never>] = []
    private var builds = BuildTally()

    /// Why a commit could not be built.
    struct BuildFailure: Error {
        /// The build script's account.
        let reason: String
    }

    /// - Parameters:
    ///   - buildArguments: added to the build script's `--git-dir DIR --commit SHA`, for
    ///     example `--unity 16` or `--archive A`.
    ///   - reportsBuilds: the build script takes `--report FILE` (scripts/build-rive-cpp), so the
    ///     tally tells compiled, cached and imported builds apart; otherwise each counts as compiled.
    ///   - logFolder: where each build's standard error is kept (`build-<commit>.log`).
    ///   - jobs: builds that run at once, the current step's included; more than 1 builds ahead.
    ///   - announce: prints a progress line.
    public init(source: BisectSource, buildScript: String, buildArguments: [String] = [], reportsBuilds: Bool = false, logFolder: URL,
                jobs: Int = 1, announce: @escaping @Sendable (String) -> Void) {
        self.source = source
        self.buildScript = buildScript
        self.buildArguments = buildArguments
        self.reportsBuilds = reportsBuilds
        self.logFolder = logFolder
        self.jobs = max(1, jobs)
        self.announce = announce
    }

    /// What the builds cost so far; builds made ahead and never tested count as unused.
    public var tally: BuildTally {
        var tally = builds
        tally.unused = prepared.keys.filter { !used.contains($0) }.count
        return tally
    }

    /// The adapter command of a candidate, building it first for a git source (or waiting for
    /// its build ahead to finish).
    func prepare(_ candidate: BisectCandidate) async -> Result<Prepared, BuildFailure> {
        used.insert(candidate.payload)
        ahead.removeAll { $0.payload == candidate.payload }
        if let known = prepared[candidate.payload] {
            promote(candidate.payload)
            return await known.value
        }
        let task = Task { await self.make(candidate) }
        prepared[candidate.payload] = task
        return await task.value
    }

    /// Replaces the candidates to build ahead with these, nearest step first: stops the builds
    /// ahead still running that are not among them (no step will test them now, and their jobs
    /// are better spent), then starts as many as free jobs allow (`jobs - 1`). Does nothing for
    /// a commands file or with one job.
    public func speculate(_ candidates: [BisectCandidate]) {
        guard jobs > 1, case .git = source else { return }
        let wanted = Set(candidates.map(\.payload))
        stop { !wanted.contains($0) }
        ahead = candidates.filter { prepared[$0.payload] == nil }
        startAhead()
    }

    /// Stops the builds ahead still running and waits for them to end, and forgets the ones
    /// not started; call it when bisect ends.
    public func stopBuildsAhead() async {
        ahead.removeAll()
        stop { _ in true }
        for task in stopping { _ = await task.value }
        stopping.removeAll()
    }

    /// Stops the running builds that no step asked for and whose commit `unwanted` selects;
    /// a later step that needs such a commit builds it again.
    private func stop(_ unwanted: (String) -> Bool) {
        for (build, (commit, pid)) in running where !used.contains(commit) && unwanted(commit) && !stopped.contains(build) {
            stopped.insert(build)
            builds.stopped += 1
            Subprocess.stopTree(pid)
            if let task = prepared.removeValue(forKey: commit) { stopping.append(task) }
            announce("  stopped the build ahead of \(commit.prefix(10)): no upcoming step tests it")
        }
    }

    /// Records a build's process id while it runs (not once it has ended), at normal priority
    /// when a step asked for its commit meanwhile.
    private func setRunning(_ build: Int, commit: String, pid: Int32) {
        guard inFlight.contains(build) else { return }
        running[build] = (commit, pid)
        if promoted.contains(commit) { Subprocess.setPriority(ofTree: pid, niceness: 0) }
    }

    /// A step needs this commit: its build ahead, if still running, gets normal priority back.
    private func promote(_ commit: String) {
        guard promoted.insert(commit).inserted else { return }
        for (_, build) in running where build.commit == commit { Subprocess.setPriority(ofTree: build.pid, niceness: 0) }
    }

    /// Starts builds ahead while jobs are free, once a first build has ended.
    private func startAhead() {
        while firstBuildEnded, aheadRunning < jobs - 1, !ahead.isEmpty {
            let candidate = ahead.removeFirst()
            guard prepared[candidate.payload] == nil else { continue }
            aheadRunning += 1
            prepared[candidate.payload] = Task {
                let result = await self.make(candidate, ahead: true)
                await self.aheadFinished()
                return result
            }
        }
    }

    /// Frees a build-ahead job and starts the next one waiting.
    private func aheadFinished() {
        aheadRunning -= 1
        startAhead()
    }

    /// The prepared candidate: the command itself, or its commit built.
    private func make(_ candidate: BisectCandidate, ahead: Bool = false) async -> Result<Prepared, BuildFailure> {
        var environment = ["RIVE_HARNESS_BISECT_CANDIDATE": candidate.payload, "RIVE_HARNESS_BISECT_HARNESS": Subprocess.harnessExecutable]
        switch source {
        case .commandsFile:
            environment["RIVE_HARNESS_BISECT_ADAPTER_COMMAND"] = candidate.payload
            return .success(Prepared(command: candidate.payload, environment: environment, note: ""))
        case .git(let directory, _):
            environment["RIVE_HARNESS_BISECT_COMMIT"] = candidate.payload
            return await build(candidate, directory: directory, environment: environment, ahead: ahead)
        }
    }

    /// Builds one commit with the build script, its standard error going to a kept log file.
    private func build(_ candidate: BisectCandidate, directory: String, environment: [String: String], ahead: Bool) async -> Result<Prepared, BuildFailure> {
        let log = logFolder.appendingPathComponent("build-\(candidate.payload).log")
        let report = logFolder.appendingPathComponent("build-\(candidate.payload).report")
        let arguments = ["--git-dir", directory, "--commit", candidate.payload] + (reportsBuilds ? ["--report", report.path] : []) + buildArguments
        announce("  building \(ahead ? "ahead " : "")\(candidate.label) \(candidate.subject.prefix(72)) (log: \(log.path))")
        try? FileManager.default.createDirectory(at: logFolder, withIntermediateDirectories: true)
        let build: Subprocess.Outcome
        let commit = candidate.payload
        let number = nextBuild
        nextBuild += 1
        inFlight.insert(number)
        defer {
            inFlight.remove(number)
            running[number] = nil
            if !firstBuildEnded {
                firstBuildEnded = true
                startAhead()
            }
        }
        // A build ahead runs at the lowest priority, so that it takes only what the current
        // step's build leaves idle (on two cores, building beside it would halve its speed).
        let (executable, commandArguments) = ahead ? ("/usr/bin/env", ["nice", "-n", String(Self.aheadNiceness), buildScript] + arguments)
                                                   : (buildScript, arguments)
        do throws(SubprocessError) {
            build = try await Subprocess.runInBackground(executable, commandArguments, standardErrorFile: log.path) { pid in
                Task { await self.setRunning(number, commit: commit, pid: pid) }
            }
        } catch {
            builds.failed.append(candidate.label)
            return .failure(BuildFailure(reason: "cannot run the build script \(buildScript): \(error.report)"))
        }
        if stopped.contains(number) { return .failure(BuildFailure(reason: "its build ahead was stopped")) }
        builds.seconds += build.seconds
        let driver = build.standardOutput.split(separator: "\n").last.map(String.init) ?? ""
        guard build.status == 0, !driver.isEmpty else {
            builds.failed.append(candidate.label)
            let tail = build.errorTail(lines: 3)
            announce(String(format: "  build of %@ failed (status %d, %.1f s); skipping it; see %@", candidate.label, build.status, build.seconds, log.path))
            return .failure(BuildFailure(reason: String(format: "does not build (status %d, %.1f s): ", build.status, build.seconds) + tail))
        }
        let origin = FileManager.default.contents(atPath: report.path).flatMap { BuildReport(parsing: String(decoding: $0, as: UTF8.self)) }
        let how = origin?.summary ?? "built"
        switch how {
        case "imported": builds.imported += 1
        case "relinked": builds.relinked += 1
        case "cached": builds.cached += 1
        default: builds.compiled += 1
        }
        announce(String(format: "  %@ %@ in %.1f s", how, candidate.label, build.seconds))
        var environment = environment
        environment["RIVE_HARNESS_BISECT_ADAPTER_COMMAND"] = driver
        return .success(Prepared(command: driver, environment: environment, note: String(format: "%@ %.1f s; ", how == "compiled" ? "build" : how, build.seconds)))
    }
}

/// A scenario's verdict, run with `rive-harness run --adapter process`.
public struct VerdictPredicate: BisectPredicate {
    /// A verdict and what explains it.
    public struct Observation: Sendable {
        /// PASS, FAIL, …
        let verdict: String
        /// The divergence or message.
        let detail: String

        /// The detail in parentheses after a space, or nothing when there is none.
        var explained: String {
            let line = detail.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " | ")
            return line.isEmpty ? "" : " (\(line.prefix(200)))"
        }
    }

    let scenario: String
    let corpus: String
    let adapters: AdapterCommands

    /// A predicate on scenario `scenario` of the corpus at `corpus`, run on each candidate's adapter command.
    public init(scenario: String, corpus: String, adapters: AdapterCommands) {
        self.scenario = scenario
        self.corpus = corpus
        self.adapters = adapters
    }

    public func observe(_ candidate: BisectCandidate, previous: Observation?) async -> ProbeOutcome<Observation> {
        let prepared: AdapterCommands.Prepared
        do { prepared = try await adapters.prepare(candidate).get() } catch { return .unavailable(reason: error.reason) }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("rive-harness-bisect-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let arguments = ["run", corpus, "--filter", scenario, "--format", "json", "--out", output, "--record", "never", "--no-history",
                         "--adapter", "process", "--command", prepared.command]
        let outcome: Subprocess.Outcome
        do { outcome = try Subprocess.run(Subprocess.harnessExecutable, arguments, environment: prepared.environment) } catch {
            return .unavailable(reason: error.report)
        }
        guard outcome.status <= 1, let data = FileManager.default.contents(atPath: output),
              let results = try? JSONDecoder().decode(ConformanceResults.self, from: data)
        else {
            return .unavailable(reason: "rive-harness run exited \(outcome.status): \(outcome.errorTail(lines: 3))")
        }
        guard let result = results.scenarios.first(where: { $0.id == scenario }) else {
            return .unavailable(reason: "the run has no scenario '\(scenario)'")
        }
        let detail = result.divergence?.summary ?? result.message ?? ""
        let observation = Observation(verdict: result.verdict, detail: detail)
        return .observed(observation, evidence: prepared.note + result.verdict + observation.explained)
    }

    public func judge(_ observation: Observation, baseline: Observation) -> (judgement: Judgement, evidence: String) {
        if observation.verdict == baseline.verdict { return (.good, "\(scenario): \(observation.verdict), as at the good end") }
        return (.bad, "\(scenario): \(baseline.verdict) → \(observation.verdict)\(observation.explained)")
    }
}

/// A shell command's standard output and exit status (0 or 1), for example a `diff` dump.
public struct OutputPredicate: BisectPredicate {
    /// What the command printed.
    public struct Observation: Sendable {
        /// 0 or 1.
        let status: Int32
        /// The standard output.
        let output: String
    }

    let command: String
    let adapters: AdapterCommands

    /// A predicate on the output of the shell command `command`.
    public init(command: String, adapters: AdapterCommands) {
        self.command = command
        self.adapters = adapters
    }

    public func observe(_ candidate: BisectCandidate, previous: Observation?) async -> ProbeOutcome<Observation> {
        let prepared: AdapterCommands.Prepared
        do { prepared = try await adapters.prepare(candidate).get() } catch { return .unavailable(reason: error.reason) }
        let outcome: Subprocess.Outcome
        do { outcome = try Subprocess.shell(command, environment: prepared.environment) } catch { return .unavailable(reason: error.report) }
        guard outcome.status <= 1 else { return .unavailable(reason: "the command exited \(outcome.status): \(outcome.errorTail(lines: 3))") }
        var hash = FNV1a64()
        hash.combine(outcome.standardOutput.utf8)
        let lines = outcome.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).count
        return .observed(Observation(status: outcome.status, output: outcome.standardOutput),
                         evidence: prepared.note + "status \(outcome.status), \(lines) lines, digest \(hash.hexDigest)")
    }

    public func judge(_ observation: Observation, baseline: Observation) -> (judgement: Judgement, evidence: String) {
        if observation.status == baseline.status, observation.output == baseline.output {
            return (.good, "output identical to the good end's (status \(observation.status))")
        }
        let new = observation.output.split(separator: "\n", omittingEmptySubsequences: false)
        let old = baseline.output.split(separator: "\n", omittingEmptySubsequences: false)
        guard let line = zip(old, new).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset ?? (old.count == new.count ? nil : min(old.count, new.count)) else {
            return (.bad, "exit status \(baseline.status) → \(observation.status), output identical")
        }
        func quote(_ lines: [Substring]) -> String { line < lines.count ? "\"\(lines[line].prefix(120))\"" : "(no line)" }
        return (.bad, "output differs at line \(line + 1): \(quote(old)) → \(quote(new))")
    }
}

/// A benchmark's measurement from a results file a shell command writes.
public struct BenchmarkPredicate: BisectPredicate {
    /// Which verdicts of the comparison with the good end make a candidate bad.
    public enum Direction: String, CaseIterable, Sendable {
        /// More instructions or slower (the default: a regression hunt).
        case regression
        /// Fewer instructions or faster (where did this get better?).
        case improvement
        /// Either way past the threshold (where did the cost change?).
        case any
    }

    let benchmark: String
    let metric: Metric
    let threshold: Double
    let direction: Direction
    let repetitions: Int
    let command: String
    let adapters: AdapterCommands

    /// A predicate on `benchmark` in the results file `command` writes, judged against
    /// `threshold` (a fraction) as `compare` judges one benchmark.
    public init(benchmark: String, metric: Metric, threshold: Double, direction: Direction, repetitions: Int, command: String, adapters: AdapterCommands) {
        self.benchmark = benchmark
        self.metric = metric
        self.threshold = threshold
        self.direction = direction
        self.repetitions = repetitions
        self.command = command
        self.adapters = adapters
    }

    public func observe(_ candidate: BisectCandidate, previous: BenchmarkMeasurement?) async -> ProbeOutcome<BenchmarkMeasurement> {
        let prepared: AdapterCommands.Prepared
        do { prepared = try await adapters.prepare(candidate).get() } catch { return .unavailable(reason: error.reason) }
        // Each further observation of an undecided candidate asks for twice the repetitions so far.
        let asked = previous.map { $0.samples.count * 2 } ?? repetitions
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("rive-harness-bisect-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        var environment = prepared.environment
        environment["RIVE_HARNESS_BISECT_OUT"] = output
        environment["RIVE_HARNESS_BISECT_REPETITIONS"] = String(asked)
        let outcome: Subprocess.Outcome
        do { outcome = try Subprocess.shell(command, environment: environment) } catch { return .unavailable(reason: error.report) }
        guard outcome.status == 0 else { return .unavailable(reason: "the bench command exited \(outcome.status): \(outcome.errorTail(lines: 3))") }
        let record: RunFile
        do { record = try RunFile.read(path: output) } catch { return .unavailable(reason: error.description.split(separator: "\n")[0].description) }
        guard let found = record.measurements.first(where: { $0.name == benchmark })?.measurement else {
            return .unavailable(reason: "the results file has no benchmark '\(benchmark)'")
        }
        guard found.metric == metric else {
            return .unavailable(reason: "'\(benchmark)' was measured in \(found.metric.rawValue), not \(metric.rawValue)")
        }
        let merged = previous.map { BenchmarkMeasurement(metric: metric, samples: $0.samples + found.samples) } ?? found
        return .observed(merged, evidence: prepared.note + "\(ValueFormat.withUnit(merged.median, metric)) (median of \(merged.samples.count))")
    }

    public func judge(_ observation: BenchmarkMeasurement, baseline: BenchmarkMeasurement) -> (judgement: Judgement, evidence: String) {
        let change = Comparison.compareBenchmark(name: benchmark, metric: metric, base: baseline.samples, new: observation.samples,
                                                 threshold: threshold, thresholdSource: "--threshold", resolution: threshold)
        let judgement: Judgement = switch (change.verdict, direction) {
        case (.slower, .regression), (.slower, .any), (.faster, .improvement), (.faster, .any): .bad
        case (.same, _), (.slower, .improvement), (.faster, .regression): .good
        case (.unknown, _): .unknown
        }
        return (judgement, "\(benchmark): \(change.verdict.rawValue), \(change.summary)")
    }
}
