/// A header the generator cannot read or a construct it cannot translate, located at its file and line.
///
/// `description` reads `FILE:LINE: error[code]: message`, then the declaration as written
/// and a `hint:` line that says what to do next.
public struct ObjCImportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A stable identifier for a kind of failure.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The identifier, for example `objc-import.unknown-type`.
        public var rawValue: String

        /// Creates a code from its identifier.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The identifier.
        public var description: String { rawValue }

        /// A header file cannot be read as UTF-8 text.
        public static let unreadable = Code(rawValue: "objc-import.unreadable")
        /// A preprocessor directive or condition the generator does not evaluate.
        public static let preprocessor = Code(rawValue: "objc-import.preprocessor")
        /// Text that does not parse as the Objective-C subset the generator reads.
        public static let syntax = Code(rawValue: "objc-import.syntax")
        /// A construct that parses but has no translation (class methods, `@optional`, unknown macros…).
        public static let unsupported = Code(rawValue: "objc-import.unsupported")
        /// A type with no known Swift spelling.
        public static let unknownType = Code(rawValue: "objc-import.unknown-type")
        /// A name given to `--interface-check` that no header declares.
        public static let unknownName = Code(rawValue: "objc-import.unknown-name")
    }

    /// What kind of failure this is.
    public var code: Code
    /// The header's path as given to the generator.
    public var file: String
    /// The 1-based line of the declaration, or `nil` when the failure concerns the whole file.
    public var line: Int?
    /// The declaration as written in the header, whitespace collapsed, or `nil`.
    public var declaration: String?
    /// What is wrong, in one sentence.
    public var message: String
    /// What to do next.
    public var hint: String

    /// Creates an error.
    public init(_ code: Code, file: String, line: Int?, declaration: String?, _ message: String, hint: String) {
        self.code = code
        self.file = file
        self.line = line
        self.declaration = declaration
        self.message = message
        self.hint = hint
    }

    /// `FILE:LINE: error[code]: message`, the declaration, and the hint, one per line.
    public var description: String {
        var text = file
        if let line { text += ":\(line)" }
        text += ": error[\(code)]: \(message)"
        if let declaration { text += "\n  declaration: \(declaration)" }
        return text + "\n  hint: \(hint)"
    }
}
