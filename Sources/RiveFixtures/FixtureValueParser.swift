import YAML

/// Reads scalar values from raw YAML nodes for the fixture compiler.
///
/// Only plain (unquoted) scalars are numbers or booleans, as in the YAML module; colors may be
/// quoted (`"#FF3366"` must be, since `#` starts a comment) or written as integers.
enum FixtureValueParser {
    /// A plain scalar read as a finite number.
    static func number(_ node: YAMLNode) -> Float? {
        guard let scalar = node.scalar, scalar.style == .plain, node.tag == nil else { return nil }
        if let integer = integer(scalar.text) { return Float(integer) }
        guard let value = Float(scalar.text), value.isFinite else { return nil }
        return value
    }

    /// A plain scalar `true` or `false`.
    static func bool(_ node: YAMLNode) -> Bool? {
        guard let scalar = node.scalar, scalar.style == .plain, node.tag == nil else { return nil }
        switch scalar.text {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default: return nil
        }
    }

    /// Any scalar's text.
    static func text(_ node: YAMLNode) -> String? {
        node.scalar?.text
    }

    /// `#RRGGBB` (opaque), `#AARRGGBB`, or an integer such as `0xFF00FF00`, as ARGB.
    static func color(_ node: YAMLNode) -> UInt32? {
        guard let text = node.scalar?.text else { return nil }
        if text.hasPrefix("#") {
            let hex = text.dropFirst()
            guard hex.count == 6 || hex.count == 8, let value = UInt32(hex, radix: 16) else { return nil }
            return hex.count == 6 ? 0xFF00_0000 | value : value
        }
        guard node.scalar?.style == .plain, let value = integer(text), (0...Int64(UInt32.max)).contains(value) else { return nil }
        return UInt32(value)
    }

    /// A sequence of scalar names with their locations.
    static func names(_ node: YAMLNode) -> [Located<String>]? {
        guard let elements = node.sequence else { return nil }
        var names: [Located<String>] = []
        for element in elements {
            guard let text = element.scalar?.text else { return nil }
            names.append(Located(text, at: element.mark))
        }
        return names
    }

    /// A short description of what a node holds, for messages.
    static func describe(_ node: YAMLNode) -> String {
        if let scalar = node.scalar { return "'\(scalar.text)'" }
        return node.sequence != nil ? "a list" : "a mapping"
    }

    private static func integer(_ text: String) -> Int64? {
        var body = Substring(text)
        var sign: Int64 = 1
        if body.first == "-" || body.first == "+" {
            sign = body.first == "-" ? -1 : 1
            body = body.dropFirst()
        }
        if body.hasPrefix("0x") { return Int64(body.dropFirst(2), radix: 16).map { $0 * sign } }
        guard !body.isEmpty, body.allSatisfy(\.isASCII), body.allSatisfy(\.isNumber) else { return nil }
        return Int64(body).map { $0 * sign }
    }
}
