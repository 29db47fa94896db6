import Foundation
import HarnessTestSupport
import RiveFormat
@testable import RiveFixtures
import Testing
import YAML

/// The committed fixture set: up to date, deterministic, and readable by the format reader.
struct FixtureSetTests {
    static let directory = FixtureDirectory(path: SharedMaterial.packageRoot.appendingPathComponent("Corpus/fixtures").path)
    static let names = ["actions", "all-types", "blend", "character", "clipping", "computed", "converters", "globals", "layout", "lists", "nested", "paints", "plain", "relay", "solo", "switch", "text", "two-way"]

    @Test func theSetHasEveryFixture() {
        #expect(Self.directory.fixtures().map(\.name) == Self.names)
    }

    @Test(arguments: names)
    func committedFileMatchesAFreshBuild(_ name: String) throws {
        let fixture = try #require(Self.directory.fixtures().first { $0.name == name })
        let compiled = try Self.directory.compile(fixture)
        #expect(compiled.committedBytes != nil, "\(fixture.outputPath) is missing; run 'rive-harness fixtures build'")
        #expect(compiled.isUpToDate, "\(fixture.outputPath) is stale; run 'rive-harness fixtures build'")
    }

    @Test(arguments: names)
    func twoBuildsGiveIdenticalBytes(_ name: String) throws {
        let fixture = try #require(Self.directory.fixtures().first { $0.name == name })
        let text = try String(contentsOfFile: fixture.sourcePath, encoding: .utf8)
        let first = try FixtureCompiler.build(text, file: fixture.sourcePath)
        let second = try FixtureCompiler.build(text, file: fixture.sourcePath)
        #expect(first == second)
        #expect(first.starts(with: Array("RIVE".utf8)))
    }

    @Test(arguments: names)
    func fileReadsBackAsTheCompiledDocument(_ name: String) throws {
        let fixture = try #require(Self.directory.fixtures().first { $0.name == name })
        let text = try String(contentsOfFile: fixture.sourcePath, encoding: .utf8)
        let document = try FixtureCompiler.compile(text, file: fixture.sourcePath)
        let read = try RiveReader.read(try FixtureCompiler.build(text, file: fixture.sourcePath))
        #expect(read.objects == document.objects)
        #expect(RiveFileSummary.violations(in: read).isEmpty)
    }

    @Test(arguments: names)
    func noPropertyEqualsItsSchemaDefault(_ name: String) throws {
        let fixture = try #require(Self.directory.fixtures().first { $0.name == name })
        let document = try FixtureCompiler.compile(try String(contentsOfFile: fixture.sourcePath, encoding: .utf8), file: fixture.sourcePath)
        for (index, object) in document.objects.enumerated() {
            for property in object.properties {
                #expect(property.value != RiveSchema.defaultValue(of: property.key), "object #\(index) \(object.typeName) writes \(property.name ?? "?") at its default")
            }
        }
    }

    @Test(arguments: names)
    func fixtureStartsWithACommentNamingTheRulesItServes(_ name: String) throws {
        let fixture = try #require(Self.directory.fixtures().first { $0.name == name })
        let text = try String(contentsOfFile: fixture.sourcePath, encoding: .utf8)
        #expect(text.hasPrefix("# \(name):"))
        let header = text.split(separator: "\n").prefix { $0.hasPrefix("#") }.joined(separator: "\n")
        #expect(header.contains("Serves:"))
        #expect(header.contains("Pixels"))
    }
}
