/// How a path is painted: filled or stroked, with a color or gradient and a blend mode.
///
/// Colors are ARGB `UInt32` with straight (not premultiplied) alpha, as Rive stores them
/// (`0xFFFF0000` is opaque red). Opacity inherited from the scene is the caller's job: fold
/// it into the color's (or the stops') alpha, as Rive's `ShapePaintMutator` does.
public struct Paint: Hashable, Sendable {
    /// Whether the paint fills the path or strokes its outline.
    public var style: PaintStyle
    /// Where the paint's colors come from.
    public var shader: Shader
    /// How the paint composites onto what is already drawn.
    public var blendMode: BlendMode

    /// Creates a paint from its style, shader and blend mode.
    public init(style: PaintStyle, shader: Shader, blendMode: BlendMode = .srcOver) {
        self.style = style
        self.shader = shader
        self.blendMode = blendMode
    }

    /// A solid fill in an ARGB color.
    public static func fill(_ color: UInt32, blendMode: BlendMode = .srcOver) -> Paint {
        Paint(style: .fill, shader: .solid(color), blendMode: blendMode)
    }

    /// A solid stroke in an ARGB color; the defaults are Rive's `Stroke` defaults.
    public static func stroke(
        _ color: UInt32, thickness: Double = 1, cap: StrokeCap = .butt, join: StrokeJoin = .miter,
        blendMode: BlendMode = .srcOver
    ) -> Paint {
        Paint(style: .stroke(StrokeStyle(thickness: thickness, cap: cap, join: join)), shader: .solid(color), blendMode: blendMode)
    }
}

/// Whether a paint fills a path or strokes it.
public enum PaintStyle: Hashable, Sendable {
    /// Fills the inside of the path, as decided by the path's fill rule.
    case fill
    /// Strokes the path's outline.
    case stroke(StrokeStyle)
}

/// The geometry of a stroke: thickness, end caps and corner joins.
///
/// The thickness is in the user space current when the path is drawn, so it scales with
/// the transform (Rive's `transformAffectsStroke` = true; for false, draw the path in world
/// space under an identity transform). Miter joins use a miter limit of 4.
public struct StrokeStyle: Hashable, Sendable {
    /// The stroke width in user-space units.
    public var thickness: Double
    /// The shape of open ends.
    public var cap: StrokeCap
    /// The shape of corners.
    public var join: StrokeJoin

    /// Creates a stroke style.
    public init(thickness: Double, cap: StrokeCap = .butt, join: StrokeJoin = .miter) {
        self.thickness = thickness
        self.cap = cap
        self.join = join
    }
}

/// The source of a paint's colors: one solid color or a gradient.
public enum Shader: Hashable, Sendable {
    /// One ARGB color everywhere.
    case solid(UInt32)
    /// A linear gradient from `start` (offset 0) to `end` (offset 1), padded beyond both ends.
    case linearGradient(start: Point, end: Point, stops: [GradientStop])
    /// A radial gradient centred at `center`, reaching offset 1 at `radius`, padded beyond it.
    ///
    /// Rive's `RadialGradient` uses its start point as the centre and the distance from
    /// start to end as the radius.
    case radialGradient(center: Point, radius: Double, stops: [GradientStop])
}

/// One color stop of a gradient.
public struct GradientStop: Hashable, Sendable {
    /// The ARGB color at this stop.
    public var color: UInt32
    /// Where the stop sits along the gradient, 0…1.
    public var position: Double

    /// Creates a gradient stop.
    public init(color: UInt32, position: Double) {
        self.color = color
        self.position = position
    }
}
