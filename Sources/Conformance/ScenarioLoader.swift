import ConformanceCore
import RuntimeAPI
import YAML

/// Turns a scenario file into a `Scenario`, or into located diagnostics.
///
/// Every name is checked where it is written: rule IDs against the rule registry, features
/// against the feature registry, capabilities against `RuntimeCapabilities.names`, fixtures
/// against the fixtures folder, handles against the steps that create them, error cases
/// against the RuntimeAPI error enums.
public struct ScenarioLoader: Sendable {
    /// The rule IDs scenarios may name.
    public var rules: RuleRegistry
    /// The feature names scenarios may use.
    public var features: FeatureRegistry
    /// Whether a fixture name has a `.riv` file in the fixtures folder.
    public var fixtureExists: @Sendable (String) -> Bool
    /// Whether an asset name is a file in the fixtures folder's `assets/` folder.
    public var assetExists: @Sendable (String) -> Bool
    /// The fixtures folder as diagnostics name it (the corpus's own, for example `Corpus/fixtures`).
    public var fixturesDirectory: String

    /// Creates a loader.
    public init(rules: RuleRegistry, features: FeatureRegistry, fixturesDirectory: String = "Corpus/fixtures",
                fixtureExists: @escaping @Sendable (String) -> Bool, assetExists: @escaping @Sendable (String) -> Bool) {
        self.rules = rules
        self.features = features
        self.fixturesDirectory = fixturesDirectory
        self.fixtureExists = fixtureExists
        self.assetExists = assetExists
    }

    static let topLevelKeys = ["description", "rules", "features", "requires", "fixture", "timeout", "steps"]

    /// Loads one scenario.
    /// - Parameters:
    ///   - bytes: the file's contents.
    ///   - id: the scenario ID (its path under `Corpus/scenarios` without extension).
    ///   - file: the path diagnostics name.
    /// - Returns: the scenario, or every diagnostic found (at least one).
    public func load(_ bytes: [UInt8], id: String, file: String) -> Result<Scenario, DiagnosticList> {
        let root: YAMLNode
        do { root = try YAMLNode.parse(bytes, file: file) } catch {
            return .failure(DiagnosticList([Diagnostic(error, file: file)]))
        }
        var diagnostics: [Diagnostic] = []
        func attempt<T>(_ body: () throws(Diagnostic) -> T) -> T? {
            do { return try body() } catch {
                diagnostics.append(error)
                return nil
            }
        }
        guard let fields = attempt({ () throws(Diagnostic) in try MappingReader(root, file: file, what: "a scenario") }) else {
            return .failure(DiagnosticList(diagnostics))
        }
        _ = attempt { () throws(Diagnostic) in try fields.rejectUnknownKeys(Self.topLevelKeys, context: "a scenario") }
        let description = attempt { () throws(Diagnostic) in
            try fields.requiredString("description", hint: "say in a sentence what the scenario checks").value
        }
        let ruleIDs = attempt { () throws(Diagnostic) in try ruleList(fields) } ?? []
        let featureNames = attempt { () throws(Diagnostic) in try featureList(fields) } ?? []
        let declared = attempt { () throws(Diagnostic) in try capabilityList(fields) } ?? []
        let fixture = attempt { () throws(Diagnostic) in try fixtureName(fields.string("fixture"), file: file) } ?? nil
        let timeout = attempt { () throws(Diagnostic) in try timeoutSeconds(fields) } ?? nil
        var steps: [Step] = []
        var implied: RuntimeCapabilities = []
        if let stepsNode = attempt({ () throws(Diagnostic) in try fields.required("steps", hint: "list the steps under 'steps:'") }) {
            var parser = StepParser(file: file, defaultFixture: fixture, scenarioNamesFixture: fields.has("fixture"), loader: self)
            let parsed = parser.parseSteps(stepsNode)
            steps = parsed.steps
            implied = parsed.implied
            diagnostics += parsed.diagnostics
        }
        guard diagnostics.isEmpty, let description else { return .failure(DiagnosticList(diagnostics)) }
        return .success(Scenario(id: id, file: file, description: description, rules: ruleIDs, features: featureNames,
                                 requires: declared.union(implied), fixture: fixture, timeoutSeconds: timeout, steps: steps))
    }

    /// Checks an asset name and that its file exists in the fixtures folder's `assets/` folder.
    /// - Throws: `scenario.missing-asset`.
    func assetName(_ name: Located<String>, file: String) throws(Diagnostic) -> String {
        guard assetExists(name.value) else {
            throw Diagnostic(file: file, mark: name.mark, code: "scenario.missing-asset",
                             message: "no asset '\(name.value)': \(fixturesDirectory)/assets/\(name.value) does not exist",
                             hint: "name a file of \(fixturesDirectory)/assets/ with its extension, for example 'swatch.png'")
        }
        return name.value
    }

    /// Checks a fixture name and that its `.riv` file exists.
    /// - Throws: `scenario.missing-fixture`.
    func fixtureName(_ name: Located<String>?, file: String) throws(Diagnostic) -> String? {
        guard let name else { return nil }
        guard fixtureExists(name.value) else {
            throw Diagnostic(file: file, mark: name.mark, code: "scenario.missing-fixture",
                             message: "no fixture '\(name.value)': \(fixturesDirectory)/\(name.value).riv does not exist",
                             hint: "name a fixture without the .riv extension; build fixtures with 'rive-harness fixtures build'")
        }
        return name.value
    }

    private func names(_ fields: MappingReader, _ key: String) throws(Diagnostic) -> [Located<String>] {
        guard let node = fields.value(key) else { return [] }
        guard let elements = node.sequence else {
            throw Diagnostic(file: fields.file, mark: node.mark, code: "scenario.type-mismatch",
                             message: "expected a list for '\(key)'", hint: "write '\(key): [A, B]'")
        }
        var result: [Located<String>] = []
        for element in elements { result.append(try MappingReader.string(element, file: fields.file, what: "an entry of '\(key)'")) }
        return result
    }

    private func ruleList(_ fields: MappingReader) throws(Diagnostic) -> [String] {
        guard fields.has("rules") else {
            throw Diagnostic(file: fields.file, mark: fields.node.mark, code: "scenario.missing-key", message: "missing key 'rules'",
                             hint: "name the rules of binding-rules.md the scenario checks, for example 'rules: [PROP-1]'")
        }
        let ids = try names(fields, "rules")
        if ids.isEmpty {
            throw Diagnostic(file: fields.file, mark: fields.value("rules")?.mark ?? fields.node.mark, code: "scenario.no-rules",
                             message: "the scenario names no rule", hint: "name at least one rule ID from Corpus/rules.yaml")
        }
        for id in ids {
            guard let rule = rules.rule(id.value) else {
                let suggestion = rules.rules.map(\.id).closestMatch(to: id.value).map { "did you mean \($0)? " } ?? ""
                throw Diagnostic(file: fields.file, mark: id.mark, code: "scenario.unknown-rule",
                                 message: "unknown rule ID '\(id.value)'", hint: "\(suggestion)rule IDs are listed in Corpus/rules.yaml")
            }
            guard !rule.retired else {
                throw Diagnostic(file: fields.file, mark: id.mark, code: "scenario.retired-rule",
                                 message: "rule \(id.value) is retired", hint: "name the rule that replaced it")
            }
        }
        return ids.map(\.value)
    }

    private func featureList(_ fields: MappingReader) throws(Diagnostic) -> [String] {
        let list = try names(fields, "features")
        for name in list where !features.contains(name.value) {
            let suggestion = features.features.map(\.name).closestMatch(to: name.value).map { "did you mean '\($0)'? " } ?? ""
            throw Diagnostic(file: fields.file, mark: name.mark, code: "scenario.unknown-feature",
                             message: "unknown feature '\(name.value)'",
                             hint: "\(suggestion)features are a closed list in Corpus/features.yaml; add one there first")
        }
        return list.map(\.value)
    }

    private func capabilityList(_ fields: MappingReader) throws(Diagnostic) -> RuntimeCapabilities {
        var result: RuntimeCapabilities = []
        for name in try names(fields, "requires") {
            guard let capability = RuntimeCapabilities(name: name.value) else {
                let known = RuntimeCapabilities.names.map(\.name)
                let suggestion = known.closestMatch(to: name.value).map { "did you mean '\($0)'? " } ?? ""
                throw Diagnostic(file: fields.file, mark: name.mark, code: "scenario.unknown-capability",
                                 message: "unknown capability '\(name.value)'", hint: "\(suggestion)capabilities: \(known.joined(separator: ", "))")
            }
            result.insert(capability)
        }
        return result
    }

    private func timeoutSeconds(_ fields: MappingReader) throws(Diagnostic) -> Double? {
        guard let seconds = try fields.decode(Double.self, "timeout") else { return nil }
        guard seconds > 0, seconds <= RunOptions.maximumTimeoutSeconds else {
            throw Diagnostic(file: fields.file, mark: fields.value("timeout")?.mark ?? fields.node.mark, code: "scenario.invalid-timeout",
                             message: "the timeout must be a positive number of seconds up to \(Int(RunOptions.maximumTimeoutSeconds)) (one day), not \(seconds)",
                             hint: "write for example 'timeout: 5'")
        }
        return seconds
    }
}
