/// An error found while parsing or decoding YAML, located at a line and column.
///
/// `description` formats it as `file:line:column: error[code]: message`, followed by a
/// `hint:` line that says what to do next.
public struct YAMLError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A stable, machine-readable error identifier such as `yaml.syntax`.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The identifier, for example `yaml.missing-key`.
        public var rawValue: String

        /// Creates a code from its identifier.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The identifier.
        public var description: String { rawValue }

        /// The text is not well-formed YAML (reported by libyaml's scanner or parser).
        public static let syntax = Code(rawValue: "yaml.syntax")
        /// The bytes are not valid UTF-8 (or contain characters YAML forbids).
        public static let encoding = Code(rawValue: "yaml.encoding")
        /// The stream holds more than one document.
        public static let multipleDocuments = Code(rawValue: "yaml.multiple-documents")
        /// Collections nest deeper than ``YAMLNode/maximumDepth``.
        public static let tooDeep = Code(rawValue: "yaml.too-deep")
        /// An alias names an anchor that is not defined before it (or is recursive).
        public static let undefinedAlias = Code(rawValue: "yaml.undefined-alias")
        /// Aliases expand to more than ``YAMLNode/maximumAliasExpansion`` nodes.
        public static let aliasLimit = Code(rawValue: "yaml.alias-limit")
        /// A mapping has the same key twice.
        public static let duplicateKey = Code(rawValue: "yaml.duplicate-key")
        /// A node has the wrong shape or scalar type for the value being decoded.
        public static let typeMismatch = Code(rawValue: "yaml.type-mismatch")
        /// An integer or floating-point scalar does not fit the type being decoded.
        public static let outOfRange = Code(rawValue: "yaml.out-of-range")
        /// A mapping lacks a key the decoded type requires.
        public static let missingKey = Code(rawValue: "yaml.missing-key")
        /// A mapping has a key the decoded type does not read (with `rejectUnknownKeys`).
        public static let unknownKey = Code(rawValue: "yaml.unknown-key")
        /// A `Decodable` initializer rejected a value (for example an unknown enum case).
        public static let invalidValue = Code(rawValue: "yaml.invalid-value")
    }

    /// What kind of error this is.
    public var code: Code
    /// The path of the YAML file, when known; used only in messages.
    public var file: String?
    /// Where in the text the error is.
    public var mark: Mark
    /// What happened, in one sentence.
    public var message: String
    /// What to do next, or `nil` when there is nothing useful to add.
    public var hint: String?

    /// Creates an error.
    public init(code: Code, file: String? = nil, mark: Mark, message: String, hint: String? = nil) {
        self.code = code
        self.file = file
        self.mark = mark
        self.message = message
        self.hint = hint
    }

    /// The error as `file:line:column: error[code]: message`, plus an indented hint line.
    ///
    /// A missing file is shown as `<input>`.
    public var description: String {
        var text = "\(file ?? "<input>"):\(mark.line):\(mark.column): error[\(code)]: \(message)"
        if let hint {
            text += "\n  hint: \(hint)"
        }
        return text
    }
}
