/// The outcome of reading a scalar as a value of some type.
enum ScalarReading<Value> {
    case value(Value)
    /// The text has the right form but the value does not fit the type.
    case outOfRange
    /// The node is not a scalar of this type.
    case wrongType
}

extension YAMLNode {
    /// The text of an untagged plain scalar; only such scalars are typed, every other
    /// scalar is a string.
    var typableText: String? {
        guard tag == nil, let scalar, scalar.style == .plain else { return nil }
        return scalar.text
    }

    /// Reads an integer: `[-+]?[0-9]+`, `[-+]?0x[0-9a-fA-F]+` or `[-+]?0o[0-7]+`.
    ///
    /// A value that does not fit `Integer` (including a negative one for an unsigned type) is
    /// out of range; hexadecimal text is a number, never a bit pattern.
    func readInteger<Integer: FixedWidthInteger>(_: Integer.Type) -> ScalarReading<Integer> {
        guard let text = typableText else { return .wrongType }
        var digits = Substring(text)
        var sign = ""
        if let first = digits.first, first == "+" || first == "-" {
            sign = String(first)
            digits = digits.dropFirst()
        }
        var radix = 10
        if digits.hasPrefix("0x") {
            radix = 16
            digits = digits.dropFirst(2)
        } else if digits.hasPrefix("0o") {
            radix = 8
            digits = digits.dropFirst(2)
        }
        let isDigit = { (character: Character) in
            character.isASCII && (character.hexDigitValue.map { $0 < radix } ?? false)
        }
        guard !digits.isEmpty, digits.allSatisfy(isDigit) else { return .wrongType }
        guard let value = Integer(sign + digits, radix: radix) else { return .outOfRange }
        return .value(value)
    }

    /// Reads a floating-point number: YAML 1.2 core decimal syntax
    /// (`[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`), `[-+]?.inf` or `.nan`
    /// (also capitalized or upper case).
    ///
    /// Finite text whose value overflows `Number` is out of range.
    func readFloatingPoint<Number: BinaryFloatingPoint & LosslessStringConvertible>(
        _: Number.Type
    ) -> ScalarReading<Number> {
        guard let text = typableText else { return .wrongType }
        var body = Substring(text)
        var isNegative = false
        if let first = body.first, first == "+" || first == "-" {
            isNegative = first == "-"
            body = body.dropFirst()
        }
        switch body {
        case ".inf", ".Inf", ".INF":
            return .value(isNegative ? -Number.infinity : Number.infinity)
        case ".nan", ".NaN", ".NAN":
            return isNegative || text.count != body.count ? .wrongType : .value(Number.nan)
        default:
            guard Self.isDecimalNumber(body), let value = Number(text) else { return .wrongType }
            return value.isFinite ? .value(value) : .outOfRange
        }
    }

    /// Reads a boolean: `true`, `True`, `TRUE`, `false`, `False` or `FALSE` (YAML 1.2 core;
    /// `yes`/`no`/`on`/`off` are strings).
    func readBool() -> Bool? {
        switch typableText {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default: return nil
        }
    }

    /// Whether unsigned text matches `(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`.
    private static func isDecimalNumber(_ text: Substring) -> Bool {
        var rest = text[...]
        let integerDigits = rest.prefix { $0.isASCII && $0.isNumber }
        rest = rest.dropFirst(integerDigits.count)
        var fractionDigits = Substring()
        if rest.first == "." {
            rest = rest.dropFirst()
            fractionDigits = rest.prefix { $0.isASCII && $0.isNumber }
            rest = rest.dropFirst(fractionDigits.count)
        }
        guard !integerDigits.isEmpty || !fractionDigits.isEmpty else { return false }
        if let first = rest.first, first == "e" || first == "E" {
            rest = rest.dropFirst()
            if let sign = rest.first, sign == "+" || sign == "-" { rest = rest.dropFirst() }
            let exponentDigits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !exponentDigits.isEmpty else { return false }
            rest = rest.dropFirst(exponentDigits.count)
        }
        return rest.isEmpty
    }
}
