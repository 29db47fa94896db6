import Conformance
import Foundation
import HarnessTestSupport
import Testing

/// Reporter output compared with golden files in `Tests/ConformanceTests/Golden`.
///
/// Set `RIVE_HARNESS_RECORD_GOLDENS=1` to rewrite the goldens; a recording run still fails,
/// so that a recorded file is always reviewed before it is trusted.
@Suite("reporter goldens")
@MainActor
struct ReporterGoldenTests {
    static let goldenDirectory = SharedMaterial.packageRoot.appendingPathComponent("Tests/ConformanceTests/Golden")

    /// Runs the mixed corpus once and renders every format from its events, durations zeroed and the temporary path replaced.
    static func render() async throws -> [String: String] {
        let corpus = try SyntheticCorpus(scenarios: MixedCorpus.scenarios, expectations: MixedCorpus.expectations)
        defer { corpus.remove() }
        let recorder = try await corpus.run(capabilities: MixedCorpus.capabilities)
        var outputs: [String: String] = [:]
        let reporters: [(String, (@escaping @MainActor (String) -> Void) -> any RunReporter)] = [
            ("console.txt", { ConsoleReporter(write: $0) }), ("tap.txt", { TAPReporter(write: $0) }),
            ("junit.xml", { JUnitReporter(write: $0) }), ("results.json", { JSONReporter(write: $0) }),
        ]
        for (name, make) in reporters {
            var text = ""
            let reporter = make { text += $0.hasSuffix("\n") ? $0 : $0 + "\n" }
            recorder.eventsWithoutDurations.forEach(reporter.receive)
            outputs[name] = text.replacingOccurrences(of: corpus.root, with: "CORPUS")
        }
        return outputs
    }

    @Test("console, TAP, JUnit and JSON output match their goldens", arguments: ["console.txt", "tap.txt", "junit.xml", "results.json"])
    func matchesGolden(name: String) async throws {
        let output = try #require(try await Self.render()[name])
        let url = Self.goldenDirectory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["RIVE_HARNESS_RECORD_GOLDENS"] == "1" {
            try Data(output.utf8).write(to: url, options: .atomic)
            Issue.record("recorded \(url.path); check it and run again without RIVE_HARNESS_RECORD_GOLDENS")
            return
        }
        let golden = try String(contentsOf: url, encoding: .utf8)
        #expect(output == golden, "differs from \(url.path); rerun with RIVE_HARNESS_RECORD_GOLDENS=1 to record")
    }

    @Test("xmllint accepts the JUnit XML against the JUnit schema and rejects a broken document")
    func junitSchema() async throws {
        let xml = try #require(try await Self.render()["junit.xml"])
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rive-harness-junit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = Self.goldenDirectory.appendingPathComponent("junit.xsd").path
        let good = directory.appendingPathComponent("good.xml")
        try Data(xml.utf8).write(to: good)
        let accepted = try xmllint(["--noout", "--schema", schema, good.path])
        #expect(accepted.status == 0, "\(accepted.output)")
        let broken = directory.appendingPathComponent("broken.xml")
        try Data(xml.replacingOccurrences(of: "<testcase name=", with: "<testcase title=").utf8).write(to: broken)
        let rejected = try xmllint(["--noout", "--schema", schema, broken.path])
        #expect(rejected.status != 0)
        #expect(rejected.output.contains("fails to validate"))
    }

    private func xmllint(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xmllint"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
