import Foundation
import RuntimeAPI
// The one partition rule of sharded runs and what a part records live in HarnessSupport, shared
// with diff, bench and fuzz; re-exported so `import Conformance` gives them.
@_exported import struct HarnessSupport.Shard
@_exported import struct HarnessSupport.ShardRecord

/// Which scenarios of a corpus a run selects.
public struct Selection: Sendable, Hashable, Codable {
    /// A glob over scenario IDs (`*` within a path segment, `**` across segments, `?` one character).
    public var filter: String?
    /// A rule ID or area: `GLB` selects every GLB rule, `GLB-5` only GLB-5.
    public var rules: String?
    /// This run's part of the selection.
    public var shard: Shard?

    /// Creates a selection; everything by default.
    public init(filter: String? = nil, rules: String? = nil, shard: Shard? = nil) {
        self.filter = filter
        self.rules = rules
        self.shard = shard
    }

    /// Whether a scenario ID passes the filter.
    public func matches(id: String) -> Bool { filter.map { globMatches($0, id) } ?? true }

    /// Whether a scenario's rules pass the rule filter.
    public func matches(rules ids: [String]) -> Bool {
        guard let rules else { return true }
        return ids.contains { $0 == rules || ruleArea(of: $0) == rules }
    }
}

/// The adapter a run uses, as reports name it.
public struct AdapterIdentity: Sendable, Hashable, Codable {
    /// The adapter's stable name (`reference`).
    public var name: String
    /// The runtime's version.
    public var version: String
    /// The stable names of the adapter's capabilities.
    public var capabilities: [String]

    /// Creates an identity from its parts.
    public init(name: String, version: String, capabilities: [String]) {
        self.name = name
        self.version = version
        self.capabilities = capabilities
    }

    /// Reads an adapter's identity.
    @MainActor public init(_ adapter: any RuntimeAdapter) {
        name = adapter.name
        version = adapter.version
        capabilities = adapter.capabilities.capabilityNames
    }
}

/// What the planner decided for one selected scenario file.
public struct PlanEntry: Sendable {
    /// Whether and how the scenario runs.
    public enum Decision: Sendable {
        /// The scenario runs.
        case run(Scenario)
        /// The adapter lacks capabilities; the reason names them.
        case skip(Scenario, reason: String)
        /// The file could not be loaded.
        case invalid([Diagnostic])
    }

    /// The scenario ID.
    public var id: String
    /// Whether and how the scenario runs.
    public var decision: Decision
    /// The adapter's expectation for the scenario, if it has one.
    public var expectation: Expectation?

    /// The rule IDs of the scenario (empty when invalid).
    public var rules: [String] {
        switch decision {
        case .run(let scenario), .skip(let scenario, _): scenario.rules
        case .invalid: []
        }
    }
}

/// The scenarios a run will report on, decided before anything runs.
public struct RunPlan: Sendable {
    /// The corpus hash.
    public var corpusHash: String
    /// The adapter the plan was made for.
    public var adapter: AdapterIdentity
    /// The selection that chose the entries.
    public var selection: Selection
    /// The entries, in ID order; a caller may reorder them (results are reported in ID order).
    public var entries: [PlanEntry]
    /// Problems outside scenario files: registries and the adapter's expectations file (stale entries).
    public var problems: [Diagnostic]
    /// With a shard: the part, every ID of the unsharded plan and the identity `merge` checks
    /// (the planner fills `corpus`, `adapters` and `options`; the caller may add more).
    public var shardRecord: ShardRecord?
}

/// Turns a corpus, an adapter's capabilities and expectations, and a selection into a plan.
public enum Planner {
    /// Plans a run.
    ///
    /// Invalid scenario files are planned when their ID passes the filter (their rules are
    /// unknown, so the rule filter cannot hide them); they are reported as ERROR.
    public static func plan(corpus: Corpus, adapter: AdapterIdentity, capabilities: RuntimeCapabilities,
                            expectations: Expectations, selection: Selection) -> RunPlan {
        var entries: [PlanEntry] = []
        for entry in corpus.entries where selection.matches(id: entry.id) {
            switch entry.scenario {
            case .failure(let list):
                entries.append(PlanEntry(id: entry.id, decision: .invalid(list.diagnostics), expectation: nil))
            case .success(let scenario):
                guard selection.matches(rules: scenario.rules) else { continue }
                let missing = scenario.requires.subtracting(capabilities)
                let absentShared = SharedFixtures.sharedFixtures(of: scenario).filter {
                    !FileManager.default.fileExists(atPath: SharedFixtures.path(of: $0, fixturesDirectory: corpus.fixturesDirectory))
                }
                let decision: PlanEntry.Decision = if !missing.isEmpty {
                    .skip(scenario, reason: "requires \(missing.capabilityNames.joined(separator: ", ")), which adapter '\(adapter.name)' does not declare")
                } else if let absent = absentShared.first {
                    .skip(scenario, reason: "needs the upstream file \(absent.dropFirst(SharedFixtures.prefix.count)).riv from ../shared/rive-assets (or RIVE_HARNESS_SHARED), which is absent")
                } else {
                    .run(scenario)
                }
                entries.append(PlanEntry(id: entry.id, decision: decision, expectation: expectations.entries[entry.id]))
            }
        }
        var shardRecord: ShardRecord?
        if let shard = selection.shard {
            let options = [selection.filter.map { "filter \($0)" }, selection.rules.map { "rules \($0)" }].compactMap { $0 }.joined(separator: ", ")
            shardRecord = ShardRecord(shard: shard, keys: entries.map(\.id), identity: [
                "corpus": corpus.hash, "adapters": "\(adapter.name) \(adapter.version) [\(adapter.capabilities.joined(separator: ","))]", "options": options,
            ])
            entries = shard.partition(entries, key: \.id)
        }
        return RunPlan(corpusHash: corpus.hash, adapter: adapter, selection: selection, entries: entries,
                       problems: corpus.problems + expectations.problems, shardRecord: shardRecord)
    }
}

/// Whether `text` matches a glob: `*` matches within a path segment, `**` across segments, `?` one character other than `/`.
///
/// Runs of `*` collapse (two or more act as `**`), and matching walks the text once while
/// tracking every pattern position that could have been reached, so time is bounded by
/// pattern length × text length and no pattern can exhaust the stack.
public func globMatches(_ pattern: String, _ text: String) -> Bool {
    enum Token: Equatable { case character(Character), anyCharacter, withinSegment, acrossSegments }
    var tokens: [Token] = []
    var characters = Array(pattern)[...]
    while let first = characters.popFirst() {
        switch first {
        case "*":
            var run = 1
            while characters.first == "*" { characters.removeFirst(); run += 1 }
            tokens.append(run == 1 ? .withinSegment : .acrossSegments)
        case "?": tokens.append(.anyCharacter)
        default: tokens.append(.character(first))
        }
    }
    /// Marks the positions reachable without consuming text: a star may match nothing.
    func closure(_ states: inout [Bool]) {
        for index in tokens.indices where states[index] && (tokens[index] == .withinSegment || tokens[index] == .acrossSegments) {
            states[index + 1] = true
        }
    }
    var states = [Bool](repeating: false, count: tokens.count + 1)
    states[0] = true
    closure(&states)
    for character in text {
        var next = [Bool](repeating: false, count: tokens.count + 1)
        var any = false
        for index in tokens.indices where states[index] {
            switch tokens[index] {
            case .character(let expected) where expected == character: next[index + 1] = true
            case .anyCharacter where character != "/": next[index + 1] = true
            case .withinSegment where character != "/", .acrossSegments: next[index] = true
            default: continue
            }
            any = true
        }
        guard any else { return false }
        closure(&next)
        states = next
    }
    return states[tokens.count]
}
