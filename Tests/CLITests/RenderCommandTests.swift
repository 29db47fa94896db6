import Foundation
import HarnessTestSupport
import ReferenceRuntime
import RiveFormat
@testable import rive_harness
import RiveRendering
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

    @Test("render lists unsupported content by type name, and none for a fully played fixture")
    func listsUnsupported() throws {
        // A 10×10 artboard holding a Text, which the reference runtime does not play.
        let object = { (type: UInt32, properties: [RiveProperty]) in RiveObject(typeKey: type, properties: properties) }
        let document = RiveDocument(objects: [
            object(RiveTypeKey.backboard, []),
            object(RiveTypeKey.artboard, [RiveProperty(key: RivePropertyKey.layoutComponentWidth, value: .float(10)),
                                          RiveProperty(key: RivePropertyKey.layoutComponentHeight, value: .float(10))]),
            object(RiveTypeKey.text, [RiveProperty(key: RivePropertyKey.componentParentId, value: .uint(0))]),
        ])
        let directory = try temporaryDirectory()
        let path = directory.appendingPathComponent("text.riv")
        try Data(try RiveWriter.write(document)).write(to: path)
        let result = try HarnessProcess.run(["render", path.path, "--digest"])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.contains("unsupported: Text"))
        let lists = try HarnessProcess.run(["render", Self.fixtures.appendingPathComponent("lists.riv").path, "--digest"])
        #expect(lists.exitCode == 0)
        #expect(lists.standardOutput.contains("unsupported: none"))
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

    @Test("--size takes exactly two whole numbers of 1…8192", arguments: ["512x512x", "x512", "512x", "512", "0x5", "8193x10", "10x8193", "+5x5", "5x-5", "5 x5", "32767x32767"])
    func rejectsBadSizes(size: String) throws {
        let character = Self.fixtures.appendingPathComponent("character.riv").path
        let result = try HarnessProcess.run(["render", character, "--digest", "--size", size])
        #expect(result.exitCode == 2, "\(result.standardOutput)")
        #expect(result.standardError.contains("--size must be WIDTHxHEIGHT in whole pixels (1…8192 each), got '\(size)'"))
    }

    @Test("the largest --size on one side renders")
    func largestSide() throws {
        let character = Self.fixtures.appendingPathComponent("character.riv").path
        let result = try HarnessProcess.run(["render", character, "--digest", "--size", "8192x2"])
        #expect(result.exitCode == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("at 8192x2"))
    }

    @Test("an artboard without state machines plays its first linear animation, or the one --animation names",
          .enabled(if: SharedMaterial.hasAssets, Comment(rawValue: SharedMaterial.absentComment)))
    func animationOnlyPlays() throws {
        let file = SharedMaterial.assetsDirectory.appendingPathComponent("two_bone_ik.riv").path
        let played = try HarnessProcess.run(["render", file, "--digest", "--frames", "20", "--dt", "0.1"])
        #expect(played.exitCode == 0, "\(played.standardError)")
        #expect(played.standardOutput.contains("animation \""))
        let digests = Set(played.standardOutput.split(separator: "\n").filter { $0.hasPrefix("frame ") }.compactMap { $0.split(separator: " ").last })
        #expect(digests.count > 1, "the animation moves what is drawn")
        let unknown = try HarnessProcess.run(["render", file, "--digest", "--animation", "no such animation"])
        #expect(unknown.exitCode == 2)
        #expect(unknown.standardError.contains("has no linear animation named \"no such animation\""))
        let both = try HarnessProcess.run(["render", file, "--digest", "--animation", "a", "--state-machine", "b"])
        #expect(both.exitCode == 2)
    }

    @Test("an unknown artboard exits 2 and points to inspect")
    func unknownArtboard() throws {
        let character = Self.fixtures.appendingPathComponent("character.riv").path
        let result = try HarnessProcess.run(["render", character, "--digest", "--artboard", "Nope"])
        #expect(result.exitCode == 2)
        #expect(result.standardError.contains("no such artboard"))
        #expect(result.standardError.contains("hint: run 'rive-harness inspect \(character)'"))
    }

    @Test("a malformed file exits 3 with one error and one hint, as inspect reports it")
    func malformedFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("cut.riv")
        try Data(Array("RIVE".utf8) + [7, 0, 0, 0, 0x17, 0x00, 0x01, 0x07, 0x00]).write(to: file)
        let render = try HarnessProcess.run(["render", file.path, "--digest"])
        #expect(render.exitCode == 3)
        #expect(render.standardError.hasPrefix("\(file.path): error[riv.truncated] at byte 12 in object #1 (Artboard) › property 7 (width): "))
        #expect(render.standardError.components(separatedBy: "error").count == 2, "one error: \(render.standardError)")
        #expect(render.standardError.components(separatedBy: "hint:").count == 2, "one hint: \(render.standardError)")
        let inspect = try HarnessProcess.run(["inspect", file.path])
        #expect(render.standardError == inspect.standardError)
    }

    @Test("a session that cannot start maps to its exit code: names and sizes 2, cairo 4")
    func sessionFailureExitCodes() {
        #expect(RenderCommand.failure(.artboard(.invalidArtboard("Nope")), path: "a.riv").exitCode == .usage)
        #expect(RenderCommand.failure(.stateMachine(.invalidStateMachine("Nope")), path: "a.riv").exitCode == .usage)
        #expect(RenderCommand.failure(.size(.invalidSize(width: 0, height: 1)), path: "a.riv").exitCode == .usage)
        let cairo = RenderCommand.failure(.size(.cairo(operation: "create a surface", message: "out of memory")), path: "a.riv")
        #expect(cairo.exitCode == .internalError)
        #expect(cairo.report.hasPrefix("error: cairo failed to create a surface: out of memory\n  hint: "))
    }
}
