/// The outcome an adapter is known to produce for a scenario, and why.
public struct Expectation: Sendable, Hashable, Codable {
    /// The verdict expected instead of PASS.
    public var status: ExpectedStatus
    /// Why the adapter deviates.
    public var reason: String
    /// Where the deviation is tracked (an issue, a doc section), when known.
    public var link: String?

    /// Creates an expectation.
    public init(status: ExpectedStatus, reason: String, link: String? = nil) {
        self.status = status
        self.reason = reason
        self.link = link
    }
}

/// The failing verdicts an expectation may name.
public enum ExpectedStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// The scenario fails (a divergence).
    case fail
    /// The scenario cannot be executed.
    case error
    /// The scenario runs past its timeout.
    case timeout
    /// The adapter's process dies.
    case crash

    /// The verdict this status stands for.
    public var verdict: Verdict {
        switch self {
        case .fail: .fail
        case .error: .error
        case .timeout: .timeout
        case .crash: .crash
        }
    }
}

/// The known failures of one adapter, from `Corpus/expectations/<adapter>.yaml`.
///
/// ```yaml
/// expectations:
///   binding/src-1n-blank-nested-is-null:
///     status: fail
///     reason: follows the C++ runtime, which creates a blank child instance
///     link: https://example.org/issues/12
/// ```
public struct Expectations: Sendable, Hashable, Codable {
    /// The expectation of each scenario ID.
    public var entries: [String: Expectation]
    /// Problems in the file, including stale entries (`expectations.unknown-scenario`).
    public var problems: [Diagnostic]

    /// Creates expectations.
    public init(entries: [String: Expectation], problems: [Diagnostic]) {
        self.entries = entries
        self.problems = problems
    }
}
