import Conformance
import YAML

/// The corpus folder and selection options that `run` and `list` share.
struct CorpusArguments {
    /// The corpus folder; `Corpus` by default.
    let path: String
    /// The selection from `--filter` and `--rules`.
    var selection: Selection

    /// Reads `--filter GLOB`, `--rules PREFIX` and the optional CORPUS positional.
    /// - Throws: `UsageError` for more than one positional or unknown options.
    init(_ arguments: inout ArgumentList, command: String) throws(UsageError) {
        selection = Selection(filter: try arguments.option("--filter"), rules: try arguments.option("--rules"))
        path = try Self.corpusPath(&arguments, command: command)
    }

    /// Checks `--rules` against the corpus's `rules.yaml`: it must be a rule ID or a rule area that exists.
    /// - Throws: `CommandFailure` with exit code 2, naming the value and the closest rule or area.
    func checkRules(in corpus: Corpus, command: String) throws(CommandFailure) {
        guard let rules = selection.rules else { return }
        let names = corpus.rules.rules.map(\.id) + Set(corpus.rules.rules.map(\.area)).sorted()
        guard !names.contains(rules) else { return }
        let suggestion = names.closestMatch(to: rules).map { "did you mean \($0)? " } ?? ""
        throw CommandFailure(message: "--rules '\(rules)' is neither a rule ID nor a rule area of \(corpus.root)/rules.yaml", hint: "\(suggestion)see 'rive-harness \(command) --help'", exitCode: .usage)
    }

    /// Reads the optional CORPUS positional.
    /// - Throws: `UsageError` for more than one positional or unknown options.
    static func corpusPath(_ arguments: inout ArgumentList, command: String) throws(UsageError) -> String {
        let positionals = try arguments.positionals()
        guard positionals.count <= 1 else {
            throw UsageError(message: "\(command) takes at most one corpus folder, got \(positionals.count)", hint: "run 'rive-harness \(command) [CORPUS]'")
        }
        return positionals.first ?? "Corpus"
    }
}

/// Loads a corpus, turning a missing folder into exit code 3.
func loadCorpus(_ path: String) throws(CommandFailure) -> Corpus {
    do { return try Corpus.load(path) } catch { throw CommandFailure(reporting: error, exitCode: .badInput) }
}
