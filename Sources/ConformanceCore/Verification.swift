import HarnessSupport

/// How `run --verify` runs each scenario several ways and requires the same verdict.
///
/// docs/scenario-format.md ("Verify mode") describes the variants and which `advance`
/// steps may be split.
public struct VerifyOptions: Sendable, Hashable {
    /// Into how many equal parts a splittable `advance` is cut (a power of two keeps
    /// `seconds / parts` exact in binary floating point).
    public var splitParts: Int
    /// The seed of the shuffled scenario order.
    public var seed: UInt64

    /// Creates options: advances split in 4, seed 1.
    public init(splitParts: Int = 4, seed: UInt64 = 1) {
        self.splitParts = splitParts
        self.seed = seed
    }
}

/// One way of running a scenario in verify mode.
public enum VerifyVariant: String, Sendable, Hashable, CaseIterable {
    /// A new adapter instance and a new worker: the reported run.
    case fresh
    /// The scenario again on the worker the `fresh` run used (its log drained first).
    case reusedWorker = "reused-worker"
    /// A new worker on the job's adapter instance, every splittable advance cut into equal parts.
    case splitAdvances = "split-advances"
    /// A new worker on the job's adapter instance, which runs the plan in a seeded shuffled order.
    case shuffledOrder = "shuffled-order"
}

/// Which steps of a scenario verify mode may split, and how verdicts are compared.
public enum Verification {
    /// Rules (by prefix) whose results depend on how many advances time is cut into: actions
    /// land an advance after what set them off (ACT-2), and an interpolator converter starts
    /// moving on the advance after the one that applied its input (CONV-12).
    static let advanceCountingRules = ["ACT-", "CONV-12"]

    /// The numbers of the `advance` steps that may be cut into several smaller advances.
    ///
    /// None is split in a scenario that checks a rule of `advanceCountingRules`. Otherwise an
    /// advance may be split when it advances by more than 0 and does not expect an error, and
    /// no later step's documented result depends on how time was cut:
    /// - no later `tick`, `settle`, `probe` or `digest` step (frame reports, pixels and
    ///   digests are frame-exact: SM-7, time accumulates in 32-bit floats);
    /// - no `emissions` or `cancel` step later takes from a stream subscribed before the advance (events
    ///   between two flushes or advances may be coalesced, so their count depends on the
    ///   number of advances).
    ///
    /// Values read with `get` stay comparable: the elapsed time is the same (SM-5), so a
    /// number that differs after a split is a disagreement unless the scenario compares an
    /// animated number exactly (SM-7's float accumulation), which it should not.
    public static func splittableAdvances(in scenario: Scenario) -> Set<Int> {
        if scenario.rules.contains(where: { rule in advanceCountingRules.contains { rule.hasPrefix($0) } }) { return [] }
        var splittable: Set<Int> = []
        for (index, step) in scenario.steps.enumerated() {
            guard case .advance(_, let seconds) = step.action, seconds > 0, step.expectedError == nil else { continue }
            let subscribedBefore = Set(scenario.steps[..<index].compactMap { earlier -> String? in
                if case .subscribe(let handle, _, _, _) = earlier.action { return handle }
                return nil
            })
            let later = scenario.steps[(index + 1)...]
            let dependsOnCut = later.contains { step in
                switch step.action {
                case .tick, .settle, .probe, .digest: return true
                case .assertEmissions(let stream, _, _), .cancelStream(let stream, _): return subscribedBefore.contains(stream)
                default: return false
                }
            }
            if !dependsOnCut { splittable.insert(step.number) }
        }
        return splittable
    }

    /// A plan's entries in a seeded pseudo-random order (SplitMix64 + Fisher–Yates), the same
    /// for the same seed on every machine.
    public static func shuffled<Element>(_ elements: [Element], seed: UInt64) -> [Element] {
        var generator = SeededGenerator(seed: seed)
        var result = elements
        guard result.count > 1 else { return result }
        for index in stride(from: result.count - 1, to: 0, by: -1) {
            let other = Int(generator.next() % UInt64(index + 1))
            result.swapAt(index, other)
        }
        return result
    }
}
