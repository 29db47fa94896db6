/// How a paint composites onto what is already drawn; raw values are Rive's (`blend_mode.hpp`).
public enum BlendMode: UInt32, Hashable, Sendable, CaseIterable {
    /// Source over destination, the default.
    case srcOver = 3
    /// Screen.
    case screen = 14
    /// Overlay.
    case overlay = 15
    /// Darken.
    case darken = 16
    /// Lighten.
    case lighten = 17
    /// Color dodge.
    case colorDodge = 18
    /// Color burn.
    case colorBurn = 19
    /// Hard light.
    case hardLight = 20
    /// Soft light.
    case softLight = 21
    /// Difference.
    case difference = 22
    /// Exclusion.
    case exclusion = 23
    /// Multiply.
    case multiply = 24
    /// Hue (non-separable).
    case hue = 25
    /// Saturation (non-separable).
    case saturation = 26
    /// Color (non-separable).
    case color = 27
    /// Luminosity (non-separable).
    case luminosity = 28
}
