/// The platform whose conditional branches the headers are read with.
///
/// `macos` is what a Linux build needs: `TARGET_OS_OSX` is 1 and `RIVE_MAC_CATALYST` is 0, so
/// the AppKit (`NSFont`) branches are taken. `ios` sets `TARGET_OS_OSX` to 0 (the UIKit branches).
public enum TargetOS: String, Sendable, CaseIterable {
    /// `TARGET_OS_OSX` 1, `RIVE_MAC_CATALYST` 0.
    case macos
    /// `TARGET_OS_OSX` 0, `RIVE_MAC_CATALYST` 0.
    case ios

    /// The value of every macro the generator evaluates in `#if` conditions; `nil` means undefined.
    var macros: [String: Int?] {
        ["TARGET_OS_OSX": self == .macos ? 1 : 0, "RIVE_MAC_CATALYST": 0, "__cplusplus": nil]
    }

    /// `TARGET_OS_OSX=1, RIVE_MAC_CATALYST=0`, for the generated file's header.
    var macroSummary: String {
        "TARGET_OS_OSX=\(self == .macos ? 1 : 0), RIVE_MAC_CATALYST=0"
    }
}

/// One line of a header after comments are removed, with its 1-based number in the file.
struct SourceLine: Sendable {
    let number: Int
    let text: String
}

/// Removes comments and evaluates the conditional directives of one header.
///
/// Only the conditions over `TARGET_OS_OSX`, `RIVE_MAC_CATALYST` and `__cplusplus` are
/// evaluated, plus include guards (`#ifndef X` directly followed by `#define X`). `#import`,
/// `#include` and `#pragma` lines are dropped. Any other macro in a condition that has to be
/// evaluated, any other `#define`, and any other directive is an error.
struct HeaderPreprocessor {
    let file: String
    let target: TargetOS

    /// The lines outside comments and outside inactive conditional branches, directives removed.
    /// - Throws: `ObjCImportError` (`preprocessor`) for a directive or macro it does not evaluate.
    func activeLines(of text: String) throws -> [SourceLine] {
        let lines = Self.removingComments(text).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var macros = target.macros
        var guardMacros: Set<String> = []
        var frames: [Frame] = []
        var output: [SourceLine] = []
        var index = 0
        while index < lines.count {
            let number = index + 1
            var line = lines[index]
            // Join lines continued with a trailing backslash.
            while line.hasSuffix("\\"), index + 1 < lines.count {
                line.removeLast()
                index += 1
                line += " " + lines[index]
            }
            index += 1
            let active = frames.last?.active ?? true
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            guard trimmed.first == "#" else {
                if active { output.append(SourceLine(number: number, text: line)) }
                continue
            }
            let body = trimmed.dropFirst().drop(while: { $0 == " " || $0 == "\t" })
            let name = String(body.prefix(while: { $0.isLetter }))
            let argument = body.dropFirst(name.count).trimmingWhitespace()
            let directive = line.trimmingWhitespace()
            func failure(_ message: String, hint: String) -> ObjCImportError {
                ObjCImportError(.preprocessor, file: file, line: number, declaration: directive, message, hint: hint)
            }
            let knownList = "TARGET_OS_OSX, RIVE_MAC_CATALYST and __cplusplus"
            switch name {
            case "if":
                let value = active ? try evaluate(argument, macros: macros, failure: failure) : false
                frames.append(Frame(parentActive: active, taken: value || !active, active: value, line: number, directive: directive))
            case "ifdef", "ifndef":
                var value = false
                if active {
                    let macro = argument.split(separator: " ").first.map(String.init) ?? ""
                    if let known = macros[macro] {
                        value = (known != nil) == (name == "ifdef")
                    } else if name == "ifndef", Self.nextDirective(in: lines, from: index) == "define \(macro)" {
                        value = true // An include guard: its #define follows.
                        guardMacros.insert(macro)
                    } else {
                        throw failure("'#\(name) \(macro)' tests a macro the generator does not know",
                                      hint: "the generator evaluates \(knownList) and include guards only; remove the condition or teach HeaderPreprocessor the macro's value")
                    }
                }
                frames.append(Frame(parentActive: active, taken: value || !active, active: value, line: number, directive: directive))
            case "elif", "else":
                guard var frame = frames.popLast() else {
                    throw failure("'#\(name)' has no matching '#if'", hint: "check the header's conditional directives")
                }
                if name == "else" {
                    frame.active = frame.parentActive && !frame.taken
                    frame.taken = true
                } else if frame.parentActive && !frame.taken {
                    frame.active = try evaluate(argument, macros: macros, failure: failure)
                    frame.taken = frame.active
                } else {
                    frame.active = false
                }
                frames.append(frame)
            case "endif":
                guard frames.popLast() != nil else {
                    throw failure("'#endif' has no matching '#if'", hint: "check the header's conditional directives")
                }
            case "define":
                guard active else { continue }
                let parts = argument.split(separator: " ", maxSplits: 1)
                let macro = parts.first.map(String.init) ?? ""
                guard parts.count == 1, guardMacros.contains(macro) else {
                    throw failure("'#define \(argument)' is not an include guard, and macro definitions are not translated",
                                  hint: "only include guards (#ifndef X / #define X) are accepted; declare a constant in Swift instead")
                }
                macros[macro] = .some(1)
            case "import", "include", "pragma", "warning":
                continue
            case "error":
                guard active else { continue }
                throw failure("the header stops with '#error' on this branch", hint: "check --target-os; the branch taken for it ends in #error")
            default:
                guard active else { continue }
                throw failure("the directive '#\(name)' is not evaluated",
                              hint: "the generator evaluates #if/#ifdef/#ifndef/#elif/#else/#endif and include guards, and drops #import, #include and #pragma")
            }
        }
        if let open = frames.last {
            throw ObjCImportError(.preprocessor, file: file, line: open.line, declaration: open.directive,
                                  "this conditional is never closed with '#endif'", hint: "add the missing #endif")
        }
        return output
    }

    /// One open `#if` group.
    private struct Frame {
        /// Whether the text around the group is active.
        let parentActive: Bool
        /// Whether a branch of the group was taken (or none may be, when the parent is inactive).
        var taken: Bool
        /// Whether the current branch is active.
        var active: Bool
        let line: Int
        let directive: String
    }

    /// The next directive after `index` (`define X` for `#define X`), or `nil`.
    private static func nextDirective(in lines: [String], from index: Int) -> String? {
        for line in lines[index...] {
            let trimmed = line.trimmingWhitespace()
            if trimmed.isEmpty { continue }
            guard trimmed.hasPrefix("#") else { return nil }
            return trimmed.dropFirst().split(separator: " ", omittingEmptySubsequences: true).prefix(2).joined(separator: " ")
        }
        return nil
    }

    /// The text with `//` and `/* */` comments replaced by spaces, newlines kept.
    static func removingComments(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var characters = Array(text.unicodeScalars)[...]
        var inString: Unicode.Scalar?
        while let character = characters.first {
            characters = characters.dropFirst()
            if let quote = inString {
                result.unicodeScalars.append(character)
                if character == "\\", let escaped = characters.first {
                    result.unicodeScalars.append(escaped)
                    characters = characters.dropFirst()
                } else if character == quote || character == "\n" {
                    inString = nil
                }
                continue
            }
            if character == "\"" || character == "'" {
                inString = character
                result.unicodeScalars.append(character)
            } else if character == "/", characters.first == "/" {
                while let next = characters.first, next != "\n" { characters = characters.dropFirst() }
            } else if character == "/", characters.first == "*" {
                characters = characters.dropFirst()
                while let next = characters.first {
                    characters = characters.dropFirst()
                    if next == "*", characters.first == "/" {
                        characters = characters.dropFirst()
                        break
                    }
                    result.unicodeScalars.append(next == "\n" ? "\n" : " ")
                }
                result.unicodeScalars.append(" ")
            } else {
                result.unicodeScalars.append(character)
            }
        }
        return result
    }

    /// Evaluates an `#if` expression: integers, known macros, `defined(X)`, `!`, `&&`, `||`,
    /// comparisons and parentheses.
    private func evaluate(_ expression: String, macros: [String: Int?],
                          failure: (String, String) -> ObjCImportError) throws -> Bool {
        var tokens: [String] = []
        var rest = Substring(expression)
        while let character = rest.first {
            if character == " " || character == "\t" || character == "\r" {
                rest = rest.dropFirst()
            } else if character.isLetter || character == "_" || character.isNumber {
                let word = rest.prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" })
                tokens.append(String(word))
                rest = rest.dropFirst(word.count)
            } else if let two = ["&&", "||", "==", "!=", "<=", ">="].first(where: { rest.hasPrefix($0) }) {
                tokens.append(two)
                rest = rest.dropFirst(2)
            } else if "!()<>".contains(character) {
                tokens.append(String(character))
                rest = rest.dropFirst()
            } else {
                throw failure("the condition '\(expression)' has the character '\(character)', which is not evaluated",
                              "conditions may use integers, \(TargetOS.knownMacroList), defined(), !, &&, ||, comparisons and parentheses")
            }
        }
        var parser = ConditionParser(tokens: tokens[...], macros: macros, expression: expression)
        do {
            let value = try parser.parseOr()
            if let extra = parser.tokens.first {
                throw failure("the condition '\(expression)' has '\(extra)' where it should end", "check the condition's syntax")
            }
            return value != 0
        } catch let error as ConditionParser.Failure {
            throw failure(error.message, error.hint)
        }
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and carriage returns.
    func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}

extension TargetOS {
    /// The macros conditions may use, for messages.
    static let knownMacroList = "TARGET_OS_OSX, RIVE_MAC_CATALYST, __cplusplus"
}

/// A recursive-descent evaluator of `#if` conditions.
private struct ConditionParser {
    var tokens: ArraySlice<String>
    let macros: [String: Int?]
    let expression: String

    /// Why a condition cannot be evaluated: the message and the hint.
    struct Failure: Error {
        let message: String
        let hint: String
    }

    private func failure(_ message: String, _ hint: String) -> Failure {
        Failure(message: message, hint: hint)
    }

    mutating func parseOr() throws -> Int {
        var value = try parseAnd()
        while tokens.first == "||" {
            tokens = tokens.dropFirst()
            let right = try parseAnd()
            value = (value != 0 || right != 0) ? 1 : 0
        }
        return value
    }

    mutating func parseAnd() throws -> Int {
        var value = try parseComparison()
        while tokens.first == "&&" {
            tokens = tokens.dropFirst()
            let right = try parseComparison()
            value = (value != 0 && right != 0) ? 1 : 0
        }
        return value
    }

    mutating func parseComparison() throws -> Int {
        var value = try parseUnary()
        while let op = tokens.first, ["==", "!=", "<", ">", "<=", ">="].contains(op) {
            tokens = tokens.dropFirst()
            let right = try parseUnary()
            let result: Bool
            switch op {
            case "==": result = value == right
            case "!=": result = value != right
            case "<": result = value < right
            case ">": result = value > right
            case "<=": result = value <= right
            default: result = value >= right
            }
            value = result ? 1 : 0
        }
        return value
    }

    mutating func parseUnary() throws -> Int {
        if tokens.first == "!" {
            tokens = tokens.dropFirst()
            return try parseUnary() == 0 ? 1 : 0
        }
        return try parsePrimary()
    }

    mutating func parsePrimary() throws -> Int {
        guard let token = tokens.first else {
            throw failure("the condition '\(expression)' ends too early", "check the condition's syntax")
        }
        tokens = tokens.dropFirst()
        if token == "(" {
            let value = try parseOr()
            guard tokens.first == ")" else {
                throw failure("the condition '\(expression)' misses a ')'", "check the condition's syntax")
            }
            tokens = tokens.dropFirst()
            return value
        }
        if token == "defined" {
            let parenthesized = tokens.first == "("
            if parenthesized { tokens = tokens.dropFirst() }
            guard let name = tokens.first else {
                throw failure("the condition '\(expression)' ends inside defined()", "check the condition's syntax")
            }
            tokens = tokens.dropFirst()
            if parenthesized {
                guard tokens.first == ")" else {
                    throw failure("the condition '\(expression)' misses a ')'", "check the condition's syntax")
                }
                tokens = tokens.dropFirst()
            }
            guard let value = macros[name] else { throw unknownMacro(name) }
            return value == nil ? 0 : 1
        }
        if let first = token.first, first.isNumber {
            let digits = token.prefix(while: { $0.isNumber })
            guard let value = Int(digits), token.dropFirst(digits.count).allSatisfy({ "uUlL".contains($0) }) else {
                throw failure("the condition '\(expression)' has the number '\(token)', which is not evaluated",
                              "conditions may use decimal integers")
            }
            return value
        }
        guard let value = macros[token] else { throw unknownMacro(token) }
        return value ?? 0
    }

    private func unknownMacro(_ name: String) -> Failure {
        failure("the condition '\(expression)' uses the macro '\(name)', which the generator does not know",
                "the generator evaluates \(TargetOS.knownMacroList) and include guards only; remove the condition or teach HeaderPreprocessor the macro's value")
    }
}
