/// How content bounds are scaled into a frame; cases and order follow Rive's `Fit` (`layout.hpp`).
public enum Fit: Hashable, Sendable, CaseIterable {
    /// Stretches each axis to fill the frame (aspect ratio not kept).
    case fill
    /// Scales uniformly so the whole content fits inside the frame.
    case contain
    /// Scales uniformly so the content covers the whole frame.
    case cover
    /// Scales uniformly so the content's width matches the frame's.
    case fitWidth
    /// Scales uniformly so the content's height matches the frame's.
    case fitHeight
    /// Keeps the content's size.
    case none
    /// Like `contain`, but never scales up.
    case scaleDown
}
