import Foundation
import RiveRendering

/// The parametric paths whose points upstream computes from their size (src/shapes/triangle.cpp,
/// polygon.cpp, star.cpp): each is a closed points path of straight corners in the
/// width × height box placed by its origin.
extension Path {
    /// A `Triangle`: top middle, bottom right, bottom left.
    static func triangle(width: Double, height: Double, originX: Double, originY: Double) -> Path {
        let ox = -originX * width, oy = -originY * height
        return .points([
            .straight(Point(x: ox + width / 2, y: oy), radius: 0),
            .straight(Point(x: ox + width, y: oy + height), radius: 0),
            .straight(Point(x: ox, y: oy + height), radius: 0),
        ], isClosed: true)
    }

    /// A `Polygon` of `points` corners on the box's inscribed ellipse, the first at the top,
    /// clockwise; or a `Star` when `innerRadius` is given, with an inner corner (at that
    /// fraction of the size) between every two outer ones. Every corner is rounded by `cornerRadius`.
    static func polygon(points: Int, width: Double, height: Double, originX: Double, originY: Double,
                        cornerRadius: Double, innerRadius: Double? = nil) -> Path {
        let count = innerRadius == nil ? points : points * 2
        guard count > 0 else { return Path() }
        let halfWidth = width / 2, halfHeight = height / 2
        let ox = -originX * width + halfWidth, oy = -originY * height + halfHeight
        let increment = 2 * Double.pi / Double(count)
        var angle = -Double.pi / 2
        var vertices: [PathVertex] = []
        for index in 0..<count {
            let scale = index % 2 == 1 ? innerRadius ?? 1 : 1
            vertices.append(.straight(Point(x: ox + cos(angle) * halfWidth * scale, y: oy + sin(angle) * halfHeight * scale), radius: cornerRadius))
            angle += increment
        }
        return .points(vertices, isClosed: true)
    }
}
