/// Standard base64 (RFC 4648 §4, with `=` padding) for the protocol's binary payloads:
/// `bytes` parameters and `pixels` answers (docs/adapter-protocol.md §5).
///
/// One pass over contiguous buffers; Foundation's `Data(base64Encoded:)` took most of the
/// client's time for a rasterized frame.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    /// The 6-bit value of each byte, or 0xFF for a byte outside the alphabet.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
        return table
    }()

    /// The base64 text of some bytes.
    static func encode(_ bytes: [UInt8]) -> String {
        let count = (bytes.count + 2) / 3 * 4
        return String(unsafeUninitializedCapacity: count) { output in
            bytes.withUnsafeBufferPointer { input in
                alphabet.withUnsafeBufferPointer { alphabet in
                    var out = 0, index = 0
                    while index + 3 <= input.count {
                        let value = UInt32(input[index]) << 16 | UInt32(input[index &+ 1]) << 8 | UInt32(input[index &+ 2])
                        output[out] = alphabet[Int(value >> 18)]
                        output[out &+ 1] = alphabet[Int(value >> 12 & 0x3F)]
                        output[out &+ 2] = alphabet[Int(value >> 6 & 0x3F)]
                        output[out &+ 3] = alphabet[Int(value & 0x3F)]
                        out &+= 4
                        index &+= 3
                    }
                    let rest = input.count - index
                    if rest > 0 {
                        let value = UInt32(input[index]) << 16 | (rest == 2 ? UInt32(input[index + 1]) << 8 : 0)
                        output[out] = alphabet[Int(value >> 18)]
                        output[out + 1] = alphabet[Int(value >> 12 & 0x3F)]
                        output[out + 2] = rest == 2 ? alphabet[Int(value >> 6 & 0x3F)] : UInt8(ascii: "=")
                        output[out + 3] = UInt8(ascii: "=")
                    }
                }
            }
            return count
        }
    }

    /// The bytes of base64 text, or `nil` when it is not padded base64 (no whitespace allowed).
    static func decode(_ text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { input -> [UInt8]? in
            guard input.count % 4 == 0 else { return nil }
            guard input.count > 0 else { return [] }
            var padding = 0
            if input[input.count - 1] == UInt8(ascii: "=") { padding += 1 }
            if padding == 1, input[input.count - 2] == UInt8(ascii: "=") { padding += 1 }
            let count = input.count / 4 * 3 - padding
            var valid = true
            let bytes = [UInt8](unsafeUninitializedCapacity: count) { output, initialized in
                values.withUnsafeBufferPointer { values in
                    var out = 0, index = 0
                    while index < input.count {
                        let last = index + 4 == input.count
                        let a = values[Int(input[index])], b = values[Int(input[index &+ 1])]
                        var c = values[Int(input[index &+ 2])], d = values[Int(input[index &+ 3])]
                        if last, padding >= 1 { d = 0 }
                        if last, padding == 2 { c = 0 }
                        // 0xFF (not in the alphabet) has the high bits that no 6-bit value has.
                        guard (a | b | c | d) & 0xC0 == 0 else {
                            valid = false
                            break
                        }
                        let value = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                        output[out] = UInt8(truncatingIfNeeded: value >> 16)
                        if out + 1 < count { output[out + 1] = UInt8(truncatingIfNeeded: value >> 8) }
                        if out + 2 < count { output[out + 2] = UInt8(truncatingIfNeeded: value) }
                        out &+= 3
                        index &+= 4
                    }
                }
                initialized = valid ? count : 0
            }
            return valid ? bytes : nil
        }
    }
}
