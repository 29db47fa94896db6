/// An error reading, validating or writing a `.riv` file, with where it happened and what to do.
///
/// Every failure of `RiveReader` and `RiveWriter` is one of these: a stable `code`, the byte
/// offset in the file when there is one, and the path of the object and property involved,
/// for example `artboard "Main" › object #12 (Shape) › property 13 (x)`.
public struct RiveFormatError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable identifier for the kind of failure.
    public enum Code: String, Sendable, CaseIterable {
        /// The file does not start with the bytes `RIVE`.
        case badFingerprint = "riv.bad-fingerprint"
        /// The major version is not the one the runtime reads (7).
        case unsupportedVersion = "riv.unsupported-version"
        /// The file ends in the middle of a header, object or value.
        case truncated = "riv.truncated"
        /// A varuint runs past 64 bits or 10 bytes.
        case varuintOverflow = "riv.varuint-overflow"
        /// A value is larger than the declared width of its property, or than 32 bits for a key.
        case integerOutOfRange = "riv.integer-out-of-range"
        /// A property key is in neither the schema nor the file's table of contents.
        case unknownProperty = "riv.unknown-property"
        /// A value's kind does not match the type the schema declares for its key.
        case valueTypeMismatch = "riv.value-type-mismatch"
        /// The objects break an ordering rule of the format (for example a view model after an artboard).
        case ordering = "riv.ordering"
        /// A structure the runtime requires is missing (for example a layer without an entry state).
        case incomplete = "riv.incomplete"
        /// An id or index refers to nothing, or to an object of the wrong kind.
        case invalidReference = "riv.invalid-reference"
        /// A value is outside the set the runtime accepts (for example a blend mode).
        case invalidValue = "riv.invalid-value"
    }

    /// The kind of failure.
    public let code: Code
    /// The byte offset in the file where the failure was found, when reading.
    public let offset: Int?
    /// Where in the document the failure is, outermost first.
    public let path: [String]
    /// What went wrong.
    public let message: String
    /// What to do next.
    public let hint: String

    /// Creates an error.
    public init(_ code: Code, offset: Int? = nil, path: [String] = [], message: String, hint: String) {
        self.code = code
        self.offset = offset
        self.path = path
        self.message = message
        self.hint = hint
    }

    /// The path rendered with `›` separators, or an empty string.
    public var pathDescription: String { path.joined(separator: " › ") }

    /// `error[code] at byte N, path: message (hint: ...)`.
    public var description: String {
        var text = "error[\(code.rawValue)]"
        if let offset { text += " at byte \(offset)" }
        if !path.isEmpty { text += " in \(pathDescription)" }
        return text + ": \(message)\n  hint: \(hint)"
    }
}
