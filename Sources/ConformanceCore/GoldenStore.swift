import Foundation
import HarnessSupport
import RuntimeAPI

/// When golden digests are written; recording always fails the scenario that records.
public enum RecordMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// Write goldens that do not exist yet; compare with the others.
    case missing
    /// Write every golden the run reaches, replacing what was there.
    case all
    /// Never write; a missing golden is a failure (what CI uses).
    case never

    /// The mode when none is given: `RIVE_HARNESS_RECORD` when set, `never` when the `CI`
    /// environment variable is `true` or `1` (CI never records), `missing` otherwise.
    /// - Throws: `RecordModeError` when `RIVE_HARNESS_RECORD` is set to something else than a mode.
    public static func fromEnvironment(_ environment: [String: String]) throws(RecordModeError) -> RecordMode {
        if let named = environment["RIVE_HARNESS_RECORD"] {
            guard let mode = RecordMode(rawValue: named) else { throw RecordModeError(value: named) }
            return mode
        }
        return ["true", "1"].contains(environment["CI"]?.lowercased() ?? "") ? .never : .missing
    }
}

/// `RIVE_HARNESS_RECORD` holds a value that is not a record mode.
public struct RecordModeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The value found.
    public var value: String

    /// Creates the error for a value.
    public init(value: String) { self.value = value }

    /// What is wrong and the valid values.
    public var description: String {
        "RIVE_HARNESS_RECORD is '\(value)', which is not a record mode: use \(RecordMode.allCases.map(\.rawValue).joined(separator: ", ")) or unset it"
    }
}

/// The golden draw digests of a corpus: `expected/<scenario ID>/<name>.digest`, one command per line.
public struct GoldenStore: Sendable {
    /// What checking a digest against its golden found.
    public enum Outcome: Sendable, Hashable {
        /// The digest equals the golden.
        case matched
        /// The digest differs from the golden, which holds these commands.
        case mismatched(golden: [String])
        /// There is no golden and the mode does not record.
        case missing(path: String)
        /// The digest was written as the golden (the scenario still fails).
        case recorded(path: String)
        /// Writing the golden failed.
        case writeFailed(path: String, reason: String)
    }

    /// The folder holding the goldens (`Corpus/expected`).
    public var directory: String
    /// When goldens are written.
    public var mode: RecordMode

    /// Creates a store.
    public init(directory: String, mode: RecordMode) {
        self.directory = directory
        self.mode = mode
    }

    /// The path of a golden, relative to the store's folder.
    public func relativePath(scenario id: String, name: String) -> String { "\(id)/\(name).digest" }

    /// Checks a digest against its golden, recording as the mode says.
    public func check(_ digest: DrawDigest, scenario id: String, name: String) -> Outcome {
        let path = directory + "/" + relativePath(scenario: id, name: name)
        let existing = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
        let golden = existing.map(Self.commandLines)
        switch (mode, golden) {
        case (.never, nil): return .missing(path: path)
        case (.never, let golden?), (.missing, let golden?):
            return golden == digest.commands ? .matched : .mismatched(golden: golden)
        case (.missing, nil), (.all, _):
            do {
                try AtomicFile.write(Array(digest.commands.map { $0 + "\n" }.joined().utf8), to: path)
                return .recorded(path: path)
            } catch {
                return .writeFailed(path: path, reason: error.reason)
            }
        }
    }

    /// The commands of a golden file: one per line, with or without a final newline (a
    /// carriage return before a newline is dropped too).
    static func commandLines(_ text: String) -> [String] {
        // Split the bytes, not the characters: "\r\n" is one Character in Swift.
        var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
        }
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
