import Foundation
import HarnessSupport

/// A whole corpus as one JSON document, readable with Foundation alone (docs/corpus-export.md).
///
/// `rive-harness corpus export` writes it from the YAML corpus on a machine with libyaml;
/// `Corpus.load(export:)` reads it back where no YAML parser is linked (an iOS simulator's
/// test target through ConformanceTesting). It holds every scenario as its decoded model
/// (with the source file and each step's line and column), the rule and feature registries,
/// every adapter's expectations, the files the runner reads (fixtures, assets, goldens) with
/// their bytes unless left out, and the corpus hash, so a run from the export plans and
/// reports exactly as a run from the folder.
public struct CorpusExport: Sendable, Codable {
    /// The format version this module writes and reads; bumped when a reader of the previous
    /// version could misread a new document (docs/corpus-export.md says what changed).
    public static let currentFormatVersion = 1

    /// One scenario file: its ID, the file diagnostics name, and the scenario or why it did not load.
    public struct ScenarioEntry: Sendable, Codable {
        /// The scenario ID.
        public var id: String
        /// The scenario file as the corpus named it when it was exported.
        public var file: String
        /// The decoded scenario; `nil` when the file did not load.
        public var scenario: Scenario?
        /// Why the file did not load; `nil` when it did.
        public var diagnostics: [Diagnostic]?
    }

    /// One file the runner reads, relative to the corpus folder (`fixtures/globals.riv`, `expected/…/x.digest`).
    public struct File: Sendable, Hashable, Codable {
        /// The path relative to the corpus folder, `/`-separated.
        public var path: String
        /// The file's size in bytes.
        public var size: Int
        /// The FNV-1a 64 hash of the bytes, 16 hex digits, so a reader can tell a changed file.
        public var fnv1a64: String
        /// The bytes (base64 in the JSON); `nil` when exported with `--no-fixture-bytes`.
        public var bytes: Data?
    }

    /// The document's format version (`currentFormatVersion` when written by this module).
    public var formatVersion: Int
    /// The corpus hash (`Corpus.hash`): the same value a run from the folder reports.
    public var corpusHash: String
    /// The corpus folder's absolute path when exported: where the files are looked for when the
    /// export carries no bytes.
    public var corpusRoot: String
    /// The rule registry (`rules.yaml`), in file order.
    public var rules: [RuleRegistry.Rule]
    /// The feature registry (`features.yaml`), in file order.
    public var features: [FeatureRegistry.Feature]
    /// Problems with the registries.
    public var problems: [Diagnostic]
    /// Every scenario file, in ID order.
    public var scenarios: [ScenarioEntry]
    /// Every adapter's expectations (`expectations/<adapter>.yaml`, and any added at export), by adapter name.
    public var expectations: [String: Expectations]
    /// The files of `fixtures/` (except the fixture sources `fixtures/*.yaml`) and `expected/`, sorted by path.
    public var files: [File]

    /// Describes a loaded corpus, reading the files the runner needs from its folder.
    /// - Parameters:
    ///   - corpus: the corpus, loaded from its folder.
    ///   - includeFileBytes: whether the export carries the files' bytes (`false`: paths, sizes and hashes only).
    /// - Throws: `CorpusExportError` (`export.unreadable-file`) when a file of the corpus cannot be read.
    public init(_ corpus: Corpus, includeFileBytes: Bool = true) throws(CorpusExportError) {
        formatVersion = Self.currentFormatVersion
        corpusHash = corpus.hash
        corpusRoot = URL(fileURLWithPath: corpus.root).standardizedFileURL.path
        rules = corpus.rules.rules
        features = corpus.features.features
        problems = corpus.problems
        scenarios = corpus.entries.map { entry in
            switch entry.scenario {
            case .success(let scenario): ScenarioEntry(id: entry.id, file: entry.file, scenario: scenario, diagnostics: nil)
            case .failure(let list): ScenarioEntry(id: entry.id, file: entry.file, scenario: nil, diagnostics: list.diagnostics)
            }
        }
        expectations = corpus.expectationFiles
        files = []
        for relative in Self.runtimeFiles(corpusRoot: corpus.root) {
            let path = corpus.root + "/" + relative
            guard let bytes = Corpus.readBytes(path) else {
                throw CorpusExportError(code: "export.unreadable-file", file: path, position: nil,
                                        message: "cannot read \(path)", hint: "check the file's permissions, then export again")
            }
            var hasher = FNV1a64()
            hasher.combine(bytes)
            files.append(File(path: relative, size: bytes.count, fnv1a64: hasher.hexDigest, bytes: includeFileBytes ? Data(bytes) : nil))
        }
    }

    /// The files of a corpus folder that runs read: everything below `fixtures/` except the
    /// fixture sources (`fixtures/*.yaml`), and everything below `expected/`; sorted relative paths.
    static func runtimeFiles(corpusRoot root: String) -> [String] {
        let fixtures = Corpus.filesBelow(root + "/fixtures", suffix: "").filter { $0.contains("/") || !$0.hasSuffix(".yaml") }
        return (fixtures.map { "fixtures/" + $0 } + Corpus.filesBelow(root + "/expected", suffix: "").map { "expected/" + $0 }).sorted()
    }

    /// The document as this module writes it: pretty-printed JSON with sorted keys, so the same
    /// corpus always gives the same bytes and two exports diff line by line.
    /// - Throws: `EncodingError` (not expected: every value of the model encodes).
    public func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        return Array(try encoder.encode(self)) + [UInt8(ascii: "\n")]
    }

    /// Reads a document, checking its syntax and format version before its schema.
    /// - Parameters:
    ///   - bytes: the file's contents.
    ///   - file: the path errors name.
    /// - Throws: `CorpusExportError`: `export.syntax` (with the line and column), `export.not-an-export`,
    ///   `export.format-version`, or `export.schema` (with the key path of the value that does not fit).
    public static func decode(_ bytes: [UInt8], file: String) throws(CorpusExportError) -> CorpusExport {
        let data = Data(bytes)
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        let regenerate = "generate it again with 'swift run rive-harness corpus export --out \(file)' in the RiveHarness checkout this test target uses"
        if let syntax = JSONSyntaxCheck.firstError(in: bytes) {
            throw CorpusExportError(code: "export.syntax", file: file, position: "line \(syntax.line), column \(syntax.column)",
                                    message: "not valid JSON: \(syntax.message)", hint: regenerate)
        }
        struct Header: Decodable { var formatVersion: Int? }
        let header: Header
        do { header = try decoder.decode(Header.self, from: data) } catch {
            throw CorpusExportError(code: "export.not-an-export", file: file, position: Self.position(of: error),
                                    message: "not a corpus export: the document must be a JSON object with a 'formatVersion' key (\(Self.detail(of: error)))",
                                    hint: "pass a file written by 'rive-harness corpus export'")
        }
        guard let version = header.formatVersion else {
            throw CorpusExportError(code: "export.not-an-export", file: file, position: "the top level",
                                    message: "not a corpus export: no 'formatVersion' key", hint: "pass a file written by 'rive-harness corpus export'")
        }
        guard version == currentFormatVersion else {
            let newer = version > currentFormatVersion
            throw CorpusExportError(code: "export.format-version", file: file, position: "key 'formatVersion'",
                                    message: "format version \(version), but this RiveHarness reads version \(currentFormatVersion)",
                                    hint: newer ? "the export was made by a newer rive-harness: update the RiveHarness dependency, or \(regenerate)"
                                                : "the export was made by an older rive-harness: \(regenerate)")
        }
        do { return try decoder.decode(CorpusExport.self, from: data) } catch {
            throw CorpusExportError(code: "export.schema", file: file, position: Self.position(of: error),
                                    message: "the export does not fit this RiveHarness's corpus model: \(Self.detail(of: error))",
                                    hint: "the export and the test target must come from the same RiveHarness version; \(regenerate)")
        }
    }

    /// The key path of a decoding error: `key 'scenarios[3].scenario.steps[2].action'`.
    static func position(of error: any Error) -> String? {
        guard let error = error as? DecodingError else { return nil }
        var path: [any CodingKey]
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context): path = context.codingPath
        case .keyNotFound(let key, let context): path = context.codingPath + [key]
        @unknown default: return nil
        }
        guard !path.isEmpty else { return "the top level" }
        var text = ""
        for key in path {
            if let index = key.intValue, key.stringValue == "Index \(index)" || key.stringValue == "\(index)" {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return "key '\(text)'"
    }

    /// What a decoding error says, in one line.
    static func detail(of error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .typeMismatch(let type, let context): return "expected \(type): \(context.debugDescription)"
        case .valueNotFound(let type, let context): return "missing \(type) value: \(context.debugDescription)"
        case .keyNotFound(let key, _): return "missing key '\(key.stringValue)'"
        case .dataCorrupted(let context): return context.debugDescription
        @unknown default: return "\(error)"
        }
    }
}

/// Why a corpus export could not be written or read: a stable code, the file, where in it, and the next step.
public struct CorpusExportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable identifier: `export.unreadable`, `export.syntax`, `export.not-an-export`,
    /// `export.format-version`, `export.schema`, `export.unreadable-file`, `export.cannot-materialize`.
    public var code: String
    /// The file concerned (the export, or a corpus file).
    public var file: String
    /// Where in the file: `line 3, column 14` or `key 'scenarios[2].scenario'`; `nil` for the whole file.
    public var position: String?
    /// What is wrong.
    public var message: String
    /// What to do next.
    public var hint: String

    /// Creates an error.
    public init(code: String, file: String, position: String?, message: String, hint: String) {
        self.code = code
        self.file = file
        self.position = position
        self.message = message
        self.hint = hint
    }

    /// `FILE: POSITION: error[CODE]: MESSAGE` (as diagnostics are written) and a hint line.
    public var description: String {
        "\(file)\(position.map { ": \($0)" } ?? ""): error[\(code)]: \(message)\n  hint: \(hint)"
    }
}

extension Corpus {
    /// Loads a corpus from an export file (docs/corpus-export.md), with Foundation alone.
    ///
    /// When the export carries the files' bytes, they are written (atomically, once per corpus
    /// hash and exported folder) to `materializeIn/package/Corpus`, by default in a folder of the
    /// temporary directory, which becomes the corpus's `root`: fixtures, assets and goldens are
    /// read from there, and `materializeIn/shared` links to the shared folder beside the
    /// exported corpus's package (upstream files, which the export does not carry). Without bytes, the
    /// files are read where `filesRoot` (default: the export's `corpusRoot`) has them. A file
    /// that is missing there, or whose bytes differ from the export's hash, is a problem of the
    /// corpus (`export.missing-file`, `export.changed-file`), not an error.
    /// - Parameters:
    ///   - url: the export file (a path, or a bundled resource's URL).
    ///   - filesRoot: the corpus folder holding the files of an export without bytes.
    ///   - materializeIn: the folder the bytes are written to.
    /// - Throws: `CorpusError.export` for a file that cannot be read, is not JSON, is not an
    ///   export, has another format version or does not fit the model, or bytes that cannot be written.
    public static func load(export url: URL, filesRoot: String? = nil, materializeIn: URL? = nil) throws(CorpusError) -> Corpus {
        let file = url.isFileURL ? url.path : url.absoluteString
        let bytes: [UInt8]
        do { bytes = Array(try Data(contentsOf: url)) } catch {
            let exists = url.isFileURL && FileManager.default.fileExists(atPath: url.path)
            throw .export(CorpusExportError(
                code: "export.unreadable", file: file, position: nil,
                message: exists ? "cannot read the corpus export: \(error.localizedDescription)" : "no corpus export at this path",
                hint: "generate it on a Mac or Linux machine with libyaml: 'swift run rive-harness corpus export --out \(file)' in the RiveHarness checkout (docs/corpus-export.md)"))
        }
        let export: CorpusExport
        do { export = try CorpusExport.decode(bytes, file: file) } catch { throw .export(error) }
        return try export.corpus(filesRoot: filesRoot, materializeIn: materializeIn)
    }
}

extension CorpusExport {
    /// The corpus this export describes, its files written out or found (see `Corpus.load(export:)`).
    /// - Throws: `CorpusError.export` (`export.cannot-materialize`) when the bytes cannot be written.
    public func corpus(filesRoot: String? = nil, materializeIn: URL? = nil) throws(CorpusError) -> Corpus {
        var problems = self.problems
        let carriesBytes = files.contains { $0.bytes != nil }
        let root: String
        if carriesBytes {
            var rootHasher = FNV1a64()
            rootHasher.combine(Array(corpusRoot.utf8))
            let folder = materializeIn ?? FileManager.default.temporaryDirectory
                .appendingPathComponent("rive-harness-corpus-" + corpusHash.replacingOccurrences(of: "fnv1a64:", with: "") + "-" + rootHasher.hexDigest)
            // The layout of a checkout: FOLDER/package/Corpus, and FOLDER/shared standing for the
            // shared folder beside the exported corpus's package, where scenarios on upstream files
            // (`fixture: shared/NAME`, SharedFixtures) look. Those files are not in the export; a
            // link to the exporting machine's folder finds them where that path exists (a Mac and
            // its simulators), and elsewhere the scenarios are skipped as without ../shared.
            root = folder.appendingPathComponent("package/Corpus").path
            let shared = folder.appendingPathComponent("shared")
            if (try? FileManager.default.attributesOfItem(atPath: shared.path)) == nil {
                try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try? FileManager.default.createSymbolicLink(at: shared, withDestinationURL: URL(fileURLWithPath: corpusRoot)
                    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared"))
            }
            for entry in files {
                guard let data = entry.bytes else { continue }
                let path = root + "/" + entry.path
                guard !entry.path.split(separator: "/").contains(where: { $0 == ".." || $0.hasPrefix(".") }), !entry.path.hasPrefix("/") else {
                    problems.append(Diagnostic(file: path, mark: .start, code: "export.invalid-path",
                                               message: "the export names a file outside the corpus folder: \(entry.path)",
                                               hint: "export again with 'rive-harness corpus export'"))
                    continue
                }
                var hasher = FNV1a64()
                hasher.combine(data)
                if hasher.hexDigest != entry.fnv1a64 {
                    problems.append(Diagnostic(file: path, mark: .start, code: "export.changed-file",
                                               message: "the bytes of \(entry.path) do not match the export's hash \(entry.fnv1a64)",
                                               hint: "the export was edited or damaged; export again with 'rive-harness corpus export'"))
                }
                if FileManager.default.contents(atPath: path) == data { continue }
                do { try AtomicFile.write(Array(data), to: path) } catch {
                    throw .export(CorpusExportError(code: "export.cannot-materialize", file: path, position: nil,
                                                    message: "cannot write the export's files: \(error.reason)",
                                                    hint: "pass a writable folder (materializeIn), or free space in the temporary directory"))
                }
            }
        } else {
            root = filesRoot ?? corpusRoot
            for entry in files {
                let path = root + "/" + entry.path
                guard let data = Corpus.readBytes(path) else {
                    problems.append(Diagnostic(file: path, mark: .start, code: "export.missing-file",
                                               message: "the export has no bytes for \(entry.path) and \(path) cannot be read",
                                               hint: "export with the bytes (without --no-fixture-bytes), or pass the corpus folder that holds the files"))
                    continue
                }
                var hasher = FNV1a64()
                hasher.combine(data)
                if hasher.hexDigest != entry.fnv1a64 {
                    problems.append(Diagnostic(file: path, mark: .start, code: "export.changed-file",
                                               message: "\(path) changed since the export (hash \(hasher.hexDigest), the export has \(entry.fnv1a64))",
                                               hint: "export again with 'rive-harness corpus export', or check out the corpus the export was made from"))
                }
            }
        }
        let entries = scenarios.map { entry -> Corpus.Entry in
            let scenario: Result<Scenario, DiagnosticList> = if let scenario = entry.scenario {
                .success(scenario)
            } else {
                .failure(DiagnosticList(entry.diagnostics ?? [Diagnostic(file: entry.file, mark: .start, code: "export.invalid-entry",
                                                                         message: "the export has neither a scenario nor diagnostics for \(entry.id)",
                                                                         hint: "export again with 'rive-harness corpus export'")]))
            }
            return Corpus.Entry(id: entry.id, file: entry.file, scenario: scenario)
        }
        return Corpus(root: root, rules: RuleRegistry(rules: rules), features: FeatureRegistry(features: features), entries: entries,
                      problems: problems, hash: corpusHash, expectationFiles: expectations)
    }
}
