import RiveRendering

extension Path {
    /// A `Triangle` parametric path (upstream src/shapes/triangle.cpp): three straight corners
    /// (top middle, bottom right, bottom left) of the width × height box placed by its origin,
    /// closed.
    static func triangle(width: Double, height: Double, originX: Double, originY: Double) -> Path {
        let ox = -originX * width, oy = -originY * height
        return .points([
            .straight(Point(x: ox + width / 2, y: oy), radius: 0),
            .straight(Point(x: ox + width, y: oy + height), radius: 0),
            .straight(Point(x: ox, y: oy + height), radius: 0),
        ], isClosed: true)
    }
}
