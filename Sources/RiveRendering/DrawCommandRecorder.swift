import HarnessSupport

/// A `Renderer` that records its calls and summarises them as a stable digest and a readable dump.
///
/// This is the third oracle layer of the harness: two drawings with the same paths, paints,
/// transforms, clips and order give the same `digest` on every run and machine; numbers are
/// rounded to 1e-3 first, so float noise below that does not change it. `dump` is the
/// canonical text the digest hashes (see docs/rendering.md for the form). Call `reset()`
/// between frames: the recorder keeps its buffers' capacity, so a tight loop does not
/// reallocate.
public final class DrawCommandRecorder: Renderer {
    /// The calls recorded since the last `reset()`, in order.
    public private(set) var commands: [DrawCommand] = []
    /// The canonical text of `commands`, rebuilt on demand into a reused buffer.
    private var canonicalText: [UInt8] = []

    /// Creates an empty recorder.
    public init() {}

    /// Forgets every recorded command, keeping the buffers for reuse.
    public func reset() {
        commands.removeAll(keepingCapacity: true)
    }

    /// Records a `save()` call.
    public func save() {
        commands.append(.save)
    }

    /// Records a `restore()` call.
    public func restore() {
        commands.append(.restore)
    }

    /// Records a `transform(_:)` call.
    public func transform(_ transform: Transform2D) {
        commands.append(.transform(transform))
    }

    /// Records a `drawPath(_:paint:)` call.
    public func drawPath(_ path: Path, paint: Paint) {
        commands.append(.drawPath(path, paint))
    }

    /// Records a `clipPath(_:)` call.
    public func clipPath(_ path: Path) {
        commands.append(.clipPath(path))
    }

    /// The canonical text of the recorded commands: one line per command, numbers rounded to 1e-3.
    public var dump: String {
        writeCanonicalText()
        return String(decoding: canonicalText, as: UTF8.self)
    }

    /// A 16-hex-digit FNV-1a 64-bit hash of `dump`: equal drawings give equal digests.
    public var digest: String {
        writeCanonicalText()
        var hash = FNV1a64()
        hash.combine(canonicalText)
        return hash.hexDigest
    }

    /// Makes the same calls, in the same order, on another renderer (for example a rasterizer).
    public func replay(on renderer: some Renderer) {
        for command in commands {
            switch command {
            case .save: renderer.save()
            case .restore: renderer.restore()
            case .transform(let transform): renderer.transform(transform)
            case .drawPath(let path, let paint): renderer.drawPath(path, paint: paint)
            case .clipPath(let path): renderer.clipPath(path)
            }
        }
    }

    /// Rewrites `canonicalText` from `commands`, reusing its capacity.
    private func writeCanonicalText() {
        canonicalText.removeAll(keepingCapacity: true)
        var writer = CanonicalTextWriter(bytes: canonicalText)
        canonicalText = [] // drop this reference so the writer owns the buffer uniquely and appends in place
        for command in commands {
            writer.write(command)
        }
        canonicalText = writer.bytes
    }
}
