/// The unkeyed container of a ``NodeDecoder`` over a sequence's elements.
struct SequenceContainer: UnkeyedDecodingContainer {
    let decoder: NodeDecoder
    let elements: [YAMLNode]
    private(set) var currentIndex = 0

    init(decoder: NodeDecoder, elements: [YAMLNode]) {
        self.decoder = decoder
        self.elements = elements
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    mutating func decodeNil() throws -> Bool {
        guard try nextElement().isNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try decodeElement(type) }
    mutating func decode(_ type: String.Type) throws -> String { try decodeElement(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try decodeElement(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try decodeElement(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try decodeElement(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try decodeElement(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try decodeElement(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try decodeElement(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try decodeElement(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try decodeElement(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeElement(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeElement(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeElement(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeElement(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeElement(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try nextElementDecoder().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try nextElementDecoder().unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        try nextElementDecoder()
    }

    private mutating func decodeElement<T: Decodable>(_ type: T.Type) throws(YAMLError) -> T {
        let value = try NodeDecoder.decodeValue(type, from: nextElement(), at: elementPath, options: decoder.options)
        currentIndex += 1
        return value
    }

    private mutating func nextElementDecoder() throws(YAMLError) -> NodeDecoder {
        let elementDecoder = NodeDecoder(node: try nextElement(), codingPath: elementPath, options: decoder.options)
        currentIndex += 1
        return elementDecoder
    }

    private var elementPath: [any CodingKey] { codingPath + [SequenceIndexKey(currentIndex)] }

    private func nextElement() throws(YAMLError) -> YAMLNode {
        guard !isAtEnd else {
            throw YAMLError(
                code: .typeMismatch,
                mark: decoder.node.mark,
                message: "expected more than \(elements.count) elements\(codingPath.yamlPlace("in", root: decoder.options.rootDescription))",
                hint: "add the missing elements to this sequence"
            )
        }
        return elements[currentIndex]
    }
}
