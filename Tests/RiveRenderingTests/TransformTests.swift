import Testing
import RiveRendering

@Suite("Transform2D")
struct TransformTests {
    @Test("a node's local transform is translate · rotate · scale, as Rive composes it")
    func nodeLocalTransform() {
        let local = Transform2D(x: 10, y: 20, rotation: .pi / 2, scaleX: 2, scaleY: 3)
        // (1, 0) scales to (2, 0), rotates a quarter turn to (0, 2), moves to (10, 22).
        #expect(isClose(local.apply(pt(1, 0)), pt(10, 22)))
        // (0, 1) scales to (0, 3), rotates to (−3, 0), moves to (7, 20).
        #expect(isClose(local.apply(pt(0, 1)), pt(7, 20)))
        let composed = Transform2D.translation(x: 10, y: 20) * Transform2D.rotation(.pi / 2) * Transform2D.scale(x: 2, y: 3)
        #expect(isClose(local, composed))
    }

    @Test("lhs * rhs applies rhs first")
    func multiplicationOrder() {
        let translateThenScale = Transform2D.scale(x: 2, y: 2) * Transform2D.translation(x: 5, y: 0)
        #expect(translateThenScale.apply(pt(1, 1)) == pt(12, 2))
        let scaleThenTranslate = Transform2D.translation(x: 5, y: 0) * Transform2D.scale(x: 2, y: 2)
        #expect(scaleThenTranslate.apply(pt(1, 1)) == pt(7, 2))
    }

    @Test("the inverse undoes the transform; singular transforms have none")
    func inverse() throws {
        let transform = Transform2D(x: -3, y: 8, rotation: 0.7, scaleX: 1.5, scaleY: -0.25)
        let inverse = try #require(transform.inverted())
        #expect(isClose(transform * inverse, .identity))
        #expect(isClose(inverse.apply(transform.apply(pt(4, -9))), pt(4, -9), tolerance: 1e-9))
        #expect(Transform2D.scale(x: 0, y: 1).inverted() == nil)
        #expect(Transform2D(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0).inverted() == nil)
    }

    @Test("fit and alignment follow Rive's computeAlignment", arguments: [
        // (fit, alignment, expected transform) for a 100×100 artboard into a 200×100 frame.
        (Fit.contain, Alignment.center, Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 50, ty: 0)),
        (Fit.contain, Alignment.topLeft, Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)),
        (Fit.contain, Alignment.bottomRight, Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 100, ty: 0)),
        (Fit.cover, Alignment.center, Transform2D(a: 2, b: 0, c: 0, d: 2, tx: 0, ty: -50)),
        (Fit.cover, Alignment.topCenter, Transform2D(a: 2, b: 0, c: 0, d: 2, tx: 0, ty: 0)),
        (Fit.fill, Alignment.center, Transform2D(a: 2, b: 0, c: 0, d: 1, tx: 0, ty: 0)),
        (Fit.fitWidth, Alignment.center, Transform2D(a: 2, b: 0, c: 0, d: 2, tx: 0, ty: -50)),
        (Fit.fitHeight, Alignment.centerRight, Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 100, ty: 0)),
        (Fit.none, Alignment.center, Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 50, ty: 0)),
        (Fit.scaleDown, Alignment.center, Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 50, ty: 0)),
    ])
    func fitting(fit: Fit, alignment: Alignment, expected: Transform2D) {
        let actual = Transform2D.fitting(Bounds(width: 100, height: 100), into: Bounds(width: 200, height: 100), fit: fit, alignment: alignment)
        #expect(isClose(actual, expected), "\(actual)")
    }

    @Test("scaleDown shrinks large content and never enlarges small content")
    func scaleDown() {
        let frame = Bounds(width: 200, height: 100)
        let large = Transform2D.fitting(Bounds(width: 400, height: 400), into: frame, fit: .scaleDown, alignment: .center)
        #expect(isClose(large, Transform2D(a: 0.25, b: 0, c: 0, d: 0.25, tx: 50, ty: 0)))
        let small = Transform2D.fitting(Bounds(width: 10, height: 10), into: frame, fit: .scaleDown, alignment: .center)
        #expect(isClose(small, Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 95, ty: 45)))
    }

    @Test("content bounds with an offset origin map their own corner to the frame")
    func offsetContent() {
        let content = Bounds(minX: -50, minY: -50, maxX: 50, maxY: 50)
        let transform = Transform2D.fitting(content, into: Bounds(width: 200, height: 200), fit: .contain, alignment: .center)
        #expect(isClose(transform.apply(pt(-50, -50)), pt(0, 0)))
        #expect(isClose(transform.apply(pt(50, 50)), pt(200, 200)))
    }

    @Test("empty content keeps a finite transform")
    func emptyContent() {
        let transform = Transform2D.fitting(Bounds(width: 0, height: 0), into: Bounds(width: 10, height: 10), fit: .contain, alignment: .center)
        #expect(transform.inverted() != nil)
    }
}
