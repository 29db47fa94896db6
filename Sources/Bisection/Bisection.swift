import Foundation

/// One version bisect can test: an adapter command, or a commit of a runtime repository.
public struct BisectCandidate: Sendable, Hashable {
    /// A short name for progress lines: `v3`, or an abbreviated commit.
    public var label: String
    /// What the candidate is: a commit's subject, or the adapter command.
    public var subject: String
    /// What a predicate runs or builds: the command line, or the full commit hash.
    public var payload: String

    /// Creates a candidate.
    public init(label: String, subject: String, payload: String) {
        self.label = label
        self.subject = subject
        self.payload = payload
    }
}

/// What observing a candidate gave.
public enum ProbeOutcome<Observation: Sendable>: Sendable {
    /// The candidate was measured or run; `evidence` says what was seen.
    case observed(Observation, evidence: String)
    /// The candidate cannot be tested (it does not build, its adapter does not start): skip it.
    case unavailable(reason: String)
}

/// How an observation compares with the good baseline.
public enum Judgement: String, Sendable, Hashable {
    /// Behaves like the good baseline.
    case good
    /// Shows the change being searched for.
    case bad
    /// Cannot tell yet; observing again (with more repetitions) may decide.
    case unknown
}

/// What bisect asks of a candidate: observe it, then judge the observation against the good one.
public protocol BisectPredicate: Sendable {
    /// What observing a candidate yields: a verdict, a measurement, an output digest.
    associatedtype Observation: Sendable

    /// Observes a candidate. `previous` is this candidate's earlier observation when the last
    /// judgement was `unknown`; a predicate may measure more and merge the two.
    func observe(_ candidate: BisectCandidate, previous: Observation?) async -> ProbeOutcome<Observation>

    /// Judges an observation against the good baseline's, saying why in one line.
    func judge(_ observation: Observation, baseline: Observation) -> (judgement: Judgement, evidence: String)
}

/// One evaluation bisect made, for progress output and the final report.
public struct BisectStep: Sendable, Hashable {
    /// Why the candidate was evaluated.
    public enum Role: Sendable, Hashable {
        /// The good end, observed to get the baseline.
        case goodEnd
        /// The bad end, observed to confirm the change exists.
        case badEnd
        /// A bisection step, numbered from 1.
        case step(Int)
    }

    /// What the evaluation concluded.
    public enum Result: String, Sendable, Hashable {
        /// Like the baseline.
        case good
        /// Changed.
        case bad
        /// Untestable or undecided; excluded like `git bisect skip`.
        case skip
    }

    /// Why it was evaluated.
    public var role: Role
    /// The candidate's position in the ordered list.
    public var index: Int
    /// The candidate.
    public var candidate: BisectCandidate
    /// The conclusion.
    public var result: Result
    /// What was observed and how it compared.
    public var evidence: String
    /// How many observations it took (more than one when time was undecided).
    public var attempts: Int
    /// Wall time spent on it, seconds.
    public var seconds: Double
    /// Untested candidates still between the last good and the first bad one after it
    /// (skipped ones not counted); 0 for the good end, which comes before any range.
    public var remaining: Int = 0

    /// At most how many more steps the remaining candidates take without skips, like
    /// `git bisect`'s "roughly N steps".
    public var stepsLeft: Int {
        var steps = 0
        while (1 << steps) < remaining + 1 { steps += 1 }
        return steps
    }
}

/// Where bisect ended.
public struct BisectOutcome: Sendable, Hashable {
    /// Every evaluation, in order: the two ends, then the steps.
    public var steps: [BisectStep]
    /// The index of the first bad candidate, when untested (skipped) candidates do not hide it.
    public var firstBad: Int?
    /// The candidates that may be the first bad one (several only when skipped ones are in the way).
    public var suspects: [Int]
    /// The last good candidate's index.
    public var lastGood: Int
    /// The change between the last good and the first bad candidate.
    public var measuredChange: String

    /// The number of bisection steps, not counting the two ends.
    public var stepCount: Int { steps.filter { if case .step = $0.role { true } else { false } }.count }
}

/// Why bisect stopped without an answer.
public enum BisectError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Fewer than two candidates.
    case tooFewCandidates(Int)
    /// An end could not be observed.
    case endUnavailable(label: String, which: String, reason: String)
    /// The bad end behaves like the good end.
    case noChange(label: String, evidence: String)
    /// The bad end could not be judged even after repeated observation.
    case undecidedEnd(label: String, evidence: String)

    /// A stable code.
    public var code: String {
        switch self {
        case .tooFewCandidates: "bisect.too-few-candidates"
        case .endUnavailable: "bisect.end-unavailable"
        case .noChange: "bisect.no-change"
        case .undecidedEnd: "bisect.undecided-end"
        }
    }

    /// What happened and what to do next.
    public var description: String {
        switch self {
        case .tooFewCandidates(let count):
            "error[\(code)]: bisect needs a good and a bad candidate, got \(count)\n  hint: list at least two versions, oldest (good) first"
        case .endUnavailable(let label, let which, let reason):
            "error[\(code)]: the \(which) end \(label) cannot be tested: \(reason)\n  hint: choose a \(which) end that builds and runs"
        case .noChange(let label, let evidence):
            "error[\(code)]: the bad end \(label) behaves like the good end: \(evidence)\n  hint: check the range, the predicate and its threshold; nothing to bisect"
        case .undecidedEnd(let label, let evidence):
            "error[\(code)]: cannot tell whether the bad end \(label) changed: \(evidence)\n  hint: raise --repetitions or --max-attempts, or use instruction counts"
        }
    }
}

/// Finds the first bad candidate of an ordered list whose first is good and last is bad, like
/// `git bisect` with skip: halves the untested range each step, skips candidates that cannot
/// be tested and tries the nearest untested one instead.
public struct Bisector<Predicate: BisectPredicate>: Sendable {
    /// The candidates, oldest first: the first is the good end, the last the bad end.
    public var candidates: [BisectCandidate]
    /// The predicate.
    public var predicate: Predicate
    /// How many times a candidate is observed while its judgement is `unknown` (at least 1).
    public var maxAttempts: Int
    /// Told, before each evaluation, the candidate it evaluates and those the following steps
    /// will test whichever way it goes, nearest step first (`upcoming`), so their builds can
    /// start ahead and builds no longer among them can stop; nil tells nobody.
    public var lookahead: (@Sendable ([BisectCandidate]) async -> Void)?
    /// How many upcoming candidates `lookahead` is told at most.
    public var lookaheadCount: Int

    /// Creates a bisector.
    public init(candidates: [BisectCandidate], predicate: Predicate, maxAttempts: Int = 3,
                lookaheadCount: Int = 0, lookahead: (@Sendable ([BisectCandidate]) async -> Void)? = nil) {
        self.candidates = candidates
        self.predicate = predicate
        self.maxAttempts = max(1, maxAttempts)
        self.lookaheadCount = lookaheadCount
        self.lookahead = lookahead
    }

    /// Tells `lookahead` the upcoming candidates, if anyone listens: the one about to be
    /// tested (or the bad end) first, then at most `lookaheadCount` after it.
    private func announceUpcoming(_ indices: [Int]) async {
        guard let lookahead, lookaheadCount > 0 else { return }
        await lookahead(indices.prefix(lookaheadCount + 1).map { candidates[$0] })
    }

    /// The indices the next steps test while `testing` (between `low` and `high`) is evaluated,
    /// for either outcome, breadth first: the next step's two possible candidates, then the
    /// four after those, and so on, at most `limit`. Without `testing` (before the ends are
    /// judged) the list starts with the candidate the first step tests.
    static func upcoming(low: Int, high: Int, skipped: Set<Int>, testing: Int?, limit: Int) -> [Int] {
        var ranges: [(Int, Int)]
        if let testing { ranges = [(testing, high), (low, testing)] } else { ranges = [(low, high)] }
        var found: [Int] = []
        while !ranges.isEmpty, found.count < limit {
            var next: [(Int, Int)] = []
            for (rangeLow, rangeHigh) in ranges {
                guard let index = nextIndex(low: rangeLow, high: rangeHigh, skipped: skipped) else { continue }
                if !found.contains(index), index != testing { found.append(index) }
                next += [(index, rangeHigh), (rangeLow, index)]
            }
            ranges = next
        }
        return Array(found.prefix(limit))
    }

    /// The most steps bisection can take over the candidates between the ends (without skips).
    public var maximumSteps: Int {
        let between = max(0, candidates.count - 2)
        var steps = 0
        while (1 << steps) < between + 1 { steps += 1 }
        return steps
    }

    /// Runs bisection, reporting each evaluation as it finishes.
    /// - Throws: `BisectError` when the ends are missing, untestable or alike.
    public func run(progress: @Sendable (BisectStep) -> Void) async throws(BisectError) -> BisectOutcome {
        guard candidates.count >= 2 else { throw BisectError.tooFewCandidates(candidates.count) }
        var steps: [BisectStep] = []
        func record(_ step: BisectStep) {
            steps.append(step)
            progress(step)
        }
        let goodIndex = 0, badIndex = candidates.count - 1
        await announceUpcoming([badIndex] + Self.upcoming(low: goodIndex, high: badIndex, skipped: [], testing: nil, limit: lookaheadCount))
        let start = Date()
        let baseline: Predicate.Observation, baselineEvidence: String
        switch await predicate.observe(candidates[goodIndex], previous: nil) {
        case .observed(let observation, let evidence): (baseline, baselineEvidence) = (observation, evidence)
        case .unavailable(let reason): throw BisectError.endUnavailable(label: candidates[goodIndex].label, which: "good", reason: reason)
        }
        record(BisectStep(role: .goodEnd, index: goodIndex, candidate: candidates[goodIndex], result: .good, evidence: baselineEvidence,
                          attempts: 1, seconds: Date().timeIntervalSince(start)))
        var observations: [Int: Predicate.Observation] = [goodIndex: baseline]

        var badEnd = await evaluate(badIndex, baseline: baseline, role: .badEnd)
        if badEnd.step.result == .bad { badEnd.step.remaining = badIndex - goodIndex - 1 }
        record(badEnd.step)
        switch badEnd.step.result {
        case .bad: observations[badIndex] = badEnd.observation
        case .good: throw BisectError.noChange(label: candidates[badIndex].label, evidence: badEnd.step.evidence)
        case .skip:
            if badEnd.observation == nil {
                throw BisectError.endUnavailable(label: candidates[badIndex].label, which: "bad", reason: badEnd.step.evidence)
            }
            throw BisectError.undecidedEnd(label: candidates[badIndex].label, evidence: badEnd.step.evidence)
        }

        var low = goodIndex, high = badIndex
        var skipped: Set<Int> = []
        var stepNumber = 0
        while let index = Self.nextIndex(low: low, high: high, skipped: skipped) {
            stepNumber += 1
            // The candidate about to be tested leads the list: its build (perhaps started ahead) goes on.
            await announceUpcoming([index] + Self.upcoming(low: low, high: high, skipped: skipped, testing: index, limit: lookaheadCount))
            var evaluation = await evaluate(index, baseline: baseline, role: .step(stepNumber))
            switch evaluation.step.result {
            case .good: low = index
            case .bad: high = index
            case .skip: skipped.insert(index)
            }
            evaluation.step.remaining = ((low + 1)..<max(low + 1, high)).filter { !skipped.contains($0) }.count
            record(evaluation.step)
            if let observation = evaluation.observation, evaluation.step.result != .skip { observations[index] = observation }
        }
        let suspects = ((low + 1)..<high).filter { skipped.contains($0) } + [high]
        let change: String
        if let good = observations[low], let bad = observations[high] {
            change = predicate.judge(bad, baseline: good).evidence
        } else {
            change = "not measured"
        }
        return BisectOutcome(steps: steps, firstBad: suspects.count == 1 ? high : nil, suspects: suspects, lastGood: low, measuredChange: change)
    }

    /// Observes and judges one candidate, observing again while the judgement is `unknown`.
    private func evaluate(_ index: Int, baseline: Predicate.Observation, role: BisectStep.Role)
        async -> (step: BisectStep, observation: Predicate.Observation?)
    {
        let start = Date()
        var previous: Predicate.Observation?
        var evidence = ""
        for attempt in 1...maxAttempts {
            switch await predicate.observe(candidates[index], previous: previous) {
            case .unavailable(let reason):
                return (BisectStep(role: role, index: index, candidate: candidates[index], result: .skip, evidence: "untestable: \(reason)",
                                   attempts: attempt, seconds: Date().timeIntervalSince(start)), nil)
            case .observed(let observation, let observed):
                let (judgement, comparison) = predicate.judge(observation, baseline: baseline)
                evidence = [observed, comparison].filter { !$0.isEmpty }.joined(separator: "; ")
                previous = observation
                let result: BisectStep.Result? = switch judgement {
                case .good: .good
                case .bad: .bad
                case .unknown: nil
                }
                if let result {
                    return (BisectStep(role: role, index: index, candidate: candidates[index], result: result, evidence: evidence,
                                       attempts: attempt, seconds: Date().timeIntervalSince(start)), observation)
                }
            }
        }
        return (BisectStep(role: role, index: index, candidate: candidates[index], result: .skip,
                           evidence: "undecided after \(maxAttempts) observations: \(evidence)", attempts: maxAttempts,
                           seconds: Date().timeIntervalSince(start)), previous)
    }

    /// The untested candidate nearest the middle of (low, high), or nil when none is left.
    static func nextIndex(low: Int, high: Int, skipped: Set<Int>) -> Int? {
        let middle = (low + high) / 2
        for distance in 0..<(high - low) {
            for index in [middle - distance, middle + distance] where index > low && index < high && !skipped.contains(index) {
                return index
            }
        }
        return nil
    }
}
