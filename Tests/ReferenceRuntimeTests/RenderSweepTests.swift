import Foundation
import HarnessTestSupport
import Testing
@testable import ReferenceRuntime

/// `RenderSession` (what `rive-harness render` runs) over every fixture and every upstream
/// asset: each artboard either renders or lists what it does not support, and none crashes.
@Suite("Render sweep")
@MainActor
struct RenderSweepTests {
    /// Renders every artboard of a file for three frames at 32x32; returns the unsupported
    /// content per artboard and each artboard's digests.
    private func renderAll(_ bytes: [UInt8]) throws -> [(artboard: String, unsupported: [String], digests: [String])] {
        let file = try ReferenceWorker().openFile(.data(bytes))
        return try file.model.artboards.map { artboard in
            let session = try RenderSession(file: file, artboard: artboard.name, stateMachine: nil, width: 32, height: 32)
            let digests = [0, 0.016, 0.016].map { session.frame(advancingBy: $0) }
            #expect(session.image().width == 32)
            return (artboard.name, session.artboard.unsupportedContent, digests)
        }
    }

    @Test("every fixture renders deterministically and has no unsupported content")
    func fixtures() throws {
        for name in ["character", "all-types", "globals", "two-way", "lists"] {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixtures.path(name))))
            let first = try renderAll(bytes)
            let second = try renderAll(bytes)
            #expect(first.map(\.digests) == second.map(\.digests), "\(name) renders the same frames twice")
            for artboard in first {
                #expect(artboard.unsupported.isEmpty, "\(name) / \(artboard.artboard)")
            }
        }
    }

    @Test("every upstream asset renders or lists what it does not support", .enabled(if: SharedMaterial.hasAssets, Comment(rawValue: SharedMaterial.absentComment)))
    func upstreamAssets() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: SharedMaterial.assetsDirectory.path).filter { $0.hasSuffix(".riv") }.sorted()
        #expect(names.count > 200)
        var counts: [String: Int] = [:]
        var artboards = 0, fullySupported = 0
        var unreadable: [String] = []
        for name in names {
            let bytes = try #require(SharedMaterial.assetIfPresent(name))
            guard (try? ReferenceWorker().openFile(.data(bytes))) != nil else {
                unreadable.append(name)
                continue
            }
            for artboard in try renderAll(bytes) {
                artboards += 1
                if artboard.unsupported.isEmpty { fullySupported += 1 }
                for entry in artboard.unsupported {
                    let parts = entry.components(separatedBy: " ×")
                    counts[parts[0], default: 0] += parts.count > 1 ? Int(parts[1]) ?? 1 : 1
                }
            }
        }
        print("render sweep: \(names.count) files (\(unreadable.count) not readable as .riv: \(unreadable.joined(separator: ", "))), \(artboards) artboards, \(fullySupported) fully supported")
        #expect(unreadable.count < names.count / 10, "most files load")
        for (type, count) in counts.sorted(by: { $0.value > $1.value }) { print("  \(count)\t\(type)") }
        #expect(fullySupported > 0)
    }
}
