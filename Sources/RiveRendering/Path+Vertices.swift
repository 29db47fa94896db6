#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Path {
    /// Builds the path Rive draws for a list of vertices (`Path::buildPath` upstream).
    ///
    /// - Fewer than two vertices give an empty path.
    /// - A rounded straight vertex becomes a line to the start of the rounding (a degenerate
    ///   cubic when the previous vertex is cubic), then a cubic whose control points sit
    ///   `renderRadius − idealDistance` from the corner along each edge. `renderRadius` is the
    ///   radius clamped to half of each neighbouring edge; the neighbours are the previous
    ///   vertex's out point and the next vertex's in point for cubic neighbours.
    /// - As upstream, rounding looks at the wrapped-around neighbour even for the first and
    ///   last vertex of an open path.
    /// - A closed path ends with a segment back to the start (a cubic when either end is
    ///   cubic, else a line) and a close.
    public static func points(_ vertices: [PathVertex], isClosed: Bool, fillRule: FillRule = .nonZero) -> Path {
        var path = Path(fillRule: fillRule)
        let count = vertices.count
        guard count >= 2 else { return path }
        path.commands.reserveCapacity(count * 2 + 2)

        var out: Point
        var previousIsCubic: Bool
        let start: Point
        let startIn: Point
        let startIsCubic: Bool

        switch vertices[0] {
        case .cubic(let position, let inPoint, let outPoint):
            startIsCubic = true
            previousIsCubic = true
            startIn = inPoint
            start = position
            out = outPoint
            path.move(to: position)
        case .straight(let position, let radius):
            startIsCubic = false
            previousIsCubic = false
            if radius > 0 {
                let corner = RoundedCorner(
                    position: position, previous: vertices[count - 1], next: vertices[1], radius: radius)
                start = corner.start
                startIn = corner.start
                path.move(to: corner.start)
                path.cubic(control1: corner.control1, control2: corner.control2, to: corner.end)
                out = corner.end
            } else {
                start = position
                startIn = position
                out = position
                path.move(to: position)
            }
        }

        for index in 1..<count {
            switch vertices[index] {
            case .cubic(let position, let inPoint, let outPoint):
                path.cubic(control1: out, control2: inPoint, to: position)
                previousIsCubic = true
                out = outPoint
            case .straight(let position, let radius):
                if radius > 0 {
                    let corner = RoundedCorner(
                        position: position, previous: vertices[index - 1],
                        next: vertices[(index + 1) % count], radius: radius)
                    if previousIsCubic {
                        path.cubic(control1: out, control2: corner.start, to: corner.start)
                    } else {
                        path.line(to: corner.start)
                    }
                    path.cubic(control1: corner.control1, control2: corner.control2, to: corner.end)
                    out = corner.end
                } else if previousIsCubic {
                    path.cubic(control1: out, control2: position, to: position)
                    out = position
                } else {
                    path.line(to: position)
                    out = position
                }
                previousIsCubic = false
            }
        }

        if isClosed {
            if previousIsCubic || startIsCubic {
                path.cubic(control1: out, control2: startIn, to: start)
            } else {
                path.line(to: start)
            }
            path.close()
        }
        return path
    }
}

/// The geometry of one rounded straight vertex: where the rounding starts and ends, and its controls.
private struct RoundedCorner {
    /// Where the rounding leaves the edge from the previous vertex.
    let start: Point
    /// The first control point of the rounding cubic.
    let control1: Point
    /// The second control point of the rounding cubic.
    let control2: Point
    /// Where the rounding joins the edge to the next vertex.
    let end: Point

    init(position: Point, previous: PathVertex, next: PathVertex, radius: Double) {
        let previousPoint: Point
        switch previous {
        case .cubic(_, _, let outPoint): previousPoint = outPoint
        case .straight(let point, _): previousPoint = point
        }
        let nextPoint: Point
        switch next {
        case .cubic(_, let inPoint, _): nextPoint = inPoint
        case .straight(let point, _): nextPoint = point
        }
        let (toPrevious, toPreviousLength) = Self.normalized(previousPoint - position)
        let (toNext, toNextLength) = Self.normalized(nextPoint - position)
        let renderRadius = min(toPreviousLength / 2, min(toNextLength / 2, radius))
        let idealDistance = Self.idealControlPointDistance(toPrevious: toPrevious, toNext: toNext, radius: renderRadius)
        start = position + toPrevious * renderRadius
        control1 = position + toPrevious * (renderRadius - idealDistance)
        control2 = position + toNext * (renderRadius - idealDistance)
        end = position + toNext * renderRadius
    }

    /// The unit vector along `vector` and its original length (a zero vector stays zero).
    private static func normalized(_ vector: Point) -> (Point, Double) {
        let length = vector.length
        guard length > 0 else { return (vector, 0) }
        return (vector * (1 / length), length)
    }

    /// Rive's "natural rounding" control distance for a corner between two unit edge directions.
    ///
    /// With θ the angle between the edges: min(radius, 4/3 · tan(θ/4) · radius · k), where
    /// k = 1 + cos θ when θ < π/2 and 2 − sin θ otherwise (so a right angle gives
    /// radius · 0.5523, the circle constant).
    private static func idealControlPointDistance(toPrevious: Point, toNext: Point, radius: Double) -> Double {
        let cross = toPrevious.x * toNext.y - toPrevious.y * toNext.x
        let dot = toPrevious.x * toNext.x + toPrevious.y * toNext.y
        let angle = abs(atan2(cross, dot))
        let shape = angle < Double.pi / 2 ? 1 + cos(angle) : 2 - sin(angle)
        return min(radius, 4.0 / 3.0 * tan(angle / 4) * radius * shape)
    }
}
