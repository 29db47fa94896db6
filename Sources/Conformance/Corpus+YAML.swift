import ConformanceCore
import Foundation
import HarnessSupport
import SystemCalls

extension Corpus {
    /// Loads the corpus in a folder: the registries, every scenario file and every
    /// `expectations/<adapter>.yaml` (checked against the scenario IDs).
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
        for candidate in scenarioFiles(scenariosDirectory) {
            let file = scenariosDirectory + "/" + candidate.relative
            if let problem = candidate.problem {
                let diagnostic = Diagnostic(file: file, mark: .start, code: problem.code, message: problem.message, hint: problem.hint)
                entries.append(Entry(id: candidate.id, file: file, scenario: .failure(DiagnosticList([diagnostic]))))
                continue
            }
            let bytes = readBytes(file) ?? []
            hasher.combine(file: "scenarios/" + candidate.relative, bytes: bytes)
            entries.append(Entry(id: candidate.id, file: file, scenario: loader.load(bytes, id: candidate.id, file: file)))
        }
        entries = markCaseCollisions(entries)
        for folder in ["fixtures", "expected"] {
            for relative in filesBelow(root + "/" + folder, suffix: "") {
                hasher.combine(file: folder + "/" + relative, bytes: readBytes(root + "/" + folder + "/" + relative) ?? [])
            }
        }
        let known = Set(entries.map(\.id))
        var expectationFiles: [String: Expectations] = [:]
        let expectationsDirectory = root + "/expectations"
        for relative in filesBelow(expectationsDirectory, suffix: ".yaml") where !relative.contains("/") {
            let file = expectationsDirectory + "/" + relative
            guard let bytes = readBytes(file) else { continue }
            expectationFiles[String(relative.dropLast(".yaml".count))] = Expectations.parse(bytes, file: file, knownScenarios: known)
        }
        return Corpus(root: root, rules: rules, features: features, entries: entries, problems: problems, hash: hasher.corpusHash,
                      expectationFiles: expectationFiles)
    }

    /// A file below `scenarios/` that looks like a scenario, and why it cannot be one.
    private struct ScenarioFile {
        /// The path below `scenarios/`.
        var relative: String
        /// The scenario ID: the path without `.yaml` (a `.yml` file keeps its suffix).
        var id: String
        /// Why the file is not loaded, as a diagnostic's code, message and hint.
        var problem: (code: String, message: String, hint: String)?
    }

    /// Every `*.yaml` and `*.yml` entry below the scenarios folder (hidden ones skipped), in
    /// path order, with a problem for each that cannot be a scenario: a `.yml` name, a link that
    /// leads nowhere or loops, a FIFO, device or other entry that is not a regular file.
    private static func scenarioFiles(_ directory: String) -> [ScenarioFile] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        var files: [ScenarioFile] = []
        while let relative = enumerator.nextObject() as? String {
            let path = directory + "/" + relative
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
                if exists, isDirectory.boolValue { enumerator.skipDescendants() }
                continue
            }
            if exists, isDirectory.boolValue { continue }
            let isYAML = relative.hasSuffix(".yaml")
            guard isYAML || relative.hasSuffix(".yml") else { continue }
            let id = isYAML ? String(relative.dropLast(".yaml".count)) : relative
            var problem: (code: String, message: String, hint: String)?
            if let reason = entryProblem(path) {
                problem = ("scenario.unreadable", "cannot read the scenario file: \(reason)", "make it a regular file, or remove it")
            } else if !isYAML {
                let renamed = String(relative.dropLast(".yml".count)) + ".yaml"
                problem = ("scenario.wrong-extension", "scenario files end in '.yaml'; '\(relative)' is not loaded as a scenario",
                           "rename it to '\(renamed)'")
            }
            files.append(ScenarioFile(relative: relative, id: id, problem: problem))
        }
        return files.sorted { $0.relative < $1.relative }
    }

    /// Why a path is not a readable regular file (a link that leads nowhere or loops, a FIFO,
    /// a device, a socket), or `nil`.
    private static func entryProblem(_ path: String) -> String? {
        switch SystemCalls.kind(ofPath: path) {
        case .readableFile: return nil
        case .unreadableFile(let reason), .inaccessible(let reason): return reason
        case .danglingLink(let reason): return "a link that leads nowhere (\(reason))"
        case .fifo: return "a FIFO, not a regular file"
        case .device: return "a device, not a regular file"
        case .socket: return "a socket, not a regular file"
        case .folder, .otherNonRegular: return "not a regular file"
        }
    }

    /// Marks scenarios whose IDs differ only in case as invalid: on a case-insensitive file
    /// system (macOS) they are one file, so a corpus must not hold both.
    private static func markCaseCollisions(_ entries: [Entry]) -> [Entry] {
        let groups = Dictionary(grouping: entries.indices, by: { entries[$0].id.lowercased() }).filter { $0.value.count > 1 }
        guard !groups.isEmpty else { return entries }
        var marked = entries
        for indices in groups.values {
            for index in indices {
                let others = indices.filter { $0 != index }.map { "'\(entries[$0].id)'" }.joined(separator: ", ")
                let diagnostic = Diagnostic(file: entries[index].file, mark: .start, code: "scenario.case-collision",
                                            message: "the scenario ID '\(entries[index].id)' differs from \(others) only in case; "
                                                + "on a case-insensitive file system (macOS) they are the same file",
                                            hint: "rename one of them so the IDs differ in more than case")
                marked[index].scenario = .failure(DiagnosticList([diagnostic]))
            }
        }
        return marked
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
}
