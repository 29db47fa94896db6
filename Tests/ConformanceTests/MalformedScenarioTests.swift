import Conformance
import Foundation
import HarnessTestSupport
import Testing

/// A malformed scenario file from `Tests/ConformanceTests/Malformed`, whose first line says the diagnostic it must give.
struct MalformedCase: CustomTestStringConvertible, Sendable {
    static let directory = SharedMaterial.packageRoot.appendingPathComponent("Tests/ConformanceTests/Malformed")

    let name: String
    let text: String
    let line: Int
    let column: Int
    let code: String

    var testDescription: String { name }

    /// Every case, sorted by name; a file without a valid `# expect: LINE:COLUMN CODE` first line is a test failure.
    static func all() -> [MalformedCase] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?.filter { $0.hasSuffix(".yaml") }.sorted() ?? []
        return names.map { name in
            let text = (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)) ?? ""
            let header = text.split(separator: "\n").first.map(String.init) ?? ""
            let match = header.wholeMatch(of: /# expect: (\d+):(\d+) ([a-z.-]+)/)
            return MalformedCase(name: String(name.dropLast(5)), text: text, line: match.flatMap { Int($0.1) } ?? 0,
                                 column: match.flatMap { Int($0.2) } ?? 0, code: match.map { String($0.3) } ?? "missing expect header")
        }
    }
}

/// Malformed scenario files give located diagnostics, from the loader and from `rive-harness validate`.
@Suite("malformed scenarios")
struct MalformedScenarioTests {
    @Test("there are at least 20 malformed cases with distinct codes")
    func enoughCases() {
        let cases = MalformedCase.all()
        #expect(cases.count >= 20)
        #expect(Set(cases.map(\.code)).count >= 20)
    }

    @Test("the loader reports the expected code at the expected line and column", arguments: MalformedCase.all())
    func loaderDiagnostic(_ malformed: MalformedCase) throws {
        let loader = ScenarioLoader(rules: try RuleRegistry.parse(Array(SyntheticCorpus.rules.utf8), file: "rules.yaml"),
                                    features: try FeatureRegistry.parse(Array(SyntheticCorpus.features.utf8), file: "features.yaml"),
                                    fixtureExists: { $0 == "scripted" }, assetExists: { $0 == "scripted.bin" })
        let result = loader.load(Array(malformed.text.utf8), id: malformed.name, file: "\(malformed.name).yaml")
        guard case .failure(let list) = result else {
            Issue.record("\(malformed.name) loaded without a diagnostic")
            return
        }
        let first = try #require(list.diagnostics.first)
        #expect("\(first.line):\(first.column) \(first.code)" == "\(malformed.line):\(malformed.column) \(malformed.code)", "\(first)")
        #expect(first.file == "\(malformed.name).yaml")
        #expect(!first.hint.isEmpty)
    }

    @Test("rive-harness validate exits 1 and prints file:line:column and the code", arguments: MalformedCase.all())
    func validateCommand(_ malformed: MalformedCase) throws {
        let corpus = try SyntheticCorpus(scenarios: [:])
        defer { corpus.remove() }
        try corpus.write("scenarios/bad/\(malformed.name).yaml", malformed.text)
        let result = try HarnessProcess.run(["validate", corpus.root])
        #expect(result.exitCode == 1, "\(result.standardError)")
        let path = "\(corpus.root)/scenarios/bad/\(malformed.name).yaml"
        #expect(result.standardError.contains("\(path):\(malformed.line):\(malformed.column): error[\(malformed.code)]"), "\(result.standardError)")
        #expect(result.standardOutput.contains("problem(s)"))
    }
}
