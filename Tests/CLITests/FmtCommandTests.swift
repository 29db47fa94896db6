import Foundation
import HarnessTestSupport
import Testing

/// `rive-harness fmt`: rewriting, `--check`, and malformed files left as they are.
@Suite("fmt command")
struct FmtCommandTests {
    /// A folder with one formatted, one unformatted and (optionally) one malformed scenario file.
    static func makeFolder(_ name: String, malformed: Bool) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rive-harness-fmt-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("group"), withIntermediateDirectories: true)
        try Data("description: d\nsteps:\n  - {load: file}\n".utf8).write(to: folder.appendingPathComponent("formatted.yaml"))
        try Data("description: d\nsteps:\n  - load: file  # first\n".utf8).write(to: folder.appendingPathComponent("group/loose.yaml"))
        if malformed { try Data("description: d\nsteps:\n  - {load: file\n".utf8).write(to: folder.appendingPathComponent("group/broken.yaml")) }
        return folder
    }

    @Test("--check lists the unformatted files and exits 1, writing nothing; without it the file is rewritten")
    func checkThenRewrite() throws {
        let folder = try Self.makeFolder("check", malformed: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let loose = folder.appendingPathComponent("group/loose.yaml")
        let check = try HarnessProcess.run(["fmt", "--check", folder.path])
        #expect(check.exitCode == 1)
        #expect(check.standardOutput == loose.path + "\n")
        #expect(try String(contentsOf: loose, encoding: .utf8) == "description: d\nsteps:\n  - load: file  # first\n")

        let rewrite = try HarnessProcess.run(["fmt", folder.path])
        #expect(rewrite.exitCode == 0, "\(rewrite.standardError)")
        #expect(rewrite.standardOutput == loose.path + "\n")
        #expect(try String(contentsOf: loose, encoding: .utf8) == "description: d\nsteps:\n  - {load: file}  # first\n")
        let again = try HarnessProcess.run(["fmt", "--check", folder.path])
        #expect(again.exitCode == 0)
        #expect(again.standardOutput.isEmpty)
    }

    @Test("a malformed file is reported with its line and a hint, left as it is, and the others are still formatted")
    func malformedFile() throws {
        let folder = try Self.makeFolder("malformed", malformed: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = folder.appendingPathComponent("group/broken.yaml")
        let before = try Data(contentsOf: broken)
        let result = try HarnessProcess.run(["fmt", folder.path])
        #expect(result.exitCode == 3)
        #expect(result.standardError.contains("\(broken.path):4:1: error[yaml.syntax]"), "\(result.standardError)")
        #expect(result.standardError.contains("hint:"))
        #expect(try Data(contentsOf: broken) == before)
        #expect(result.standardOutput.contains("group/loose.yaml"))
    }

    @Test("a missing path or a FIFO is exit 3 (never read), an unknown option exit 2")
    func badArguments() throws {
        let missing = try HarnessProcess.run(["fmt", "/nonexistent-rive-harness-fmt"])
        #expect(missing.exitCode == 3)
        #expect(missing.standardError.contains("fmt.missing-path"))
        let fifoFolder = FileManager.default.temporaryDirectory.appendingPathComponent("rive-harness-fmt-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: fifoFolder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: fifoFolder) }
        let fifo = fifoFolder.appendingPathComponent("pipe.yaml").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let pipe = try HarnessProcess.run(["fmt", fifoFolder.path])
        #expect(pipe.exitCode == 3)
        #expect(pipe.standardError.contains("a FIFO, not a regular file"), "\(pipe.standardError)")
        let unknown = try HarnessProcess.run(["fmt", "--chek"])
        #expect(unknown.exitCode == 2)
        #expect(unknown.standardError.contains("did you mean --check"))
    }
}
