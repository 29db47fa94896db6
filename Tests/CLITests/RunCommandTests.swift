import Foundation
import HarnessTestSupport
import Testing

/// `rive-harness run`'s exit-code contract, option checks and `--out`, on a temporary copy of
/// the project corpus with small synthetic scenarios on an existing fixture.
struct RunCommandTests {
    /// Copies the project corpus to a temporary folder and adds `zz-test/pass` and `zz-test/fail`;
    /// returns the copied corpus (remove its parent folder when done).
    private func makeCorpus(expectations: String? = nil) throws -> URL {
        let copy = try CorpusCopy(prefix: "rive-harness-run")
        let folded = ">\n  a synthetic scenario\n  folded over two lines"
        try copy.write(scenario: "zz-test/pass", CorpusCopy.allTypesX(expecting: 50, description: folded))
        try copy.write(scenario: "zz-test/fail", CorpusCopy.allTypesX(expecting: 51, description: folded))
        if let expectations {
            try Data(expectations.utf8).write(to: copy.corpus.appendingPathComponent("expectations/reference.yaml"))
        }
        return copy.corpus
    }

    @Test("run exits 0 when every selected scenario passes and 1 when one fails")
    func passAndFail() throws {
        let root = try makeCorpus()
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        let pass = try HarnessProcess.run(["run", root.path, "--filter", "zz-test/pass"])
        #expect(pass.exitCode == 0, "\(pass.standardOutput)\(pass.standardError)")
        let fail = try HarnessProcess.run(["run", root.path, "--filter", "zz-test/*"])
        #expect(fail.exitCode == 1, "\(fail.standardOutput)\(fail.standardError)")
        #expect(fail.standardOutput.contains("FAIL"))
    }

    @Test("run exits 1 when an expected failure passes (XPASS)")
    func unexpectedPass() throws {
        let root = try makeCorpus(expectations: "expectations:\n  zz-test/pass:\n    status: fail\n    reason: believed broken\n")
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        let result = try HarnessProcess.run(["run", root.path, "--filter", "zz-test/pass"])
        #expect(result.exitCode == 1, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("XPASS"))
    }

    @Test("run exits 0 when a failure is expected, and 1 when an expectation is stale")
    func expectedFailureAndStaleExpectation() throws {
        let expected = try makeCorpus(expectations: "expectations:\n  zz-test/fail:\n    status: fail\n    reason: known\n")
        defer { try? FileManager.default.removeItem(at: expected.deletingLastPathComponent()) }
        let xfail = try HarnessProcess.run(["run", expected.path, "--filter", "zz-test/*"])
        #expect(xfail.exitCode == 0, "\(xfail.standardOutput)\(xfail.standardError)")
        let stale = try makeCorpus(expectations: "expectations:\n  zz-test/gone:\n    status: fail\n    reason: old\n")
        defer { try? FileManager.default.removeItem(at: stale.deletingLastPathComponent()) }
        let result = try HarnessProcess.run(["run", stale.path, "--filter", "zz-test/pass"])
        #expect(result.exitCode == 1, "\(result.standardOutput)\(result.standardError)")
    }

    @Test("--out writes parseable JSON atomically, leaving no temporary file")
    func outputFile() throws {
        let root = try makeCorpus()
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        let folder = root.appendingPathComponent("results/deep")
        let out = folder.appendingPathComponent("run.json")
        let result = try HarnessProcess.run(["run", root.path, "--filter", "zz-test/pass", "--format", "json", "--out", out.path])
        #expect(result.exitCode == 0, "\(result.standardError)")
        let data = try #require(FileManager.default.contents(atPath: out.path))
        #expect(try JSONSerialization.jsonObject(with: data) is [String: Any])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["run.json"])
    }

    @Test("--out that cannot be written fails with exit 4 before anything runs")
    func unwritableOutput() throws {
        let root = try makeCorpus()
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        let blocker = root.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: blocker)
        let result = try HarnessProcess.run(["run", root.path, "--filter", "zz-test/pass", "--out", blocker.path + "/run.json"])
        #expect(result.exitCode == 4, "\(result.standardError)")
        #expect(result.standardError.contains("cannot write --out"))
        #expect(result.standardOutput.isEmpty, "nothing runs: \(result.standardOutput)")
    }

    @Test("bad values are usage errors: empty --out, a timeout beyond a day, a repeated option, a bad RIVE_HARNESS_RECORD")
    func usageErrors() throws {
        let emptyOut = try HarnessProcess.run(["run", "--out", ""])
        #expect(emptyOut.exitCode == 2, "\(emptyOut.standardError)")
        #expect(emptyOut.standardError.contains("--out needs a file path"))
        let hugeTimeout = try HarnessProcess.run(["run", "--timeout", "1e300"])
        #expect(hugeTimeout.exitCode == 2, "\(hugeTimeout.standardError)")
        #expect(hugeTimeout.standardError.contains("up to 86400"))
        let twice = try HarnessProcess.run(["run", "--format", "json", "--format", "tap"])
        #expect(twice.exitCode == 2)
        #expect(twice.standardError.contains("option --format given twice"), "\(twice.standardError)")
        let record = try HarnessProcess.run(["run", "--filter", "nothing"], environment: ["RIVE_HARNESS_RECORD": "sometimes"])
        #expect(record.exitCode == 2)
        #expect(record.standardError.contains("RIVE_HARNESS_RECORD is 'sometimes'"), "\(record.standardError)")
        #expect(record.standardError.contains("missing, all, never"))
    }

    @Test("a selection that matches nothing is a usage error naming it, unless only --shard emptied it")
    func emptySelection() throws {
        let root = try makeCorpus()
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        let filter = try HarnessProcess.run(["run", root.path, "--filter", "zzz*"])
        #expect(filter.exitCode == 2, "\(filter.standardOutput)")
        #expect(filter.standardError.contains("--filter 'zzz*' selects no scenario"), "\(filter.standardError)")
        let rules = try HarnessProcess.run(["run", root.path, "--rules", "ZZZ"])
        #expect(rules.exitCode == 2, "\(rules.standardOutput)")
        #expect(rules.standardError.contains("--rules 'ZZZ' is neither a rule ID nor a rule area"), "\(rules.standardError)")
        let lowerCase = try HarnessProcess.run(["run", root.path, "--rules", "glb"])
        #expect(lowerCase.exitCode == 2)
        #expect(lowerCase.standardError.contains("did you mean GLB?"), "\(lowerCase.standardError)")
        let both = try HarnessProcess.run(["run", root.path, "--filter", "zz-test/*", "--rules", "GLB"])
        #expect(both.exitCode == 2, "\(both.standardOutput)")
        let sharded = try HarnessProcess.run(["run", root.path, "--filter", "zz-test/pass", "--shard", "2/2"])
        #expect(sharded.exitCode == 0, "\(sharded.standardOutput)\(sharded.standardError)")
    }

    @Test("list prints a folded description on one line")
    func foldedDescription() throws {
        let root = try makeCorpus()
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        let list = try HarnessProcess.run(["list", root.path, "--filter", "zz-test/pass"])
        #expect(list.exitCode == 0)
        #expect(list.standardOutput == "zz-test/pass  [PROP-1]  requires values  a synthetic scenario folded over two lines\n")
    }
}
