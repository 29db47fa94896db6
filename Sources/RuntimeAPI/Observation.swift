/// What a view shows: a state machine of an artboard, drawn into a pixel area.
///
/// Made from the parts (the harness's own assembly), or from a `Rive` object, as the Apple
/// `RiveUIView(rive:)` is.
public struct ViewConfiguration: Sendable {
    /// The artboard the view draws.
    public var artboard: any Artboard
    /// The state machine the view advances.
    public var stateMachine: any StateMachine
    /// The instance the app gave the view: the Apple `Rive.viewModelInstance`, or `nil`.
    ///
    /// It is not what decides whether a change wakes the view. By RDR-1…RDR-3, RDR-7 and
    /// RDR-8 a change to any instance bound to the state machine wakes a settled view: the
    /// main instance (also one bound after the view was made, or one the app bound before
    /// making a `Rive` object that was given none), bound globals, and nested instances and
    /// list items reached through them; a change to an instance that is not bound does not
    /// (RDR-4). The reference view ignores this field. An adapter whose runtime's view
    /// watches only the instance it was given (the Apple 6.24 controller,
    /// apple-runtime-api.md §3.10) passes it on, and the corpus reports where that view
    /// misses the other changes.
    public var viewModelInstance: (any ViewModelInstance)?
    /// The `Rive` object the view was made from, or `nil` for a view made from parts; when
    /// set, `artboard`, `stateMachine` and `viewModelInstance` are its components.
    public var rive: (any Rive)?
    /// Width of the drawable in pixels.
    public var width: Int
    /// Height of the drawable in pixels.
    public var height: Int

    /// Creates a configuration from parts.
    public init(artboard: any Artboard, stateMachine: any StateMachine, viewModelInstance: (any ViewModelInstance)?, width: Int, height: Int) {
        self.artboard = artboard
        self.stateMachine = stateMachine
        self.viewModelInstance = viewModelInstance
        self.width = width
        self.height = height
    }

    /// Creates a configuration from a `Rive` object (needs `RuntimeCapabilities.riveObject`):
    /// its artboard, state machine and `viewModelInstance`.
    @MainActor
    public init(rive: any Rive, width: Int, height: Int) {
        self.init(artboard: rive.artboard, stateMachine: rive.stateMachine, viewModelInstance: rive.viewModelInstance, width: width, height: height)
        self.rive = rive
    }
}

/// One display-link tick given to a view: the external clock and the view's situation.
public struct DisplayTick: Sendable, Hashable, Codable {
    /// The tick's timestamp in seconds, from the harness's clock, never the wall clock.
    public var timestamp: Double
    /// Whether the view is on screen.
    public var isOnscreen: Bool
    /// Whether the view is paused.
    public var isPaused: Bool

    /// Creates a tick.
    public init(timestamp: Double, isOnscreen: Bool = true, isPaused: Bool = false) {
        self.timestamp = timestamp
        self.isOnscreen = isOnscreen
        self.isPaused = isPaused
    }
}

/// What a view did on one tick.
public struct FrameReport: Sendable, Hashable {
    /// Whether the state machine advanced.
    public var advanced: Bool
    /// The time step of the advance, when it advanced.
    public var advanceSeconds: Double?
    /// Whether the view drew a frame.
    public var drew: Bool
    /// Whether the view considered the state machine settled after the tick.
    public var settled: Bool

    /// Creates a report.
    public init(advanced: Bool, advanceSeconds: Double?, drew: Bool, settled: Bool) {
        self.advanced = advanced
        self.advanceSeconds = advanceSeconds
        self.drew = drew
        self.settled = settled
    }
}

/// A digest of one frame's draw commands: paths, paints, transforms and order, floats rounded.
public struct DrawDigest: Sendable, Hashable {
    /// The commands in draw order, one normalized line each.
    public var commands: [String]
    /// A stable hash of `commands` in hex.
    public var hash: String

    /// Creates a digest.
    public init(commands: [String], hash: String) {
        self.commands = commands
        self.hash = hash
    }
}

/// An offscreen frame: un-premultiplied ARGB pixels, row by row from the top left.
public struct RasterFrame: Sendable, Hashable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// `width * height` packed `0xAARRGGBB` values, not premultiplied.
    public var pixels: [UInt32]

    /// Creates a frame.
    public init(width: Int, height: Int, pixels: [UInt32]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The color at a pixel, or `nil` outside the frame.
    public func color(x: Int, y: Int) -> Color? {
        guard (0..<width).contains(x), (0..<height).contains(y) else { return nil }
        return Color(pixels[y * width + x])
    }
}

/// A pointer event in view coordinates (pixels from the top left).
public struct PointerEvent: Sendable, Hashable, Codable {
    /// What the pointer did.
    public enum Kind: String, Sendable, Hashable, Codable { case down, move, up, exit }
    /// What the pointer did.
    public var kind: Kind
    /// Horizontal position in pixels.
    public var x: Double
    /// Vertical position in pixels.
    public var y: Double
    /// Which pointer, for multi-touch.
    public var pointerID: Int

    /// Creates an event.
    public init(_ kind: Kind, x: Double, y: Double, pointerID: Int = 0) {
        self.kind = kind
        self.x = x
        self.y = y
        self.pointerID = pointerID
    }
}

/// A view that advances a state machine per display tick and lets the harness observe frames.
///
/// The view decides, per tick, whether to advance and whether to draw, following the
/// runtime's view policy (binding-rules.md, RDR). Each hook is offered only when the
/// adapter declares its capability.
///
/// The members are async so that an adapter in another process (`ProcessAdapter`) answers
/// without blocking the main actor, and several such adapters (`--jobs N`) interleave; an
/// in-process adapter implements them synchronously (a synchronous method satisfies an async
/// requirement, and awaiting it does not suspend).
@MainActor
public protocol RuntimeView: AnyObject, Sendable {
    /// Runs one display tick and reports what happened (`redrawReports`, `frameReports`).
    func tick(_ tick: DisplayTick) async -> FrameReport
    /// The draw commands of the last drawn frame (`drawDigest`).
    /// - Throws: `ObservationError.unsupported` without that capability.
    func drawDigest() async throws(ObservationError) -> DrawDigest
    /// The pixels of the last drawn frame (`pixels`).
    /// - Throws: `ObservationError.unsupported` without that capability.
    func rasterize() async throws(ObservationError) -> RasterFrame
    /// Sends a pointer event to the state machine through the view (`pointerEvents`).
    /// - Throws: `ObservationError.unsupported` without that capability.
    func send(_ event: PointerEvent) async throws(ObservationError)
}
