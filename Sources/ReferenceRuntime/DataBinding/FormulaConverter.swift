import Foundation
import RiveFormat

private typealias T = RiveTypeKey
private typealias P = RivePropertyKey

/// A `DataConverterFormula`'s tokens in evaluation order (reverse Polish notation), as
/// upstream's `DataConverterFormula::calculateFormula` orders them when the file loads.
///
/// Upstream's shunting-yard has quirks the reference keeps, because files are evaluated the
/// way the real runtime evaluates them: only `+ -` (2) and `* /` (3) have a precedence, so
/// modulo and the other operations (0) pop every operation and function above them; a
/// function's argument count starts at 1 unless `)` follows at once, and each separator adds
/// one to the nearest open parenthesis or function below it.
struct FormulaProgram: Equatable {
    /// One step of the evaluation.
    enum Step: Equatable {
        /// Pushes the converter's input (`FormulaTokenInput`).
        case input
        /// Pushes a constant (`FormulaTokenValue.operationValue`).
        case value(Float)
        /// Pops two values and pushes `left op right` (`FormulaTokenOperation`).
        case operation(UInt64)
        /// Pops up to `arguments` values and pushes the function's result (`FormulaTokenFunction`).
        case function(UInt64, arguments: Int)
    }

    /// The steps in evaluation order.
    var steps: [Step]

    /// A formula token as the ordering sees it, in file order.
    enum Token {
        case input, value(Float), operation(UInt64), function(UInt64), open, close, separator
    }

    /// The program of tokens in file order.
    init(tokens: [Token]) { steps = Self.order(tokens) }

    /// The program of the formula whose tokens are `objects` (in file order), or why the
    /// reference runtime cannot run it.
    static func make(tokens objects: [RiveObject]) -> Result<FormulaProgram, UnsupportedFormula> {
        var tokens: [Token] = []
        for object in objects {
            switch object.typeKey {
            case T.formulaTokenInput: tokens.append(.input)
            case T.formulaTokenValue: tokens.append(.value(object.float(P.formulaTokenValueOperationValue) ?? 1))
            case T.formulaTokenOperation: tokens.append(.operation(object.uint(P.formulaTokenOperationOperationType) ?? 0))
            case T.formulaTokenFunction:
                let function = object.uint(P.formulaTokenFunctionFunctionType) ?? 0
                if function == FormulaProgram.randomFunction { return .failure(UnsupportedFormula(reason: "random()")) }
                tokens.append(.function(function))
            case T.formulaTokenParenthesisOpen: tokens.append(.open)
            case T.formulaTokenParenthesisClose: tokens.append(.close)
            case T.formulaTokenArgumentSeparator: tokens.append(.separator)
            default: return .failure(UnsupportedFormula(reason: object.typeName))
            }
        }
        return .success(FormulaProgram(tokens: tokens))
    }

    /// `FunctionType::random`, whose values come from a random generator.
    private static let randomFunction: UInt64 = 16

    /// Upstream's precedence: parentheses and functions 1, `+ -` 2, `* /` 3, anything else 0.
    private static func precedence(_ token: Token) -> Int {
        switch token {
        case .open, .function: return 1
        case .operation(let type): return type <= 1 ? 2 : type <= 3 ? 3 : 0
        default: return 0
        }
    }

    /// The shunting-yard ordering of `calculateFormula`, argument counts included.
    private static func order(_ tokens: [Token]) -> [Step] {
        var output: [Step] = []
        // Open parentheses and functions on the stack carry their argument count.
        var stack: [(token: Token, arguments: Int)] = []
        func isOpening(_ token: Token) -> Bool {
            switch token {
            case .open, .function: true
            default: false
            }
        }
        func emit(_ entry: (token: Token, arguments: Int)) {
            switch entry.token {
            case .operation(let type): output.append(.operation(type))
            case .function(let type): output.append(.function(type, arguments: entry.arguments))
            default: break
            }
        }
        for (index, token) in tokens.enumerated() {
            switch token {
            case .input: output.append(.input)
            case .value(let value): output.append(.value(value))
            case .operation:
                while let top = stack.last, !isOpen(top.token), precedence(top.token) >= precedence(token) {
                    emit(stack.removeLast())
                }
                stack.append((token, 0))
            case .open, .function:
                let closesAtOnce = index + 1 < tokens.count && { if case .close = tokens[index + 1] { true } else { false } }()
                stack.append((token, closesAtOnce ? 0 : 1))
            case .close:
                while let top = stack.last, !isOpening(top.token) { emit(stack.removeLast()) }
                if let opening = stack.popLast(), case .function = opening.token { emit(opening) }
            case .separator:
                guard !stack.isEmpty else { continue }
                if let nearest = stack.lastIndex(where: { isOpening($0.token) }) { stack[nearest].arguments += 1 }
                while let top = stack.last, !isOpening(top.token) { emit(stack.removeLast()) }
            }
        }
        // What is left, except unmatched open parentheses, which upstream drops.
        while let entry = stack.popLast() { emit(entry) }
        return output
    }

    private static func isOpen(_ token: Token) -> Bool {
        if case .open = token { return true }
        return false
    }

    /// Evaluates the program for an input (`DataConverterFormula::convert`): the result when
    /// the stack ends with exactly one value, else the input unchanged.
    func evaluate(_ input: Float) -> Float {
        var stack: [Float] = []
        for step in steps {
            switch step {
            case .input: stack.append(input)
            case .value(let value): stack.append(value)
            case .operation(let type):
                guard stack.count > 1 else { continue }
                let right = stack.removeLast()
                let left = stack.removeLast()
                stack.append(Self.apply(type, left, right))
            case .function(let type, let arguments):
                // Popped last argument first, as upstream collects them.
                var popped: [Float] = []
                for _ in 0..<arguments where !stack.isEmpty { popped.append(stack.removeLast()) }
                stack.append(Self.call(type, popped))
            }
        }
        return stack.count == 1 ? stack[0] : input
    }

    /// `applyOperation`: add, subtract, multiply, divide and modulo; anything else gives 0.
    private static func apply(_ type: UInt64, _ left: Float, _ right: Float) -> Float {
        switch type {
        case 0: left + right
        case 1: left - right
        case 2: left * right
        case 3: left / right
        case 4: DataConverter.positiveMod(left, right)
        default: 0
        }
    }

    /// `applyFunction` over arguments popped last-first (`popped.last` is the first argument).
    /// Rounding, roots and powers run in floats, the transcendental functions in doubles
    /// (upstream calls the C library's double functions for them).
    private static func call(_ type: UInt64, _ popped: [Float]) -> Float {
        guard let first = popped.last else { return 0 }
        switch type {
        case 0: return popped.dropFirst().reduce(popped[0]) { $1 < $0 ? $1 : $0 }
        case 1: return popped.dropFirst().reduce(popped[0]) { $1 > $0 ? $1 : $0 }
        case 2: return roundf(first)
        case 3: return ceilf(first)
        case 4: return floorf(first)
        case 5: return sqrtf(first)
        case 6: return popped.count > 1 ? powf(first, popped[popped.count - 2]) : 0
        case 7: return Float(Foundation.exp(Double(first)))
        case 8: return Float(Foundation.log(Double(first)))
        case 9: return Float(Foundation.cos(Double(first)))
        case 10: return Float(Foundation.sin(Double(first)))
        case 11: return Float(Foundation.tan(Double(first)))
        case 12: return Float(Foundation.acos(Double(first)))
        case 13: return Float(Foundation.asin(Double(first)))
        case 14: return Float(Foundation.atan(Double(first)))
        case 15: return popped.count > 1 ? Float(Foundation.atan2(Double(first), Double(popped[popped.count - 2]))) : 0
        default: return 0
        }
    }
}

/// Why a formula cannot be run by the reference runtime.
struct UnsupportedFormula: Error {
    /// The token or function it cannot run.
    var reason: String
}
