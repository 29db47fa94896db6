import Foundation

/// A temporary copy of the project corpus with synthetic scenarios added, for tests that run
/// the command-line tool on a corpus they may change.
public struct CorpusCopy {
    /// The copied corpus folder.
    public let corpus: URL
    /// The temporary folder that holds it (and anything else a test puts beside it).
    public let root: URL

    /// Copies `Corpus/` to `<temporary>/<prefix>-<UUID>/Corpus`.
    public init(prefix: String) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        corpus = root.appendingPathComponent("Corpus")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: SharedMaterial.packageRoot.appendingPathComponent("Corpus"), to: corpus)
    }

    /// Writes a scenario at `scenarios/ID.yaml` (folders created as needed); returns its file.
    @discardableResult
    public func write(scenario id: String, _ text: String) throws -> URL {
        let file = corpus.appendingPathComponent("scenarios/\(id).yaml")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file
    }

    /// Deletes the temporary folder.
    public func remove() { try? FileManager.default.removeItem(at: root) }

    /// A scenario on the `all-types` fixture whose one check, the default instance's `x`,
    /// holds when `expected` is 50 (the authored value).
    public static func allTypesX(expecting expected: Int, description: String = "a synthetic scenario") -> String {
        """
        description: \(description)
        rules: [PROP-1]
        fixture: all-types
        steps:
          - load: file
          - instance: vmi
            file: file
            source: viewModelDefault
            viewModel: AllTypes
          - get: vmi
            property: x
            type: number
            expect: \(expected)

        """
    }
}
