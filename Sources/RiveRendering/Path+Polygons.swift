import Foundation

extension Path {
    /// Builds a Rive `Polygon` in its path's local space (upstream `Polygon::buildPolygon`,
    /// src/shapes/polygon.cpp): `points` straight vertices on the ellipse inscribed in the
    /// box whose top-left is (−originX·width, −originY·height), the first at the top, going
    /// clockwise, each rounded by `cornerRadius`; closed.
    public static func polygon(
        points: Int, width: Double, height: Double, originX: Double = 0.5, originY: Double = 0.5,
        cornerRadius: Double = 0, fillRule: FillRule = .nonZero
    ) -> Path {
        radial(count: points, width: width, height: height, originX: originX, originY: originY, cornerRadius: cornerRadius,
               radiusFactor: { _ in 1 }, fillRule: fillRule)
    }

    /// Builds a Rive `Star` in its path's local space (upstream `Star::buildPolygon`,
    /// src/shapes/star.cpp): `2 × points` straight vertices alternating between the outer
    /// ellipse and the inner one scaled by `innerRadius`, the first outer one at the top; closed.
    public static func star(
        points: Int, innerRadius: Double, width: Double, height: Double, originX: Double = 0.5, originY: Double = 0.5,
        cornerRadius: Double = 0, fillRule: FillRule = .nonZero
    ) -> Path {
        radial(count: points * 2, width: width, height: height, originX: originX, originY: originY, cornerRadius: cornerRadius,
               radiusFactor: { $0 % 2 == 0 ? 1 : innerRadius }, fillRule: fillRule)
    }

    /// Builds a Rive `Triangle` in its path's local space (upstream `Triangle::update`,
    /// src/shapes/triangle.cpp): the top centre, the bottom right and the bottom left of the
    /// box whose top-left is (−originX·width, −originY·height); closed, not rounded.
    public static func triangle(
        width: Double, height: Double, originX: Double = 0.5, originY: Double = 0.5, fillRule: FillRule = .nonZero
    ) -> Path {
        let left = -originX * width
        let top = -originY * height
        return points([
            .straight(Point(x: left + width / 2, y: top), radius: 0),
            .straight(Point(x: left + width, y: top + height), radius: 0),
            .straight(Point(x: left, y: top + height), radius: 0),
        ], isClosed: true, fillRule: fillRule)
    }

    /// Vertices at equal angle steps from the top, at `radiusFactor(index)` times the half size.
    /// The angle accumulates in 32-bit floats from −π/2 as upstream's does.
    private static func radial(
        count: Int, width: Double, height: Double, originX: Double, originY: Double, cornerRadius: Double,
        radiusFactor: (Int) -> Double, fillRule: FillRule
    ) -> Path {
        let halfWidth = width / 2
        let halfHeight = height / 2
        let centerX = -originX * width + halfWidth
        let centerY = -originY * height + halfHeight
        let pi: Float = 3.14159265
        var angle: Float = -pi / 2
        let step: Float = 2 * pi / Float(count)
        var vertices: [PathVertex] = []
        vertices.reserveCapacity(max(0, count))
        for index in 0..<max(0, count) {
            let factor = radiusFactor(index)
            vertices.append(.straight(Point(x: centerX + Double(cosf(angle)) * halfWidth * factor,
                                            y: centerY + Double(sinf(angle)) * halfHeight * factor), radius: cornerRadius))
            angle += step
        }
        return points(vertices, isClosed: true, fillRule: fillRule)
    }
}
