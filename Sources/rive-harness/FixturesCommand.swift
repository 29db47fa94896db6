import Foundation
import RiveFixtures

/// `rive-harness fixtures build`: compiles the YAML fixture sources into `.riv` files.
struct FixturesCommand: HarnessCommand {
    static let name = "fixtures"
    static let summary = "compile the YAML fixtures into .riv files (or check they are up to date)"
    static let options = OptionTable(command: name, positionals: "build", column: 15, options: [
        OptionSpec("--check", help: """
            write nothing; fail when a committed .riv is missing or differs from a
            fresh build, naming each such file
            """),
        OptionSpec("--dir", "DIR", help: "the fixture folder (default: Corpus/fixtures)"),
    ])
    static let help = options.help(about: """
        Compiles every DIR/*.yaml fixture (docs/fixture-format.md) into DIR/<name>.riv, in name
        order. Every fixture is compiled before anything is written; if any has a mistake, the
        errors are printed as file:line:column and no file is written. Files are written
        atomically, and only when their bytes change; the output is deterministic.
        """, footer: """
        exit codes: 0 built (or, with --check, everything up to date); 1 with --check, some
        .riv is missing or stale; 2 usage error; 3 a fixture has a mistake; 4 a file could not
        be written.
        """)

    let check: Bool
    let directory: String

    init(arguments: inout ArgumentList) throws(UsageError) {
        check = arguments.flag("--check")
        directory = try arguments.option("--dir") ?? "Corpus/fixtures"
        let positionals = try arguments.positionals()
        guard positionals == ["build"] else {
            throw UsageError(message: positionals.isEmpty ? "fixtures needs a subcommand" : "unknown fixtures subcommand '\(positionals.joined(separator: " "))'",
                             hint: "run 'rive-harness fixtures build [--check] [--dir DIR]'")
        }
    }

    @MainActor func run() throws(CommandFailure) -> ExitCode {
        let folder = FixtureDirectory(path: directory)
        let fixtures = folder.fixtures()
        guard !fixtures.isEmpty else {
            throw CommandFailure(message: "no fixtures (*.yaml) in '\(directory)'", hint: "pass --dir with the fixture folder", exitCode: .badInput)
        }
        var compiled: [FixtureDirectory.Compiled] = []
        var errors: [FixtureError] = []
        for fixture in fixtures {
            do {
                compiled.append(try folder.compile(fixture))
                print("compiled \(fixture.name).yaml")
            } catch {
                errors.append(error)
            }
        }
        guard errors.isEmpty else {
            throw CommandFailure(reportText: errors.map(\.description).joined(separator: "\n") + "\n\(errors.count) fixture(s) have mistakes; nothing was written", exitCode: .badInput)
        }
        if check {
            let stale = compiled.filter { !$0.isUpToDate }
            for item in stale {
                printError(CommandFailure(message: "\(item.fixture.outputPath) \(item.committedBytes == nil ? "is missing" : "differs from a fresh build of \(item.fixture.name).yaml")",
                                          hint: "run 'rive-harness fixtures build --dir \(directory)' and commit the result", exitCode: .failuresFound).report)
            }
            print(stale.isEmpty ? "all \(compiled.count) fixture(s) are up to date" : "\(stale.count) of \(compiled.count) fixture(s) are stale")
            return stale.isEmpty ? .success : .failuresFound
        }
        for item in compiled {
            if item.isUpToDate {
                print("unchanged \(item.fixture.outputPath) (\(item.bytes.count) bytes)")
            } else {
                try writeFileAtomically(item.bytes, to: item.fixture.outputPath)
                print("wrote \(item.fixture.outputPath) (\(item.bytes.count) bytes)")
            }
        }
        return .success
    }
}
