import Foundation
import HarnessSupport
import Testing
@testable import PerformanceData

/// Synthetic results documents for comparison tests.
enum Synthetic {
    static let testbed = Testbed(cpuModel: "Test CPU", cores: 2, kernel: "Linux 6.1", toolchain: "Swift version 6.3.1", buildFlags: "release")

    /// A document with one row per repetition of each benchmark (`values` are CPU ns or instructions).
    static func document(metric: Metric = .time, testbed: Testbed = testbed, _ benchmarks: [String: [Double]]) -> RunFile {
        var merger = RepetitionMerger()
        for name in benchmarks.keys.sorted() {
            for value in benchmarks[name] ?? [] {
                var row: [String: JSONValue] = ["name": .string(name), "run_type": .string("iteration"), "iterations": .number(1000),
                                                "real_time": .number(value * 1.5), "cpu_time": .number(value), "time_unit": .string("ns")]
                if metric == .instructions { row["instructions_per_iteration"] = .number(value) }
                merger.add(row: row, name: name)
            }
        }
        let harness = HarnessContext(kind: .bench, createdAt: "2026-11-30T00:00:00Z", metric: metric,
                                     adapters: [AdapterRecord(name: "reference", version: "test", runtimeCommit: nil)],
                                     harnessCommit: nil, corpusHash: "fnv1a64:0000000000000000", testbed: TestbedRecord(testbed))
        return RunFile(benchmarkContext: .object(["library_build_type": .string("debug")]), rows: merger.rows, harness: harness)
    }

    /// Nine repetitions around `center` with ±0.5% spread, deterministic.
    static func repetitions(_ center: Double) -> [Double] {
        [-0.5, 0.3, -0.1, 0.4, 0.0, -0.3, 0.2, -0.4, 0.1].map { center * (1 + $0 / 100) }
    }
}

@Suite("Comparison")
struct ComparisonTests {
    @Test("A/A: the same repetitions are the same for every benchmark")
    func aa() throws {
        let document = Synthetic.document(["a": Synthetic.repetitions(100), "b": Synthetic.repetitions(2000)])
        let report = try Comparison.compare(base: document, new: document)
        #expect(report.benchmarks.map(\.verdict) == [.same, .same])
        #expect(!report.hasRegression)
    }

    @Test("a 3% slowdown is slower with a 1% noise threshold and same under the 5% default")
    func plantedSlowdown() throws {
        let base = Synthetic.document(["a": Synthetic.repetitions(100), "b": Synthetic.repetitions(2000)])
        let new = Synthetic.document(["a": Synthetic.repetitions(103), "b": Synthetic.repetitions(2000).reversed()])
        let byDefault = try Comparison.compare(base: base, new: new)
        #expect(byDefault.benchmarks.first { $0.name == "a" }?.verdict == .same)
        var noise = NoiseFile()
        try noise.record(base: base, new: base)
        let withNoise = try Comparison.compare(base: base, new: new, noise: noise)
        let a = try #require(withNoise.benchmarks.first { $0.name == "a" })
        #expect(a.verdict == .slower)
        #expect(a.thresholdSource == "noise")
        #expect(a.threshold == 0.01)
        #expect(abs((a.change ?? 0) - 0.03) < 1e-9)
        #expect(a.effect == 1)
        #expect(withNoise.benchmarks.first { $0.name == "b" }?.verdict == .same)
        #expect(withNoise.hasRegression)
    }

    @Test("faster is reported, and is not a regression")
    func faster() throws {
        let base = Synthetic.document(["a": Synthetic.repetitions(100)])
        let new = Synthetic.document(["a": Synthetic.repetitions(80)])
        let report = try Comparison.compare(base: base, new: new)
        #expect(report.benchmarks.first?.verdict == .faster)
        #expect(!report.hasRegression)
    }

    @Test("beyond the threshold but not significant is unknown")
    func notSignificant() throws {
        let base = Synthetic.document(["a": [100, 300, 100, 300, 100, 300, 100]])
        let new = Synthetic.document(["a": [300, 100, 300, 100, 300, 100, 300]])
        let row = try #require(try Comparison.compare(base: base, new: new).benchmarks.first)
        #expect(row.verdict == .unknown)
        #expect(row.reason.contains("not significant"))
    }

    @Test("too few repetitions, or a benchmark on one side only, is unknown")
    func unknowns() throws {
        let base = Synthetic.document(["a": [100, 101, 99], "gone": Synthetic.repetitions(5)])
        let new = Synthetic.document(["a": [150, 151, 149], "added": Synthetic.repetitions(5)])
        let report = try Comparison.compare(base: base, new: new)
        #expect(report.benchmarks.map(\.name) == ["a", "gone", "added"])
        #expect(report.benchmarks.allSatisfy { $0.verdict == .unknown })
        #expect(report.benchmarks[0].reason.contains("too few repetitions"))
        #expect(report.benchmarks[1].reason == "only in the base file")
        #expect(report.benchmarks[2].reason == "only in the new file")
    }

    @Test("instructions: exact change against 0.5%")
    func instructions() throws {
        let base = Synthetic.document(metric: .instructions, ["same": [1_000_000], "slower": [1_000_000], "faster": [1_000_000]])
        let new = Synthetic.document(metric: .instructions, ["same": [1_004_000], "slower": [1_030_000], "faster": [990_000]])
        let report = try Comparison.compare(base: base, new: new)
        let verdicts = Dictionary(uniqueKeysWithValues: report.benchmarks.map { ($0.name, $0.verdict) })
        #expect(verdicts == ["same": .same, "slower": .slower, "faster": .faster])
        #expect(report.benchmarks.first { $0.name == "slower" }?.effect == 30_000)
    }

    @Test("times on different testbeds are refused with the differing fields; instructions are compared with a note")
    func testbeds() throws {
        var other = Synthetic.testbed
        other.cpuModel = "Other CPU"
        let base = Synthetic.document(["a": Synthetic.repetitions(100)])
        let new = Synthetic.document(testbed: other, ["a": Synthetic.repetitions(100)])
        #expect {
            try Comparison.compare(base: base, new: new)
        } throws: { error in
            guard let refusal = error as? ComparisonRefusal else { return false }
            return refusal.code == "compare.testbed-mismatch" && refusal.message.contains("cpuModel: \"Test CPU\" vs \"Other CPU\"")
        }
        let report = try Comparison.compare(base: Synthetic.document(metric: .instructions, ["a": [10]]),
                                            new: Synthetic.document(metric: .instructions, testbed: other, ["a": [10]]))
        #expect(report.benchmarks.first?.verdict == .same)
        #expect(report.notes.contains { $0.contains("different testbeds") })
    }

    @Test("different metrics are refused")
    func metrics() {
        #expect(throws: ComparisonRefusal.self) {
            try Comparison.compare(base: Synthetic.document(["a": [1]]), new: Synthetic.document(metric: .instructions, ["a": [1]]))
        }
    }

    @Test("noise: 3 × the largest A/A change, floored, kept per testbed and merged over pairs")
    func noiseRecording() throws {
        let first = Synthetic.document(["a": Synthetic.repetitions(100)])
        let second = Synthetic.document(["a": Synthetic.repetitions(102)])
        var noise = NoiseFile()
        #expect(try noise.record(base: first, new: second) == 1)
        let entry = try #require(noise.entry(metric: .time, testbed: Synthetic.testbed.fingerprint, benchmark: "a"))
        #expect(abs(entry.largestChange - 0.02) < 1e-9)
        #expect(abs(entry.threshold - 0.06) < 1e-9)
        try noise.record(base: first, new: first)
        #expect(noise.entry(metric: .time, testbed: Synthetic.testbed.fingerprint, benchmark: "a")?.pairs == 2)
        #expect(abs((noise.entry(metric: .time, testbed: Synthetic.testbed.fingerprint, benchmark: "a")?.threshold ?? 0) - 0.06) < 1e-9)
        let reread = try NoiseFile.parse(noise.json.serialized(), path: "noise.json")
        #expect(reread == noise)
        #expect(noise.thresholds(metric: .time, testbed: "another").isEmpty)
    }

    /// Five benchmarks around different centres, each scaled by `factor`.
    static func run(_ factor: Double, planted: Double = 1) -> RunFile {
        var benchmarks: [String: [Double]] = [:]
        for (index, center) in [100.0, 250, 1000, 4000, 20000].enumerated() {
            benchmarks["b\(index)"] = Synthetic.repetitions(center * factor * (index == 2 ? planted : 1))
        }
        return Synthetic.document(benchmarks)
    }

    @Test("A/A with a load change: the run shift is removed; beyond the default drift the moved benchmarks are unknown, not slower")
    func runShift() throws {
        let report = try Comparison.compare(base: Self.run(1), new: Self.run(1.2))
        #expect(abs((report.runShift ?? 0) - 0.2) < 1e-9)
        #expect(report.benchmarks.allSatisfy { $0.verdict == .unknown && $0.reason.contains("with the whole run") })
        #expect(!report.hasRegression)
        #expect(report.notes.contains { $0.contains("run shift +20.00%") })
        // A noise file that saw a 10% shift between A/A runs allows 30%: then they are the same.
        var noise = NoiseFile()
        try noise.record(base: Self.run(1), new: Self.run(1.1))
        #expect(noise.runShift(metric: .time, testbed: Synthetic.testbed.fingerprint)?.threshold ?? 0 > 0.29)
        let withNoise = try Comparison.compare(base: Self.run(1), new: Self.run(1.2), noise: noise)
        #expect(withNoise.benchmarks.allSatisfy { $0.verdict == .same })
    }

    @Test("a planted 3% slowdown is slower on top of a run shift the A/A drift explains")
    func plantedUnderShift() throws {
        var noise = NoiseFile()
        try noise.record(base: Self.run(1), new: Self.run(1.1))
        let report = try Comparison.compare(base: Self.run(1), new: Self.run(1.15, planted: 1.03), noise: noise)
        let verdicts = Dictionary(uniqueKeysWithValues: report.benchmarks.map { ($0.name, $0.verdict) })
        #expect(verdicts == ["b0": .same, "b1": .same, "b2": .slower, "b3": .same, "b4": .same])
        let planted = try #require(report.benchmarks.first { $0.name == "b2" })
        #expect(abs((planted.adjustedChange ?? 0) - 0.03) < 1e-9)
        #expect(report.hasRegression)
    }

    @Test("a benchmark change while the whole run moved beyond the drift is unknown")
    func changeUnderLargeShift() throws {
        let report = try Comparison.compare(base: Self.run(1), new: Self.run(1.2, planted: 1.1))
        let planted = try #require(report.benchmarks.first { $0.name == "b2" })
        #expect(planted.verdict == .slower, "32% raw against a 20% shift: the benchmark's own 10% is beyond the threshold in the same direction")
        let flat = try Comparison.compare(base: Self.run(1), new: Self.run(1.2, planted: 1 / 1.2))
        let unmoved = try #require(flat.benchmarks.first { $0.name == "b2" })
        #expect(unmoved.verdict == .unknown, "unchanged while the run moved 20%: cannot tell")
        #expect(unmoved.reason.contains("cannot tell"))
    }

    @Test("a threshold larger than the resolution is never same: unknown with the reason; a change beyond it is still reported")
    func resolution() throws {
        let base = Synthetic.document(["a": Synthetic.repetitions(100)])
        var noise = NoiseFile()
        try noise.record(base: base, new: Synthetic.document(["a": Synthetic.repetitions(103)]))
        let within = try Comparison.compare(base: base, new: Synthetic.document(["a": Synthetic.repetitions(103)]), noise: noise)
        let row = try #require(within.benchmarks.first)
        #expect(abs(row.threshold - 0.09) < 1e-9)
        #expect(row.verdict == .unknown)
        #expect(row.reason.contains("resolution"))
        let coarse = try Comparison.compare(base: base, new: Synthetic.document(["a": Synthetic.repetitions(103)]), noise: noise, resolution: 0.1)
        #expect(coarse.benchmarks.first?.verdict == .same)
        let beyond = try Comparison.compare(base: base, new: Synthetic.document(["a": Synthetic.repetitions(120)]), noise: noise)
        #expect(beyond.benchmarks.first?.verdict == .slower)
    }

    @Test("noise files keep run shifts; files without them still parse")
    func noiseRunShifts() throws {
        var noise = NoiseFile()
        try noise.record(base: Self.run(1), new: Self.run(0.95))
        let shift = try #require(noise.runShift(metric: .time, testbed: Synthetic.testbed.fingerprint))
        #expect(abs(shift.largestShift - 0.05) < 1e-9)
        #expect(shift.pairs == 1)
        // Every benchmark moved alike, so the per-benchmark noise is the floor.
        #expect(noise.entry(metric: .time, testbed: Synthetic.testbed.fingerprint, benchmark: "b3")?.threshold == 0.01)
        #expect(try NoiseFile.parse(noise.json.serialized(), path: "noise.json") == noise)
        let old = Array(#"{"formatVersion": 1, "thresholds": {"time": {"x": {"a": {"threshold": 0.02, "largestChange": 0.005, "pairs": 1}}}}}"#.utf8)
        let parsed = try NoiseFile.parse(old, path: "noise.json")
        #expect(parsed.thresholds(metric: .time, testbed: "x") == ["a": 0.02])
        #expect(parsed.runShift(metric: .time, testbed: "x") == nil)
        #expect(throws: ResultsFileError.self) { try NoiseFile.parse(Array(#"{"formatVersion": 1, "thresholds": {}, "runShifts": []}"#.utf8), path: "n.json") }
    }

    @Test("Holm: a p = 0.014 change is slower alone, unknown among eleven benchmarks (it could be chance)")
    func multipleComparisons() throws {
        let overlapping: [Double] = [106, 99.65, 107, 106.5, 100.45, 108, 105, 99.85, 107.5]
        let alone = try Comparison.compare(base: Synthetic.document(["x": Synthetic.repetitions(100)]), new: Synthetic.document(["x": overlapping]))
        let single = try #require(alone.benchmarks.first)
        #expect(abs((single.pValue ?? 0) - 0.0142) < 0.0001)
        #expect(single.verdict == .slower)
        var baseSet = ["x": Synthetic.repetitions(100)], newSet = ["x": overlapping]
        for index in 0..<10 {
            baseSet["same\(index)"] = Synthetic.repetitions(Double(200 + index))
            newSet["same\(index)"] = Synthetic.repetitions(Double(200 + index))
        }
        let family = try Comparison.compare(base: Synthetic.document(baseSet), new: Synthetic.document(newSet))
        let row = try #require(family.benchmarks.first { $0.name == "x" })
        #expect(row.verdict == .unknown)
        #expect(abs((row.rawPValue ?? 0) - 0.0142) < 0.0001)
        #expect(abs((row.pValue ?? 0) - 11 * (row.rawPValue ?? 0)) < 1e-9)
        #expect(row.reason.contains("Holm"))
        #expect(!family.hasRegression)
    }
}
