extension HeaderTranslator {
    // MARK: - Enums and option sets

    /// `NS_ENUM`/`NS_CLOSED_ENUM` as a Swift enum with the header's raw values; `NS_OPTIONS` as
    /// an `OptionSet` struct whose zero-valued member is unavailable, as the importer makes it.
    mutating func enumSource(_ declaration: EnumDeclaration, file: String) throws -> String {
        let site = Site(file: file, location: declaration.location, isAudited: true, selfType: nil)
        let name = try declaration.swiftName.map { try parseSwiftName($0, parameterCount: 0, allowsParentheses: false, at: site).base }
            ?? declaration.objcName
        let rawType = try spell(declaration.rawType, .field, at: site, what: "the enum's raw type")
        guard ["Int", "UInt", "Int8", "Int16", "Int32", "Int64", "UInt8", "UInt16", "UInt32", "UInt64", "CChar"].contains(rawType) else {
            throw failure(.unsupported, "the raw type '\(declaration.rawType.cSpelling)' of an enum must be an integer type",
                          hint: "use NSInteger, NSUInteger or a fixed-width integer", at: site)
        }
        var values: [String: Int] = [:]
        var next = 0
        var cases: [(name: String, value: Int)] = []
        let names = try caseNames(declaration, file: file)
        for (index, enumerator) in declaration.cases.enumerated() {
            let caseSite = Site(file: file, location: DeclarationLocation(
                line: enumerator.line, text: ([enumerator.name] + (enumerator.value.isEmpty ? [] : ["="] + enumerator.value.map(\.text))).joined(separator: " ")),
                isAudited: true, selfType: nil)
            let value = enumerator.value.isEmpty ? next : try evaluate(enumerator.value, values: values, at: caseSite)
            values[enumerator.name] = value
            next = value &+ 1
            cases.append((names[index], value))
        }
        var lines = ["/// `\(declaration.objcName)` (\(file):\(declaration.location.line))."]
        if declaration.kind == .options {
            lines.append("public struct \(name): OptionSet, Sendable {")
            lines.append("    public let rawValue: \(rawType)")
            lines.append("    public init(rawValue: \(rawType)) { self.rawValue = rawValue }")
            for (caseName, value) in cases {
                if value == 0 { lines.append("    @available(*, unavailable, message: \"use [] to construct an empty option set\")") }
                lines.append("    public static var \(KnownTypes.identifier(caseName)): \(name) { \(value == 0 ? "[]" : "\(name)(rawValue: \(value))") }")
            }
        } else {
            lines.append("public enum \(name): \(rawType), Sendable {")
            var firstWithValue: [Int: String] = [:]
            var aliases: [String] = []
            for (caseName, value) in cases {
                if let original = firstWithValue[value] {
                    aliases.append("    public static var \(KnownTypes.identifier(caseName)): \(name) { .\(original) }")
                } else {
                    firstWithValue[value] = caseName
                    lines.append("    case \(KnownTypes.identifier(caseName)) = \(value)")
                }
            }
            lines += aliases
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The enumerators' Swift names: `NS_SWIFT_NAME`, or the name without the prefix the
    /// enumerators share with each other and with the enum's name, lowercased (`RiveConfigurationFitFitWidth` → `fitWidth`).
    private func caseNames(_ declaration: EnumDeclaration, file: String) throws -> [String] {
        let prefix = EnumPrefix.prefix(of: declaration.cases.filter { $0.swiftName == nil }.map(\.name), enumName: declaration.objcName)
        return try declaration.cases.map { enumerator in
            let site = Site(file: file, location: DeclarationLocation(line: enumerator.line, text: enumerator.name), isAudited: true, selfType: nil)
            if let given = enumerator.swiftName {
                return try parseSwiftName(given, parameterCount: 0, allowsParentheses: false, at: site).base
            }
            guard !prefix.isEmpty, enumerator.name.hasPrefix(prefix) else { return enumerator.name }
            let stripped = String(enumerator.name.dropFirst(prefix.count))
            guard let first = stripped.utf8.first, isLetter(first) || first == UInt8(ascii: "_") else {
                throw failure(.unsupported, "the enumerator \(enumerator.name) has no name left after the common prefix '\(prefix)'",
                              hint: "give it NS_SWIFT_NAME(name)", at: site)
            }
            return stripped.utf8.contains(where: isLowercase) ? CamelCase.lowercasingInitialisms(stripped) : stripped
        }
    }

    /// The value of an enumerator's expression: integers (decimal, hex, octal, with `u`/`l`
    /// suffixes), earlier enumerators, parentheses, unary `-`, `~`, `+` and binary `*`, `+`, `-`, `<<`, `&`, `|`.
    private func evaluate(_ tokens: [Token], values: [String: Int], at site: Site) throws -> Int {
        var parser = ValueParser(tokens: tokens[...], values: values)
        guard let value = parser.parse(precedence: 0), parser.tokens.isEmpty else {
            throw failure(.unsupported, "the value of this enumerator is not an integer expression the generator evaluates",
                          hint: "write an integer, an earlier enumerator, or an expression of them with ( ) - ~ * + << & |", at: site)
        }
        return value
    }

    // MARK: - Structs

    /// A C struct as a Swift struct with `var` fields, `init()` zeroing them and a memberwise init.
    mutating func structSource(_ declaration: StructDeclaration, file: String) throws -> String {
        let site = Site(file: file, location: declaration.location, isAudited: declaration.isAudited, selfType: nil)
        let name = try declaration.swiftName.map { try parseSwiftName($0, parameterCount: 0, allowsParentheses: false, at: site).base }
            ?? declaration.objcName
        var fields: [(name: String, type: String, zero: String)] = []
        for field in declaration.fields {
            let fieldSite = Site(file: file, location: DeclarationLocation(line: field.line, text: "\(field.type.cSpelling) \(field.name);"),
                                 isAudited: declaration.isAudited, selfType: nil)
            let type = try spell(field.type, .field, at: fieldSite, what: "the field '\(field.name)'")
            fields.append((KnownTypes.identifier(field.name), type, try zero(of: field.type, spelled: type, at: fieldSite)))
        }
        var lines = ["/// `struct \(declaration.objcName)` (\(file):\(declaration.location.line)).", "public struct \(name) {"]
        lines += fields.map { "    public var \($0.name): \($0.type)" }
        lines.append("")
        lines.append("    public init() {")
        lines += fields.map { "        self.\($0.name) = \($0.zero)" }
        lines.append("    }")
        if !fields.isEmpty {
            lines.append("")
            lines.append("    public init(\(fields.map { "\($0.name): \($0.type)" }.joined(separator: ", "))) {")
            lines += fields.map { "        self.\($0.name) = \($0.name)" }
            lines.append("    }")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The value a zero-filled C struct has in a field of this type.
    private func zero(of type: CType, spelled: String, at site: Site) throws -> String {
        if spelled.hasSuffix("?") || spelled.hasSuffix("!") { return "nil" }
        if case let .named(name, _) = type {
            if let value = KnownTypes.values[name] { return value.zero }
            if let declared = enums[name] {
                if declared.declaration.kind == .options { return "[]" }
                let names = try caseNames(declared.declaration, file: declared.file)
                var next = 0
                var values: [String: Int] = [:]
                for (index, enumerator) in declared.declaration.cases.enumerated() {
                    let value = enumerator.value.isEmpty ? next : try evaluate(enumerator.value, values: values, at: site)
                    if value == 0 { return ".\(names[index])" }
                    values[enumerator.name] = value
                    next = value &+ 1
                }
            }
            if structs[name] != nil { return "\(spelled)()" }
        }
        throw failure(.unsupported, "the field type '\(type.cSpelling)' has no zero value for the struct's init()",
                      hint: "make the field a scalar, a nullable pointer, or an enum with a case of value 0", at: site)
    }
}

/// The importer's rule for the prefix stripped from enumerator names.
enum EnumPrefix {
    /// The camel-case word prefix all enumerators share, cut back to what they share with
    /// the enum's name (allowing the enum's name to be a plural), a leading `k` and `_` allowed for.
    static func prefix(of names: [String], enumName: String) -> String {
        guard var common = names.first else { return "" }
        var followedByNonIdentifier = false
        for name in names.dropFirst() {
            common = commonWordPrefix(common, name, followedByNonIdentifier: &followedByNonIdentifier)
            if common.isEmpty { break }
        }
        guard !common.isEmpty else { return "" }
        var check = common
        let bytes = Array(common.utf8)
        if bytes[0] == UInt8(ascii: "k") {
            let canDropK = bytes.count >= 2 ? isUppercase(bytes[1]) : !followedByNonIdentifier
            if canDropK { check = String(check.dropFirst()) }
        }
        let commonWithEnum = commonPluralPrefix(check, enumName)
        var delta = common.utf8.count - check.utf8.count
        let checkBytes = Array(check.utf8)
        if commonWithEnum.utf8.count < checkBytes.count, checkBytes[commonWithEnum.utf8.count] == UInt8(ascii: "_"), !followedByNonIdentifier {
            delta += 1
        }
        return String(decoding: bytes.prefix(commonWithEnum.utf8.count + delta), as: UTF8.self)
    }

    /// The longest run of equal leading words; backs off a word when what follows is not an identifier.
    static func commonWordPrefix(_ a: String, _ b: String, followedByNonIdentifier: inout Bool) -> String {
        let aWords = CamelCaseWords(a), bWords = CamelCaseWords(b)
        var index = 0
        var previousLength = 0, prefixLength = 0
        while index < aWords.count, index < bWords.count {
            if aWords[index] != bWords[index] {
                followedByNonIdentifier = false
                break
            }
            previousLength = prefixLength
            prefixLength = aWords.end(of: index)
            index += 1
        }
        if (index < aWords.count && !isIdentifier(aWords[index])) || (index < bWords.count && !isIdentifier(bWords[index])) {
            followedByNonIdentifier = true
            prefixLength = previousLength
        }
        return aWords.text(from: 0, to: prefixLength)
    }

    /// The common word prefix of `singular` and `plural`, where `plural` may add `s`, `es` or `ies`.
    static func commonPluralPrefix(_ singular: String, _ plural: String) -> String {
        guard !singular.isEmpty else { return singular }
        var ignored = false
        let common = commonWordPrefix(singular, plural, followedByNonIdentifier: &ignored)
        if common.count == singular.count || !plural.hasSuffix("s") { return common }
        let leftover = String(singular.dropFirst(common.count))
        var firstLeftoverWord = CamelCase.firstWord(leftover)
        let withWord = String(singular.prefix(common.count + firstLeftoverWord.count))
        var rest = Substring(plural.dropLast())
        if rest.hasSuffix(firstLeftoverWord) { return withWord }
        guard rest.last == "e" else { return common }
        rest = rest.dropLast()
        if rest.hasSuffix(firstLeftoverWord) { return withWord }
        guard rest.last == "i", singular.last == "y" else { return common }
        rest = rest.dropLast()
        firstLeftoverWord = String(firstLeftoverWord.dropLast())
        return rest.hasSuffix(firstLeftoverWord) ? withWord : common
    }

    private static func isIdentifier(_ word: String) -> Bool {
        guard let first = word.utf8.first, isLetter(first) || first == UInt8(ascii: "_") else { return false }
        return word.utf8.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") }
    }
}

/// A precedence-climbing evaluator of enumerator values; `nil` for anything it does not evaluate.
private struct ValueParser {
    var tokens: ArraySlice<Token>
    let values: [String: Int]

    private static let precedences: [String: Int] = ["|": 1, "&": 2, "<<": 3, "+": 4, "-": 4, "*": 5]

    mutating func parse(precedence minimum: Int) -> Int? {
        guard var left = parseUnary() else { return nil }
        while let op = tokens.first?.text, let precedence = Self.precedences[op], precedence > minimum {
            tokens = tokens.dropFirst()
            guard let right = parse(precedence: precedence) else { return nil }
            switch op {
            case "|": left |= right
            case "&": left &= right
            case "<<":
                guard right >= 0, right < 63 else { return nil }
                left <<= right
            case "+": left = left &+ right
            case "-": left = left &- right
            default: left = left &* right
            }
        }
        return left
    }

    private mutating func parseUnary() -> Int? {
        guard let token = tokens.first else { return nil }
        tokens = tokens.dropFirst()
        switch token.text {
        case "-": return parseUnary().map { 0 &- $0 }
        case "~": return parseUnary().map { ~$0 }
        case "+": return parseUnary()
        case "(":
            guard let value = parse(precedence: 0), tokens.first?.text == ")" else { return nil }
            tokens = tokens.dropFirst()
            return value
        default:
            if token.kind == .identifier { return values[token.text] }
            guard token.kind == .number else { return nil }
            return Self.integer(token.text)
        }
    }

    /// An integer literal's value: `12`, `0x1F`, `017`, with `u`, `U`, `l`, `L` suffixes.
    private static func integer(_ text: String) -> Int? {
        var digits = Substring(text)
        while let last = digits.last, "uUlL".contains(last) { digits = digits.dropLast() }
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") { return Int(digits.dropFirst(2), radix: 16) }
        if digits.count > 1, digits.hasPrefix("0") { return Int(digits.dropFirst(), radix: 8) }
        return Int(digits)
    }
}
