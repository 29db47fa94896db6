import ConformanceCore
import YAML

/// Reads the keys of one YAML mapping of a corpus file, turning every problem into a located `Diagnostic`.
///
/// It remembers which keys were asked for so that `rejectUnknownKeys(_:)` can report the rest.
struct MappingReader {
    let file: String
    let node: YAMLNode
    /// The prefix of the diagnostic codes: `scenario` or `expectations`.
    let area: String
    private let entries: [YAMLNode.Entry]

    /// Opens a mapping node.
    /// - Throws: `scenario.type-mismatch` when `node` is not a mapping.
    init(_ node: YAMLNode, file: String, what: String, area: String = "scenario") throws(Diagnostic) {
        guard let entries = node.mapping else {
            throw Diagnostic(file: file, mark: node.mark, code: "\(area).type-mismatch",
                             message: "expected \(what) as a mapping of keys to values", hint: "write `key: value` lines")
        }
        self.file = file
        self.node = node
        self.area = area
        self.entries = entries
    }

    /// The keys in document order, with their marks.
    var keys: [Located<String>] { entries.compactMap { entry in entry.key.scalar.map { Located($0.text, at: entry.key.mark) } } }

    /// Whether the mapping has a key.
    func has(_ key: String) -> Bool { node[key] != nil }

    /// The value of a key, when present.
    func value(_ key: String) -> YAMLNode? { node[key] }

    /// The value of a required key.
    /// - Throws: `scenario.missing-key` at the mapping.
    func required(_ key: String, hint: String) throws(Diagnostic) -> YAMLNode {
        guard let value = node[key] else {
            throw Diagnostic(file: file, mark: node.mark, code: "\(area).missing-key", message: "missing key '\(key)'", hint: hint)
        }
        return value
    }

    /// A string value, when the key is present.
    /// - Throws: `scenario.type-mismatch` for a null, a list or a mapping.
    func string(_ key: String) throws(Diagnostic) -> Located<String>? {
        guard let value = node[key] else { return nil }
        return try Self.string(value, file: file, what: "'\(key)'", area: area)
    }

    /// A required string value.
    /// - Throws: `scenario.missing-key` or `scenario.type-mismatch`.
    func requiredString(_ key: String, hint: String) throws(Diagnostic) -> Located<String> {
        try Self.string(required(key, hint: hint), file: file, what: "'\(key)'", area: area)
    }

    /// A value decoded with the YAML module's scalar typing, when the key is present.
    /// - Throws: the YAML decoder's `yaml.type-mismatch` or `yaml.out-of-range`, located.
    func decode<T: Decodable>(_ type: T.Type, _ key: String) throws(Diagnostic) -> T? {
        guard let value = node[key] else { return nil }
        return try Self.decode(type, value, file: file)
    }

    /// Rejects every key not in `allowed`, suggesting the closest allowed key.
    /// - Throws: `scenario.unknown-key` at the first unknown key.
    func rejectUnknownKeys(_ allowed: [String], context: String) throws(Diagnostic) {
        for key in keys where !allowed.contains(key.value) {
            let suggestion = allowed.closestMatch(to: key.value).map { "did you mean '\($0)'? " } ?? ""
            throw Diagnostic(file: file, mark: key.mark, code: "\(area).unknown-key",
                             message: "unknown key '\(key.value)' in \(context)",
                             hint: "\(suggestion)valid keys: \(allowed.joined(separator: ", "))")
        }
    }

    /// A scalar node's text; nulls, sequences and mappings are rejected.
    /// - Throws: `scenario.type-mismatch`.
    static func string(_ node: YAMLNode, file: String, what: String, area: String = "scenario") throws(Diagnostic) -> Located<String> {
        guard let scalar = node.scalar, !node.isNull else {
            throw Diagnostic(file: file, mark: node.mark, code: "\(area).type-mismatch",
                             message: "expected a string for \(what)", hint: "write a name or text, quoted if it has special characters")
        }
        return Located(scalar.text, at: node.mark)
    }

    /// A node decoded with the YAML module's scalar typing.
    /// - Throws: the YAML decoder's error as a diagnostic.
    static func decode<T: Decodable>(_ type: T.Type, _ node: YAMLNode, file: String) throws(Diagnostic) -> T {
        var decoder = YAMLDecoder()
        // The node is inside a scenario; the diagnostic's line and column locate it.
        decoder.rootDescription = nil
        do { return try decoder.decode(type, from: node, file: file) } catch { throw Diagnostic(error, file: file) }
    }
}

