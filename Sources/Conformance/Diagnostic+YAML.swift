import ConformanceCore
import YAML

extension Diagnostic {
    /// Converts a YAML parse or decode error, keeping its code and location.
    public init(_ error: YAMLError, file: String) {
        self.init(file: file, mark: error.mark, code: error.code.rawValue, message: error.message,
                  hint: error.hint ?? "fix the YAML at this position")
    }
}
