import ConformanceCore
import Foundation
import HarnessSupport

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
