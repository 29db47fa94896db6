/// The single-value container of a ``NodeDecoder``: types scalars on demand.
struct ScalarContainer: SingleValueDecodingContainer {
    let decoder: NodeDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.node.isNull }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard let value = decoder.node.readBool() else {
            throw decoder.typeMismatch(expected: "a boolean (Bool)", hint: "write true or false")
        }
        return value
    }

    func decode(_ type: String.Type) throws -> String {
        guard let scalar = decoder.node.scalar else {
            throw decoder.typeMismatch(expected: "a string (String)", hint: "write text; quote it if it contains `: ` or ` #`")
        }
        return scalar.text
    }

    func decode(_ type: Double.Type) throws -> Double { try floatingPoint(type) }
    func decode(_ type: Float.Type) throws -> Float { try floatingPoint(type) }
    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try NodeDecoder.decodeValue(type, from: decoder.node, at: codingPath, options: decoder.options)
    }

    private func integer<Integer: FixedWidthInteger>(_ type: Integer.Type) throws(YAMLError) -> Integer {
        switch decoder.node.readInteger(type) {
        case .value(let value):
            return value
        case .outOfRange:
            throw outOfRange(Integer.self, hint: "use an integer in \(Integer.min)...\(Integer.max)")
        case .wrongType:
            throw decoder.typeMismatch(expected: "an integer (\(Integer.self))", hint: "write an integer such as 42, -7 or 0xFF")
        }
    }

    private func floatingPoint<Number: BinaryFloatingPoint & LosslessStringConvertible>(
        _ type: Number.Type
    ) throws(YAMLError) -> Number {
        switch decoder.node.readFloatingPoint(type) {
        case .value(let value):
            return value
        case .outOfRange:
            throw outOfRange(Number.self, hint: "use a smaller magnitude, or .inf / -.inf for infinity")
        case .wrongType:
            throw decoder.typeMismatch(expected: "a number (\(Number.self))", hint: "write a number such as 1.5, -2e3, .inf or .nan")
        }
    }

    private func outOfRange<Value>(_ type: Value.Type, hint: String) -> YAMLError {
        YAMLError(
            code: .outOfRange,
            mark: decoder.node.mark,
            message: "\(decoder.node.shortDescription) is out of range for \(Value.self)\(codingPath.yamlPlace("at", root: decoder.options.rootDescription))",
            hint: hint
        )
    }
}
