import Conformance

/// `rive-harness coverage`: which scenarios check each rule, and which rules have none.
struct CoverageCommand: HarnessCommand {
    static let name = "coverage"
    static let summary = "show rules × scenarios; fail when a rule has no scenario"
    static let options = OptionTable(command: name, positionals: "[CORPUS]", column: 13, options: [

    ])
    static let help = options.help(about: """
        Prints every rule of CORPUS/rules.yaml (default corpus: Corpus) with the number of
        scenarios that name it and their IDs, then the rules no scenario checks. Retired
        rules are left out. Invalid scenario files count for nothing.
        """, footer: """
        exit codes: 0 every rule has a scenario; 1 a rule has none, or the corpus has
        problems; 2 usage error; 3 the corpus folder is missing.
        """)

    let path: String

    init(arguments: inout ArgumentList) throws(UsageError) {
        path = try CorpusArguments.corpusPath(&arguments, command: Self.name)
    }

    @MainActor func run() async throws(CommandFailure) -> ExitCode {
        let corpus = try loadCorpus(path)
        var scenariosByRule: [String: [String]] = [:]
        for entry in corpus.entries {
            guard case .success(let scenario) = entry.scenario else { continue }
            for rule in scenario.rules { scenariosByRule[rule, default: []].append(entry.id) }
        }
        let active = corpus.rules.rules.filter { !$0.retired }
        let width = (active.map(\.id.count).max() ?? 0) + 2
        var uncovered: [String] = []
        for rule in active {
            let scenarios = scenariosByRule[rule.id] ?? []
            if scenarios.isEmpty { uncovered.append(rule.id) }
            print(rule.id.padding(toLength: width, withPad: " ", startingAt: 0) + "\(scenarios.count)  " + (scenarios.isEmpty ? "-- \(rule.title)" : scenarios.joined(separator: ", ")))
        }
        let problems = corpus.allProblems
        for problem in problems { printError(problem.description) }
        print("\(active.count - uncovered.count) of \(active.count) rule(s) covered" + (uncovered.isEmpty ? "" : "; no scenario for: " + uncovered.joined(separator: ", ")))
        return uncovered.isEmpty && problems.isEmpty ? .success : .failuresFound
    }
}
