import Foundation

extension ContourMeasure {
    /// The point at a distance along the contour and the direction there (upstream
    /// `ContourMeasure::getPosTan`): the distance is clamped to the contour; on a line the
    /// direction is the line's unit vector; on a cubic the point and unit derivative at the
    /// interpolated parameter, except at the cubic's very ends, where upstream takes the
    /// (unnormalized) difference to the nearest distinct control point.
    public func positionAndTangent(atDistance requested: Float) -> (position: SIMD2<Float>, tangent: SIMD2<Float>) {
        let distance = min(max(requested, 0), length)
        // The first segment ending at or after the distance, past any of zero length.
        var index = segments.firstIndex { !($0.distance < distance) } ?? segments.count - 1
        while index < segments.count - 1, segments[index].distance == 0 { index += 1 }
        let segment = segments[index]
        let previousDistance: Float = index > 0 ? segments[index - 1].distance : 0
        let relative = (distance - previousDistance) / (segment.distance - previousDistance)
        if !segment.isCubic {
            let p0 = points[segment.pointIndex], p1 = points[segment.pointIndex + 1]
            return (p0 + (p1 - p0) * relative, Self.normalized(p1 - p0))
        }
        var previousT: Float = 0
        if index > 0, segments[index - 1].pointIndex == segment.pointIndex { previousT = segments[index - 1].t }
        let t = previousT * (1 - relative) + segment.t * relative
        let p = Array(points[segment.pointIndex...(segment.pointIndex + 3)])
        if t == 0 { return (p[0], (p[0] != p[1] ? p[1] : p[1] != p[2] ? p[2] : p[3]) - p[0]) }
        if t == 1 { return (p[3], p[3] - (p[3] != p[2] ? p[2] : p[2] != p[1] ? p[1] : p[0])) }
        let a = p[3] + 3 * (p[1] - p[2]) - p[0]
        let b = 3 * (p[2] - (p[1] + p[1]) + p[0])
        let c = 3 * (p[1] - p[0])
        return (((a * t + b) * t + c) * t + p[0], Self.normalized((a * 3 * t + (b + b)) * t + c))
    }

    /// Upstream's `Vec2D::normalized`: a zero vector stays zero.
    private static func normalized(_ v: SIMD2<Float>) -> SIMD2<Float> {
        let squared = v.x * v.x + v.y * v.y
        return v * (squared > 0 ? 1 / squared.squareRoot() : 1)
    }
}

extension PathLengthMeasure {
    /// The position and tangent at a fraction of the whole length (upstream
    /// `PathMeasure::atPercentage`): the fraction wraps into 0…1, a whole non-zero fraction
    /// meaning the end. Past every contour, or with none, both are zero.
    public func positionAndTangent(atFraction fraction: Float) -> (position: SIMD2<Float>, tangent: SIMD2<Float>) {
        var inRange = fmodf(fraction, 1)
        if inRange < 0 { inRange += 1 }
        if fraction != 0, inRange == 0 { inRange = 1 }
        var current = length * inRange
        for contour in contours {
            if current - contour.length <= 0 { return contour.positionAndTangent(atDistance: current) }
            current -= contour.length
        }
        return (.zero, .zero)
    }
}
