/// A JSON value as the adapter protocol exchanges it: one line holds one object.
///
/// Numbers keep their literal text, so a 32-bit float crosses the wire without a detour
/// through `Double` (docs/adapter-protocol.md §1), and objects keep their key order, so the
/// lines the harness writes are stable.
public enum JSONValue: Sendable, Equatable, ExpressibleByStringLiteral {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as its JSON literal.
    case number(String)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, keys in order.
    case object(JSONObject)

    /// A string from a literal.
    public init(stringLiteral value: String) { self = .string(value) }

    /// A number from an integer.
    public static func int<I: BinaryInteger>(_ value: I) -> JSONValue { .number(String(value)) }
    /// A number from a 32-bit float: its shortest round-trip text, or `"nan"`, `"inf"`, `"-inf"`.
    public static func float(_ value: Float) -> JSONValue {
        guard value.isFinite else { return .string(value.isNaN ? "nan" : value < 0 ? "-inf" : "inf") }
        return .number(value.description)
    }
    /// A number from a double: its shortest round-trip text, or `"nan"`, `"inf"`, `"-inf"`.
    public static func double(_ value: Double) -> JSONValue {
        guard value.isFinite else { return .string(value.isNaN ? "nan" : value < 0 ? "-inf" : "inf") }
        return .number(value.description)
    }

    /// The object, when this is one.
    public var objectValue: JSONObject? { if case .object(let object) = self { object } else { nil } }
    /// The string, when this is one.
    public var stringValue: String? { if case .string(let string) = self { string } else { nil } }
    /// The boolean, when this is one.
    public var boolValue: Bool? { if case .bool(let bool) = self { bool } else { nil } }
    /// The array, when this is one.
    public var arrayValue: [JSONValue]? { if case .array(let array) = self { array } else { nil } }
    /// Whether this is `null`.
    public var isNull: Bool { self == .null }

    /// The value as an integer, when it is a JSON integer that fits.
    public var intValue: Int? { if case .number(let text) = self { Int(text) } else { nil } }
    /// The value as a 32-bit float (also from `"nan"`, `"inf"`, `"-inf"`).
    public var floatValue: Float? {
        switch self {
        case .number(let text): Float(text)
        case .string(let text): Self.nonFinite(text).map(Float.init)
        default: nil
        }
    }
    /// The value as a double (also from `"nan"`, `"inf"`, `"-inf"`).
    public var doubleValue: Double? {
        switch self {
        case .number(let text): Double(text)
        case .string(let text): Self.nonFinite(text)
        default: nil
        }
    }

    private static func nonFinite(_ text: String) -> Double? {
        switch text {
        case "nan": .nan
        case "inf": .infinity
        case "-inf": -.infinity
        default: nil
        }
    }

    /// The value's JSON text on one line.
    public var serialized: String {
        var output = ""
        write(to: &output)
        return output
    }

    /// Appends the value's JSON text to `output`.
    public func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let bool): output += bool ? "true" : "false"
        case .number(let text): output += text
        case .string(let string): Self.writeString(string, to: &output)
        case .array(let items):
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                item.write(to: &output)
            }
            output += "]"
        case .object(let object):
            output += "{"
            for (index, field) in object.fields.enumerated() {
                if index > 0 { output += "," }
                Self.writeString(field.key, to: &output)
                output += ":"
                field.value.write(to: &output)
            }
            output += "}"
        }
    }

    private static func writeString(_ string: String, to output: inout String) {
        output += "\""
        // Most strings (names, paths, base64) need no escape: append them whole.
        // 0xE2 starts U+2028 and U+2029, which are escaped too.
        if !string.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0xE2 }) {
            output += string
            output += "\""
            return
        }
        var plainStart = string.unicodeScalars.startIndex
        let scalars = string.unicodeScalars
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let escape: String? = switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: nil
            }
            if let escape {
                output.unicodeScalars.append(contentsOf: scalars[plainStart..<index])
                output += escape
                plainStart = scalars.index(after: index)
            }
            index = scalars.index(after: index)
        }
        output.unicodeScalars.append(contentsOf: scalars[plainStart..<scalars.endIndex])
        output += "\""
    }
}

/// A JSON object with its keys in order; lookups scan, which suits the protocol's small objects.
public struct JSONObject: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// The fields in order.
    public var fields: [(key: String, value: JSONValue)]

    /// Creates an object from fields in order.
    public init(_ fields: [(key: String, value: JSONValue)] = []) { self.fields = fields }
    /// Creates an object from a literal, keys in the literal's order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) { fields = elements.map { (key: $0.0, value: $0.1) } }

    /// The value of the first field with a key, or `nil`.
    public subscript(key: String) -> JSONValue? {
        get { fields.first { $0.key == key }?.value }
        set {
            if let index = fields.firstIndex(where: { $0.key == key }) {
                if let newValue { fields[index].value = newValue } else { fields.remove(at: index) }
            } else if let newValue {
                fields.append((key: key, value: newValue))
            }
        }
    }

    /// Equal when the same keys hold equal values in the same order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.fields.count == rhs.fields.count && zip(lhs.fields, rhs.fields).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}

/// Why a line is not JSON: the byte offset in the line and what was wrong there.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The 0-based byte offset in the line.
    public var offset: Int
    /// What was wrong.
    public var reason: String
    /// `at byte N: reason`.
    public var description: String { "at byte \(offset): \(reason)" }
}

/// A strict JSON parser (RFC 8259) over the bytes of one line.
public struct JSONParser {
    private let bytes: [UInt8]
    private var position = 0
    private var depth = 0
    /// The deepest nesting of arrays and objects accepted; deeper input is an error, not a stack overflow.
    public static let maximumDepth = 256

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Parses one JSON value that fills the bytes (whitespace around it allowed).
    /// - Throws: `JSONParseError` at the first byte that does not fit.
    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes)
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.position == bytes.count else { throw parser.error("unexpected text after the value") }
        return value
    }

    private func error(_ reason: String) -> JSONParseError { JSONParseError(offset: position, reason: reason) }

    private mutating func skipWhitespace() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    private mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard position < bytes.count else { throw error("unexpected end of the line") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("expected a JSON value")
        }
    }

    private mutating func expectWord(_ word: String) throws(JSONParseError) {
        let utf8 = Array(word.utf8)
        guard position + utf8.count <= bytes.count, Array(bytes[position..<position + utf8.count]) == utf8 else {
            throw error("expected '\(word)'")
        }
        position += utf8.count
    }

    private mutating func enter() throws(JSONParseError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        position += 1
        var object = JSONObject()
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .object(object)
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw error("expected a string key") }
            let key = try parseString()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
            position += 1
            skipWhitespace()
            let value = try parseValue()
            object.fields.append((key: key, value: value))
            skipWhitespace()
            guard position < bytes.count else { throw error("unexpected end of the line in an object") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "}") { position += 1; return .object(object) }
            throw error("expected ',' or '}' in an object")
        }
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        position += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            items.append(try parseValue())
            skipWhitespace()
            guard position < bytes.count else { throw error("unexpected end of the line in an array") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "]") { position += 1; return .array(items) }
            throw error("expected ',' or ']' in an array")
        }
    }

    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = position
        func digits() -> Int {
            let first = position
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
            return position - first
        }
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count else { throw error("expected digits") }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else if digits() == 0 {
            throw error("expected digits")
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw error("expected digits after '.'") }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw error("expected digits in the exponent") }
        }
        return .number(String(decoding: bytes[start..<position], as: UTF8.self))
    }

    private mutating func parseString() throws(JSONParseError) -> String {
        position += 1
        // Most strings (names, base64 pixels) have no escape: find the closing quote and
        // validate the run once.
        let start = position
        let plainEnd: Int? = bytes.withUnsafeBufferPointer { buffer in
            var index = start
            while index < buffer.count {
                let byte = buffer[index]
                if byte == UInt8(ascii: "\"") { return index }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
                index += 1
            }
            return nil
        }
        if let plainEnd {
            guard let text = String(validating: bytes[start..<plainEnd], as: UTF8.self) else {
                throw JSONParseError(offset: start, reason: "the string is not valid UTF-8")
            }
            position = plainEnd + 1
            return text
        }
        var scalars = String.UnicodeScalarView()
        var runStart = position
        func flushRun() throws(JSONParseError) {
            guard runStart < position else { return }
            guard let run = String(validating: bytes[runStart..<position], as: UTF8.self) else {
                throw JSONParseError(offset: runStart, reason: "the string is not valid UTF-8")
            }
            scalars.append(contentsOf: run.unicodeScalars)
        }
        while true {
            guard position < bytes.count else { throw error("unterminated string") }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                try flushRun()
                position += 1
                return String(scalars)
            }
            if byte < 0x20 { throw error("a control character in a string must be escaped") }
            if byte != UInt8(ascii: "\\") {
                position += 1
                continue
            }
            try flushRun()
            position += 1
            guard position < bytes.count else { throw error("unterminated escape") }
            let escaped = bytes[position]
            position += 1
            switch escaped {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                let first = try hex4()
                var value = first
                if (0xD800..<0xDC00).contains(first) {
                    guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                        throw error("a high surrogate must be followed by a low surrogate")
                    }
                    position += 2
                    let second = try hex4()
                    guard (0xDC00..<0xE000).contains(second) else { throw error("expected a low surrogate") }
                    value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                } else if (0xDC00..<0xE000).contains(first) {
                    throw error("a lone low surrogate")
                }
                guard let scalar = Unicode.Scalar(value) else { throw error("an invalid code point") }
                scalars.append(scalar)
            default:
                throw error("an unknown escape '\\\(Character(Unicode.Scalar(escaped)))'")
            }
            runStart = position
        }
    }

    private mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error("expected four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("expected a hex digit")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }
}
