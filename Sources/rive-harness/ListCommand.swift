import Conformance

/// `rive-harness list`: prints the scenarios a selection holds.
struct ListCommand: HarnessCommand {
    static let name = "list"
    static let summary = "list scenarios with their rules, requirements and descriptions"
    static let options = OptionTable(command: name, positionals: "[CORPUS]", column: 21, options: [
        OptionSpec("--filter", "GLOB", help: "scenario IDs to list: '*' within a folder, '**' across folders"),
        OptionSpec("--rules", "PREFIX", help: """
            scenarios checking a rule area (GLB) or one rule (GLB-5) of
            rules.yaml (an unknown one is a usage error)
            """),
    ])
    static let help = options.help(about: """
        Prints one line per scenario of CORPUS (default: Corpus) in ID order: the ID, the
        rules it checks, the capabilities it requires and its description. Scenario files
        that do not load are listed as INVALID; run 'rive-harness validate' for details.
        """, footer: """
        exit codes: 0 listed; 1 some listed files are invalid; 2 usage error; 3 the corpus folder is missing.
        """)

    let corpus: CorpusArguments

    init(arguments: inout ArgumentList) throws(UsageError) {
        corpus = try CorpusArguments(&arguments, command: Self.name)
    }

    @MainActor func run() async throws(CommandFailure) -> ExitCode {
        let loaded = try loadCorpus(corpus.path)
        try corpus.checkRules(in: loaded, command: Self.name)
        var invalid = 0
        for entry in loaded.entries where corpus.selection.matches(id: entry.id) {
            switch entry.scenario {
            case .success(let scenario) where corpus.selection.matches(rules: scenario.rules):
                let requires = scenario.requires.isEmpty ? "" : "  requires \(scenario.requires.capabilityNames.joined(separator: ","))"
                let description = scenario.description.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                print("\(entry.id)  [\(scenario.rules.joined(separator: ", "))]\(requires)  \(description)")
            case .success:
                continue
            case .failure(let list):
                invalid += 1
                print("\(entry.id)  INVALID (\(list.diagnostics.count) problem(s); run 'rive-harness validate')")
            }
        }
        return invalid == 0 ? .success : .failuresFound
    }
}
