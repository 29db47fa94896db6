import YAML

/// A mistake in a fixture file, located at the line and column where it was written.
///
/// `description` formats it as `file:line:column: error[code]: message` and a `hint:` line,
/// the same shape as `YAMLError`, so a YAML syntax error and a compiler error read alike.
public struct FixtureError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A stable identifier for a kind of mistake.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The identifier, for example `fixture.unknown-name`.
        public var rawValue: String

        /// Creates a code from its identifier.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The identifier.
        public var description: String { rawValue }

        /// A name refers to nothing of the expected kind (view model, property, state, node…).
        public static let unknownName = Code(rawValue: "fixture.unknown-name")
        /// Two things of one kind share a name where names must be unique.
        public static let duplicateName = Code(rawValue: "fixture.duplicate-name")
        /// A value or reference has the wrong type for where it is used.
        public static let typeMismatch = Code(rawValue: "fixture.type-mismatch")
        /// A value names no value of its enum.
        public static let unknownEnumValue = Code(rawValue: "fixture.unknown-enum-value")
        /// A value is malformed or outside the range the format accepts.
        public static let invalidValue = Code(rawValue: "fixture.invalid-value")
        /// A view-model path cannot be resolved from where it is used.
        public static let unreachablePath = Code(rawValue: "fixture.unreachable-path")
        /// The fixture file cannot be read as text.
        public static let unreadable = Code(rawValue: "fixture.unreadable")
        /// The compiled objects break an ordering, completeness or reference rule of the format.
        public static let formatRule = Code(rawValue: "fixture.format-rule")
    }

    /// What kind of mistake this is; YAML parse and shape errors keep their `yaml.*` code.
    public var code: Code
    /// The fixture file's path, as given to the compiler.
    public var file: String
    /// Where in the file the mistake is.
    public var mark: Mark
    /// What is wrong, in one sentence.
    public var message: String
    /// What to do next.
    public var hint: String

    /// Creates an error.
    public init(_ code: Code, file: String, at mark: Mark, _ message: String, hint: String) {
        self.code = code
        self.file = file
        self.mark = mark
        self.message = message
        self.hint = hint
    }

    /// Wraps a YAML parse or decoding error, keeping its code and location.
    public init(_ error: YAMLError, file: String) {
        self.init(Code(rawValue: error.code.rawValue), file: file, at: error.mark, error.message,
                  hint: error.hint ?? "see docs/fixture-format.md for the fixture language")
    }

    /// `file:line:column: error[code]: message`, then an indented hint line.
    public var description: String {
        "\(file):\(mark.line):\(mark.column): error[\(code)]: \(message)\n  hint: \(hint)"
    }
}
