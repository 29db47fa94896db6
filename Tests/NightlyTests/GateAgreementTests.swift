import Foundation
import HarnessSupport
import Nightly
import PerformanceData
import Testing

/// `nightly`'s benchmark gate and the dashboard's regression marks judge the same pair of runs alike.
struct GateAgreementTests {
    static let testbed = Testbed(cpuModel: "Test CPU", cores: 2, kernel: "Linux 6.1", toolchain: "Swift 6", buildFlags: "release")

    /// A time run of five benchmarks with nine repetitions each (±0.5 %), every one scaled by
    /// `load`, and `b2` by `planted` on top.
    static func run(createdAt: String, load: Double, planted: Double = 1) -> RunFile {
        var merger = RepetitionMerger()
        for (index, center) in [100.0, 250, 1000, 4000, 20000].enumerated() {
            let name = "reference/load/b\(index).riv"
            for spread in [-0.5, 0.3, -0.1, 0.4, 0.0, -0.3, 0.2, -0.4, 0.1] {
                let cpu = center * load * (index == 2 ? planted : 1) * (1 + spread / 100)
                merger.add(row: ["name": .string(name), "run_type": .string("iteration"), "iterations": .number(100),
                                 "real_time": .number(cpu), "cpu_time": .number(cpu), "time_unit": .string("ns")], name: name)
            }
        }
        let harness = HarnessContext(kind: .bench, createdAt: createdAt, metric: .time,
                                     adapters: [AdapterRecord(name: "reference", version: "test", runtimeCommit: nil)],
                                     harnessCommit: nil, corpusHash: "fnv1a64:0", testbed: TestbedRecord(testbed))
        return RunFile(benchmarkContext: .object([:]), rows: merger.rows, harness: harness)
    }

    /// The workloads whose chart carries a regression mark.
    static func markedWorkloads(_ html: String) -> Set<String> {
        Set(html.components(separatedBy: "<figure>").dropFirst().compactMap { figure in
            guard figure.contains("<path class=\"regression\"") else { return nil }
            return figure.components(separatedBy: "<code>").dropFirst().first?.components(separatedBy: "</code>").first
        })
    }

    @Test("a night whose whole run got 15 % slower with a planted 3 % on one benchmark: the gate and the marks both name that benchmark alone")
    func gateAndMarksAgree() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("rive-harness-gate-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let runs = root.appendingPathComponent("runs")
        try FileManager.default.createDirectory(at: runs, withIntermediateDirectories: true)
        // The noise file saw a 10 % load shift between A/A runs (so 30 % is allowed) and 1 % thresholds.
        var noise = NoiseFile()
        try noise.record(base: Self.run(createdAt: "2026-11-01T00:00:00Z", load: 1), new: Self.run(createdAt: "2026-11-01T01:00:00Z", load: 1.1))
        try noise.write(to: ResultsArchive.noisePath(of: root.path))
        try Self.run(createdAt: "2026-11-02T00:00:00Z", load: 1).write(to: runs.appendingPathComponent("1-bench.json").path)
        try Self.run(createdAt: "2026-11-03T00:00:00Z", load: 1.15, planted: 1.03).write(to: runs.appendingPathComponent("2-bench.json").path)

        let archive = try ResultsArchive.load(root.path)
        #expect(archive.problems.isEmpty)
        let latest = try #require(archive.records.last)
        guard case .compared(let previous, let report) = NightlyLanes.benchmarkGate(latest, in: archive) else {
            Issue.record("the gate did not compare the two runs")
            return
        }
        #expect(previous.fileName == "1-bench.json")
        let gateSlower = Set(report.benchmarks.filter { $0.verdict == .slower }.map(\.name))
        #expect(gateSlower == ["reference/load/b2.riv"], "the run shift is removed; only the planted change is beyond the 1 % threshold")
        #expect(report.hasRegression)

        let html = DashboardPage(archive: archive).html()
        // Judged alone against a fixed 5 % threshold, every benchmark's +15 % would be marked.
        #expect(Self.markedWorkloads(html) == Set(gateSlower.map { BenchmarkName($0).workload }))
        #expect(html.contains("1 regression"), "the latest compare counts the gate's one regression")
    }
}
