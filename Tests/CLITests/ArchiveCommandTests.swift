import Foundation
import HarnessTestSupport
import Testing

/// `rive-harness archive`: list and prune on a made-up archive folder, fill over a small git
/// range with a stand-in build script, and the usage errors.
struct ArchiveCommandTests {
    static func line(_ name: String, commit: String, variant: String = "text", added: String, bytes: Int = 1_048_576) -> String {
        [name, commit, variant, "none", "p1", "c1", "clang version 21", String(bytes), String(repeating: "0", count: 64), added].joined(separator: "\t")
    }

    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rive-harness-archive-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("builds"), withIntermediateDirectories: true)
        return folder
    }

    @Test("list prints each entry and the total; prune --keep removes the oldest of a variant, index first, then files")
    func listAndPrune() throws {
        let archive = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: archive) }
        let a = String(repeating: "a", count: 40), b = String(repeating: "b", count: 40)
        let index = ["# index", Self.line("A", commit: a, added: "2026-12-01T00:00:00Z"), Self.line("B", commit: b, added: "2026-12-02T00:00:00Z")]
        try Data((index.joined(separator: "\n") + "\n").utf8).write(to: archive.appendingPathComponent("index.tsv"))
        for name in ["A", "B"] { try Data("x".utf8).write(to: archive.appendingPathComponent("builds/\(name).tar.gz")) }

        let list = try HarnessProcess.run(["archive", "list", "--archive", archive.path])
        #expect(list.exitCode == 0, "\(list.standardError)")
        #expect(list.standardOutput.split(separator: "\n").first == "aaaaaaaaaa  text  whole  cc1  pp1  1.0 MB  2026-12-01T00:00:00Z")
        #expect(list.standardOutput.contains("2 entries, 2.0 MB in \(archive.path)"))

        let dryRun = try HarnessProcess.run(["archive", "prune", "--keep", "1", "--dry-run"], environment: ["RIVE_HARNESS_ARCHIVE": archive.path])
        #expect(dryRun.exitCode == 0 && dryRun.standardOutput.hasPrefix("would remove A\n"), "\(dryRun.standardOutput)\(dryRun.standardError)")
        #expect(FileManager.default.fileExists(atPath: archive.appendingPathComponent("builds/A.tar.gz").path))

        let prune = try HarnessProcess.run(["archive", "prune", "--archive", archive.path, "--keep", "1"])
        #expect(prune.exitCode == 0 && prune.standardOutput.hasPrefix("removed A\n"), "\(prune.standardOutput)\(prune.standardError)")
        #expect(!FileManager.default.fileExists(atPath: archive.appendingPathComponent("builds/A.tar.gz").path))
        #expect(FileManager.default.fileExists(atPath: archive.appendingPathComponent("builds/B.tar.gz").path))
        let after = try HarnessProcess.run(["archive", "list", "--archive", archive.path])
        #expect(after.standardOutput.contains("1 entries, 1.0 MB"), "\(after.standardOutput)")
    }

    @Test("fill builds each commit of the range into the archive, N at once, and names the ones that do not build")
    func fill() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let repository = folder.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        var script = "set -e; cd \"$0\"; git init -q; git config user.email t@t; git config user.name t; "
        for index in 0..<5 { script += "git commit -q --allow-empty -m c\(index); " }
        _ = try HarnessProcess.runProgram(URL(fileURLWithPath: "/bin/sh"), ["-c", script, repository.path])
        // The stand-in: reports a compiled and exported build, and fails for c3.
        let build = folder.appendingPathComponent("build")
        try Data("""
            #!/bin/sh
            # --git-dir DIR --commit SHA --archive A --report FILE
            [ "$(git --git-dir "$2" log -1 --format=%s "$4")" = c3 ] && { echo "compile error" >&2; exit 4; }
            printf 'entry %s\\nruntime built\\nprograms built\\nexported yes\\n' "$4" > "$8"
            echo "$4" >> "$6/filled"
            echo /bin/echo

            """.utf8).write(to: build)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: build.path)
        let archive = folder.appendingPathComponent("archive")
        let result = try HarnessProcess.run(["archive", "fill", "HEAD~4..HEAD", "--archive", archive.path, "--git-dir",
                                             repository.appendingPathComponent(".git").path, "--jobs", "2", "--build-script", build.path])
        #expect(result.exitCode == 1, "\(result.standardError)")
        #expect(result.standardError.contains("archive fill: 5 commits of HEAD~4..HEAD, 2 at once"), "\(result.standardError)")
        #expect(result.standardError.contains(": compiled, exported ("), "\(result.standardError)")
        #expect(result.standardError.contains("archive fill: 4 of 5 commits in the archive; not built: "), "\(result.standardError)")
        let filled = try String(contentsOf: archive.appendingPathComponent("filled"), encoding: .utf8).split(separator: "\n")
        #expect(filled.count == 4)
    }

    @Test("usage errors: no archive, no subcommand, prune without a rule, options of another subcommand; a URL archive cannot be pruned")
    func usage() throws {
        let noArchive = try HarnessProcess.runProgram(HarnessProcess.executable, ["archive", "list"], removing: ["RIVE_HARNESS_ARCHIVE"])
        #expect(noArchive.exitCode == 2 && noArchive.standardError.contains("RIVE_HARNESS_ARCHIVE"))
        #expect(try HarnessProcess.run(["archive", "--archive", "/tmp/x"]).exitCode == 2)
        #expect(try HarnessProcess.run(["archive", "prune", "--archive", "/tmp/x"]).exitCode == 2)
        #expect(try HarnessProcess.run(["archive", "list", "--archive", "/tmp/x", "--keep", "1"]).exitCode == 2)
        #expect(try HarnessProcess.run(["archive", "fill", "--archive", "/tmp/x"]).exitCode == 2)
        let url = try HarnessProcess.run(["archive", "prune", "--archive", "http://127.0.0.1:1/archive", "--keep", "1"])
        #expect(url.exitCode == 3 && url.standardError.contains("error[archive.read-only]"), "\(url.standardError)")
    }
}
