import Differential
import Foundation
@testable import rive_harness
import Testing

/// `merge` of sharded `diff --sections pixels` outputs copies each shard's difference images.
struct MergeDifferenceImageTests {
    @Test("copyDumps copies the dumps and the difference image each shard's diff.json lists")
    func copiesDifferenceImages() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("merge-images-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let shard = (root as NSString).appendingPathComponent("shard1")
        let relatives = ["a-rive-cpp/x.riv.dump", "b-rive-cpp+vulkan/x.riv.dump", "pixels/x.riv-frame-60.png"]
        for relative in relatives {
            let path = (shard as NSString).appendingPathComponent(relative)
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(relative.utf8).write(to: URL(fileURLWithPath: path))
        }
        let json = """
            {"schema": "rive-harness.diff", "version": 1, "sides": [], "frames": 60, "drawFrames": [0, 60], "sections": ["pixels"],
             "files": [{"path": "x.riv", "sections": {"pixels": "differ"}, "details": [],
                        "dumps": {"a": "a-rive-cpp/x.riv.dump", "b": "b-rive-cpp+vulkan/x.riv.dump"},
                        "pixels": {"similarity": 0.5, "frames": [{"frame": 60, "similarity": 0.5, "differingPixels": 2, "largestDifference": 255}],
                                   "image": "pixels/x.riv-frame-60.png"}}]}
            """
        let document = try JSONDecoder().decode(DiffDocument.self, from: Data(json.utf8))
        let out = (root as NSString).appendingPathComponent("merged")
        try MergeCommand.copyDumps([(file: (shard as NSString).appendingPathComponent("diff.json"), document: document)], into: out)
        for relative in relatives {
            let copied = try String(contentsOfFile: (out as NSString).appendingPathComponent(relative), encoding: .utf8)
            #expect(copied == relative)
        }
    }
}
