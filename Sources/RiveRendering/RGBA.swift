/// One pixel's color with straight (not premultiplied) alpha, 8 bits per channel.
public struct RGBA: Hashable, Sendable, CustomStringConvertible {
    /// Red, 0…255.
    public var r: UInt8
    /// Green, 0…255.
    public var g: UInt8
    /// Blue, 0…255.
    public var b: UInt8
    /// Alpha (opacity), 0…255.
    public var a: UInt8

    /// Creates a color from its four channels.
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// Creates a color from a Rive ARGB value such as `0xFFFF0000`.
    public init(argb: UInt32) {
        self.init(r: UInt8(truncatingIfNeeded: argb >> 16), g: UInt8(truncatingIfNeeded: argb >> 8),
                  b: UInt8(truncatingIfNeeded: argb), a: UInt8(truncatingIfNeeded: argb >> 24))
    }

    /// Fully transparent black.
    public static let transparent = RGBA(r: 0, g: 0, b: 0, a: 0)

    /// Whether every channel is within `tolerance` of the other color's.
    public func isClose(to other: RGBA, tolerance: UInt8) -> Bool {
        func near(_ lhs: UInt8, _ rhs: UInt8) -> Bool {
            (lhs > rhs ? lhs - rhs : rhs - lhs) <= tolerance
        }
        return near(r, other.r) && near(g, other.g) && near(b, other.b) && near(a, other.a)
    }

    /// The color as `rgba(r, g, b, a)`.
    public var description: String { "rgba(\(r), \(g), \(b), \(a))" }
}
