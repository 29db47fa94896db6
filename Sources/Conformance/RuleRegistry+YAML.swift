import ConformanceCore
import YAML

extension RuleRegistry {
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

extension FeatureRegistry {
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
