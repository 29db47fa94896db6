/// Where content sits in a frame after fitting: x and y in −1…1, (0, 0) being centred (Rive's `Alignment`).
public struct Alignment: Hashable, Sendable {
    /// −1 aligns the left edges, 0 the centres, 1 the right edges.
    public var x: Double
    /// −1 aligns the top edges, 0 the centres, 1 the bottom edges.
    public var y: Double

    /// Creates an alignment from its two factors.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// Top left (−1, −1).
    public static let topLeft = Alignment(x: -1, y: -1)
    /// Top centre (0, −1).
    public static let topCenter = Alignment(x: 0, y: -1)
    /// Top right (1, −1).
    public static let topRight = Alignment(x: 1, y: -1)
    /// Centre left (−1, 0).
    public static let centerLeft = Alignment(x: -1, y: 0)
    /// Centre (0, 0), the default.
    public static let center = Alignment(x: 0, y: 0)
    /// Centre right (1, 0).
    public static let centerRight = Alignment(x: 1, y: 0)
    /// Bottom left (−1, 1).
    public static let bottomLeft = Alignment(x: -1, y: 1)
    /// Bottom centre (0, 1).
    public static let bottomCenter = Alignment(x: 0, y: 1)
    /// Bottom right (1, 1).
    public static let bottomRight = Alignment(x: 1, y: 1)
}
