import Foundation
import HarnessTestSupport
import Testing

/// `--shard K/N` on run, diff and bench, and `rive-harness merge`: three shards of the reference
/// adapter merged give the unsharded output byte for byte once durations and timestamps are
/// masked, and shards that do not make one run are refused with their codes.
struct ShardMergeTests {
    private static let root = SharedMaterial.packageRoot

    /// A fresh temporary folder.
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rive-harness-shards-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs the harness in the package root and requires exit code `expected`.
    @discardableResult
    private func harness(_ arguments: [String], expecting expected: Int32 = 0) throws -> HarnessProcess.Result {
        let result = try HarnessProcess.run(arguments, in: Self.root)
        #expect(result.exitCode == expected, "rive-harness \(arguments.joined(separator: " ")): \(result.standardOutput.suffix(2000))\(result.standardError.suffix(2000))")
        return result
    }

    /// The text with wall times, timestamps and the machine's load replaced, as scripts/compare-merged masks them.
    static func masked(_ text: String) -> String {
        let patterns = [(#"("(?:durationSeconds|real_time|cpu_time|iterations|bytes_per_second|items_per_second|mhz_per_cpu)"\s*:\s*)-?[0-9][0-9.eE+-]*"#, "$10"),
                        (#"("(?:createdAt|date|executable)"\s*:\s*)"[^"]*""#, "$1\"\""), (#"("load_avg"\s*:\s*)\[[^\]]*\]"#, "$1[]")]
        var result = text
        for (pattern, template) in patterns {
            let expression = try! NSRegularExpression(pattern: pattern)
            result = expression.stringByReplacingMatches(in: result, range: NSRange(result.startIndex..., in: result), withTemplate: template)
        }
        return result
    }

    /// Expects two files to be equal once masked, and not trivially (the masked text is not empty).
    private func expectSame(_ unsharded: URL, _ merged: URL) throws {
        let a = Self.masked(try String(contentsOf: unsharded, encoding: .utf8))
        let b = Self.masked(try String(contentsOf: merged, encoding: .utf8))
        #expect(!a.isEmpty)
        if a != b {
            let first = zip(a.split(separator: "\n", omittingEmptySubsequences: false), b.split(separator: "\n", omittingEmptySubsequences: false)).enumerated().first { $0.element.0 != $0.element.1 }
            Issue.record("\(merged.lastPathComponent) differs from the unsharded \(unsharded.lastPathComponent) at line \((first?.offset ?? -1) + 1): \(first.map { "\($0.element.0) | \($0.element.1)" } ?? "(length)")")
        }
    }

    @Test("three run shards merged are the unsharded results document apart from durations")
    func run() throws {
        let out = try folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let common = ["run", "Corpus", "--format", "json", "--no-history"]
        try harness(common + ["--out", out.appendingPathComponent("all.json").path])
        for k in 1...3 { try harness(common + ["--shard", "\(k)/3", "--out", out.appendingPathComponent("shard-\(k).json").path]) }
        let shard = try String(contentsOf: out.appendingPathComponent("shard-2.json"), encoding: .utf8)
        #expect(shard.contains("\"testbed\"") && shard.contains("\"corpus\""), "a shard records its identity")
        try harness(["merge"] + [3, 1, 2].map { out.appendingPathComponent("shard-\($0).json").path } + ["--out", out.appendingPathComponent("merged.json").path])
        try expectSame(out.appendingPathComponent("all.json"), out.appendingPathComponent("merged.json"))
    }

    @Test("three diff shards merged are the unsharded diff.json, summary.txt and dumps")
    func diff() throws {
        let out = try folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let common = ["diff", "Corpus/fixtures", "--adapters", "reference,reference", "--frames", "10", "--at", "0,10"]
        try harness(common + ["--out", out.appendingPathComponent("all").path])
        for k in 1...3 { try harness(common + ["--shard", "\(k)/3", "--out", out.appendingPathComponent("shard-\(k)").path]) }
        try harness(["merge"] + (1...3).map { out.appendingPathComponent("shard-\($0)/diff.json").path } + ["--out", out.appendingPathComponent("merged").path])
        let all = out.appendingPathComponent("all"), merged = out.appendingPathComponent("merged")
        let files = try FileManager.default.subpathsOfDirectory(atPath: all.path).filter { !$0.hasPrefix("a-") && !$0.hasPrefix("b-") || $0.hasSuffix(".dump") }.sorted()
        #expect(files.count > 20, "diff.json, summary.txt and two dumps per fixture")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: merged.path).filter { !$0.hasPrefix("a-") && !$0.hasPrefix("b-") || $0.hasSuffix(".dump") }.sorted() == files)
        for file in files { try expectSame(all.appendingPathComponent(file), merged.appendingPathComponent(file)) }
    }

    @Test("three bench shards merged are the unsharded results file apart from timings and timestamps")
    func bench() throws {
        let out = try folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let common = ["bench", "--files", "Corpus/fixtures/character.riv,Corpus/fixtures/lists.riv", "--repetitions", "2", "--min-time", "0.01", "--no-load-all"]
        try harness(common + ["--out", out.appendingPathComponent("all.json").path])
        for k in 1...3 { try harness(common + ["--shard", "\(k)/3", "--out", out.appendingPathComponent("shard-\(k).json").path]) }
        try harness(["merge"] + (1...3).map { out.appendingPathComponent("shard-\($0).json").path } + ["--out", out.appendingPathComponent("merged.json").path])
        try expectSame(out.appendingPathComponent("all.json"), out.appendingPathComponent("merged.json"))
    }

    @Test("merge refuses other corpora, other testbeds, missing, duplicate and unsharded files and mixed kinds, naming the problem")
    func refusals() throws {
        let out = try folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let diff = ["diff", "--adapters", "reference,reference", "--frames", "1", "--at", "0", "--sections", "artboards"]
        for k in 1...3 { try harness(diff + ["Corpus/fixtures", "--shard", "\(k)/3", "--out", out.appendingPathComponent("d\(k)").path]) }
        // The same diff over a subset of the files: another file set.
        let subset = out.appendingPathComponent("subset")
        try FileManager.default.createDirectory(at: subset, withIntermediateDirectories: true)
        for name in ["character.riv", "lists.riv", "nested.riv"] {
            try FileManager.default.copyItem(at: Self.root.appendingPathComponent("Corpus/fixtures/\(name)"), to: subset.appendingPathComponent(name))
        }
        try harness(diff + [subset.path, "--shard", "3/3", "--out", out.appendingPathComponent("other3").path])
        try harness(["run", "Corpus", "--filter", "globals/*", "--shard", "1/3", "--format", "json", "--no-history", "--out", out.appendingPathComponent("run1.json").path])
        try harness(["run", "Corpus", "--filter", "globals/*", "--format", "json", "--no-history", "--out", out.appendingPathComponent("run-all.json").path])
        // Shard 3 as if measured on another machine.
        let d3 = out.appendingPathComponent("d3/diff.json")
        let moved = out.appendingPathComponent("moved3.json")
        let text = try String(contentsOf: d3, encoding: .utf8)
        let testbed = try #require(text.range(of: #""testbed" : "[0-9a-f]+""#, options: .regularExpression))
        try text.replacingCharacters(in: testbed, with: #""testbed" : "0000000000000000""#).write(to: moved, atomically: true, encoding: .utf8)

        let path = { (name: String) in out.appendingPathComponent(name).path }
        let cases: [(files: [String], code: String, mentions: String)] = [
            ([path("d1/diff.json"), path("d2/diff.json"), path("other3/diff.json")], "merge.different-corpus", "corpus"),
            ([path("d1/diff.json"), path("d2/diff.json"), moved.path], "merge.different-testbed", "0000000000000000"),
            ([path("d1/diff.json"), path("d3/diff.json")], "merge.missing-shards", "shard 2/3 is missing"),
            ([path("d1/diff.json"), path("d2/diff.json"), path("d2/diff.json"), path("d3/diff.json")], "merge.duplicate-shard", "2/3 is given twice"),
            ([path("run1.json"), path("d2/diff.json"), path("d3/diff.json")], "merge.mixed-kinds", "run results"),
            ([path("run-all.json")], "merge.not-sharded", "unsharded"),
        ]
        for (files, code, mentions) in cases {
            let result = try harness(["merge"] + files + ["--out", path("merged")], expecting: 3)
            #expect(result.standardError.hasPrefix("error[\(code)]: "), "\(code): \(result.standardError)")
            #expect(result.standardError.contains(mentions) && result.standardError.contains("hint: "), "\(code): \(result.standardError)")
        }
        #expect(!FileManager.default.fileExists(atPath: path("merged")), "a refused merge writes nothing")
        try harness(["merge"], expecting: 2)
    }
}
