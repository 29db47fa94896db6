extension Path {
    /// Rive's circle constant for approximating a quarter circle with one cubic (`circle_constant.hpp`).
    public static let circleConstant = 0.552284749831

    /// Builds a Rive `Rectangle` in its path's local space.
    ///
    /// The top-left corner sits at (−originX·width, −originY·height) (`rectangle.cpp`); the
    /// origin defaults to the centre (0.5, 0.5) as in the format. The four corners are
    /// straight vertices TL, TR, BR, BL of a closed points path, rounded by their radii; with
    /// `linkCornerRadius` (the format's default) every corner uses `cornerRadiusTL`.
    public static func rectangle(
        width: Double, height: Double, originX: Double = 0.5, originY: Double = 0.5,
        cornerRadiusTL: Double = 0, cornerRadiusTR: Double = 0,
        cornerRadiusBR: Double = 0, cornerRadiusBL: Double = 0,
        linkCornerRadius: Bool = true, fillRule: FillRule = .nonZero
    ) -> Path {
        let left = -originX * width
        let top = -originY * height
        let vertices: [PathVertex] = [
            .straight(Point(x: left, y: top), radius: cornerRadiusTL),
            .straight(Point(x: left + width, y: top), radius: linkCornerRadius ? cornerRadiusTL : cornerRadiusTR),
            .straight(Point(x: left + width, y: top + height), radius: linkCornerRadius ? cornerRadiusTL : cornerRadiusBR),
            .straight(Point(x: left, y: top + height), radius: linkCornerRadius ? cornerRadiusTL : cornerRadiusBL),
        ]
        return points(vertices, isClosed: true, fillRule: fillRule)
    }

    /// Builds an artboard's bounds path: the box whose top-left is (−originX·width,
    /// −originY·height) as four corners closed without a segment back to the first, the
    /// shape of upstream's artboard render paths (unlike `rectangle`, which closes its
    /// vertex path with that segment, as upstream's `Rectangle` does).
    public static func artboardBounds(
        width: Double, height: Double, originX: Double, originY: Double, fillRule: FillRule = .nonZero
    ) -> Path {
        let left = -originX * width
        let top = -originY * height
        var path = Path(fillRule: fillRule)
        path.move(to: Point(x: left, y: top))
        path.line(to: Point(x: left + width, y: top))
        path.line(to: Point(x: left + width, y: top + height))
        path.line(to: Point(x: left, y: top + height))
        path.close()
        return path
    }

    /// Builds a Rive `Ellipse` in its path's local space.
    ///
    /// Four cubic vertices at the top, right, bottom and left of the box whose top-left is
    /// (−originX·width, −originY·height), with control points `circleConstant` × radius
    /// along the tangent (`ellipse.cpp`), closed.
    public static func ellipse(
        width: Double, height: Double, originX: Double = 0.5, originY: Double = 0.5, fillRule: FillRule = .nonZero
    ) -> Path {
        let radiusX = width / 2
        let radiusY = height / 2
        let centerX = -originX * width + radiusX
        let centerY = -originY * height + radiusY
        let handleX = radiusX * circleConstant
        let handleY = radiusY * circleConstant
        let vertices: [PathVertex] = [
            .cubic(
                Point(x: centerX, y: centerY - radiusY),
                in: Point(x: centerX - handleX, y: centerY - radiusY),
                out: Point(x: centerX + handleX, y: centerY - radiusY)),
            .cubic(
                Point(x: centerX + radiusX, y: centerY),
                in: Point(x: centerX + radiusX, y: centerY - handleY),
                out: Point(x: centerX + radiusX, y: centerY + handleY)),
            .cubic(
                Point(x: centerX, y: centerY + radiusY),
                in: Point(x: centerX + handleX, y: centerY + radiusY),
                out: Point(x: centerX - handleX, y: centerY + radiusY)),
            .cubic(
                Point(x: centerX - radiusX, y: centerY),
                in: Point(x: centerX - radiusX, y: centerY + handleY),
                out: Point(x: centerX - radiusX, y: centerY - handleY)),
        ]
        return points(vertices, isClosed: true, fillRule: fillRule)
    }
}
