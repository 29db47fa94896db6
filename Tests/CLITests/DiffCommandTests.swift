import Foundation
import HarnessSupport
import HarnessTestSupport
import Testing

/// `rive-harness diff`, run as a user would run it.
struct DiffCommandTests {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Corpus/fixtures")

    @Test("diff of the fixture folder, reference against itself: progress on stderr, a summary table, dumps and summary.txt, exit 0")
    func equalFixtures() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("diff-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try HarnessProcess.run(["diff", Self.fixtures.path, "--adapters", "reference,reference", "--frames", "10", "--at", "0,10", "--out", out.path])
        #expect(result.exitCode == 0, "\(result.standardError)")
        #expect(result.standardError.contains("[1/") && result.standardError.contains(": equal ("))
        #expect(result.standardOutput.contains("file ") && result.standardOutput.contains("artboards  viewModels"))
        #expect(result.standardOutput.contains(" 0 with differences or failures"))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("summary.txt").path))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("b-reference/character.riv.dump").path))
    }

    @Test("the reference runtime served through the process adapter dumps like the reference runtime in process")
    func processSide() throws {
        let command = "'" + HarnessProcess.executable.path + "' serve"
        let result = try HarnessProcess.run(["diff", Self.fixtures.appendingPathComponent("character.riv").path, "--adapters", "reference,process",
                                             "--command", command, "--frames", "20", "--at", "0,20",
                                             "--sections", "viewModels,instances,frames,boundValues,draws"])
        #expect(result.exitCode == 0, "\(result.standardOutput)\n\(result.standardError)")
        #expect(result.standardOutput.contains("1 file(s): 1 equal"))
    }

    @Test("diff usage errors exit 2 and missing inputs exit 3", arguments: [
        (["diff", "x.riv"], 2),
        (["diff", "x.riv", "--adapters", "reference"], 2),
        (["diff", "x.riv", "--adapters", "reference,nosuch"], 2),
        (["diff", "x.riv", "--adapters", "reference,reference", "--frames", "-1"], 2),
        (["diff", "x.riv", "--adapters", "reference,reference", "--frames", "10", "--at", "11"], 2),
        (["diff", "x.riv", "--adapters", "reference,reference", "--sections", "draw"], 2),
        (["diff", "--adapters", "reference,reference"], 2),
        (["diff", "Corpus/fixtures/lists.riv", "--adapters", "reference,reference", "--command", "x"], 2),
        (["diff", "Corpus/fixtures/lists.riv", "--adapters", "reference,process"], 2),
        (["diff", "Corpus/fixtures/lists.riv", "--adapters", "reference,process", "--command", "x", "--request-timeout", "0"], 2),
        (["diff", "/nonexistent/x.riv", "--adapters", "reference,reference"], 3),
        (["diff", "Corpus/fixtures/lists.riv", "--adapters", "reference,reference", "--pixel-tolerance", "256"], 2),
        (["diff", "Corpus/fixtures/lists.riv", "--adapters", "reference,reference", "--min-similarity", "1.5"], 2),
        (["diff", "Corpus/fixtures/lists.riv", "--adapters", "reference,rive-cpp", "--runtime-renderer", "vulkan,vulkan"], 2),
        (["diff", "Corpus/fixtures/lists.riv", "--adapters", "rive-cpp,rive-cpp", "--runtime-renderer", "cairo,vulkan,cairo"], 2),
        (["diff", "Corpus/fixtures/lists.riv", "--adapters", "rive-cpp,rive-cpp", "--runtime-renderer", "cairo,metal"], 2),
    ] as [([String], Int32)])
    func exitCodes(arguments: [String], expected: Int32) throws {
        let result = try HarnessProcess.run(arguments)
        #expect(result.exitCode == expected, "\(arguments): \(result.standardError)")
        #expect(result.standardError.contains("error:") && result.standardError.contains("hint:"))
    }

    @Test("diff --sections pixels of the reference against itself: every file similarity 1, the distribution, no difference image")
    func pixelsEqual() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("diff-pixels-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try HarnessProcess.run(["diff", Self.fixtures.appendingPathComponent("character.riv").path, "--adapters", "reference,reference",
                                             "--sections", "pixels", "--frames", "10", "--at", "0,10", "--out", out.path])
        #expect(result.exitCode == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("character.riv   = 1.0000"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("pixels: similarity of 1 file(s): lowest 1.0000 (character.riv)"))
        let json = try String(contentsOf: out.appendingPathComponent("diff.json"), encoding: .utf8)
        #expect(json.contains("\"pixelTolerance\" : 16") && json.contains("\"similarity\" : 1"))
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("pixels").path))
    }

    /// Whether the plain rive-cpp driver and the one built with the Rive Renderer are both built.
    static let hasBothDrivers = [nil, "vulkan"].allSatisfy { renderer in
        (try? CachedProgramLocator(.riveCppDriver).locate(revision: nil, features: .shipped, renderer: renderer)) != nil
    }

    @Test("diff --sections pixels of cairo against the Rive Renderer: a similarity per file, a difference PNG where they differ",
          .enabled(if: hasBothDrivers,
                   "skipped: no rive-cpp driver with the Rive Renderer; enable with: scripts/build-rive-cpp && scripts/build-rive-cpp --renderer vulkan"))
    func pixelsAcrossRenderers() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("diff-renderers-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        // character.riv draws hard edges only: the two renderers agree within the tolerance.
        let result = try HarnessProcess.run(["diff", Self.fixtures.appendingPathComponent("character.riv").path, "--adapters", "rive-cpp,rive-cpp",
                                             "--runtime-renderer", "cairo,vulkan", "--sections", "pixels", "--frames", "60", "--at", "0,60",
                                             "--min-similarity", "1", "--out", out.path])
        #expect(result.standardError.contains("b-rive-cpp+vulkan"), "\(result.standardError)")
        let summary = result.standardOutput.split(separator: "\n").map(String.init)
        let row = try #require(summary.first { $0.hasPrefix("character.riv") }, "\(result.standardOutput)")
        let similarity = try #require(Double(row.split(separator: " ").last ?? ""))
        #expect(similarity > 0.99 && similarity < 1, "\(row)")
        // With --min-similarity 1 any differing pixel is a difference, so the worst frame's image is written.
        #expect(result.exitCode == 1)
        let images = (try? FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("pixels").path)) ?? []
        #expect(images.count == 1 && images[0].hasPrefix("character.riv-frame-"), "\(images)")
    }
}
