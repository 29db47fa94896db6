import RuntimeAPI

/// What a differential dump plays and prints.
public struct DumpOptions: Sendable, Hashable {
    /// The play's last frame: frame 0 advances by 0, frames 1…`frames` by 1/60 s each.
    public var frames: Int
    /// The frames whose draw commands and pixels are dumped, ascending, each in 0…`frames`.
    public var drawFrames: [Int]
    /// The sections to dump, in dump order.
    public var sections: [DumpSection]
    /// The `pixels` section's tolerance: the largest premultiplied channel difference, 0…255,
    /// of a pixel that matches (`PixelComparison`).
    public var pixelTolerance: Int = 16
    /// The `pixels` section is equal when every compared frame's similarity is at least this, 0…1.
    public var minimumSimilarity: Double = 0.99
    /// The size of the play's view in pixels (draw commands are in artboard space; this only
    /// tells the runtime how big its drawable is).
    public var viewSize: Int
    /// What both sides can do: what only one side declares is dumped as not comparable on
    /// both (artboard metrics, globals, a view's frames and draws), so the two dumps stay
    /// line for line comparable and a missing feature is not reported as a difference.
    public var comparable: RuntimeCapabilities = RuntimeCapabilities(rawValue: .max)
    /// How deep nested view-model properties are followed, counting the instance as depth 0.
    public static let maximumNestingDepth = 6
    /// How many items of a list are dumped; the size line always shows the whole count.
    public static let maximumListItems = 32
    /// The time step of frames after the first.
    public static let frameSeconds = 1.0 / 60.0

    /// Creates options: 120 frames, draws at 0, 1, 60 and 120, every section but `pixels`, a 512-pixel view.
    public init(frames: Int = 120, drawFrames: [Int] = [0, 1, 60, 120], sections: [DumpSection] = DumpSection.defaultSections, viewSize: Int = 512) {
        self.frames = frames
        self.drawFrames = drawFrames
        self.sections = sections
        self.viewSize = viewSize
    }
}
