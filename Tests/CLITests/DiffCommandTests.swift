import Foundation
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
    ] as [([String], Int32)])
    func exitCodes(arguments: [String], expected: Int32) throws {
        let result = try HarnessProcess.run(arguments)
        #expect(result.exitCode == expected, "\(arguments): \(result.standardError)")
        #expect(result.standardError.contains("error:") && result.standardError.contains("hint:"))
    }
}
