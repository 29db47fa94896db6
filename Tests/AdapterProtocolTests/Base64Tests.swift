@testable import AdapterProtocol
import Foundation
import Testing

/// The protocol's base64 for `bytes` and `pixels` agrees with Foundation's and rejects what is not base64.
struct Base64Tests {
    @Test("encoding and decoding agree with Foundation for every length and remainder")
    func agreesWithFoundation() throws {
        var generator = SystemRandomNumberGenerator()
        for count in Array(0...17) + [255, 40_000, 40_001, 40_002] {
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let text = Base64.encode(bytes)
            #expect(text == Data(bytes).base64EncodedString())
            #expect(Base64.decode(text) == bytes)
        }
    }

    /// Stricter than Foundation, which takes "ab=c" as two bytes.
    @Test("text that is not padded base64 is rejected", arguments: ["a", "abc", "ab=c", "a===", "ab c", "ab\nc", "é===", "=abc", "ab-_"])
    func rejects(_ text: String) {
        #expect(Base64.decode(text) == nil)
    }
}
