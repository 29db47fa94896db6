import Foundation
import HarnessTestSupport
import Testing

/// `rive-harness corpus export`, run as a user would run it.
struct CorpusCommandTests {
    static let corpus = SharedMaterial.packageRoot.appendingPathComponent("Corpus").path

    /// A fresh temporary folder, removed by the caller.
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rive-harness-corpus-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("export writes one deterministic JSON document with the corpus hash, and --check says whether it is current")
    func exportAndCheck() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("nested/corpus-export.json")
        let first = try HarnessProcess.run(["corpus", "export", Self.corpus, "--out", out.path])
        #expect(first.exitCode == 0, "\(first.standardError)")
        #expect(first.standardOutput.hasPrefix("wrote \(out.path): "))
        let bytes = try Data(contentsOf: out)
        let document = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
        #expect(document["formatVersion"] as? Int == 1)
        #expect((document["corpusHash"] as? String)?.hasPrefix("fnv1a64:") == true)
        #expect(first.standardOutput.contains("corpus hash \(document["corpusHash"] as? String ?? "?")"))
        #expect((document["scenarios"] as? [Any])?.count ?? 0 > 100)
        #expect(Set((document["expectations"] as? [String: Any])?.keys.map { $0 } ?? []) == ["apple", "reference", "rive-cpp"])
        #expect(!FileManager.default.fileExists(atPath: out.path + ".tmp"), "written atomically, no temporary left")

        let again = try HarnessProcess.run(["corpus", "export", Self.corpus, "--out", out.path])
        #expect(again.exitCode == 0)
        #expect(try Data(contentsOf: out) == bytes, "the same corpus gives the same bytes")
        let current = try HarnessProcess.run(["corpus", "export", Self.corpus, "--out", out.path, "--check"])
        #expect(current.exitCode == 0, "\(current.standardError)")
        #expect(current.standardOutput.hasPrefix("\(out.path) is current"))

        try Data(bytes.dropLast(100)).write(to: out)
        let stale = try HarnessProcess.run(["corpus", "export", Self.corpus, "--out", out.path, "--check"])
        #expect(stale.exitCode == 1)
        #expect(stale.standardError.contains("differs from a fresh export"))
        #expect(stale.standardError.contains("hint: run 'rive-harness corpus export \(Self.corpus) --out \(out.path)'"))
        let absent = try HarnessProcess.run(["corpus", "export", Self.corpus, "--out", folder.appendingPathComponent("none.json").path, "--check"])
        #expect(absent.exitCode == 1)
        #expect(absent.standardError.contains("does not exist"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("none.json").path), "--check writes nothing")
    }

    @Test("--no-fixture-bytes leaves the bytes out; --expectations adds an adapter's own file, checked against the corpus")
    func options() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("lean.json")
        let lean = try HarnessProcess.run(["corpus", "export", Self.corpus, "--out", out.path, "--no-fixture-bytes"])
        #expect(lean.exitCode == 0, "\(lean.standardError)")
        let files = try #require((try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any])?["files"] as? [[String: Any]])
        #expect(!files.isEmpty)
        #expect(files.allSatisfy { $0["bytes"] == nil && $0["fnv1a64"] is String && $0["size"] is Int && $0["path"] is String })

        let expectations = folder.appendingPathComponent("toy.yaml")
        try Data("expectations:\n  src/introspection: {status: fail, reason: the toy cannot}\n".utf8).write(to: expectations)
        let withToy = try HarnessProcess.run(["corpus", "export", Self.corpus, "--out", out.path, "--expectations", "toy=\(expectations.path)"])
        #expect(withToy.exitCode == 0, "\(withToy.standardError)")
        let toy = try #require(((try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any])?["expectations"] as? [String: Any])?["toy"] as? [String: Any])
        #expect(((toy["entries"] as? [String: Any])?["src/introspection"] as? [String: Any])?["reason"] as? String == "the toy cannot")

        try Data("expectations:\n  no/such: {status: fail, reason: stale}\n".utf8).write(to: expectations)
        let stale = try HarnessProcess.run(["corpus", "export", Self.corpus, "--out", out.path, "--expectations", "toy=\(expectations.path)"])
        #expect(stale.exitCode == 1, "a stale entry is a corpus problem")
        #expect(stale.standardError.contains("\(expectations.path):2:3: error[expectations.unknown-scenario]"))
        #expect(stale.standardOutput.hasPrefix("wrote "), "the export is still written, carrying the problem")
    }

    @Test("usage errors exit 2, a missing corpus or expectations file exits 3, an unwritable output exits 4")
    func errors() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("x.json").path
        for (arguments, message) in [(["corpus"], "corpus needs a subcommand"), (["corpus", "import", "--out", out], "unknown corpus subcommand 'import'"),
                                     (["corpus", "export"], "corpus export needs --out FILE.json"),
                                     (["corpus", "export", "A", "B", "--out", out], "at most one corpus folder"),
                                     (["corpus", "export", "--out", out, "--expectations", "toy"], "--expectations needs NAME=FILE"),
                                     (["corpus", "export", "--out", out, "--no-bytes"], "unknown option '--no-bytes'")] {
            let result = try HarnessProcess.run(arguments, in: SharedMaterial.packageRoot)
            #expect(result.exitCode == 2, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains("hint: "))
        }
        let missing = try HarnessProcess.run(["corpus", "export", folder.appendingPathComponent("NoCorpus").path, "--out", out])
        #expect(missing.exitCode == 3)
        #expect(missing.standardError.contains("is not a corpus"))
        let noFile = try HarnessProcess.run(["corpus", "export", Self.corpus, "--out", out, "--expectations", "toy=/nonexistent/toy.yaml"])
        #expect(noFile.exitCode == 3)
        #expect(noFile.standardError.contains("cannot read '/nonexistent/toy.yaml'"))
        let blocker = folder.appendingPathComponent("file")
        try Data().write(to: blocker)
        let unwritable = try HarnessProcess.run(["corpus", "export", Self.corpus, "--out", blocker.appendingPathComponent("x.json").path])
        #expect(unwritable.exitCode == 4, "\(unwritable.standardError)")
        #expect(unwritable.standardError.contains("cannot write"))
        let help = try HarnessProcess.run(["corpus", "--help"])
        #expect(help.exitCode == 0)
        #expect(help.standardOutput.contains("usage: rive-harness corpus export"))
    }
}
