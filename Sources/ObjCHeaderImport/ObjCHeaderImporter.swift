import Foundation

/// One Objective-C header: its path as given (used in messages and in the generated file) and its text.
public struct HeaderSource: Sendable, Equatable {
    /// The path as given on the command line or by the caller.
    public let path: String
    /// The header's text.
    public let text: String

    /// Creates a header from text already read.
    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }

    /// Reads a header file as UTF-8 text.
    /// - Throws: `ObjCImportError` (`unreadable`) when the file cannot be read.
    public init(contentsOfFile path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ObjCImportError(.unreadable, file: path, line: nil, declaration: nil, "cannot read the header",
                                  hint: "check that the file exists and is readable")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ObjCImportError(.unreadable, file: path, line: nil, declaration: nil, "the header is not UTF-8 text",
                                  hint: "convert the header to UTF-8")
        }
        self.init(path: path, text: text)
    }
}

/// Which `@interface`s and `extern` functions get a check that the bridge implements them.
public enum InterfaceChecks: Sendable, Equatable {
    /// Every interface and function in the headers.
    case all
    /// Only these, by Objective-C or Swift name.
    case only([String])
    /// None.
    case none
}

/// Translates the Objective-C headers of a bridge into the Swift declarations Swift's
/// Objective-C importer would give Swift code that uses them (docs/objc-import.md).
///
/// Protocols, enums, option sets and structs become Swift declarations with the importer's
/// names and types. Classes and functions are the bridge's to implement in Swift; for each
/// one selected by `InterfaceChecks` the output has a protocol listing what the header
/// declares and an extension that makes the bridge's class conform to it (or, for a
/// function, a reference with the function's type), so a header change fails the build at
/// the member that changed.
public enum ObjCHeaderImporter {
    /// The generated Swift file for `headers`, translated in the order given.
    /// - Throws: `ObjCImportError` for the first construct that cannot be translated, or
    ///   (`unknownName`) for a name in `checks` that no header declares.
    public static func generate(headers: [HeaderSource], target: TargetOS = .macos, checks: InterfaceChecks = .all) throws -> String {
        var parsed: [ParsedHeader] = []
        for header in headers {
            let lines = try HeaderPreprocessor(file: header.path, target: target).activeLines(of: header.text)
            parsed.append(try HeaderParser.parse(path: header.path, lines: lines))
        }
        var translator = try HeaderTranslator(headers: parsed)
        return try translator.generate(target: target, checks: checks)
    }
}
