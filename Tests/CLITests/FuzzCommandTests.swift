import Foundation
import HarnessTestSupport
import Testing

/// `rive-harness fuzz` and `rive-harness reduce` on the reference runtime (no build needed).
struct FuzzCommandTests {
    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private var fixtures: String { SharedMaterial.packageRoot.appendingPathComponent("Corpus/fixtures").path }

    @Test("fuzz rejects --budget with --runs, a bad --jobs and positionals (exit 2)")
    func usage() throws {
        for arguments in [["--budget", "5", "--runs", "3"], ["--jobs", "0"], ["stray.riv"], ["--adapters", "a,b,c"]] {
            let result = try HarnessProcess.run(["fuzz"] + arguments)
            #expect(result.exitCode == 2, "\(arguments): \(result.standardError)")
        }
    }

    @Test("the same --seed gives the same cases and buckets; the report records the runs")
    func deterministic() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func report(_ name: String) throws -> [String: Any] {
            let out = folder.appendingPathComponent(name).path
            let result = try HarnessProcess.run(["fuzz", "--adapters", "reference", "--seeds", fixtures, "--runs", "40", "--seed", "9", "--frames", "2", "--out", out])
            #expect(result.exitCode == 0 || result.exitCode == 1, "\(result.standardError)")
            let data = try Data(contentsOf: URL(fileURLWithPath: out).appendingPathComponent("report.json"))
            return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        }
        let first = try report("one"), second = try report("two")
        #expect(first["runs"] as? Int == 40)
        let signatures = { (report: [String: Any]) in ((report["buckets"] as? [[String: Any]]) ?? []).map { "\($0["finding"] ?? "")|\($0["firstCase"] ?? "")" } }
        #expect(signatures(first) == signatures(second))
    }

    @Test("reduce with a command predicate keeps what the command needs and writes the file and its report")
    func reduceWithCommand() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = SharedMaterial.packageRoot.appendingPathComponent("Corpus/fixtures/paints.riv").path
        let output = folder.appendingPathComponent("min.riv").path
        let result = try HarnessProcess.run(["reduce", input, "--predicate", "command:grep -q Spot", "--out", output])
        #expect(result.exitCode == 0, "\(result.standardError)")
        let before = try Data(contentsOf: URL(fileURLWithPath: input)), after = try Data(contentsOf: URL(fileURLWithPath: output))
        #expect(after.count < before.count)
        #expect(after.range(of: Data("Spot".utf8)) != nil)
        let report = try String(contentsOfFile: output + ".txt", encoding: .utf8)
        #expect(report.contains("predicate command:grep -q Spot: the command exits 0"))
        #expect(report.contains("inspect of the result:"))
        let refused = try HarnessProcess.run(["reduce", input, "--predicate", "command:false", "--out", output])
        #expect(refused.exitCode == 3)
        #expect(refused.standardError.contains("is false on"))
        let bad = try HarnessProcess.run(["reduce", input, "--predicate", "diff:reference:draws"])
        #expect(bad.exitCode == 2)
    }

    @Test("reduce with a scenario predicate keeps the scenario's failure with the candidate as its fixture; a passing scenario or an unknown ID is refused")
    func reduceWithScenario() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let corpus = SharedMaterial.packageRoot.appendingPathComponent("Corpus").path
        // actions.riv in place of all-types.riv: src/blank-nested-is-null cannot find its view model.
        let input = SharedMaterial.packageRoot.appendingPathComponent("Corpus/fixtures/actions.riv").path
        let output = folder.appendingPathComponent("min.riv").path
        let result = try HarnessProcess.run(["reduce", input, "--predicate", "scenario:src/blank-nested-is-null", "--corpus", corpus, "--out", output])
        #expect(result.exitCode == 0, "\(result.standardError)")
        let before = try Data(contentsOf: URL(fileURLWithPath: input)), after = try Data(contentsOf: URL(fileURLWithPath: output))
        #expect(after.count < before.count)
        let report = try String(contentsOfFile: output + ".txt", encoding: .utf8)
        #expect(report.contains("predicate scenario:src/blank-nested-is-null: src/blank-nested-is-null on reference: "))
        let passing = try HarnessProcess.run(["reduce", input, "--predicate", "scenario:reference:actions/chained-listeners-same-advance", "--corpus", corpus, "--out", output])
        #expect(passing.exitCode == 3)
        #expect(passing.standardError.contains("is false on"))
        let unknown = try HarnessProcess.run(["reduce", input, "--predicate", "scenario:actions/no-such", "--corpus", corpus, "--out", output])
        #expect(unknown.exitCode == 2)
        #expect(unknown.standardError.contains("no scenario 'actions/no-such'"))
        let misplaced = try HarnessProcess.run(["reduce", input, "--predicate", "command:true", "--corpus", corpus])
        #expect(misplaced.exitCode == 2)
    }
}
