import Conformance

/// `rive-harness validate`: checks every corpus file without running anything.
struct ValidateCommand: HarnessCommand {
    static let name = "validate"
    static let summary = "check the corpus: scenarios, registries and expectation files"
    static let options = OptionTable(command: name, positionals: "[CORPUS]", column: 13, options: [

    ])
    static let help = options.help(about: """
        Loads CORPUS (default: Corpus): rules.yaml, features.yaml, every scenario under
        scenarios/ and every expectations/ADAPTER.yaml. Prints each problem as
        FILE:LINE:COLUMN: error[CODE]: MESSAGE with a hint (docs/scenario-format.md lists
        the codes). An expectation naming a scenario that does not exist is stale.
        """, footer: """
        exit codes: 0 no problem; 1 problems found; 2 usage error; 3 the corpus folder is missing.
        """)

    let path: String

    init(arguments: inout ArgumentList) throws(UsageError) {
        path = try CorpusArguments.corpusPath(&arguments, command: Self.name)
    }

    @MainActor func run() async throws(CommandFailure) -> ExitCode {
        let corpus = try loadCorpus(path)
        let problems = corpus.allProblems
        for problem in problems { printError(problem.description) }
        let adapters = corpus.expectationAdapters
        print("validated \(corpus.entries.count) scenario(s), \(corpus.rules.rules.count) rule(s), \(corpus.features.features.count) feature(s), "
              + "\(adapters.count) expectations file(s): \(problems.count) problem(s)")
        return problems.isEmpty ? .success : .failuresFound
    }
}
