/// A decoded property value, tagged with its kind.
///
/// Floats compare by bit pattern, so a value read back from a written file equals the
/// value that was written even when it is NaN.
public enum RivePropertyValue: Sendable, Hashable, CustomStringConvertible {
    /// An unsigned integer (ids, enums, counts).
    case uint(UInt64)
    /// A signed integer.
    case int(Int64)
    /// A boolean.
    case bool(Bool)
    /// A 32-bit float.
    case float(Float)
    /// A UTF-8 string.
    case string(String)
    /// Raw bytes (asset contents, packed lists).
    case bytes([UInt8])
    /// An ARGB color.
    case color(UInt32)

    /// The kind of this value.
    public var kind: RiveValueKind {
        switch self {
        case .uint: .uint
        case .int: .int
        case .bool: .bool
        case .float: .float
        case .string: .string
        case .bytes: .bytes
        case .color: .color
        }
    }

    /// The zero value of a kind: 0, false, "", no bytes, or transparent black; `nil` for callbacks.
    public static func zero(of kind: RiveValueKind) -> RivePropertyValue? {
        switch kind {
        case .uint: .uint(0)
        case .int: .int(0)
        case .bool: .bool(false)
        case .float: .float(0)
        case .string: .string("")
        case .bytes: .bytes([])
        case .color: .color(0)
        case .callback: nil
        }
    }

    /// The value as an unsigned integer, when it is one.
    public var uintValue: UInt64? { if case .uint(let value) = self { value } else { nil } }
    /// The value as a float, when it is one.
    public var floatValue: Float? { if case .float(let value) = self { value } else { nil } }
    /// The value as a string, when it is one.
    public var stringValue: String? { if case .string(let value) = self { value } else { nil } }
    /// The value as a boolean, when it is one.
    public var boolValue: Bool? { if case .bool(let value) = self { value } else { nil } }
    /// The value as an ARGB color, when it is one.
    public var colorValue: UInt32? { if case .color(let value) = self { value } else { nil } }
    /// The value as bytes, when it is a byte blob.
    public var bytesValue: [UInt8]? { if case .bytes(let value) = self { value } else { nil } }

    public static func == (lhs: RivePropertyValue, rhs: RivePropertyValue) -> Bool {
        switch (lhs, rhs) {
        case (.uint(let a), .uint(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.float(let a), .float(let b)): a.bitPattern == b.bitPattern
        case (.string(let a), .string(let b)): a == b
        case (.bytes(let a), .bytes(let b)): a == b
        case (.color(let a), .color(let b)): a == b
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .uint(let value): hasher.combine(0); hasher.combine(value)
        case .int(let value): hasher.combine(1); hasher.combine(value)
        case .bool(let value): hasher.combine(2); hasher.combine(value)
        case .float(let value): hasher.combine(3); hasher.combine(value.bitPattern)
        case .string(let value): hasher.combine(4); hasher.combine(value)
        case .bytes(let value): hasher.combine(5); hasher.combine(value)
        case .color(let value): hasher.combine(6); hasher.combine(value)
        }
    }

    /// A short human-readable rendering: numbers as written, colors as `#AARRGGBB`.
    public var description: String {
        switch self {
        case .uint(let value): value == UInt64(UInt32.max) ? "-1" : String(value)
        case .int(let value): String(value)
        case .bool(let value): String(value)
        case .float(let value): formatFloat(value)
        case .string(let value): "\"\(value)\""
        case .bytes(let value): "[" + value.map(String.init).joined(separator: ",") + "]"
        case .color(let value): formatColor(value)
        }
    }
}

/// Formats an ARGB color as `#AARRGGBB` in upper-case hex.
public func formatColor(_ argb: UInt32) -> String {
    let hex = String(argb, radix: 16, uppercase: true)
    return "#" + String(repeating: "0", count: 8 - hex.count) + hex
}

/// Formats a float without a trailing `.0` for whole numbers, so `100` reads as `100`.
public func formatFloat(_ value: Float) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 1e9 { return String(Int64(value)) }
    return String(value)
}
