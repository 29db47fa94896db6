/// Turns parsed headers into Swift source: names by the importer's rules, types by `KnownTypes`
/// and the headers' own declarations.
struct HeaderTranslator {
    /// A declaration with the header it came from.
    struct Located<Declaration> {
        let declaration: Declaration
        let file: String
    }

    /// Where a type is written; decides optionality (`!` at the top level, `?` inside closures)
    /// and `@escaping`.
    enum TypePosition {
        case parameter, result, property, field, nestedParameter, nestedResult, typeArgument
    }

    /// The declaration being translated: for messages, nullability and `instancetype`.
    struct Site {
        let file: String
        let location: DeclarationLocation
        let isAudited: Bool
        /// The Swift name `instancetype` stands for, inside an `@interface`.
        let selfType: String?
    }

    private let headers: [ParsedHeader]
    var protocols: [String: Located<ProtocolDeclaration>] = [:]
    var interfaces: [String: Located<InterfaceDeclaration>] = [:]
    var enums: [String: Located<EnumDeclaration>] = [:]
    var structs: [String: Located<StructDeclaration>] = [:]
    private var functions: [String: Located<FunctionDeclaration>] = [:]
    var forwardClasses: Set<String> = []
    /// Modules the emitted declarations use, besides Swift.
    var modules: Set<String> = ["Foundation"]

    /// Indexes the declarations of all headers by name.
    /// - Throws: `ObjCImportError` (`unsupported`) when two declarations share a name.
    init(headers: [ParsedHeader]) throws {
        self.headers = headers
        for header in headers {
            forwardClasses.formUnion(header.forwardClasses)
            for declaration in header.declarations {
                let (name, location): (String, DeclarationLocation)
                switch declaration {
                case let .protocol(value): (name, location) = (value.objcName, value.location)
                case let .interface(value): (name, location) = (value.objcName, value.location)
                case let .enumeration(value): (name, location) = (value.objcName, value.location)
                case let .structure(value): (name, location) = (value.objcName, value.location)
                case let .function(value): (name, location) = (value.name, value.location)
                }
                let isDuplicate: Bool
                switch declaration {
                case let .protocol(value):
                    isDuplicate = protocols[name] != nil
                    protocols[name] = Located(declaration: value, file: header.path)
                case let .interface(value):
                    isDuplicate = interfaces[name] != nil
                    interfaces[name] = Located(declaration: value, file: header.path)
                case let .enumeration(value):
                    isDuplicate = enums[name] != nil || structs[name] != nil
                    enums[name] = Located(declaration: value, file: header.path)
                case let .structure(value):
                    isDuplicate = enums[name] != nil || structs[name] != nil
                    structs[name] = Located(declaration: value, file: header.path)
                case let .function(value):
                    isDuplicate = functions[name] != nil
                    functions[name] = Located(declaration: value, file: header.path)
                }
                if isDuplicate {
                    throw ObjCImportError(.unsupported, file: header.path, line: location.line, declaration: location.text,
                                          "'\(name)' is declared a second time", hint: "pass each header once, and keep one declaration per name")
                }
            }
        }
    }

    // MARK: - The generated file

    /// The whole generated file.
    mutating func generate(target: TargetOS, checks: InterfaceChecks) throws -> String {
        let checked = try checkedNames(checks)
        var body: [String] = []
        var checkedList: [String] = []
        var uncheckedList: [String] = []
        for header in headers {
            for declaration in header.declarations {
                switch declaration {
                case let .protocol(value):
                    body.append(try protocolSource(value, file: header.path))
                case let .interface(value):
                    let name = try swiftName(ofInterface: value, file: header.path)
                    if checked.contains(value.objcName) {
                        checkedList.append(name)
                        body.append(try interfaceCheckSource(value, file: header.path))
                    } else {
                        uncheckedList.append(name)
                    }
                case let .enumeration(value):
                    body.append(try enumSource(value, file: header.path))
                case let .structure(value):
                    body.append(try structSource(value, file: header.path))
                case let .function(value):
                    if checked.contains(value.name) {
                        checkedList.append(value.name)
                        body.append(try functionCheckSource(value, file: header.path))
                    } else {
                        uncheckedList.append(value.name)
                    }
                }
            }
        }
        var lines = [
            "// Generated by rive-objc-import from Objective-C headers: do not edit.",
            "// The Swift declarations Swift's Objective-C importer gives these headers (docs/objc-import.md).",
            "//",
            "// Headers:",
        ]
        lines += headers.map { "//   \($0.path)" }
        lines.append("// Target: \(target.rawValue) (\(target.macroSummary))")
        lines.append("// Checked against the bridge: \(checkedList.isEmpty ? "none" : checkedList.joined(separator: ", "))")
        if !uncheckedList.isEmpty { lines.append("// Not checked: \(uncheckedList.joined(separator: ", "))") }
        lines.append("")
        lines += modules.sorted().map { "import \($0)" }
        return (lines + [""] + body).joined(separator: "\n")
    }

    /// The Objective-C names of the interfaces and functions to check.
    private func checkedNames(_ checks: InterfaceChecks) throws -> Set<String> {
        switch checks {
        case .all:
            return Set(interfaces.keys).union(functions.keys)
        case .none:
            return []
        case let .only(names):
            var result: Set<String> = []
            for name in names {
                if interfaces[name] != nil || functions[name] != nil {
                    result.insert(name)
                } else if let match = interfaces.values.first(where: { $0.declaration.swiftName == name }) {
                    result.insert(match.declaration.objcName)
                } else if let match = functions.values.first(where: { $0.declaration.swiftName?.split(separator: "(").first.map(String.init) == name }) {
                    result.insert(match.declaration.name)
                } else {
                    let known = (interfaces.values.map { $0.declaration.swiftName ?? $0.declaration.objcName } + functions.keys).sorted()
                    throw ObjCImportError(.unknownName, file: "--interface-check", line: nil, declaration: nil,
                                          "no header declares an @interface or extern function named '\(name)'",
                                          hint: "the headers declare: \(known.isEmpty ? "none" : known.joined(separator: ", "))")
                }
            }
            return result
        }
    }

    // MARK: - Protocols and interfaces

    private mutating func protocolSource(_ declaration: ProtocolDeclaration, file: String) throws -> String {
        let site = Site(file: file, location: declaration.location, isAudited: true, selfType: nil)
        let name = try swiftName(ofProtocol: declaration, file: file)
        var inherited = try declaration.inherited.map { try protocolName($0, at: site) }
        if inherited.isEmpty { inherited = ["AnyObject"] }
        var lines = ["/// `@protocol \(declaration.objcName)` (\(file):\(declaration.location.line))."]
        if declaration.isMainActor { lines.append("@MainActor") }
        lines.append("public protocol \(name): \(inherited.joined(separator: ", ")) {")
        lines += try membersSource(declaration.members, file: file, context: OmissionTypeName(name: declaration.objcName),
                                   selfType: nil, propertyNames: nil)
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private mutating func interfaceCheckSource(_ declaration: InterfaceDeclaration, file: String) throws -> String {
        let site = Site(file: file, location: declaration.location, isAudited: true, selfType: nil)
        let name = try swiftName(ofInterface: declaration, file: file)
        let superclass: String
        if declaration.superclass == "NSObject" {
            superclass = "NSObject"
        } else if let parent = interfaces[declaration.superclass] {
            superclass = try swiftName(ofInterface: parent.declaration, file: parent.file)
        } else {
            throw failure(.unknownType, "the superclass '\(declaration.superclass)' is neither NSObject nor declared in the given headers",
                          hint: "pass the header that declares the superclass", at: site)
        }
        let adopted = try declaration.protocols.map { try protocolName($0, at: site) }
        var lines = [
            "/// What `@interface \(declaration.objcName)` (\(file):\(declaration.location.line)) declares; the bridge's `\(name)` must provide it.",
        ]
        if declaration.isMainActor { lines.append("@MainActor") }
        lines.append("protocol _HeaderInterface_\(name): \(([superclass] + adopted).joined(separator: ", ")) {")
        lines += try membersSource(declaration.members, file: file, context: OmissionTypeName(name: declaration.objcName),
                                   selfType: name, propertyNames: propertyNames(of: declaration))
        lines.append("}")
        lines.append("")
        lines.append("extension \(name): _HeaderInterface_\(name) {}")
        return lines.joined(separator: "\n") + "\n"
    }

    private mutating func membersSource(_ members: [MemberDeclaration], file: String, context: OmissionTypeName,
                                        selfType: String?, propertyNames: Set<String>?) throws -> [String] {
        var lines: [String] = []
        for member in members {
            switch member {
            case let .property(property):
                guard !property.isUnavailable else { continue }
                let site = Site(file: file, location: property.location, isAudited: property.isAudited, selfType: selfType)
                lines.append("    /// `@property \(property.name)` (\(file):\(property.location.line)).")
                lines.append("    " + (property.isMainActor ? "@MainActor " : "") + (try propertySource(property, context: context, at: site)))
            case let .method(method):
                guard !method.isUnavailable else { continue }
                let site = Site(file: file, location: method.location, isAudited: method.isAudited, selfType: selfType)
                lines.append("    /// `- \(method.selector)` (\(file):\(method.location.line)).")
                lines.append("    " + (method.isMainActor ? "@MainActor " : "") + (try methodSource(method, context: context, propertyNames: propertyNames, at: site)))
            }
        }
        return lines
    }

    private mutating func propertySource(_ property: PropertyDeclaration, context: OmissionTypeName, at site: Site) throws -> String {
        var name: String
        if let given = property.swiftName {
            name = try parseSwiftName(given, parameterCount: 0, allowsParentheses: false, at: site).base
        } else {
            name = property.name
            if case let .named(type, _) = property.type, type == "BOOL" || type == "bool", let getter = property.getter {
                name = getter
            }
            var labels: [String] = []
            NeedlessWords.omit(baseName: &name, argumentNames: &labels, firstParameterName: "",
                               resultType: omissionName(property.type, context: context), contextType: context,
                               parameterTypes: [], returnsSelf: false, isProperty: true, propertyNames: nil)
        }
        let type = try spell(property.type, .property, at: site, what: "the property '\(property.name)'")
        return "var \(KnownTypes.identifier(name)): \(type) { get\(property.isReadonly ? "" : " set") }"
    }

    private mutating func methodSource(_ method: MethodDeclaration, context: OmissionTypeName,
                                       propertyNames: Set<String>?, at site: Site) throws -> String {
        let isInitializer = Self.isInitializer(method.pieces[0])
        if isInitializer {
            switch method.resultType {
            case .instancetype, .id: break
            case let .pointer(.named(name, _), _, _) where name == context.name: break
            default:
                throw failure(.unsupported, "an init method must return instancetype, id or its class", hint: "return instancetype", at: site)
            }
        }
        try rejectAsyncImport(method, at: site)
        let name: (base: String, labels: [String?])
        if let given = method.swiftName {
            name = try parseSwiftName(given, parameterCount: method.parameters.count, allowsParentheses: true, at: site)
        } else {
            name = try importedName(of: method, isInitializer: isInitializer, context: context, propertyNames: propertyNames, at: site)
        }
        var parameters: [String] = []
        for (index, parameter) in method.parameters.enumerated() {
            let type = try spell(parameter.type, .parameter, at: site, what: "the parameter '\(parameter.name)'")
            parameters.append(Self.parameterSource(label: name.labels[index], name: parameter.name, type: type))
        }
        let list = "(\(parameters.joined(separator: ", ")))"
        if name.base == "init" {
            let nullability = method.resultType.nullability ?? (site.isAudited ? .nonnull : .unspecified)
            return "init\(nullability == .nonnull ? "" : nullability == .nullable ? "?" : "!")\(list)"
        }
        if case .instancetype = method.resultType {
            throw failure(.unsupported, "instancetype results outside init methods are not translated",
                          hint: "return the class type, or extend the generator to spell Self", at: site)
        }
        guard method.resultType != .void else { return "func \(KnownTypes.identifier(name.base))\(list)" }
        // Swift never warns about an unused result of an imported Objective-C method.
        let result = try spell(method.resultType, .result, at: site, what: "the result")
        return "@discardableResult func \(KnownTypes.identifier(name.base))\(list) -> \(result)"
    }

    /// The Swift name the importer gives a method without `NS_SWIFT_NAME`.
    private func importedName(of method: MethodDeclaration, isInitializer: Bool, context: OmissionTypeName,
                              propertyNames: Set<String>?, at site: Site) throws -> (base: String, labels: [String?]) {
        var baseName = method.pieces[0]
        var labels = method.parameters.indices.map { $0 == 0 ? "" : method.pieces[$0] }
        if isInitializer {
            baseName = "init"
            var label = String(method.pieces[0].dropFirst(4))
            let droppedWith = label.hasPrefix("With")
            if droppedWith { label = String(label.dropFirst(4)) }
            label = CamelCase.lowercasingWord(label)
            if droppedWith, KnownTypes.keywords.contains(label) { label = "with" + method.pieces[0].dropFirst(8) }
            if labels.isEmpty {
                guard label.isEmpty else {
                    throw failure(.unsupported, "an init method named '\(method.pieces[0])' without parameters is not translated",
                                  hint: "name it init, or give it NS_SWIFT_NAME(init())", at: site)
                }
            } else {
                labels[0] = label
            }
        }
        let parameterTypes = method.parameters.enumerated().map { index, parameter in
            var type = omissionName(parameter.type, context: context)
            type.hasDefaultArgument = hasDefaultArgument(
                parameter.type, baseName: baseName, parameterCount: method.parameters.count, label: labels[index],
                isFirst: index == 0, isLast: index == method.parameters.count - 1)
            return type
        }
        let returnsSelf: Bool
        if case .instancetype = method.resultType { returnsSelf = true } else { returnsSelf = isInitializer }
        NeedlessWords.omit(baseName: &baseName, argumentNames: &labels, firstParameterName: method.parameters.first?.name ?? "",
                           resultType: omissionName(method.resultType, context: context), contextType: context,
                           parameterTypes: parameterTypes, returnsSelf: returnsSelf, isProperty: false,
                           propertyNames: propertyNames)
        return (baseName, labels.map { $0.isEmpty ? nil : $0 })
    }

    /// Whether the selector's first piece is in the `init` family: `init`, or `init` and a capital.
    private static func isInitializer(_ piece: String) -> Bool {
        guard piece.hasPrefix("init") else { return false }
        let rest = piece.utf8.dropFirst(4)
        return rest.isEmpty || rest.first.map(isUppercase) == true
    }

    /// Methods the importer would also import as `async` (a trailing completion block) are refused.
    private func rejectAsyncImport(_ method: MethodDeclaration, at site: Site) throws {
        guard method.resultType == .void else { return }
        let completionNames: Set<String> = ["completionHandler", "withCompletionHandler", "completion", "withCompletion",
                                             "completionBlock", "withCompletionBlock", "reply", "withReply", "replyTo", "withReplyTo"]
        for (index, parameter) in method.parameters.enumerated() {
            guard case .block = parameter.type else { continue }
            let piece = method.pieces[index]
            let suffixes = ["WithCompletionHandler", "WithCompletion", "WithCompletionBlock", "WithReply", "WithReplyTo"]
            if completionNames.contains(parameter.name) || completionNames.contains(piece)
                || (index == 0 && suffixes.contains(where: piece.hasSuffix)) {
                throw failure(.unsupported, "the block parameter '\(parameter.name)' is a completion handler, so the importer would also import an async variant, which is not translated",
                              hint: "rename the parameter and selector piece (for example 'callback:'), or extend the generator with async imports", at: site)
            }
        }
    }

    /// `label name: Type`, `_ name: Type` or `name: Type`.
    private static func parameterSource(label: String?, name: String, type: String) -> String {
        let internalName = KnownTypes.identifier(name)
        guard let label else { return "_ \(internalName): \(type)" }
        return label == name ? "\(KnownTypes.label(label)): \(type)" : "\(KnownTypes.label(label)) \(internalName): \(type)"
    }

    /// The names of an interface's properties and its methods without parameters that return a
    /// value, with its superclasses' (`NSObject` contributes `copy` and `mutableCopy`).
    private func propertyNames(of declaration: InterfaceDeclaration) -> Set<String> {
        var names: Set<String> = []
        for member in declaration.members {
            switch member {
            case let .property(property):
                names.insert(property.name)
            case let .method(method):
                if method.parameters.isEmpty, method.resultType != .void, !Self.isInitializer(method.pieces[0]) {
                    if case .instancetype = method.resultType { continue }
                    names.insert(method.pieces[0])
                }
            }
        }
        if declaration.superclass == "NSObject" {
            names.formUnion(["copy", "mutableCopy"])
        } else if let parent = interfaces[declaration.superclass] {
            names.formUnion(propertyNames(of: parent.declaration))
        }
        return names
    }

    // MARK: - Functions

    private mutating func functionCheckSource(_ declaration: FunctionDeclaration, file: String) throws -> String {
        let site = Site(file: file, location: declaration.location, isAudited: declaration.isAudited, selfType: nil)
        let name: (base: String, labels: [String?])
        if let given = declaration.swiftName {
            name = try parseSwiftName(given, parameterCount: declaration.parameters.count, allowsParentheses: true, at: site)
        } else {
            name = (declaration.name, declaration.parameters.map { _ in nil })
        }
        var parameterTypes: [String] = []
        for (index, parameter) in declaration.parameters.enumerated() {
            parameterTypes.append(try spell(parameter.type, .nestedParameter, at: site, what: "parameter \(index + 1)"))
        }
        let result = declaration.resultType == .void ? "Void" : try spell(declaration.resultType, .nestedResult, at: site, what: "the result")
        let reference = declaration.parameters.isEmpty
            ? name.base : "\(name.base)(\(name.labels.map { ($0 ?? "_") + ":" }.joined()))"
        return """
            /// `\(declaration.name)` (\(file):\(declaration.location.line)): the bridge must provide it with this type.
            private func _headerFunction_\(declaration.name)() {
                let _: (\(parameterTypes.joined(separator: ", "))) -> \(result) = \(reference)
            }

            """
    }

    // MARK: - Names

    /// The Swift name of a protocol: `NS_SWIFT_NAME`, else its name (with `Protocol` appended
    /// when a class of the same name exists, as the importer does).
    func swiftName(ofProtocol declaration: ProtocolDeclaration, file: String) throws -> String {
        if let given = declaration.swiftName {
            let site = Site(file: file, location: declaration.location, isAudited: true, selfType: nil)
            return try parseSwiftName(given, parameterCount: 0, allowsParentheses: false, at: site).base
        }
        return interfaces[declaration.objcName] == nil ? declaration.objcName : declaration.objcName + "Protocol"
    }

    func swiftName(ofInterface declaration: InterfaceDeclaration, file: String) throws -> String {
        guard let given = declaration.swiftName else { return declaration.objcName }
        let site = Site(file: file, location: declaration.location, isAudited: true, selfType: nil)
        return try parseSwiftName(given, parameterCount: 0, allowsParentheses: false, at: site).base
    }

    /// The Swift name of a protocol named in an adoption list or `id<…>`.
    mutating func protocolName(_ name: String, at site: Site) throws -> String {
        if let declared = protocols[name] {
            return try swiftName(ofProtocol: declared.declaration, file: declared.file)
        }
        if let known = KnownTypes.protocols[name] {
            modules.insert(known.module)
            return known.swift
        }
        throw failure(.unknownType, "the protocol '\(name)' is not defined in the given headers and has no known Swift name",
                      hint: "pass the header that defines it, or add it to KnownTypes.protocols", at: site)
    }

    /// Splits `NS_SWIFT_NAME(base(a:_:))` into a base name and labels (`nil` for `_`).
    func parseSwiftName(_ text: String, parameterCount: Int, allowsParentheses: Bool, at site: Site) throws -> (base: String, labels: [String?]) {
        func invalid(_ reason: String) -> ObjCImportError {
            failure(.unsupported, "NS_SWIFT_NAME(\(text)) \(reason)", hint: "write NS_SWIFT_NAME(name) for a type or property, NS_SWIFT_NAME(name(label:_:)) for a method", at: site)
        }
        if text.contains(".") { throw invalid("names a member of another type, which is not translated") }
        var base = text
        var labels: [String?] = []
        if let open = text.firstIndex(of: "(") {
            guard allowsParentheses, text.hasSuffix(")") else { throw invalid("has an argument list where none belongs") }
            base = String(text[..<open])
            let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
            if !inner.isEmpty {
                guard inner.hasSuffix(":") else { throw invalid("has an argument label without ':'") }
                labels = inner.dropLast().split(separator: ":", omittingEmptySubsequences: false).map { $0 == "_" ? nil : String($0) }
            }
        }
        let identifiers = [base] + labels.compactMap { $0 }
        guard identifiers.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") } }) else {
            throw invalid("is not a valid Swift name")
        }
        guard labels.count == parameterCount else {
            throw invalid("names \(labels.count) argument(s) but the declaration has \(parameterCount) parameter(s)")
        }
        return (base, labels)
    }

    func failure(_ code: ObjCImportError.Code, _ message: String, hint: String, at site: Site) -> ObjCImportError {
        ObjCImportError(code, file: site.file, line: site.location.line, declaration: site.location.text, message, hint: hint)
    }
}
