import Foundation
import HarnessSupport

/// A conformance corpus on disk: rule and feature registries, scenarios, fixtures, goldens and expectations.
///
/// Layout (paths relative to the corpus folder, usually `Corpus/`):
/// `rules.yaml`, `features.yaml`, `scenarios/**/*.yaml`, `fixtures/*.riv`,
/// `expected/<scenario ID>/<name>.digest`, `expectations/<adapter>.yaml`.
/// Loading never stops at a bad file: problems are kept as diagnostics.
///
/// `Conformance` loads a corpus from its YAML files (`Corpus.load(_:)`); ConformanceCore
/// reads one from a corpus export (`Corpus.load(export:)`, docs/corpus-export.md), which
/// needs no YAML parser.
public struct Corpus: Sendable {
    /// One scenario file: its ID and either the scenario or its diagnostics.
    public struct Entry: Sendable {
        /// The scenario ID: the path under `scenarios/` without `.yaml`.
        public var id: String
        /// The file's path as diagnostics name it.
        public var file: String
        /// The loaded scenario, or why it could not be loaded.
        public var scenario: Result<Scenario, DiagnosticList>

        /// Creates an entry.
        public init(id: String, file: String, scenario: Result<Scenario, DiagnosticList>) {
            self.id = id
            self.file = file
            self.scenario = scenario
        }
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
    /// The expectations of each adapter that has a file (`expectations/<adapter>.yaml`), by adapter name.
    public var expectationFiles: [String: Expectations]

    /// Creates a corpus from its parts (loaders use this; `root` is where fixtures and goldens are read).
    public init(root: String, rules: RuleRegistry, features: FeatureRegistry, entries: [Entry], problems: [Diagnostic],
                hash: String, expectationFiles: [String: Expectations]) {
        self.root = root
        self.rules = rules
        self.features = features
        self.entries = entries
        self.problems = problems
        self.hash = hash
        self.expectationFiles = expectationFiles
    }

    /// The folder of `.riv` fixtures.
    public var fixturesDirectory: String { root + "/fixtures" }
    /// The folder of golden digests.
    public var expectedDirectory: String { root + "/expected" }
    /// The folder of expectation files.
    public var expectationsDirectory: String { root + "/expectations" }

    /// The expectations of one adapter (`expectations/<adapter>.yaml`); an absent file means none.
    ///
    /// Entries were checked against this corpus's scenario IDs when it was loaded: an
    /// unknown ID is a stale entry (`expectations.unknown-scenario`).
    public func expectations(for adapter: String) -> Expectations {
        expectationFiles[adapter] ?? Expectations(entries: [:], problems: [])
    }

    /// The adapter names that have an expectations file, sorted.
    public var expectationAdapters: [String] { expectationFiles.keys.sorted() }

    /// Every problem `validate` reports: registries, scenario files and every expectations file.
    public var allProblems: [Diagnostic] {
        problems + entries.flatMap { entry -> [Diagnostic] in
            if case .failure(let list) = entry.scenario { return list.diagnostics }
            return []
        } + expectationAdapters.flatMap { expectations(for: $0).problems }
    }

    package static func readBytes(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    /// The regular files below a folder whose names end with `suffix`, as sorted relative paths.
    ///
    /// Hidden files and everything inside hidden folders (names starting with `.`) are skipped.
    package static func filesBelow(_ directory: String, suffix: String) -> [String] {
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
    /// A corpus export (docs/corpus-export.md) could not be read, or its files could not be written out.
    case export(CorpusExportError)

    /// The message with a hint.
    public var description: String {
        switch self {
        case .missingFolder(let root):
            "error: '\(root)' is not a corpus: \(root)/scenarios does not exist\n  hint: pass the corpus folder (the one holding rules.yaml and scenarios/), for example 'Corpus'"
        case .export(let error):
            error.description
        }
    }
}

extension FNV1a64 {
    /// Adds one corpus file: its relative path, a separator, its bytes and another separator.
    package mutating func combine(file: String, bytes: [UInt8]) {
        combine(Array(file.utf8) + [0] + bytes + [0])
    }

    /// `fnv1a64:` followed by 16 lower-case hex digits, as the corpus hash is written.
    package var corpusHash: String { "fnv1a64:" + hexDigest }
}
