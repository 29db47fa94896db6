import Foundation

extension ComparisonReport {
    /// The comparison as `rive-harness compare` prints it: the notes, one row per benchmark and the verdict count.
    public func table(basePath: String, newPath: String) -> String {
        let report = self
        var lines = ["base \(basePath)", "new  \(newPath)", "metric \(report.metric.rawValue)"
                     + (report.metric == .time ? " (median CPU time per iteration)" : " (instructions per iteration)")]
        for note in report.notes { lines.append("note: \(note)") }
        lines.append(String(format: "resolution %.2f%%: a benchmark with a larger threshold is not called same", report.resolution * 100))
        let valueHeader = report.metric == .time ? "p (Holm)" : "delta"
        let nameWidth = max(58, (report.benchmarks.map(\.name.count).max() ?? 0) + 1)
        lines.append("benchmark".padding(toLength: nameWidth, withPad: " ", startingAt: 0)
                     + ["base", "new", "change", "adjusted", valueHeader, "effect", "threshold", "verdict"].map { ValueFormat.rightAligned($0, 12) }.joined())
        for row in report.benchmarks {
            func value(_ number: Double?) -> String {
                guard let number else { return "-" }
                return ValueFormat.cell(number, report.metric)
            }
            let change = row.change.map { String(format: "%+.2f%%", $0 * 100) } ?? "-"
            let adjusted = report.metric == .time ? row.adjustedChange.map { String(format: "%+.2f%%", $0 * 100) } ?? "-" : "-"
            let second: String
            let effect: String
            if report.metric == .time {
                second = row.pValue.map { String(format: "%.4f", $0) } ?? "-"
                effect = row.effect.map { String(format: "%+.2f", $0) } ?? "-"
            } else {
                second = row.effect.map { String(format: "%+.1f", $0) } ?? "-"
                effect = "-"
            }
            let threshold = String(format: "%.2f%%", row.threshold * 100) + (row.thresholdSource == "noise" ? "*" : "")
            var line = row.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
            line += [value(row.base), value(row.new), change, adjusted, second, effect, threshold, row.verdict.rawValue].map { ValueFormat.rightAligned($0, 12) }.joined()
            if row.verdict == .unknown { line += "  (\(row.reason))" }
            lines.append(line)
        }
        var counts: [Verdict: Int] = [:]
        for row in report.benchmarks { counts[row.verdict, default: 0] += 1 }
        lines.append("threshold * = from the noise file")
        lines.append("verdicts: " + [Verdict.same, .faster, .slower, .unknown].map { "\(counts[$0] ?? 0) \($0.rawValue)" }.joined(separator: ", ")
                     + (report.hasRegression ? " — regression" : ""))
        return lines.joined(separator: "\n")
    }
}
