import Foundation

/// Writes JUnit XML (the Jenkins/Ant shape) when the run finishes: one testcase per scenario and per problem.
///
/// FAIL and XPASS are `<failure>`; ERROR, TIMEOUT, CRASH and problems are `<error>`; SKIP
/// and XFAIL are `<skipped>`. Testcases are sorted by scenario ID.
@MainActor
public final class JUnitReporter: RunReporter {
    private let write: @MainActor (String) -> Void
    private var collector = RunCollector()

    /// Creates a reporter that hands the document to `write`.
    public init(write: @escaping @MainActor (String) -> Void) { self.write = write }

    /// Handles one event of the run.
    public func receive(_ event: RunEvent) {
        guard let run = collector.receive(event) else { return }
        write(document(run.header, run.results, run.summary))
    }

    private func document(_ header: RunHeader, _ results: [ScenarioResult], _ summary: RunSummary) -> String {
        let sorted = results.sorted { $0.id < $1.id }
        let failures = sorted.filter { $0.verdict == .fail || $0.verdict == .unexpectedPass }.count
        let errors = sorted.filter { [.error, .timeout, .crash].contains($0.verdict) }.count + header.problems.count
        let skipped = sorted.filter { $0.verdict == .skip || $0.verdict == .expectedFailure }.count
        let tests = sorted.count + header.problems.count
        let time = String(format: "%.3f", summary.durationSeconds)
        let adapter = header.adapter.name
        let counts = "tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\" time=\"\(time)\""
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                     "<testsuites name=\"rive-harness\" \(counts)>",
                     "  <testsuite name=\"rive-harness.\(xml(adapter))\" \(counts)>",
                     "    <properties>"]
        let properties = [("corpusHash", header.corpusHash), ("adapter", adapter), ("adapterVersion", header.adapter.version),
                          ("capabilities", header.adapter.capabilities.joined(separator: ",")), ("recordMode", header.recordMode.rawValue)]
        lines += properties.map { "      <property name=\"\($0.0)\" value=\"\(xml($0.1))\"/>" }
        lines.append("    </properties>")
        for problem in header.problems {
            lines.append("    <testcase name=\"\(xml("problem \(problem.location)"))\" classname=\"\(xml(adapter)).problems\" time=\"0.000\">")
            lines.append("      <error message=\"\(xml(problem.message))\" type=\"\(xml(problem.code))\">\(xml(problem.description))</error>")
            lines.append("    </testcase>")
        }
        for result in sorted {
            let folder = result.id.split(separator: "/").dropLast().joined(separator: ".")
            let classname = xml(adapter) + (folder.isEmpty ? "" : "." + xml(folder))
            let open = "    <testcase name=\"\(xml(result.id))\" classname=\"\(classname)\" time=\"\(String(format: "%.3f", result.durationSeconds))\""
            let message = xml(result.divergence.map { "expected \($0.expected), actual \($0.actual)" } ?? result.message ?? result.verdict.rawValue)
            let body = xml(result.trace ?? result.verdict.rawValue)
            switch result.verdict {
            case .pass:
                lines.append(open + "/>")
            case .fail, .unexpectedPass:
                lines += [open + ">", "      <failure message=\"\(message)\" type=\"\(result.verdict.rawValue)\">\(body)</failure>", "    </testcase>"]
            case .error, .timeout, .crash:
                lines += [open + ">", "      <error message=\"\(message)\" type=\"\(result.verdict.rawValue)\">\(body)</error>", "    </testcase>"]
            case .skip:
                lines += [open + ">", "      <skipped message=\"\(message)\"/>", "    </testcase>"]
            case .expectedFailure:
                let reason = xml("expected failure: " + (result.expectation?.reason ?? ""))
                lines += [open + ">", "      <skipped message=\"\(reason)\"/>", "      <system-out>\(body)</system-out>", "    </testcase>"]
            }
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Text escaped for XML attributes and content; characters XML 1.0 forbids become U+FFFD.
func xml(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": result += "&amp;"
        case "<": result += "&lt;"
        case ">": result += "&gt;"
        case "\"": result += "&quot;"
        case "'": result += "&apos;"
        case "\n": result += "&#10;"
        case "\t", "\r": result.unicodeScalars.append(scalar)
        default: result.unicodeScalars.append(scalar.value < 0x20 ? "\u{FFFD}" : scalar)
        }
    }
    return result
}
