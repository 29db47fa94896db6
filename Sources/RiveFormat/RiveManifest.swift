/// The name table of a file: the names and name paths that name-based data binds refer to.
///
/// Its bytes are the contents (FileAssetContents) that follow a ManifestAsset: sections of
/// `id varuint, size varuint, payload`; section 0 holds names (`count`, then `id, string`
/// pairs), section 1 holds paths (`count`, then `id, length, length × name id`), and other
/// sections are skipped by their size (riv-format-and-binding.md §1.8).
public struct RiveManifest: Sendable, Equatable {
    /// Names by name id.
    public var names: [UInt64: String] = [:]
    /// Paths of name ids by path id.
    public var paths: [UInt64: [UInt64]] = [:]

    /// An empty manifest.
    public init() {}

    /// Parses one manifest's contents.
    /// - Throws: `RiveFormatError` (`riv.truncated`, `riv.varuint-overflow`) when a section,
    ///   a count or an entry runs past the bytes.
    public init(contents: [UInt8]) throws(RiveFormatError) {
        var reader = ByteReader(contents)
        while !reader.isAtEnd {
            let section = try reader.readVarUInt("a manifest section id")
            var body = ByteReader(Array(try reader.readLengthPrefixed("manifest section \(section)")))
            switch section {
            case 0:
                for _ in 0..<(try Self.count(&body, "manifest name")) {
                    let id = try body.readVarUInt("a manifest name id")
                    names[id] = String(decoding: try body.readLengthPrefixed("a manifest name"), as: UTF8.self)
                }
            case 1:
                for _ in 0..<(try Self.count(&body, "manifest path")) {
                    let id = try body.readVarUInt("a manifest path id")
                    paths[id] = try (0..<(try Self.count(&body, "manifest path segment"))).map { _ throws(RiveFormatError) in
                        try body.readVarUInt("a manifest path segment")
                    }
                }
            default:
                continue
            }
        }
    }

    /// The manifest of a document: the contents of every ManifestAsset merged, in file order;
    /// contents that do not parse contribute nothing (their binds then resolve to nothing).
    public init(_ document: RiveDocument) {
        var isManifestContents = false
        // By index, testing type keys: copying each object out retained its property list.
        for index in document.objects.indices {
            let typeKey = document.objects[index].typeKey
            if RiveSchema.isType(typeKey, a: RiveTypeKey.fileAsset) {
                isManifestContents = typeKey == RiveTypeKey.manifestAsset
            } else if typeKey == RiveTypeKey.fileAssetContents, isManifestContents,
                      let manifest = try? RiveManifest(contents: document.objects[index].bytes(RivePropertyKey.fileAssetContentsBytes) ?? []) {
                names.merge(manifest.names) { _, new in new }
                paths.merge(manifest.paths) { _, new in new }
            }
        }
    }

    /// Reads a count and checks that at least that many bytes remain (every entry takes one or more).
    private static func count(_ reader: inout ByteReader, _ what: String) throws(RiveFormatError) -> Int {
        let start = reader.position
        let count = try reader.readVarUInt("a \(what) count")
        guard count <= UInt64(reader.remaining) else {
            throw RiveFormatError(.truncated, offset: start, message: "the \(what) count \(count) is larger than the \(reader.remaining) byte(s) left",
                                  hint: "the manifest is damaged; export the file again")
        }
        return Int(count)
    }
}
