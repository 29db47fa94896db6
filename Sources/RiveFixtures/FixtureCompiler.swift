import Foundation
import RiveFormat
import YAML

/// Compiles fixture descriptions (YAML, see docs/fixture-format.md) into `.riv` files.
///
/// Everything in a fixture is referred to by name; the compiler resolves names to the ids and
/// indices the format uses, lays the objects out in the order the Rive editor exports them
/// (Backboard, enums, converters, view models with their instances, then each artboard with
/// its components, animations and state machines), omits properties equal to their schema
/// default, and writes through `RiveWriter`, which checks the format's own rules again.
public enum FixtureCompiler {
    /// Compiles fixture text into a document.
    /// - Parameters:
    ///   - text: The fixture's YAML source.
    ///   - file: The fixture's path, used in error messages.
    ///   - assetFolder: The folder the files a fixture names (fonts) are relative to; by
    ///     default the folder of `file`.
    /// - Throws: `FixtureError` for the first mistake found, located in `file`.
    public static func compile(_ text: String, file: String, assetFolder: String? = nil) throws(FixtureError) -> RiveDocument {
        try compilation(of: text, file: file, assetFolder: assetFolder).document
    }

    /// Compiles fixture text into `.riv` bytes.
    /// - Parameters:
    ///   - text: The fixture's YAML source.
    ///   - file: The fixture's path, used in error messages.
    ///   - assetFolder: The folder the files a fixture names (fonts) are relative to; by
    ///     default the folder of `file`.
    /// - Throws: `FixtureError`, including `fixture.format-rule` when the writer rejects the
    ///   compiled objects (located at the fixture element that produced the object).
    public static func build(_ text: String, file: String, assetFolder: String? = nil) throws(FixtureError) -> [UInt8] {
        let compilation = try compilation(of: text, file: file, assetFolder: assetFolder)
        do {
            return try RiveWriter.write(compilation.document)
        } catch {
            throw compilation.locate(error)
        }
    }

    private static func compilation(of text: String, file: String, assetFolder: String?) throws(FixtureError) -> FixtureCompilation {
        let source: FixtureSource
        do {
            source = try YAMLDecoder(rejectUnknownKeys: true).decode(FixtureSource.self, from: text, file: file)
        } catch {
            throw FixtureError(error, file: file)
        }
        let folder = URL(fileURLWithPath: assetFolder ?? URL(fileURLWithPath: file).deletingLastPathComponent().path)
        var compilation = FixtureCompilation(file: file) { path in
            FileManager.default.contents(atPath: folder.appendingPathComponent(path).path).map { [UInt8]($0) }
        }
        try compilation.compile(source)
        return compilation
    }
}
