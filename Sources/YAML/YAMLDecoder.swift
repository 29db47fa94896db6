/// Decodes `Decodable` values from YAML, with errors located at a line and column.
///
/// Scalars are typed on demand from the type being decoded (see docs/yaml.md): only
/// untagged plain scalars are numbers, booleans or null; every scalar is a valid `String`.
/// Use ``Located`` or ``Swift/Decoder/yamlMark`` to learn where a value was written.
public struct YAMLDecoder: Sendable {
    /// Whether a mapping key that the decoded type never asks about is an error
    /// (`yaml.unknown-key`).
    ///
    /// A type "asks about" a key when its `init(from:)` calls `decode`, `decodeIfPresent`,
    /// `decodeNil`, `contains`, `nestedContainer` or `superDecoder` with it on a keyed
    /// container; reading `allKeys` (as `Dictionary` does) accepts every key. Synthesized
    /// `Decodable` conformances ask about all their `CodingKeys`. The check runs after the
    /// type's initializer returns, for each mapping it opened with
    /// `decoder.container(keyedBy:)`; mappings reached through `nestedContainer` are not
    /// checked.
    public var rejectUnknownKeys: Bool

    /// Values handed to every `Decoder` as its `userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable]

    /// How messages name the node decoding starts at (`unknown key 'x' in the document root`);
    /// `nil` names no place for it (`unknown key 'x'`), for a value decoded from inside a larger
    /// document, where the error's line and column say where it is.
    public var rootDescription: String? = "the document root"

    /// Creates a decoder.
    public init(rejectUnknownKeys: Bool = false, userInfo: [CodingUserInfoKey: any Sendable] = [:]) {
        self.rejectUnknownKeys = rejectUnknownKeys
        self.userInfo = userInfo
    }

    /// Parses one YAML document and decodes a value of type `T` from it.
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - text: The YAML source.
    ///   - file: The file's path, used only in error messages.
    /// - Throws: `YAMLError`: any parse error (see `YAMLNode.parse(_:file:)`),
    ///   or `yaml.type-mismatch`, `yaml.out-of-range`, `yaml.missing-key`,
    ///   `yaml.unknown-key` or `yaml.invalid-value`.
    public func decode<T: Decodable>(_ type: T.Type, from text: String, file: String? = nil) throws(YAMLError) -> T {
        try decode(type, from: YAMLNode.parse(text, file: file), file: file)
    }

    /// Parses one YAML document from bytes and decodes a value of type `T` from it.
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - bytes: The YAML source.
    ///   - file: The file's path, used only in error messages.
    /// - Throws: `YAMLError`, as the `String` overload does.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8], file: String? = nil) throws(YAMLError) -> T {
        try decode(type, from: YAMLNode.parse(bytes, file: file), file: file)
    }

    /// Decodes a value of type `T` from an already parsed node tree.
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - node: The root node.
    ///   - file: The file's path, used only in error messages.
    /// - Throws: `YAMLError` with code `yaml.type-mismatch`, `yaml.out-of-range`,
    ///   `yaml.missing-key`, `yaml.unknown-key` or `yaml.invalid-value`.
    public func decode<T: Decodable>(_ type: T.Type, from node: YAMLNode, file: String? = nil) throws(YAMLError) -> T {
        do {
            return try NodeDecoder.decodeValue(type, from: node, at: [], options: self)
        } catch {
            var located = error
            located.file = file
            throw located
        }
    }
}
