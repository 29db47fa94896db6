import Foundation
import HarnessSupport
import YAML

/// A conformance corpus on disk: rule and feature registries, scenarios, fixtures, goldens and expectations.
///
/// Layout (paths relative to the corpus folder, usually `Corpus/`):
/// `rules.yaml`, `features.yaml`, `scenarios/**/*.yaml`, `fixtures/*.riv`,
/// `expected/<scenario ID>/<name>.digest`, `expectations/<adapter>.yaml`.
/// Loading never stops at a bad file: problems are kept as diagnostics.
public struct Corpus: Sendable {
    /// One scenario file: its ID and either the scenario or its diagnostics.
    public struct Entry: Sendable {
        /// The scenario ID: the path under `scenarios/` without `.yaml`.
        public var id: String
        /// The file's path as diagnostics name it.
        public var file: String
        /// The loaded scenario, or why it could not be loaded.
        public var scenario: Result<Scenario, DiagnosticList>
    }

    /// The corpus folder as the user named it.
    public var root: String
    /// The rule registry (empty when `rules.yaml` could not be loaded).
    public var rules: RuleRegistry
    /// The feature registry (empty when `features.yaml` could not be loaded).
    public var features: FeatureRegistry
    /// Every scenario file, sorted by ID.
    public var entries: [Entry]
    /// Problems with the registries.
    public var problems: [Diagnostic]
    /// A hash of the registries, scenarios, fixtures and goldens: `fnv1a64:` and 16 hex digits.
    public var hash: String

    /// The folder of `.riv` fixtures.
    public var fixturesDirectory: String { root + "/fixtures" }
    /// The folder of golden digests.
    public var expectedDirectory: String { root + "/expected" }
    /// The folder of expectation files.
    public var expectationsDirectory: String { root + "/expectations" }

    /// Loads the corpus in a folder.
    /// - Throws: `CorpusError.missingFolder` when the folder (or its `scenarios/` folder) does not exist.
    public static func load(_ root: String) throws(CorpusError) -> Corpus {
        let root = root.hasSuffix("/") && root.count > 1 ? String(root.dropLast()) : root
        let scenariosDirectory = root + "/scenarios"
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: scenariosDirectory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .missingFolder(root)
        }
        var problems: [Diagnostic] = []
        let rules = loadRegistry(root + "/rules.yaml", problems: &problems, parse: RuleRegistry.parse) ?? RuleRegistry(rules: [])
        let features = loadRegistry(root + "/features.yaml", problems: &problems, parse: FeatureRegistry.parse) ?? FeatureRegistry(features: [])
        let fixtures = root + "/fixtures"
        let loader = ScenarioLoader(rules: rules, features: features, fixturesDirectory: fixtures, fixtureExists: { name in
            SharedFixtures.fileName(of: name) != nil || (!name.contains("/") && FileManager.default.fileExists(atPath: "\(fixtures)/\(name).riv"))
        }, assetExists: { name in
            !name.contains("/") && !name.hasPrefix(".") && FileManager.default.fileExists(atPath: "\(fixtures)/assets/\(name)")
        })
        var hasher = FNV1a64()
        for relative in ["rules.yaml", "features.yaml"] {
            hasher.combine(file: relative, bytes: readBytes(root + "/" + relative) ?? [])
        }
        var entries: [Entry] = []
        for relative in filesBelow(scenariosDirectory, suffix: ".yaml") {
            let file = scenariosDirectory + "/" + relative
            let id = String(relative.dropLast(".yaml".count))
            let bytes = readBytes(file) ?? []
            hasher.combine(file: "scenarios/" + relative, bytes: bytes)
            entries.append(Entry(id: id, file: file, scenario: loader.load(bytes, id: id, file: file)))
        }
        for folder in ["fixtures", "expected"] {
            for relative in filesBelow(root + "/" + folder, suffix: "") {
                hasher.combine(file: folder + "/" + relative, bytes: readBytes(root + "/" + folder + "/" + relative) ?? [])
            }
        }
        return Corpus(root: root, rules: rules, features: features, entries: entries, problems: problems, hash: hasher.corpusHash)
    }

    /// The expectations of one adapter (`expectations/<adapter>.yaml`); an absent file means none.
    ///
    /// Entries are checked against this corpus's scenario IDs: an unknown ID is a stale
    /// entry (`expectations.unknown-scenario`).
    public func expectations(for adapter: String) -> Expectations {
        let file = "\(expectationsDirectory)/\(adapter).yaml"
        guard let bytes = Corpus.readBytes(file) else { return Expectations(entries: [:], problems: []) }
        return Expectations.parse(bytes, file: file, knownScenarios: Set(entries.map(\.id)))
    }

    /// The adapter names that have an expectations file, sorted.
    public var expectationAdapters: [String] {
        Corpus.filesBelow(expectationsDirectory, suffix: ".yaml").filter { !$0.contains("/") }.map { String($0.dropLast(".yaml".count)) }
    }

    /// Every problem `validate` reports: registries, scenario files and every expectations file.
    public var allProblems: [Diagnostic] {
        problems + entries.flatMap { entry -> [Diagnostic] in
            if case .failure(let list) = entry.scenario { return list.diagnostics }
            return []
        } + expectationAdapters.flatMap { expectations(for: $0).problems }
    }

    private static func loadRegistry<Registry>(_ file: String, problems: inout [Diagnostic],
                                               parse: ([UInt8], String) throws(Diagnostic) -> Registry) -> Registry? {
        guard let bytes = readBytes(file) else {
            problems.append(Diagnostic(file: file, mark: .start, code: "corpus.missing-file", message: "cannot read \(file)",
                                       hint: "every corpus has rules.yaml and features.yaml; see docs/scenario-format.md"))
            return nil
        }
        do { return try parse(bytes, file) } catch {
            problems.append(error)
            return nil
        }
    }

    static func readBytes(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    /// The regular files below a folder whose names end with `suffix`, as sorted relative paths.
    ///
    /// Hidden files and everything inside hidden folders (names starting with `.`) are skipped.
    static func filesBelow(_ directory: String, suffix: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory + "/" + relative, isDirectory: &isDirectory) else { continue }
            if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
                if isDirectory.boolValue { enumerator.skipDescendants() }
                continue
            }
            guard !isDirectory.boolValue, relative.hasSuffix(suffix) else { continue }
            files.append(relative)
        }
        return files.sorted()
    }
}

/// Why a corpus could not be opened at all.
public enum CorpusError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The folder, or its `scenarios/` folder, does not exist.
    case missingFolder(String)

    /// The message with a hint.
    public var description: String {
        switch self {
        case .missingFolder(let root):
            "error: '\(root)' is not a corpus: \(root)/scenarios does not exist\n  hint: pass the corpus folder (the one holding rules.yaml and scenarios/), for example 'Corpus'"
        }
    }
}

extension FNV1a64 {
    /// Adds one corpus file: its relative path, a separator, its bytes and another separator.
    mutating func combine(file: String, bytes: [UInt8]) {
        combine(Array(file.utf8) + [0] + bytes + [0])
    }

    /// `fnv1a64:` followed by 16 lower-case hex digits, as the corpus hash is written.
    var corpusHash: String { "fnv1a64:" + hexDigest }
}
