import PerformanceData
import Foundation

/// The table `bench` prints at the end: per benchmark, each adapter's median and the ratio
/// reference / rive-cpp. Families measured by wall time (raster-rive) show the median wall
/// time, marked "(wall)".
public enum BenchSummary {
    /// The median of the rows' metric value (CPU or wall time, or instructions per
    /// iteration), and the median bytes per second.
    private static func medians(_ rows: [BenchmarkRow], metric: Metric, wall: Bool) -> (value: Double?, bytesPerSecond: Double?) {
        let values = rows.compactMap { metric == .time ? (wall ? $0.realNanoseconds : $0.cpuNanoseconds) : $0.instructionsPerIteration }
        return (Statistics.median(values), Statistics.median(rows.compactMap(\.bytesPerSecond)))
    }

    /// The summary table of a results document.
    public static func table(_ document: RunFile) -> String {
        let metric = document.harness.metric ?? .time
        let adapters = document.harness.adapters.map(\.name)
        var keys: [String] = []
        var cells: [String: [String: (Double?, Double?)]] = [:]
        for (name, rows) in document.repetitionsByName {
            let adapter = adapters.first { name.hasPrefix($0 + "/") }
            let key = adapter.map { String(name.dropFirst($0.count + 1)) } ?? name
            if cells[key] == nil { keys.append(key) }
            cells[key, default: [:]][adapter ?? "harness"] = medians(rows, metric: metric, wall: metric == .time && isWallTimed(key))
        }
        let unit = metric == .time ? "median CPU time per iteration" : "instructions per iteration"
        var lines = ["\(unit)\(adapters.count > 1 ? "; ratio = reference / rive-cpp" : "")"]
        let columns = adapters.count > 1 ? adapters + ["ratio"] : adapters
        lines.append("benchmark".padding(toLength: 58, withPad: " ", startingAt: 0) + columns.map { ValueFormat.rightAligned($0, 16) }.joined())
        for key in keys {
            let row = cells[key] ?? [:]
            let label = metric == .time && isWallTimed(key) ? key + " (wall)" : key
            var line = label.padding(toLength: max(58, label.count + 1), withPad: " ", startingAt: 0)
            if let own = row["harness"] {
                line += ValueFormat.rightAligned(format(own.0, metric: metric), 16)
            } else {
                for adapter in adapters { line += ValueFormat.rightAligned(format(row[adapter]?.0, metric: metric), 16) }
                if adapters.count > 1 {
                    if let reference = row["reference"]?.0, let cpp = row["rive-cpp"]?.0, cpp > 0 {
                        line += ValueFormat.rightAligned(String(format: "%.2f", reference / cpp), 16)
                    } else {
                        line += ValueFormat.rightAligned("-", 16)
                    }
                }
                let throughput = adapters.compactMap { adapter in row[adapter]?.1.map { "\(adapter) \(String(format: "%.1f", $0 / 1e6)) MB/s" } }
                if !throughput.isEmpty { line += "   " + throughput.joined(separator: ", ") }
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// Whether a benchmark name without its adapter belongs to a family measured by wall time.
    private static func isWallTimed(_ key: String) -> Bool {
        guard let family = key.split(separator: "/").first.flatMap({ BenchPlan.Family(rawValue: String($0)) }) else { return false }
        return family.measuredByWallTime
    }

    private static func format(_ value: Double?, metric: Metric) -> String {
        value.map { ValueFormat.cell($0, metric) } ?? "-"
    }
}
