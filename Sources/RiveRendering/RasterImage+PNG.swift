extension RasterImage {
    /// Decodes a PNG (any color type cairo reads) into straight-alpha RGBA.
    /// - Throws: `RenderingError.cairo` when the bytes are not a readable PNG.
    public init(pngData: [UInt8]) throws {
        self.init(surface: try ImageSurface(pngData: pngData))
    }

    /// Reads and decodes a PNG file.
    /// - Throws: `RenderingError.file` when the file cannot be read, `.cairo` when it is not a readable PNG.
    public init(contentsOfPNGFile path: String) throws {
        try self.init(pngData: FileIO.contents(ofFile: path))
    }

    /// The image encoded as PNG by cairo.
    ///
    /// The pixels are premultiplied on the way into cairo and un-premultiplied by its PNG
    /// writer, so channels of pixels with partial alpha can move by a little (exact for
    /// alpha 0 and 255).
    /// - Throws: `RenderingError.cairo`.
    public func pngData() throws -> [UInt8] {
        try ImageSurface(rgba: rgba, width: width, height: height).pngData()
    }

    /// Writes the image as a PNG file atomically (a temporary file renamed into place).
    /// - Throws: `RenderingError.cairo` or `.file`.
    public func writePNG(toFile path: String) throws {
        try FileIO.writeAtomically(pngData(), to: path)
    }
}
