import Foundation
import HarnessTestSupport
import RiveFormat
import Testing

/// Reading, writing and summarising every upstream test file.
@Suite(.enabled(if: SharedMaterial.hasAssets, Comment(rawValue: SharedMaterial.absentComment)))
struct UpstreamAssetTests {
    @Test("every upstream file reads, writes and reads back to the same objects and values", arguments: SharedMaterial.assetNames())
    func roundTrip(name: String) throws {
        let bytes = try SharedMaterial.asset(name)
        let first = try RiveReader.read(bytes)
        let written = try RiveWriter.encodeUnchecked(first)
        let second = try RiveReader.read(written)
        #expect(second.objects.count == first.objects.count)
        #expect(second.objects == first.objects)
        #expect(second.header == first.header)
    }

    @Test("every upstream file follows the writer's rules, except the one upstream rejects", arguments: SharedMaterial.assetNames())
    func structuralRules(name: String) throws {
        let document = try RiveReader.read(try SharedMaterial.asset(name))
        let violations = RiveFileSummary.violations(in: document)
        if name == "solar-system.riv" {
            // Upstream's file_test.cpp: "file with bad blend mode fails to load" (ImportResult::malformed).
            #expect(violations.map(\.code) == [.invalidValue])
            #expect(violations.first?.pathDescription == "artboard \"Artboard\" › object #13 (Shape) › property 23 (blendModeValue)")
            #expect(throws: RiveFormatError.self) { try RiveWriter.write(document) }
        } else {
            #expect(violations.isEmpty, "\(violations.map(\.description))")
        }
    }

    @Test("every upstream file summarises", arguments: SharedMaterial.assetNames())
    func summary(name: String) throws {
        let document = try RiveReader.read(try SharedMaterial.asset(name))
        let summary = RiveFileSummary(document)
        #expect(summary.artboards.count == document.objects.filter { $0.typeKey == RiveTypeKey.artboard }.count)
    }
}
