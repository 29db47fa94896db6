import Foundation
import HarnessSupport
import PerformanceData
import Testing

/// Results files, series, comparisons and the dashboard page over synthetic runs.
struct HistoryTests {
    static let testbedA = TestbedRecord(Testbed(cpuModel: "CPU A", cores: 2, kernel: "Linux", toolchain: "Swift 6", buildFlags: "release"))
    static let testbedB = TestbedRecord(Testbed(cpuModel: "CPU B", cores: 8, kernel: "Linux", toolchain: "Swift 6", buildFlags: "release"))

    /// A benchmark run file's JSON with one instructions row per (benchmark, value).
    static func benchJSON(createdAt: String, testbed: TestbedRecord, rows: [(String, Double)], metric: String = "instructions") -> String {
        let benchmarks = rows.map { name, value in
            #"{"name":"\#(name)","run_name":"\#(name)","run_type":"iteration","real_time":1,"cpu_time":\#(value / 1000),"time_unit":"us","instructions_per_iteration":\#(value)}"#
        }.joined(separator: ",")
        return #"""
            {"context":{"num_cpus":2},"benchmarks":[\#(benchmarks)],
             "harness":{"formatVersion":1,"kind":"bench","createdAt":"\#(createdAt)","metric":"\#(metric)",
                        "adapters":[{"name":"reference","version":"0.1","runtimeCommit":null},{"name":"rive-cpp","version":"0.2","runtimeCommit":"abcdef0123"}],
                        "harnessCommit":null,"corpusHash":"00","testbed":{"fingerprint":"\#(testbed.fingerprint)","cpuModel":"\#(testbed.cpuModel!)","cores":\#(testbed.cores!),"kernel":"Linux","toolchain":"Swift 6","buildFlags":"release"}}}
            """#
    }

    /// A conformance run file's JSON for one adapter with verdicts by scenario ID.
    static func conformanceJSON(createdAt: String, adapter: String, verdicts: [(String, String, String)]) -> String {
        let scenarios = verdicts.map { id, rule, verdict in
            let expectation = verdict == "XFAIL" ? #","expectation":{"status":"fail","reason":"not <yet> implemented","link":"https://example.org/1"}"# : ""
            return #"{"id":"\#(id)","verdict":"\#(verdict)","rules":["\#(rule)"],"durationSeconds":0\#(expectation)}"#
        }.joined(separator: ",")
        let failing = verdicts.contains { ["FAIL", "ERROR", "TIMEOUT", "CRASH", "XPASS"].contains($0.2) }
        return #"""
            {"context":{},"benchmarks":[],
             "conformance":{"schema":"rive-harness.results","version":1,"adapter":{"name":"\#(adapter)","version":"1"},
                            "summary":{"passed":\#(!failing),"total":\#(verdicts.count),"counts":{"PASS":1}},"scenarios":[\#(scenarios)]},
             "harness":{"formatVersion":1,"kind":"conformance","createdAt":"\#(createdAt)","adapters":[{"name":"\#(adapter)"}],
                        "testbed":{"fingerprint":"\#(testbedA.fingerprint)"}}}
            """#
    }

    /// Writes files into a fresh results folder's runs/.
    static func resultsFolder(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("rive-harness-history-\(UUID().uuidString)")
        let runs = root.appendingPathComponent("runs")
        try FileManager.default.createDirectory(at: runs, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: runs.appendingPathComponent(name)) }
        return root
    }

    @Test("series never mix testbeds; each has its points in time order; malformed files become problems")
    func seriesPerTestbed() throws {
        let root = try Self.resultsFolder([
            "1.json": Self.benchJSON(createdAt: "2026-11-02T00:00:00Z", testbed: Self.testbedA, rows: [("reference/load/a.riv", 110)]),
            "2.json": Self.benchJSON(createdAt: "2026-11-01T00:00:00Z", testbed: Self.testbedA, rows: [("reference/load/a.riv", 100)]),
            "3.json": Self.benchJSON(createdAt: "2026-11-01T12:00:00Z", testbed: Self.testbedB, rows: [("reference/load/a.riv", 50)]),
            "bad.json": #"{"harness":{"formatVersion":1}}"#,
            "new.json": #"{"harness":{"formatVersion":2,"kind":"bench","createdAt":"x","adapters":[],"testbed":{"fingerprint":"c"}}}"#,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let archive = try ResultsArchive.load(root.path)
        #expect(archive.problems.map(\.code).sorted() == ["results.bad-harness", "results.unknown-version"])
        #expect(archive.problems.contains { $0.description.contains("bad.json") && $0.description.contains("\"harness\".kind is missing") })
        let series = archive.benchmarkSeries()
        #expect(series.count == 2)
        #expect(series[0].key.testbed == Self.testbedA.fingerprint)
        #expect(series[0].points.map(\.measurement.median) == [100, 110])
        #expect(series[1].points.map(\.measurement.median) == [50])
        #expect(series[0].points[0].runtimeCommit == nil && series[0].adapter == "reference")
        let csv = SeriesExport.csv(series)
        #expect(csv.split(separator: "\n").count == 4)
        #expect(csv.contains("\(Self.testbedA.fingerprint),reference/load/a.riv,reference,2026-11-01T00:00:00Z,2.json,instructions,instructions,100,100,0.1,"))
        let json = try JSONSerialization.jsonObject(with: Data(SeriesExport.json(series).utf8)) as? [[String: Any]]
        #expect(json?.count == 2)
    }

    @Test("the latest compare flags a 3 % instruction increase past the 0.5 % threshold and not a 0.3 % one")
    func latestCompare() throws {
        let root = try Self.resultsFolder([
            "1.json": Self.benchJSON(createdAt: "2026-11-01T00:00:00Z", testbed: Self.testbedA, rows: [("rive-cpp/advance/a.riv", 1000), ("rive-cpp/load/a.riv", 1000)]),
            "2.json": Self.benchJSON(createdAt: "2026-11-02T00:00:00Z", testbed: Self.testbedA, rows: [("rive-cpp/advance/a.riv", 1030), ("rive-cpp/load/a.riv", 1003)]),
            "3.json": Self.benchJSON(createdAt: "2026-11-03T00:00:00Z", testbed: Self.testbedB, rows: [("rive-cpp/advance/a.riv", 2000)]),
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let comparisons = LatestComparison.latest(in: try ResultsArchive.load(root.path))
        let onA = try #require(comparisons.first { $0.testbed == Self.testbedA.fingerprint })
        #expect(onA.regressions.map(\.name) == ["rive-cpp/advance/a.riv"])
        #expect(onA.rows.first { $0.name == "rive-cpp/load/a.riv" }?.verdict == .same)
        let onB = try #require(comparisons.first { $0.testbed == Self.testbedB.fingerprint })
        #expect(onB.rows.isEmpty && onB.newBenchmarks == ["rive-cpp/advance/a.riv"])
    }

    @Test("time changes need Mann-Whitney significance: separated samples regress, overlapping ones are unknown")
    func timeChanges() {
        let base: [Double] = [100, 101, 99, 100.5, 99.5]
        let slower: [Double] = [110, 111, 109, 110.5, 109.5]
        let noisy: [Double] = [80, 140, 95, 130, 106]
        func verdict(_ new: [Double]) -> Verdict {
            Comparison.compareBenchmark(name: "x", metric: .time, base: base, new: new, threshold: Comparison.defaultTimeThreshold, thresholdSource: "default").verdict
        }
        #expect(verdict(slower) == .slower)
        #expect(verdict(noisy) == .unknown)
        // Fully separated samples of 5 and 5: the exact two-sided p is 2/252.
        #expect(abs(Statistics.mannWhitneyU(base, slower)!.pValue - 2.0 / 252) < 1e-12)
        // One value on each side can never be significant: p = 1.
        #expect(Statistics.mannWhitneyU([1], [2])?.pValue == 1)
        #expect(Statistics.mannWhitneyU([1, 1, 1], [1, 1, 1])?.pValue == 1)
    }

    @Test("new conformance failures are those not failing in the earlier runs of the adapter on the testbed")
    func conformanceComparison() throws {
        let root = try Self.resultsFolder([
            "1.json": Self.conformanceJSON(createdAt: "2026-11-01T00:00:00Z", adapter: "reference", verdicts: [("a", "GLB-1", "PASS"), ("b", "GLB-2", "FAIL")]),
            "2.json": Self.conformanceJSON(createdAt: "2026-11-02T00:00:00Z", adapter: "reference", verdicts: [("a", "GLB-1", "FAIL"), ("b", "GLB-2", "FAIL"), ("c", "PROP-1", "XFAIL")]),
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let archive = try ResultsArchive.load(root.path)
        let comparison = try #require(ConformanceComparison.compare(archive.records[1], in: archive))
        #expect(comparison.comparedScenarios == 2)
        #expect(comparison.newFailures.map { "\($0.scenario) \($0.before)→\($0.after)" } == ["a PASS→FAIL"])
        let first = try #require(ConformanceComparison.compare(archive.records[0], in: archive))
        #expect(first.comparedScenarios == 0 && first.newFailures.map(\.scenario) == ["b"])
        #expect(comparison.stillFailing == ["b"])
    }

    @Test("the dashboard is one page without scripts or external resources, with charts, hover titles, the matrix and XFAIL reasons")
    func dashboardPage() throws {
        let root = try Self.resultsFolder([
            "1.json": Self.benchJSON(createdAt: "2026-11-01T00:00:00Z", testbed: Self.testbedA, rows: [("reference/advance/a.riv", 3000), ("rive-cpp/advance/a.riv", 1000)]),
            "2.json": Self.benchJSON(createdAt: "2026-11-02T00:00:00Z", testbed: Self.testbedA, rows: [("reference/advance/a.riv", 3000), ("rive-cpp/advance/a.riv", 1040)]),
            "3.json": Self.conformanceJSON(createdAt: "2026-11-02T00:00:00Z", adapter: "reference", verdicts: [("a", "GLB-1", "PASS"), ("c", "PROP-1", "XFAIL")]),
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let html = DashboardPage(archive: try ResultsArchive.load(root.path)).html()
        #expect(!html.contains("<script") && !html.contains("src=") && !html.contains("url(") && !html.contains("<link"))
        #expect(html.components(separatedBy: "<svg class=\"chart\"").count - 1 == 2)
        #expect(html.contains("<path class=\"regression\""), "the 4 % rise of rive-cpp/advance is marked")
        #expect(html.contains("<title>2026-11-02T00:00:00Z · 1 040 instructions (median of 1) · 2.json · version 0.2 · runtime abcdef0123 · +4.00 % vs previous: slower</title>"))
        #expect(html.contains("2.88×"), "reference / rive-cpp = 3000 / 1040")
        #expect(html.contains("href=\"#xfail-reference-PROP-c\""))
        #expect(html.contains("id=\"xfail-reference-PROP-c\""))
        #expect(html.contains("not &lt;yet&gt; implemented"))
        #expect(html.contains("1 regression"))
    }

    @Test("the dashboard counts in the singular for one, and its conformance matrix has rule areas as rows and adapters as columns")
    func dashboardWordingAndMatrixShape() throws {
        let root = try Self.resultsFolder([
            "1.json": Self.benchJSON(createdAt: "2026-11-01T00:00:00Z", testbed: Self.testbedA, rows: [("reference/advance/a.riv", 3000)]),
            "2.json": Self.benchJSON(createdAt: "2026-11-02T00:00:00Z", testbed: Self.testbedA, rows: [("reference/advance/a.riv", 3000)]),
            "3.json": Self.conformanceJSON(createdAt: "2026-11-02T00:00:00Z", adapter: "reference", verdicts: [("a", "GLB-1", "PASS"), ("c", "PROP-1", "XFAIL")]),
            "4.json": Self.conformanceJSON(createdAt: "2026-11-02T00:00:00Z", adapter: "other", verdicts: [("a", "GLB-1", "FAIL"), ("c", "PROP-1", "PASS")]),
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let html = DashboardPage(archive: try ResultsArchive.load(root.path)).html()
        #expect(html.contains("4 recorded runs on 1 testbed;"), "\(html.prefix(600))")
        #expect(html.contains("<summary>1 benchmark compared:"))
        #expect(!html.contains("1 benchmarks") && !html.contains("1 testbeds"))
        let rows = html.components(separatedBy: "<table class=\"matrix\">")[1].components(separatedBy: "</table>")[0]
        let header = rows.components(separatedBy: "</thead>")[0]
        #expect(header.contains("<tr><th>rule area</th>") && header.contains("<th><code>other</code>") && header.contains("<th><code>reference</code>"),
                "one column per adapter: \(header)")
        #expect(rows.components(separatedBy: "<tr>").count - 1 == 3, "the header row, then one row per area: GLB, PROP")
        #expect(rows.contains("<tr><th>GLB</th><td class=\"cell fail\""), "\(rows)")
        #expect(rows.contains("<tr class=\"total\"><th>total</th>"))
        #expect(counted(1, "run") == "1 run" && counted(0, "run") == "0 runs" && counted(2, "testbed") == "2 testbeds")
    }

    @Test("a contributed table gets a section and a link before the runs, its cells escaped, and its empty text without rows")
    func contributedTable() throws {
        let root = try Self.resultsFolder([
            "1.json": Self.benchJSON(createdAt: "2026-11-01T00:00:00Z", testbed: Self.testbedA, rows: [("reference/advance/a.riv", 3000)]),
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        var page = DashboardPage(archive: try ResultsArchive.load(root.path))
        page.tables = [DashboardTable(id: "fuzz", title: "Fuzz buckets", note: "by version", emptyText: "none yet", columns: ["kind", "signature"],
                                      rows: [["crash", "in rive::A<B>"]])]
        let html = page.html()
        #expect(html.contains("<a href=\"#fuzz\">Fuzz buckets</a> · <a href=\"#runs\">All runs</a>"))
        #expect(html.contains("<tr><td>crash</td><td>in rive::A&lt;B&gt;</td></tr>"))
        #expect(html.range(of: "<section id=\"fuzz\">")!.lowerBound < html.range(of: "<section id=\"runs\">")!.lowerBound)
        page.tables[0].rows = []
        #expect(page.html().contains("<p class=\"empty\">none yet</p>"))
    }
}
