import Foundation
import ObjCHeaderImport
import Testing

/// The generated file for one header written in a test.
func generate(_ text: String, path: String = "Test.h", target: TargetOS = .macos, checks: InterfaceChecks = .none) throws -> String {
    try ObjCHeaderImporter.generate(headers: [HeaderSource(path: path, text: text)], target: target, checks: checks)
}

/// The declaration lines of generated Swift: trimmed, without comments and blank lines.
func declarationLines(_ source: String) -> [String] {
    source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty && !$0.hasPrefix("//") }
}

/// Generates `text` and expects the given declaration lines, in order, among the output's.
func expectDeclarations(_ text: String, target: TargetOS = .macos, checks: InterfaceChecks = .none, _ expected: [String],
                        sourceLocation: SourceLocation = #_sourceLocation) throws {
    let lines = declarationLines(try generate(text, target: target, checks: checks))
    var remaining = lines[...]
    for line in expected {
        guard let found = remaining.firstIndex(of: line) else {
            Issue.record("missing '\(line)' in:\n\(lines.joined(separator: "\n"))", sourceLocation: sourceLocation)
            return
        }
        remaining = remaining[(found + 1)...]
    }
}

/// Generates `text`, expects it to fail, and returns the error.
@discardableResult
func expectFailure(_ text: String, target: TargetOS = .macos, checks: InterfaceChecks = .none, code: ObjCImportError.Code,
                   line: Int?, sourceLocation: SourceLocation = #_sourceLocation) -> ObjCImportError? {
    do {
        let output = try generate(text, target: target, checks: checks)
        Issue.record("expected \(code), generated:\n\(output)", sourceLocation: sourceLocation)
        return nil
    } catch let error as ObjCImportError {
        #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
        #expect(error.line == line, "\(error)", sourceLocation: sourceLocation)
        return error
    } catch {
        Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
        return nil
    }
}
