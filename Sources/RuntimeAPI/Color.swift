/// An ARGB color with 8-bit channels, as the Rive runtimes exchange it.
///
/// The packed form is `0xAARRGGBB`, the layout `.riv` files and the runtime APIs use.
public struct Color: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The alpha channel; 255 is opaque.
    public var alpha: UInt8
    /// The red channel.
    public var red: UInt8
    /// The green channel.
    public var green: UInt8
    /// The blue channel.
    public var blue: UInt8

    /// Creates a color from a packed `0xAARRGGBB` value.
    public init(_ argb: UInt32) {
        alpha = UInt8(truncatingIfNeeded: argb >> 24)
        red = UInt8(truncatingIfNeeded: argb >> 16)
        green = UInt8(truncatingIfNeeded: argb >> 8)
        blue = UInt8(truncatingIfNeeded: argb)
    }

    /// Creates a color from its channels; opaque unless `alpha` says otherwise.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.alpha = alpha
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The packed `0xAARRGGBB` value.
    public var argbValue: UInt32 {
        UInt32(alpha) << 24 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
    }

    /// `#AARRGGBB` in upper-case hex.
    public var description: String {
        let hex = String(argbValue, radix: 16, uppercase: true)
        return "#" + String(repeating: "0", count: 8 - hex.count) + hex
    }
}
