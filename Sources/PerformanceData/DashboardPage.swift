import Foundation

/// The static dashboard: one self-contained HTML page (inline CSS and SVG, no scripts, no network).
///
/// Sections: the latest compare per testbed; benchmark history per testbed and adapter with
/// regressions marked; reference vs real-runtime ratios; the conformance matrix (adapters ×
/// rule areas) with expected failures and their reasons; every recorded run.
public struct DashboardPage {
    /// The runs to show, with the noise file whose thresholds the verdicts use.
    public var archive: ResultsArchive
    /// The adapter runs are compared against in the ratio table (the real runtime).
    public var realRuntimeAdapter: String
    /// The in-house adapter compared with it.
    public var referenceAdapter: String
    /// Tables other tools contribute (fuzz buckets), shown after the conformance matrix.
    public var tables: [DashboardTable] = []

    /// Creates a page.
    public init(archive: ResultsArchive, referenceAdapter: String = "reference", realRuntimeAdapter: String = "rive-cpp") {
        self.archive = archive
        self.referenceAdapter = referenceAdapter
        self.realRuntimeAdapter = realRuntimeAdapter
    }

    /// The whole page.
    public func html() -> String {
        let series = archive.benchmarkSeries()
        let latest = archive.records.last?.harness.createdAt ?? "none"
        var body: [String] = []
        body.append("<header><h1>RiveHarness dashboard</h1><p class=\"lede\">\(counted(archive.records.count, "recorded run")) on "
                    + "\(counted(archive.testbeds.count, "testbed")); latest run \(HTML.escape(latest)). "
                    + "Benchmarks are compared only within one testbed, each run with the previous run of its testbed and metric, as "
                    + "<code>rive-harness compare</code> judges them. Thresholds: \(archive.noise == nil ? "" : "the noise file's, else ")instructions "
                    + String(format: "%.1f %%, CPU time %.1f %% with Mann-Whitney U p &lt; %.2f.", Comparison.defaultInstructionThreshold * 100,
                             Comparison.defaultTimeThreshold * 100, Comparison.significance)
                    + "</p>\(navigation())</header>")
        if !archive.problems.isEmpty {
            body.append("<section class=\"problems\"><h2>Unreadable files</h2><ul>"
                        + archive.problems.map { "<li><code>\(HTML.escape($0.description))</code></li>" }.joined() + "</ul></section>")
        }
        body.append(compareSection())
        body.append(historySection(series))
        body.append(ratioSection(series))
        body.append(conformanceSection())
        for table in tables { body.append(section(table)) }
        body.append(runsSection())
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>RiveHarness dashboard</title>
            <style>\(Self.style)</style>
            </head>
            <body>
            \(body.joined(separator: "\n"))
            </body>
            </html>

            """
    }

    /// Links to the sections.
    private func navigation() -> String {
        let links = [("compare", "Latest compare"), ("history", "Benchmark history"), ("ratios", "Reference vs real runtime"),
                     ("conformance", "Conformance")] + tables.map { ($0.id, $0.title) } + [("runs", "All runs")]
        return "<nav>" + links.map { "<a href=\"#\($0.0)\">\($0.1)</a>" }.joined(separator: " · ") + "</nav>"
    }

    // MARK: - Latest compare

    private func compareSection() -> String {
        var parts = ["<section id=\"compare\"><h2>Latest compare</h2>",
                     "<p class=\"note\">The newest benchmark run of each testbed against the previous run of the same testbed and metric.</p>"]
        let comparisons = LatestComparison.latest(in: archive)
        if comparisons.isEmpty { parts.append("<p class=\"empty\">No benchmark runs recorded yet.</p>") }
        for comparison in comparisons {
            let regressions = comparison.regressions.count
            parts.append("<h3>Testbed <code>\(comparison.testbed)</code>: \(HTML.escape(comparison.latestRun))</h3>")
            if let refusal = comparison.refusal {
                parts.append("<p class=\"verdict neutral\">not compared with the previous run: \(HTML.escape(refusal.message))</p>")
                continue
            }
            parts.append("<p class=\"verdict \(regressions > 0 ? "bad" : comparison.rows.isEmpty ? "neutral" : "good")\">"
                         + (regressions > 0 ? "\(regressions) regression\(regressions == 1 ? "" : "s")" : (comparison.rows.isEmpty ? "nothing to compare yet" : "no regression"))
                         + (comparison.newBenchmarks.isEmpty ? "" : "; \(comparison.newBenchmarks.count) benchmark(s) measured for the first time") + "</p>")
            guard !comparison.rows.isEmpty else { continue }
            let counts = Dictionary(grouping: comparison.rows, by: \.verdict).mapValues(\.count)
            let tally = [Verdict.slower, .faster, .unknown, .same]
                .compactMap { verdict in counts[verdict].map { "\($0) \(verdict.rawValue)" } }.joined(separator: ", ")
            // Long tables stay folded unless something regressed; the summary line says what is inside.
            parts.append("<details\(regressions > 0 || comparison.rows.count <= 12 ? " open" : "")><summary>\(counted(comparison.rows.count, "benchmark")) compared: \(tally)</summary>")
            parts.append("<table><thead><tr><th>benchmark</th><th class=\"num\">previous</th><th class=\"num\">latest</th><th class=\"num\">change</th><th>verdict</th></tr></thead><tbody>")
            for row in comparison.rows.sorted(by: { ($0.change ?? 0) > ($1.change ?? 0) }) {
                let p = row.pValue.map { String(format: "Mann-Whitney p = %.3g; ", $0) } ?? ""
                parts.append("<tr class=\"\(row.verdict.rawValue)\"><td><code>\(HTML.escape(row.name))</code></td>"
                             + "<td class=\"num\" title=\"\(HTML.escape(comparison.previousRun ?? ""))\">\(HTML.escape(row.base.map { ValueFormat.withUnit($0, row.metric) } ?? "-"))</td>"
                             + "<td class=\"num\">\(HTML.escape(row.new.map { ValueFormat.withUnit($0, row.metric) } ?? "-"))</td>"
                             + "<td class=\"num\">" + (row.change.map { String(format: "%+.2f %%", $0 * 100) } ?? "-") + "</td>"
                             + "<td title=\"\(HTML.escape(p + row.reason)); threshold \(String(format: "%.1f", row.threshold * 100)) %\">\(row.verdict.rawValue)</td></tr>")
            }
            parts.append("</tbody></table></details>")
        }
        parts.append("</section>")
        return parts.joined(separator: "\n")
    }

    // MARK: - History

    /// Per bench run file, its benchmarks judged against the previous run of its testbed and metric.
    private func verdictsByRun() -> [String: [String: BenchmarkComparison]] {
        var verdicts: [String: [String: BenchmarkComparison]] = [:]
        for record in archive.records where record.harness.kind == .bench {
            guard let (_, report) = try? archive.comparisonWithPrevious(record) else { continue }
            verdicts[record.fileName] = Dictionary(report.benchmarks.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        }
        return verdicts
    }

    private func historySection(_ series: [BenchmarkSeries]) -> String {
        var parts = ["<section id=\"history\"><h2>Benchmark history</h2>",
                     "<p class=\"legend\"><svg width=\"14\" height=\"14\" aria-hidden=\"true\"><circle class=\"point\" cx=\"7\" cy=\"7\" r=\"4\"/></svg> median of a run's repetitions "
                     + "<svg width=\"14\" height=\"14\" aria-hidden=\"true\"><line class=\"whisker\" x1=\"7\" y1=\"1\" x2=\"7\" y2=\"13\"/></svg> fastest to slowest repetition "
                     + "<svg width=\"14\" height=\"14\" aria-hidden=\"true\"><path class=\"regression\" d=\"M7 1 l6 11 h-12 z\"/></svg> regression against the previous run. "
                     + "Hover a point for its value, run and change.</p>"]
        if series.isEmpty { parts.append("<p class=\"empty\">No benchmark runs recorded yet.</p>") }
        let verdicts = verdictsByRun()
        for testbed in archive.testbeds {
            let own = series.filter { $0.key.testbed == testbed.fingerprint }
            guard !own.isEmpty else { continue }
            parts.append("<h3>Testbed <code>\(testbed.fingerprint)</code> <span class=\"sub\">\(HTML.escape(testbed.summary))"
                         + "\(testbed.toolchain.map { "; " + HTML.escape($0) } ?? "")</span>\(Self.debugWarning(testbed))</h3>")
            for adapter in Array(Set(own.map(\.adapter))).sorted() {
                parts.append("<h4>Adapter <code>\(HTML.escape(adapter))</code></h4><div class=\"charts\">")
                for one in own where one.adapter == adapter {
                    parts.append(chartFigure(one, verdicts: verdicts))
                }
                parts.append("</div>")
            }
        }
        parts.append("</section>")
        return parts.joined(separator: "\n")
    }

    /// One series' chart with its caption.
    private func chartFigure(_ series: BenchmarkSeries, verdicts: [String: [String: BenchmarkComparison]]) -> String {
        var points: [SeriesChart.Point] = []
        for (index, point) in series.points.enumerated() {
            let measurement = point.measurement
            var hover = "\(point.createdAt) · \(ValueFormat.withUnit(measurement.median, measurement.metric)) (median of \(measurement.samples.count)) · \(point.runFile)"
            if let version = point.adapterVersion { hover += " · version \(version)" }
            if let commit = point.runtimeCommit { hover += " · runtime \(commit.prefix(10))" }
            var isRegression = false
            if index > 0, let judged = verdicts[point.runFile]?[series.key.benchmark], let change = judged.change {
                hover += " · " + String(format: "%+.2f %%", change * 100) + " vs previous: \(judged.verdict.rawValue)"
                isRegression = judged.verdict == .slower
            }
            let samples = measurement.samples
            points.append(SeriesChart.Point(label: Self.shortDate(point.createdAt), value: measurement.median,
                                            range: samples.min()!...samples.max()!, hover: hover, isRegression: isRegression))
        }
        let metric = series.points.last!.measurement.metric
        let unit = metric == .instructions ? "instructions per iteration" : "CPU time per iteration"
        let title = "\(series.workload.isEmpty ? series.key.benchmark : series.workload): \(unit)"
        let chart = SeriesChart(points: points, metric: metric)
        return "<figure><figcaption><code>\(HTML.escape(series.workload.isEmpty ? series.key.benchmark : series.workload))</code> "
            + "<span class=\"unit\">\(unit), \(series.points.count) run\(series.points.count == 1 ? "" : "s")</span></figcaption>"
            + chart.svg(title: title) + "</figure>"
    }

    /// A warning after a testbed's heading when its harness was a debug build, whose times mislead.
    private static func debugWarning(_ testbed: TestbedRecord) -> String {
        (testbed.buildFlags ?? "").contains("debug")
            ? " <span class=\"warn\">debug build: times of the Swift code are far slower than a release build's</span>" : ""
    }

    /// `2026-11-30 23:59` from an ISO 8601 time.
    private static func shortDate(_ iso: String) -> String {
        iso.count >= 16 ? String(iso.prefix(16)).replacingOccurrences(of: "T", with: " ") : iso
    }

    // MARK: - Ratios

    private func ratioSection(_ series: [BenchmarkSeries]) -> String {
        var parts = ["<section id=\"ratios\"><h2>Reference vs real runtime</h2>",
                     "<p class=\"note\">For each workload both adapters measured on the same testbed in the same metric: the latest "
                     + "<code>\(HTML.escape(referenceAdapter))</code> value divided by the latest <code>\(HTML.escape(realRuntimeAdapter))</code> value. "
                     + "Above 1 the reference runtime costs more.</p>"]
        var any = false
        for testbed in archive.testbeds {
            let own = series.filter { $0.key.testbed == testbed.fingerprint }
            let reference = Dictionary(own.filter { $0.adapter == referenceAdapter }.map { ($0.workload, $0) }, uniquingKeysWith: { first, _ in first })
            let real = own.filter { $0.adapter == realRuntimeAdapter }
            var rows: [(workload: String, reference: BenchmarkMeasurement, real: BenchmarkMeasurement)] = []
            for one in real {
                guard let counterpart = reference[one.workload], let mine = counterpart.points.last?.measurement, let theirs = one.points.last?.measurement,
                      mine.metric == theirs.metric, theirs.median > 0 else { continue }
                rows.append((one.workload, mine, theirs))
            }
            guard !rows.isEmpty else { continue }
            any = true
            let largest = rows.map { $0.reference.median / $0.real.median }.max() ?? 1
            parts.append("<h3>Testbed <code>\(testbed.fingerprint)</code>\(Self.debugWarning(testbed))</h3><table><thead><tr><th>workload</th>"
                         + "<th class=\"num\">\(HTML.escape(referenceAdapter))</th><th class=\"num\">\(HTML.escape(realRuntimeAdapter))</th>"
                         + "<th class=\"num\">ratio</th><th>ratio (bar: 1 = the tick)</th></tr></thead><tbody>")
            for row in rows.sorted(by: { $0.workload < $1.workload }) {
                let ratio = row.reference.median / row.real.median
                let scale = max(largest, 1) * 1.05
                let bar = String(format: "%.1f", 200 * ratio / scale), tick = String(format: "%.1f", 200 / scale)
                parts.append("<tr><td><code>\(HTML.escape(row.workload))</code></td>"
                             + "<td class=\"num\">\(HTML.escape(ValueFormat.withUnit(row.reference.median, row.reference.metric)))</td>"
                             + "<td class=\"num\">\(HTML.escape(ValueFormat.withUnit(row.real.median, row.real.metric)))</td>"
                             + String(format: "<td class=\"num\">%.2f×</td>", ratio)
                             + "<td><svg width=\"210\" height=\"14\" role=\"img\" aria-label=\"ratio \(String(format: "%.2f", ratio))\">"
                             + "<title>\(String(format: "%.2f", ratio))× (\(HTML.escape(referenceAdapter)) / \(HTML.escape(realRuntimeAdapter)))</title>"
                             + "<rect class=\"bar\" x=\"0\" y=\"2\" width=\"\(bar)\" height=\"10\"/><line class=\"one\" x1=\"\(tick)\" y1=\"0\" x2=\"\(tick)\" y2=\"14\"/></svg></td></tr>")
            }
            parts.append("</tbody></table>")
        }
        if !any {
            parts.append("<p class=\"empty\">No testbed has measurements of both <code>\(HTML.escape(referenceAdapter))</code> and "
                         + "<code>\(HTML.escape(realRuntimeAdapter))</code> for the same workload yet.</p>")
        }
        parts.append("</section>")
        return parts.joined(separator: "\n")
    }

    // MARK: - Conformance

    private func conformanceSection() -> String {
        var parts = ["<section id=\"conformance\"><h2>Conformance</h2>",
                     "<p class=\"note\">The latest verdict of every scenario of each adapter (runs with the newest corpus hash, shards merged), by rule area (a scenario counts in every area it checks). "
                     + "Cells show passed / run; XFAIL links to the expected failures and their reasons "
                     + "(<code>Corpus/expectations/&lt;adapter&gt;.yaml</code>).</p>"]
        let latest = ScenarioVerdicts.latestPerAdapter(in: archive)
        guard !latest.isEmpty else {
            parts.append("<p class=\"empty\">No conformance runs recorded yet.</p></section>")
            return parts.joined(separator: "\n")
        }
        let areas = Array(Set(latest.flatMap { $0.scenarios.flatMap { $0.rules.map(Self.area) } })).sorted()
        // Rule areas are rows and adapters columns: there are a few adapters and many areas,
        // so the table grows down, not past the page's width.
        parts.append("<div class=\"scroll\"><table class=\"matrix\"><thead><tr><th>rule area</th>"
                     + latest.map { "<th><code>\(HTML.escape($0.adapter))</code><div class=\"sub\">\(HTML.escape(Self.shortDate($0.asOf)))</div></th>" }.joined()
                     + "</tr></thead><tbody>")
        for area in areas {
            parts.append("<tr><th>\(HTML.escape(area))</th>" + latest.map { entry in
                matrixCell(entry.scenarios.filter { $0.rules.contains { Self.area($0) == area } }, adapter: entry.adapter, area: area)
            }.joined() + "</tr>")
        }
        parts.append("<tr class=\"total\"><th>total</th>" + latest.map { matrixCell($0.scenarios, adapter: $0.adapter, area: nil) }.joined() + "</tr>")
        parts.append("</tbody></table></div>")
        parts.append("<p class=\"legend\"><span class=\"swatch pass\"></span> all run scenarios pass "
                     + "<span class=\"swatch xfail\"></span> only expected failures "
                     + "<span class=\"swatch fail\"></span> unexpected failures (FAIL, ERROR, TIMEOUT, CRASH, XPASS) "
                     + "<span class=\"swatch none\"></span> nothing run (skipped for missing capabilities)</p>")
        for (adapter, _, scenarios) in latest {
            let expected = scenarios.filter { $0.expectation != nil }
            guard !expected.isEmpty else { continue }
            parts.append("<h3 id=\"xfail-\(Self.anchor(adapter))\">Expected failures of <code>\(HTML.escape(adapter))</code> "
                         + "<span class=\"sub\">Corpus/expectations/\(HTML.escape(adapter)).yaml</span></h3><table class=\"expectations\"><thead><tr><th>scenario</th><th>rules</th>"
                         + "<th>verdict</th><th>expected</th><th>reason</th><th>tracked at</th></tr></thead><tbody>")
            for scenario in expected {
                let expectation = scenario.expectation!
                let areaAnchors = Set(scenario.rules.map(Self.area)).sorted().map { "<span id=\"xfail-\(Self.anchor(adapter))-\(Self.anchor($0))-\(Self.anchor(scenario.id))\"></span>" }.joined()
                let link = expectation.link.map { Self.isWebLink($0) ? "<a href=\"\(HTML.escape($0))\">\(HTML.escape($0))</a>" : HTML.escape($0) } ?? ""
                parts.append("<tr class=\"\(scenario.verdict == "XFAIL" ? "xfail" : "fail")\"><td class=\"nowrap\">\(areaAnchors)<code>\(HTML.escape(scenario.id))</code></td>"
                             + "<td class=\"nowrap\">\(HTML.escape(scenario.rules.joined(separator: ", ")))</td><td>\(HTML.escape(scenario.verdict))</td>"
                             + "<td>\(HTML.escape(expectation.status))</td><td>\(HTML.escape(expectation.reason))</td><td>\(link)</td></tr>")
            }
            parts.append("</tbody></table>")
        }
        parts.append("</section>")
        return parts.joined(separator: "\n")
    }

    /// One matrix cell: passed / run, colored, with the XFAIL count linking to the first expected failure's reason.
    private func matrixCell(_ scenarios: [ConformanceResults.Scenario], adapter: String, area: String?) -> String {
        let count = { (verdict: String) in scenarios.filter { $0.verdict == verdict }.count }
        let run = scenarios.filter { $0.verdict != "SKIP" }.count
        let passed = count("PASS"), xfail = count("XFAIL")
        let failing = scenarios.filter { ConformanceComparison.failingVerdicts.contains($0.verdict) }
        let kind = run == 0 ? "none" : !failing.isEmpty ? "fail" : xfail > 0 ? "xfail" : "pass"
        var hover = "\(adapter)\(area.map { " · " + $0 } ?? ""): \(passed) passed of \(run) run, \(count("SKIP")) skipped, \(xfail) expected failures"
        if !failing.isEmpty { hover += "; failing: " + failing.prefix(8).map { "\($0.id) (\($0.verdict))" }.joined(separator: ", ") }
        var text = run == 0 ? "–" : "\(passed)/\(run)"
        if xfail > 0, let first = scenarios.first(where: { $0.verdict == "XFAIL" }) {
            let target = area.map { "xfail-\(Self.anchor(adapter))-\(Self.anchor($0))-\(Self.anchor(first.id))" } ?? "xfail-\(Self.anchor(adapter))"
            text += " <a class=\"xf\" href=\"#\(target)\">\(xfail) XFAIL</a>"
        }
        if !failing.isEmpty { text += " <span class=\"failcount\">\(failing.count) failing</span>" }
        return "<td class=\"cell \(kind)\" title=\"\(HTML.escape(hover))\">\(text)</td>"
    }

    /// The rule area of a rule ID: the part before the last `-` (`GLB-5` → `GLB`).
    private static func area(_ rule: String) -> String {
        guard let dash = rule.lastIndex(of: "-") else { return rule }
        return String(rule[..<dash])
    }

    /// A fragment identifier made of letters, digits and `-`.
    private static func anchor(_ text: String) -> String {
        String(text.map { $0.isLetter || $0.isNumber ? $0 : "-" })
    }

    /// Whether a link is an http(s) URL (other text is shown, not linked).
    private static func isWebLink(_ text: String) -> Bool { text.hasPrefix("https://") || text.hasPrefix("http://") }

    // MARK: - Contributed tables

    private func section(_ table: DashboardTable) -> String {
        var parts = ["<section id=\"\(Self.anchor(table.id))\"><h2>\(HTML.escape(table.title))</h2>", "<p class=\"note\">\(HTML.escape(table.note))</p>"]
        guard !table.rows.isEmpty else {
            parts.append("<p class=\"empty\">\(HTML.escape(table.emptyText))</p></section>")
            return parts.joined(separator: "\n")
        }
        parts.append("<table><thead><tr>" + table.columns.map { "<th>\(HTML.escape($0))</th>" }.joined() + "</tr></thead><tbody>")
        for row in table.rows { parts.append("<tr>" + row.map { "<td>\(HTML.escape($0))</td>" }.joined() + "</tr>") }
        parts.append("</tbody></table></section>")
        return parts.joined(separator: "\n")
    }

    // MARK: - Runs

    private func runsSection() -> String {
        var parts = ["<section id=\"runs\"><h2>All runs</h2>"]
        if archive.records.isEmpty {
            parts.append("<p class=\"empty\">No runs recorded yet: run <code>rive-harness run</code> or <code>rive-harness nightly</code>.</p></section>")
            return parts.joined(separator: "\n")
        }
        parts.append("<table><thead><tr><th>started (UTC)</th><th>kind</th><th>testbed</th><th>adapters</th><th>result</th><th>file</th></tr></thead><tbody>")
        for record in archive.records.reversed() {
            let adapters = record.harness.adapters.map { adapter in
                adapter.name + (adapter.version.map { " " + $0 } ?? "") + (adapter.runtimeCommit.map { " @" + $0.prefix(10) } ?? "")
            }.joined(separator: ", ")
            let result: String
            if let conformance = record.conformance {
                let counts = conformance.summary.counts.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
                result = (conformance.summary.passed ? "passed" : "failed") + ": " + counts.joined(separator: ", ")
                    + (conformance.problems ?? []).map { "; \($0.code): \($0.message)" }.joined()
            } else {
                result = "\(counted(record.measurements.count, "benchmark")) (\(record.harness.metric?.rawValue ?? "time"))"
            }
            parts.append("<tr><td class=\"num\">\(HTML.escape(Self.shortDate(record.harness.createdAt)))</td><td>\(record.harness.kind.rawValue)</td>"
                         + "<td><code>\(record.harness.testbed.fingerprint)</code></td><td>\(HTML.escape(adapters))</td>"
                         + "<td>\(HTML.escape(result))</td><td><code>\(HTML.escape(record.fileName))</code></td></tr>")
        }
        parts.append("</tbody></table></section>")
        return parts.joined(separator: "\n")
    }

    /// The page's style sheet.
    private static let style = """
        :root { --ink: #1d2330; --muted: #5b6475; --line: #d8dde6; --accent: #2f6fdf; --bad: #c62828; --good: #2e7d32; --warn: #b26a00; }
        * { box-sizing: border-box; }
        body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); margin: 0 auto; max-width: 1280px; padding: 16px 24px 48px; background: #fff; }
        h1 { font-size: 24px; margin: 8px 0 4px; } h2 { font-size: 19px; margin: 28px 0 6px; border-bottom: 2px solid var(--line); padding-bottom: 4px; }
        h3 { font-size: 15px; margin: 18px 0 6px; } h4 { font-size: 14px; margin: 12px 0 4px; color: var(--muted); }
        .lede, .note, .legend, .sub, .unit, .empty { color: var(--muted); } .sub { font-weight: normal; font-size: 12px; margin-left: 6px; }
        nav a { color: var(--accent); text-decoration: none; } nav { margin: 6px 0 0; }
        code { font: 12px/1.3 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
        table { border-collapse: collapse; margin: 6px 0 12px; } th, td { border-bottom: 1px solid var(--line); padding: 4px 10px; text-align: left; vertical-align: top; }
        thead th { font-size: 12px; color: var(--muted); font-weight: 600; } .num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
        tr.slower td { background: #fdecea; } tr.faster td { background: #eaf6ec; } tr.unknown td { background: #fff8e1; }
        .verdict { font-weight: 600; } .verdict.bad { color: var(--bad); } .verdict.good { color: var(--good); } .verdict.neutral { color: var(--muted); }
        .charts { display: flex; flex-wrap: wrap; gap: 10px 14px; } figure { margin: 0; width: 392px; border: 1px solid var(--line); border-radius: 6px; padding: 6px 8px 2px; }
        figcaption { font-size: 12px; margin-bottom: 2px; min-height: 2.6em; overflow-wrap: anywhere; }
        details > summary { cursor: pointer; color: var(--muted); margin: 4px 0; } .chart .grid { stroke: #eef0f4; } .chart .axis { stroke: #b9c0cc; }
        .tick { font-size: 10px; fill: var(--muted); } .line { fill: none; stroke: var(--accent); stroke-width: 1.6; }
        .whisker { stroke: #9bb7ee; stroke-width: 2; } .point { fill: var(--accent); stroke: #fff; stroke-width: 1; } .regression { fill: var(--bad); }
        .bar { fill: var(--accent); opacity: .75; } .one { stroke: var(--ink); stroke-width: 1.5; }
        .scroll { overflow-x: auto; } .matrix td.cell { text-align: center; white-space: nowrap; min-width: 64px; } .matrix tr.total th, .matrix tr.total td { border-top: 2px solid var(--line); font-weight: 600; }
        .cell.pass, .swatch.pass { background: #e3f3e6; } .cell.xfail, .swatch.xfail { background: #fff4d6; } .cell.fail, .swatch.fail { background: #fbe0de; }
        .cell.none, .swatch.none { background: #f2f3f5; color: var(--muted); }
        .swatch { display: inline-block; width: 12px; height: 12px; border: 1px solid var(--line); vertical-align: -2px; margin: 0 4px 0 10px; }
        a.xf { color: var(--warn); font-size: 11px; } .failcount { color: var(--bad); font-size: 11px; font-weight: 600; }
        tr.xfail td { background: #fffaf0; } td.nowrap { white-space: nowrap; }
        table.expectations td:nth-child(5) { min-width: 340px; max-width: 560px; } table.expectations td:nth-child(6) { min-width: 240px; max-width: 320px; overflow-wrap: anywhere; font-size: 12px; }
        .warn { color: var(--warn); font-size: 12px; font-weight: normal; margin-left: 8px; } .problems { border: 1px solid var(--bad); padding: 4px 12px; border-radius: 6px; }
        """
}

/// `1 run`, `2 runs`: a count and a noun, plural when the count is not 1.
public func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}

/// A table another tool adds to the dashboard: its section's anchor and title, a note, the
/// column headings and rows of plain text (escaped when the page is written).
public struct DashboardTable: Sendable, Hashable {
    /// The section's anchor (`fuzz`).
    public var id: String
    /// The section's heading.
    public var title: String
    /// The paragraph under the heading.
    public var note: String
    /// What the section says when there are no rows.
    public var emptyText: String
    /// The column headings.
    public var columns: [String]
    /// The rows, one text per column.
    public var rows: [[String]]

    /// Creates a table.
    public init(id: String, title: String, note: String, emptyText: String, columns: [String], rows: [[String]]) {
        self.id = id
        self.title = title
        self.note = note
        self.emptyText = emptyText
        self.columns = columns
        self.rows = rows
    }
}
