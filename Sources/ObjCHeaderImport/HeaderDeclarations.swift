/// Whether a pointer type may be nil, as a header states it.
enum Nullability: Sendable, Equatable {
    /// `nonnull`, `_Nonnull`.
    case nonnull
    /// `nullable`, `_Nullable`.
    case nullable
    /// `null_unspecified`, `null_resettable`: imported as an implicitly unwrapped optional.
    case unspecified
}

/// A C or Objective-C type as written in a header, before it is given a Swift spelling.
indirect enum CType: Sendable, Equatable {
    /// `void`.
    case void
    /// A name without `*`: a C scalar (`unsigned int`), a typedef, an enum, a struct or a class
    /// (then wrapped in `pointer`), with Objective-C type arguments (`NSArray<NSString *>`).
    case named(String, typeArguments: [CType])
    /// `id`, `id<P>`, `id<P, Q>`.
    case id(protocols: [String], nullability: Nullability?)
    /// `instancetype`.
    case instancetype(nullability: Nullability?)
    /// `T *`; `isConst` records `const void *`.
    case pointer(to: CType, nullability: Nullability?, isConst: Bool)
    /// `R (^)(P1, P2)`.
    case block(result: CType, parameters: [CType], nullability: Nullability?)

    /// The type written the C way, for messages: `NSArray<NSString *> *`, `void (^)(void *)`.
    var cSpelling: String {
        switch self {
        case .void: return "void"
        case let .named(name, arguments):
            return arguments.isEmpty ? name : "\(name)<\(arguments.map(\.cSpelling).joined(separator: ", "))>"
        case let .id(protocols, _): return protocols.isEmpty ? "id" : "id<\(protocols.joined(separator: ", "))>"
        case .instancetype: return "instancetype"
        case let .pointer(pointee, _, isConst): return (isConst ? "const " : "") + pointee.cSpelling + " *"
        case let .block(result, parameters, _):
            let list = parameters.isEmpty ? "void" : parameters.map(\.cSpelling).joined(separator: ", ")
            return "\(result.cSpelling) (^)(\(list))"
        }
    }

    /// The nullability written on the outermost pointer, block, `id` or `instancetype`.
    var nullability: Nullability? {
        switch self {
        case .void, .named: return nil
        case let .id(_, nullability), let .instancetype(nullability), let .pointer(_, nullability, _),
             let .block(_, _, nullability):
            return nullability
        }
    }

    /// Whether the type is a pointer of any kind, so that nullability applies to it.
    var isPointer: Bool {
        switch self {
        case .void, .named: return false
        case .id, .instancetype, .pointer, .block: return true
        }
    }

    /// The same type with `nullability` on its outermost pointer (non-pointers are returned unchanged).
    func with(nullability new: Nullability) -> CType {
        switch self {
        case .void, .named: return self
        case let .id(protocols, _): return .id(protocols: protocols, nullability: new)
        case .instancetype: return .instancetype(nullability: new)
        case let .pointer(pointee, _, isConst): return .pointer(to: pointee, nullability: new, isConst: isConst)
        case let .block(result, parameters, _): return .block(result: result, parameters: parameters, nullability: new)
        }
    }
}

/// Where a declaration is: its line and its text as written, whitespace collapsed.
struct DeclarationLocation: Sendable, Equatable {
    let line: Int
    let text: String
}

/// `@protocol Name <Inherited…> … @end`.
struct ProtocolDeclaration: Sendable {
    let objcName: String
    let swiftName: String?
    let inherited: [String]
    /// `NS_SWIFT_UI_ACTOR`.
    let isMainActor: Bool
    let members: [MemberDeclaration]
    let location: DeclarationLocation
}

/// `@interface Name : Superclass <Protocols…> … @end`.
struct InterfaceDeclaration: Sendable {
    let objcName: String
    let swiftName: String?
    let superclass: String
    let protocols: [String]
    /// `NS_SWIFT_UI_ACTOR`.
    let isMainActor: Bool
    let members: [MemberDeclaration]
    let location: DeclarationLocation
}

/// A property or method of a protocol or interface.
enum MemberDeclaration: Sendable {
    case property(PropertyDeclaration)
    case method(MethodDeclaration)
}

/// `@property (attributes) Type name;`.
struct PropertyDeclaration: Sendable {
    let name: String
    let type: CType
    let isReadonly: Bool
    /// `getter=name`, which names Swift's `BOOL` properties.
    let getter: String?
    let swiftName: String?
    let isUnavailable: Bool
    /// `NS_SWIFT_UI_ACTOR`.
    let isMainActor: Bool
    /// Inside `NS_ASSUME_NONNULL_BEGIN … END`.
    let isAudited: Bool
    let location: DeclarationLocation
}

/// `- (Result)piece:(Type)name piece:(Type)name;`.
struct MethodDeclaration: Sendable {
    /// A parameter: its type and its name in the header.
    struct Parameter: Sendable {
        let type: CType
        let name: String
    }

    let resultType: CType
    /// The selector's pieces without colons; one piece for a method without parameters.
    let pieces: [String]
    let parameters: [Parameter]
    let swiftName: String?
    /// `NS_UNAVAILABLE`.
    let isUnavailable: Bool
    /// `NS_SWIFT_UI_ACTOR`.
    let isMainActor: Bool
    /// Inside `NS_ASSUME_NONNULL_BEGIN … END`.
    let isAudited: Bool
    let location: DeclarationLocation

    /// The Objective-C selector, `loadFile:observer:requestID:`.
    var selector: String {
        parameters.isEmpty ? pieces[0] : pieces.map { $0 + ":" }.joined()
    }
}

/// `typedef NS_ENUM(Raw, Name) { … }`, `NS_CLOSED_ENUM` or `NS_OPTIONS`.
struct EnumDeclaration: Sendable {
    /// Which macro declared the enum.
    enum Kind: String, Sendable {
        case enumeration = "NS_ENUM"
        case closedEnumeration = "NS_CLOSED_ENUM"
        case options = "NS_OPTIONS"
    }

    /// One enumerator: its name, the tokens of its value when written, and its Swift name when given.
    struct Case: Sendable {
        let name: String
        let value: [Token]
        let swiftName: String?
        let line: Int
    }

    let kind: Kind
    let rawType: CType
    let objcName: String
    let swiftName: String?
    let cases: [Case]
    let location: DeclarationLocation
}

/// `typedef struct { … } Name;` or `struct Name { … };`.
struct StructDeclaration: Sendable {
    /// A field: its type, name and line.
    struct Field: Sendable {
        let type: CType
        let name: String
        let line: Int
    }

    let objcName: String
    let swiftName: String?
    let fields: [Field]
    /// Inside `NS_ASSUME_NONNULL_BEGIN … END`.
    let isAudited: Bool
    let location: DeclarationLocation
}

/// `extern Result name(Type, Type name);`.
struct FunctionDeclaration: Sendable {
    /// A parameter: its type and, when written, its name.
    struct Parameter: Sendable {
        let type: CType
        let name: String?
    }

    let name: String
    let swiftName: String?
    let resultType: CType
    let parameters: [Parameter]
    /// Inside `NS_ASSUME_NONNULL_BEGIN … END`.
    let isAudited: Bool
    let location: DeclarationLocation
}

/// A top-level declaration the generator translates.
enum Declaration: Sendable {
    case `protocol`(ProtocolDeclaration)
    case interface(InterfaceDeclaration)
    case enumeration(EnumDeclaration)
    case structure(StructDeclaration)
    case function(FunctionDeclaration)
}

/// The declarations of one header, in source order.
struct ParsedHeader: Sendable {
    /// The path as given to the generator.
    let path: String
    let declarations: [Declaration]
    /// Names declared with `@class` only.
    let forwardClasses: Set<String>
}
