/// Parses the tokens of one header into the declarations the generator translates.
///
/// It reads the subset of Objective-C that bridge headers use: `@class`/`@protocol` forward
/// declarations, `@protocol`, `@interface` (properties and instance methods), `typedef NS_ENUM`,
/// `NS_CLOSED_ENUM`, `NS_OPTIONS`, C structs and `extern` functions, with `NS_SWIFT_NAME`,
/// `NS_SWIFT_UI_ACTOR`, `NS_UNAVAILABLE`, `NS_DESIGNATED_INITIALIZER` and the
/// `NS_ASSUME_NONNULL_BEGIN/END` audit. Anything else stops with an error at its line.
struct HeaderParser {
    private let file: String
    private let tokens: [Token]
    private let lines: [Int: String]
    private var index = 0
    private var isAudited = false
    private var declarations: [Declaration] = []
    private var forwardClasses: Set<String> = []

    /// The declarations of one preprocessed header.
    /// - Throws: `ObjCImportError` (`syntax` or `unsupported`) at the first construct it cannot read.
    static func parse(path: String, lines: [SourceLine]) throws -> ParsedHeader {
        var parser = HeaderParser(
            file: path, tokens: try HeaderLexer.tokens(of: lines, file: path),
            lines: Dictionary(lines.map { ($0.number, $0.text) }, uniquingKeysWith: { first, _ in first }))
        try parser.parseAll()
        return ParsedHeader(path: path, declarations: parser.declarations, forwardClasses: parser.forwardClasses)
    }

    private init(file: String, tokens: [Token], lines: [Int: String]) {
        self.file = file
        self.tokens = tokens
        self.lines = lines
    }

    // MARK: - Top level

    private mutating func parseAll() throws {
        while let token = current {
            switch token.text {
            case "NS_ASSUME_NONNULL_BEGIN":
                isAudited = true
                index += 1
                continue
            case "NS_ASSUME_NONNULL_END":
                isAudited = false
                index += 1
                continue
            case ";":
                index += 1
                continue
            default:
                break
            }
            let start = index
            let attributes = try parseAttributes(start: start)
            guard let head = current else {
                throw failure(.syntax, "attributes are not followed by a declaration", hint: "check the end of the header", start: start)
            }
            switch head.text {
            case "@class":
                try requireNoAttributes(attributes, on: "@class", start: start)
                index += 1
                repeat {
                    forwardClasses.insert(try expectIdentifier(start: start))
                } while consume(",")
                try expect(";", start: start)
            case "@protocol" where peek(2).map({ $0.text == ";" || $0.text == "," }) ?? false:
                try requireNoAttributes(attributes, on: "@protocol forward declaration", start: start)
                index += 1
                repeat { _ = try expectIdentifier(start: start) } while consume(",")
                try expect(";", start: start)
            case "@protocol":
                declarations.append(.protocol(try parseProtocol(attributes: attributes, start: start)))
            case "@interface":
                declarations.append(.interface(try parseInterface(attributes: attributes, start: start)))
            case "typedef":
                declarations.append(try parseTypedef(attributes: attributes, start: start))
            case "struct":
                declarations.append(.structure(try parseStruct(typedef: false, attributes: attributes, start: start)))
            case "extern", "FOUNDATION_EXPORT", "FOUNDATION_EXTERN":
                declarations.append(.function(try parseFunction(attributes: attributes, start: start)))
            case "@import":
                while let token = current, token.text != ";" { index += 1 }
                try expect(";", start: start)
            case let text where Self.isAttributeMacro(text):
                throw unknownAttribute(text, start: start)
            default:
                throw failure(.unsupported, "a declaration that starts with '\(head.text)' is not translated",
                              hint: "the generator translates @protocol, @interface, typedef NS_ENUM/NS_CLOSED_ENUM/NS_OPTIONS, C structs and extern functions; leave this header out or extend HeaderParser",
                              start: start)
            }
        }
    }

    // MARK: - Protocols and interfaces

    private mutating func parseProtocol(attributes: Attributes, start: Int) throws -> ProtocolDeclaration {
        try requireNotUnavailable(attributes, allowsMainActor: true, start: start)
        index += 1
        let name = try expectIdentifier(start: start)
        var inherited: [String] = []
        if consume("<") {
            repeat { inherited.append(try expectIdentifier(start: start)) } while consume(",")
            try expect(">", start: start)
        }
        let location = self.location(from: start, headOnly: true)
        let members = try parseMembers(of: "@protocol \(name)", start: start)
        return ProtocolDeclaration(objcName: name, swiftName: attributes.swiftName, inherited: inherited,
                                   isMainActor: attributes.isMainActor, members: members, location: location)
    }

    private mutating func parseInterface(attributes: Attributes, start: Int) throws -> InterfaceDeclaration {
        try requireNotUnavailable(attributes, allowsMainActor: true, start: start)
        index += 1
        let name = try expectIdentifier(start: start)
        if current?.text == "<" || current?.text == "(" {
            let what = current?.text == "<" ? "generic classes" : "categories and class extensions"
            throw failure(.unsupported, "\(what) are not translated", hint: "leave this header out or extend HeaderParser", start: start)
        }
        guard consume(":") else {
            throw failure(.unsupported, "a root class (an @interface without a superclass) is not translated",
                          hint: "declare the class as a subclass of NSObject", start: start)
        }
        let superclass = try expectIdentifier(start: start)
        var protocols: [String] = []
        if consume("<") {
            repeat { protocols.append(try expectIdentifier(start: start)) } while consume(",")
            try expect(">", start: start)
        }
        if current?.text == "{" {
            throw failure(.unsupported, "instance variables in an @interface are not translated",
                          hint: "move the instance variables to the implementation", start: start)
        }
        let location = self.location(from: start, headOnly: true)
        let members = try parseMembers(of: "@interface \(name)", start: start)
        return InterfaceDeclaration(objcName: name, swiftName: attributes.swiftName, superclass: superclass,
                                    protocols: protocols, isMainActor: attributes.isMainActor, members: members,
                                    location: location)
    }

    private mutating func parseMembers(of container: String, start containerStart: Int) throws -> [MemberDeclaration] {
        var members: [MemberDeclaration] = []
        while true {
            guard let token = current else {
                throw failure(.syntax, "\(container) has no @end", hint: "add the missing @end", start: containerStart)
            }
            switch token.text {
            case "@end":
                index += 1
                return members
            case "NS_ASSUME_NONNULL_BEGIN", "NS_ASSUME_NONNULL_END":
                isAudited = token.text == "NS_ASSUME_NONNULL_BEGIN"
                index += 1
                continue
            case ";", "@required":
                index += 1
                continue
            case "@optional":
                throw failure(.unsupported, "@optional requirements are not translated (Swift needs @objc for them)",
                              hint: "make the requirements required, or extend the generator with a translation for optional requirements",
                              start: index)
            default:
                break
            }
            let start = index
            let attributes = try parseAttributes(start: start)
            switch current?.text {
            case "-":
                members.append(.method(try parseMethod(prefix: attributes, start: start)))
            case "@property":
                members.append(.property(try parseProperty(prefix: attributes, start: start)))
            case "+":
                throw failure(.unsupported, "class methods are not translated",
                              hint: "make it an instance method or a C function, or extend the generator", start: start)
            case let text? where Self.isAttributeMacro(text):
                throw unknownAttribute(text, start: start)
            default:
                throw failure(.syntax, "expected a method, a property or @end in \(container)",
                              hint: "the generator reads '- (T)selector…;' and '@property (…) T name;' members", start: start)
            }
        }
    }

    private mutating func parseMethod(prefix: Attributes, start: Int) throws -> MethodDeclaration {
        index += 1
        try expect("(", start: start)
        let resultType = try parseType(allowName: false, start: start).type
        try expect(")", start: start)
        var pieces = [try expectIdentifier(start: start)]
        var parameters: [MethodDeclaration.Parameter] = []
        if current?.text == ":" {
            while true {
                try expect(":", start: start)
                guard consume("(") else {
                    throw failure(.unsupported, "a parameter without a written type is not translated",
                                  hint: "write the parameter's type in parentheses", start: start)
                }
                let type = try parseType(allowName: false, start: start).type
                try expect(")", start: start)
                parameters.append(.init(type: type, name: try expectIdentifier(start: start)))
                if current?.text == "," {
                    throw failure(.unsupported, "variadic methods are not translated", hint: "leave this method out", start: start)
                }
                if current?.text == ":" {
                    throw failure(.unsupported, "selectors with an empty piece are not translated",
                                  hint: "name every piece of the selector", start: start)
                }
                guard let next = current, next.kind == .identifier, peek(1)?.text == ":" else { break }
                pieces.append(next.text)
                index += 1
            }
        }
        var attributes = prefix
        try parseTrailingAttributes(into: &attributes, start: start)
        try expect(";", start: start)
        return MethodDeclaration(resultType: resultType, pieces: pieces, parameters: parameters,
                                 swiftName: attributes.swiftName, isUnavailable: attributes.isUnavailable,
                                 isMainActor: attributes.isMainActor,
                                 isAudited: isAudited, location: location(from: start))
    }

    private mutating func parseProperty(prefix: Attributes, start: Int) throws -> PropertyDeclaration {
        index += 1
        var isReadonly = false
        var getter: String?
        var nullability: Nullability?
        if consume("(") {
            repeat {
                let attribute = try expectIdentifier(start: start)
                switch attribute {
                case "readonly": isReadonly = true
                case "readwrite", "nonatomic", "atomic", "copy", "strong", "retain", "assign", "weak", "unsafe_unretained":
                    break
                case "nullable": nullability = .nullable
                case "nonnull": nullability = .nonnull
                case "null_unspecified", "null_resettable": nullability = .unspecified
                case "getter":
                    try expect("=", start: start)
                    getter = try expectIdentifier(start: start)
                case "setter":
                    try expect("=", start: start)
                    _ = try expectIdentifier(start: start)
                    try expect(":", start: start)
                case "class":
                    throw failure(.unsupported, "class properties are not translated",
                                  hint: "make it an instance property, or extend the generator", start: start)
                default:
                    throw failure(.unsupported, "the property attribute '\(attribute)' is not translated",
                                  hint: "the generator reads readonly, readwrite, nonatomic, atomic, copy, strong, retain, assign, weak, unsafe_unretained, nullability, getter= and setter=",
                                  start: start)
                }
            } while consume(",")
            try expect(")", start: start)
        }
        let parsed = try parseType(allowName: true, start: start)
        guard let name = parsed.name else {
            throw failure(.syntax, "the property has no name", hint: "write '@property (…) Type name;'", start: start)
        }
        var type = parsed.type
        if let nullability, type.nullability == nil {
            guard type.isPointer else {
                throw failure(.unsupported, "a nullability attribute on a property of the non-pointer type '\(type.cSpelling)'",
                              hint: "remove the nullability attribute", start: start)
            }
            type = type.with(nullability: nullability)
        }
        var attributes = prefix
        try parseTrailingAttributes(into: &attributes, start: start)
        try expect(";", start: start)
        return PropertyDeclaration(name: name, type: type, isReadonly: isReadonly, getter: getter,
                                   swiftName: attributes.swiftName, isUnavailable: attributes.isUnavailable,
                                   isMainActor: attributes.isMainActor, isAudited: isAudited, location: location(from: start))
    }

    // MARK: - Typedefs, structs, functions

    private mutating func parseTypedef(attributes: Attributes, start: Int) throws -> Declaration {
        try requireNotUnavailable(attributes, start: start)
        index += 1
        switch current?.text {
        case "NS_ENUM", "NS_CLOSED_ENUM", "NS_OPTIONS":
            return .enumeration(try parseEnum(prefix: attributes, start: start))
        case "struct":
            return .structure(try parseStruct(typedef: true, attributes: attributes, start: start))
        default:
            throw failure(.unsupported, "this typedef is not translated",
                          hint: "the generator translates typedef NS_ENUM, NS_CLOSED_ENUM, NS_OPTIONS and typedef struct { … } Name; declare other types in Swift",
                          start: start)
        }
    }

    private mutating func parseEnum(prefix: Attributes, start: Int) throws -> EnumDeclaration {
        guard let kind = EnumDeclaration.Kind(rawValue: advance().text) else {
            throw failure(.unsupported, "this enum macro is not translated", hint: "use NS_ENUM, NS_CLOSED_ENUM or NS_OPTIONS", start: start)
        }
        try expect("(", start: start)
        let rawType = try parseType(allowName: false, start: start).type
        try expect(",", start: start)
        let name = try expectIdentifier(start: start)
        try expect(")", start: start)
        let location = self.location(from: start, headOnly: true)
        try expect("{", start: start)
        var cases: [EnumDeclaration.Case] = []
        while !consume("}") {
            let caseStart = index
            let caseName = try expectIdentifier(start: caseStart)
            var attributes = Attributes()
            try parseTrailingAttributes(into: &attributes, start: caseStart, stopAt: ["=", ",", "}"])
            try requireNotUnavailable(attributes, start: caseStart)
            var value: [Token] = []
            if consume("=") {
                var depth = 0
                while let token = current, depth > 0 || (token.text != "," && token.text != "}") {
                    if token.text == "(" { depth += 1 }
                    if token.text == ")" { depth -= 1 }
                    value.append(token)
                    index += 1
                }
                if value.isEmpty {
                    throw failure(.syntax, "the enumerator \(caseName) has '=' without a value", hint: "write the value", start: caseStart)
                }
            }
            cases.append(.init(name: caseName, value: value, swiftName: attributes.swiftName, line: tokens[caseStart].line))
            if !consume(","), current?.text != "}" {
                throw failure(.syntax, "expected ',' or '}' after the enumerator \(caseName)", hint: "check the enum's syntax", start: caseStart)
            }
        }
        var attributes = prefix
        try parseTrailingAttributes(into: &attributes, start: start)
        try requireNotUnavailable(attributes, start: start)
        try expect(";", start: start)
        return EnumDeclaration(kind: kind, rawType: rawType, objcName: name, swiftName: attributes.swiftName,
                               cases: cases, location: location)
    }

    private mutating func parseStruct(typedef: Bool, attributes prefix: Attributes, start: Int) throws -> StructDeclaration {
        index += 1
        var name: String? = current?.kind == .identifier ? advance().text : nil
        guard consume("{") else {
            throw failure(.unsupported, "a struct without a body here is not translated",
                          hint: "declare the struct as 'typedef struct { … } Name;'", start: start)
        }
        let audited = isAudited
        var fields: [StructDeclaration.Field] = []
        while !consume("}") {
            let fieldStart = index
            let parsed = try parseType(allowName: true, start: fieldStart)
            guard let fieldName = parsed.name else {
                throw failure(.syntax, "the field has no name", hint: "write 'Type name;'", start: fieldStart)
            }
            if let next = current?.text, [",", "[", ":"].contains(next) {
                let what = next == "," ? "several fields in one declaration" : next == "[" ? "array fields" : "bit fields"
                throw failure(.unsupported, "\(what) are not translated", hint: "declare one scalar or pointer field per line", start: fieldStart)
            }
            try expect(";", start: fieldStart)
            fields.append(.init(type: parsed.type, name: fieldName, line: tokens[fieldStart].line))
        }
        if typedef { name = try expectIdentifier(start: start) }
        guard let name else {
            throw failure(.unsupported, "an anonymous struct is not translated", hint: "give the struct a name", start: start)
        }
        var attributes = prefix
        try parseTrailingAttributes(into: &attributes, start: start)
        try requireNotUnavailable(attributes, start: start)
        try expect(";", start: start)
        return StructDeclaration(objcName: name, swiftName: attributes.swiftName, fields: fields, isAudited: audited,
                                 location: location(from: start, headOnly: true))
    }

    private mutating func parseFunction(attributes prefix: Attributes, start: Int) throws -> FunctionDeclaration {
        index += 1
        if current?.kind == .string {
            throw failure(.unsupported, "'extern \"C\"' blocks are only read inside '#ifdef __cplusplus', which is false here",
                          hint: "wrap the extern \"C\" lines in #ifdef __cplusplus", start: start)
        }
        let parsed = try parseType(allowName: true, start: start)
        guard let name = parsed.name, consume("(") else {
            throw failure(.unsupported, "extern variables are not translated", hint: "declare a function, or the constant in Swift", start: start)
        }
        var parameters: [FunctionDeclaration.Parameter] = []
        if current?.text == "void", peek(1)?.text == ")" {
            index += 1
        } else if current?.text != ")" {
            repeat {
                if current?.text == "..." {
                    throw failure(.unsupported, "variadic functions are not translated", hint: "leave this function out", start: start)
                }
                let parameter = try parseType(allowName: true, start: start)
                parameters.append(.init(type: parameter.type, name: parameter.name))
            } while consume(",")
        }
        try expect(")", start: start)
        var attributes = prefix
        try parseTrailingAttributes(into: &attributes, start: start)
        try requireNotUnavailable(attributes, start: start)
        try expect(";", start: start)
        return FunctionDeclaration(name: name, swiftName: attributes.swiftName, resultType: parsed.type,
                                   parameters: parameters, isAudited: isAudited, location: location(from: start))
    }

    // MARK: - Types

    /// Parses a type and, when `allowName`, the declarator's name (`NSString *name`, `void (^name)(void)`).
    private mutating func parseType(allowName: Bool, start: Int) throws -> (type: CType, name: String?) {
        var prefixNullability: Nullability?
        var constPending = false
        while let token = current {
            if let nullability = Self.nullability(of: token.text) {
                prefixNullability = nullability
            } else if token.text == "const" {
                constPending = true
            } else if token.text == "__strong" || token.text == "__unsafe_unretained" {
                // Ownership qualifiers do not change the Swift type.
            } else if ["__weak", "__autoreleasing", "__kindof", "volatile", "struct", "enum", "union", "__block"].contains(token.text) {
                throw failure(.unsupported, "types written with '\(token.text)' are not translated",
                              hint: "use a typedef name or a plain pointer type", start: start)
            } else {
                break
            }
            index += 1
        }
        guard let base = current, base.kind == .identifier, !Self.isAttributeMacro(base.text) else {
            throw failure(.syntax, "expected a type, found '\(current?.text ?? "the end of the header")'",
                          hint: "check the declaration's syntax", start: start)
        }
        var type: CType
        if base.text == "void" {
            index += 1
            type = .void
        } else if base.text == "id" {
            index += 1
            var protocols: [String] = []
            if consume("<") {
                repeat { protocols.append(try expectIdentifier(start: start)) } while consume(",")
                try expect(">", start: start)
            }
            type = .id(protocols: protocols, nullability: nil)
        } else if base.text == "instancetype" {
            index += 1
            type = .instancetype(nullability: nil)
        } else if Self.scalarKeywords.contains(base.text) {
            var words: [String] = []
            while let word = current, Self.scalarKeywords.contains(word.text) {
                words.append(word.text)
                index += 1
            }
            guard let scalar = Self.scalarName(words) else {
                throw failure(.unsupported, "the C type '\(words.joined(separator: " "))' is not translated",
                              hint: "use a fixed-width type such as int32_t or double", start: start)
            }
            type = .named(scalar, typeArguments: [])
        } else {
            index += 1
            var arguments: [CType] = []
            if consume("<") {
                repeat { arguments.append(try parseType(allowName: false, start: start).type) } while consume(",")
                try expect(">", start: start)
            }
            type = .named(base.text, typeArguments: arguments)
        }
        while let token = current {
            if token.text == "*" {
                type = .pointer(to: type, nullability: nil, isConst: constPending)
                constPending = false
            } else if let nullability = Self.nullability(of: token.text) {
                guard type.isPointer else {
                    throw failure(.unsupported, "'\(token.text)' on the non-pointer type '\(type.cSpelling)'",
                                  hint: "nullability applies to pointers only", start: start)
                }
                type = type.with(nullability: nullability)
            } else if token.text == "const" {
                constPending = true
            } else if token.text != "__strong" && token.text != "__unsafe_unretained" {
                break
            }
            index += 1
        }
        var name: String?
        if current?.text == "(", peek(1)?.text == "^" {
            index += 2
            var blockNullability: Nullability?
            while let token = current {
                if let nullability = Self.nullability(of: token.text) {
                    blockNullability = nullability
                } else if token.text != "const" {
                    break
                }
                index += 1
            }
            if allowName, let token = current, token.kind == .identifier { name = advance().text }
            try expect(")", start: start)
            try expect("(", start: start)
            var parameters: [CType] = []
            if current?.text == "void", peek(1)?.text == ")" {
                index += 1
            } else if current?.text != ")" {
                repeat {
                    if current?.text == "..." {
                        throw failure(.unsupported, "variadic blocks are not translated", hint: "leave this declaration out", start: start)
                    }
                    parameters.append(try parseType(allowName: true, start: start).type)
                } while consume(",")
            }
            try expect(")", start: start)
            type = .block(result: type, parameters: parameters, nullability: blockNullability)
        } else if current?.text == "(", peek(1)?.text == "*" {
            throw failure(.unsupported, "function pointer types are not translated", hint: "use a block type", start: start)
        }
        if let prefixNullability {
            guard type.isPointer else {
                throw failure(.unsupported, "nullability on the non-pointer type '\(type.cSpelling)'",
                              hint: "nullability applies to pointers only", start: start)
            }
            if type.nullability == nil { type = type.with(nullability: prefixNullability) }
        }
        if name == nil, allowName, let token = current, token.kind == .identifier, !Self.isAttributeMacro(token.text) {
            name = advance().text
        }
        return (type, name)
    }

    private static let scalarKeywords: Set<String> = ["unsigned", "signed", "short", "long", "int", "char", "float", "double", "bool", "_Bool"]

    /// The canonical spelling of a C scalar type (`unsigned long long`), or `nil` for one not translated.
    private static func scalarName(_ words: [String]) -> String? {
        let longs = words.filter { $0 == "long" }.count
        let unsigned = words.contains("unsigned")
        let sign = unsigned ? "unsigned " : ""
        if words.contains("float") { return words == ["float"] ? "float" : nil }
        if words.contains("double") { return words == ["double"] ? "double" : nil }
        if words.contains("bool") || words.contains("_Bool") { return words.count == 1 ? "bool" : nil }
        if words.contains("char") { return unsigned ? "unsigned char" : words.contains("signed") ? "signed char" : "char" }
        if words.contains("short") { return sign + "short" }
        switch longs {
        case 0: return sign + "int"
        case 1: return sign + "long"
        case 2: return sign + "long long"
        default: return nil
        }
    }

    private static func nullability(of text: String) -> Nullability? {
        switch text {
        case "nullable", "_Nullable", "__nullable": return .nullable
        case "nonnull", "_Nonnull", "__nonnull": return .nonnull
        case "null_unspecified", "_Null_unspecified", "__null_unspecified": return .unspecified
        default: return nil
        }
    }

    /// Whether an identifier is an attribute macro rather than a name (`NS_SWIFT_NAME`, `API_AVAILABLE`, `__attribute__`).
    private static func isAttributeMacro(_ text: String) -> Bool {
        if text.hasPrefix("__attribute") || text.hasPrefix("__deprecated") { return true }
        guard text.contains("_"), let first = text.unicodeScalars.first, ("A"..."Z").contains(first) else { return false }
        return text.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }

    // MARK: - Attributes

    /// The attribute macros written before or after a declaration.
    private struct Attributes {
        var swiftName: String?
        var isMainActor = false
        var isUnavailable = false
    }

    /// Reads the attribute macros at the cursor: `NS_SWIFT_NAME(…)`, `NS_SWIFT_UI_ACTOR`,
    /// `NS_UNAVAILABLE`, `NS_DESIGNATED_INITIALIZER`, `NS_REQUIRES_SUPER`.
    private mutating func parseAttributes(start: Int) throws -> Attributes {
        var attributes = Attributes()
        while let token = current, try parseAttribute(token.text, into: &attributes, start: start) {}
        return attributes
    }

    /// Reads one known attribute macro at the cursor; `false` when the cursor is not at one.
    private mutating func parseAttribute(_ text: String, into attributes: inout Attributes, start: Int) throws -> Bool {
        switch text {
        case "NS_SWIFT_NAME":
            index += 1
            try expect("(", start: start)
            var name = ""
            var depth = 0
            while let token = current, depth > 0 || token.text != ")" {
                if token.text == "(" { depth += 1 }
                if token.text == ")" { depth -= 1 }
                name += token.text
                index += 1
            }
            try expect(")", start: start)
            attributes.swiftName = name
        case "NS_SWIFT_UI_ACTOR":
            index += 1
            attributes.isMainActor = true
        case "NS_UNAVAILABLE":
            index += 1
            attributes.isUnavailable = true
        case "NS_DESIGNATED_INITIALIZER", "NS_REQUIRES_SUPER":
            index += 1
        default:
            return false
        }
        return true
    }

    /// Reads the attribute macros before the `;` (or before one of `stopAt`) that ends a declaration.
    private mutating func parseTrailingAttributes(into attributes: inout Attributes, start: Int, stopAt: Set<String> = [";"]) throws {
        while let token = current, !stopAt.contains(token.text) {
            if try parseAttribute(token.text, into: &attributes, start: start) { continue }
            if Self.isAttributeMacro(token.text) { throw unknownAttribute(token.text, start: start) }
            throw failure(.syntax, "unexpected '\(token.text)' in the declaration",
                          hint: "check the declaration's syntax", start: start)
        }
    }

    private func unknownAttribute(_ name: String, start: Int) -> ObjCImportError {
        failure(.unsupported, "the attribute macro '\(name)' is not translated",
                hint: "the generator reads NS_SWIFT_NAME, NS_SWIFT_UI_ACTOR, NS_UNAVAILABLE, NS_DESIGNATED_INITIALIZER and NS_REQUIRES_SUPER; remove the macro or extend HeaderParser",
                start: start)
    }

    private func requireNoAttributes(_ attributes: Attributes, on what: String, start: Int) throws {
        if attributes.swiftName != nil || attributes.isMainActor || attributes.isUnavailable {
            throw failure(.unsupported, "attributes on a \(what) are not translated", hint: "move the attributes to the definition", start: start)
        }
    }

    private func requireNotUnavailable(_ attributes: Attributes, allowsMainActor: Bool = false, start: Int) throws {
        if attributes.isUnavailable {
            throw failure(.unsupported, "NS_UNAVAILABLE is translated on methods and properties only",
                          hint: "leave the declaration out of the header", start: start)
        }
        if attributes.isMainActor, !allowsMainActor {
            throw failure(.unsupported, "NS_SWIFT_UI_ACTOR is translated on protocols, interfaces, methods and properties only",
                          hint: "remove the macro here", start: start)
        }
    }

    // MARK: - Cursor

    private var current: Token? { index < tokens.count ? tokens[index] : nil }

    private func peek(_ offset: Int) -> Token? {
        index + offset < tokens.count ? tokens[index + offset] : nil
    }

    private mutating func advance() -> Token {
        defer { index += 1 }
        return tokens[index]
    }

    private mutating func consume(_ text: String) -> Bool {
        guard current?.text == text else { return false }
        index += 1
        return true
    }

    private mutating func expect(_ text: String, start: Int) throws {
        guard consume(text) else {
            throw failure(.syntax, "expected '\(text)', found '\(current?.text ?? "the end of the header")'",
                          hint: "check the declaration's syntax", start: start)
        }
    }

    private mutating func expectIdentifier(start: Int) throws -> String {
        guard let token = current, token.kind == .identifier else {
            throw failure(.syntax, "expected a name, found '\(current?.text ?? "the end of the header")'",
                          hint: "check the declaration's syntax", start: start)
        }
        index += 1
        return token.text
    }

    // MARK: - Locations

    /// The declaration that starts at token `start`: to its `;`, or (with `headOnly`, or when a
    /// body follows) to the token before its `{` or first member.
    private func location(from start: Int, headOnly: Bool = false) -> DeclarationLocation {
        let first = start < tokens.count ? start : max(tokens.count - 1, 0)
        guard !tokens.isEmpty else { return DeclarationLocation(line: 1, text: "") }
        var end = first
        var depth = 0
        while end < tokens.count {
            let text = tokens[end].text
            if text == "(" || text == "[" { depth += 1 }
            if text == ")" || text == "]" { depth -= 1 }
            if depth == 0 {
                if text == ";" { break }
                if end > first, text == "{" || text == "@end" || (headOnly && (text == "-" || text == "@property" || text == "+")) {
                    end -= 1
                    break
                }
            }
            end += 1
        }
        end = min(end, tokens.count - 1)
        return DeclarationLocation(line: tokens[first].line, text: sourceText(from: tokens[first], to: tokens[end]))
    }

    /// The header text from the start of one token to the end of another, whitespace collapsed.
    private func sourceText(from first: Token, to last: Token) -> String {
        var pieces: [String] = []
        for number in first.line...max(first.line, last.line) {
            guard let line = lines[number] else { continue }
            let scalars = Array(line.unicodeScalars)
            let lower = number == first.line ? min(first.column, scalars.count) : 0
            let upper = number == last.line ? min(last.column + last.text.unicodeScalars.count, scalars.count) : scalars.count
            guard lower < upper else { continue }
            pieces.append(String(String.UnicodeScalarView(scalars[lower..<upper])))
        }
        let collapsed = pieces.joined(separator: " ").split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
        return collapsed.count > 300 ? String(collapsed.prefix(300)) + "…" : collapsed
    }

    private func failure(_ code: ObjCImportError.Code, _ message: String, hint: String, start: Int) -> ObjCImportError {
        let location = self.location(from: start)
        return ObjCImportError(code, file: file, line: location.line, declaration: location.text, message, hint: hint)
    }
}
