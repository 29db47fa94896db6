import Foundation

/// Writes TAP version 13: one test point per problem and per scenario, with a YAML block for failures.
///
/// SKIP is `ok … # SKIP reason`; XFAIL is `not ok … # TODO reason`; XPASS is `not ok` so
/// that TAP consumers fail the run as the harness does.
@MainActor
public final class TAPReporter: RunReporter {
    private let write: @MainActor (String) -> Void
    private var number = 0

    /// Creates a reporter that hands each line group to `write` (no trailing newline).
    public init(write: @escaping @MainActor (String) -> Void) { self.write = write }

    /// Handles one event of the run.
    public func receive(_ event: RunEvent) {
        switch event {
        case .runStarted(let header):
            var lines = ["TAP version 13", "1..\(header.scenarioCount + header.problems.count)"]
            for problem in header.problems {
                number += 1
                lines.append("not ok \(number) - problem \(problem.location) \(problem.code)")
                lines += block(["verdict": "ERROR", "message": problem.message, "hint": problem.hint])
            }
            write(lines.joined(separator: "\n"))
        case .scenarioFinished(let result):
            number += 1
            write(testPoint(result).joined(separator: "\n"))
        case .runFinished(let summary):
            let counts = Verdict.allCases.map { "\($0.rawValue) \(summary.counts[$0] ?? 0)" }.joined(separator: ", ")
            write("# \(counts); problems \(summary.problemCount)")
        }
    }

    private func testPoint(_ result: ScenarioResult) -> [String] {
        switch result.verdict {
        case .pass:
            return ["ok \(number) - \(result.id)"]
        case .skip:
            return ["ok \(number) - \(result.id) # SKIP \(oneLine(result.message ?? ""))"]
        case .expectedFailure:
            return ["not ok \(number) - \(result.id) # TODO \(oneLine(result.expectation?.reason ?? "expected failure"))"] + details(result)
        case .fail, .error, .timeout, .crash, .unexpectedPass:
            return ["not ok \(number) - \(result.id)"] + details(result)
        }
    }

    private func details(_ result: ScenarioResult) -> [String] {
        var fields: [String: String] = ["verdict": result.verdict.rawValue]
        if let divergence = result.divergence {
            fields["trace"] = divergence.trace(scenario: result.id)
            fields["kind"] = divergence.kind.rawValue
            fields["expected"] = divergence.expected
            fields["actual"] = divergence.actual
        }
        if let message = result.message { fields["message"] = message }
        if let link = result.expectation?.link { fields["link"] = link }
        return block(fields)
    }

    /// A TAP 13 YAML block with keys in sorted order and JSON-style double-quoted strings.
    private func block(_ fields: [String: String]) -> [String] {
        ["  ---"] + fields.keys.sorted().map { "  \($0): \(quoted(fields[$0]!))" } + ["  ..."]
    }

    private func oneLine(_ text: String) -> String { text.replacingOccurrences(of: "\n", with: " ") }
}

