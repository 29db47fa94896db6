/// The 64-bit FNV-1a hash: fast, dependency-free and the same on every platform.
///
/// Draw-command digests and the corpus hash both use it, so a digest computed by one
/// module can be compared with one computed by another.
public struct FNV1a64: Sendable, Hashable {
    /// The running hash state.
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Creates a hash of no bytes.
    public init() {}

    /// Mixes bytes into the hash.
    public mutating func combine(_ bytes: some Sequence<UInt8>) {
        var hash = value
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        value = hash
    }

    /// The hash as 16 lower-case hex digits, zero-padded.
    public var hexDigest: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
