import AdapterProtocol
import Conformance
import Foundation
import HarnessTestSupport
import RuntimeAPI
import Testing

/// Damaged files against the real runtime: a crash of the driver is a CRASH verdict (a hang
/// a TIMEOUT) for that case only, and the run goes on with a new child.
///
/// The test writes a corpus of its own into a temporary folder: seeded mutations of the
/// fixtures (the robustness mutations of `HarnessTestSupport.Mutation`), upstream's
/// `layout__layout_paint.riv` when `../shared` is present (upstream crashes on it in frame
/// 0 with layout compiled out), and an undamaged `character.riv` after every case, each case
/// played by one scenario: load, default artboard, default state machine, a view, two ticks.
/// `RIVE_HARNESS_CPP_MUTATIONS` sets the number of mutations (default 60).
@Suite("rive-cpp crash isolation", .enabled(if: RiveCppDriver.isBuilt, Comment(rawValue: RiveCppDriver.absentComment)))
struct RiveCppCrashIsolationTests {
    /// The run goes through `rive-harness run --adapter rive-cpp` in a child process, off this
    /// process's main actor: a hung driver blocks its adapter's synchronous members until the
    /// request timeout, which would hold up every other suite's scenarios (and their timeouts)
    /// running on this process's main actor meanwhile.
    @Test("a crash on a damaged file is CRASH for that scenario only; the undamaged scenario after it passes")
    func mutationsAreIsolated() throws {
        let count = Int(ProcessInfo.processInfo.environment["RIVE_HARNESS_CPP_MUTATIONS"] ?? "") ?? 60
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("rive-cpp-crash-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let cases = try writeCorpus(at: root, mutations: count)
        let results = root + "/results.json"

        let run = try HarnessProcess.run(["run", root, "--adapter", "rive-cpp", "--request-timeout", "20", "--timeout", "30",
                                          "--record", "never", "--no-history", "--format", "json", "--out", results])
        #expect([0, 1].contains(run.exitCode), "\(run.standardOutput)\(run.standardError)")
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: results))) as? [String: Any]
        var verdicts: [String: Verdict] = [:]
        for scenario in document?["scenarios"] as? [[String: Any]] ?? [] {
            guard let id = scenario["id"] as? String, let verdict = (scenario["verdict"] as? String).flatMap(Verdict.init(rawValue:)) else { continue }
            verdicts[id] = verdict
        }
        #expect(verdicts.count == cases.count * 2)

        var tally: [Verdict: Int] = [:]
        for name in cases {
            let verdict = try #require(verdicts["cases/\(name)"])
            tally[verdict, default: 0] += 1
            // Damaged files may load and play, fail to load (ERROR), fail a step, crash the
            // runtime or hang it (TIMEOUT: seen for one seeded mutation); the harness isolates
            // the last two like the first.
            #expect([.pass, .fail, .error, .crash, .timeout].contains(verdict), "cases/\(name): \(verdict.rawValue)")
            #expect(verdicts["cases/\(name)-then-intact"] == .pass, "the undamaged file after \(name) (\(verdict.rawValue))")
        }
        if cases.contains("upstream-layout-paint") {
            #expect(verdicts["cases/upstream-layout-paint"] == .crash)
        }
        print("RiveCppCrashIsolationTests: \(cases.count) damaged cases: "
              + tally.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.value) \($0.key.rawValue)" }.joined(separator: ", "))
    }

    /// Writes rules, features, fixtures and one pair of scenarios per case; returns the case names.
    private func writeCorpus(at root: String, mutations: Int) throws -> [String] {
        let manager = FileManager.default
        let source = RiveCppDriver.corpusPath
        for folder in ["fixtures", "scenarios/cases", "expectations"] {
            try manager.createDirectory(atPath: "\(root)/\(folder)", withIntermediateDirectories: true)
        }
        for file in ["rules.yaml", "features.yaml"] {
            try manager.copyItem(atPath: "\(source)/\(file)", toPath: "\(root)/\(file)")
        }
        let intact = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(source)/fixtures/character.riv")))
        try Data(intact).write(to: URL(fileURLWithPath: "\(root)/fixtures/intact.riv"))
        let originals = try ["character", "all-types", "globals", "two-way", "lists", "relay"].map {
            try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(source)/fixtures/\($0).riv")))
        }
        var files: [(name: String, bytes: [UInt8])] = []
        var generator = SeededGenerator(seed: 0x5249_5645_4350)
        for index in 0..<mutations {
            var bytes = originals[index % originals.count]
            Mutation.random(using: &generator).apply(to: &bytes, using: &generator)
            files.append((String(format: "mutation-%04d", index), bytes))
        }
        if let crashing = SharedMaterial.assetIfPresent("layout__layout_paint.riv") {
            files.append(("upstream-layout-paint", crashing))
        }
        for file in files {
            try Data(file.bytes).write(to: URL(fileURLWithPath: "\(root)/fixtures/\(file.name).riv"))
            try scenario(fixture: file.name, what: "the damaged file \(file.name)")
                .write(toFile: "\(root)/scenarios/cases/\(file.name).yaml", atomically: true, encoding: .utf8)
            try scenario(fixture: "intact", what: "the undamaged character fixture, after \(file.name)")
                .write(toFile: "\(root)/scenarios/cases/\(file.name)-then-intact.yaml", atomically: true, encoding: .utf8)
        }
        return files.map(\.name)
    }

    private func scenario(fixture: String, what: String) -> String {
        """
        description: \(what) loads and plays its default artboard and state machine, or fails, without stopping the run.
        rules: [SRC-7]
        features: [introspection]
        fixture: \(fixture)
        steps:
          - load: file
          - artboard: ab
            file: file
          - stateMachine: sm
            artboard: ab
          - view: v
            artboard: ab
            stateMachine: sm
            size: [32, 32]
          - tick: v
            at: 0
          - tick: v
            at: 0.5

        """
    }
}
