import Foundation
import HarnessTestSupport
import Testing

/// `rive-harness nightly` (conformance lane) and `run`'s history files, on a copy of the corpus.
struct NightlyCommandTests {
    @Test("two nights in a row report no regression; a newly failing scenario makes the third exit 1; the dashboard shows every night")
    func nights() throws {
        let copy = try CorpusCopy(prefix: "rive-harness-nightly")
        defer { copy.remove() }
        let root = copy.root, corpus = copy.corpus
        let scenarioFile = try copy.write(scenario: "zz-nightly/planted", CorpusCopy.allTypesX(expecting: 50, description: "a synthetic scenario for nightly"))
        let results = root.appendingPathComponent("results").path
        let arguments = ["nightly", corpus.path, "--results", results, "--no-bench", "--adapters", "reference"]

        let first = try HarnessProcess.run(arguments)
        #expect(first.exitCode == 0, "\(first.standardOutput)\(first.standardError)")
        let second = try HarnessProcess.run(arguments)
        #expect(second.exitCode == 0, "\(second.standardOutput)\(second.standardError)")
        #expect(second.standardOutput.contains("nightly: no regression"))
        #expect(second.standardOutput.contains("conformance reference: no new failure"))

        try Data(CorpusCopy.allTypesX(expecting: 51, description: "a synthetic scenario for nightly").utf8).write(to: scenarioFile)
        let third = try HarnessProcess.run(arguments)
        #expect(third.exitCode == 1, "\(third.standardOutput)\(third.standardError)")
        #expect(third.standardOutput.contains("1 NEW FAILURE(S): zz-nightly/planted PASS → FAIL"), "\(third.standardOutput)")
        #expect(third.standardOutput.contains("nightly: REGRESSION"))

        let runs = try FileManager.default.contentsOfDirectory(atPath: results + "/runs").filter { $0.contains("-conformance-reference.json") }
        #expect(runs.count == 3, "one history file per night: \(runs)")
        #expect(FileManager.default.fileExists(atPath: results + "/conformance/reference.json"))
        let page = try String(contentsOfFile: results + "/dashboard/index.html", encoding: .utf8)
        #expect(page.components(separatedBy: "-conformance-reference.json</code>").count - 1 == 3, "the runs table lists the three nights")
        let history = try HarnessProcess.run(["history", results])
        #expect(history.exitCode == 0 && history.standardOutput.contains("conformance failed: PASS"), "\(history.standardOutput)")
    }

    @Test("--archive starts the night with the build script and --archive A, and says whether the engine was imported; a failed build stops the night (exit 4)")
    func engineFromArchive() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rive-harness-nightly-archive-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // The stand-in: records its arguments, reports an imported build (or fails when told to).
        let script = folder.appendingPathComponent("build")
        try Data("""
            #!/bin/sh
            # --archive A --print bench --report FILE
            echo "$@" > "\(folder.path)/arguments"
            [ -n "$FAIL_BUILD" ] && { echo "no compiler" >&2; exit 4; }
            printf 'entry E1\\nruntime imported\\nprograms imported\\nexported no\\n' > "$6"
            echo /bin/echo

            """.utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let corpus = SharedMaterial.packageRoot.appendingPathComponent("Corpus").path
        let arguments = ["nightly", corpus, "--results", folder.appendingPathComponent("results").path, "--no-bench", "--adapters", "reference",
                         "--archive", folder.appendingPathComponent("archive").path, "--build-script", script.path]
        let night = try HarnessProcess.run(Array(arguments))
        #expect(night.exitCode == 0, "\(night.standardOutput)\(night.standardError)")
        #expect(night.standardOutput.contains("engine: E1 imported"), "\(night.standardOutput)")
        let recorded = try String(contentsOf: folder.appendingPathComponent("arguments"), encoding: .utf8)
        #expect(recorded.hasPrefix("--archive \(folder.appendingPathComponent("archive").path) --print bench --report "), "\(recorded)")
        let failed = try HarnessProcess.run(Array(arguments), environment: ["FAIL_BUILD": "1"])
        #expect(failed.exitCode == 4 && failed.standardError.contains("without a build"), "\(failed.standardError)")
        #expect(try HarnessProcess.run(["nightly", corpus, "--build-script", script.path, "--no-bench"]).exitCode == 2)
    }

    @Test("an adapter command that cannot start makes a FAILED night that is recorded and shown, not a hole")
    func adapterThatCannotStart() throws {
        let results = FileManager.default.temporaryDirectory.appendingPathComponent("rive-harness-nightly-broken-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: results) }
        let corpus = SharedMaterial.packageRoot.appendingPathComponent("Corpus").path
        let night = try HarnessProcess.run(["nightly", corpus, "--results", results.path, "--no-bench", "--adapters", "",
                                            "--adapter-command", "broken=echo 'no runtime here' >&2; exit 4"])
        #expect(night.exitCode == 1, "\(night.standardOutput)\(night.standardError)")
        #expect(night.standardOutput.contains("conformance broken: FAILED: the adapter did not start: the adapter command"), "\(night.standardOutput)")
        #expect(night.standardOutput.contains("nightly: FAILED"))
        let runs = try FileManager.default.contentsOfDirectory(atPath: results.path + "/runs")
        #expect(runs.count == 1 && runs[0].hasSuffix("-conformance-broken.json"), "\(runs)")
        let page = try String(contentsOfFile: results.path + "/dashboard/index.html", encoding: .utf8)
        #expect(page.contains("adapter.start-failed: the adapter command"), "the runs table says why the night failed")
        #expect(page.contains("no runtime here"))
        #expect(page.contains("<td class=\"cell fail\""), "the matrix shows the night red")
    }

    @Test("run --no-history writes no history file; --history DIR writes one that history lists")
    func runHistory() throws {
        let results = FileManager.default.temporaryDirectory.appendingPathComponent("rive-harness-run-history-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: results) }
        let corpus = SharedMaterial.packageRoot.appendingPathComponent("Corpus").path
        let none = try HarnessProcess.run(["run", corpus, "--filter", "globals/*", "--no-history"], environment: ["RIVE_HARNESS_RESULTS": results.path])
        #expect(none.exitCode == 0, "\(none.standardError)")
        #expect(!FileManager.default.fileExists(atPath: results.path))
        let one = try HarnessProcess.run(["run", corpus, "--filter", "globals/*", "--history", results.path, "--format", "json"])
        #expect(one.exitCode == 0, "\(one.standardError)")
        #expect(one.standardError.contains("history: \(results.path)/runs/"))
        #expect((try? JSONSerialization.jsonObject(with: Data(one.standardOutput.utf8))) != nil, "stdout stays pure JSON")
        let files = try FileManager.default.contentsOfDirectory(atPath: results.path + "/runs")
        #expect(files.count == 1 && files[0].hasSuffix("-conformance-reference.json"))
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: results.appendingPathComponent("runs/" + files[0]))) as? [String: Any]
        let harness = object?["harness"] as? [String: Any]
        #expect(harness?["kind"] as? String == "conformance")
        #expect((object?["benchmarks"] as? [Any])?.isEmpty == true)
        #expect(((object?["conformance"] as? [String: Any])?["schema"] as? String) == "rive-harness.results")
        #expect(((harness?["testbed"] as? [String: Any])?["fingerprint"] as? String)?.count == 16)
        #expect(try HarnessProcess.run(["run", corpus, "--history", results.path, "--no-history"]).exitCode == 2)
    }
}
