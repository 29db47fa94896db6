@testable import Differential
import Foundation
import RuntimeAPI
import Testing

/// The `pixels` section's similarity (`PixelComparison`) on synthetic frames, its status in
/// `SectionComparison`, the difference image, and the summary's figures.
struct PixelComparisonTests {
    /// A frame whose pixel at (x, y) is `color(x, y)` (straight `0xAARRGGBB`).
    private static func frame(width: Int = 10, height: Int = 10, _ color: (Int, Int) -> UInt32) -> RasterFrame {
        RasterFrame(width: width, height: height, pixels: (0..<height).flatMap { y in (0..<width).map { x in color(x, y) } })
    }

    /// Opaque black left of column `edge`, transparent from it on.
    private static func edge(at edge: Int) -> RasterFrame {
        frame { x, _ in x < edge ? 0xFF00_0000 : 0x0000_0000 }
    }

    @Test("identical frames have similarity 1 and no differing pixel")
    func identical() {
        let picture = Self.frame { x, y in 0xFF00_0000 | UInt32(x * 20) << 16 | UInt32(y * 20) }
        let comparison = PixelComparison(picture, picture, tolerance: 0)
        #expect(comparison.similarity == 1)
        #expect(comparison.differingPixels == 0)
        #expect(comparison.largestDifference == 0)
    }

    @Test("an edge shifted by one column in a 10×10 frame differs in 10 of 100 pixels: similarity 0.9")
    func shiftedEdge() {
        let comparison = PixelComparison(Self.edge(at: 5), Self.edge(at: 6), tolerance: 16)
        #expect(comparison.differingPixels == 10)
        #expect(comparison.largestDifference == 255)
        #expect(comparison.similarity == 0.9)
        // Shifted by three columns: 30 pixels.
        #expect(PixelComparison(Self.edge(at: 2), Self.edge(at: 5), tolerance: 16).similarity == 0.7)
    }

    @Test("a pixel matches when every premultiplied channel differs by at most the tolerance")
    func toleranceHonoured() {
        let grey100 = Self.frame { _, _ in 0xFF64_6464 }
        let grey116 = Self.frame { _, _ in 0xFF74_6474 }
        #expect(PixelComparison(grey100, grey116, tolerance: 16).similarity == 1)
        #expect(PixelComparison(grey100, grey116, tolerance: 15).similarity == 0)
        #expect(PixelComparison(grey100, grey116, tolerance: 15).largestDifference == 16)
        // Half the frame moves by 17 in green only: half the pixels are beyond 16.
        let halfGreen = Self.frame { x, _ in x < 5 ? 0xFF64_6464 : 0xFF64_7564 }
        #expect(PixelComparison(grey100, halfGreen, tolerance: 16).similarity == 0.5)
    }

    @Test("channels are compared premultiplied: transparent pixels of any colour match, half-transparent ones differ by half")
    func premultiplied() {
        let clearRed = Self.frame { _, _ in 0x00FF_0000 }
        let clearBlue = Self.frame { _, _ in 0x0000_00FF }
        #expect(PixelComparison(clearRed, clearBlue, tolerance: 0).similarity == 1)
        // Alpha 128: red 255 against 0 premultiplies to 128 against 0.
        let halfRed = Self.frame { _, _ in 0x80FF_0000 }
        let halfBlack = Self.frame { _, _ in 0x8000_0000 }
        #expect(PixelComparison(halfRed, halfBlack, tolerance: 0).largestDifference == 128)
        #expect(PixelComparison(halfRed, halfBlack, tolerance: 128).similarity == 1)
        #expect(PixelComparison(halfRed, halfBlack, tolerance: 127).similarity == 0)
    }

    @Test("frames of different sizes have similarity 0 and no difference image")
    func differentSizes() {
        let small = Self.frame(width: 4, height: 4) { _, _ in 0xFF00_0000 }
        let large = Self.frame(width: 5, height: 4) { _, _ in 0xFF00_0000 }
        let comparison = PixelComparison(small, large, tolerance: 255)
        #expect(!comparison.sameSize)
        #expect(comparison.similarity == 0)
        #expect(PixelComparison.differenceImage(small, large, tolerance: 255) == nil)
    }

    @Test("the difference image shows A, B and the map side by side; beyond the tolerance is red, within it grey")
    func differenceImage() throws {
        let image = try #require(PixelComparison.differenceImage(Self.edge(at: 5), Self.edge(at: 6), tolerance: 16))
        #expect(image.width == 30 && image.height == 10)
        let a = image.pixel(x: 5, y: 3), b = image.pixel(x: 15, y: 3)
        #expect([a.r, a.g, a.b] == [255, 255, 255])  // transparent in A: white
        #expect([b.r, b.g, b.b] == [0, 0, 0])  // black in B
        let differing = image.pixel(x: 25, y: 3), matching = image.pixel(x: 27, y: 3)
        #expect(differing.r == 255 && differing.g < 100 && differing.b < 100)
        #expect(matching.r == matching.g && matching.g == matching.b && matching.r > 200)
    }

    @Test("the pixels section is equal at or above the minimum similarity and differs below it; unequal lines are a difference")
    func sectionStatus() {
        func outcome(_ frame: RasterFrame, line: String = "frame 0 pixels 10x10") -> DumpOutcome {
            .dumped(RuntimeDump(sections: [.pixels: ["play", line]], frames: [0: frame]))
        }
        let shifted = SectionComparison.compare(outcome(Self.edge(at: 5)), outcome(Self.edge(at: 6)), sections: [.pixels],
                                                pixelTolerance: 16, minimumSimilarity: 0.9)
        #expect(shifted[0].status == .equal)
        #expect(shifted[0].worstFrame?.comparison.similarity == 0.9)
        let strict = SectionComparison.compare(outcome(Self.edge(at: 5)), outcome(Self.edge(at: 6)), sections: [.pixels],
                                               pixelTolerance: 16, minimumSimilarity: 0.91)
        #expect(strict[0].status == .differ)
        #expect(strict[0].firstDifference == nil)
        let failed = SectionComparison.compare(outcome(Self.edge(at: 5)), outcome(Self.edge(at: 5), line: "frame 0 error view.unsupported"),
                                               sections: [.pixels])
        #expect(failed[0].status == .differ)
        #expect(failed[0].firstDifference?.line == 2)
    }

    @Test("the summary gives each file's similarity in the table and the distribution of them")
    func summaryFigures() throws {
        func file(_ name: String, _ similarity: Double) throws -> DiffDocument.File {
            let json = """
                {"path": "\(name)", "sections": {"pixels": "\(similarity >= 0.99 ? "equal" : "differ")"}, "details": [],
                 "pixels": {"similarity": \(similarity), "frames": [{"frame": 0, "similarity": \(similarity), "differingPixels": 1, "largestDifference": 9}]}}
                """
            return try JSONDecoder().decode(DiffDocument.File.self, from: Data(json.utf8))
        }
        let files = try [file("a.riv", 1), file("b.riv", 0.995), file("c.riv", 0.5), file("d.riv", 1), file("e.riv", 0.98)]
        let lines = DiffReport.summary(files, sections: [.pixels], minimumSimilarity: 0.99)
        #expect(lines.contains("c.riv           DIFF 0.5000"))
        #expect(lines.contains("b.riv           = 0.9950"))
        #expect(lines.last == "pixels: similarity of 5 file(s): lowest 0.5000 (c.riv), 5th percentile 0.5000, 25th percentile 0.9800, median 0.9950; 2 identical, 3 at or above 0.99")
    }
}
