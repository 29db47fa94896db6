/// One token of a header's active text.
struct Token: Sendable, Equatable {
    /// What kind of token this is.
    enum Kind: Sendable, Equatable {
        /// A C identifier or keyword.
        case identifier
        /// `@interface`, `@end`… (the text keeps the `@`).
        case atKeyword
        /// An integer literal, suffixes included.
        case number
        /// A string literal, quotes included.
        case string
        /// Punctuation: one character, or `<<`, `>>`, `...`.
        case punctuation
    }

    let kind: Kind
    let text: String
    /// 1-based line in the header.
    let line: Int
    /// 0-based column of the first character in that line.
    let column: Int
}

/// Splits a header's active lines into tokens.
enum HeaderLexer {
    /// The tokens of `lines`, in order.
    /// - Throws: `ObjCImportError` (`syntax`) for a character that starts no token.
    static func tokens(of lines: [SourceLine], file: String) throws -> [Token] {
        var tokens: [Token] = []
        for line in lines {
            let characters = Array(line.text.unicodeScalars)
            var index = 0
            func isIdentifierCharacter(_ scalar: Unicode.Scalar) -> Bool {
                ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
            }
            while index < characters.count {
                let character = characters[index]
                let start = index
                if character == " " || character == "\t" || character == "\r" || character == "\u{0C}" {
                    index += 1
                    continue
                }
                let kind: Token.Kind
                if ("0"..."9").contains(character) {
                    while index < characters.count, isIdentifierCharacter(characters[index]) { index += 1 }
                    kind = .number
                } else if isIdentifierCharacter(character) {
                    while index < characters.count, isIdentifierCharacter(characters[index]) { index += 1 }
                    kind = .identifier
                } else if character == "@", index + 1 < characters.count, isIdentifierCharacter(characters[index + 1]) {
                    index += 1
                    while index < characters.count, isIdentifierCharacter(characters[index]) { index += 1 }
                    kind = .atKeyword
                } else if character == "\"" {
                    index += 1
                    while index < characters.count, characters[index] != "\"" {
                        index += characters[index] == "\\" ? 2 : 1
                    }
                    index = min(index + 1, characters.count)
                    kind = .string
                } else if "(){}[]<>,;:*^=-+|&~!.?/%".unicodeScalars.contains(character) {
                    let rest = String(String.UnicodeScalarView(characters[index...].prefix(3)))
                    if rest.hasPrefix("...") {
                        index += 3
                    } else if rest.hasPrefix("<<") {
                        index += 2
                    } else {
                        index += 1
                    }
                    kind = .punctuation
                } else {
                    throw ObjCImportError(.syntax, file: file, line: line.number, declaration: line.text.trimmingWhitespace(),
                                          "the character '\(character)' starts no Objective-C token the generator reads",
                                          hint: "check the header; the generator reads declarations of protocols, interfaces, enums, structs and functions")
                }
                let text = String(String.UnicodeScalarView(characters[start..<index]))
                tokens.append(Token(kind: kind, text: text, line: line.number, column: start))
            }
        }
        return tokens
    }
}
