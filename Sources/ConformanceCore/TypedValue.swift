import Foundation
import RuntimeAPI

/// The type of a readable, settable, observable property as scenarios name it.
public enum ValueKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// `NumberProperty`, 32-bit float values.
    case number
    /// `StringProperty`.
    case string
    /// `BoolProperty`.
    case boolean
    /// `ColorProperty`, ARGB values.
    case color
    /// `EnumProperty`, case names.
    case enumCase = "enum"
}

/// A property value a scenario sets or expects, tagged with its type.
public enum TypedValue: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A number; YAML numbers are rounded to the nearest `Float` (PROP-7).
    case number(Float)
    /// A string.
    case string(String)
    /// A boolean.
    case boolean(Bool)
    /// An ARGB color.
    case color(Color)
    /// An enum case name.
    case enumCase(String)

    /// The value's type.
    public var kind: ValueKind {
        switch self {
        case .number: .number
        case .string: .string
        case .boolean: .boolean
        case .color: .color
        case .enumCase: .enumCase
        }
    }

    /// The value as traces print it: numbers in Swift's shortest form, strings and enum
    /// cases quoted, colors as `#AARRGGBB`.
    public var description: String {
        switch self {
        case .number(let value): "\(value)"
        case .string(let value): quoted(value)
        case .boolean(let value): "\(value)"
        case .color(let value): value.description
        case .enumCase(let value): quoted(value)
        }
    }
}

/// `text` in double quotes on one line, valid as a YAML and JSON string: `"` and `\` are
/// escaped, newline, carriage return and tab are written `\n`, `\r` and `\t`, and other
/// control characters and the characters YAML reads as line breaks or a byte order mark
/// (U+2028, U+2029, U+FEFF) `\uXXXX`.
package func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case _ where scalar.properties.generalCategory == .control || scalar.value == 0x2028 || scalar.value == 0x2029 || scalar.value == 0xFEFF:
            let hex = String(scalar.value, radix: 16, uppercase: true)
            result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}

/// How an actual value is compared with the expected one; the default is `.exact`.
///
/// Comparisons are values so that every verdict can print the comparison it used.
public enum Comparison: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Equal values; numbers compare as `Float`s.
    case exact
    /// Numbers within an absolute difference (`compare: {absolute: 1e-4}`).
    case absolute(Double)
    /// Colors whose every channel differs by at most this much (`compare: {colorChannel: 2}`).
    case colorChannel(Int)

    /// `exact`, `absolute(0.0001)` or `colorChannel(±2)`.
    public var description: String {
        switch self {
        case .exact: "exact"
        case .absolute(let tolerance): "absolute(\(tolerance))"
        case .colorChannel(let tolerance): "colorChannel(±\(tolerance))"
        }
    }

    /// Whether the comparison applies to values of a type.
    public func applies(to kind: ValueKind) -> Bool {
        switch self {
        case .exact: true
        case .absolute: kind == .number
        case .colorChannel: kind == .color
        }
    }

    /// Whether `actual` matches `expected` under this comparison.
    public func matches(expected: TypedValue, actual: TypedValue) -> Bool {
        switch (self, expected, actual) {
        case (.absolute(let tolerance), .number(let expected), .number(let actual)):
            return abs(Double(expected) - Double(actual)) <= tolerance
        case (.colorChannel(let tolerance), .color(let expected), .color(let actual)):
            return matches(expected: expected, actual: actual, channelTolerance: tolerance)
        default:
            return expected == actual
        }
    }

    /// Whether two colors match: exactly, or per channel within a `colorChannel` tolerance.
    public func matches(expected: Color, actual: Color) -> Bool {
        switch self {
        case .colorChannel(let tolerance): matches(expected: expected, actual: actual, channelTolerance: tolerance)
        case .exact, .absolute: expected == actual
        }
    }

    private func matches(expected: Color, actual: Color, channelTolerance tolerance: Int) -> Bool {
        let pairs = [(expected.alpha, actual.alpha), (expected.red, actual.red), (expected.green, actual.green), (expected.blue, actual.blue)]
        return pairs.allSatisfy { abs(Int($0.0) - Int($0.1)) <= tolerance }
    }
}
