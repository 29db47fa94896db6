/// Writes a `RiveDocument` as `.riv` bytes that the upstream runtime can load.
///
/// Before writing, the document is checked against the format's ordering, completeness and
/// reference rules (see `RiveFileSummary.violations(in:)`) and every value against the type
/// the schema declares for its key; a document that breaks any rule is rejected whole.
/// The table of contents lists every key written, in order of first use.
public enum RiveWriter {
    /// Encodes a document.
    /// - Throws: `RiveFormatError` naming the first object that breaks a rule, or whose
    ///   value does not fit its key's declared type.
    public static func write(_ document: RiveDocument) throws(RiveFormatError) -> [UInt8] {
        if let violation = RiveFileSummary.violations(in: document).first { throw violation }
        return try encode(document)
    }

    /// Encodes a document without checking the structural rules; values are still checked.
    ///
    /// This exists for tests that need files the runtime would reject (to see the reader's
    /// and the runtime's errors); fixtures always go through `write(_:)`.
    /// - Throws: `RiveFormatError` when a value does not fit its key's declared type.
    public static func encodeUnchecked(_ document: RiveDocument) throws(RiveFormatError) -> [UInt8] {
        try encode(document)
    }

    private static func encode(_ document: RiveDocument) throws(RiveFormatError) -> [UInt8] {
        var toc: [RiveTOCEntry] = []
        var tocIndex: [UInt32: RiveTOCFieldID] = [:]
        var body = ByteWriter()
        for (index, object) in document.objects.enumerated() {
            body.writeVarUInt(UInt64(object.typeKey))
            for property in object.properties {
                let path = ["object #\(index) (\(object.typeName))", "property \(property.key)" + (property.name.map { " (\($0)" + ")" } ?? "")]
                guard property.key >= 3 else {
                    throw RiveFormatError(.invalidValue, path: path, message: "property keys 0 to 2 are reserved", hint: "use the key the schema gives the property")
                }
                try check(property, of: object, path: path)
                guard let fieldID = property.value.kind.tocFieldID else {
                    throw RiveFormatError(.valueTypeMismatch, path: path, message: "callback properties are never written", hint: "remove the property")
                }
                if let listed = tocIndex[property.key] {
                    if listed != fieldID {
                        throw RiveFormatError(.valueTypeMismatch, path: path, message: "the key was already written as a \(listed) value and now as \(fieldID)", hint: "write one kind of value per key")
                    }
                } else {
                    tocIndex[property.key] = fieldID
                    toc.append(RiveTOCEntry(key: property.key, fieldID: fieldID))
                }
                body.writeVarUInt(UInt64(property.key))
                encodeValue(property.value, into: &body)
            }
            body.writeVarUInt(0)
        }
        var out = ByteWriter()
        out.bytes.append(contentsOf: Array("RIVE".utf8))
        out.writeVarUInt(document.header.majorVersion)
        out.writeVarUInt(document.header.minorVersion)
        out.writeVarUInt(document.header.fileID)
        for entry in toc { out.writeVarUInt(UInt64(entry.key)) }
        out.writeVarUInt(0)
        var word: UInt32 = 0
        for (index, entry) in toc.enumerated() {
            word |= UInt32(entry.fieldID.rawValue) << (2 * UInt32(index % 4))
            if index % 4 == 3 || index == toc.count - 1 {
                out.writeUInt32LE(word)
                word = 0
            }
        }
        out.bytes.append(contentsOf: body.bytes)
        return out.bytes
    }

    private static func check(_ property: RiveProperty, of object: RiveObject, path: [String]) throws(RiveFormatError) {
        guard let definition = RiveSchema.property(property.key) else { return }
        let expected = definition.type.valueKind
        guard property.value.kind == expected else {
            throw RiveFormatError(
                .valueTypeMismatch, path: path,
                message: "the schema declares \(definition.name) as \(definition.type.rawValue) but the value is a \(property.value.kind.rawValue)",
                hint: "give the property a \(definition.type.rawValue) value")
        }
        guard RiveSchema.type(object.typeKey, hasProperty: property.key) else { return }
        if case .uint(let value) = property.value, let limit = definition.type.unsignedLimit, value > limit {
            throw RiveFormatError(.integerOutOfRange, path: path, message: "\(value) does not fit \(definition.type.rawValue)", hint: "use a value up to \(limit)")
        }
        if case .int(let value) = property.value, let range = definition.type.signedRange, !range.contains(value) {
            throw RiveFormatError(.integerOutOfRange, path: path, message: "\(value) does not fit \(definition.type.rawValue)", hint: "use a value in \(range)")
        }
    }

    private static func encodeValue(_ value: RivePropertyValue, into writer: inout ByteWriter) {
        switch value {
        case .uint(let value): writer.writeVarUInt(value)
        case .int(let value): writer.writeVarUInt(zigzagEncode(value))
        case .bool(let value): writer.bytes.append(value ? 1 : 0)
        case .float(let value): writer.writeUInt32LE(value.bitPattern)
        case .string(let value): writer.writeLengthPrefixed(Array(value.utf8))
        case .bytes(let value): writer.writeLengthPrefixed(value)
        case .color(let value): writer.writeUInt32LE(value)
        }
    }
}
