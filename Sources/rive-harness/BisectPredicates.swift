import Foundation
import HarnessSupport
import PerformanceHistory

/// Turns a bisect candidate into an adapter command: the commands file's line as it is, or a
/// runtime commit built with the build script (its driver). Builds are remembered per commit.
actor AdapterCommands {
    /// A candidate ready to run.
    struct Prepared: Sendable {
        /// The adapter command line for `--adapter process --command`.
        let command: String
        /// The environment shell commands see (`RIVE_HARNESS_BISECT_*`).
        let environment: [String: String]
        /// How it was prepared, for the evidence: `built in 312.4 s`, or empty.
        let note: String
    }

    private let source: BisectCommand.Source
    private let buildScript: String
    private var prepared: [String: Result<Prepared, BuildFailure>] = [:]

    /// Why a commit could not be built.
    struct BuildFailure: Error {
        /// The build script's account.
        let reason: String
    }

    init(source: BisectCommand.Source, buildScript: String) {
        self.source = source
        self.buildScript = buildScript
    }

    /// The adapter command of a candidate, building it first for a git source.
    func prepare(_ candidate: BisectCandidate) -> Result<Prepared, BuildFailure> {
        if let known = prepared[candidate.payload] { return known }
        var environment = ["RIVE_HARNESS_BISECT_CANDIDATE": candidate.payload, "RIVE_HARNESS_BISECT_HARNESS": Subprocess.harnessExecutable]
        let result: Result<Prepared, BuildFailure>
        switch source {
        case .commandsFile:
            environment["RIVE_HARNESS_BISECT_ADAPTER_COMMAND"] = candidate.payload
            result = .success(Prepared(command: candidate.payload, environment: environment, note: ""))
        case .git(let directory, _):
            environment["RIVE_HARNESS_BISECT_COMMIT"] = candidate.payload
            do {
                let build = try Subprocess.run(buildScript, ["--git-dir", directory, "--commit", candidate.payload])
                let driver = build.standardOutput.split(separator: "\n").last.map(String.init) ?? ""
                if build.status == 0, !driver.isEmpty {
                    environment["RIVE_HARNESS_BISECT_ADAPTER_COMMAND"] = driver
                    result = .success(Prepared(command: driver, environment: environment, note: String(format: "build %.1f s; ", build.seconds)))
                } else {
                    result = .failure(BuildFailure(reason: String(format: "does not build (status %d, %.1f s): ", build.status, build.seconds)
                                                       + build.errorTail(lines: 3)))
                }
            } catch {
                result = .failure(BuildFailure(reason: "cannot run the build script \(buildScript): \(error.message)"))
            }
        }
        prepared[candidate.payload] = result
        return result
    }
}

/// A scenario's verdict, run with `rive-harness run --adapter process`.
struct VerdictPredicate: BisectPredicate {
    /// A verdict and what explains it.
    struct Observation: Sendable {
        /// PASS, FAIL, …
        let verdict: String
        /// The divergence or message.
        let detail: String
    }

    let scenario: String
    let corpus: String
    let adapters: AdapterCommands

    func observe(_ candidate: BisectCandidate, previous: Observation?) async -> ProbeOutcome<Observation> {
        let prepared: AdapterCommands.Prepared
        switch await adapters.prepare(candidate) {
        case .success(let value): prepared = value
        case .failure(let failure): return .unavailable(reason: failure.reason)
        }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("rive-harness-bisect-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let arguments = ["run", corpus, "--filter", scenario, "--format", "json", "--out", output, "--record", "never", "--no-history",
                         "--adapter", "process", "--command", prepared.command]
        let outcome: Subprocess.Outcome
        do { outcome = try Subprocess.run(Subprocess.harnessExecutable, arguments, environment: prepared.environment) } catch {
            return .unavailable(reason: error.message)
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
        return .observed(Observation(verdict: result.verdict, detail: detail), evidence: prepared.note + result.verdict)
    }

    func judge(_ observation: Observation, baseline: Observation) -> (judgement: Judgement, evidence: String) {
        let detail = observation.detail.isEmpty ? "" : " (\(observation.detail))"
        if observation.verdict == baseline.verdict { return (.good, "\(scenario): \(observation.verdict), as at the good end\(detail)") }
        return (.bad, "\(scenario): \(baseline.verdict) → \(observation.verdict)\(detail)")
    }
}

/// A shell command's standard output and exit status (0 or 1), for example a `diff` dump.
struct OutputPredicate: BisectPredicate {
    /// What the command printed.
    struct Observation: Sendable {
        /// 0 or 1.
        let status: Int32
        /// The standard output.
        let output: String
    }

    let command: String
    let adapters: AdapterCommands

    func observe(_ candidate: BisectCandidate, previous: Observation?) async -> ProbeOutcome<Observation> {
        let prepared: AdapterCommands.Prepared
        switch await adapters.prepare(candidate) {
        case .success(let value): prepared = value
        case .failure(let failure): return .unavailable(reason: failure.reason)
        }
        let outcome: Subprocess.Outcome
        do { outcome = try Subprocess.shell(command, environment: prepared.environment) } catch { return .unavailable(reason: error.message) }
        guard outcome.status <= 1 else { return .unavailable(reason: "the command exited \(outcome.status): \(outcome.errorTail(lines: 3))") }
        var hash = FNV1a64()
        hash.combine(outcome.standardOutput.utf8)
        let lines = outcome.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).count
        return .observed(Observation(status: outcome.status, output: outcome.standardOutput),
                         evidence: prepared.note + "status \(outcome.status), \(lines) lines, digest \(hash.hexDigest)")
    }

    func judge(_ observation: Observation, baseline: Observation) -> (judgement: Judgement, evidence: String) {
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
struct BenchmarkPredicate: BisectPredicate {
    let benchmark: String
    let metric: RunContext.Metric
    let thresholds: MeasurementChange.Thresholds
    let repetitions: Int
    let command: String
    let adapters: AdapterCommands

    func observe(_ candidate: BisectCandidate, previous: BenchmarkMeasurement?) async -> ProbeOutcome<BenchmarkMeasurement> {
        let prepared: AdapterCommands.Prepared
        switch await adapters.prepare(candidate) {
        case .success(let value): prepared = value
        case .failure(let failure): return .unavailable(reason: failure.reason)
        }
        // Each further observation of an undecided candidate asks for twice the repetitions so far.
        let asked = previous.map { $0.samples.count * 2 } ?? repetitions
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("rive-harness-bisect-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        var environment = prepared.environment
        environment["RIVE_HARNESS_BISECT_OUT"] = output
        environment["RIVE_HARNESS_BISECT_REPETITIONS"] = String(asked)
        let outcome: Subprocess.Outcome
        do { outcome = try Subprocess.shell(command, environment: environment) } catch { return .unavailable(reason: error.message) }
        guard outcome.status == 0 else { return .unavailable(reason: "the bench command exited \(outcome.status): \(outcome.errorTail(lines: 3))") }
        let record: RunRecord
        do { record = try RunRecord.read(output) } catch { return .unavailable(reason: error.description.split(separator: "\n")[0].description) }
        guard let found = BenchmarkMeasurement.perBenchmark(record).first(where: { $0.name == benchmark })?.measurement else {
            return .unavailable(reason: "the results file has no benchmark '\(benchmark)'")
        }
        guard found.metric == metric else {
            return .unavailable(reason: "'\(benchmark)' was measured in \(found.metric.rawValue), not \(metric.rawValue)")
        }
        let merged = previous.map { BenchmarkMeasurement(metric: metric, samples: $0.samples + found.samples) } ?? found
        return .observed(merged, evidence: prepared.note + "\(MeasurementChange.format(merged.median, metric)) (median of \(merged.samples.count))")
    }

    func judge(_ observation: BenchmarkMeasurement, baseline: BenchmarkMeasurement) -> (judgement: Judgement, evidence: String) {
        let change = MeasurementChange(baseline: baseline, candidate: observation, thresholds: thresholds)
        let judgement: Judgement = switch change.verdict {
        case .regression: .bad
        case .unchanged, .improvement: .good
        case .unknown: .unknown
        }
        return (judgement, "\(benchmark): \(change.verdict.rawValue), \(change.summary)")
    }
}
