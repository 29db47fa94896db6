/// The types the generator knows without a header declaring them: C scalars, Foundation,
/// CoreGraphics geometry, and the few Metal and AppKit/UIKit types the bridge headers use.
enum KnownTypes {
    /// A value type: its Swift spelling, its name for the word-omission rules, its zero for a
    /// C struct's `init()`, and the module that declares it.
    struct Value {
        let swift: String
        let omission: OmissionTypeName
        let zero: String
        let module: String
    }

    /// An Objective-C class: its Swift spelling (bridged where Swift bridges it) and module.
    struct Class {
        let swift: String
        let module: String
    }

    /// C scalars and typedefs of them, by their spelling in a header.
    static let values: [String: Value] = {
        func value(_ swift: String, _ omission: String, zero: String = "0", module: String = "Swift", boolean: Bool = false) -> Value {
            Value(swift: swift, omission: OmissionTypeName(name: omission, isBoolean: boolean), zero: zero, module: module)
        }
        return [
            "BOOL": value("Bool", "Bool", zero: "false", boolean: true),
            "bool": value("Bool", "Bool", zero: "false", boolean: true),
            "char": value("CChar", "Int8"),
            "signed char": value("Int8", "Int8"),
            "unsigned char": value("UInt8", "UInt8"),
            "short": value("Int16", "Int16"),
            "unsigned short": value("UInt16", "UInt16"),
            "int": value("Int32", "Int32"),
            "unsigned int": value("UInt32", "UInt32"),
            "long": value("Int", "Int64"),
            "unsigned long": value("UInt", "UInt64"),
            "long long": value("Int64", "Int64"),
            "unsigned long long": value("UInt64", "UInt64"),
            "float": value("Float", "Float"),
            "double": value("Double", "Double"),
            "int8_t": value("Int8", "Int8"),
            "int16_t": value("Int16", "Int16"),
            "int32_t": value("Int32", "Int32"),
            "int64_t": value("Int64", "Int64"),
            "uint8_t": value("UInt8", "UInt8"),
            "uint16_t": value("UInt16", "UInt16"),
            "uint32_t": value("UInt32", "UInt32"),
            "uint64_t": value("UInt64", "UInt64"),
            "size_t": value("Int", "UInt64"),
            "NSInteger": value("Int", "NSInteger"),
            "NSUInteger": value("UInt", "NSUInteger"),
            "NSTimeInterval": value("TimeInterval", "Double", module: "Foundation"),
            "CGFloat": value("CGFloat", "CGFloat", module: "Foundation"),
            "CGSize": value("CGSize", "CGSize", zero: "CGSize()", module: "Foundation"),
            "CGPoint": value("CGPoint", "CGPoint", zero: "CGPoint()", module: "Foundation"),
            "CGRect": value("CGRect", "CGRect", zero: "CGRect()", module: "Foundation"),
            "MTLPixelFormat": value("MTLPixelFormat", "MTLPixelFormat", zero: ".invalid", module: "Metal"),
        ]
    }()

    /// Objective-C classes other than the headers' own. `NSArray` and `NSDictionary` become
    /// Swift collections and are handled apart.
    static let classes: [String: Class] = [
        "NSString": Class(swift: "String", module: "Foundation"),
        "NSData": Class(swift: "Data", module: "Foundation"),
        "NSNumber": Class(swift: "NSNumber", module: "Foundation"),
        "NSError": Class(swift: "any Error", module: "Swift"),
        "NSObject": Class(swift: "NSObject", module: "Foundation"),
        "NSFont": Class(swift: "NSFont", module: "AppKit"),
        "UIFont": Class(swift: "UIFont", module: "UIKit"),
    ]

    /// Objective-C protocols other than the headers' own, by name: their Swift name and module.
    static let protocols: [String: Class] = [
        "NSObject": Class(swift: "NSObjectProtocol", module: "Foundation"),
        "MTLDevice": Class(swift: "MTLDevice", module: "Metal"),
        "MTLTexture": Class(swift: "MTLTexture", module: "Metal"),
        "MTLCommandBuffer": Class(swift: "MTLCommandBuffer", module: "Metal"),
    ]

    /// Swift keywords that need backticks where they name a declaration or parameter.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as",
        "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_",
    ]

    /// `name`, in backticks when it is a Swift keyword.
    static func identifier(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// An argument label, in backticks when Swift does not accept it bare (`inout`, `var`, `let`).
    static func label(_ name: String) -> String {
        ["inout", "var", "let"].contains(name) ? "`\(name)`" : name
    }
}
