/// The canonical spelling of numbers and strings in differential dumps (docs/diff.md).
///
/// Both sides of a diff are printed by this code, so two runtimes that answer the same
/// values print the same bytes; rounding keeps float noise below 1e-4 out of the diff.
public enum CanonicalText {
    /// A number rounded to four decimal places (halves away from zero) and printed without
    /// trailing zeros: `12`, `-0.5`, `0.3333`; −0 and values that round to 0 print `0`;
    /// NaN and infinities print `nan`, `inf`, `-inf`; magnitudes of 1e11 and more print
    /// Swift's shortest round-trip form of the rounded value.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        let scaled = (value * 10_000).rounded(.toNearestOrAwayFromZero)
        guard abs(scaled) < 1e15 else { return String(describing: scaled / 10_000) }
        var units = Int64(scaled)
        if units == 0 { return "0" }
        var text = ""
        if units < 0 {
            text = "-"
            units = -units
        }
        text += String(units / 10_000)
        var fraction = units % 10_000
        guard fraction != 0 else { return text }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 4 - digits.count) + digits
        while digits.hasSuffix("0") {
            digits.removeLast()
            fraction /= 10
        }
        return text + "." + digits
    }

    /// A 32-bit float, widened exactly and printed like `number(_:)`.
    public static func number(_ value: Float) -> String { number(Double(value)) }

    /// A string in double quotes with `"`, `\` and control characters escaped (`\n`, `\t`,
    /// `\r`, otherwise `\u{XX}`), so every dump line stays one line.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
