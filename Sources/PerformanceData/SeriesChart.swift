import Foundation

/// An inline SVG line chart of one benchmark series, with hover values and regression marks.
struct SeriesChart {
    /// One plotted run.
    struct Point {
        /// The x-axis label (the run's time).
        var label: String
        /// The median.
        var value: Double
        /// The smallest and largest sample (drawn as a whisker when they differ).
        var range: ClosedRange<Double>
        /// The hover text.
        var hover: String
        /// Whether the point regressed against the previous one.
        var isRegression: Bool
    }

    var points: [Point]
    var metric: Metric
    var width = 372.0
    var height = 150.0

    private let left = 64.0, right = 14.0, top = 10.0, bottom = 30.0

    /// The chart as an `<svg>` element.
    func svg(title: String) -> String {
        let values = points.flatMap { [$0.range.lowerBound, $0.range.upperBound, $0.value] }
        var low = values.min() ?? 0, high = values.max() ?? 1
        if high - low < abs(high) * 1e-6 + 1e-9 {
            let pad = max(abs(high) * 0.02, 1)
            low -= pad
            high += pad
        } else {
            let pad = (high - low) * 0.12
            low -= pad
            high += pad
        }
        if low < 0, values.allSatisfy({ $0 >= 0 }) { low = 0 }
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        // Points sit 12 px inside the axes so markers and whiskers never touch them.
        let inset = 12.0
        func x(_ index: Int) -> Double {
            points.count == 1 ? left + plotWidth / 2 : left + inset + (plotWidth - 2 * inset) * Double(index) / Double(points.count - 1)
        }
        func y(_ value: Double) -> Double { top + plotHeight * (1 - (value - low) / (high - low)) }
        var parts: [String] = []
        parts.append("<svg class=\"chart\" viewBox=\"0 0 \(n(width)) \(n(height))\" width=\"\(n(width))\" height=\"\(n(height))\" role=\"img\" aria-label=\"\(HTML.escape(title))\">")
        parts.append("<title>\(HTML.escape(title))</title>")
        // Axes and three horizontal grid lines with their values.
        for fraction in [0.0, 0.5, 1.0] {
            let value = low + (high - low) * fraction
            let gy = y(value)
            parts.append("<line class=\"grid\" x1=\"\(n(left))\" y1=\"\(n(gy))\" x2=\"\(n(width - right))\" y2=\"\(n(gy))\"/>")
            parts.append("<text class=\"tick\" x=\"\(n(left - 6))\" y=\"\(n(gy + 4))\" text-anchor=\"end\">\(HTML.escape(ValueFormat.axisLabel(value, metric)))</text>")
        }
        parts.append("<line class=\"axis\" x1=\"\(n(left))\" y1=\"\(n(top))\" x2=\"\(n(left))\" y2=\"\(n(height - bottom))\"/>")
        if let first = points.first {
            let anchor = points.count == 1 ? "middle" : "start"
            parts.append("<text class=\"tick\" x=\"\(n(points.count == 1 ? x(0) : left))\" y=\"\(n(height - 10))\" text-anchor=\"\(anchor)\">\(HTML.escape(first.label))</text>")
        }
        if points.count > 1, let last = points.last {
            parts.append("<text class=\"tick\" x=\"\(n(width - right))\" y=\"\(n(height - 10))\" text-anchor=\"end\">\(HTML.escape(last.label))</text>")
        }
        let path = points.indices.map { "\(n(x($0))),\(n(y(points[$0].value)))" }.joined(separator: " ")
        if points.count > 1 { parts.append("<polyline class=\"line\" points=\"\(path)\"/>") }
        for (index, point) in points.enumerated() {
            if point.range.lowerBound < point.range.upperBound {
                parts.append("<line class=\"whisker\" x1=\"\(n(x(index)))\" y1=\"\(n(y(point.range.lowerBound)))\" x2=\"\(n(x(index)))\" y2=\"\(n(y(point.range.upperBound)))\"/>")
            }
            let marker = point.isRegression
                ? "<path class=\"regression\" d=\"M\(n(x(index))) \(n(y(point.value) - 7)) l6 10 h-12 z\"><title>\(HTML.escape(point.hover))</title></path>"
                : "<circle class=\"point\" cx=\"\(n(x(index)))\" cy=\"\(n(y(point.value)))\" r=\"4\"><title>\(HTML.escape(point.hover))</title></circle>"
            parts.append(marker)
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n")
    }

    /// A coordinate with at most one decimal.
    private func n(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}

/// HTML text escaping.
enum HTML {
    /// Escapes `&`, `<`, `>`, `"` and `'` for text and attribute values.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
