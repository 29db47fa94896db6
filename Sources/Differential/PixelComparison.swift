import RiveRendering
import RuntimeAPI

/// How alike two rasterized frames are (the `pixels` section of `diff`, docs/rive-renderer.md,
/// "The pixel oracle").
///
/// Both frames are premultiplied first (so the colour of a transparent pixel does not count).
/// A pixel **matches** when each of its four premultiplied channels (red, green, blue, alpha,
/// 0…255) differs by at most `tolerance` between the frames; the **similarity** is the share
/// of the frame's pixels that match, from 0 to 1 (1: every pixel within the tolerance). Two
/// frames of different sizes have similarity 0.
public struct PixelComparison: Sendable, Hashable {
    /// The frames' width in pixels (side A's when the sizes differ).
    public var width: Int
    /// The frames' height in pixels (side A's when the sizes differ).
    public var height: Int
    /// How many pixels have a channel beyond the tolerance (every pixel when the sizes differ).
    public var differingPixels: Int
    /// The largest premultiplied channel difference seen, 0…255 (255 when the sizes differ).
    public var largestDifference: Int
    /// Whether the frames have the same size.
    public var sameSize: Bool

    /// The share of pixels within the tolerance, 0…1.
    public var similarity: Double {
        let total = width * height
        guard sameSize, total > 0 else { return 0 }
        return Double(total - differingPixels) / Double(total)
    }

    /// Compares two frames pixel by pixel.
    /// - Parameter tolerance: the largest premultiplied channel difference a matching pixel may have, 0…255.
    public init(_ a: RasterFrame, _ b: RasterFrame, tolerance: Int) {
        width = a.width
        height = a.height
        guard a.width == b.width, a.height == b.height, a.pixels.count == b.pixels.count else {
            sameSize = false
            differingPixels = a.width * a.height
            largestDifference = 255
            return
        }
        sameSize = true
        var differing = 0
        var largest = 0
        for index in a.pixels.indices {
            let difference = Self.channelDifference(a.pixels[index], b.pixels[index])
            largest = max(largest, difference)
            if difference > tolerance { differing += 1 }
        }
        differingPixels = differing
        largestDifference = largest
    }

    /// The largest difference of the premultiplied channels of two straight `0xAARRGGBB` pixels.
    static func channelDifference(_ a: UInt32, _ b: UInt32) -> Int {
        let left = premultiplied(a), right = premultiplied(b)
        return max(abs(left.r - right.r), abs(left.g - right.g), abs(left.b - right.b), abs(left.a - right.a))
    }

    /// A straight `0xAARRGGBB` pixel's channels premultiplied by its alpha (rounded), 0…255 each.
    static func premultiplied(_ pixel: UInt32) -> (r: Int, g: Int, b: Int, a: Int) {
        let alpha = Int(pixel >> 24)
        func scaled(_ shift: UInt32) -> Int { (Int((pixel >> shift) & 0xFF) * alpha + 127) / 255 }
        return (scaled(16), scaled(8), scaled(0), alpha)
    }

    /// The difference image of two frames of the same size: side A, side B and the difference
    /// map side by side, each on a white background. In the map a matching pixel is side A in
    /// pale grey and a pixel beyond the tolerance is red, the stronger the larger its difference.
    /// - Returns: nil when the sizes differ or are empty.
    public static func differenceImage(_ a: RasterFrame, _ b: RasterFrame, tolerance: Int) -> RasterImage? {
        guard a.width == b.width, a.height == b.height, a.width > 0, a.height > 0,
              a.pixels.count == a.width * a.height, b.pixels.count == a.pixels.count else { return nil }
        let width = a.width, height = a.height
        var rgba = [UInt8](repeating: 255, count: width * 3 * height * 4)
        func put(_ x: Int, _ y: Int, _ r: Int, _ g: Int, _ b: Int) {
            let index = (y * width * 3 + x) * 4
            rgba[index] = UInt8(r)
            rgba[index + 1] = UInt8(g)
            rgba[index + 2] = UInt8(b)
        }
        /// A premultiplied pixel over white.
        func overWhite(_ pixel: UInt32) -> (Int, Int, Int) {
            let p = premultiplied(pixel)
            return (p.r + 255 - p.a, p.g + 255 - p.a, p.b + 255 - p.a)
        }
        for y in 0..<height {
            for x in 0..<width {
                let left = a.pixels[y * width + x], right = b.pixels[y * width + x]
                let (ar, ag, ab) = overWhite(left), (br, bg, bb) = overWhite(right)
                put(x, y, ar, ag, ab)
                put(width + x, y, br, bg, bb)
                let difference = channelDifference(left, right)
                if difference > tolerance {
                    let strength = 96 + difference * 159 / 255
                    put(2 * width + x, y, 255, 255 - strength, 255 - strength)
                } else {
                    let grey = 215 + (ar + ag + ab) / 3 * 40 / 255
                    put(2 * width + x, y, grey, grey, grey)
                }
            }
        }
        // The size is positive and the byte count matches, so this cannot fail.
        return try? RasterImage(width: width * 3, height: height, rgba: rgba)
    }
}
