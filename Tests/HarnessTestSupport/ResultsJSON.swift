import Foundation

/// Comparisons of results documents (docs/results-format.md) that ignore what may differ between runs.
public enum ResultsJSON {
    /// The document with every `durationSeconds` removed, re-serialised with sorted keys.
    /// - Throws: when the text is not JSON.
    public static func withoutDurations(_ text: String) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        let stripped = try JSONSerialization.data(withJSONObject: removingDurations(object), options: [.sortedKeys, .prettyPrinted])
        return String(decoding: stripped, as: UTF8.self)
    }

    private static func removingDurations(_ value: Any) -> Any {
        if let dictionary = value as? [String: Any] {
            return dictionary.filter { $0.key != "durationSeconds" }.mapValues(removingDurations)
        }
        if let array = value as? [Any] { return array.map(removingDurations) }
        return value
    }
}
