import HarnessTestSupport
import RiveFormat
import RiveRendering
import RuntimeAPI
import Testing
@testable import ReferenceRuntime

/// Path effects (trim, dash, feathers), parametric polygons, elastic and cubic value
/// interpolators and joysticks in the reference runtime: the geometry against hand-computed
/// values, and upstream files against what the real runtime draws.
@Suite("Path effects, polygons, interpolators, joysticks")
@MainActor
struct PathEffectsTests {
    private func points(_ path: Path) -> [String] {
        path.commands.map { command in
            func text(_ p: Point) -> String { "\(Self.rounded(p.x)) \(Self.rounded(p.y))" }
            switch command {
            case .moveTo(let p): return "M \(text(p))"
            case .lineTo(let p): return "L \(text(p))"
            case .cubicTo(let c1, let c2, let p): return "C \(text(c1)) \(text(c2)) \(text(p))"
            case .close: return "Z"
            }
        }
    }

    nonisolated private static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 + 0 }

    private var square: Path {
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.line(to: Point(x: 10, y: 0))
        path.line(to: Point(x: 10, y: 10))
        path.line(to: Point(x: 0, y: 10))
        path.close()
        return path
    }

    private func line(_ x0: Double, _ x1: Double, y: Double = 0) -> Path {
        var path = Path()
        path.move(to: Point(x: x0, y: y))
        path.line(to: Point(x: x1, y: y))
        return path
    }

    @Test("contour measure: lines, a closed square and a quarter circle")
    func contourLengths() {
        #expect(ContourMeasure.contours(of: line(0, 100)).map(\.length) == [100])
        let square = ContourMeasure.contours(of: square)
        #expect(square.map(\.length) == [40])
        #expect(square.first?.isClosed == true)
        var arc = Path()
        arc.move(to: Point(x: 100, y: 0))
        arc.cubic(control1: Point(x: 100, y: 100 * Path.circleConstant), control2: Point(x: 100 * Path.circleConstant, y: 100), to: Point(x: 0, y: 100))
        let length = Double(ContourMeasure.contours(of: arc).first?.length ?? 0)
        // Upstream sums the chords of Wang's-formula pieces (tolerance 0.5), so a curve measures
        // a little shorter than its arc: 156.90 against 157.08 here.
        #expect(length < Double.pi * 50 && length > Double.pi * 50 * 0.998, "a quarter circle of radius 100 measured \(length)")
        #expect(ContourMeasure.contours(of: Path()).isEmpty)
    }

    @Test("trim, sequential: the middle of a line, and a range over a closed contour's start")
    func sequentialTrim() {
        #expect(points(line(0, 100).trimmed(start: 0.25, end: 0.75, offset: 0, mode: .sequential, closeEachSegment: false)) == ["M 25.0 0.0", "L 75.0 0.0"])
        // 36…44 of a 40-long square: the piece from 36 to its end, then 0…4 joined to it.
        #expect(points(square.trimmed(start: 0.9, end: 1.1, offset: 0, mode: .sequential, closeEachSegment: false))
            == ["M 0.0 4.0", "L 0.0 0.0", "L 4.0 0.0"])
        // The offset moves the range; start and end swap when reversed.
        #expect(points(line(0, 100).trimmed(start: 0.5, end: 0.25, offset: 0.25, mode: .sequential, closeEachSegment: false)) == ["M 50.0 0.0", "L 75.0 0.0"])
        // The whole closed contour stays closed; a trimmed fill closes every piece.
        #expect(points(square.trimmed(start: 0, end: 1, offset: 0, mode: .sequential, closeEachSegment: false)).last == "Z")
        #expect(points(line(0, 100).trimmed(start: 0, end: 0.5, offset: 0, mode: .sequential, closeEachSegment: true)) == ["M 0.0 0.0", "L 50.0 0.0", "Z"])
        #expect(line(0, 100).trimmed(start: 0.5, end: 0.5, offset: 0, mode: .sequential, closeEachSegment: false).commands.isEmpty)
    }

    @Test("trim, sequential over two contours, and synchronized per contour")
    func multiContourTrim() {
        var two = line(0, 10)
        two.append(contentsOf: line(0, 30, y: 5))
        // 40 in all: 0.5 is 20, which falls 10 into the second contour.
        #expect(points(two.trimmed(start: 0, end: 0.5, offset: 0, mode: .sequential, closeEachSegment: false))
            == ["M 0.0 0.0", "L 10.0 0.0", "M 0.0 5.0", "L 10.0 5.0"])
        #expect(points(two.trimmed(start: 0.5, end: 1, offset: 0, mode: .synchronized, closeEachSegment: false))
            == ["M 5.0 0.0", "L 10.0 0.0", "M 15.0 5.0", "L 30.0 5.0"])
    }

    @Test("a huge trim range on a damaged file stops instead of running on")
    func hugeTrimRangeStops() {
        let trimmed = line(0, 1).trimmed(start: 0, end: 1e7, offset: 0, mode: .sequential, closeEachSegment: false)
        #expect(trimmed.commands.count <= 2 * Path.maximumWraps)
    }

    @Test("dash: alternating dash and gap from the offset, fills keep nothing to dash")
    func dashes() {
        let dashed = line(0, 50).dashed(offset: DashLength(length: 0, isPercentage: false),
                                        dashes: [DashLength(length: 10, isPercentage: false)])
        #expect(points(dashed) == ["M 0.0 0.0", "L 10.0 0.0", "M 20.0 0.0", "L 30.0 0.0", "M 40.0 0.0", "L 50.0 0.0"])
        let percent = line(0, 100).dashed(offset: DashLength(length: 0.25, isPercentage: true),
                                          dashes: [DashLength(length: 0.5, isPercentage: true), DashLength(length: 0.5, isPercentage: true)])
        #expect(points(percent) == ["M 25.0 0.0", "L 75.0 0.0"])
        #expect(line(0, 100).dashed(offset: DashLength(length: 0, isPercentage: false), dashes: [DashLength(length: 0, isPercentage: false)]).commands.isEmpty)
    }

    @Test("reversing a path swaps each contour's move and close to its other end")
    func reversedPath() {
        #expect(points(square.reversed()) == ["M 0.0 10.0", "L 10.0 10.0", "L 10.0 0.0", "L 0.0 0.0", "Z"])
        #expect(square.controlPointBounds == (0, 0, 10, 10))
        #expect(Path().controlPointBounds == (0, 0, 0, 0))
    }

    @Test("polygons, stars and triangles: upstream's vertices, from the top, clockwise")
    func polygonGeometry() {
        let polygon = points(Path.polygon(points: 4, width: 100, height: 100))
        #expect(polygon.prefix(3) == ["M 0.0 -50.0", "L 50.0 0.0", "L 0.0 50.0"])
        let star = Path.star(points: 5, innerRadius: 0.5, width: 100, height: 100)
        #expect(points(star)[1] == "L 14.695 -20.225", "the first inner vertex is at −54°, radius 25")
        #expect(star.commands.count == 12, "ten vertices, the closing line and the close")
        #expect(points(Path.triangle(width: 100, height: 100)) == ["M 0.0 -50.0", "L 50.0 50.0", "L -50.0 50.0", "L 0.0 -50.0", "Z"])
        #expect(Path.polygon(points: 1, width: 100, height: 100).commands.isEmpty)
    }

    @Test("elastic ease and cubic value interpolation reach their ends")
    func interpolators() {
        let out = ElasticEase(easing: 1, amplitude: 1, period: 0.5)
        #expect(abs(out.transform(0)) < 1e-5)
        #expect(abs(out.transform(1) - 1) < 1e-3)
        let inOut = ElasticEase(easing: 2, amplitude: 0.5, period: 0.5)
        #expect(abs(inOut.transform(0)) < 1e-3 && abs(inOut.transform(1) - 1) < 1e-3)
        let value = AnimationEase.cubicValue(CubicEase(x1: 0.42, y1: -20, x2: 0.58, y2: 300))
        let start = value.transformValue(0, 100, 0), end = value.transformValue(0, 100, 1), middle = value.transformValue(0, 100, 0.5)
        #expect(abs(start) < 1e-4 && abs(end - 100) < 1e-4)
        #expect(abs(middle - 117.5) < 1e-3, "halfway the value curve is (0 + 3·(−20) + 3·300 + 100) / 8")
    }

    @Test("clip operations: drawables in a row share their clips, a lost clip ends everything opened after it")
    func clipDrawList() {
        // Drawables 1 and 2 share clip 10; 2 adds 11; 3 has only 11, so 11 and 10 end and 11 starts again.
        let list = ClipOperation.drawList(drawOrder: [1, 2, 3, 4], clipsByDrawable: [1: [10], 2: [10, 11], 3: [11]])
        #expect(list == [.start(10), .drawable(1), .start(11), .drawable(2), .end(11), .end(10), .start(11), .drawable(3), .end(11), .drawable(4)])
        #expect(ClipOperation.drawList(drawOrder: [1], clipsByDrawable: [1: [10, 11]]) == [.start(10), .start(11), .drawable(1), .end(11), .end(10)])
    }

    // MARK: Upstream files

    @Test("popsicle_loader.riv: two fills under the same four clips clip once, clips in file order (as rive-cpp)",
          .enabled(if: SharedMaterial.hasAssets, "../shared/rive-assets is absent; set RIVE_HARNESS_SHARED"))
    func sharedClips() throws {
        let (_, commands) = try firstFrame("parity__popsicle_loader.riv")
        let kinds = commands.map { command -> String in
            if case .clipPath = command { return "clip" }
            if case .drawPath(_, let paint) = command, case .stroke = paint.style { return "stroke" }
            return "fill"
        }
        // rive-cpp's frame 0: a fill, four clips, two fills, six clips, five (trimmed-away) strokes.
        #expect(kinds == ["fill"] + Array(repeating: "clip", count: 4) + ["fill", "fill"] + Array(repeating: "clip", count: 6)
            + Array(repeating: "stroke", count: 5))
    }

    private func firstFrame(_ name: String) throws -> (artboard: ReferenceArtboard, commands: [DrawCommand]) {
        let file = try ReferenceWorker().openFile(.data(try #require(SharedMaterial.assetIfPresent(name))))
        let artboard = try file.makeArtboard(nil)
        let machine = try artboard.makeStateMachine(nil, binding: .auto)
        _ = machine.advanceAndApply(by: 0)
        let recorder = DrawCommandRecorder()
        artboard.record(into: recorder)
        return (artboard, recorder.commands.filter {
            if case .drawPath = $0 { return true }
            if case .clipPath = $0 { return true }
            return false
        })
    }

    @Test("upstream files with trims, dashes, group effects, polygons, elastic keyframes and joysticks report none of them",
          .enabled(if: SharedMaterial.hasAssets, "../shared/rive-assets is absent; set RIVE_HARNESS_SHARED"))
    func upstreamContentIsPlayed() throws {
        let played: Set<String> = ["TrimPath", "DashPath", "Dash", "GroupEffect", "TargetEffect", "ScriptedPathEffect", "Feather",
                                   "Polygon", "Star", "Triangle", "ElasticInterpolator", "CubicValueInterpolator", "Joystick"]
        for name in ["trim_path.riv", "stacked_path_effects.riv", "group_effect.riv", "path_effect_with_feathers.riv",
                     "script_path_effects_test.riv", "test_elastic.riv", "ball_test.riv", "joystick_flag_test.riv"] {
            let (artboard, _) = try firstFrame(name)
            let reported = artboard.unsupportedContent.map { String($0.split(separator: " ").first ?? "") }
            #expect(Set(reported).isDisjoint(with: played), "\(name) reports \(reported)")
        }
    }

    @Test("path_effect_with_feathers.riv: scripted effects draw empty paths, inner feathers clip and fill their inner path (as rive-cpp)",
          .enabled(if: SharedMaterial.hasAssets, "../shared/rive-assets is absent; set RIVE_HARNESS_SHARED"))
    func feathersAndScriptedEffects() throws {
        let (_, commands) = try firstFrame("path_effect_with_feathers.riv")
        // rive-cpp's frame 0: background, empty fill, clip + inner fill, empty fill, clip + inner fill.
        let kinds = commands.map { command -> String in
            switch command {
            case .drawPath(let path, _): path.commands.isEmpty ? "fill-empty" : "fill"
            case .clipPath(let path): path.commands.isEmpty ? "clip-empty" : "clip"
            default: "other"
            }
        }
        #expect(kinds == ["fill", "fill-empty", "clip-empty", "fill", "fill-empty", "clip-empty", "fill"])
        // The last inner path is the 36 × 36 box (1.5 × strength 12 around the empty effect path).
        guard case .drawPath(let inner, _) = commands.last else { return }
        let box = inner.controlPointBounds
        #expect(box.maxX - box.minX == 36 && box.maxY - box.minY == 36)
    }

    @Test("n-slicing keeps even segments' lengths and stretches odd ones to the new size")
    func nSlicing() {
        // Axes at 25 and 75 of 100 (one in pixels, one normalized), stretched to 300: the
        // middle segment takes 300 − 50 = 250, five times its 50.
        let axes: [(offset: Float, normalized: Bool)] = [(0.75, true), (25, false)]
        let stops = NSlicedNode.pxStops(axes, size: 100)
        #expect(stops == [0, 25, 75, 100])
        #expect(NSlicedNode.uvStops(axes, size: 100) == [0, 0.25, 0.75, 1])
        let scale = NSlicedNode.analyze(NSlicedNode.uvStops(axes, size: 100), size: 100, scale: 3)
        #expect(scale.useScale && scale.scaleFactor == 5)
        #expect(NSlicedNode.map(10, stops: stops, scale: scale, size: 300) == 10, "the first segment is fixed")
        #expect(NSlicedNode.map(50, stops: stops, scale: scale, size: 300) == 150)
        #expect(NSlicedNode.map(90, stops: stops, scale: scale, size: 300) == 290, "the last segment is fixed")
        #expect(NSlicedNode.map(-5, stops: stops, scale: scale, size: 300) == -5, "before the stops: unchanged")
        #expect(NSlicedNode.map(110, stops: stops, scale: scale, size: 300) == 310, "past the stops: moves with the end")
        // Only fixed segments with length (a slice with no stretchable length): nothing stretches.
        let none = NSlicedNode.analyze([0, 1], size: 100, scale: 2)
        #expect(!none.useScale && NSlicedNode.map(40, stops: [0, 100], scale: none, size: 200) == 40)
    }
}
