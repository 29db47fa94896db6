/// The 64-bit FNV-1a hash, used for draw-command digests (fast, simple and the same everywhere).
struct FNV1a64 {
    /// The running hash state.
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Mixes bytes into the hash.
    mutating func combine(_ bytes: [UInt8]) {
        var hash = value
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        value = hash
    }

    /// The hash as 16 lowercase hex digits, zero-padded.
    var hexDigest: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
