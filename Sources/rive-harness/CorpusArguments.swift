import Conformance

/// The corpus folder and selection options that `run` and `list` share.
struct CorpusArguments {
    /// The options this type reads, for "did you mean" suggestions.
    static let options = ["--filter", "--rules"]

    /// The corpus folder; `Corpus` by default.
    let path: String
    /// The selection from `--filter` and `--rules`.
    var selection: Selection

    /// Reads `--filter GLOB`, `--rules PREFIX` and the optional CORPUS positional.
    /// - Throws: `UsageError` for more than one positional or unknown options.
    init(_ arguments: inout ArgumentList, command: String, knownOptions: [String]) throws(UsageError) {
        selection = Selection(filter: try arguments.option("--filter"), rules: try arguments.option("--rules"))
        path = try Self.corpusPath(&arguments, command: command, knownOptions: knownOptions + Self.options)
    }

    /// Reads the optional CORPUS positional.
    /// - Throws: `UsageError` for more than one positional or unknown options.
    static func corpusPath(_ arguments: inout ArgumentList, command: String, knownOptions: [String]) throws(UsageError) -> String {
        let positionals = try arguments.positionals(known: knownOptions)
        guard positionals.count <= 1 else {
            throw UsageError(message: "\(command) takes at most one corpus folder, got \(positionals.count)", hint: "run 'rive-harness \(command) [CORPUS]'")
        }
        return positionals.first ?? "Corpus"
    }
}

/// Loads a corpus, turning a missing folder into exit code 3.
func loadCorpus(_ path: String) throws(CommandFailure) -> Corpus {
    do { return try Corpus.load(path) } catch { throw CommandFailure(message: error.description, exitCode: .badInput) }
}
