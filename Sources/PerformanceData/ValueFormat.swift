import Foundation

/// How benchmark values are written for people: the console tables, the dashboard and bisect's evidence.
public enum ValueFormat {
    /// A time in nanoseconds with a unit that keeps 3–4 significant digits: `812.40 ns`, `1.25 ms`.
    public static func time(_ nanoseconds: Double) -> String {
        switch nanoseconds {
        case ..<1_000: String(format: "%.2f ns", nanoseconds)
        case ..<1_000_000: String(format: "%.2f µs", nanoseconds / 1e3)
        case ..<1_000_000_000: String(format: "%.2f ms", nanoseconds / 1e6)
        default: String(format: "%.3f s", nanoseconds / 1e9)
        }
    }

    /// A count with thousands grouped by spaces (`1 234 567`), rounded to whole units
    /// above 100 and to 0.01 below.
    public static func count(_ value: Double) -> String {
        guard value >= 100 else { return String(format: "%.2f", value) }
        let digits = String(Int(value.rounded()))
        var grouped = ""
        for (index, character) in digits.reversed().enumerated() {
            if index > 0, index % 3 == 0 { grouped.append(" ") }
            grouped.append(character)
        }
        return String(grouped.reversed())
    }

    /// A value of a metric as a table cell: `time` or `count`.
    public static func cell(_ value: Double, _ metric: Metric) -> String {
        metric == .time ? time(value) : count(value)
    }

    /// A value of a metric with its unit: `1 030 000 instructions`, or a time.
    public static func withUnit(_ value: Double, _ metric: Metric) -> String {
        metric == .time ? time(value) : "\(count(value)) instructions"
    }

    /// A short axis label: instructions as `1.53 M` or `520.0 k`, time as `time` gives it.
    public static func axisLabel(_ value: Double, _ metric: Metric) -> String {
        guard metric == .instructions else { return time(value) }
        switch abs(value) {
        case ..<1e4: return count(value)
        case ..<1e6: return String(format: "%.1f k", value / 1e3)
        case ..<1e9: return String(format: "%.3g M", value / 1e6)
        default: return String(format: "%.3g G", value / 1e9)
        }
    }
}

extension ValueFormat {
    /// `text` right-aligned in `width` characters; a longer text gets one leading space.
    public static func rightAligned(_ text: String, _ width: Int) -> String {
        text.count >= width ? " " + text : String(repeating: " ", count: width - text.count) + text
    }
}
