import Foundation
import HarnessTestSupport
import Testing

/// `rive-harness render`, run as a user would run it.
struct RenderCommandTests {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Corpus/fixtures")

    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("render writes one PNG per frame with progress lines and digests")
    func writesFrames() throws {
        let out = try temporaryDirectory().appendingPathComponent("frames")
        let result = try HarnessProcess.run(["render", Self.fixtures.appendingPathComponent("character.riv").path,
                                             "--frames", "3", "--size", "64x48", "--out", out.path, "--digest"])
        #expect(result.exitCode == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.contains("unsupported: none"))
        #expect(lines.filter { $0.hasPrefix("frame ") && $0.contains(" digest ") && $0.contains(" wrote ") }.count == 3)
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(files == ["frame-0000.png", "frame-0001.png", "frame-0002.png"])
        let png = try Data(contentsOf: out.appendingPathComponent("frame-0000.png"))
        #expect(png.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    }

    @Test("render lists unsupported content by type name")
    func listsUnsupported() throws {
        let result = try HarnessProcess.run(["render", Self.fixtures.appendingPathComponent("lists.riv").path, "--digest"])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.contains("unsupported: ArtboardComponentList"))
    }

    @Test("render reports usage errors and unreadable files with their exit codes")
    func errors() throws {
        let character = Self.fixtures.appendingPathComponent("character.riv").path
        #expect(try HarnessProcess.run(["render", character]).exitCode == 2, "needs --out or --digest")
        #expect(try HarnessProcess.run(["render", character, "--digest", "--size", "0x5"]).exitCode == 2)
        #expect(try HarnessProcess.run(["render", character, "--digest", "--frames", "none"]).exitCode == 2)
        let unknown = try HarnessProcess.run(["render", character, "--digest", "--state-machine", "Nope"])
        #expect(unknown.exitCode == 2)
        #expect(unknown.standardError.contains("Nope"))
        #expect(try HarnessProcess.run(["render", "/nonexistent/file.riv", "--digest"]).exitCode == 3)
        let help = try HarnessProcess.run(["render", "--help"])
        #expect(help.exitCode == 0 && help.standardOutput.contains("usage: rive-harness render FILE.riv"))
    }
}
