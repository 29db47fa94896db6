import Testing
import Foundation
import RiveRendering

@Suite("PNG export")
struct PNGTests {
    /// A fresh empty directory for one test.
    private func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("RiveRenderingTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// A rasterizer holding opaque, transparent and anti-aliased pixels.
    private func renderedScene() throws -> CairoRasterizer {
        let rasterizer = try CairoRasterizer(width: 64, height: 48)
        rasterizer.beginFrame(artboardBounds: Bounds(width: 64, height: 48))
        rasterizer.drawPath(.ellipse(width: 40, height: 30, originX: 0, originY: 0), paint: .fill(0xFFFF_0000))
        rasterizer.drawPath(rect(30.5, 20.5, 20, 20), paint: .fill(0x8000_80FF))
        return rasterizer
    }

    @Test("a written PNG reads back with the same pixels")
    func rasterizerRoundTrip() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("frame.png").path
        let rasterizer = try renderedScene()
        try rasterizer.writePNG(toFile: path)
        let original = rasterizer.makeImage()
        let readBack = try RasterImage(contentsOfPNGFile: path)
        #expect(readBack.width == 64 && readBack.height == 48)
        #expect(readBack.pixel(x: 20, y: 15) == RGBA(r: 255, g: 0, b: 0, a: 255))
        #expect(readBack.pixel(x: 63, y: 0) == .transparent)
        var partial = 0
        for y in 0..<48 {
            for x in 0..<64 {
                let expected = original.pixel(x: x, y: y)
                let actual = readBack.pixel(x: x, y: y)
                if expected.a == 0 || expected.a == 255 {
                    #expect(actual == expected, "(\(x), \(y))")
                } else {
                    partial += 1
                    // Cairo premultiplies again on reading, so low alphas can lose a step.
                    #expect(actual.isClose(to: expected, tolerance: 2), "(\(x), \(y)): \(actual) vs \(expected)")
                }
            }
        }
        #expect(partial > 0, "the scene has anti-aliased and half-transparent pixels")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(leftovers == ["frame.png"], "the atomic write leaves no temporary file")
    }

    @Test("the PNG header says PNG and the image size")
    func header() throws {
        let bytes = try renderedScene().pngData()
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Array(bytes[12..<16]) == Array("IHDR".utf8))
        #expect(Array(bytes[16..<24]) == [0, 0, 0, 64, 0, 0, 0, 48])
    }

    @Test("a RasterImage round-trips through PNG bytes and files")
    func rasterImageRoundTrip() throws {
        var rgba: [UInt8] = []
        for index in 0..<12 {
            rgba += [UInt8(index * 20), UInt8(255 - index * 20), 7, index.isMultiple(of: 3) ? 0 : 255]
        }
        // Fully transparent pixels carry no color; the round trip gives them zero color.
        for index in stride(from: 0, to: 12, by: 3) {
            rgba.replaceSubrange(index * 4..<index * 4 + 3, with: [0, 0, 0])
        }
        let image = try RasterImage(width: 4, height: 3, rgba: rgba)
        #expect(try RasterImage(pngData: image.pngData()) == image)

        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("image.png").path
        try image.writePNG(toFile: path)
        try image.writePNG(toFile: path) // overwriting is fine
        #expect(try RasterImage(contentsOfPNGFile: path) == image)
    }

    @Test("bad input is reported, not crashed on")
    func errors() throws {
        #expect(throws: RenderingError.self) { try RasterImage(pngData: Array("not a png".utf8)) }
        #expect(throws: RenderingError.pixelCountMismatch(expected: 16, actual: 3)) { try RasterImage(width: 2, height: 2, rgba: [1, 2, 3]) }
        do {
            _ = try RasterImage(contentsOfPNGFile: "/nonexistent/missing.png")
            Issue.record("reading a missing file succeeded")
        } catch let error as RenderingError {
            guard case .file(let path, _) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(path == "/nonexistent/missing.png")
        }
        let image = try RasterImage(width: 1, height: 1, rgba: [0, 0, 0, 255])
        // A folder cannot be created below a regular file, so the write fails.
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("png-blocker-\(UUID().uuidString)")
        try Data("x".utf8).write(to: blocker)
        defer { try? FileManager.default.removeItem(at: blocker) }
        #expect(throws: RenderingError.self) { try image.writePNG(toFile: blocker.path + "/out.png") }
    }
}
