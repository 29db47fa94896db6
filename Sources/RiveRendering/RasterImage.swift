/// A rendered image: straight-alpha RGBA bytes, row by row from the top-left pixel.
public struct RasterImage: Hashable, Sendable {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// Four bytes per pixel (red, green, blue, alpha; alpha not premultiplied), `width × height × 4` in all.
    public let rgba: [UInt8]

    /// Creates an image from straight-alpha RGBA bytes.
    /// - Throws: `RenderingError.invalidSize` for a non-positive size, `.pixelCountMismatch`
    ///   when `rgba` is not `width × height × 4` bytes.
    public init(width: Int, height: Int, rgba: [UInt8]) throws {
        guard width > 0, height > 0 else { throw RenderingError.invalidSize(width: width, height: height) }
        guard rgba.count == width * height * 4 else {
            throw RenderingError.pixelCountMismatch(expected: width * height * 4, actual: rgba.count)
        }
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// Creates an image from a surface's pixels (already checked for size).
    init(surface: ImageSurface) {
        width = surface.width
        height = surface.height
        rgba = surface.straightRGBA()
    }

    /// The color of the pixel at column `x`, row `y` (both from 0 at the top left).
    ///
    /// - Precondition: `x` and `y` are inside the image.
    public func pixel(x: Int, y: Int) -> RGBA {
        precondition((0..<width).contains(x) && (0..<height).contains(y), "pixel (\(x), \(y)) is outside \(width)x\(height)")
        let index = (y * width + x) * 4
        return RGBA(r: rgba[index], g: rgba[index + 1], b: rgba[index + 2], a: rgba[index + 3])
    }

    /// The pixels as packed straight-alpha `0xAARRGGBB` words, row by row (the form of `RuntimeAPI.RasterFrame`).
    public var argbPixels: [UInt32] {
        rgba.withUnsafeBufferPointer { bytes in
            (0..<width * height).map { pixel in
                let index = pixel * 4
                return UInt32(bytes[index + 3]) << 24 | UInt32(bytes[index]) << 16
                    | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            }
        }
    }
}
