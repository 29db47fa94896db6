import RiveRendering
import Testing
@testable import ReferenceRuntime

/// Upstream's 32-bit arithmetic (FloatMath.swift).
@Suite("Float arithmetic as upstream")
struct FloatMathTests {
    @Test("matrix products, inverses and point maps are Float results of upstream's operations")
    func matrices() {
        let a = Transform2D.float(x: 102.97107, y: 250.96954, rotation: 0.3, scaleX: 0.9, scaleY: 0.15)
        let b = Transform2D.float(x: -23.565226, y: -7.1536927, rotation: -1.2, scaleX: 1, scaleY: -1)
        let product = a.floatTimes(b)
        for value in [product.a, product.b, product.c, product.d, product.tx, product.ty] {
            #expect(Double(Float(value)) == value, "every component is a Float")
        }
        let exact = a * b
        #expect(abs(product.tx - exact.tx) < 1e-4 && abs(product.d - exact.d) < 1e-6)
        let inverse = product.floatInvertedOrIdentity()
        let back = inverse.floatMap(product.floatMap(Point(x: 10, y: -20)))
        #expect(abs(back.x - 10) < 1e-3 && abs(back.y + 20) < 1e-3)
        #expect(Transform2D(a: 0, b: 0, c: 0, d: 1, tx: 5, ty: 5).floatInvertedOrIdentity() == .identity, "a singular matrix inverts to the identity")
        // A scale-and-translate matrix maps a·x + tx; Float(0.1) · 3 + 0.2 in Float is not the Double result.
        let scale = Transform2D(a: Double(Float(0.1)), b: 0, c: 0, d: 1, tx: Double(Float(0.2)), ty: 0)
        #expect(scale.floatMap(Point(x: 3, y: 0)).x == Double(Float(0.1) * 3 + Float(0.2)))
    }

    @Test("the cubic ease solver follows upstream's: symmetric at one half, within 1e-5 of the exact curve elsewhere")
    func cubicSolver() {
        let ease = CubicEase(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
        #expect(abs(ease.transform(0.5) - 0.5) < 1e-6)
        for step in 1..<20 {
            let t = Double(step) / 20
            // The exact parameter by bisection in Double.
            var low = 0.0, high = 1.0
            for _ in 0..<80 {
                let s = (low + high) / 2
                let x = 3 * (1 - s) * (1 - s) * s * 0.42 + 3 * (1 - s) * s * s * 0.58 + s * s * s
                if x < t { low = s } else { high = s }
            }
            let s = (low + high) / 2
            let y = 3 * (1 - s) * s * s + s * s * s
            #expect(abs(ease.transform(t) - y) < 1e-5, "t = \(t)")
            #expect(Double(Float(ease.transform(t))) == ease.transform(t), "a Float result")
        }
    }
}
