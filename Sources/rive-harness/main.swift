import Foundation
import HarnessSupport
import YAML

let toolHelp = """
    rive-harness: conformance and benchmark harness for Rive runtimes

    usage: rive-harness <command> [options]

    commands:
    \(commands.map { "  " + $0.name.padding(toLength: 12, withPad: " ", startingAt: 0) + $0.summary }.joined(separator: "\n"))

    Run 'rive-harness <command> --help' for a command's options.

    exit codes:
      0  success
      1  the command ran and found failures
      2  usage error (unknown command or option, bad argument)
      3  bad input (a file could not be read or is malformed)
      4  internal error
    """

@MainActor func runHarness(_ arguments: [String]) async -> ExitCode {
    guard let name = arguments.first, name != "--help", name != "-h", name != "help" else {
        // Without a command the help is a usage error: stderr and exit 2.
        if arguments.isEmpty {
            printError(toolHelp)
            return .usage
        }
        print(toolHelp)
        return .success
    }
    guard let command = commands.first(where: { $0.name == name }) else {
        let suggestion = commands.map { $0.name }.closestMatch(to: name).map { " (did you mean '\($0)'?)" } ?? ""
        return report(UsageError(message: "unknown command '\(name)'\(suggestion)", hint: "run 'rive-harness --help' for the list of commands"))
    }
    var rest = ArgumentList(Array(arguments.dropFirst()), options: command.options)
    if rest.flag("--help") || rest.flag("-h") {
        print(command.help)
        return .success
    }
    do {
        let parsed = try command.init(arguments: &rest)
        return try await parsed.run()
    } catch let error as any HarnessError {
        return report(error)
    } catch {
        printError("error: \(error)")
        return .internalError
    }
}

/// Prints an error's report on standard error, the one place the CLI prints errors, and returns its exit code.
func report(_ error: any HarnessError) -> ExitCode {
    printError(error.report)
    return error.exitCode
}

exit(await runHarness(Array(CommandLine.arguments.dropFirst())).rawValue)
