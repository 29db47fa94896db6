import Foundation

/// Locates the shared upstream material (`../shared` beside the project) for tests.
///
/// Tests read the format definitions and the upstream `.riv` files from there and never copy
/// them into the project. Set `RIVE_HARNESS_SHARED` to use another folder. When the folder is
/// absent, tests that need it are skipped with a comment saying so.
public enum SharedMaterial {
    /// The shared folder: `RIVE_HARNESS_SHARED`, or `../shared` next to the package root.
    public static let directory: URL = {
        if let override = ProcessInfo.processInfo.environment["RIVE_HARNESS_SHARED"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
    }()

    /// The package root, found from this file's path.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The upstream `.riv` test files folder.
    public static let assetsDirectory = directory.appendingPathComponent("rive-assets")
    /// The upstream format definitions folder.
    public static let definitionsDirectory = directory.appendingPathComponent("rive-defs")

    /// Whether the upstream `.riv` files are present.
    public static var hasAssets: Bool { FileManager.default.fileExists(atPath: assetsDirectory.path) }
    /// Whether the format definitions are present.
    public static var hasDefinitions: Bool { FileManager.default.fileExists(atPath: definitionsDirectory.path) }

    /// The comment shown when a test is skipped because the shared folder is absent.
    public static let absentComment = "skipped: ../shared (or RIVE_HARNESS_SHARED) is absent"

    /// Every `.riv` file in the assets folder, sorted by name.
    public static func assetNames() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: assetsDirectory.path)) ?? []
        return names.filter { $0.hasSuffix(".riv") }.sorted()
    }

    /// The bytes of one upstream `.riv` file, or `nil` (with a printed skip) when it is absent.
    public static func assetIfPresent(_ name: String) -> [UInt8]? {
        let url = assetsDirectory.appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            print("skipped: \(name) is not at \(url.path); set RIVE_HARNESS_SHARED to the folder that holds rive-assets")
            return nil
        }
        return [UInt8](data)
    }

    /// The bytes of one upstream `.riv` file.
    public static func asset(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: assetsDirectory.appendingPathComponent(name)))
    }
}
