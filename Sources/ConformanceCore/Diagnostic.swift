import HarnessSupport

/// A problem found in a corpus file, located at a line and column, with a stable code and a hint.
///
/// Loaders report every problem as a diagnostic value rather than stopping: the planner turns
/// them into ERROR verdicts and `rive-harness validate` prints them. The text form is
/// `file:line:column: error[code]: message` followed by a `hint:` line.
public struct Diagnostic: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The file's path as the user gave it (relative to the working folder or absolute).
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, in Unicode scalars.
    public var column: Int
    /// A stable identifier such as `scenario.unknown-rule` or `yaml.syntax`.
    public var code: String
    /// What is wrong, in one sentence.
    public var message: String
    /// What to do next.
    public var hint: String

    /// Creates a diagnostic at a mark in a file.
    public init(file: String, mark: Mark, code: String, message: String, hint: String) {
        self.file = file
        self.line = mark.line
        self.column = mark.column
        self.code = code
        self.message = message
        self.hint = hint
    }

    /// Creates a diagnostic about something that is not a place in a file (an adapter command
    /// that could not start): `subject` stands where the file would, and line and column are 0.
    public init(subject: String, code: String, message: String, hint: String) {
        self.file = subject
        self.line = 0
        self.column = 0
        self.code = code
        self.message = message
        self.hint = hint
    }

    /// `file:line:column`, or only the file (the subject) when the diagnostic has no line.
    public var location: String { line == 0 ? file : "\(file):\(line):\(column)" }

    /// `location: error[code]: message` and an indented hint line.
    public var description: String {
        "\(location): error[\(code)]: \(message)\n  hint: \(hint)"
    }
}

/// The diagnostics of one file that could not be loaded; never empty.
public struct DiagnosticList: Error, Sendable, Hashable, Codable {
    /// The diagnostics in the order found.
    public var diagnostics: [Diagnostic]

    /// Wraps diagnostics.
    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
}
