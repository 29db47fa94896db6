/// An artboard that also reports its size and its linear animations.
///
/// Optional: an adapter's artboards conform when the runtime can answer (the Apple legacy
/// runtime's `RiveArtboard.bounds()` and `animationNames()`, the C++ runtime's
/// `Artboard::width()`/`height()` and `animationCount()`/`animation(i)->name()`). Callers
/// test with `as? any ArtboardMetrics`; an artboard that does not conform has no answer,
/// which `rive-harness diff` prints as `unsupported`.
@MainActor
public protocol ArtboardMetrics: Artboard {
    /// The artboard's current size in artboard units (authored, or as data binds changed it).
    func getSize() async throws(ArtboardError) -> ArtboardSize
    /// The names of the artboard's linear animations, in file order.
    func getAnimationNames() async throws(ArtboardError) -> [String]
}

/// The width and height of an artboard in artboard units.
public struct ArtboardSize: Sendable, Hashable {
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}
