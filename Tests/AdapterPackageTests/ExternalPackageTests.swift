import Conformance
import Foundation
import HarnessTestSupport
import RuntimeAPI
import Testing

/// The example of docs/runtime-api.md, built as a separate package that depends on this one
/// by path, with its own `swift test`: the toy adapter's verdicts must be exactly what its
/// declared capabilities allow (PASS where they cover a scenario's requirements, SKIP elsewhere).
///
/// The example package is written to `.build/conformance-example/ToyAdapter` and built with the
/// scratch folder `.build/conformance-example/scratch`, so a rerun only rebuilds what changed.
@Suite("external adapter package")
struct ExternalPackageTests {
    /// The files of the example, from the `<!-- example-file: PATH -->` markers of docs/runtime-api.md.
    static func exampleFiles() throws -> [String: String] {
        let document = try String(contentsOf: SharedMaterial.packageRoot.appendingPathComponent("docs/runtime-api.md"), encoding: .utf8)
        var files: [String: String] = [:]
        var pending: String?
        var body: [Substring]?
        for line in document.split(separator: "\n", omittingEmptySubsequences: false) {
            if var lines = body {
                if line == "```" {
                    files[pending!] = lines.joined(separator: "\n") + "\n"
                    body = nil
                    pending = nil
                } else {
                    lines.append(line)
                    body = lines
                }
            } else if line.hasPrefix("<!-- example-file: "), line.hasSuffix(" -->") {
                pending = String(line.dropFirst("<!-- example-file: ".count).dropLast(" -->".count))
            } else if pending != nil, line == "```swift" {
                body = []
            }
        }
        return files
    }

    @Test("the docs' example files are complete: a manifest, a test target and an adapter")
    func exampleIsComplete() throws {
        let files = try Self.exampleFiles()
        #expect(Set(files.keys) == ["Package.swift", "Tests/ToyAdapterTests/ConformanceTests.swift", "Sources/ToyAdapter/ToyAdapter.swift"])
        #expect(files["Package.swift"]?.contains(#"path: "../RiveHarness""#) == true)
    }

    @Test("the example package runs the corpus with swift test and its verdicts match its capabilities",
          .timeLimit(.minutes(10)))
    func examplePackageRunsTheCorpus() async throws {
        let files = try Self.exampleFiles()
        let root = SharedMaterial.packageRoot
        let work = root.appendingPathComponent(".build/conformance-example")
        let package = work.appendingPathComponent("ToyAdapter")
        try? FileManager.default.removeItem(at: package)
        for (path, text) in files {
            let url = package.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let contents = path == "Package.swift" ? text.replacingOccurrences(of: #"path: "../RiveHarness""#, with: "path: \"\(root.path)\"") : text
            try Data(contents.utf8).write(to: url)
        }

        // The capabilities the toy declares, read from its source, and what they allow.
        let source = try #require(files["Sources/ToyAdapter/ToyAdapter.swift"])
        let declared = try #require(source.firstMatch(of: /capabilities: RuntimeCapabilities = \[([^\]]*)\]/)).1
        var capabilities: RuntimeCapabilities = []
        for name in declared.split(separator: ",") {
            let trimmed = name.trimmingCharacters(in: .whitespaces).dropFirst()  // ".introspection" → "introspection"
            capabilities.insert(try #require(RuntimeCapabilities(name: String(trimmed)), "unknown capability \(trimmed)"))
        }
        let corpus = try Corpus.load(root.appendingPathComponent("Corpus").path)
        var expected: [String: String] = [:]
        for entry in corpus.entries {
            let scenario = try entry.scenario.get()
            // Scenarios on upstream files are skipped where ../shared (or RIVE_HARNESS_SHARED) lacks them, as in a worktree.
            let sharedPresent = SharedFixtures.sharedFixtures(of: scenario).allSatisfy {
                FileManager.default.fileExists(atPath: SharedFixtures.path(of: $0, fixturesDirectory: corpus.fixturesDirectory))
            }
            expected[entry.id] = capabilities.isSuperset(of: scenario.requires) && sharedPresent ? Verdict.pass.rawValue : Verdict.skip.rawValue
        }
        #expect(expected.values.contains(Verdict.pass.rawValue), "the toy's capabilities allow no scenario; the example proves nothing")
        #expect(expected.values.contains(Verdict.skip.rawValue))

        // The suite reads the corpus export (what 'rive-harness corpus export --out FILE' writes).
        let export = work.appendingPathComponent("corpus-export.json")
        try Data(try CorpusExport(corpus).encoded()).write(to: export)
        var environment = ProcessInfo.processInfo.environment
        for name in ["RIVE_HARNESS_SCENARIOS", "RIVE_HARNESS_CORPUS", "RIVE_HARNESS_RECORD"] { environment[name] = nil }
        environment["RIVE_HARNESS_CORPUS_JSON"] = export.path

        // A package that depends on ConformanceTesting alone must not compile the YAML modules
        // (libyaml has no iOS-simulator build). SwiftPM plans every target of RiveHarness (it
        // writes YAML.build/output-file-map.json), so what counts is compiled output: module
        // files and object files. Those of an earlier run are removed first, so what is there
        // afterwards was compiled by this run.
        let scratch = work.appendingPathComponent("scratch")
        func yamlArtifacts() -> [String] {
            guard let enumerator = FileManager.default.enumerator(atPath: scratch.path) else { return [] }
            var found: [String] = []
            while let path = enumerator.nextObject() as? String {
                let name = (path as NSString).lastPathComponent
                let inYAMLTarget = path.split(separator: "/").contains { $0 == "YAML.build" || $0 == "Conformance.build" }
                if ["YAML.swiftmodule", "Conformance.swiftmodule", "YAML.o", "Conformance.o"].contains(name) || (inYAMLTarget && name.hasSuffix(".o")) {
                    found.append(path)
                }
            }
            return found
        }
        for path in yamlArtifacts() { try? FileManager.default.removeItem(at: scratch.appendingPathComponent(path)) }
        // At the lowest priority and on one core, so the scenarios that run in parallel with
        // this build (and their timeouts) keep the CPU they need.
        let result = try await ChildProcess.run(["nice", "-n", "19", "swift", "test", "--jobs", "1", "--package-path", package.path,
                                                 "--scratch-path", scratch.path],
                                                environment: environment)
        let output = result.output
        var actual: [String: String] = [:]
        for match in output.matches(of: /(?m)^conformance: ([A-Z]+) (\S+)/) { actual[String(match.2)] = String(match.1) }
        #expect(result.status == 0, "swift test in the example package failed:\n\(output.suffix(4000))")
        #expect(actual == expected, "verdicts differ from what the toy's capabilities allow; output:\n\(output.suffix(4000))")
        #expect(yamlArtifacts().isEmpty, "the example package built modules that link libyaml: \(yamlArtifacts())")
    }
}
