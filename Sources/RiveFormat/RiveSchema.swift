/// The runtime type of a property as the format schema declares it.
///
/// The declared type decides both how a value is encoded on the wire and which range a
/// reader accepts for it (`uint8` rejects 300, for example).
public enum RiveDeclaredType: String, Sendable, CaseIterable {
    /// The schema's type names; `String`, `Bytes` and `Color` keep the schema's capitals.
    case uint, uint8, uint16, uint64, int, int16, double, bool, string = "String", bytes = "Bytes", color = "Color", callback

    /// The value kind this declared type decodes to.
    public var valueKind: RiveValueKind {
        switch self {
        case .uint, .uint8, .uint16, .uint64: .uint
        case .int, .int16: .int
        case .double: .float
        case .bool: .bool
        case .string: .string
        case .bytes: .bytes
        case .color: .color
        case .callback: .callback
        }
    }

    /// The largest value a varuint of this type may carry, or `nil` when it is not an unsigned integer.
    public var unsignedLimit: UInt64? {
        switch self {
        case .uint: UInt64(UInt32.max)
        case .uint8: UInt64(UInt8.max)
        case .uint16: UInt64(UInt16.max)
        case .uint64: UInt64.max
        default: nil
        }
    }

    /// The signed range a zigzag integer of this type may carry, or `nil` when it is not signed.
    public var signedRange: ClosedRange<Int64>? {
        switch self {
        case .int: Int64(Int32.min)...Int64(Int32.max)
        case .int16: Int64(Int16.min)...Int64(Int16.max)
        default: nil
        }
    }
}

/// The kind of a decoded property value, independent of its declared width.
public enum RiveValueKind: String, Sendable {
    /// One case per `RivePropertyValue` case, plus `callback` for properties that carry no value.
    case uint, int, bool, float, string, bytes, color, callback

    /// The 2-bit field id this kind carries in the property table of contents.
    ///
    /// Booleans and signed integers share the unsigned id; callbacks are never serialized
    /// and so have no field id.
    public var tocFieldID: RiveTOCFieldID? {
        switch self {
        case .uint, .int, .bool: .uint
        case .string, .bytes: .bytes
        case .float: .float
        case .color: .color
        case .callback: nil
        }
    }
}

/// A 2-bit field id from the property table of contents, which says how to skip a value.
public enum RiveTOCFieldID: UInt8, Sendable, CaseIterable {
    /// A varuint (also used for booleans and zigzag integers).
    case uint = 0
    /// A varuint length followed by that many bytes (strings and byte blobs).
    case bytes = 1
    /// A 4-byte little-endian float32.
    case float = 2
    /// A 4-byte little-endian ARGB color.
    case color = 3

    /// The value kind a reader decodes for a key known only through the table of contents.
    public var valueKind: RiveValueKind {
        switch self {
        case .uint: .uint
        case .bytes: .bytes
        case .float: .float
        case .color: .color
        }
    }
}

/// One core type of the format: its type key, name and runtime parent.
public struct RiveTypeDefinition: Sendable {
    /// The type key written at the start of each object record.
    public let key: UInt32
    /// The type's name, for example `"Artboard"`.
    public let name: String
    /// The type key of the nearest ancestor that exists at runtime, if any.
    public let parentKey: UInt32?
    /// Whether the type can be instantiated; abstract types appear only as ancestors.
    public let isAbstract: Bool
    /// Mixins whose properties this type also carries.
    public let mixinKeys: [UInt32]
    /// The keys of the properties this type declares itself, in schema order.
    public let ownPropertyKeys: [UInt32]

    /// Creates a type definition; used by the generated schema.
    public init(key: UInt32, name: String, parentKey: UInt32?, isAbstract: Bool, mixinKeys: [UInt32], ownPropertyKeys: [UInt32]) {
        self.key = key
        self.name = name
        self.parentKey = parentKey
        self.isAbstract = isAbstract
        self.mixinKeys = mixinKeys
        self.ownPropertyKeys = ownPropertyKeys
    }
}

/// One runtime property of the format: its key, owner, type and default.
public struct RivePropertyDefinition: Sendable {
    /// The property key, globally unique and at least 3.
    public let key: UInt32
    /// The property's name within its owner, for example `"x"`.
    public let name: String
    /// The type key of the type (or mixin) that declares the property.
    public let ownerKey: UInt32
    /// The runtime type the schema declares.
    public let type: RiveDeclaredType
    /// The runtime default, which exporters omit from object records.
    public let defaultValue: RivePropertyValue?
    /// Further keys that a reader accepts for this property (`Node.x` also accepts 9).
    public let alternateKeys: [UInt32]
    /// Whether the runtime stores the raw bytes and decodes them by hand (path ids, for example).
    public let isEncoded: Bool
    /// Whether the property is a view into bits of another property and never serialized on its own.
    public let isPassthrough: Bool

    /// Creates a property definition; used by the generated schema.
    public init(key: UInt32, name: String, ownerKey: UInt32, type: RiveDeclaredType, defaultValue: RivePropertyValue?, alternateKeys: [UInt32], isEncoded: Bool, isPassthrough: Bool) {
        self.key = key
        self.name = name
        self.ownerKey = ownerKey
        self.type = type
        self.defaultValue = defaultValue
        self.alternateKeys = alternateKeys
        self.isEncoded = isEncoded
        self.isPassthrough = isPassthrough
    }
}

/// The format schema: every runtime type and property, with lookups by key.
public enum RiveSchema {
    /// Type definitions by type key.
    public static let typesByKey: [UInt32: RiveTypeDefinition] = Dictionary(
        typeDefinitions.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })

    /// Property definitions by property key, alternates included.
    public static let propertiesByKey: [UInt32: RivePropertyDefinition] = {
        var table: [UInt32: RivePropertyDefinition] = [:]
        for property in propertyDefinitions {
            table[property.key] = property
            for alternate in property.alternateKeys { table[alternate] = property }
        }
        return table
    }()

    /// Type keys by type name.
    public static let typeKeysByName: [String: UInt32] = Dictionary(
        typeDefinitions.map { ($0.name, $0.key) }, uniquingKeysWith: { first, _ in first })

    /// The type definition for a key, or `nil` when the schema does not know it.
    public static func type(_ key: UInt32) -> RiveTypeDefinition? { typesByKey[key] }

    /// The property definition for a key or one of its alternates.
    public static func property(_ key: UInt32) -> RivePropertyDefinition? { propertiesByKey[key] }

    /// The name of a type key, or `"type N"` when the schema does not know it.
    public static func typeName(_ key: UInt32) -> String { typesByKey[key]?.name ?? "type \(key)" }

    /// Whether `typeKey` is `ancestorKey` or descends from it through runtime parents.
    public static func isType(_ typeKey: UInt32, a ancestorKey: UInt32) -> Bool {
        lineage(of: typeKey).contains(ancestorKey)
    }

    /// Whether objects of `typeKey` carry the property `propertyKey`, own, inherited or from a mixin.
    public static func type(_ typeKey: UInt32, hasProperty propertyKey: UInt32) -> Bool {
        guard let owner = propertiesByKey[propertyKey]?.ownerKey else { return false }
        return lineage(of: typeKey).contains { key in
            typesByKey[key].map { key == owner || $0.mixinKeys.contains(owner) } ?? false
        }
    }

    /// A type key followed by its runtime ancestors' keys, nearest first (at most 64 keys).
    private static func lineage(of typeKey: UInt32) -> [UInt32] { lineagesByKey[typeKey] ?? [typeKey] }

    /// The lineage of every known type, computed once: the reader asks for it per property.
    private static let lineagesByKey: [UInt32: [UInt32]] = Dictionary(
        typeDefinitions.map { definition in
            var keys: [UInt32] = []
            var current: UInt32? = definition.key
            while let key = current, keys.count < 64 {
                keys.append(key)
                current = typesByKey[key]?.parentKey
            }
            return (definition.key, keys)
        },
        uniquingKeysWith: { first, _ in first })

    /// The runtime default of a property, or the zero value of its type when the schema gives none.
    public static func defaultValue(of propertyKey: UInt32) -> RivePropertyValue? {
        guard let property = propertiesByKey[propertyKey] else { return nil }
        return property.defaultValue ?? RivePropertyValue.zero(of: property.type.valueKind)
    }
}
