/// A token of a fixture's `formula:` text, as the file stores it (`FormulaToken` subtypes,
/// in the order the editor writes them: the formula as read, left to right).
///
/// The text is numbers, `input` (the value the converter converts), `+ - * / %`, parentheses,
/// commas and the functions of `FunctionType` by name, each followed by `(`. A `-` where an
/// operand is expected starts a negative number.
enum FormulaSourceToken: Equatable {
    case input
    case value(Float)
    /// An `ArithmeticOperation` raw value: add 0, subtract 1, multiply 2, divide 3, modulo 4.
    case operation(UInt64)
    /// A `FunctionType` raw value; the token opens the argument list.
    case function(UInt64)
    case open, close, separator

    /// Function names in `FunctionType` order (min 0 … atan2 15); `random` is left out, as
    /// its values cannot be checked.
    static let functionNames = ["min", "max", "round", "ceil", "floor", "sqrt", "pow", "exp", "log",
                                "cos", "sin", "tan", "acos", "asin", "atan", "atan2"]

    /// Why a formula text cannot be tokenized, and where.
    struct SyntaxError: Error {
        /// What is wrong.
        var message: String
        /// The offset of the offending character.
        var offset: Int
    }

    /// The tokens of a formula text.
    /// - Throws: `SyntaxError` for an unknown character or name, a function without `(`, or
    ///   unbalanced parentheses.
    static func tokens(of text: String) throws(SyntaxError) -> [FormulaSourceToken] {
        let characters = Array(text)
        var tokens: [FormulaSourceToken] = []
        var depth = 0
        var index = 0
        var expectsOperand = true
        while index < characters.count {
            let character = characters[index]
            if character == " " {
                index += 1
                continue
            }
            let start = index
            if character.isNumber || character == "." || (character == "-" && expectsOperand) {
                index += 1
                while index < characters.count, characters[index].isNumber || characters[index] == "." { index += 1 }
                guard let value = Float(String(characters[start..<index])) else {
                    throw SyntaxError(message: "has a malformed number '\(String(characters[start..<index]))'", offset: start)
                }
                tokens.append(.value(value))
                expectsOperand = false
            } else if character.isLetter {
                while index < characters.count, characters[index].isLetter || characters[index].isNumber { index += 1 }
                let name = String(characters[start..<index])
                if name == "input" {
                    tokens.append(.input)
                    expectsOperand = false
                } else if let function = functionNames.firstIndex(of: name) {
                    while index < characters.count, characters[index] == " " { index += 1 }
                    guard index < characters.count, characters[index] == "(" else {
                        throw SyntaxError(message: "has no '(' after \(name)", offset: start)
                    }
                    index += 1
                    depth += 1
                    tokens.append(.function(UInt64(function)))
                    expectsOperand = true
                } else {
                    throw SyntaxError(message: "has an unknown name '\(name)'", offset: start)
                }
            } else if let operation = "+-*/%".firstIndex(of: character) {
                tokens.append(.operation(UInt64("+-*/%".distance(from: "+-*/%".startIndex, to: operation))))
                index += 1
                expectsOperand = true
            } else if character == "(" {
                tokens.append(.open)
                depth += 1
                index += 1
                expectsOperand = true
            } else if character == ")" {
                guard depth > 0 else { throw SyntaxError(message: "closes a parenthesis it did not open", offset: start) }
                tokens.append(.close)
                depth -= 1
                index += 1
                expectsOperand = false
            } else if character == "," {
                tokens.append(.separator)
                index += 1
                expectsOperand = true
            } else {
                throw SyntaxError(message: "has an unexpected '\(character)'", offset: start)
            }
        }
        guard depth == 0 else { throw SyntaxError(message: "leaves \(depth) parenthesis(es) open", offset: characters.count) }
        return tokens
    }
}
