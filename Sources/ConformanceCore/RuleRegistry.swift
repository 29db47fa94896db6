import YAML

/// The rule IDs scenarios may name, read from `Corpus/rules.yaml`.
///
/// The registry lists every rule of `../shared/docs/binding-rules.md` with its title, plus
/// rules derived from the upstream runtime's behaviour, each tagged with the upstream source
/// file it comes from (`upstream:`); a scenario naming any other ID is invalid
/// (`scenario.unknown-rule`).
public struct RuleRegistry: Sendable {
    /// One rule.
    public struct Rule: Sendable, Hashable {
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

    /// Parses `rules.yaml`.
    /// - Throws: the first `Diagnostic`: YAML errors, `rules.duplicate-id`, `rules.invalid-id`.
    public static func parse(_ bytes: [UInt8], file: String) throws(Diagnostic) -> RuleRegistry {
        struct Document: Decodable {
            struct Entry: Decodable {
                var id: Located<String>
                var title: String
                var retired: Bool?
                var upstream: Located<String>?
            }
            var rules: [Entry]
        }
        let document: Document
        do { document = try YAMLDecoder(rejectUnknownKeys: true).decode(Document.self, from: bytes, file: file) } catch {
            throw Diagnostic(error, file: file)
        }
        var seen: Set<String> = []
        for entry in document.rules {
            guard entry.id.value.wholeMatch(of: /[A-Z]+-[0-9]+[A-Z]?/) != nil else {
                throw Diagnostic(file: file, mark: entry.id.mark, code: "rules.invalid-id",
                                 message: "'\(entry.id.value)' is not a rule ID",
                                 hint: "write IDs as in binding-rules.md: AREA-NUMBER, for example GLB-5 or SRC-1N")
            }
            if let upstream = entry.upstream, upstream.value.isEmpty || upstream.value.hasPrefix("/") {
                throw Diagnostic(file: file, mark: upstream.mark, code: "rules.invalid-upstream",
                                 message: "'upstream' must name a file of the rive-runtime repository",
                                 hint: "write the path relative to the repository root, for example src/data_bind/converters/data_converter_to_string.cpp")
            }
            guard seen.insert(entry.id.value).inserted else {
                throw Diagnostic(file: file, mark: entry.id.mark, code: "rules.duplicate-id",
                                 message: "rule \(entry.id.value) is listed twice",
                                 hint: "rule IDs are never reused; keep one entry")
            }
        }
        return RuleRegistry(rules: document.rules.map {
            Rule(id: $0.id.value, title: $0.title, retired: $0.retired ?? false, upstreamSource: $0.upstream?.value)
        })
    }
}

/// The area of a rule ID: the part before its last `-` (`GLB` for `GLB-5`), or the whole ID.
func ruleArea(of id: String) -> String {
    guard let dash = id.lastIndex(of: "-") else { return id }
    return String(id[..<dash])
}

/// The closed list of feature names scenarios may use, read from `Corpus/features.yaml`.
public struct FeatureRegistry: Sendable {
    /// One feature: a name and what it covers.
    public struct Feature: Sendable, Hashable {
        /// The name scenarios write under `features:`.
        public var name: String
        /// What the feature covers.
        public var description: String
    }

    /// The features in file order.
    public var features: [Feature]

    /// Creates a registry from features.
    public init(features: [Feature]) { self.features = features }

    /// Whether a feature name is registered.
    public func contains(_ name: String) -> Bool { features.contains { $0.name == name } }

    /// Parses `features.yaml`.
    /// - Throws: the first `Diagnostic`: YAML errors or `features.duplicate-name`.
    public static func parse(_ bytes: [UInt8], file: String) throws(Diagnostic) -> FeatureRegistry {
        struct Document: Decodable {
            struct Entry: Decodable {
                var name: Located<String>
                var description: String
            }
            var features: [Entry]
        }
        let document: Document
        do { document = try YAMLDecoder(rejectUnknownKeys: true).decode(Document.self, from: bytes, file: file) } catch {
            throw Diagnostic(error, file: file)
        }
        var seen: Set<String> = []
        for entry in document.features where !seen.insert(entry.name.value).inserted {
            throw Diagnostic(file: file, mark: entry.name.mark, code: "features.duplicate-name",
                             message: "feature '\(entry.name.value)' is listed twice", hint: "keep one entry")
        }
        return FeatureRegistry(features: document.features.map { Feature(name: $0.name.value, description: $0.description) })
    }
}
