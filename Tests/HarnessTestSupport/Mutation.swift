/// One way of damaging a file: flipped bits, a set byte, an inserted huge varuint or length,
/// a deleted, duplicated or truncated span.
public enum Mutation: CaseIterable, Sendable {
    case flipBits, setByte, insertHugeVarUInt, insertHugeLength, deleteSpan, duplicateSpan, truncate

    /// A mutation chosen at random.
    public static func random(using generator: inout SeededGenerator) -> Mutation { allCases.randomElement(using: &generator)! }

    /// Damages `bytes` in place.
    public func apply(to bytes: inout [UInt8], using generator: inout SeededGenerator) {
        guard !bytes.isEmpty else { return }
        let position = Int.random(in: 0..<bytes.count, using: &generator)
        switch self {
        case .flipBits:
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let at = Int.random(in: 0..<bytes.count, using: &generator)
                bytes[at] ^= 1 << UInt8.random(in: 0..<8, using: &generator)
            }
        case .setByte:
            bytes[position] = [0x00, 0x01, 0x7F, 0x80, 0xFF].randomElement(using: &generator)!
        case .insertHugeVarUInt:
            bytes.insert(contentsOf: [UInt8](repeating: 0xFF, count: Int.random(in: 5...12, using: &generator)) + [0x01], at: position)
        case .insertHugeLength:
            bytes.insert(contentsOf: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F], at: position)
        case .deleteSpan:
            let length = Int.random(in: 1...min(64, bytes.count - position), using: &generator)
            bytes.removeSubrange(position..<position + length)
        case .duplicateSpan:
            let length = Int.random(in: 1...min(64, bytes.count - position), using: &generator)
            let span = Array(bytes[position..<position + length])
            bytes.insert(contentsOf: span, at: Int.random(in: 0...bytes.count, using: &generator))
        case .truncate:
            bytes.removeSubrange(position..<bytes.count)
        }
    }
}
