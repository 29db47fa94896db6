/// One call made on a `Renderer`, as the `DrawCommandRecorder` keeps it.
public enum DrawCommand: Hashable, Sendable {
    /// A `save()` call.
    case save
    /// A `restore()` call.
    case restore
    /// A `transform(_:)` call with its transform.
    case transform(Transform2D)
    /// A `drawPath(_:paint:)` call with its path and paint.
    case drawPath(Path, Paint)
    /// A `clipPath(_:)` call with its path.
    case clipPath(Path)
}
