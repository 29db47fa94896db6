/// One step of an artboard's draw list: a drawable, or the start or end of a clipping shape's
/// clip (upstream's `ClippingShapeStart` and `ClippingShapeEnd` proxy drawables,
/// src/shapes/clipping_shape.cpp).
enum ClipOperation: Equatable {
    case drawable(Int)
    case start(Int)
    case end(Int)

    /// Upstream's `Artboard::sortDrawOrder` interleaving (src/artboard.cpp): drawables that
    /// share clipping shapes share their clips. Walking the drawables bottom first with a
    /// stack of open clips, before each drawable the clips from the first one it does not
    /// have are ended (last opened first), then its clips not yet open are started in its
    /// own order; the clips still open at the end are ended last.
    static func drawList(drawOrder: [Int], clipsByDrawable: [Int: [Int]]) -> [ClipOperation] {
        var list: [ClipOperation] = []
        var stack: [Int] = []
        for drawable in drawOrder {
            let clips = clipsByDrawable[drawable] ?? []
            if let firstGone = stack.firstIndex(where: { !clips.contains($0) }) {
                list += stack[firstGone...].reversed().map { .end($0) }
                stack.removeSubrange(firstGone...)
            }
            for clip in clips where !stack.contains(clip) {
                list.append(.start(clip))
                stack.append(clip)
            }
            list.append(.drawable(drawable))
        }
        list += stack.reversed().map { .end($0) }
        return list
    }
}
