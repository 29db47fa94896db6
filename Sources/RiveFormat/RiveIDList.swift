/// The encoding of id lists inside Bytes properties: varuints back to back, with no count.
///
/// Data-bind source paths (`DataBindContext.sourcePathIds`), `DataBindPath.path`,
/// `NestedArtboard.dataBindPathIds` and listener view-model paths use it
/// (riv-format-and-binding.md §1.8).
public enum RiveIDList {
    /// Encodes ids as consecutive varuints.
    public static func encode(_ ids: some Sequence<UInt64>) -> [UInt8] {
        var writer = ByteWriter()
        for id in ids { writer.writeVarUInt(id) }
        return writer.bytes
    }

    /// Decodes consecutive varuints until the bytes end, or `nil` when the last one is cut short
    /// or overflows 64 bits.
    public static func decode(_ bytes: [UInt8]) -> [UInt64]? {
        var reader = ByteReader(bytes)
        var ids: [UInt64] = []
        while !reader.isAtEnd {
            guard let id = try? reader.readVarUInt("an id") else { return nil }
            ids.append(id)
        }
        return ids
    }
}
