import Conformance
import Foundation
import RuntimeAPI
import Testing

/// Bounds and edge cases of the runner and loader: timeouts, settle, globs, hidden folders,
/// golden files, fixture diagnostics and trace quoting.
@Suite("runner robustness")
@MainActor
struct RunnerRobustnessTests {
    @Test("a settle that never ends is stopped by the scenario's timeout")
    func settleIsInterruptible() async throws {
        let text = scenario(rules: "[RDR-1]", timeout: 0.2, LanguageExtensionTests.viewSteps + "\n- settle: v\n  from: 0\n  within: 100000")
        let corpus = try SyntheticCorpus(scenarios: ["area/case": text])
        defer { corpus.remove() }
        let recorder = try await corpus.run(script: Script(slowUnsettledTicks: true))
        let result = try #require(recorder.results["area/case"])
        #expect(result.verdict == .timeout, "\(result.trace ?? result.message ?? "")")
        #expect(result.durationSeconds < 30)
    }

    @Test("a huge run timeout is clamped by the watchdog instead of trapping")
    func hugeTimeoutIsClamped() async throws {
        let corpus = try SyntheticCorpus(scenarios: ["area/case": scenario(setupSteps)])
        defer { corpus.remove() }
        let recorder = try await corpus.run(options: RunOptions(defaultTimeoutSeconds: 1e300))
        #expect(recorder.results["area/case"]?.verdict == .pass)
    }

    @Test("a fixture that exists but does not load is ERROR unless the step expects the error")
    func unloadableFixture() async throws {
        let failing = "description: d\nrules: [PROP-1]\nfixture: broken\nsteps:\n  - load: file\n"
        let expected = failing + "    throws: FileError.invalidFile\n"
        let corpus = try SyntheticCorpus(scenarios: ["area/failing": failing, "area/expected": expected])
        defer { corpus.remove() }
        try corpus.write("fixtures/broken.riv", "truncated")
        let recorder = try await corpus.run()
        let result = try #require(recorder.results["area/failing"])
        #expect(result.verdict == .error)
        #expect(result.message?.contains("fixture 'broken' exists but did not load") == true, "\(result.message ?? "")")
        #expect(recorder.results["area/expected"]?.verdict == .pass, "\(recorder.results["area/expected"]?.trace ?? "")")
    }

    @Test("a glob of 100,000 stars matches without exhausting the stack, and runs of stars collapse")
    func longGlob() {
        let stars = String(repeating: "*", count: 100_000)
        #expect(globMatches(stars, "values/deep/pass"))
        #expect(globMatches("values/" + stars + "/pass", "values/a/b/pass"))
        #expect(globMatches("v*s/*", "values/pass"))
        #expect(!globMatches("v*s/*", "values/deep/pass"))
        #expect(globMatches("**", ""))
        #expect(globMatches("a**b", "a/x/b"))
        #expect(!globMatches("a*b", "a/x/b"))
        #expect(!globMatches("?", ""))
    }

    @Test("scenario files inside hidden folders are not loaded")
    func hiddenFolders() throws {
        let corpus = try SyntheticCorpus(scenarios: ["area/case": scenario(setupSteps)])
        defer { corpus.remove() }
        try corpus.write("scenarios/.backup/area/case.yaml", "not: [a scenario")
        try corpus.write("scenarios/area/.hidden.yaml", "not: [a scenario")
        #expect(try corpus.load().entries.map(\.id) == ["area/case"])
    }

    @Test("a golden without a final newline keeps its last command")
    func goldenWithoutFinalNewline() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("goldens-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = GoldenStore(directory: folder.path, mode: .never)
        let file = folder.appendingPathComponent(store.relativePath(scenario: "a/b", name: "frame"))
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("clip 0 0 4 4\nfill #ff000000".utf8).write(to: file)
        #expect(store.check(DrawDigest(commands: ["clip 0 0 4 4", "fill #ff000000"], hash: "x"), scenario: "a/b", name: "frame") == .matched)
        try Data("clip 0 0 4 4\r\nfill #ff000000\r\n".utf8).write(to: file)
        #expect(store.check(DrawDigest(commands: ["clip 0 0 4 4", "fill #ff000000"], hash: "x"), scenario: "a/b", name: "frame") == .matched)
    }

    @Test("recording writes the golden atomically and it reads back")
    func goldenRecording() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("goldens-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let digest = DrawDigest(commands: ["a", "b"], hash: "x")
        let recorded = GoldenStore(directory: folder.path, mode: .missing).check(digest, scenario: "a/b", name: "frame")
        guard case .recorded = recorded else { Issue.record("\(recorded)"); return }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/a/b") == ["frame.digest"])
        #expect(GoldenStore(directory: folder.path, mode: .never).check(digest, scenario: "a/b", name: "frame") == .matched)
    }

    @Test("an invalid RIVE_HARNESS_RECORD is an error naming the variable and the valid values")
    func invalidRecordEnvironment() throws {
        #expect(try RecordMode.fromEnvironment(["RIVE_HARNESS_RECORD": "all"]) == .all)
        #expect(try RecordMode.fromEnvironment(["CI": "true"]) == .never)
        #expect(try RecordMode.fromEnvironment([:]) == .missing)
        #expect(throws: RecordModeError(value: "sometimes")) { try RecordMode.fromEnvironment(["RIVE_HARNESS_RECORD": "sometimes"]) }
        #expect(RecordModeError(value: "x").description.contains("RIVE_HARNESS_RECORD is 'x'"))
        #expect(RecordModeError(value: "x").description.contains("missing, all, never"))
    }

    @Test("diagnostics name the corpus's own fixtures folder, and an invalid fixture is reported once")
    func fixtureDiagnostics() throws {
        let text = "description: d\nrules: [PROP-1]\nfixture: nonesuch\nsteps:\n  - load: file\n  - artboard: ab\n    file: file\n"
        let corpus = try SyntheticCorpus(scenarios: ["area/case": text])
        defer { corpus.remove() }
        let entry = try #require(try corpus.load().entries.first)
        guard case .failure(let list) = entry.scenario else { Issue.record("loaded"); return }
        #expect(list.diagnostics.map(\.code) == ["scenario.missing-fixture"], "\(list.diagnostics)")
        #expect(list.diagnostics.first?.message == "no fixture 'nonesuch': \(corpus.root)/fixtures/nonesuch.riv does not exist")
    }

    @Test("trace strings escape newlines and control characters so a trace stays on one line")
    func quoting() {
        #expect(TypedValue.string("a\nb\r\tc\u{1}\"\\").description == #""a\nb\r\tc\u0001\"\\""#)
        #expect(TypedValue.enumCase("x\ny").description == #""x\ny""#)
    }
}
