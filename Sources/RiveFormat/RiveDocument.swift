/// The header of a `.riv` file: versions and file id.
public struct RiveHeader: Sendable, Equatable {
    /// The major version the runtime requires.
    public static let supportedMajorVersion: UInt64 = 7
    /// The minor version this project writes.
    public static let currentMinorVersion: UInt64 = 3

    /// The major version; the runtime reads only 7.
    public var majorVersion: UInt64
    /// The minor version; not checked, but handed to importers to gate behaviour.
    public var minorVersion: UInt64
    /// An id the runtime does not interpret.
    public var fileID: UInt64

    /// Creates a header.
    public init(majorVersion: UInt64 = supportedMajorVersion, minorVersion: UInt64 = currentMinorVersion, fileID: UInt64 = 0) {
        self.majorVersion = majorVersion
        self.minorVersion = minorVersion
        self.fileID = fileID
    }
}

/// One property of an object record: its key and decoded value.
public struct RiveProperty: Sendable, Hashable {
    /// The property key (alternates are folded into their primary key when reading).
    public var key: UInt32
    /// The decoded value.
    public var value: RivePropertyValue

    /// Creates a property.
    public init(key: UInt32, value: RivePropertyValue) {
        self.key = key
        self.value = value
    }

    /// The property's schema name, or `nil` when the schema does not know the key.
    public var name: String? { RiveSchema.property(key)?.name }
}

/// One object record: a type key and its properties in file order.
public struct RiveObject: Sendable, Equatable {
    /// The type key.
    public var typeKey: UInt32
    /// The properties, in the order they were read or will be written.
    public var properties: [RiveProperty]
    /// The byte offset the record started at, when it was read from a file; not part of equality.
    public var sourceOffset: Int?

    /// Creates an object.
    public init(typeKey: UInt32, properties: [RiveProperty] = [], sourceOffset: Int? = nil) {
        self.typeKey = typeKey
        self.properties = properties
        self.sourceOffset = sourceOffset
    }

    /// The type's schema name, or `"type N"` when the schema does not know it.
    public var typeName: String { RiveSchema.typeName(typeKey) }

    /// Whether the schema knows this type and it can be instantiated.
    public var isKnownConcreteType: Bool { RiveSchema.isKnownConcreteType(typeKey) }

    /// Whether this object's type is `ancestorKey` or one of its descendants.
    public func isType(_ ancestorKey: UInt32) -> Bool { RiveSchema.isType(typeKey, a: ancestorKey) }

    /// The value stored for `key`, or `nil` when the record does not carry it.
    public func storedValue(_ key: UInt32) -> RivePropertyValue? {
        properties.last(where: { $0.key == key })?.value
    }

    /// The value for `key`: the stored one, else the schema default.
    public func value(_ key: UInt32) -> RivePropertyValue? {
        storedValue(key) ?? RiveSchema.defaultValue(of: key)
    }

    /// The unsigned value for `key` (stored or default), or `nil`.
    public func uint(_ key: UInt32) -> UInt64? { value(key)?.uintValue }
    /// The float value for `key` (stored or default), or `nil`.
    public func float(_ key: UInt32) -> Float? { value(key)?.floatValue }
    /// The string value for `key` (stored or default), or `nil`.
    public func string(_ key: UInt32) -> String? { value(key)?.stringValue }
    /// The boolean value for `key` (stored or default), or `nil`.
    public func bool(_ key: UInt32) -> Bool? { value(key)?.boolValue }
    /// The color value for `key` (stored or default), or `nil`.
    public func color(_ key: UInt32) -> UInt32? { value(key)?.colorValue }
    /// The byte blob for `key` (stored or default), or `nil`.
    public func bytes(_ key: UInt32) -> [UInt8]? { value(key)?.bytesValue }

    /// An id property read as an optional index: the "missing id" value (0xFFFFFFFF) becomes `nil`.
    public func index(_ key: UInt32) -> Int? {
        guard let value = uint(key), value != UInt64(UInt32.max), value < UInt64(Int32.max) else { return nil }
        return Int(value)
    }

    public static func == (lhs: RiveObject, rhs: RiveObject) -> Bool {
        lhs.typeKey == rhs.typeKey && lhs.properties == rhs.properties
    }
}

/// An entry of the property table of contents: a key and how to skip its value.
public struct RiveTOCEntry: Sendable, Equatable {
    /// The property key.
    public var key: UInt32
    /// The 2-bit field id that says how to skip the value.
    public var fieldID: RiveTOCFieldID

    /// Creates an entry.
    public init(key: UInt32, fieldID: RiveTOCFieldID) {
        self.key = key
        self.fieldID = fieldID
    }
}

/// A whole `.riv` file as a flat, ordered list of object records.
///
/// Structure (which artboard an object belongs to, which layer a state is in) is implicit
/// in the order, as in the file; `RiveFileSummary` derives it.
public struct RiveDocument: Sendable, Equatable {
    /// The header.
    public var header: RiveHeader
    /// The table of contents as read; the writer builds its own from the keys it writes.
    public var tableOfContents: [RiveTOCEntry]
    /// The object records in file order.
    public var objects: [RiveObject]

    /// Creates a document.
    public init(header: RiveHeader = RiveHeader(), tableOfContents: [RiveTOCEntry] = [], objects: [RiveObject] = []) {
        self.header = header
        self.tableOfContents = tableOfContents
        self.objects = objects
    }
}
