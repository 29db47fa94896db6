import Foundation
import HarnessSupport
import RuntimeAPI

/// How a run executes.
public struct RunOptions: Sendable {
    /// How many adapter instances run scenarios, each one scenario at a time; they share the main
    /// actor, so they interleave only where an adapter suspends (no parallelism for adapters that never do).
    public var jobs: Int
    /// The timeout of a scenario that does not set its own, in seconds.
    public var defaultTimeoutSeconds: Double
    /// When golden digests are written.
    public var recordMode: RecordMode
    /// Verify mode: each scenario runs several ways and must get the same verdict; `nil` runs each once.
    public var verify: VerifyOptions?
    /// Bytes that stand in for fixture files, by fixture name as scenarios write it (`character`,
    /// `shared/NAME`): `rive-harness reduce --predicate scenario:ID` runs candidates this way.
    public var fixtureBytes: [String: [UInt8]] = [:]

    /// The longest timeout a run or scenario may set: one day, in seconds. Both parsers
    /// reject longer ones and the watchdog clamps to it, because a longer `Duration` may not
    /// be representable.
    public static let maximumTimeoutSeconds: Double = 86_400

    /// Creates options: one job, 60 seconds, record mode `never`, no verify mode by default.
    public init(jobs: Int = 1, defaultTimeoutSeconds: Double = 60, recordMode: RecordMode = .never, verify: VerifyOptions? = nil) {
        self.jobs = jobs
        self.defaultTimeoutSeconds = defaultTimeoutSeconds
        self.recordMode = recordMode
        self.verify = verify
    }
}

/// Runs a plan against adapter instances made by a factory and reports every result as an event.
///
/// Each adapter instance runs one scenario at a time, each scenario on a fresh worker. A
/// scenario that times out or crashes leaves its adapter instance behind: the next scenario
/// gets a new one. The timeout is a wall-clock watchdog (the only wall clock the runner
/// reads besides durations); it cannot interrupt an adapter that blocks the main actor
/// without suspending, which is why process adapters exist.
@MainActor
public final class ConformanceRunner {
    private let corpus: Corpus
    private let options: RunOptions
    private let makeAdapter: @MainActor () -> any RuntimeAdapter
    private let reporters: [any RunReporter]
    private var queue: [PlanEntry] = []
    private var counts: [Verdict: Int] = [:]

    /// Creates a runner.
    /// - Parameters:
    ///   - corpus: where fixtures and goldens are.
    ///   - options: jobs, timeout and record mode.
    ///   - reporters: the consumers of the run's events.
    ///   - makeAdapter: makes a fresh adapter instance.
    public init(corpus: Corpus, options: RunOptions, reporters: [any RunReporter], makeAdapter: @escaping @MainActor () -> any RuntimeAdapter) {
        self.corpus = corpus
        self.options = options
        self.reporters = reporters
        self.makeAdapter = makeAdapter
    }

    /// Runs every entry of a plan, in the plan's order per job, and returns the summary.
    public func run(_ plan: RunPlan) async -> RunSummary {
        let clock = ContinuousClock()
        let start = clock.now
        emit(.runStarted(RunHeader(corpusHash: plan.corpusHash, adapter: plan.adapter, selection: plan.selection,
                                   recordMode: options.recordMode, scenarioCount: plan.entries.count, problems: plan.problems, shardRecord: plan.shardRecord)))
        counts = Dictionary(uniqueKeysWithValues: Verdict.allCases.map { ($0, 0) })
        queue = (options.verify.map { Verification.shuffled(plan.entries, seed: $0.seed) } ?? plan.entries).reversed()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<max(1, min(options.jobs, plan.entries.count)) {
                group.addTask { await self.runJob() }
            }
        }
        let elapsed = clock.now - start
        let summary = RunSummary(counts: counts, problemCount: plan.problems.count, durationSeconds: seconds(elapsed))
        emit(.runFinished(summary))
        return summary
    }

    /// Reports a plan whose adapter could not be started: every entry that would run gets the
    /// verdict ERROR with `message` (invalid and skipped entries keep their own verdicts), and the
    /// plan's problems (which should include the adapter's) fail the run. Nothing is executed
    /// and `makeAdapter` is never called.
    public func report(_ plan: RunPlan, adapterFailure message: String) -> RunSummary {
        emit(.runStarted(RunHeader(corpusHash: plan.corpusHash, adapter: plan.adapter, selection: plan.selection,
                                   recordMode: options.recordMode, scenarioCount: plan.entries.count, problems: plan.problems, shardRecord: plan.shardRecord)))
        counts = Dictionary(uniqueKeysWithValues: Verdict.allCases.map { ($0, 0) })
        for entry in plan.entries {
            var result: ScenarioResult
            switch entry.decision {
            case .run(let scenario):
                result = ScenarioResult(id: entry.id, verdict: .error, durationSeconds: 0, rules: scenario.rules, divergence: nil,
                                        message: message, expectation: nil, recordedGoldens: [])
            case .invalid(let diagnostics):
                result = ScenarioResult(id: entry.id, verdict: .error, durationSeconds: 0, rules: [], divergence: nil,
                                        message: "invalid scenario: " + diagnostics.map(\.description).joined(separator: "\n"),
                                        expectation: nil, recordedGoldens: [])
            case .skip(let scenario, let reason):
                result = ScenarioResult(id: entry.id, verdict: .skip, durationSeconds: 0, rules: scenario.rules, divergence: nil,
                                        message: reason, expectation: entry.expectation, recordedGoldens: [])
            }
            counts[result.verdict, default: 0] += 1
            emit(.scenarioFinished(result))
        }
        let summary = RunSummary(counts: counts, problemCount: plan.problems.count, durationSeconds: 0)
        emit(.runFinished(summary))
        return summary
    }

    /// Runs queued entries one at a time on one adapter instance, replacing it after a timeout or crash.
    private func runJob() async {
        var adapter = makeAdapter()
        while let entry = queue.popLast() {
            let result: ScenarioResult
            if let verify = options.verify {
                let verified = await runVerified(entry, on: adapter, verify: verify)
                result = verified.result
                if verified.replaceAdapter { adapter = makeAdapter() }
            } else {
                result = await runScenario(entry, on: adapter)
                if result.verdict == .timeout || result.verdict == .crash
                    || (result.verdict == .expectedFailure && [.timeout, .crash].contains(result.expectation?.status)) {
                    adapter = makeAdapter()
                }
            }
            counts[result.verdict, default: 0] += 1
            emit(.scenarioFinished(result))
        }
    }

    /// Runs one planned entry on a fresh adapter instance, without events (for `swift test` integration).
    public func runScenario(_ entry: PlanEntry) async -> ScenarioResult {
        await runScenario(entry, on: makeAdapter())
    }

    private func emit(_ event: RunEvent) {
        for reporter in reporters { reporter.receive(event) }
    }

    private func runScenario(_ entry: PlanEntry, on adapter: any RuntimeAdapter) async -> ScenarioResult {
        switch entry.decision {
        case .invalid(let diagnostics):
            return ScenarioResult(id: entry.id, verdict: .error, durationSeconds: 0, rules: [], divergence: nil,
                                  message: "invalid scenario: " + diagnostics.map(\.description).joined(separator: "\n"),
                                  expectation: nil, recordedGoldens: [])
        case .skip(let scenario, let reason):
            return ScenarioResult(id: entry.id, verdict: .skip, durationSeconds: 0, rules: scenario.rules, divergence: nil,
                                  message: reason, expectation: entry.expectation, recordedGoldens: [])
        case .run(let scenario):
            let timeout = scenario.timeoutSeconds ?? options.defaultTimeoutSeconds
            let goldens = GoldenStore(directory: corpus.expectedDirectory, mode: options.recordMode)
            let execution = ScenarioExecution(scenario: scenario, adapter: adapter, fixturesDirectory: corpus.fixturesDirectory, fixtureBytes: options.fixtureBytes,
                                              goldens: goldens)
            let clock = ContinuousClock()
            let start = clock.now
            let outcome = await Watchdog<Outcome>.run(seconds: timeout) { await execution.run() }
            let duration = seconds(clock.now - start)
            return Self.result(scenario, outcome: outcome, timeout: timeout, duration: duration, expectation: entry.expectation)
        }
    }

    /// Runs a planned entry in every applicable verify variant (docs/scenario-format.md,
    /// "Verify mode") and reports the `fresh` run, or a failure naming the variants when
    /// their verdicts disagree. `replaceAdapter` says the job's adapter timed out or crashed.
    private func runVerified(_ entry: PlanEntry, on adapter: any RuntimeAdapter, verify: VerifyOptions) async -> (result: ScenarioResult, replaceAdapter: Bool) {
        guard case .run(let scenario) = entry.decision else { return (await runScenario(entry, on: adapter), false) }
        let timeout = scenario.timeoutSeconds ?? options.defaultTimeoutSeconds
        func execute(_ adapter: any RuntimeAdapter, worker: (any Worker)? = nil, split: Set<Int> = [], mode: RecordMode = .never)
            async -> (outcome: Outcome?, execution: ScenarioExecution, seconds: Double) {
            let execution = ScenarioExecution(scenario: scenario, adapter: adapter, fixturesDirectory: corpus.fixturesDirectory,
                                              fixtureBytes: options.fixtureBytes, goldens: GoldenStore(directory: corpus.expectedDirectory, mode: mode),
                                              worker: worker, splitSteps: split, splitParts: verify.splitParts)
            let clock = ContinuousClock()
            let start = clock.now
            let outcome = await Watchdog<Outcome>.run(seconds: timeout) { await execution.run() }
            return (outcome, execution, seconds(clock.now - start))
        }
        // The job's adapter first, so its history is exactly the shuffled plan order.
        let shuffled = await execute(adapter)
        let freshAdapter = makeAdapter()
        let fresh = await execute(freshAdapter, mode: options.recordMode)
        var variants: [(variant: VerifyVariant, outcome: Outcome?)] = [(.fresh, fresh.outcome), (.shuffledOrder, shuffled.outcome)]
        // The verdict and a failed check's step; a recorded golden (fresh only) counts as the pass it was.
        func key(_ outcome: Outcome?) -> String {
            if case .passed = outcome { return Verdict.pass.rawValue }
            let result = Self.result(scenario, outcome: outcome, timeout: timeout, duration: 0, expectation: nil)
            return result.verdict.rawValue + (result.divergence.map { " at step \($0.step) (\($0.action))" } ?? "")
        }
        if fresh.outcome != nil, !["TIMEOUT", "CRASH"].contains(key(fresh.outcome)), let worker = fresh.execution.worker {
            await worker.flush()
            _ = await worker.takeLog()
            variants.append((.reusedWorker, await execute(freshAdapter, worker: worker).outcome))
        }
        let splittable = Verification.splittableAdvances(in: scenario)
        var split: Outcome?? = nil
        if !splittable.isEmpty {
            let run = await execute(adapter, split: splittable)
            split = .some(run.outcome)
            variants.append((.splitAdvances, run.outcome))
        }
        let jobFailed = ([shuffled.outcome] + (split.map { [$0] } ?? [])).contains { ["TIMEOUT", "CRASH"].contains(key($0)) }
        var result = Self.result(scenario, outcome: fresh.outcome, timeout: timeout, duration: fresh.seconds, expectation: entry.expectation)
        if Set(variants.map { key($0.outcome) }).count > 1 {
            let details = variants.map { variant -> String in
                var text = "\(variant.variant.rawValue) \(key(variant.outcome))"
                if case .diverged(let divergence, _) = variant.outcome { text += ": expected \(divergence.expected), got \(divergence.actual)" }
                if case .errored(let message) = variant.outcome { text += ": \(message)" }
                return text
            }
            result.verdict = .fail
            result.message = "verify: the variants disagree: " + details.joined(separator: "; ")
                + (variants.contains { $0.variant == .splitAdvances } ? " (split advance steps: \(splittable.sorted().map(String.init).joined(separator: ", ")) into \(verify.splitParts))" : "")
        }
        return (result, jobFailed)
    }

    /// Applies the adapter's expectation to an outcome.
    private static func result(_ scenario: Scenario, outcome: Outcome?, timeout: Double, duration: Double, expectation: Expectation?) -> ScenarioResult {
        var result = ScenarioResult(id: scenario.id, verdict: .pass, durationSeconds: duration, rules: scenario.rules, divergence: nil,
                                    message: nil, expectation: expectation, recordedGoldens: [])
        switch outcome {
        case nil:
            result.verdict = .timeout
            result.message = "timed out after \(timeout) s"
        case .passed(let recorded) where !recorded.isEmpty:
            result.verdict = .fail
            result.recordedGoldens = recorded
            result.message = "recorded \(recorded.joined(separator: ", ")); recording fails the run: check the files and run again"
        case .passed:
            result.verdict = .pass
        case .diverged(let divergence, let recorded):
            result.verdict = .fail
            result.divergence = divergence
            result.recordedGoldens = recorded
        case .errored(let message):
            result.verdict = .error
            result.message = message
        case .crashed(let message):
            result.verdict = .crash
            result.message = "the adapter crashed: \(message)"
        case .timedOut(let message):
            result.verdict = .timeout
            result.message = "the adapter timed out: \(message)"
        }
        if let expectation {
            if result.verdict == .pass {
                result.verdict = .unexpectedPass
                result.message = "passed, but expectations say \(expectation.status.rawValue): \(expectation.reason); remove the entry"
            } else if result.verdict == expectation.status.verdict {
                result.verdict = .expectedFailure
            }
        }
        return result
    }
}

/// A duration in seconds.
func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}
