import Foundation

/// A folder of fixture sources (`*.yaml`), each compiled to the `.riv` file beside it.
///
/// `rive-harness fixtures build` and the tests use the same steps: list the sources, compile
/// them all, then either write the outputs or compare them with the committed files.
public struct FixtureDirectory: Sendable {
    /// One fixture: its source and the output compiled from it.
    public struct Fixture: Sendable, Equatable {
        /// The fixture's name: the source file name without `.yaml`.
        public let name: String
        /// The path of the YAML source.
        public let sourcePath: String
        /// The path of the compiled `.riv` file.
        public let outputPath: String
    }

    /// A compiled fixture and how it compares with the file already on disk.
    public struct Compiled: Sendable {
        /// The fixture.
        public let fixture: Fixture
        /// The freshly compiled bytes.
        public let bytes: [UInt8]
        /// The bytes of the `.riv` file on disk, when there is one.
        public let committedBytes: [UInt8]?

        /// Whether the file on disk already holds exactly the fresh build.
        public var isUpToDate: Bool { committedBytes == bytes }
    }

    /// The folder's path.
    public let path: String

    /// Creates a view of a fixture folder.
    public init(path: String) {
        self.path = path
    }

    /// The fixtures in the folder, sorted by name, so builds run in a stable order.
    public func fixtures() -> [Fixture] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted().map { fileName in
            let name = String(fileName.dropLast(".yaml".count))
            let base = URL(fileURLWithPath: path)
            return Fixture(name: name, sourcePath: base.appendingPathComponent(fileName).path,
                           outputPath: base.appendingPathComponent(name + ".riv").path)
        }
    }

    /// Compiles one fixture and reads the committed output beside it.
    /// - Throws: `FixtureError` for a mistake in the fixture, or `fixture.unreadable` when the
    ///   source cannot be read as UTF-8 text.
    public func compile(_ fixture: Fixture) throws(FixtureError) -> Compiled {
        guard let data = FileManager.default.contents(atPath: fixture.sourcePath), let text = String(data: data, encoding: .utf8) else {
            throw FixtureError(.unreadable, file: fixture.sourcePath, at: .start, "cannot read the fixture as UTF-8 text", hint: "check that the file exists and is readable")
        }
        let bytes = try FixtureCompiler.build(text, file: fixture.sourcePath)
        let committed = FileManager.default.contents(atPath: fixture.outputPath).map { [UInt8]($0) }
        return Compiled(fixture: fixture, bytes: bytes, committedBytes: committed)
    }
}
