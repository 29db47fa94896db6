@testable import AdapterProtocol
import Testing

/// The protocol's JSON: strict parsing with byte offsets, lossless floats, one-line output.
struct JSONValueTests {
    private func parse(_ text: String) throws(JSONParseError) -> JSONValue { try JSONParser.parse(Array(text.utf8)) }

    @Test("objects keep key order and round-trip through their text")
    func roundTrip() throws {
        let text = #"{"id":7,"op":"instance.setValue","path":"a/b","value":-1.5e-3,"flags":[true,false,null],"nested":{"s":"tab\tquote\"\u0001é😀"}}"#
        let value = try parse(text)
        #expect(value.objectValue?.fields.map(\.key) == ["id", "op", "path", "value", "flags", "nested"])
        #expect(try parse(value.serialized) == value)
        #expect(value.objectValue?["nested"]?.objectValue?["s"]?.stringValue == "tab\tquote\"\u{01}é😀")
        #expect(!value.serialized.contains("\n"))
    }

    @Test("32-bit floats cross the wire exactly, non-finite ones as strings")
    func floats() throws {
        for number: Float in [0.1, 1e-5, 3.4028235e38, -0.0, 16_777_216, .leastNonzeroMagnitude, 0.3] {
            #expect(try parse(JSONValue.float(number).serialized).floatValue == number)
        }
        #expect(JSONValue.float(.infinity) == .string("inf"))
        #expect(try parse(JSONValue.float(.nan).serialized).floatValue?.isNaN == true)
        #expect(JSONValue.float(0.1).serialized == "0.1")
        #expect(try parse("\"\\ud83d\\ude00\"").stringValue == "😀")
    }

    @Test("malformed input is an error at the byte where it goes wrong", arguments: [
        ("{\"id\":1,}", 8), ("[1 2]", 3), ("01", 1), ("\"abc", 4), ("{\"a\":tru}", 5), ("1.", 2), ("\"\\ud800x\"", 7),
        ("{\"a\":1} x", 8), ("\"\u{01}\"", 1), ("-", 1), ("", 0),
    ])
    func malformed(_ text: String, _ offset: Int) {
        #expect(throws: JSONParseError.self) { try parse(text) }
        do throws(JSONParseError) { _ = try parse(text) } catch { #expect(error.offset == offset, "\(text): \(error)") }
    }

    @Test("nesting deeper than the limit is an error, not a stack overflow")
    func depth() {
        let deep = String(repeating: "[", count: 100_000)
        do throws(JSONParseError) {
            _ = try parse(deep)
            Issue.record("parsed \(deep.count) open brackets")
        } catch {
            #expect(error.reason.contains("nesting deeper than \(JSONParser.maximumDepth)"))
        }
    }
}
