import Testing
import RiveRendering

@Suite("Cairo rasterizer")
struct RasterTests {
    /// A rasterizer whose frame maps a `size`×`size` artboard one-to-one onto its pixels.
    private func square(_ size: Int) throws -> CairoRasterizer {
        let rasterizer = try CairoRasterizer(width: size, height: size)
        rasterizer.beginFrame(artboardBounds: Bounds(width: Double(size), height: Double(size)))
        return rasterizer
    }

    @Test("a red rectangle covers exactly its pixels")
    func rectangleCoverage() throws {
        let rasterizer = try square(100)
        rasterizer.save()
        rasterizer.transform(.translation(x: 20, y: 20))
        rasterizer.drawPath(.rectangle(width: 40, height: 40, originX: 0, originY: 0), paint: .fill(0xFFFF_0000))
        rasterizer.restore()
        let image = rasterizer.makeImage()
        #expect(image.width == 100 && image.height == 100 && image.rgba.count == 40_000)
        for (x, y) in [(20, 20), (59, 59), (40, 40), (20, 59)] {
            #expect(image.pixel(x: x, y: y) == opaqueRed, "(\(x), \(y))")
        }
        for (x, y) in [(19, 40), (60, 40), (40, 19), (40, 60), (0, 0), (99, 99)] {
            #expect(image.pixel(x: x, y: y) == .transparent, "(\(x), \(y))")
        }
    }

    @Test("edges between pixels are anti-aliased to partial alpha with straight color")
    func antiAliasedEdge() throws {
        let rasterizer = try square(40)
        rasterizer.drawPath(rect(10.5, 10, 20, 20), paint: .fill(0xFFFF_0000))
        let image = rasterizer.makeImage()
        let edge = image.pixel(x: 10, y: 20)
        #expect((100...155).contains(edge.a), "\(edge)")
        #expect(edge.r == 255 && edge.g == 0 && edge.b == 0, "straight alpha keeps full red: \(edge)")
        #expect(image.pixel(x: 11, y: 20) == opaqueRed)
        #expect(image.pixel(x: 9, y: 20) == .transparent)
    }

    @Test("half-transparent colors come back un-premultiplied")
    func straightAlpha() throws {
        let rasterizer = try square(10)
        rasterizer.drawPath(rect(0, 0, 10, 10), paint: .fill(0x80FF_8000))
        let pixel = rasterizer.makeImage().pixel(x: 5, y: 5)
        #expect(pixel.isClose(to: RGBA(r: 255, g: 128, b: 0, a: 128), tolerance: 1), "\(pixel)")
        let image = try RasterImage(width: 2, height: 1, rgba: [0x11, 0x22, 0x33, 0x44, 255, 0, 0, 255])
        #expect(image.argbPixels == [0x4411_2233, 0xFFFF_0000])
    }

    @Test("even-odd leaves a hole where non-zero fills", arguments: [FillRule.nonZero, .evenOdd, .clockwise])
    func fillRules(rule: FillRule) throws {
        let rasterizer = try square(100)
        var path = rect(0, 0, 100, 100, fillRule: rule)
        path.append(contentsOf: rect(25, 25, 50, 50))
        rasterizer.drawPath(path, paint: .fill(0xFFFF_0000))
        let image = rasterizer.makeImage()
        #expect(image.pixel(x: 10, y: 50) == opaqueRed)
        #expect(image.pixel(x: 50, y: 50) == (rule == .evenOdd ? .transparent : opaqueRed))
    }

    @Test("a stroke covers its thickness around the line, and caps extend it")
    func strokeThickness() throws {
        let rasterizer = try square(100)
        let line = Path(commands: [.moveTo(pt(10, 50)), .lineTo(pt(90, 50))])
        rasterizer.drawPath(line, paint: .stroke(0xFFFF_0000, thickness: 10))
        var image = rasterizer.makeImage()
        #expect(image.pixel(x: 50, y: 45) == opaqueRed)
        #expect(image.pixel(x: 50, y: 54) == opaqueRed)
        #expect(image.pixel(x: 50, y: 44) == .transparent)
        #expect(image.pixel(x: 50, y: 55) == .transparent)
        #expect(image.pixel(x: 7, y: 50) == .transparent, "butt caps stop at the end point")

        rasterizer.beginFrame(artboardBounds: Bounds(width: 100, height: 100))
        rasterizer.drawPath(line, paint: .stroke(0xFFFF_0000, thickness: 10, cap: .square))
        image = rasterizer.makeImage()
        #expect(image.pixel(x: 7, y: 50) == opaqueRed, "square caps extend half the thickness")
        #expect(image.pixel(x: 4, y: 50) == .transparent)
    }

    @Test("contain + centre puts a 100×100 artboard at x 50…150 of a 200×100 image")
    func fitAndAlignment() throws {
        let rasterizer = try CairoRasterizer(width: 200, height: 100)
        rasterizer.beginFrame(artboardBounds: Bounds(width: 100, height: 100))
        rasterizer.drawPath(rect(0, 0, 100, 100), paint: .fill(0xFFFF_0000))
        var image = rasterizer.makeImage()
        #expect(image.pixel(x: 49, y: 50) == .transparent)
        #expect(image.pixel(x: 50, y: 50) == opaqueRed)
        #expect(image.pixel(x: 149, y: 50) == opaqueRed)
        #expect(image.pixel(x: 150, y: 50) == .transparent)

        rasterizer.beginFrame(artboardBounds: Bounds(width: 100, height: 100), alignment: .centerLeft)
        rasterizer.drawPath(rect(0, 0, 100, 100), paint: .fill(0xFFFF_0000))
        image = rasterizer.makeImage()
        #expect(image.pixel(x: 0, y: 50) == opaqueRed)
        #expect(image.pixel(x: 99, y: 50) == opaqueRed)
        #expect(image.pixel(x: 100, y: 50) == .transparent)

        rasterizer.beginFrame(artboardBounds: Bounds(width: 100, height: 100), fit: .fill)
        rasterizer.drawPath(rect(0, 0, 50, 50), paint: .fill(0xFFFF_0000))
        image = rasterizer.makeImage()
        #expect(image.pixel(x: 99, y: 49) == opaqueRed)
        #expect(image.pixel(x: 100, y: 49) == .transparent)
        #expect(image.pixel(x: 99, y: 50) == .transparent)
    }

    @Test("each frame starts from the background color, transparent by default")
    func background() throws {
        let rasterizer = try square(10)
        rasterizer.drawPath(rect(0, 0, 10, 10), paint: .fill(0xFFFF_0000))
        rasterizer.beginFrame(artboardBounds: Bounds(width: 10, height: 10), background: 0xFF00_00FF)
        #expect(rasterizer.makeImage().pixel(x: 3, y: 3) == RGBA(r: 0, g: 0, b: 255, a: 255))
        rasterizer.beginFrame(artboardBounds: Bounds(width: 10, height: 10))
        #expect(rasterizer.makeImage().pixel(x: 3, y: 3) == .transparent)
    }

    @Test("a clip limits drawing until the matching restore")
    func clipping() throws {
        let rasterizer = try square(100)
        rasterizer.save()
        rasterizer.clipPath(rect(0, 0, 50, 100))
        rasterizer.drawPath(rect(0, 0, 100, 50), paint: .fill(0xFFFF_0000))
        rasterizer.restore()
        rasterizer.drawPath(rect(0, 50, 100, 50), paint: .fill(0xFF00_FF00))
        let image = rasterizer.makeImage()
        #expect(image.pixel(x: 25, y: 25) == opaqueRed)
        #expect(image.pixel(x: 75, y: 25) == .transparent)
        #expect(image.pixel(x: 75, y: 75) == RGBA(r: 0, g: 255, b: 0, a: 255))
    }

    @Test("a singular transform draws nothing and leaves the rasterizer usable")
    func singularTransform() throws {
        let rasterizer = try square(20)
        rasterizer.save()
        rasterizer.transform(.scale(x: 0, y: 1))
        rasterizer.drawPath(rect(0, 0, 20, 20), paint: .fill(0xFFFF_0000))
        rasterizer.restore()
        rasterizer.restore() // unmatched: ignored
        #expect(rasterizer.makeImage().pixel(x: 10, y: 10) == .transparent)
        rasterizer.drawPath(rect(0, 0, 20, 20), paint: .fill(0xFFFF_0000))
        #expect(rasterizer.makeImage().pixel(x: 10, y: 10) == opaqueRed)
    }

    @Test("blend modes composite differently from srcOver")
    func blendMode() throws {
        let rasterizer = try CairoRasterizer(width: 4, height: 4)
        rasterizer.beginFrame(artboardBounds: Bounds(width: 4, height: 4), background: 0xFF00_FF00)
        rasterizer.drawPath(rect(0, 0, 2, 4), paint: .fill(0xFFFF_0000, blendMode: .multiply))
        rasterizer.drawPath(rect(2, 0, 2, 4), paint: .fill(0xFFFF_0000))
        let image = rasterizer.makeImage()
        #expect(image.pixel(x: 0, y: 0) == RGBA(r: 0, g: 0, b: 0, a: 255), "red × green = black")
        #expect(image.pixel(x: 3, y: 0) == opaqueRed)
    }

    @Test("a linear gradient runs from its start color to its end color")
    func linearGradient() throws {
        let rasterizer = try square(100)
        let stops = [GradientStop(color: 0xFFFF_0000, position: 0), GradientStop(color: 0xFF00_00FF, position: 1)]
        rasterizer.drawPath(rect(0, 0, 100, 100), paint: Paint(style: .fill, shader: .linearGradient(start: pt(0, 0), end: pt(100, 0), stops: stops)))
        let image = rasterizer.makeImage()
        let left = image.pixel(x: 0, y: 50)
        let middle = image.pixel(x: 50, y: 50)
        let right = image.pixel(x: 99, y: 50)
        #expect(left.r > 250 && left.b < 5, "\(left)")
        #expect(right.b > 250 && right.r < 5, "\(right)")
        #expect((110...145).contains(middle.r) && (110...145).contains(middle.b), "\(middle)")
    }

    @Test("a radial gradient is its first color at the centre and its last beyond the radius")
    func radialGradient() throws {
        let rasterizer = try square(100)
        let stops = [GradientStop(color: 0xFFFF_FFFF, position: 0), GradientStop(color: 0xFF00_0000, position: 1)]
        rasterizer.drawPath(rect(0, 0, 100, 100), paint: Paint(style: .fill, shader: .radialGradient(center: pt(50, 50), radius: 40, stops: stops)))
        let image = rasterizer.makeImage()
        #expect(image.pixel(x: 50, y: 50).r > 245)
        #expect(image.pixel(x: 2, y: 2) == RGBA(r: 0, g: 0, b: 0, a: 255))
    }

    @Test("replaying a recording rasterizes the same pixels as drawing directly")
    func replayMatchesDirectDrawing() throws {
        func draw(_ renderer: some Renderer) {
            renderer.transform(Transform2D(x: 30, y: 30, rotation: 0.3, scaleX: 1, scaleY: 1))
            renderer.drawPath(.ellipse(width: 40, height: 20), paint: .fill(0xFF33_66CC))
            renderer.drawPath(.rectangle(width: 30, height: 30, cornerRadiusTL: 6), paint: .stroke(0xFF00_0000, thickness: 3, join: .round))
        }
        let direct = try square(60)
        draw(direct)
        let recorder = DrawCommandRecorder()
        draw(recorder)
        let replayed = try square(60)
        recorder.replay(on: replayed)
        #expect(direct.makeImage() == replayed.makeImage())
        #expect(direct.makeImage().rgba.contains { $0 != 0 })
    }

    @Test("resizing changes the image size; invalid sizes are refused")
    func sizes() throws {
        let rasterizer = try square(10)
        try rasterizer.resize(width: 30, height: 5)
        rasterizer.beginFrame(artboardBounds: Bounds(width: 30, height: 5), background: 0xFFFF_FFFF)
        let image = rasterizer.makeImage()
        #expect(image.width == 30 && image.height == 5 && image.rgba.count == 600)
        #expect(throws: RenderingError.invalidSize(width: 0, height: 10)) { try CairoRasterizer(width: 0, height: 10) }
        #expect(throws: RenderingError.invalidSize(width: 40000, height: 10)) { try rasterizer.resize(width: 40000, height: 10) }
        #expect(rasterizer.width == 30, "a failed resize keeps the old surface")
    }

    @Test("non-finite coordinates and overflowing transforms leave later drawing intact")
    func robustness() throws {
        let rasterizer = try square(20)
        let broken = Path(commands: [.moveTo(pt(.nan, 0)), .lineTo(pt(10, .infinity)), .lineTo(pt(5, 5)), .close])
        rasterizer.drawPath(broken, paint: .fill(0xFF00_FF00))
        rasterizer.save()
        rasterizer.clipPath(broken)
        rasterizer.restore()
        rasterizer.save()
        rasterizer.transform(.scale(x: 1e100, y: 1e100))
        rasterizer.transform(.scale(x: 1e100, y: 1e100)) // each invertible, the product is not
        rasterizer.drawPath(rect(0, 0, 20, 20), paint: .fill(0xFF00_00FF))
        rasterizer.restore()
        rasterizer.drawPath(rect(0, 0, 20, 20), paint: .fill(0xFFFF_0000))
        #expect(rasterizer.makeImage().pixel(x: 10, y: 10) == opaqueRed)
    }
}
