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
    /// The adapter's documented divergences from the reference that `diff` and `fuzz` show, by id.
    public var divergences: [String: DocumentedDivergence]

    /// Creates expectations.
    public init(entries: [String: Expectation], problems: [Diagnostic], divergences: [String: DocumentedDivergence] = [:]) {
        self.entries = entries
        self.problems = problems
        self.divergences = divergences
    }

    private enum CodingKeys: String, CodingKey { case entries, problems, divergences }

    /// Decodes expectations; a record written before `divergences` existed has none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        entries = try container.decode([String: Expectation].self, forKey: .entries)
        problems = try container.decode([Diagnostic].self, forKey: .problems)
        divergences = try container.decodeIfPresent([String: DocumentedDivergence].self, forKey: .divergences) ?? [:]
    }
}

/// A documented behaviour of an adapter that `diff` and `fuzz` show against the reference
/// runtime: the rule it breaks, the dump section it shows in, what the adapter does instead,
/// and the upstream source that does it (`divergences:` in `Corpus/expectations/ADAPTER.yaml`).
///
/// Fuzz reports match these by code (`KnownDivergence` in Fuzzing, one entry per `id`); this
/// is where each one's behaviour and source are written down.
public struct DocumentedDivergence: Sendable, Hashable, Codable {
    /// The rule of binding-rules.md the adapter does not follow, for example `SRC-7`.
    public var rule: String
    /// The dump section the difference shows in (docs/diff.md).
    public var section: String
    /// What the adapter does instead, measured.
    public var behaviour: String
    /// The upstream source file (and function) the behaviour comes from.
    public var link: String

    /// Creates a documented divergence.
    public init(rule: String, section: String, behaviour: String, link: String) {
        self.rule = rule
        self.section = section
        self.behaviour = behaviour
        self.link = link
    }
}
