import RiveRendering
import RuntimeAPI

/// A view of the reference runtime: a model of the Apple view controller's policy for when
/// to advance and when to draw (apple-runtime-api.md §3.10; binding-rules.md RDR).
///
/// Per tick:
/// - A paused view that has drawn once does nothing (RDR-6); pausing resets the clock, so
///   the first advance after resuming uses a time step of 0.
/// - The time step is the time since the previous tick (never negative), 0 on the first
///   tick and after a pause or a settle.
/// - The view wakes (is no longer settled) when a value reachable from the state machine's
///   data context changed since its last advance — the main instance, global instances,
///   nested instances and list items (RDR-1…3) — or when a pointer event or input asked for
///   an advance. Changes to instances that are not bound do not wake it (RDR-4).
/// - A pending settle (the last advance needed no more frames) becomes settled unless the
///   view woke since.
/// - It advances on the first tick and whenever it is not settled, also while off screen.
/// - It draws after each advance while on screen; when settled it draws only for the first
///   frame or when the view has just come on screen (RDR-5: idle costs nothing).
///
/// Drawing records the scene into a `DrawCommandRecorder` (the digest) and `rasterize()`
/// replays that frame onto a cairo rasterizer of the view's size, contain + centred.
@MainActor
public final class ReferenceView: RuntimeView {
    private let stateMachine: ReferenceStateMachine
    private let width: Int
    private let height: Int
    private let recorder = DrawCommandRecorder()
    private var rasterizer: CairoRasterizer?
    private var isSettled = false
    private var hasPendingSettle = false
    private var lastTimestamp: Double?
    private var hasDrawn = false
    private var wasOnscreen = false
    private var seenFingerprint: UInt64
    /// How many times the view advanced the state machine.
    public private(set) var advanceCount = 0
    /// How many frames the view drew.
    public private(set) var drawCount = 0

    /// Creates a view of a state machine drawn into `width` × `height` pixels.
    public init(stateMachine: ReferenceStateMachine, width: Int, height: Int) {
        self.stateMachine = stateMachine
        self.width = width
        self.height = height
        seenFingerprint = stateMachine.contextFingerprint
    }

    public func tick(_ tick: DisplayTick) -> FrameReport {
        if tick.isPaused {
            lastTimestamp = nil
            if hasDrawn { return FrameReport(advanced: false, advanceSeconds: nil, drew: false, settled: isSettled || hasPendingSettle) }
        }
        let seconds = tick.isPaused ? 0 : lastTimestamp.map { max(0, tick.timestamp - $0) } ?? 0
        lastTimestamp = tick.isPaused ? nil : tick.timestamp
        let fingerprint = stateMachine.contextFingerprint
        if fingerprint != seenFingerprint || stateMachine.needsAdvance {
            isSettled = false
            hasPendingSettle = false
        } else if hasPendingSettle {
            isSettled = true
            hasPendingSettle = false
            lastTimestamp = nil
        }
        var advanced = false
        if !hasDrawn || !isSettled {
            let needsMore = stateMachine.advanceAndApply(by: seconds)
            advanceCount += 1
            advanced = true
            seenFingerprint = stateMachine.contextFingerprint
            if !needsMore { hasPendingSettle = true }
        }
        let becameOnscreen = tick.isOnscreen && !wasOnscreen
        wasOnscreen = tick.isOnscreen
        let shouldDraw = advanced ? (tick.isOnscreen || !hasDrawn) : (!hasDrawn || becameOnscreen)
        if shouldDraw { draw() }
        return FrameReport(advanced: advanced, advanceSeconds: advanced ? seconds : nil, drew: shouldDraw,
                           settled: isSettled || hasPendingSettle)
    }

    private func draw() {
        let scene = stateMachine.artboard.scene
        scene.update()
        recorder.reset()
        scene.draw(on: recorder)
        hasDrawn = true
        drawCount += 1
    }

    public func drawDigest() throws(ObservationError) -> DrawDigest {
        guard hasDrawn else { throw .failed("the view has not drawn a frame yet; tick it first") }
        return DrawDigest(commands: recorder.dump.split(separator: "\n").map(String.init), hash: recorder.digest)
    }

    public func rasterize() throws(ObservationError) -> RasterFrame {
        guard hasDrawn else { throw .failed("the view has not drawn a frame yet; tick it first") }
        let image: RasterImage
        do {
            image = try rasterImage()
        } catch {
            throw .failed("rasterizing failed: \(error)")
        }
        var pixels: [UInt32] = []
        pixels.reserveCapacity(width * height)
        for offset in stride(from: 0, to: image.rgba.count, by: 4) {
            let rgba = image.rgba
            pixels.append(UInt32(rgba[offset + 3]) << 24 | UInt32(rgba[offset]) << 16 | UInt32(rgba[offset + 1]) << 8 | UInt32(rgba[offset + 2]))
        }
        return RasterFrame(width: width, height: height, pixels: pixels)
    }

    /// The last drawn frame as straight-alpha RGBA, replayed onto a rasterizer the view keeps.
    /// - Throws: `RenderingError` when the size is invalid or cairo fails.
    public func rasterImage() throws -> RasterImage {
        let rasterizer = try self.rasterizer ?? CairoRasterizer(width: width, height: height)
        self.rasterizer = rasterizer
        rasterizer.beginFrame(artboardBounds: stateMachine.artboard.scene.bounds)
        recorder.replay(on: rasterizer)
        return rasterizer.makeImage()
    }

    /// The last drawn frame encoded as PNG.
    /// - Throws: `RenderingError` when the size is invalid or cairo fails.
    public func pngData() throws -> [UInt8] {
        _ = try rasterImage()
        return try rasterizer!.pngData()
    }

    /// Sends a pointer event in view pixels; it is mapped into the artboard through the
    /// view's fit (contain, centred), and the next tick advances.
    public func send(_ event: PointerEvent) throws(ObservationError) {
        let fit = Transform2D.fitting(stateMachine.artboard.scene.bounds, into: Bounds(width: Double(width), height: Double(height)),
                                      fit: .contain, alignment: .center)
        guard let toArtboard = fit.inverted() else { throw .failed("the view's fit has a zero scale; it cannot map pointer positions") }
        let point = toArtboard.apply(Point(x: event.x, y: event.y))
        stateMachine.pointer(event.kind, at: (point.x, point.y))
    }
}
