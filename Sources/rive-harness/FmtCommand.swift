import Conformance

/// `rive-harness fmt`: rewrites scenario files into the canonical layout, or with `--check`
/// lists the ones that are not in it.
struct FmtCommand: HarnessCommand {
    static let name = "fmt"
    static let summary = "rewrite scenario files in the canonical layout (--check lists the unformatted ones)"
    static let options = OptionTable(command: name, positionals: "[PATH...]", column: 11, options: [
        OptionSpec("--check", help: "write nothing; print each file that is not formatted and exit 1 if any"),
    ])
    static let help = options.help(about: """
        Rewrites each scenario file in the canonical layout of docs/scenario-format.md
        ("Layout"): one step per line as a flow mapping where it fits in 100 columns, keys in
        a fixed order, comments kept. A PATH is a scenario file or a folder (every *.yaml file
        below it, hidden ones skipped); the default is Corpus/scenarios. Files are rewritten
        atomically and only when their text changes; each rewritten file is printed. A file
        that is not well-formed YAML is reported as FILE:LINE:COLUMN: error[CODE]: MESSAGE with
        a hint and left as it is.
        """, footer: """
        exit codes: 0 formatted (with --check: every file already was); 1 with --check, some
        file is not formatted; 2 usage error; 3 a path is missing or a file is malformed;
        4 a file could not be written.
        """)

    /// Whether to list unformatted files instead of rewriting them.
    let check: Bool
    /// The files and folders to format.
    let paths: [String]

    init(arguments: inout ArgumentList) throws(UsageError) {
        check = arguments.flag("--check")
        let positionals = try arguments.positionals()
        paths = positionals.isEmpty ? ["Corpus/scenarios"] : positionals
    }

    @MainActor func run() async throws(CommandFailure) -> ExitCode {
        let files: [String]
        do { files = try ScenarioFormatter.scenarioFiles(in: paths) } catch {
            throw CommandFailure(reporting: error, exitCode: .badInput)
        }
        let formatter = ScenarioFormatter()
        var malformed = 0
        var unformatted = 0
        for file in files {
            if let problem = regularFileProblem(file) {
                printError(CommandFailure(message: "cannot read \(problem)", hint: "name scenario files or folders of them", exitCode: .badInput).report)
                malformed += 1
                continue
            }
            let bytes = try readFileBytes(file)
            guard let text = String(validating: bytes, as: UTF8.self) else {
                printError(Diagnostic(file: file, mark: .start, code: "yaml.encoding", message: "the file is not UTF-8",
                                      hint: "save the file as UTF-8").description)
                malformed += 1
                continue
            }
            let formatted: String
            do { formatted = try formatter.format(text, file: file) } catch {
                printError(error.description)
                malformed += 1
                continue
            }
            guard formatted != text else { continue }
            unformatted += 1
            if !check { try writeFileAtomically(Array(formatted.utf8), to: file) }
            print(file)
        }
        if malformed > 0 { return .badInput }
        return check && unformatted > 0 ? .failuresFound : .success
    }
}
