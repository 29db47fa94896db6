/// What went wrong while rasterizing or reading and writing PNG images.
public enum RenderingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A raster size that is not positive or is too large for cairo (at most 32767 per side).
    case invalidSize(width: Int, height: Int)
    /// Pixel data whose byte count does not match width × height × 4.
    case pixelCountMismatch(expected: Int, actual: Int)
    /// Cairo reported an error; the text is cairo's own status message.
    case cairo(operation: String, message: String)
    /// A file could not be read or written; the text is the system's error message.
    case file(path: String, message: String)

    /// A sentence saying what happened and what to do.
    public var description: String {
        switch self {
        case .invalidSize(let width, let height):
            "invalid raster size \(width)x\(height): each side must be 1…32767 pixels"
        case .pixelCountMismatch(let expected, let actual):
            "RGBA data has \(actual) bytes but width × height × 4 is \(expected)"
        case .cairo(let operation, let message):
            "cairo failed to \(operation): \(message)"
        case .file(let path, let message):
            "\(path): \(message)"
        }
    }
}
