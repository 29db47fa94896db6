/// A vector path: a list of drawing commands plus the fill rule used to fill or clip it.
///
/// Like Rive's `RenderPath`, the fill rule belongs to the path; strokes ignore it.
public struct Path: Hashable, Sendable {
    /// The drawing commands in order.
    public var commands: [PathCommand]
    /// The rule deciding the inside of the path when filling or clipping.
    public var fillRule: FillRule

    /// Creates a path from commands and a fill rule.
    public init(commands: [PathCommand] = [], fillRule: FillRule = .nonZero) {
        self.commands = commands
        self.fillRule = fillRule
    }

    /// Appends a command that starts a new contour.
    public mutating func move(to point: Point) {
        commands.append(.moveTo(point))
    }

    /// Appends a straight segment.
    public mutating func line(to point: Point) {
        commands.append(.lineTo(point))
    }

    /// Appends a cubic Bézier segment.
    public mutating func cubic(control1: Point, control2: Point, to point: Point) {
        commands.append(.cubicTo(control1: control1, control2: control2, to: point))
    }

    /// Appends a command that closes the current contour.
    public mutating func close() {
        commands.append(.close)
    }

    /// Appends every command of another path (its fill rule is not taken).
    public mutating func append(contentsOf other: Path) {
        commands.append(contentsOf: other.commands)
    }
}
