/// The rule IDs scenarios may name, read from `Corpus/rules.yaml`.
///
/// The registry lists every rule of `../shared/docs/binding-rules.md` with its title, plus
/// rules derived from the upstream runtime's behaviour, each tagged with the upstream source
/// file it comes from (`upstream:`); a scenario naming any other ID is invalid
/// (`scenario.unknown-rule`).
public struct RuleRegistry: Sendable, Hashable, Codable {
    /// One rule.
    public struct Rule: Sendable, Hashable, Codable {
        /// The stable ID, for example `GLB-5`.
        public var id: String
        /// A short title.
        public var title: String
        /// Whether the rule is retired: scenarios may not name it and coverage ignores it.
        public var retired: Bool
        /// For a rule derived from upstream behaviour rather than binding-rules.md, the upstream
        /// source file (path in the rive-runtime repository) it was read from; `nil` for a
        /// documented rule.
        public var upstreamSource: String?

        /// Creates a rule.
        public init(id: String, title: String, retired: Bool = false, upstreamSource: String? = nil) {
            self.id = id
            self.title = title
            self.retired = retired
            self.upstreamSource = upstreamSource
        }

        /// The rule area: the ID up to its last `-` (`GLB` for `GLB-5`).
        public var area: String { ruleArea(of: id) }
    }

    /// The rules in file order.
    public var rules: [Rule]

    /// Creates a registry from rules.
    public init(rules: [Rule]) { self.rules = rules }

    /// The rule with an ID, if the registry has it.
    public func rule(_ id: String) -> Rule? { rules.first { $0.id == id } }
}

/// The area of a rule ID: the part before its last `-` (`GLB` for `GLB-5`), or the whole ID.
package func ruleArea(of id: String) -> String {
    guard let dash = id.lastIndex(of: "-") else { return id }
    return String(id[..<dash])
}

/// The closed list of feature names scenarios may use, read from `Corpus/features.yaml`.
public struct FeatureRegistry: Sendable, Hashable, Codable {
    /// One feature: a name and what it covers.
    public struct Feature: Sendable, Hashable, Codable {
        /// The name scenarios write under `features:`.
        public var name: String
        /// What the feature covers.
        public var description: String

        /// Creates a feature.
        public init(name: String, description: String) {
            self.name = name
            self.description = description
        }
    }

    /// The features in file order.
    public var features: [Feature]

    /// Creates a registry from features.
    public init(features: [Feature]) { self.features = features }

    /// Whether a feature name is registered.
    public func contains(_ name: String) -> Bool { features.contains { $0.name == name } }
}
