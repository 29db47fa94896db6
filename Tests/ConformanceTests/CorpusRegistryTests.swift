import Conformance
import Foundation
import HarnessTestSupport
import Testing

/// The project's own corpus files: registries that match binding-rules.md, and a clean `validate`.
@Suite("Corpus registries")
struct CorpusRegistryTests {
    static let corpusPath = SharedMaterial.packageRoot.appendingPathComponent("Corpus").path

    @Test("Corpus/rules.yaml lists exactly the rule IDs of binding-rules.md, in order, and upstream-derived rules after them", .enabled(if: FileManager.default.fileExists(atPath: SharedMaterial.directory.appendingPathComponent("docs/binding-rules.md").path), Comment(rawValue: SharedMaterial.absentComment)))
    func rulesMatchSpecification() throws {
        let text = try String(contentsOf: SharedMaterial.directory.appendingPathComponent("docs/binding-rules.md"), encoding: .utf8)
        let documented = text.matches(of: /(?m)^- \*\*([A-Z]+-[0-9]+[A-Z]?) \[/).map { String($0.1) }
        let corpus = try Corpus.load(Self.corpusPath)
        #expect(documented.count == 75)
        let upstream = corpus.rules.rules.filter { $0.upstreamSource != nil }
        #expect(corpus.rules.rules.filter { $0.upstreamSource == nil }.map(\.id) == documented)
        #expect(Array(corpus.rules.rules.suffix(upstream.count)) == upstream, "upstream-derived rules come after the documented ones")
        #expect(Set(upstream.map(\.area)).isDisjoint(with: documented.map(ruleAreaOf)), "upstream-derived rules use areas of their own")
        #expect(corpus.rules.rules.allSatisfy { !$0.title.isEmpty })
    }

    private func ruleAreaOf(_ id: String) -> String { String(id[..<(id.lastIndex(of: "-") ?? id.endIndex)]) }

    @Test("the project corpus validates without problems")
    func corpusValidates() throws {
        let corpus = try Corpus.load(Self.corpusPath)
        #expect(corpus.allProblems.isEmpty, "\(corpus.allProblems.map(\.description).joined(separator: "\n"))")
        #expect(corpus.expectationAdapters.contains("reference"))
    }

    @Test("globs: '*' stays in a folder, '**' crosses folders, '?' is one character")
    func globs() {
        #expect(globMatches("values/*", "values/pass"))
        #expect(!globMatches("values/*", "values/deep/pass"))
        #expect(globMatches("**/pass", "values/deep/pass"))
        #expect(globMatches("values/p?ss", "values/pass"))
        #expect(!globMatches("values/p?ss", "values/p/ss"))
        #expect(!globMatches("values", "values/pass"))
    }

    @Test("shards split a selection into disjoint parts that cover it")
    func shards() throws {
        let corpus = try SyntheticCorpus(scenarios: MixedCorpus.scenarios)
        defer { corpus.remove() }
        let loaded = try corpus.load()
        let identity = AdapterIdentity(name: "scripted", version: "1", capabilities: [])
        func ids(_ shard: Shard?) -> [String] {
            Planner.plan(corpus: loaded, adapter: identity, capabilities: ScriptedAdapter.all, expectations: Expectations(entries: [:], problems: []),
                         selection: Selection(shard: shard)).entries.map(\.id)
        }
        let parts = [ids(Shard("1/3")), ids(Shard("2/3")), ids(Shard("3/3"))]
        #expect(parts.flatMap { $0 }.sorted() == ids(nil))
        #expect(Set(parts[0]).isDisjoint(with: parts[1]))
        #expect(Shard("0/3") == nil && Shard("4/3") == nil && Shard("x") == nil)
        let globals = Planner.plan(corpus: loaded, adapter: identity, capabilities: ScriptedAdapter.all,
                                   expectations: Expectations(entries: [:], problems: []), selection: Selection(rules: "GLB")).entries.map(\.id)
        #expect(globals == ["broken", "globals/unknown-name"])
    }
}

/// Fixture names that refer to upstream files of the shared material.
@Suite("shared fixtures")
struct SharedFixtureNameTests {
    @Test("'shared/NAME' is a plain upstream file name; anything else is not a shared fixture")
    func names() {
        #expect(SharedFixtures.fileName(of: "shared/data_bind_test_cmdq") == "data_bind_test_cmdq")
        #expect(SharedFixtures.fileName(of: "character") == nil)
        #expect(SharedFixtures.fileName(of: "shared/") == nil)
        #expect(SharedFixtures.fileName(of: "shared/../secret") == nil)
        #expect(SharedFixtures.fileName(of: "shared/.hidden") == nil)
        #expect(SharedFixtures.path(of: "character", fixturesDirectory: "Corpus/fixtures") == "Corpus/fixtures/character.riv")
    }
}
