/// The keyed container of a ``NodeDecoder`` over a mapping with scalar keys; records each
/// key it is asked about.
struct MappingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: NodeDecoder
    private let entries: [YAMLNode.Entry]
    private let valuesByKey: [String: YAMLNode]

    init(decoder: NodeDecoder, entries: [YAMLNode.Entry]) {
        self.decoder = decoder
        self.entries = entries
        self.valuesByKey = Dictionary(
            entries.compactMap { entry in entry.key.scalar.map { ($0.text, entry.value) } },
            uniquingKeysWith: { first, _ in first }
        )
    }

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] {
        decoder.enumeratedAllKeys = true
        return entries.compactMap { entry in entry.key.scalar.flatMap { Key(stringValue: $0.text) } }
    }

    func contains(_ key: Key) -> Bool {
        decoder.recordRequest(for: key.stringValue)
        return valuesByKey[key.stringValue] != nil
    }

    func decodeNil(forKey key: Key) throws -> Bool { try value(for: key).isNull }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decodeValue(type, forKey: key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decodeValue(type, forKey: key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decodeValue(type, forKey: key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decodeValue(type, forKey: key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decodeValue(type, forKey: key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decodeValue(type, forKey: key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decodeValue(type, forKey: key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decodeValue(type, forKey: key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decodeValue(type, forKey: key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decodeValue(type, forKey: key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decodeValue(type, forKey: key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decodeValue(type, forKey: key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decodeValue(type, forKey: key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decodeValue(type, forKey: key) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decodeValue(type, forKey: key) }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type,
        forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try childDecoder(for: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try childDecoder(for: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        try childDecoder(for: SuperKey())
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try childDecoder(for: key)
    }

    private func decodeValue<T: Decodable>(_ type: T.Type, forKey key: Key) throws(YAMLError) -> T {
        try NodeDecoder.decodeValue(type, from: value(for: key), at: codingPath + [key], options: decoder.options)
    }

    private func childDecoder(for key: any CodingKey) throws(YAMLError) -> NodeDecoder {
        NodeDecoder(node: try value(for: key), codingPath: codingPath + [key], options: decoder.options)
    }

    /// The value node for `key`.
    /// - Throws: `yaml.missing-key` at the mapping, suggesting a present key that looks
    ///   like a typo of it.
    private func value(for key: any CodingKey) throws(YAMLError) -> YAMLNode {
        let name = key.stringValue
        decoder.recordRequest(for: name)
        if let value = valuesByKey[name] {
            return value
        }
        var hint = "add `\(name): ...` to this mapping"
        if let typo = entries.compactMap({ $0.key.scalar?.text }).closestMatch(to: name),
           let typoKey = entries.first(where: { $0.key.scalar?.text == typo })?.key {
            hint = "did you mean '\(name)' instead of '\(typo)' (at \(typoKey.mark))? " + hint
        }
        throw YAMLError(
            code: .missingKey,
            mark: decoder.node.mark,
            message: "missing key '\(name)'\(codingPath.yamlPlace("in", root: decoder.options.rootDescription))",
            hint: hint
        )
    }
}

/// The key `superDecoder()` reads, as Foundation's coders name it.
private struct SuperKey: CodingKey {
    init() {}
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
    var stringValue: String { "super" }
    var intValue: Int? { nil }
}
