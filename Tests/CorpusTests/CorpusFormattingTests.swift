import Conformance
import Foundation
import HarnessTestSupport
import Testing
import YAML

/// The corpus's scenario files against `rive-harness fmt`: every file is in the canonical
/// layout, formatting is idempotent, and the formatted text loads as the same scenario.
@Suite("corpus formatting")
struct CorpusFormattingTests {
    /// The corpus's scenarios folder.
    static let scenariosFolder = SharedMaterial.packageRoot.appendingPathComponent("Corpus/scenarios").path

    /// Every scenario file with its text, by path relative to the package root.
    static func scenarioTexts() throws -> [(path: String, text: String)] {
        let root = SharedMaterial.packageRoot.path + "/"
        return try ScenarioFormatter.scenarioFiles(in: [scenariosFolder]).map { file in
            (String(file.dropFirst(root.count)), try String(contentsOfFile: file, encoding: .utf8))
        }
    }

    /// A loader over the corpus's registries and fixtures, as `Corpus.load` makes one.
    static func corpusLoader() throws -> ScenarioLoader {
        let corpus = try Corpus.load(SharedMaterial.packageRoot.appendingPathComponent("Corpus").path)
        let fixtures = corpus.root + "/fixtures"
        return ScenarioLoader(rules: corpus.rules, features: corpus.features, fixturesDirectory: fixtures, fixtureExists: { name in
            SharedFixtures.fileName(of: name) != nil || FileManager.default.fileExists(atPath: "\(fixtures)/\(name).riv")
        }, assetExists: { name in FileManager.default.fileExists(atPath: "\(fixtures)/assets/\(name)") })
    }

    /// The loaded scenario as sorted JSON with step positions cleared (positions are layout),
    /// or its diagnostics' codes and messages when it does not load.
    static func canonicalDump(_ text: String, path: String, loader: ScenarioLoader) throws -> String {
        switch loader.load(Array(text.utf8), id: path, file: path) {
        case .success(var scenario):
            for index in scenario.steps.indices { scenario.steps[index].mark = .start }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return String(decoding: try encoder.encode(scenario), as: UTF8.self)
        case .failure(let list):
            return "invalid: " + list.diagnostics.map { "\($0.code) \($0.message)" }.joined(separator: "; ")
        }
    }

    @Test("every scenario file is in the canonical layout (run 'rive-harness fmt' when this fails)")
    func corpusIsFormatted() throws {
        let formatter = ScenarioFormatter()
        let files = try Self.scenarioTexts()
        #expect(files.count > 100)
        let unformatted = try files.filter { try formatter.format($0.text, file: $0.path) != $0.text }.map(\.path)
        #expect(unformatted.isEmpty, """
            not in the canonical layout (docs/scenario-format.md, "Layout"): \(unformatted.joined(separator: ", ")); \
            run 'rive-harness fmt' (swift run rive-harness fmt) and commit the result
            """)
    }

    @Test("formatting a formatted scenario file changes nothing")
    func formattingIsIdempotent() throws {
        let formatter = ScenarioFormatter()
        for (path, text) in try Self.scenarioTexts() {
            let once = try formatter.format(text, file: path)
            #expect(try formatter.format(once, file: path) == once, "\(path)")
        }
    }

    @Test("every scenario file, laid out one key per line and formatted back, loads as the same scenario")
    func formattingKeepsTheScenario() throws {
        let formatter = ScenarioFormatter()
        let loader = try Self.corpusLoader()
        for (path, text) in try Self.scenarioTexts() {
            let original = try Self.canonicalDump(text, path: path, loader: loader)
            #expect(!original.hasPrefix("invalid"), "\(path): \(original)")
            let expanded = Self.oneKeyPerLine(text)
            #expect(try Self.canonicalDump(expanded, path: path, loader: loader) == original, "\(path): the block-style copy differs")
            let formatted = try formatter.format(expanded, file: path)
            #expect(try Self.canonicalDump(formatted, path: path, loader: loader) == original, "\(path)")
            #expect(formatted == (try formatter.format(text, file: path)), "\(path): formatting depends on the layout it starts from")
        }
    }

    @Test("the canonical dump sees a change of meaning that formatting must never make")
    func dumpDetectsChangedMeaning() throws {
        let loader = try Self.corpusLoader()
        let text = """
            description: A number read back.
            rules: [PROP-1]
            fixture: all-types
            steps:
              - {load: file}
              - {artboard: ab, file: file}
              - {instance: vmi, file: file, source: viewModelDefault, artboard: ab}
              - {get: vmi, property: x, type: number, expect: 4}

            """
        let path = "Corpus/scenarios/example.yaml"
        let original = try Self.canonicalDump(text, path: path, loader: loader)
        #expect(!original.hasPrefix("invalid"), "\(original)")
        let relaidOut = text.replacingOccurrences(of: "  - {get: vmi, property: x, type: number, expect: 4}",
                                                  with: "  - get: vmi\n    expect: 4   # the authored value\n    type: number\n    property: x")
        #expect(try Self.canonicalDump(relaidOut, path: path, loader: loader) == original)
        let changes = [
            text.replacingOccurrences(of: "expect: 4}", with: "expect: '4'}"),
            text.replacingOccurrences(of: "expect: 4}", with: "expect: 4.5}"),
            text.replacingOccurrences(of: "rules: [PROP-1]", with: "rules: [PROP-2]"),
            text.replacingOccurrences(of: "property: x,", with: "property: y,"),
        ]
        for changed in changes {
            #expect(try Self.canonicalDump(changed, path: path, loader: loader) != original, "\(changed)")
        }
    }

    @Test("damaged scenario files are formatted idempotently with every comment kept, or refused with a diagnostic, never a crash")
    func damagedFilesNeverCrash() throws {
        let formatter = ScenarioFormatter()
        let snippets = ["#", " # note", ":", ": ", "\"", "'", "{", "}", "[", "]", ",", "\n", "\n  ", "\n  # note\n", "- ", "  ",
                        "|", ">", "&a ", "\t", "\r\n", "é", "\\", "\n\n", "a, b", "? "]
        var generator = SeededGenerator(seed: 11)
        var formattedCount = 0
        for (path, text) in try Self.scenarioTexts().enumerated().filter({ $0.offset % 5 == 0 }).map(\.element) {
            for _ in 0..<24 {
                var characters = Array(text)
                let position = Int.random(in: 0...characters.count, using: &generator)
                characters.insert(contentsOf: snippets.randomElement(using: &generator)!, at: position)
                let damaged = String(characters)
                do {
                    let once = try formatter.format(damaged, file: path)
                    formattedCount += 1
                    #expect(try formatter.format(once, file: path) == once, "\(path): not idempotent for\n\(damaged)")
                    let before = try YAMLSourceLayout.scan(damaged).comments.map(\.text).sorted()
                    let after = try YAMLSourceLayout.scan(once).comments.map(\.text).sorted()
                    #expect(before == after, "\(path): comments changed for\n\(damaged)")
                } catch let error as Diagnostic {
                    #expect(error.code != "fmt.meaning-changed", "\(error)\n\(damaged)")
                    #expect(error.line >= 1 && !error.hint.isEmpty, "\(error)")
                }
            }
        }
        #expect(formattedCount > 100)
    }

    /// Rewrites every one-line flow step of a formatted scenario as a block mapping, keys in
    /// reverse order after the action, so formatting has real work to do.
    static func oneKeyPerLine(_ text: String) -> String {
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            guard line.hasPrefix("  - {"), line.hasSuffix("}"), let parsed = try? YAMLNode.parse(String(line.dropFirst(4))),
                  let entries = parsed.mapping, entries.allSatisfy({ $0.value.scalar != nil || $0.value.mapping != nil || $0.value.sequence != nil })
            else {
                lines.append(line)
                continue
            }
            // Split the flow text at its top-level commas, keeping each entry's spelling.
            var parts: [String] = []
            var depth = 0
            var quote: Character?
            var current = ""
            for character in line.dropFirst(5).dropLast() {
                if let open = quote {
                    if character == open { quote = nil }
                } else if character == "\"" || character == "'" {
                    quote = character
                } else if "[{".contains(character) {
                    depth += 1
                } else if "]}".contains(character) {
                    depth -= 1
                } else if character == ",", depth == 0 {
                    parts.append(current.trimmingCharacters(in: .whitespaces))
                    current = ""
                    continue
                }
                current.append(character)
            }
            parts.append(current.trimmingCharacters(in: .whitespaces))
            guard parts.count == entries.count else {
                lines.append(line)
                continue
            }
            lines.append("  - " + parts[0])
            for part in parts.dropFirst().reversed() { lines.append("    " + part) }
        }
        return lines.joined(separator: "\n")
    }
}
