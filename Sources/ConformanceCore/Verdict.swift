/// The verdict of one scenario on one adapter.
public enum Verdict: String, Sendable, Hashable, Codable, CaseIterable {
    /// Every check held.
    case pass = "PASS"
    /// A check did not hold: a value, an emission, a pixel, a digest, a frame report or an error differed.
    case fail = "FAIL"
    /// The scenario could not be executed: it is invalid, a fixture is missing, the adapter failed to start or an observation hook failed.
    case error = "ERROR"
    /// The scenario ran past its timeout, or a process adapter's child did not answer in time (log code `adapter.timed-out`).
    case timeout = "TIMEOUT"
    /// The adapter's process died (reported by process adapters through the log code `adapter.crashed`).
    case crash = "CRASH"
    /// The adapter lacks a capability the scenario needs.
    case skip = "SKIP"
    /// The scenario failed as the adapter's expectations file says it does.
    case expectedFailure = "XFAIL"
    /// The scenario passed although the expectations file says it fails; the entry is out of date.
    case unexpectedPass = "XPASS"

    /// Whether this verdict makes the run fail.
    public var failsRun: Bool {
        switch self {
        case .pass, .skip, .expectedFailure: false
        case .fail, .error, .timeout, .crash, .unexpectedPass: true
        }
    }
}

/// The first place where a runtime did not do what a scenario expected.
public struct Divergence: Sendable, Hashable, Codable {
    /// What kind of check failed.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// A property value or list size read through the public API.
        case value
        /// What a stream emitted, or how it ended.
        case emissions
        /// A pixel of an offscreen render.
        case pixel
        /// A draw digest compared with an earlier frame or a golden file.
        case digest
        /// A view's frame report: advanced, drew, settled, time step.
        case redraw
        /// An introspection answer.
        case introspection
        /// The codes in the runtime's log.
        case log
        /// An error that was expected and did not happen, happened at another step, or was of another case.
        case error
    }

    /// What kind of check failed.
    public var kind: Kind
    /// The 1-based step number.
    public var step: Int
    /// The step's action keyword (`get`, `probe`, ...).
    public var action: String
    /// The handle the step acts on, when it has one.
    public var handle: String?
    /// The property, pixel or aspect checked, when there is one (`mood`, `(10, 20)`, `drew`).
    public var property: String?
    /// What the scenario expected, including the comparison used.
    public var expected: String
    /// What the runtime did.
    public var actual: String

    /// `scenario › step N (action) › handle › property: expected …, actual …`.
    public func trace(scenario id: String) -> String {
        var parts = [id, "step \(step) (\(action))"]
        if let handle { parts.append(handle) }
        if let property { parts.append(property) }
        return parts.joined(separator: " › ") + ": expected \(expected), actual \(actual)"
    }
}

/// The result of one planned scenario.
public struct ScenarioResult: Sendable, Hashable, Codable {
    /// The scenario ID.
    public var id: String
    /// The verdict after applying the adapter's expectations.
    public var verdict: Verdict
    /// Wall time spent, in seconds (0 for scenarios that did not run); excluded when comparing runs.
    public var durationSeconds: Double
    /// The rule IDs the scenario checks (empty for an invalid scenario).
    public var rules: [String]
    /// The first divergence, for FAIL (and XFAIL of a failure).
    public var divergence: Divergence?
    /// Why the scenario was skipped, errored, timed out or crashed, or which goldens were recorded.
    public var message: String?
    /// The expectation that applied, when the adapter's expectations file has one.
    public var expectation: Expectation?
    /// The golden files this run wrote, relative to the corpus.
    public var recordedGoldens: [String]

    /// The failure trace: the divergence's trace, or the message, prefixed with the ID.
    public var trace: String? {
        if let divergence { return divergence.trace(scenario: id) }
        return message.map { "\(id): \($0)" }
    }
}
