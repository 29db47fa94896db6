/// A decoded value together with the place in the YAML text where it was written.
///
/// Decode a property as `Located<String>` (or any `Located<T>`) to report later errors,
/// such as an unknown name, at the value's own line and column. Only ``YAMLDecoder`` can
/// decode it.
public struct Located<Value> {
    /// The decoded value.
    public var value: Value
    /// Where the value's node starts.
    public var mark: Mark

    /// Creates a located value.
    public init(_ value: Value, at mark: Mark) {
        self.value = value
        self.mark = mark
    }
}

extension Located: Decodable where Value: Decodable {
    /// Decodes the value and records its node's mark.
    /// - Throws: `DecodingError.typeMismatch` when `decoder` is not a YAML decoder, or
    ///   whatever decoding `Value` throws.
    public init(from decoder: any Decoder) throws {
        guard let mark = decoder.yamlMark else {
            throw DecodingError.typeMismatch(
                Located<Value>.self,
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "Located<\(Value.self)> can only be decoded by YAMLDecoder")
            )
        }
        self.init(try Value(from: decoder), at: mark)
    }
}

/// A wrapper that decodes through its wrapped type, so decoding errors can be explained in
/// terms of that type (its cases, a did-you-mean).
protocol ValueWrapper {
    /// The wrapped type.
    static var wrappedType: Any.Type { get }
}

extension Located: ValueWrapper {
    static var wrappedType: Any.Type { Value.self }
}

extension Located: Equatable where Value: Equatable {}
extension Located: Hashable where Value: Hashable {}
extension Located: Sendable where Value: Sendable {}
