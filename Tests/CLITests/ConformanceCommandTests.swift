import Foundation
import HarnessTestSupport
import Testing

/// `run`, `list`, `validate` and `coverage`, run as a user would run them.
struct ConformanceCommandTests {
    /// A corpus with two rules, one scenario covering one of them, and a scripted fixture.
    private func makeCorpus(scenario: String? = nil) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("rive-harness-cli-\(UUID().uuidString)")
        let files = [
            "rules.yaml": "rules:\n  - id: PROP-1\n    title: set then get\n  - id: PROP-2\n    title: paths are case-sensitive\n",
            "features.yaml": "features:\n  - name: numbers\n    description: number properties\n",
            "fixtures/demo.riv": "demo",
            "scenarios/values/set-get.yaml": scenario ?? """
                description: a set value reads back
                rules: [PROP-1]
                features: [numbers]
                fixture: demo
                steps:
                  - load: file
                """,
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    @Test("run with an unknown adapter is a usage error that says which adapters exist")
    func unknownAdapter() throws {
        let result = try HarnessProcess.run(["run", "--adapter", "nonesuch"])
        #expect(result.exitCode == 2)
        #expect(result.standardError.contains("unknown adapter 'nonesuch'"))
        #expect(result.standardError.contains("hint: see 'rive-harness run --help'"))
    }

    @Test("run rejects bad option values with exit 2")
    func badRunOptions() throws {
        for arguments in [["--shard", "3/2"], ["--format", "xml"], ["--jobs", "0"], ["--record", "sometimes"], ["--timeout", "-1"], ["--filtr", "x"]] {
            let result = try HarnessProcess.run(["run"] + arguments)
            #expect(result.exitCode == 2, "\(arguments): \(result.standardError)")
        }
    }

    @Test("validate, list and coverage on a clean corpus with an uncovered rule")
    func cleanCorpus() throws {
        let root = try makeCorpus()
        defer { try? FileManager.default.removeItem(at: root) }
        let validate = try HarnessProcess.run(["validate", root.path])
        #expect(validate.exitCode == 0, "\(validate.standardError)")
        #expect(validate.standardOutput == "validated 1 scenario(s), 2 rule(s), 1 feature(s), 0 expectations file(s): 0 problem(s)\n")
        let list = try HarnessProcess.run(["list", root.path, "--rules", "PROP"])
        #expect(list.exitCode == 0)
        #expect(list.standardOutput == "values/set-get  [PROP-1]  a set value reads back\n")
        let coverage = try HarnessProcess.run(["coverage", root.path])
        #expect(coverage.exitCode == 1)
        #expect(coverage.standardOutput.contains("PROP-1  1  values/set-get"))
        #expect(coverage.standardOutput.contains("1 of 2 rule(s) covered; no scenario for: PROP-2"))
    }

    @Test("coverage exits 0 when every rule has a scenario")
    func fullCoverage() throws {
        let root = try makeCorpus(scenario: "description: both\nrules: [PROP-1, PROP-2]\nfixture: demo\nsteps:\n  - load: file\n")
        defer { try? FileManager.default.removeItem(at: root) }
        let coverage = try HarnessProcess.run(["coverage", root.path])
        #expect(coverage.exitCode == 0, "\(coverage.standardOutput)")
    }

    @Test("a stale expectation fails validate at its line and column")
    func staleExpectation() throws {
        let root = try makeCorpus()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("expectations/reference.yaml")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("expectations:\n  values/gone:\n    status: fail\n    reason: old\n".utf8).write(to: file)
        let result = try HarnessProcess.run(["validate", root.path])
        #expect(result.exitCode == 1)
        #expect(result.standardError.contains("\(file.path):2:3: error[expectations.unknown-scenario]: stale entry: no scenario 'values/gone' in the corpus"))
    }

    @Test("a missing corpus folder exits 3")
    func missingCorpus() throws {
        for command in ["validate", "list", "coverage"] {
            let result = try HarnessProcess.run([command, "/nonexistent/corpus"])
            #expect(result.exitCode == 3, "\(command)")
            #expect(result.standardError.contains("'/nonexistent/corpus' is not a corpus"))
        }
    }

    @Test("every conformance command has help")
    func help() throws {
        for command in ["run", "list", "validate", "coverage"] {
            let result = try HarnessProcess.run([command, "--help"])
            #expect(result.exitCode == 0)
            #expect(result.standardOutput.hasPrefix("usage: rive-harness \(command)"))
            #expect(result.standardOutput.contains("exit codes:"))
        }
    }
}
