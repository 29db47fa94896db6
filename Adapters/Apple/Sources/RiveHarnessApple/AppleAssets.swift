import RuntimeAPI

/// A decoded RiveRuntime `Image`, with the size read from the encoded bytes (RiveRuntime's
/// `Image` does not expose one).
@MainActor
final class AppleImage: Image {
    let rive: RRImage
    let width: Int
    let height: Int

    init(_ rive: RRImage, size: ImageSize) {
        self.rive = rive
        width = size.width
        height = size.height
    }
}

/// A decoded RiveRuntime `Font`.
@MainActor
final class AppleFont: Font {
    let rive: RRFont
    init(_ rive: RRFont) { self.rive = rive }
}

/// The pixel size in a PNG or JPEG header; 0 × 0 for other formats, which RiveRuntime may still decode.
struct ImageSize: Equatable {
    var width = 0
    var height = 0

    /// Reads the PNG IHDR chunk or the first JPEG start-of-frame segment.
    init(of bytes: [UInt8]) {
        func bigEndian(_ start: Int, _ count: Int) -> Int? {
            guard start >= 0, start + count <= bytes.count else { return nil }
            return bytes[start..<start + count].reduce(0) { $0 << 8 | Int($1) }
        }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), let width = bigEndian(16, 4), let height = bigEndian(20, 4) {
            self.width = width
            self.height = height
            return
        }
        guard bytes.starts(with: [0xFF, 0xD8]) else { return }
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            guard let length = bigEndian(offset + 2, 2), length >= 2 else { return }
            // SOF0…SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                if let height = bigEndian(offset + 5, 2), let width = bigEndian(offset + 7, 2) {
                    self.width = width
                    self.height = height
                }
                return
            }
            offset += 2 + length
        }
    }
}
