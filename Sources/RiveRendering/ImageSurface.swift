import CCairo

/// An owned cairo ARGB32 image surface, with conversions to straight RGBA bytes and PNG.
///
/// Cairo's ARGB32 pixels are native-endian 32-bit words with premultiplied alpha; these
/// helpers convert to and from straight-alpha RGBA with the same rounding as cairo's own
/// PNG writer and reader.
final class ImageSurface {
    /// The `cairo_surface_t`.
    let pointer: OpaquePointer
    /// The width in pixels.
    let width: Int
    /// The height in pixels.
    let height: Int

    /// Creates a transparent ARGB32 surface.
    /// - Throws: `RenderingError.invalidSize` or `.cairo`.
    init(width: Int, height: Int) throws {
        guard (1...32767).contains(width), (1...32767).contains(height) else {
            throw RenderingError.invalidSize(width: width, height: height)
        }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        try Self.check(cairo_surface_status(surface), "create an image surface", destroying: surface)
        self.pointer = surface
        self.width = width
        self.height = height
    }

    /// Creates a surface holding straight-alpha RGBA bytes (premultiplying them).
    /// - Throws: `RenderingError.invalidSize`, `.pixelCountMismatch` or `.cairo`.
    convenience init(rgba: [UInt8], width: Int, height: Int) throws {
        try self.init(width: width, height: height)
        guard rgba.count == width * height * 4 else {
            throw RenderingError.pixelCountMismatch(expected: width * height * 4, actual: rgba.count)
        }
        cairo_surface_flush(pointer)
        let data = UnsafeMutableRawPointer(cairo_image_surface_get_data(pointer)!)
        let stride = Int(cairo_image_surface_get_stride(pointer))
        rgba.withUnsafeBufferPointer { source in
            for y in 0..<height {
                let row = data + y * stride
                for x in 0..<width {
                    let index = (y * width + x) * 4
                    let alpha = UInt32(source[index + 3])
                    let word = alpha << 24
                        | Self.premultiply(source[index], alpha) << 16
                        | Self.premultiply(source[index + 1], alpha) << 8
                        | Self.premultiply(source[index + 2], alpha)
                    row.storeBytes(of: word, toByteOffset: x * 4, as: UInt32.self)
                }
            }
        }
        cairo_surface_mark_dirty(pointer)
    }

    /// Decodes PNG bytes into an ARGB32 surface (whatever the PNG's color type).
    /// - Throws: `RenderingError.cairo` when the bytes are not a PNG cairo can read.
    convenience init(pngData: [UInt8]) throws {
        var source = PNGSource(bytes: pngData)
        let decoded = withUnsafeMutablePointer(to: &source) { sourcePointer in
            cairo_image_surface_create_from_png_stream({ closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
                return closure.assumingMemoryBound(to: PNGSource.self).pointee.read(into: data, count: Int(length))
                    ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
            }, sourcePointer)
        }!
        try Self.check(cairo_surface_status(decoded), "decode a PNG", destroying: decoded)
        defer { cairo_surface_destroy(decoded) }
        try self.init(
            width: Int(cairo_image_surface_get_width(decoded)), height: Int(cairo_image_surface_get_height(decoded)))
        let context = cairo_create(pointer)!
        defer { cairo_destroy(context) }
        cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(context, decoded, 0, 0)
        cairo_paint(context)
        try Self.check(cairo_status(context), "convert a decoded PNG")
        cairo_surface_flush(pointer)
    }

    deinit {
        cairo_surface_destroy(pointer)
    }

    /// The pixels as straight-alpha RGBA bytes, row by row from the top left.
    func straightRGBA() -> [UInt8] {
        cairo_surface_flush(pointer)
        let data = UnsafeRawPointer(cairo_image_surface_get_data(pointer)!)
        let stride = Int(cairo_image_surface_get_stride(pointer))
        let width = width
        let height = height
        return [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, initializedCount in
            var index = 0
            for y in 0..<height {
                let row = data + y * stride
                for x in 0..<width {
                    let word = row.load(fromByteOffset: x * 4, as: UInt32.self)
                    let alpha = word >> 24
                    buffer[index] = Self.unpremultiply(word >> 16, alpha)
                    buffer[index + 1] = Self.unpremultiply(word >> 8, alpha)
                    buffer[index + 2] = Self.unpremultiply(word, alpha)
                    buffer[index + 3] = UInt8(alpha)
                    index += 4
                }
            }
            initializedCount = index
        }
    }

    /// The surface encoded as PNG (cairo un-premultiplies; fully opaque images become RGB PNGs).
    /// - Throws: `RenderingError.cairo`.
    func pngData() throws -> [UInt8] {
        var bytes: [UInt8] = []
        let status = withUnsafeMutablePointer(to: &bytes) { sink in
            cairo_surface_write_to_png_stream(pointer, { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                closure.assumingMemoryBound(to: [UInt8].self).pointee
                    .append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, sink)
        }
        try Self.check(status, "encode a PNG")
        return bytes
    }

    /// Throws `RenderingError.cairo` for a failed status, destroying a surface first when given.
    static func check(_ status: cairo_status_t, _ operation: String, destroying surface: OpaquePointer? = nil) throws {
        guard status != CAIRO_STATUS_SUCCESS else { return }
        if let surface { cairo_surface_destroy(surface) }
        throw RenderingError.cairo(operation: operation, message: String(cString: cairo_status_to_string(status)))
    }

    /// A straight channel premultiplied by alpha, rounded as cairo does.
    private static func premultiply(_ channel: UInt8, _ alpha: UInt32) -> UInt32 {
        let product = UInt32(channel) * alpha + 0x80
        return (product + (product >> 8)) >> 8
    }

    /// A premultiplied channel (low 8 bits of `word`) divided by alpha, rounded as cairo's PNG writer does.
    private static func unpremultiply(_ word: UInt32, _ alpha: UInt32) -> UInt8 {
        let channel = word & 0xFF
        switch alpha {
        case 0: return 0
        case 255: return UInt8(channel)
        default: return UInt8(min(255, (channel * 255 + alpha / 2) / alpha))
        }
    }
}

/// The read position in PNG bytes handed to cairo's stream reader.
private struct PNGSource {
    let bytes: [UInt8]
    var offset = 0

    /// Copies the next `count` bytes into `destination`; false when fewer remain.
    mutating func read(into destination: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
        guard count <= bytes.count - offset else { return false }
        bytes.withUnsafeBufferPointer { source in
            destination.update(from: source.baseAddress! + offset, count: count)
        }
        offset += count
        return true
    }
}
