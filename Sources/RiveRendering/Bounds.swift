/// An axis-aligned rectangle given by its edges (Rive's `AABB`).
public struct Bounds: Hashable, Sendable {
    /// The left edge.
    public var minX: Double
    /// The top edge.
    public var minY: Double
    /// The right edge.
    public var maxX: Double
    /// The bottom edge.
    public var maxY: Double

    /// Creates bounds from their four edges.
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// Creates bounds from an origin and a size.
    public init(x: Double = 0, y: Double = 0, width: Double, height: Double) {
        self.init(minX: x, minY: y, maxX: x + width, maxY: y + height)
    }

    /// The horizontal extent.
    public var width: Double { maxX - minX }
    /// The vertical extent.
    public var height: Double { maxY - minY }
}
