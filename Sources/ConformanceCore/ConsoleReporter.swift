import Foundation

/// Prints progress as scenarios finish, failure traces, and a summary by rule area.
@MainActor
public final class ConsoleReporter: RunReporter {
    private let write: @MainActor (String) -> Void
    private var total = 0
    private var finished = 0
    private var results: [ScenarioResult] = []
    private var problems: [Diagnostic] = []

    /// Creates a reporter that hands each line group to `write` (no trailing newline).
    public init(write: @escaping @MainActor (String) -> Void) { self.write = write }

    /// Handles one event of the run.
    public func receive(_ event: RunEvent) {
        switch event {
        case .runStarted(let header):
            total = header.scenarioCount
            problems = header.problems
            var lines = ["run: adapter \(header.adapter.name) \(header.adapter.version) (\(header.adapter.capabilities.joined(separator: ", ")))",
                         "corpus \(header.corpusHash), \(header.scenarioCount) scenario(s), record mode \(header.recordMode.rawValue)"]
            lines += header.problems.map { "problem: " + consoleSafe($0.description) }
            write(lines.joined(separator: "\n"))
        case .scenarioFinished(let result):
            finished += 1
            results.append(result)
            let width = String(total).count
            let counter = String(repeating: " ", count: width - String(finished).count) + "\(finished)/\(total)"
            var line = "[\(counter)] \(result.verdict.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)) \(consoleSafe(result.id))"
            line += String(format: " (%.3f s)", result.durationSeconds)
            if result.verdict != .pass, let trace = result.trace {
                line += "\n    " + consoleSafe(trace).replacingOccurrences(of: "\n", with: "\n    ")
            }
            if let expectation = result.expectation, result.verdict == .expectedFailure {
                line += "\n    expected \(expectation.status.rawValue): " + consoleSafe(expectation.reason + (expectation.link.map { " (\($0))" } ?? ""))
            }
            write(line)
        case .runFinished(let summary):
            write(summaryText(summary))
        }
    }

    private func summaryText(_ summary: RunSummary) -> String {
        var byArea: [String: [Verdict: Int]] = [:]
        for result in results {
            let areas = Set(result.rules.map(ruleArea(of:)))
            for area in areas.isEmpty ? ["(no rules)"] : areas { byArea[area, default: [:]][result.verdict, default: 0] += 1 }
        }
        let columns = Verdict.allCases.map(\.rawValue)
        let areaWidth = max(8, (byArea.keys.map(\.count).max() ?? 0) + 2)
        var lines = ["summary by rule area:", "  " + "area".padding(toLength: areaWidth, withPad: " ", startingAt: 0) + columns.map { pad($0) }.joined()]
        for area in byArea.keys.sorted() {
            lines.append("  " + area.padding(toLength: areaWidth, withPad: " ", startingAt: 0)
                         + Verdict.allCases.map { pad(String(byArea[area]?[$0] ?? 0)) }.joined())
        }
        let counts = Verdict.allCases.filter { (summary.counts[$0] ?? 0) > 0 }.map { "\(summary.counts[$0]!) \($0.rawValue)" }
        lines.append("total: \(summary.total) scenario(s)" + (counts.isEmpty ? "" : ": " + counts.joined(separator: ", "))
                     + "; \(summary.problemCount) problem(s)")
        // Say why again where the run ends: a problem (an adapter that did not start, a stale
        // expectation) fails the run whatever the verdicts are.
        for problem in problems {
            let firstLine = problem.message.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
            lines.append("problem: " + consoleSafe("\(problem.location): error[\(problem.code)]: \(firstLine)"))
        }
        lines.append(summary.passed ? "result: PASSED" : "result: FAILED")
        return lines.joined(separator: "\n")
    }

    private func pad(_ text: String) -> String { String(repeating: " ", count: max(1, 8 - text.count)) + text }
}

/// Text fit for a terminal: control characters other than line feed and tab (NUL, escape,
/// carriage return, DEL, the C1 range) become `\u00XX` as in the JSON results, so a message
/// that quotes a runtime's or a golden file's bytes cannot move the cursor or end a line.
/// (Bytes that were not UTF-8 are already U+FFFD once they are Swift text.)
func consoleSafe(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
        if needsEscape(scalar) {
            result.append(contentsOf: String(format: "\\u%04X", scalar.value).unicodeScalars)
        } else {
            result.append(scalar)
        }
    }
    return String(result)
}

/// Whether a scalar is a control character the console escapes.
private func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    scalar != "\n" && scalar != "\t" && (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value))
}
