/// The shape of a stroke's open ends; raw values are Rive's `Stroke.cap` (`stroke_cap.hpp`).
public enum StrokeCap: UInt32, Hashable, Sendable, CaseIterable {
    /// The stroke stops flat at the end point.
    case butt = 0
    /// A half circle of the stroke's thickness caps the end.
    case round = 1
    /// A half square of the stroke's thickness extends past the end.
    case square = 2
}
