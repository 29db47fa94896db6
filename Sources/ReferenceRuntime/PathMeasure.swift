import Foundation
import RiveRendering

/// Positions and tangents along a path by length, computed as upstream's `PathMeasure` and
/// `ContourMeasureIter` (src/math/path_measure.cpp, src/math/contour_measure.cpp), in `Float`
/// like upstream, so a follow-path constraint lands where the real runtime puts it.
///
/// Each contour is cut into segments: a line is one segment (none when it has no length), a
/// cubic as many evenly spaced steps in t as Wang's formula asks for at a tolerance of 0.5
/// (at most 100; none for a cubic whose control points are evenly spaced on a line), and a
/// close adds the line back to the contour's start. A contour without length is skipped.
struct PathMeasure {
    /// One measured piece: the distance from the contour's start to its end, the index of its
    /// first point, its end t in 30-bit fixed point, and whether it is part of a cubic.
    private struct Segment {
        let distance: Float
        let pointIndex: Int
        let tValue: UInt32
        let isCubic: Bool

        /// The segment's end t (upstream `Segment::getT`).
        var t: Float { Float(tValue) * (1 / Float(PathMeasure.maxDot30)) }
    }

    private struct Contour {
        let segments: [Segment]
        let points: [SIMD2<Float>]
        let length: Float
    }

    private static let maxDot30: UInt32 = (1 << 30) - 1
    /// Upstream's `1 / max(kDefaultTolerance, 1/16)`: Wang's formula's precision.
    private static let precision: Float = 2
    private static let maxSegments: Float = 100

    private var contours: [Contour] = []
    /// The length of all contours.
    private(set) var length: Float = 0

    /// Measures a path given as commands (already in the space to measure in).
    init(_ commands: [PathCommand]) {
        var index = 0
        while index < commands.count {
            // Skip to the first line or curve, remembering the last move.
            var start = SIMD2<Float>(0, 0)
            while index < commands.count {
                if case .moveTo(let point) = commands[index] {
                    start = Self.float(point)
                } else if case .close = commands[index] {
                } else {
                    break
                }
                index += 1
            }
            guard index < commands.count else { break }
            var end = index
            while end < commands.count {
                if case .moveTo = commands[end] { break }
                end += 1
            }
            if let contour = Self.contour(commands[index..<end], start: start) {
                contours.append(contour)
                length += contour.length
            }
            index = end
        }
    }

    private static func float(_ point: Point) -> SIMD2<Float> { SIMD2(Float(point.x), Float(point.y)) }

    private static func distance(_ a: SIMD2<Float>, _ b: SIMD2<Float>) -> Float {
        let d = b - a
        return (d.x * d.x + d.y * d.y).squareRoot()
    }

    /// Upstream `ContourMeasureIter::tryNext` for one contour's verbs after its move.
    private static func contour(_ commands: ArraySlice<PathCommand>, start: SIMD2<Float>) -> Contour? {
        var points = [start]
        var segments: [Segment] = []
        var distance: Float = 0
        var last = start
        var closes = false
        for command in commands {
            switch command {
            case .moveTo:
                break
            case .lineTo(let point):
                let to = float(point)
                let pointIndex = points.count - 1
                points.append(to)
                let squared = (to.x - last.x) * (to.x - last.x) + (to.y - last.y) * (to.y - last.y)
                if squared > 0 {
                    distance += Self.distance(last, to)
                    segments.append(Segment(distance: distance, pointIndex: pointIndex, tValue: maxDot30, isCubic: false))
                }
                last = to
            case .cubicTo(let control1, let control2, let to):
                let cubic = [last, float(control1), float(control2), float(to)]
                let pointIndex = points.count - 1
                points += cubic.dropFirst()
                let count = UInt32(min(maxSegments, wangsCubic(cubic).rounded(.up).rounded(.up)))
                if count > 0 {
                    let dt = 1 / Float(count)
                    var t = dt
                    var previous = cubic[0]
                    for _ in 1..<count {
                        let next = evaluate(cubic, t)
                        distance += Self.distance(previous, next)
                        segments.append(Segment(distance: distance, pointIndex: pointIndex, tValue: UInt32(t * Float(1 << 30)), isCubic: true))
                        previous = next
                        t += dt
                    }
                    distance += Self.distance(previous, cubic[3])
                    segments.append(Segment(distance: distance, pointIndex: pointIndex, tValue: maxDot30, isCubic: true))
                }
                last = cubic[3]
            case .close:
                closes = true
            }
        }
        if closes, last != start {
            distance += Self.distance(last, start)
            segments.append(Segment(distance: distance, pointIndex: points.count - 1, tValue: maxDot30, isCubic: false))
            points.append(start)
        }
        guard distance > 0, points.count >= 2 else { return nil }
        return Contour(segments: segments, points: points, length: distance)
    }

    /// Wang's formula for a cubic at the measure's precision (upstream `wangs_formula::cubic`).
    private static func wangsCubic(_ p: [SIMD2<Float>]) -> Float {
        let v0 = -2 * p[1] + p[0] + p[2]
        let v1 = -2 * p[2] + p[1] + p[3]
        let lengthTerm: Float = (9 * 4 / 64) * precision * precision
        let pow4 = max(v0.x * v0.x + v0.y * v0.y, v1.x * v1.x + v1.y * v1.y) * lengthTerm
        return pow4.squareRoot().squareRoot()
    }

    /// A cubic's point at t (upstream `EvalCubic`).
    private static func evaluate(_ p: [SIMD2<Float>], _ t: Float) -> SIMD2<Float> {
        let a = p[3] + 3 * (p[1] - p[2]) - p[0]
        let b = 3 * (p[2] - (p[1] + p[1]) + p[0])
        let c = 3 * (p[1] - p[0])
        return ((a * t + b) * t + c) * t + p[0]
    }

    /// A cubic's point and unit tangent at t (upstream `eval_cubic`: at the ends the tangent
    /// is the difference to the nearest distinct control point, not normalized).
    private static func evaluateWithTangent(_ p: [SIMD2<Float>], _ t: Float) -> (SIMD2<Float>, SIMD2<Float>) {
        if t == 0 {
            return (p[0], (p[0] != p[1] ? p[1] : p[1] != p[2] ? p[2] : p[3]) - p[0])
        }
        if t == 1 {
            return (p[3], p[3] - (p[3] != p[2] ? p[2] : p[2] != p[1] ? p[1] : p[0]))
        }
        let a = p[3] + 3 * (p[1] - p[2]) - p[0]
        let b = 3 * (p[2] - (p[1] + p[1]) + p[0])
        let c = 3 * (p[1] - p[0])
        let position = ((a * t + b) * t + c) * t + p[0]
        return (position, normalized(((a * 3 * t + (b + b)) * t + c)))
    }

    private static func normalized(_ v: SIMD2<Float>) -> SIMD2<Float> {
        let squared = v.x * v.x + v.y * v.y
        return v * (squared > 0 ? 1 / squared.squareRoot() : 1)
    }

    /// The position and tangent at a fraction of the length (upstream `atPercentage`): the
    /// fraction wraps into 0…1, a whole non-zero fraction meaning the end. Past every
    /// contour, or with none, both are zero.
    func positionAndTangent(atFraction fraction: Float) -> (position: SIMD2<Float>, tangent: SIMD2<Float>) {
        var inRange = fmodf(fraction, 1)
        if inRange < 0 { inRange += 1 }
        if fraction != 0, inRange == 0 { inRange = 1 }
        var current = length * inRange
        for contour in contours {
            if current - contour.length <= 0 { return Self.positionAndTangent(contour, at: current) }
            current -= contour.length
        }
        return (.zero, .zero)
    }

    /// Upstream `ContourMeasure::getPosTan`.
    private static func positionAndTangent(_ contour: Contour, at requested: Float) -> (position: SIMD2<Float>, tangent: SIMD2<Float>) {
        let distance = min(max(requested, 0), contour.length)
        let segments = contour.segments
        // The first segment ending at or after the distance, past any of zero length.
        var index = segments.firstIndex { !($0.distance < distance) } ?? segments.count - 1
        while index < segments.count - 1, segments[index].distance == 0 { index += 1 }
        let segment = segments[index]
        let previousDistance: Float = index > 0 ? segments[index - 1].distance : 0
        let relative = (distance - previousDistance) / (segment.distance - previousDistance)
        if !segment.isCubic {
            let p0 = contour.points[segment.pointIndex], p1 = contour.points[segment.pointIndex + 1]
            return (p0 + (p1 - p0) * relative, normalized(p1 - p0))
        }
        var previousT: Float = 0
        if index > 0, segments[index - 1].pointIndex == segment.pointIndex { previousT = segments[index - 1].t }
        let t = previousT * (1 - relative) + segment.t * relative
        let points = Array(contour.points[segment.pointIndex...(segment.pointIndex + 3)])
        return evaluateWithTangent(points, t)
    }
}
