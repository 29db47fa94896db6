import RiveRendering

/// Hit-testing a point against a path, for listeners.
///
/// Upstream tests a shape against a small square of `hitRadius` (2) around the pointer. Here
/// the path is flattened (cubics into 16 segments each) in world space, and the point hits
/// when the non-zero winding rule puts it inside, or when it lies within `radius` of an edge.
enum PathHitTest {
    /// Whether `point` hits `path` drawn under `transform`.
    static func hits(_ point: Point, path: Path, transform: Transform2D, radius: Double = 2) -> Bool {
        var winding = 0
        var near = false
        for contour in contours(of: path, transform: transform) where contour.count > 1 {
            for index in contour.indices {
                let a = contour[index], b = contour[(index + 1) % contour.count]
                if distance(point, a, b) <= radius { near = true }
                if a.y <= point.y {
                    if b.y > point.y, cross(a, b, point) > 0 { winding += 1 }
                } else if b.y <= point.y, cross(a, b, point) < 0 {
                    winding -= 1
                }
            }
        }
        return winding != 0 || near
    }

    private static func cross(_ a: Point, _ b: Point, _ p: Point) -> Double {
        (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
    }

    private static func distance(_ p: Point, _ a: Point, _ b: Point) -> Double {
        let d = b - a
        let lengthSquared = d.x * d.x + d.y * d.y
        let t = lengthSquared > 0 ? max(0, min(1, ((p.x - a.x) * d.x + (p.y - a.y) * d.y) / lengthSquared)) : 0
        return (p - (a + d * t)).length
    }

    /// The path's contours as closed polygons in world space.
    private static func contours(of path: Path, transform: Transform2D) -> [[Point]] {
        var contours: [[Point]] = []
        var current: [Point] = []
        var pen = Point(x: 0, y: 0)
        for command in path.commands {
            switch command {
            case .moveTo(let p):
                if !current.isEmpty { contours.append(current) }
                pen = p
                current = [transform.apply(p)]
            case .lineTo(let p):
                pen = p
                current.append(transform.apply(p))
            case .cubicTo(let c1, let c2, let p):
                for step in 1...16 {
                    let t = Double(step) / 16, u = 1 - t
                    let w0: Double = u * u * u, w1: Double = 3 * u * u * t, w2: Double = 3 * u * t * t, w3: Double = t * t * t
                    let x: Double = w0 * pen.x + w1 * c1.x + w2 * c2.x + w3 * p.x
                    let y: Double = w0 * pen.y + w1 * c1.y + w2 * c2.y + w3 * p.y
                    current.append(transform.apply(Point(x: x, y: y)))
                }
                pen = p
            case .close:
                if !current.isEmpty { contours.append(current) }
                current = []
            }
        }
        if !current.isEmpty { contours.append(current) }
        return contours
    }
}
