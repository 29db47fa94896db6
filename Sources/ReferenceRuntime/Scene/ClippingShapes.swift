import RiveFormat
import RiveRendering

private typealias P = RivePropertyKey

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

/// The clipping shapes of one artboard scene: which drawables each clips, the shapes whose
/// paths make each clip, and the draw list with its clip starts and ends and which of them
/// save and restore.
struct SceneClips {
    /// For each clipped drawable, the clipping shapes that clip it, in file order (the order
    /// upstream's `ClippingShape::onAddedClean` adds them).
    var clipsByDrawable: [Int: [Int]] = [:]
    /// For each clipping shape, the shapes whose paths make its clip (those under its source).
    var sources: [Int: [Int]] = [:]
    /// The shapes that hold at least one path.
    var pathShapes: Set<Int> = []
    /// The drawables with clip starts and ends between them.
    var operations: [ClipOperation] = []
    /// Whether each of `operations` saves and restores (upstream's needsSaveOperation).
    var operationSaves: [Bool] = []
    /// Whether a clipping shape changed since `operationSaves` was decided.
    var areSavesDirty = false

    /// Upstream's `Artboard::clearRedundantOperations` over the draw list: after a clip start
    /// that saved (a visible one, or any start after one that saved), a further clip start
    /// does not save and its end does not restore, and a drawable wrapped directly by a clip
    /// start and its end does not save either. Visibility is the authored one, as upstream
    /// decides this when it sorts the draw list.
    static func saves(of operations: [ClipOperation], isVisible: (Int) -> Bool) -> [Bool] {
        var saves: [Bool] = []
        var startSaves: [Bool] = []
        var previousSaved = false
        for (index, operation) in operations.enumerated() {
            var needsSave = true
            switch operation {
            case .start:
                startSaves.append(!previousSaved)
                needsSave = !previousSaved
            case .end:
                needsSave = startSaves.popLast() ?? true
            case .drawable:
                if previousSaved, index + 1 < operations.count, case .end = operations[index + 1] { needsSave = false }
            }
            saves.append(needsSave)
            if case .start(let clip) = operation {
                previousSaved = isVisible(clip) || previousSaved
            } else {
                previousSaved = false
            }
        }
        return saves
    }
}

/// The scene's clips: deciding which clip operations save, and each clip's visibility, shapes
/// and path.
extension ArtboardScene {
    /// Decides again which clip operations save and restore, from the clips' current
    /// visibility (upstream re-runs `clearRedundantOperations` when a clip's visibility changes).
    func updateClipOperationSaves() {
        clipping.operationSaves = SceneClips.saves(of: clipping.operations) { clip in store.bool(clip, P.clippingShapeIsVisible, true) }
    }


    func clipIsVisible(_ clip: Int) -> Bool { store.bool(clip, P.clippingShapeIsVisible, true) }

    /// The shapes that make a clipping shape's clip: those under its source that hold a path
    /// not collapsed by a solo (upstream skips a `Shape::isEmpty` shape).
    private func clipShapes(_ clip: Int) -> [Int] {
        (clipping.sources[clip] ?? []).filter { clipping.pathShapes.contains($0) && !isCollapsed($0) }
    }

    func clipHasShapes(_ clip: Int) -> Bool {
        (clipping.sources[clip] ?? []).contains { clipping.pathShapes.contains($0) && !isCollapsed($0) }
    }

    /// A clipping shape's clip in world space, with its fill rule (upstream
    /// `ClippingShape::update` and `addFillPaths`): for each shape under its source that holds
    /// a path not hidden by a solo, the results of its fills' path effects (a fill whose effects
    /// give an empty path adds nothing), or the shape's own path when it has a fill without
    /// effects or no fill with effects. `nil` when no shape takes part: upstream then draws
    /// nothing inside the clip.
    func clipPath(_ clip: Int) -> Path? {
        var combined = Path()
        var hasPath = false
        for shape in clipShapes(clip) {
            guard let path = shapePaths[shape] else { continue }
            let world = worldTransforms[shape]
            var addedEffected = false
            var needsRawPath = false
            for paint in components[shape]?.children ?? [] where components[paint]?.kind == .fill {
                guard let effected = pathEffects.apply(paint: paint, to: path, isFill: true, store: store) else {
                    needsRawPath = true
                    continue
                }
                combined.commands += effected.commands.map { Self.transformed($0, by: world) }
                addedEffected = true
            }
            hasPath = true
            if addedEffected, !needsRawPath { continue }
            // The shape's world path: each of its paths through its own world transform, in Float.
            combined.commands += worldPath(ofShape: shape).commands
        }
        guard hasPath else { return nil }
        combined.fillRule = FillRule(rawValue: UInt32(truncatingIfNeeded: store.uint(clip, P.clippingShapeFillRule, 0))) ?? .nonZero
        return combined
    }
}
