import Testing
import YAML

/// Runs `body`, requires it to throw a `YAMLError` with `code` at `line`:`column`, and
/// returns the error for further checks.
@discardableResult
func expectYAMLError<T>(
    _ code: YAMLError.Code,
    at line: Int,
    _ column: Int,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws(YAMLError) -> T
) -> YAMLError? {
    do {
        let value = try body()
        Issue.record("expected \(code) at \(line):\(column), got \(value)", sourceLocation: sourceLocation)
        return nil
    } catch {
        #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
        #expect(error.mark == Mark(line: line, column: column), "\(error)", sourceLocation: sourceLocation)
        return error
    }
}
