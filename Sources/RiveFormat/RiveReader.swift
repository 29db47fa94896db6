/// Reads `.riv` bytes into a `RiveDocument`.
///
/// Values are decoded by the schema's type for their key first and by the file's table of
/// contents second, as the upstream runtime does; a key known to neither is fatal because
/// the reader could not know how many bytes to skip. Booleans are one byte wherever they
/// appear. Alternate keys (`Node.x` written as 9) are folded into their primary key.
public enum RiveReader {
    /// The artboard type key.
    static let artboardTypeKey: UInt32 = 1

    /// Reads a document from bytes.
    /// - Throws: `RiveFormatError` for a bad fingerprint or version, truncation, an oversized
    ///   integer, or a property key that neither the schema nor the table of contents knows.
    public static func read(_ bytes: [UInt8]) throws(RiveFormatError) -> RiveDocument {
        var reader = ByteReader(bytes)
        let header = try readHeader(&reader)
        let toc = try readTableOfContents(&reader)
        let tocFields = Dictionary(toc.map { ($0.key, $0.fieldID) }, uniquingKeysWith: { first, _ in first })
        var objects: [RiveObject] = []
        var artboardName: String?
        var properties: [RiveProperty] = []
        while !reader.isAtEnd {
            let object = try readObject(&reader, index: objects.count, artboardName: artboardName, tocFields: tocFields, properties: &properties)
            if object.typeKey == artboardTypeKey { artboardName = object.string(4) ?? "" }
            objects.append(object)
        }
        return RiveDocument(header: header, tableOfContents: toc, objects: objects)
    }

    private static func readHeader(_ reader: inout ByteReader) throws(RiveFormatError) -> RiveHeader {
        let fingerprint = try reader.readFixed(4, "the RIVE fingerprint")
        guard fingerprint.elementsEqual(Array("RIVE".utf8)) else {
            throw RiveFormatError(
                .badFingerprint, offset: 0, message: "the file does not start with the bytes RIVE",
                hint: "this is not a .riv runtime file; export it from the Rive editor as a runtime file")
        }
        let majorOffset = reader.position
        let major = try reader.readVarUInt("the major version")
        guard major == RiveHeader.supportedMajorVersion else {
            throw RiveFormatError(
                .unsupportedVersion, offset: majorOffset,
                message: "major version \(major) is not supported; runtimes read version \(RiveHeader.supportedMajorVersion)",
                hint: "export the file again with a current Rive editor")
        }
        let minor = try reader.readVarUInt("the minor version")
        let fileID = try reader.readVarUInt("the file id")
        return RiveHeader(majorVersion: major, minorVersion: minor, fileID: fileID)
    }

    private static func readTableOfContents(_ reader: inout ByteReader) throws(RiveFormatError) -> [RiveTOCEntry] {
        var keys: [UInt32] = []
        while true {
            let key = try reader.readVarUInt32("a table-of-contents key")
            if key == 0 { break }
            keys.append(key)
        }
        var entries: [RiveTOCEntry] = []
        entries.reserveCapacity(keys.count)
        var word: UInt32 = 0
        for (index, key) in keys.enumerated() {
            if index % 4 == 0 { word = try reader.readUInt32LE("the table-of-contents field types") }
            let bits = UInt8((word >> (2 * UInt32(index % 4))) & 0x3)
            entries.append(RiveTOCEntry(key: key, fieldID: RiveTOCFieldID(rawValue: bits)!))
        }
        return entries
    }

    /// Reads one object. Its properties are gathered in `properties` (a buffer reused across
    /// objects) and copied into the object once, so each object allocates its property list
    /// once instead of once per doubling.
    private static func readObject(
        _ reader: inout ByteReader, index: Int, artboardName: String?, tocFields: [UInt32: RiveTOCFieldID],
        properties: inout [RiveProperty]
    ) throws(RiveFormatError) -> RiveObject {
        let start = reader.position
        let typeKey = try reader.readVarUInt32("an object's type key")
        var object = RiveObject(typeKey: typeKey, sourceOffset: start)
        func path(_ propertyKey: UInt32? = nil) -> [String] {
            var path: [String] = []
            if let artboardName, typeKey != artboardTypeKey { path.append("artboard \"\(artboardName)\"") }
            path.append("object #\(index) (\(RiveSchema.typeName(typeKey)))")
            if let propertyKey {
                path.append("property \(propertyKey)" + (RiveSchema.property(propertyKey).map { " (\($0.name))" } ?? ""))
            }
            return path
        }
        while true {
            let keyOffset = reader.position
            let key: UInt32
            do { key = try reader.readVarUInt32("a property key") } catch { throw error.at(path()) }
            if key == 0 { break }
            let schemaProperty = RiveSchema.propertyIndex(key)
            let value: RivePropertyValue
            do throws(RiveFormatError) {
                if let schemaProperty, RiveSchema.propertyDefinitions[schemaProperty].type != .callback {
                    let ownsKey = RiveSchema.type(typeKey, hasProperty: key)
                    value = try readValue(&reader, type: RiveSchema.propertyDefinitions[schemaProperty].type, checkRange: ownsKey)
                } else if let fieldID = tocFields[key] {
                    value = try readValue(&reader, fieldID: fieldID)
                } else {
                    throw RiveFormatError(
                        .unknownProperty, offset: keyOffset,
                        message: "property key \(key) is neither in the format schema nor in the file's table of contents, so its size is unknown",
                        hint: "the file is corrupt, or it was written by a newer editor that did not list the key in its table of contents")
                }
            } catch { throw error.at(path(key)) }
            properties.append(RiveProperty(key: schemaProperty.map { RiveSchema.propertyDefinitions[$0].key } ?? key, value: value))
        }
        object.properties = Array(properties)
        properties.removeAll(keepingCapacity: true)
        return object
    }

    private static func readValue(
        _ reader: inout ByteReader, type: RiveDeclaredType, checkRange: Bool
    ) throws(RiveFormatError) -> RivePropertyValue {
        let start = reader.position
        switch type.valueKind {
        case .uint:
            let value = try reader.readVarUInt("a \(type.rawValue) value")
            if checkRange, let limit = type.unsignedLimit, value > limit {
                throw RiveFormatError(
                    .integerOutOfRange, offset: start, message: "value \(value) does not fit the property's type \(type.rawValue)",
                    hint: "the file is corrupt; the runtime rejects it as malformed")
            }
            return .uint(value)
        case .int:
            let value = zigzagDecode(try reader.readVarUInt("an \(type.rawValue) value"))
            if checkRange, let range = type.signedRange, !range.contains(value) {
                throw RiveFormatError(
                    .integerOutOfRange, offset: start, message: "value \(value) does not fit the property's type \(type.rawValue)",
                    hint: "the file is corrupt; the runtime rejects it as malformed")
            }
            return .int(value)
        case .bool: return .bool(try reader.readByte("a bool value") == 1)
        case .float: return .float(try reader.readFloat32("a float value"))
        case .string: return .string(String(decoding: try reader.readLengthPrefixed("a string value"), as: UTF8.self))
        case .bytes: return .bytes(Array(try reader.readLengthPrefixed("a bytes value")))
        case .color: return .color(try reader.readUInt32LE("a color value"))
        case .callback:
            throw RiveFormatError(
                .valueTypeMismatch, offset: start, message: "a callback property has no value on the wire",
                hint: "the file is corrupt")
        }
    }

    private static func readValue(_ reader: inout ByteReader, fieldID: RiveTOCFieldID) throws(RiveFormatError) -> RivePropertyValue {
        switch fieldID {
        case .uint: .uint(try reader.readVarUInt("a value skipped by the table of contents"))
        case .bytes: .bytes(Array(try reader.readLengthPrefixed("a value skipped by the table of contents")))
        case .float: .float(try reader.readFloat32("a value skipped by the table of contents"))
        case .color: .color(try reader.readUInt32LE("a value skipped by the table of contents"))
        }
    }
}

extension RiveFormatError {
    /// The same error with `path` as its object path, unless it already has one.
    func at(_ path: [String]) -> RiveFormatError {
        guard self.path.isEmpty else { return self }
        return RiveFormatError(code, offset: offset, path: path, message: message, hint: hint)
    }
}
