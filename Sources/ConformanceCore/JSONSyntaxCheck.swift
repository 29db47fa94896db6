/// Finds the first JSON syntax error in a document and where it is, as a line and column.
///
/// Foundation's `JSONDecoder` only says "the given data was not valid JSON", on some
/// platforms without a position; a truncated or hand-edited corpus export deserves the line.
/// This checks RFC 8259's grammar and nothing else (no values are built).
enum JSONSyntaxCheck {
    /// A syntax error: 1-based line and column (in Unicode scalars) and what was expected.
    struct Failure: Error, Sendable, Hashable {
        var line: Int
        var column: Int
        var message: String
    }

    /// How deeply arrays and objects may nest before the check gives up (far beyond any export).
    static let maximumDepth = 512

    /// The first syntax error, or `nil` when the bytes are one JSON value with optional whitespace around it.
    static func firstError(in bytes: [UInt8]) -> Failure? {
        var scanner = Scanner(bytes: bytes)
        do throws(Failure) {
            scanner.skipWhitespace()
            try scanner.value(depth: 0)
            scanner.skipWhitespace()
            if scanner.index < bytes.count { throw scanner.failure("unexpected \(scanner.found) after the end of the document") }
            return nil
        } catch {
            return error
        }
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        /// The byte at the current position as an error message names it.
        var found: String {
            guard index < bytes.count else { return "end of file" }
            let byte = bytes[index]
            return (0x21...0x7e).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
        }

        func failure(_ message: String) -> Failure {
            var line = 1
            var column = 1
            for byte in bytes[..<min(index, bytes.count)] {
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {  // not a UTF-8 continuation byte
                    column += 1
                }
            }
            let truncated = index >= bytes.count ? " (the file ends here: it may be truncated)" : ""
            return Failure(line: line, column: column, message: message + truncated)
        }

        mutating func skipWhitespace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func expect(_ byte: UInt8, _ what: String) throws(Failure) {
            guard index < bytes.count, bytes[index] == byte else { throw failure("expected \(what), found \(found)") }
            index += 1
        }

        mutating func value(depth: Int) throws(Failure) {
            guard depth < JSONSyntaxCheck.maximumDepth else { throw failure("arrays and objects nest more than \(JSONSyntaxCheck.maximumDepth) deep") }
            guard index < bytes.count else { throw failure("expected a value, found end of file") }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return }
                while true {
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a key in double quotes, found \(found)") }
                    try string()
                    skipWhitespace()
                    try expect(UInt8(ascii: ":"), "':' after an object key")
                    skipWhitespace()
                    try value(depth: depth + 1)
                    skipWhitespace()
                    guard index < bytes.count else { throw failure("expected ',' or '}' in an object, found end of file") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "}") { index += 1; return }
                    throw failure("expected ',' or '}' in an object, found \(found)")
                }
            case UInt8(ascii: "["):
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return }
                while true {
                    skipWhitespace()
                    try value(depth: depth + 1)
                    skipWhitespace()
                    guard index < bytes.count else { throw failure("expected ',' or ']' in an array, found end of file") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "]") { index += 1; return }
                    throw failure("expected ',' or ']' in an array, found \(found)")
                }
            case UInt8(ascii: "\""):
                try string()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try number()
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            default:
                throw failure("expected a value (object, array, string, number, true, false or null), found \(found)")
            }
        }

        mutating func literal(_ word: String) throws(Failure) {
            for byte in word.utf8 {
                guard index < bytes.count, bytes[index] == byte else { throw failure("expected '\(word)', found \(found)") }
                index += 1
            }
        }

        mutating func string() throws(Failure) {
            index += 1  // the opening quote
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return
                case UInt8(ascii: "\\"):
                    index += 1
                    guard index < bytes.count else { throw failure("unterminated string") }
                    switch bytes[index] {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                         UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        index += 1
                    case UInt8(ascii: "u"):
                        index += 1
                        for _ in 0..<4 {
                            guard index < bytes.count, Self.isHexDigit(bytes[index]) else { throw failure("expected four hex digits after \\u, found \(found)") }
                            index += 1
                        }
                    default:
                        throw failure("invalid escape \\\(found) in a string")
                    }
                case 0x00..<0x20:
                    throw failure("a control character (\(found)) in a string must be escaped")
                default:
                    index += 1
                }
            }
            throw failure("unterminated string")
        }

        mutating func number() throws(Failure) {
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, Self.isDigit(bytes[index]) else { throw failure("expected a digit in a number, found \(found)") }
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
            } else {
                while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard index < bytes.count, Self.isDigit(bytes[index]) else { throw failure("expected a digit after the decimal point, found \(found)") }
                while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard index < bytes.count, Self.isDigit(bytes[index]) else { throw failure("expected a digit in the exponent, found \(found)") }
                while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
            }
        }

        static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

        static func isHexDigit(_ byte: UInt8) -> Bool {
            isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
        }
    }
}
