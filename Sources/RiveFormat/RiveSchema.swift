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
    public static func type(_ key: UInt32) -> RiveTypeDefinition? {
        typeIndex(key).map { typeDefinitions[$0] }
    }

    /// The property definition for a key or one of its alternates.
    public static func property(_ key: UInt32) -> RivePropertyDefinition? {
        propertyIndex(key).map { propertyDefinitions[$0] }
    }

    /// The name of a type key, or `"type N"` when the schema does not know it.
    public static func typeName(_ key: UInt32) -> String { typeIndex(key).map { typeDefinitions[$0].name } ?? "type \(key)" }

    /// Whether the schema knows the type and it can be instantiated.
    public static func isKnownConcreteType(_ typeKey: UInt32) -> Bool {
        typeIndex(typeKey).map { !typeDefinitions[$0].isAbstract } ?? false
    }

    /// Whether `typeKey` is `ancestorKey` or descends from it through runtime parents.
    public static func isType(_ typeKey: UInt32, a ancestorKey: UInt32) -> Bool {
        guard let type = typeIndex(typeKey) else { return typeKey == ancestorKey }
        return tables.lineageBits.contains(ancestorKey, inRow: type)
    }

    /// Whether objects of `typeKey` carry the property `propertyKey`, own, inherited or from a mixin.
    public static func type(_ typeKey: UInt32, hasProperty propertyKey: UInt32) -> Bool {
        guard let property = propertyIndex(propertyKey), let type = typeIndex(typeKey) else { return false }
        return tables.ownerBits.contains(propertyDefinitions[property].ownerKey, inRow: type)
    }

    /// The runtime default of a property, or the zero value of its type when the schema gives none.
    public static func defaultValue(of propertyKey: UInt32) -> RivePropertyValue? {
        guard let index = propertyIndex(propertyKey) else { return nil }
        return propertyDefinitions[index].defaultValue ?? RivePropertyValue.zero(of: propertyDefinitions[index].type.valueKind)
    }

    /// The position of a type in `typeDefinitions` (the first with the key), or `nil`.
    static func typeIndex(_ key: UInt32) -> Int? {
        let table = tables.typeIndex
        guard Int(key) < table.count else { return nil }
        let index = table[Int(key)]
        return index < 0 ? nil : Int(index)
    }

    /// The position of a property in `propertyDefinitions` (the last declaring the key as its
    /// own or alternate, as `propertiesByKey` keeps), or `nil`.
    static func propertyIndex(_ key: UInt32) -> Int? {
        let table = tables.propertyIndex
        guard Int(key) < table.count else { return nil }
        let index = table[Int(key)]
        return index < 0 ? nil : Int(index)
    }

    /// Lookups by key in arrays instead of dictionaries, computed once: the reader and the
    /// structure walk ask several per object and per property, and keys are small numbers.
    private static let tables = Tables()

    private struct Tables {
        /// `typeDefinitions` positions by type key, -1 for unknown keys.
        let typeIndex: [Int32]
        /// `propertyDefinitions` positions by property key (alternates included), -1 for unknown keys.
        let propertyIndex: [Int32]
        /// Per known type: its lineage (the type and its runtime ancestors, at most 64 keys).
        let lineageBits: KeyBitRows
        /// Per known type: the owners whose properties it carries (the known types of its
        /// lineage and their mixins).
        let ownerBits: KeyBitRows

        init() {
            var largestTypeKey: UInt32 = 0
            for type in typeDefinitions {
                largestTypeKey = max(largestTypeKey, type.key, type.parentKey ?? 0, type.mixinKeys.max() ?? 0)
            }
            var types = [Int32](repeating: -1, count: Int(largestTypeKey) + 1)
            for (index, type) in typeDefinitions.enumerated() where types[Int(type.key)] < 0 { types[Int(type.key)] = Int32(index) }
            let largestPropertyKey = propertyDefinitions.map { max($0.key, $0.alternateKeys.max() ?? 0) }.max() ?? 0
            var properties = [Int32](repeating: -1, count: Int(largestPropertyKey) + 1)
            for (index, property) in propertyDefinitions.enumerated() {
                properties[Int(property.key)] = Int32(index)
                for alternate in property.alternateKeys { properties[Int(alternate)] = Int32(index) }
            }
            let known = { (key: UInt32) -> Int? in
                Int(key) < types.count && types[Int(key)] >= 0 ? Int(types[Int(key)]) : nil
            }
            var lineage = KeyBitRows(rows: typeDefinitions.count, largestKey: largestTypeKey)
            var owners = KeyBitRows(rows: typeDefinitions.count, largestKey: largestTypeKey)
            for row in typeDefinitions.indices {
                var current: UInt32? = typeDefinitions[row].key
                var count = 0
                while let key = current, count < 64 {
                    lineage.insert(key, inRow: row)
                    count += 1
                    current = nil
                    if let index = known(key) {
                        owners.insert(key, inRow: row)
                        for mixin in typeDefinitions[index].mixinKeys { owners.insert(mixin, inRow: row) }
                        current = typeDefinitions[index].parentKey
                    }
                }
            }
            typeIndex = types
            propertyIndex = properties
            lineageBits = lineage
            ownerBits = owners
        }
    }

    /// One fixed-size bit set of type keys per row, stored flat.
    private struct KeyBitRows {
        private var words: [UInt64]
        private let wordsPerRow: Int

        init(rows: Int, largestKey: UInt32) {
            wordsPerRow = Int(largestKey) / 64 + 1
            words = [UInt64](repeating: 0, count: rows * wordsPerRow)
        }

        mutating func insert(_ key: UInt32, inRow row: Int) {
            words[row * wordsPerRow + Int(key) / 64] |= 1 << UInt64(key % 64)
        }

        func contains(_ key: UInt32, inRow row: Int) -> Bool {
            let word = Int(key) / 64
            guard word < wordsPerRow else { return false }
            return words[row * wordsPerRow + word] & (1 << UInt64(key % 64)) != 0
        }
    }
}
