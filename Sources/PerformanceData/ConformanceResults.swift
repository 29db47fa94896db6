import Foundation

/// The parts of an embedded conformance results document (docs/results-format.md) history uses.
public struct ConformanceResults: Sendable, Hashable, Decodable {
    /// The adapter the run tested.
    public struct Adapter: Sendable, Hashable, Decodable {
        /// Its name.
        public var name: String
        /// Its version.
        public var version: String?
    }

    /// The run's totals.
    public struct Summary: Sendable, Hashable, Decodable {
        /// Whether the run passed.
        public var passed: Bool
        /// The number of scenarios.
        public var total: Int
        /// Scenarios per verdict name.
        public var counts: [String: Int]
    }

    /// The expectations entry that applied to a scenario.
    public struct Expectation: Sendable, Hashable, Decodable {
        /// The expected status (`fail`, `error`, `timeout`, `crash`).
        public var status: String
        /// Why the scenario is expected to fail.
        public var reason: String
        /// Where the deviation is tracked.
        public var link: String?
    }

    /// The first divergence of a failing scenario.
    public struct Divergence: Sendable, Hashable, Decodable {
        /// value, emissions, pixel, digest, redraw, introspection, log or error.
        public var kind: String
        /// The 1-based step.
        public var step: Int
        /// What the scenario expected, with the comparison.
        public var expected: String
        /// What the adapter gave.
        public var actual: String

        /// `step 5 (value): expected "bye" (exact), got "hello"`.
        public var summary: String { "step \(step) (\(kind)): expected \(expected), got \(actual)" }
    }

    /// One scenario's result.
    public struct Scenario: Sendable, Hashable, Decodable {
        /// The scenario ID.
        public var id: String
        /// PASS, FAIL, ERROR, TIMEOUT, CRASH, SKIP, XFAIL or XPASS.
        public var verdict: String
        /// The rule IDs the scenario checks.
        public var rules: [String]
        /// Why it was skipped, errored, timed out or crashed.
        public var message: String?
        /// The first divergence, for failures.
        public var divergence: Divergence?
        /// The expectations entry that applied.
        public var expectation: Expectation?
    }

    /// A problem outside scenario files that failed the run (a stale expectation, an adapter that did not start).
    public struct Problem: Sendable, Hashable, Decodable {
        /// The stable code (`adapter.start-failed`, `expectations.unknown-scenario`, …).
        public var code: String
        /// What is wrong.
        public var message: String
    }

    /// The adapter.
    public var adapter: Adapter
    /// The totals.
    public var summary: Summary
    /// Every scenario, sorted by ID.
    public var scenarios: [Scenario]
    /// The run's problems; absent in files that list none.
    public var problems: [Problem]?
}
