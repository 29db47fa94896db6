/// How the inside of a path is decided when filling or clipping; raw values are Rive's `Fill.fillRule`.
public enum FillRule: UInt32, Hashable, Sendable, CaseIterable {
    /// A point is inside when the contours wind around it a non-zero number of times.
    case nonZero = 0
    /// A point is inside when a ray from it crosses the contours an odd number of times.
    case evenOdd = 1
    /// Rive's clockwise rule (only clockwise winding fills).
    ///
    /// Cairo has no such rule, so `CairoRasterizer` fills it as `nonZero`; the recorder keeps
    /// it as `clockwise` in the digest. The two agree for paths whose contours all wind
    /// clockwise, which is what the editor produces.
    case clockwise = 2
}
