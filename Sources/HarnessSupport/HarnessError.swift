/// The process exit codes of `rive-harness`; `docs/cli.md` documents the same table.
public enum ExitCode: Int32, Sendable {
    /// The command did what was asked and found nothing wrong.
    case success = 0
    /// The command ran and found failures (a scenario failed, a check did not pass).
    case failuresFound = 1
    /// The command line was wrong: unknown command or option, missing or bad argument.
    case usage = 2
    /// An input file could not be read or is malformed (a `.riv`, YAML or results file).
    case badInput = 3
    /// The harness itself failed (a bug, or the machine refused an operation such as writing a file).
    case internalError = 4
}

/// An error reported to the user in one shape: a stable code, what happened, what to do next,
/// and the exit code that classifies it; `rive-harness` prints every such error one way
/// (`report`).
public protocol HarnessError: Error {
    /// A stable code such as `rive-cpp.not-built`, printed as `error[CODE]:`; nil prints `error:`.
    var code: String? { get }
    /// What happened, and where.
    var message: String { get }
    /// What to do next, if there is something to say.
    var hint: String? { get }
    /// The exit code that classifies the error.
    var exitCode: ExitCode { get }
    /// The text printed on standard error.
    var report: String { get }
}

extension HarnessError {
    /// `error[CODE]: MESSAGE` (or `error: MESSAGE` without a code), then `  hint: HINT` on its own line when there is a hint.
    public var standardReport: String {
        (code.map { "error[\($0)]: " } ?? "error: ") + message + (hint.map { "\n  hint: \($0)" } ?? "")
    }

    /// The standard report (`standardReport`).
    public var report: String { standardReport }
}
