import Foundation
import HarnessTestSupport
import Testing

/// Runs the built `rive-harness fixtures build` as a user would.
struct CommandTests {
    private func run(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let result = try HarnessProcess.run(arguments)
        return (result.exitCode, result.standardOutput, result.standardError)
    }

    private func temporaryCopyOfFixtures() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fixtures-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: SharedMaterial.packageRoot.appendingPathComponent("Corpus/fixtures"), to: folder)
        return folder
    }

    @Test
    func checkPassesOnTheCommittedFixtures() throws {
        let result = try run(["fixtures", "build", "--check", "--dir", SharedMaterial.packageRoot.appendingPathComponent("Corpus/fixtures").path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("all \(FixtureSetTests.names.count) fixture(s) are up to date"))
    }

    @Test
    func checkFailsNamingAStaleFile() throws {
        let folder = try temporaryCopyOfFixtures()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stale = folder.appendingPathComponent("globals.riv")
        var bytes = try Data(contentsOf: stale)
        bytes[bytes.count - 2] ^= 0xFF
        try bytes.write(to: stale)
        let result = try run(["fixtures", "build", "--check", "--dir", folder.path])
        #expect(result.status == 1)
        #expect(result.errors.contains(stale.path))
        #expect(!result.errors.contains("character.riv"))
    }

    @Test
    func buildWritesMissingFilesAndThenReportsThemUnchanged() throws {
        let folder = try temporaryCopyOfFixtures()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("lists.riv")
        let committed = try Data(contentsOf: output)
        try FileManager.default.removeItem(at: output)
        let first = try run(["fixtures", "build", "--dir", folder.path])
        #expect(first.status == 0)
        #expect(first.output.contains("wrote \(output.path)"))
        #expect(try Data(contentsOf: output) == committed)
        let second = try run(["fixtures", "build", "--dir", folder.path])
        #expect(second.output.contains("unchanged \(output.path)"))
    }

    @Test
    func aMistakeInOneFixtureWritesNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fixtures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "artboards:\n  - {name: A, width: 10, height: 10}\n".write(to: folder.appendingPathComponent("a-good.yaml"), atomically: true, encoding: .utf8)
        try "artboards:\n  - {name: B, width: 10, height: 10, viewModel: Missing}\n".write(to: folder.appendingPathComponent("b-bad.yaml"), atomically: true, encoding: .utf8)
        let result = try run(["fixtures", "build", "--dir", folder.path])
        #expect(result.status == 3)
        #expect(result.errors.contains("b-bad.yaml:2:49: error[fixture.unknown-name]"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("a-good.riv").path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("b-bad.riv").path))
    }

    @Test
    func helpDescribesTheCommand() throws {
        let result = try run(["fixtures", "--help"])
        #expect(result.status == 0)
        #expect(result.output.contains("usage: rive-harness fixtures build [--check] [--dir DIR]"))
    }
}
