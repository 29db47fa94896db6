import Foundation
import RuntimeAPI

/// The wire form of a frame's pixels (docs/adapter-protocol.md §4.7): RGBA bytes, not
/// premultiplied, row by row; `RasterFrame` holds `0xAARRGGBB` values.
enum FramePixels {
    /// Swaps the red and blue bytes of a packed pixel: `0xAARRGGBB` to the little-endian
    /// word of the bytes R, G, B, A, and back (the swap is its own inverse).
    @inline(__always)
    private static func swapRedAndBlue(_ value: UInt32) -> UInt32 {
        (value & 0xFF00_FF00) | ((value >> 16) & 0xFF) | ((value & 0xFF) << 16)
    }

    /// The RGBA bytes of `0xAARRGGBB` pixels.
    static func bytes(of pixels: [UInt32]) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: pixels.count * 4) { buffer, count in
            pixels.withUnsafeBufferPointer { pixels in
                let words = UnsafeMutableRawPointer(buffer.baseAddress!)
                for index in 0..<pixels.count {
                    words.storeBytes(of: swapRedAndBlue(pixels[index]).littleEndian, toByteOffset: index &* 4, as: UInt32.self)
                }
            }
            count = pixels.count * 4
        }
    }

    /// The `0xAARRGGBB` pixels of RGBA bytes; `nil` unless there are exactly `count * 4` bytes.
    static func pixels(fromRGBA bytes: UnsafeRawBufferPointer, count: Int) -> [UInt32]? {
        guard bytes.count == count * 4 else { return nil }
        return [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
            for index in 0..<count {
                buffer[index] = swapRedAndBlue(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: index &* 4, as: UInt32.self)))
            }
            initialized = count
        }
    }

    /// Converts RGBA bytes read straight into a pixel buffer to `0xAARRGGBB`, in place.
    static func convertInPlace(_ pixels: inout [UInt32]) {
        pixels.withUnsafeMutableBufferPointer { pixels in
            for index in 0..<pixels.count { pixels[index] = swapRedAndBlue(UInt32(littleEndian: pixels[index])) }
        }
    }
}
