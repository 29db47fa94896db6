import RiveFormat

/// One change to a `.riv` file, recorded so that a seed file and its chain of mutations replay
/// exactly.
///
/// Structural mutations act on the file's objects as our reader decodes them and are written
/// back without the writer's structural checks (the point is to reach what the runtime does
/// with files no editor writes); byte mutations act on the encoded bytes, for the reader.
public enum RiveMutation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Sets a property of an object to a value of its declared type (added when absent).
    case setValue(object: Int, key: UInt32, value: MutationValue)
    /// Points an id or index property (a `…Id` key) at another value: another object, the
    /// object itself, one past the end, or far out of range.
    case repoint(object: Int, key: UInt32, to: UInt64)
    /// Removes a property, so the runtime uses its default.
    case removeProperty(object: Int, key: UInt32)
    /// Deletes an object record.
    case deleteObject(Int)
    /// Inserts a copy of an object right after it.
    case duplicateObject(Int)
    /// Moves an object record to another position.
    case moveObject(from: Int, to: Int)
    /// Swaps two object records (flips the order of keyed data, states, list items…).
    case swapObjects(Int, Int)
    /// Inserts, at a position, an object taken from another seed file (by its seed index).
    case spliceObject(donor: Int, donorObject: Int, at: Int)
    /// Keeps only the first objects.
    case truncateObjects(keep: Int)
    /// Flips one bit of the encoded file.
    case flipBit(offset: Int, bit: Int)
    /// Overwrites one byte of the encoded file.
    case setByte(offset: Int, value: UInt8)
    /// Cuts the encoded file after a length.
    case truncateBytes(length: Int)
    /// Inserts bytes into the encoded file.
    case insertBytes(offset: Int, bytes: [UInt8])

    /// Whether the mutation acts on encoded bytes rather than on decoded objects.
    public var isByteMutation: Bool {
        switch self {
        case .flipBit, .setByte, .truncateBytes, .insertBytes: true
        default: false
        }
    }

    /// A one-line description for reports (`set #12 x (13) = nan`).
    public var description: String {
        func property(_ key: UInt32) -> String { "\(RiveSchema.property(key)?.name ?? "key") (\(key))" }
        switch self {
        case .setValue(let object, let key, let value): return "set #\(object) \(property(key)) = \(value)"
        case .repoint(let object, let key, let to): return "repoint #\(object) \(property(key)) -> \(to)"
        case .removeProperty(let object, let key): return "remove #\(object) \(property(key))"
        case .deleteObject(let index): return "delete #\(index)"
        case .duplicateObject(let index): return "duplicate #\(index)"
        case .moveObject(let from, let to): return "move #\(from) to #\(to)"
        case .swapObjects(let a, let b): return "swap #\(a) and #\(b)"
        case .spliceObject(let donor, let donorObject, let at): return "splice seed \(donor) #\(donorObject) at #\(at)"
        case .truncateObjects(let keep): return "keep the first \(keep) objects"
        case .flipBit(let offset, let bit): return "flip bit \(bit) of byte \(offset)"
        case .setByte(let offset, let value): return "byte \(offset) = \(value)"
        case .truncateBytes(let length): return "cut after \(length) bytes"
        case .insertBytes(let offset, let bytes): return "insert \(bytes.count) bytes at \(offset)"
        }
    }
}

/// A property value in a mutation record: `RivePropertyValue`, encodable (floats by bit
/// pattern, so NaN and infinities replay exactly).
public enum MutationValue: Sendable, Hashable, Codable, CustomStringConvertible {
    case uint(UInt64)
    case int(Int64)
    case bool(Bool)
    case floatBits(UInt32)
    case string(String)
    case bytes([UInt8])
    case color(UInt32)

    /// The record of a property value.
    public init(_ value: RivePropertyValue) {
        switch value {
        case .uint(let v): self = .uint(v)
        case .int(let v): self = .int(v)
        case .bool(let v): self = .bool(v)
        case .float(let v): self = .floatBits(v.bitPattern)
        case .string(let v): self = .string(v)
        case .bytes(let v): self = .bytes(v)
        case .color(let v): self = .color(v)
        }
    }

    /// The property value it records.
    public var propertyValue: RivePropertyValue {
        switch self {
        case .uint(let v): .uint(v)
        case .int(let v): .int(v)
        case .bool(let v): .bool(v)
        case .floatBits(let bits): .float(Float(bitPattern: bits))
        case .string(let v): .string(v)
        case .bytes(let v): .bytes(v)
        case .color(let v): .color(v)
        }
    }

    /// The value as the format prints it; long strings and byte blobs by their length.
    public var description: String {
        switch self {
        case .string(let v) where v.count > 24: "string of \(v.count) characters"
        case .bytes(let v): "\(v.count) bytes"
        default: propertyValue.description
        }
    }
}
