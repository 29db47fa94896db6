import Testing
import RiveRendering

/// 4/3 · tan(π/8): Rive's natural-rounding control distance per unit radius at a right angle.
private let rightAngleHandle = 4.0 / 3.0 * 0.41421356237309503

@Suite("Path builders reproduce Rive's geometry")
struct PathBuilderTests {
    @Test("a rectangle is a closed path around the origin point, closing with a line back to the start")
    func sharpRectangle() {
        let centred = Path.rectangle(width: 100, height: 50)
        #expect(centred.commands == [
            .moveTo(pt(-50, -25)), .lineTo(pt(50, -25)), .lineTo(pt(50, 25)), .lineTo(pt(-50, 25)),
            .lineTo(pt(-50, -25)), .close,
        ])
        let topLeftOrigin = Path.rectangle(width: 100, height: 50, originX: 0, originY: 0)
        #expect(topLeftOrigin.commands.first == .moveTo(pt(0, 0)))
        #expect(topLeftOrigin.commands[2] == .lineTo(pt(100, 50)))
        let bottomRightOrigin = Path.rectangle(width: 100, height: 50, originX: 1, originY: 1)
        #expect(bottomRightOrigin.commands.first == .moveTo(pt(-100, -50)))
    }

    @Test("an artboard's bounds are four corners around its origin, closed without a line back to the start")
    func artboardBounds() {
        let path = Path.artboardBounds(width: 100, height: 50, originX: 0.5, originY: 0, fillRule: .clockwise)
        #expect(path.commands == [.moveTo(pt(-50, 0)), .lineTo(pt(50, 0)), .lineTo(pt(50, 50)), .lineTo(pt(-50, 50)), .close])
        #expect(path.fillRule == .clockwise)
    }

    @Test("linked corner radii round every corner with right-angle natural rounding")
    func linkedRoundedRectangle() {
        let path = Path.rectangle(width: 100, height: 100, originX: 0, originY: 0, cornerRadiusTL: 10, cornerRadiusTR: 99)
        let inset = 10 - 10 * rightAngleHandle // 4.4772: where the controls sit from the corner
        #expect(abs(rightAngleHandle - Path.circleConstant) < 1e-6)
        let expected: [PathCommand] = [
            .moveTo(pt(0, 10)),
            .cubicTo(control1: pt(0, inset), control2: pt(inset, 0), to: pt(10, 0)),
            .lineTo(pt(90, 0)),
            .cubicTo(control1: pt(100 - inset, 0), control2: pt(100, inset), to: pt(100, 10)),
            .lineTo(pt(100, 90)),
            .cubicTo(control1: pt(100, 100 - inset), control2: pt(100 - inset, 100), to: pt(90, 100)),
            .lineTo(pt(10, 100)),
            .cubicTo(control1: pt(inset, 100), control2: pt(0, 100 - inset), to: pt(0, 90)),
            .lineTo(pt(0, 10)),
            .close,
        ]
        #expect(isClose(path.commands, expected), "\(path.commands)")
    }

    @Test("unlinked corner radii round only their own corner")
    func unlinkedCornerRadius() {
        let path = Path.rectangle(
            width: 100, height: 100, originX: 0, originY: 0,
            cornerRadiusTL: 0, cornerRadiusTR: 20, linkCornerRadius: false)
        let inset = 20 - 20 * rightAngleHandle
        let expected: [PathCommand] = [
            .moveTo(pt(0, 0)),
            .lineTo(pt(80, 0)),
            .cubicTo(control1: pt(100 - inset, 0), control2: pt(100, inset), to: pt(100, 20)),
            .lineTo(pt(100, 100)),
            .lineTo(pt(0, 100)),
            .lineTo(pt(0, 0)),
            .close,
        ]
        #expect(isClose(path.commands, expected), "\(path.commands)")
    }

    @Test("each unlinked radius rounds its own corner: TL, TR, BR, BL")
    func cornerAssignment() {
        let path = Path.rectangle(
            width: 100, height: 100, originX: 0, originY: 0,
            cornerRadiusTL: 1, cornerRadiusTR: 2, cornerRadiusBR: 3, cornerRadiusBL: 4, linkCornerRadius: false)
        let segmentEnds: [Point] = path.commands.compactMap {
            switch $0 {
            case .moveTo(let to), .lineTo(let to), .cubicTo(_, _, let to): to
            case .close: nil
            }
        }
        #expect(segmentEnds == [
            pt(0, 1), pt(1, 0), pt(98, 0), pt(100, 2), pt(100, 97), pt(97, 100), pt(4, 100), pt(0, 96), pt(0, 1),
        ], "\(segmentEnds)")
    }

    @Test("a corner radius is clamped to half of each neighbouring edge")
    func clampedRadius() {
        let path = Path.rectangle(width: 20, height: 20, originX: 0, originY: 0, cornerRadiusTL: 50)
        #expect(isClose([path.commands[0], path.commands[1]], [
            .moveTo(pt(0, 10)),
            .cubicTo(control1: pt(0, 10 - 10 * rightAngleHandle), control2: pt(10 - 10 * rightAngleHandle, 0), to: pt(10, 0)),
        ]))
    }

    @Test("an acute corner uses 4/3·tan(θ/4)·r·(1 + cos θ)")
    func acuteCorner() {
        // An equilateral triangle: 60° at every corner, so the handle is 2·tan(15°) = 0.535898 per unit radius.
        let height = 5 * 3.0.squareRoot()
        let path = Path.points([.straight(pt(0, 0), radius: 1), .straight(pt(10, 0)), .straight(pt(5, height))], isClosed: true)
        let handle = 2 * 0.2679491924311227
        let toPrevious = pt(0.5, height / 10)
        #expect(isClose(Array(path.commands.prefix(2)), [
            .moveTo(toPrevious),
            .cubicTo(control1: toPrevious * (1 - handle), control2: pt(1 - handle, 0), to: pt(1, 0)),
        ]), "\(path.commands)")
        #expect(isClose(Array(path.commands.dropFirst(2)), [
            .lineTo(pt(10, 0)), .lineTo(pt(5, height)), .lineTo(toPrevious), .close,
        ]), "\(path.commands)")
    }

    @Test("an ellipse is four cubics with the circle constant, starting at the top")
    func ellipse() {
        let path = Path.ellipse(width: 100, height: 50)
        let hx = 50 * 0.552284749831
        let hy = 25 * 0.552284749831
        let expected: [PathCommand] = [
            .moveTo(pt(0, -25)),
            .cubicTo(control1: pt(hx, -25), control2: pt(50, -hy), to: pt(50, 0)),
            .cubicTo(control1: pt(50, hy), control2: pt(hx, 25), to: pt(0, 25)),
            .cubicTo(control1: pt(-hx, 25), control2: pt(-50, hy), to: pt(-50, 0)),
            .cubicTo(control1: pt(-50, -hy), control2: pt(-hx, -25), to: pt(0, -25)),
            .close,
        ]
        #expect(isClose(path.commands, expected), "\(path.commands)")
        let topLeftOrigin = Path.ellipse(width: 100, height: 50, originX: 0, originY: 0)
        #expect(topLeftOrigin.commands.first == .moveTo(pt(50, 0)))
    }

    @Test("cubic vertex kinds compute their control points as upstream")
    func cubicVertexKinds() {
        let position = pt(10, 10)
        #expect(PathVertex.mirrored(position, rotation: 0, distance: 5) == .cubic(position, in: pt(5, 10), out: pt(15, 10)))
        guard case .cubic(_, let mirroredIn, let mirroredOut) = PathVertex.mirrored(position, rotation: .pi / 2, distance: 5) else {
            Issue.record("mirrored vertex is not cubic")
            return
        }
        #expect(isClose(mirroredIn, pt(10, 5)) && isClose(mirroredOut, pt(10, 15)))
        #expect(PathVertex.asymmetric(position, rotation: 0, inDistance: 3, outDistance: 7) == .cubic(position, in: pt(7, 10), out: pt(17, 10)))
        // Detached: the in point is position + (cos, sin)·distance (added, unlike the other kinds).
        guard case .cubic(_, let detachedIn, let detachedOut) =
            PathVertex.detached(position, inRotation: .pi, inDistance: 4, outRotation: .pi / 2, outDistance: 6) else {
            Issue.record("detached vertex is not cubic")
            return
        }
        #expect(isClose(detachedIn, pt(6, 10)) && isClose(detachedOut, pt(10, 16)))
    }

    @Test("open and closed point paths join straight and cubic vertices as buildPath does")
    func pointPaths() {
        let open = Path.points([.straight(pt(0, 0)), .straight(pt(10, 0)), .straight(pt(10, 10))], isClosed: false)
        #expect(open.commands == [.moveTo(pt(0, 0)), .lineTo(pt(10, 0)), .lineTo(pt(10, 10))])

        let cubicThenStraight = Path.points([.mirrored(pt(0, 0), rotation: 0, distance: 5), .straight(pt(20, 0))], isClosed: false)
        #expect(cubicThenStraight.commands == [.moveTo(pt(0, 0)), .cubicTo(control1: pt(5, 0), control2: pt(20, 0), to: pt(20, 0))])

        let closedFromCubic = Path.points(
            [.cubic(pt(0, 0), in: pt(-5, 0), out: pt(5, 0)), .straight(pt(20, 0)), .straight(pt(20, 20))], isClosed: true)
        #expect(closedFromCubic.commands == [
            .moveTo(pt(0, 0)),
            .cubicTo(control1: pt(5, 0), control2: pt(20, 0), to: pt(20, 0)),
            .lineTo(pt(20, 20)),
            .cubicTo(control1: pt(20, 20), control2: pt(-5, 0), to: pt(0, 0)),
            .close,
        ])

        #expect(Path.points([.straight(pt(1, 1))], isClosed: true).commands.isEmpty)
    }

    @Test("a rounded vertex after a cubic measures from the cubic's out point")
    func roundedAfterCubic() {
        let path = Path.points(
            [.cubic(pt(0, 0), in: pt(0, 0), out: pt(10, 0)), .straight(pt(20, 0), radius: 8), .straight(pt(20, 20))],
            isClosed: false)
        // The edge to the previous vertex is 10 long (to its out point), so the radius clamps to 5.
        let inset = 5 - 5 * rightAngleHandle
        let expected: [PathCommand] = [
            .moveTo(pt(0, 0)),
            .cubicTo(control1: pt(10, 0), control2: pt(15, 0), to: pt(15, 0)),
            .cubicTo(control1: pt(20 - inset, 0), control2: pt(20, inset), to: pt(20, 5)),
            .lineTo(pt(20, 20)),
        ]
        #expect(isClose(path.commands, expected), "\(path.commands)")
    }
}
