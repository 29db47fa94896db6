/// The drawing interface the reference runtime's scene draws through.
///
/// It follows Rive's `Renderer`: a state stack (`save`/`restore`) holding the current
/// transform and clip; `transform` concatenates onto the current transform (the new
/// transform applies first, in local space); `clipPath` intersects the clip with a path
/// filled by its fill rule; `drawPath` paints a path. Backends: `DrawCommandRecorder`
/// (a digest of the calls) and `CairoRasterizer` (pixels).
public protocol Renderer: AnyObject {
    /// Pushes the current transform and clip onto the state stack.
    func save()
    /// Pops the transform and clip pushed by the matching `save`.
    func restore()
    /// Concatenates a transform onto the current one: current = current · transform.
    func transform(_ transform: Transform2D)
    /// Paints a path with a paint under the current transform and clip.
    func drawPath(_ path: Path, paint: Paint)
    /// Intersects the current clip with a path (filled by its fill rule) under the current transform.
    func clipPath(_ path: Path)
}
