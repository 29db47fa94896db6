/// An artboard's drawables with the clipping operations interleaved between them, and the
/// walk that draws them, as upstream does (src/artboard.cpp, `Artboard::sortDrawOrder`, the
/// clipping part, and `Artboard::drawInternal`; src/shapes/clipping_shape.cpp).
///
/// Upstream does not clip each drawable on its own: drawables that share clipping shapes
/// share one clip. Walking the drawables bottom first with a stack of the clipping shapes in
/// force, each drawable first ends (top of the stack down) every clip from the first one it
/// does not have, then starts the clips it has that are not on the stack, in the order the
/// clipping shapes appear in the file; the clips still in force end after the last
/// drawable. Drawing then walks that sequence: clip starts wait until a drawable actually
/// draws (a start followed directly by its end is dropped, so clips around drawables that
/// draw nothing emit nothing), and a visible clipping shape without any path makes
/// everything between its start and end skipped.
struct ClipInterleaving {
    /// One step of the sequence.
    enum Step: Equatable {
        /// A drawable, by component id.
        case drawable(Int)
        /// The start of a clipping shape's clip (a save and the clip).
        case clipStart(Int)
        /// The end of a clipping shape's clip (the matching restore).
        case clipEnd(Int)
    }

    /// The drawables and clip operations, bottom first.
    let steps: [Step]

    /// Interleaves the clips of `drawOrder` (bottom first); `clips(drawable)` lists the
    /// clipping shapes of a drawable in file order.
    init(drawOrder: [Int], clips: (Int) -> [Int]) {
        var steps: [Step] = []
        var stack: [Int] = []
        for drawable in drawOrder {
            let own = clips(drawable)
            if let firstGone = stack.firstIndex(where: { !own.contains($0) }) {
                for clip in stack[firstGone...].reversed() { steps.append(.clipEnd(clip)) }
                stack.removeSubrange(firstGone...)
            }
            for clip in own where !stack.contains(clip) {
                steps.append(.clipStart(clip))
                stack.append(clip)
            }
            steps.append(.drawable(drawable))
        }
        for clip in stack.reversed() { steps.append(.clipEnd(clip)) }
        self.steps = steps
    }

    /// Walks the sequence as upstream's `Artboard::drawInternal`.
    ///
    /// - Parameters:
    ///   - isVisible: whether a clipping shape is visible (an invisible one clips nothing).
    ///   - isEmpty: whether a clipping shape has no path (its source holds no shape with one);
    ///     when visible, everything inside its clip is skipped.
    ///   - willDraw: whether a drawable draws (not hidden, collapsed or fully transparent).
    ///   - startClip: saves and clips to a clipping shape.
    ///   - endClip: restores after a clipping shape's clip.
    ///   - draw: draws a drawable.
    func play(isVisible: (Int) -> Bool, isEmpty: (Int) -> Bool, willDraw: (Int) -> Bool,
              startClip: (Int) -> Void, endClip: () -> Void, draw: (Int) -> Void) {
        var emptyClips = 0
        var pending: [Int] = []
        for step in steps {
            let before = emptyClips
            switch step {
            case .clipStart(let clip): if isVisible(clip), isEmpty(clip) { emptyClips += 1 }
            case .clipEnd(let clip): if isVisible(clip), isEmpty(clip) { emptyClips -= 1 }
            case .drawable: break
            }
            guard emptyClips == before, emptyClips <= 0 else { continue }
            switch step {
            case .clipStart(let clip):
                pending.append(clip)
            case .clipEnd(let clip):
                if pending.isEmpty {
                    if isVisible(clip) { endClip() }
                } else {
                    pending.removeLast()
                }
            case .drawable(let drawable):
                guard willDraw(drawable) else { continue }
                for clip in pending where isVisible(clip) { startClip(clip) }
                pending.removeAll(keepingCapacity: true)
                draw(drawable)
            }
        }
    }
}
