/// The shape of a stroke where two segments meet; raw values are Rive's `Stroke.join` (`stroke_join.hpp`).
public enum StrokeJoin: UInt32, Hashable, Sendable, CaseIterable {
    /// A sharp corner (falling back to a bevel past the miter limit).
    case miter = 0
    /// A circular corner.
    case round = 1
    /// A corner cut straight across.
    case bevel = 2
}
