/// One drawing command of a `Path`, in the path's user space.
public enum PathCommand: Hashable, Sendable {
    /// Starts a new contour at a point.
    case moveTo(Point)
    /// Draws a straight segment to a point.
    case lineTo(Point)
    /// Draws a cubic Bézier segment through two control points to an end point.
    case cubicTo(control1: Point, control2: Point, to: Point)
    /// Closes the current contour back to its start.
    case close
}
