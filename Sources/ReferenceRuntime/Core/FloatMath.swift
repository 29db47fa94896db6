import RiveRendering

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Upstream's 32-bit matrix arithmetic (src/math/mat2d.cpp), operation for operation.
///
/// The draw digest rounds every number to 1e-3 and the differential dump to 1e-4, so a
/// value computed in `Double` lands on the other side of a rounding boundary from upstream's
/// `float` often enough to matter where transforms are deep or scaled (an inverse world
/// transform with a scale of 0.1 has translations in the thousands). These helpers keep each
/// component a `Float` result of the same operations in the same order as upstream, stored
/// in `Transform2D`'s `Double`s (every `Float` is exactly a `Double`).
extension Transform2D {
    /// `TransformComponent::updateTransform`: `Mat2D::fromRotation`, the translation set,
    /// then `scaleByValues`.
    static func float(x: Double, y: Double, rotation: Double, scaleX: Double, scaleY: Double) -> Transform2D {
        let radians = Float(rotation)
        let sine: Float = radians == 0 ? 0 : sin(radians)
        let cosine: Float = radians == 0 ? 1 : cos(radians)
        let sx = Float(scaleX), sy = Float(scaleY)
        return Transform2D(a: Double(cosine * sx), b: Double(sine * sx), c: Double(-sine * sy), d: Double(cosine * sy),
                           tx: Double(Float(x)), ty: Double(Float(y)))
    }

    /// `Mat2D::multiply(self, rhs)` in `Float`.
    func floatTimes(_ rhs: Transform2D) -> Transform2D {
        let a0 = Float(a), a1 = Float(b), a2 = Float(c), a3 = Float(d), a4 = Float(tx), a5 = Float(ty)
        let b0 = Float(rhs.a), b1 = Float(rhs.b), b2 = Float(rhs.c), b3 = Float(rhs.d), b4 = Float(rhs.tx), b5 = Float(rhs.ty)
        let m0 = a0 * b0 + a2 * b1
        let m1 = a1 * b0 + a3 * b1
        let m2 = a0 * b2 + a2 * b3
        let m3 = a1 * b2 + a3 * b3
        let m4 = a0 * b4 + a2 * b5 + a4
        let m5 = a1 * b4 + a3 * b5 + a5
        return Transform2D(a: Double(m0), b: Double(m1), c: Double(m2), d: Double(m3), tx: Double(m4), ty: Double(m5))
    }

    /// `Mat2D::invert` in `Float`: `nil` when the determinant is 0.
    func floatInverted() -> Transform2D? {
        guard Float(a) * Float(d) - Float(b) * Float(c) != 0 else { return nil }
        return floatInvertedOrIdentity()
    }

    /// `Mat2D::invertOrIdentity` in `Float`.
    func floatInvertedOrIdentity() -> Transform2D {
        let aa = Float(a), ab = Float(b), ac = Float(c), ad = Float(d), atx = Float(tx), aty = Float(ty)
        var determinant = aa * ad - ab * ac
        guard determinant != 0 else { return .identity }
        determinant = 1 / determinant
        return Transform2D(a: Double(ad * determinant), b: Double(-ab * determinant), c: Double(-ac * determinant), d: Double(aa * determinant),
                           tx: Double((ac * aty - ad * atx) * determinant), ty: Double((ab * atx - aa * aty) * determinant))
    }

    /// `Mat2D::mapPoints` for one point in `Float` (how paths are added through a matrix):
    /// a scale-and-translate matrix maps `a·x + tx`, any other `a·x + (c·y + tx)`.
    func floatMap(_ point: Point) -> Point {
        let x = Float(point.x), y = Float(point.y)
        let m0 = Float(a), m1 = Float(b), m2 = Float(c), m3 = Float(d), m4 = Float(tx), m5 = Float(ty)
        if m1 == 0, m2 == 0 {
            return Point(x: Double(m0 * x + m4), y: Double(m3 * y + m5))
        }
        return Point(x: Double(m0 * x + (m2 * y + m4)), y: Double(m3 * y + (m1 * x + m5)))
    }

    /// `Mat2D * Vec2D` (`Vec2D::transformMat2D`) in `Float`: `a·x + c·y + tx`.
    func floatApply(_ point: Point) -> Point {
        let x = Float(point.x), y = Float(point.y)
        return Point(x: Double(Float(a) * x + Float(c) * y + Float(tx)), y: Double(Float(b) * x + Float(d) * y + Float(ty)))
    }
}

extension PathCommand {
    /// The command with its points mapped through `Mat2D::mapPoints` in `Float`.
    func floatMapped(by transform: Transform2D) -> PathCommand {
        switch self {
        case .moveTo(let p): .moveTo(transform.floatMap(p))
        case .lineTo(let p): .lineTo(transform.floatMap(p))
        case .cubicTo(let c1, let c2, let p): .cubicTo(control1: transform.floatMap(c1), control2: transform.floatMap(c2), to: transform.floatMap(p))
        case .close: .close
        }
    }
}

/// Path vertices computed in `Float` as upstream computes them.
enum FloatVertices {
    /// A cubic vertex's in or out point: `position ± (cos r · distance, sin r · distance)`
    /// (src/shapes/cubic_*_vertex.cpp); `sign` is −1 for the subtracted in points of mirrored
    /// and asymmetric vertices.
    static func control(_ position: Point, rotation: Double, distance: Double, sign: Float) -> Point {
        let radians = Float(rotation), length = Float(distance)
        let dx = cos(radians) * length, dy = sin(radians) * length
        return Point(x: Double(Float(position.x) + sign * dx), y: Double(Float(position.y) + sign * dy))
    }

    /// `Ellipse::update`'s four cubic vertices, starting at the top.
    static func ellipse(width: Double, height: Double, originX: Double, originY: Double) -> [PathVertex] {
        let constant: Float = 0.552284749831
        let w = Float(width), h = Float(height)
        let rx = w / 2, ry = h / 2
        let ox = -Float(originX) * w + rx, oy = -Float(originY) * h + ry
        func point(_ x: Float, _ y: Float) -> Point { Point(x: Double(x), y: Double(y)) }
        return [
            .cubic(point(ox, oy - ry), in: point(ox - rx * constant, oy - ry), out: point(ox + rx * constant, oy - ry)),
            .cubic(point(ox + rx, oy), in: point(ox + rx, oy + constant * -ry), out: point(ox + rx, oy + constant * ry)),
            .cubic(point(ox, oy + ry), in: point(ox + rx * constant, oy + ry), out: point(ox - rx * constant, oy + ry)),
            .cubic(point(ox - rx, oy), in: point(ox - rx, oy + ry * constant), out: point(ox - rx, oy - ry * constant)),
        ]
    }

    /// `Rectangle::update`'s four corners (top left first), each with its corner radius.
    static func rectangle(width: Double, height: Double, originX: Double, originY: Double, radii: [Double]) -> [PathVertex] {
        let w = Float(width), h = Float(height)
        let ox = -Float(originX) * w, oy = -Float(originY) * h
        let corners = [(ox, oy), (ox + w, oy), (ox + w, oy + h), (ox, oy + h)]
        return zip(corners, radii).map { corner, radius in .straight(Point(x: Double(corner.0), y: Double(corner.1)), radius: radius) }
    }
}

/// Upstream's cubic ease solver in `Float` (src/animation/cubic_interpolator_solver.cpp): an
/// 11-sample spline table for the first guess, then four Newton steps when the slope is at
/// least 0.001, else up to ten bisection steps; the eased value is the curve's y at that t.
struct FloatCubicSolver {
    private static let tableSize = 11
    private static let sampleStep: Float = 1 / Float(tableSize - 1)
    private let x1: Float, x2: Float, y1: Float, y2: Float
    private let samples: [Float]

    init(x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = Float(x1)
        self.x2 = Float(x2)
        self.y1 = Float(y1)
        self.y2 = Float(y2)
        let (a1, a2) = (Float(x1), Float(x2))
        samples = (0..<Self.tableSize).map { Self.bezier(Float($0) * Self.sampleStep, a1, a2) }
    }

    /// x(t) given x1 and x2, or y(t) given y1 and y2 (`calcBezier`).
    private static func bezier(_ t: Float, _ a1: Float, _ a2: Float) -> Float {
        (((1 - 3 * a2 + 3 * a1) * t + (3 * a2 - 6 * a1)) * t + (3 * a1)) * t
    }

    /// dx/dt (`getSlope`).
    private static func slope(_ t: Float, _ a1: Float, _ a2: Float) -> Float {
        3 * (1 - 3 * a2 + 3 * a1) * t * t + 2 * (3 * a2 - 6 * a1) * t + (3 * a1)
    }

    /// The curve parameter whose x is `x` (`getT`).
    func parameter(_ x: Float) -> Float {
        var intervalStart: Float = 0
        var current = 1
        let last = Self.tableSize - 1
        while current != last && samples[current] <= x {
            intervalStart += Self.sampleStep
            current += 1
        }
        current -= 1
        let distance = (x - samples[current]) / (samples[current + 1] - samples[current])
        var guess = intervalStart + distance * Self.sampleStep
        let initialSlope = Self.slope(guess, x1, x2)
        if initialSlope >= 0.001 {
            for _ in 0..<4 {
                let currentSlope = Self.slope(guess, x1, x2)
                if currentSlope == 0 { return guess }
                let currentX = Self.bezier(guess, x1, x2) - x
                guess -= currentX / currentSlope
            }
            return guess
        } else if initialSlope == 0 {
            return guess
        }
        var upper = intervalStart + Self.sampleStep
        var currentX: Float, currentT: Float
        var iteration = 0
        repeat {
            currentT = intervalStart + (upper - intervalStart) / 2
            currentX = Self.bezier(currentT, x1, x2) - x
            if currentX > 0 { upper = currentT } else { intervalStart = currentT }
            iteration += 1
        } while abs(currentX) > 0.0000001 && iteration < 10
        return currentT
    }

    /// The eased value of `factor` (`CubicEaseInterpolator::transform`).
    func transform(_ factor: Float) -> Float {
        Self.bezier(parameter(factor), y1, y2)
    }
}
