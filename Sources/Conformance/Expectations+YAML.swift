import ConformanceCore
import YAML

extension Expectations {
    /// Parses an expectations file, checking each scenario ID against the corpus.
    public static func parse(_ bytes: [UInt8], file: String, knownScenarios: Set<String>) -> Expectations {
        var result = Expectations(entries: [:], problems: [])
        do {
            let root = try YAMLNode.parse(bytes, file: file)
            let top = try MappingReader(root, file: file, what: "an expectations file", area: "expectations")
            try top.rejectUnknownKeys(["expectations", "divergences"], context: "an expectations file")
            let node = try top.required("expectations", hint: "list the known failures under 'expectations:', or write 'expectations: {}'")
            guard let entries = node.mapping else {
                throw Diagnostic(file: file, mark: node.mark, code: "expectations.type-mismatch",
                                 message: "'expectations' must map scenario IDs to entries", hint: "write 'SCENARIO-ID: {status: fail, reason: ...}'")
            }
            for entry in entries {
                do { try result.add(entry, file: file, knownScenarios: knownScenarios) } catch { result.problems.append(error) }
            }
            if let divergences = top.value("divergences") {
                guard let divergenceEntries = divergences.mapping else {
                    throw Diagnostic(file: file, mark: divergences.mark, code: "expectations.type-mismatch",
                                     message: "'divergences' must map divergence ids to entries", hint: "write 'ID: {rule: ..., section: ..., behaviour: ..., link: ...}'")
                }
                for entry in divergenceEntries {
                    do { try result.addDivergence(entry, file: file) } catch { result.problems.append(error) }
                }
            }
        } catch let error as YAMLError {
            result.problems.append(Diagnostic(error, file: file))
        } catch let error as Diagnostic {
            result.problems.append(error)
        } catch {
            result.problems.append(Diagnostic(file: file, mark: .start, code: "expectations.invalid", message: "\(error)", hint: "fix the file"))
        }
        return result
    }

    /// Adds one `divergences:` entry: every field is required, since each documents a measured behaviour.
    private mutating func addDivergence(_ entry: YAMLNode.Entry, file: String) throws(Diagnostic) {
        let id = try MappingReader.string(entry.key, file: file, what: "a divergence id", area: "expectations")
        let fields = try MappingReader(entry.value, file: file, what: "a documented divergence", area: "expectations")
        try fields.rejectUnknownKeys(["rule", "section", "behaviour", "link"], context: "a documented divergence")
        divergences[id.value] = DocumentedDivergence(
            rule: try fields.requiredString("rule", hint: "name the binding-rules.md rule the adapter does not follow").value,
            section: try fields.requiredString("section", hint: "name the dump section the difference shows in (docs/diff.md)").value,
            behaviour: try fields.requiredString("behaviour", hint: "say what the adapter does instead, as measured").value,
            link: try fields.requiredString("link", hint: "name the upstream source file the behaviour comes from").value)
    }

    private mutating func add(_ entry: YAMLNode.Entry, file: String, knownScenarios: Set<String>) throws(Diagnostic) {
        let id = try MappingReader.string(entry.key, file: file, what: "a scenario ID", area: "expectations")
        guard knownScenarios.contains(id.value) else {
            let suggestion = knownScenarios.sorted().closestMatch(to: id.value).map { "did you mean '\($0)'? " } ?? ""
            throw Diagnostic(file: file, mark: id.mark, code: "expectations.unknown-scenario",
                             message: "stale entry: no scenario '\(id.value)' in the corpus",
                             hint: "\(suggestion)remove the entry, or rename it after the scenario's new ID")
        }
        let fields = try MappingReader(entry.value, file: file, what: "an expectation", area: "expectations")
        try fields.rejectUnknownKeys(["status", "reason", "link"], context: "an expectation")
        let status = try fields.requiredString("status", hint: "write one of \(ExpectedStatus.allCases.map(\.rawValue).joined(separator: ", "))")
        guard let expected = ExpectedStatus(rawValue: status.value) else {
            throw Diagnostic(file: file, mark: status.mark, code: "expectations.invalid-status", message: "unknown status '\(status.value)'",
                             hint: "write one of \(ExpectedStatus.allCases.map(\.rawValue).joined(separator: ", ")); a scenario that passes needs no entry")
        }
        let reason = try fields.requiredString("reason", hint: "say why the adapter deviates")
        entries[id.value] = Expectation(status: expected, reason: reason.value, link: try fields.string("link")?.value)
    }
}
