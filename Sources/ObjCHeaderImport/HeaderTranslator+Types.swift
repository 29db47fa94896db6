extension HeaderTranslator {
    /// The Swift spelling of a header type where it is written.
    ///
    /// Pointers take their nullability, or `nonnull` inside `NS_ASSUME_NONNULL`; unannotated
    /// pointers outside it are implicitly unwrapped at the top level and optional inside
    /// closure types. Type arguments are never optional. Non-optional closure parameters are `@escaping`.
    /// - Throws: `ObjCImportError` (`unknownType`) naming `what` when a type has no Swift spelling.
    mutating func spell(_ type: CType, _ position: TypePosition, at site: Site, what: String) throws -> String {
        let base = try spelling(of: type, at: site, what: what)
        guard type.isPointer, position != .typeArgument else { return base }
        var isFunction = false
        if case .block = type { isFunction = true }
        let wrapped = isFunction || base.hasPrefix("any ") ? "(\(base))" : base
        let escaping = isFunction && (position == .parameter || position == .nestedParameter) ? "@escaping " : ""
        switch type.nullability ?? (site.isAudited ? .nonnull : .unspecified) {
        case .nonnull:
            return escaping + base
        case .nullable:
            return wrapped + "?"
        case .unspecified:
            return position == .nestedParameter || position == .nestedResult ? wrapped + "?" : wrapped + "!"
        }
    }

    /// The non-optional Swift spelling of a type.
    private mutating func spelling(of type: CType, at site: Site, what: String) throws -> String {
        func unknown(_ reason: String, hint: String = "declare the type in one of the given headers, or add it to KnownTypes") -> ObjCImportError {
            ObjCImportError(.unknownType, file: site.file, line: site.location.line, declaration: site.location.text,
                            "cannot translate the type '\(type.cSpelling)' of \(what): \(reason)", hint: hint)
        }
        switch type {
        case .void:
            return "Void"
        case let .named(name, arguments):
            guard arguments.isEmpty else { throw unknown("type arguments belong to class pointers only") }
            if let value = KnownTypes.values[name] {
                if value.module != "Swift" { modules.insert(value.module) }
                return value.swift
            }
            if let declared = enums[name] { return declared.declaration.swiftName ?? name }
            if let declared = structs[name] { return declared.declaration.swiftName ?? name }
            if interfaces[name] != nil || KnownTypes.classes[name] != nil || forwardClasses.contains(name) {
                throw unknown("a class is used through a pointer", hint: "write '\(name) *'")
            }
            throw unknown("the header set does not declare it and it is not a known type")
        case let .pointer(pointee, _, isConst):
            switch pointee {
            case .void:
                return isConst ? "UnsafeRawPointer" : "UnsafeMutableRawPointer"
            case let .named(name, arguments):
                return try classSpelling(name, arguments: arguments, at: site, what: what, unknown: unknown)
            default:
                throw unknown("pointers to pointers (such as NSError **, which the importer turns into throws) are not translated",
                              hint: "return the value or report errors through a block parameter")
            }
        case let .id(protocols, _):
            guard !protocols.isEmpty else { return "Any" }
            return "any " + (try protocols.map { try protocolName($0, at: site) }).joined(separator: " & ")
        case .instancetype:
            guard let selfType = site.selfType else {
                throw unknown("instancetype is translated in @interface init methods only")
            }
            return selfType
        case let .block(result, parameters, _):
            var list: [String] = []
            for parameter in parameters {
                list.append(try spell(parameter, .nestedParameter, at: site, what: "a parameter of the block of \(what)"))
            }
            let resultSpelling = result == .void ? "Void" : try spell(result, .nestedResult, at: site, what: "the result of the block of \(what)")
            return "(\(list.joined(separator: ", "))) -> \(resultSpelling)"
        }
    }

    private mutating func classSpelling(_ name: String, arguments: [CType], at site: Site, what: String,
                                        unknown: (String, String) -> ObjCImportError) throws -> String {
        switch name {
        case "NSArray":
            guard arguments.count <= 1 else { throw unknown("NSArray takes one type argument", "check the type arguments") }
            let element = try arguments.first.map { try spell($0, .typeArgument, at: site, what: "the element type of \(what)") }
            return "[\(element ?? "Any")]"
        case "NSDictionary":
            guard arguments.isEmpty || arguments.count == 2 else {
                throw unknown("NSDictionary takes two type arguments", "check the type arguments")
            }
            guard arguments.count == 2 else { return "[AnyHashable: Any]" }
            let key = arguments[0] == .id(protocols: [], nullability: nil)
                ? "AnyHashable" : try spell(arguments[0], .typeArgument, at: site, what: "the key type of \(what)")
            let value = try spell(arguments[1], .typeArgument, at: site, what: "the value type of \(what)")
            return "[\(key): \(value)]"
        default:
            guard arguments.isEmpty else { throw unknown("only NSArray and NSDictionary type arguments are translated", "drop the type arguments") }
            if let known = KnownTypes.classes[name] {
                if known.module != "Swift" { modules.insert(known.module) }
                return known.swift
            }
            if let declared = interfaces[name] { return try swiftName(ofInterface: declared.declaration, file: declared.file) }
            if forwardClasses.contains(name) {
                throw unknown("'\(name)' is only declared with @class in the given headers", "pass the header that declares @interface \(name)")
            }
            throw unknown("the header set does not declare the class and it is not a known class",
                          "pass the header that declares it, or add it to KnownTypes.classes")
        }
    }

    /// A type's name for the word-omission rules: typedefs looked through to the C scalar
    /// (`uint64_t` is `UInt64`), a class's or protocol's Objective-C name, `Block` for blocks.
    func omissionName(_ type: CType, context: OmissionTypeName) -> OmissionTypeName {
        switch type {
        case .void:
            return OmissionTypeName(name: "Void")
        case let .named(name, _):
            return KnownTypes.values[name]?.omission ?? OmissionTypeName(name: name)
        case .pointer(.void, _, _):
            return OmissionTypeName(name: "Void")
        case let .pointer(.named(name, arguments), _, _):
            let lastWord = CamelCase.lastWord(name)
            guard lastWord == "Array" || lastWord == "Set" else { return OmissionTypeName(name: name) }
            let element: String
            if ["NSArray", "NSMutableArray", "NSSet", "NSMutableSet", "NSOrderedSet"].contains(name) {
                element = arguments.first.map { omissionName($0, context: context).name } ?? "Object"
            } else {
                element = String(name.dropLast(lastWord.count))
            }
            return OmissionTypeName(name: name, collectionElement: element)
        case let .pointer(pointee, _, _):
            return omissionName(pointee, context: context)
        case let .id(protocols, _):
            return OmissionTypeName(name: protocols.isEmpty ? "Object" : protocols.count == 1 ? protocols[0] : "")
        case .instancetype:
            return context
        case .block:
            return OmissionTypeName(name: "Block", isFunction: true)
        }
    }

    /// Whether the importer gives the parameter a default argument: a trailing nullable block
    /// (`nil`), an `NS_OPTIONS` type whose name has the word "Options" (`[]`), an `NSDictionary`
    /// whose label says options, attributes or user info (`[:]`).
    func hasDefaultArgument(_ type: CType, baseName: String, parameterCount: Int, label: String, isFirst: Bool, isLast: Bool) -> Bool {
        let isSetter = CamelCase.firstWord(baseName) == "set"
        if parameterCount == 1, isSetter { return false }
        if type.nullability == .nullable, isLast, case .block = type { return true }
        if isFirst, isSetter { return false }
        let same = CamelCase.sameWordIgnoringFirstCase
        if case let .named(name, _) = type, let declared = enums[name], declared.declaration.kind == .options {
            let words = CamelCaseWords(name)
            return (0..<words.count).contains { same(words[$0], "options") }
        }
        if case .pointer(.named("NSDictionary", _), _, _) = type {
            let words = CamelCaseWords(label.isEmpty ? baseName : label)
            var sawInfo = false
            for index in (0..<words.count).reversed() {
                let word = words[index]
                if same(word, "options") || same(word, "attributes") { return true }
                if same(word, "info") {
                    sawInfo = true
                    continue
                }
                if sawInfo, same(word, "user") { return true }
                if label.isEmpty { break }
                sawInfo = false
            }
        }
        return false
    }
}
