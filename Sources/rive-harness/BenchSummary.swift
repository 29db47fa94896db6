import BenchKit
import Foundation

/// The table `bench` prints at the end: per benchmark, each adapter's median and the ratio
/// reference / rive-cpp.
enum BenchSummary {
    /// A time in nanoseconds with a unit that keeps 3–4 significant digits.
    static func formatTime(_ nanoseconds: Double) -> String {
        switch nanoseconds {
        case ..<1_000: String(format: "%.2f ns", nanoseconds)
        case ..<1_000_000: String(format: "%.2f µs", nanoseconds / 1e3)
        case ..<1_000_000_000: String(format: "%.2f ms", nanoseconds / 1e6)
        default: String(format: "%.3f s", nanoseconds / 1e9)
        }
    }

    /// A count with thousands grouped by spaces (“1 234 567”), rounded to whole units
    /// above 100 and to 0.01 below.
    static func formatCount(_ value: Double) -> String {
        guard value >= 100 else { return String(format: "%.2f", value) }
        let digits = String(Int(value.rounded()))
        var grouped = ""
        for (index, character) in digits.reversed().enumerated() {
            if index > 0, index % 3 == 0 { grouped.append(" ") }
            grouped.append(character)
        }
        return String(grouped.reversed())
    }

    /// The median of the rows' metric value (CPU time or instructions per iteration), and
    /// the median bytes per second.
    static func medians(_ rows: [BenchmarkRow], metric: Metric) -> (value: Double?, bytesPerSecond: Double?) {
        let values = rows.compactMap { metric == .time ? $0.cpuNanoseconds : $0.instructionsPerIteration }
        return (Statistics.median(values), Statistics.median(rows.compactMap(\.bytesPerSecond)))
    }

    /// The summary table of a results document.
    static func table(_ document: ResultsDocument) -> String {
        let metric = document.harness.metric
        let adapters = document.harness.adapters.map(\.name)
        var keys: [String] = []
        var cells: [String: [String: (Double?, Double?)]] = [:]
        for (name, rows) in document.repetitionsByName {
            let adapter = adapters.first { name.hasPrefix($0 + "/") }
            let key = adapter.map { String(name.dropFirst($0.count + 1)) } ?? name
            if cells[key] == nil { keys.append(key) }
            cells[key, default: [:]][adapter ?? "harness"] = medians(rows, metric: metric)
        }
        let unit = metric == .time ? "median CPU time per iteration" : "instructions per iteration"
        var lines = ["\(unit)\(adapters.count > 1 ? "; ratio = reference / rive-cpp" : "")"]
        let columns = adapters.count > 1 ? adapters + ["ratio"] : adapters
        lines.append("benchmark".padding(toLength: 58, withPad: " ", startingAt: 0) + columns.map { $0.leftPad(16) }.joined())
        for key in keys {
            let row = cells[key] ?? [:]
            var line = key.padding(toLength: max(58, key.count + 1), withPad: " ", startingAt: 0)
            if let own = row["harness"] {
                line += format(own.0, metric: metric).leftPad(16)
            } else {
                for adapter in adapters { line += format(row[adapter]?.0, metric: metric).leftPad(16) }
                if adapters.count > 1 {
                    if let reference = row["reference"]?.0, let cpp = row["rive-cpp"]?.0, cpp > 0 {
                        line += String(format: "%.2f", reference / cpp).leftPad(16)
                    } else {
                        line += "-".leftPad(16)
                    }
                }
                let throughput = adapters.compactMap { adapter in row[adapter]?.1.map { "\(adapter) \(String(format: "%.1f", $0 / 1e6)) MB/s" } }
                if !throughput.isEmpty { line += "   " + throughput.joined(separator: ", ") }
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    private static func format(_ value: Double?, metric: Metric) -> String {
        guard let value else { return "-" }
        return metric == .time ? formatTime(value) : formatCount(value)
    }
}

extension String {
    /// The string right-aligned in `width` characters.
    func leftPad(_ width: Int) -> String {
        count >= width ? " " + self : String(repeating: " ", count: width - count) + self
    }
}
