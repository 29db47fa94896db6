import Conformance
import Foundation

/// `rive-harness corpus export`: the whole corpus as one JSON document for runs without libyaml.
struct CorpusCommand: HarnessCommand {
    static let name = "corpus"
    static let summary = "export the corpus as one JSON document (for ConformanceTesting without libyaml)"
    static let options = OptionTable(command: name, positionals: "export [CORPUS]", column: 28, options: [
        OptionSpec("--out", "FILE", synopsis: "--out FILE.json", help: "the export to write (required)"),
        OptionSpec("--no-fixture-bytes", help: """
            list the files with their sizes and hashes but leave out
            their bytes (a reader then needs the corpus folder)
            """),
        OptionSpec("--expectations", "NAME=FILE", synopsis: "[--expectations NAME=FILE]...", help: """
            add, or replace, adapter NAME's expectations with FILE
            (the format of expectations/*.yaml), for an adapter kept
            outside this repository; may be repeated
            """),
        OptionSpec("--check", help: """
            write nothing: exit 1 when FILE is missing or differs from
            a fresh export (the corpus changed since it was written)
            """),
    ])
    static let help = options.help(about: """
        Loads CORPUS (default: Corpus) as 'validate' does and writes it as one JSON document
        (docs/corpus-export.md): every scenario's decoded model with its file and each step's
        line and column, the rule and feature registries, every expectations/ADAPTER.yaml, the
        files runs read (fixtures/ except the fixture sources fixtures/*.yaml, and expected/)
        with their bytes in base64, and the corpus hash. ConformanceTesting reads it with
        Foundation alone, so a test target for an iOS simulator runs the corpus without
        libyaml. The same corpus always gives the same bytes; FILE is written atomically.
        """, footer: """
        exit codes: 0 written (with --check: FILE is current); 1 the corpus has problems (each
        is printed, and the export is still written and carries them), or with --check FILE is
        stale or missing; 2 usage error; 3 the corpus folder or an --expectations file cannot
        be read; 4 FILE cannot be written.
        """)


    let corpusPath: String
    let outputPath: String
    let includeFileBytes: Bool
    let extraExpectations: [(adapter: String, file: String)]
    let check: Bool

    init(arguments: inout ArgumentList) throws(UsageError) {
        let out = try arguments.option("--out")
        includeFileBytes = !arguments.flag("--no-fixture-bytes")
        check = arguments.flag("--check")
        var extra: [(adapter: String, file: String)] = []
        for value in try arguments.repeatedOption("--expectations") {
            guard let equals = value.firstIndex(of: "="), equals != value.startIndex, value.index(after: equals) != value.endIndex else {
                throw UsageError(message: "--expectations needs NAME=FILE, got '\(value)'",
                                 hint: "name the adapter and its expectations file, for example --expectations toy=Tests/toy-expectations.yaml")
            }
            extra.append((String(value[..<equals]), String(value[value.index(after: equals)...])))
        }
        extraExpectations = extra
        let positionals = try arguments.positionals()
        guard positionals.first == "export" else {
            throw UsageError(message: positionals.isEmpty ? "corpus needs a subcommand" : "unknown corpus subcommand '\(positionals[0])'",
                             hint: "run 'rive-harness corpus export [CORPUS] --out FILE.json'")
        }
        guard positionals.count <= 2 else {
            throw UsageError(message: "corpus export takes at most one corpus folder, got \(positionals.count - 1)",
                             hint: "run 'rive-harness corpus export [CORPUS] --out FILE.json'")
        }
        guard let out, !out.isEmpty else {
            throw UsageError(message: "corpus export needs --out FILE.json", hint: "run 'rive-harness corpus export [CORPUS] --out FILE.json'")
        }
        outputPath = out
        corpusPath = positionals.count == 2 ? positionals[1] : "Corpus"
    }

    @MainActor func run() throws(CommandFailure) -> ExitCode {
        var corpus = try loadCorpus(corpusPath)
        let known = Set(corpus.entries.map(\.id))
        for extra in extraExpectations {
            let bytes = try readFileBytes(extra.file)
            corpus.expectationFiles[extra.adapter] = Expectations.parse(bytes, file: extra.file, knownScenarios: known)
        }
        let problems = corpus.allProblems
        for problem in problems { printError(problem.description) }

        let bytes: [UInt8]
        do { bytes = try CorpusExport(corpus, includeFileBytes: includeFileBytes).encoded() } catch let error as CorpusExportError {
            throw CommandFailure(reporting: error, exitCode: .badInput)
        } catch {
            throw CommandFailure(message: "cannot encode the corpus: \(error)", hint: "this is a bug in rive-harness; please report it", exitCode: .internalError)
        }
        let summary = "\(corpus.entries.count) scenario(s), \(corpus.expectationFiles.count) expectations file(s), "
            + "corpus hash \(corpus.hash), \(bytes.count) bytes\(includeFileBytes ? "" : ", without file bytes")"
        if check {
            let current = FileManager.default.contents(atPath: outputPath).map { [UInt8]($0) }
            guard current == bytes else {
                printError(CommandFailure(message: "\(outputPath) \(current == nil ? "does not exist" : "differs from a fresh export of \(corpusPath)")",
                                          hint: "run 'rive-harness corpus export\(corpusPath == "Corpus" ? "" : " \(corpusPath)") --out \(outputPath)"
                                              + "\(includeFileBytes ? "" : " --no-fixture-bytes")\(extraExpectations.map { " --expectations \($0.adapter)=\($0.file)" }.joined())'",
                                          exitCode: .failuresFound).report)
                return .failuresFound
            }
            print("\(outputPath) is current: \(summary)")
        } else {
            try writeFileAtomically(bytes, to: outputPath)
            print("wrote \(outputPath): \(summary)")
        }
        if !problems.isEmpty { printError("\(problems.count) problem(s) in the corpus (see above); they are in the export and fail its runs") }
        return problems.isEmpty ? .success : .failuresFound
    }
}
