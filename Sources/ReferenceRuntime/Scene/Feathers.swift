import RiveFormat
import RiveRendering

private typealias T = RiveTypeKey
private typealias P = RivePropertyKey

/// Feathers (upstream src/shapes/paint/feather.cpp and `ShapePaint::draw`): what of a
/// feathered paint reaches the renderer.
///
/// The feather's softness itself (`strength`, given to the render paint) is not in the draw
/// digest (docs/rendering.md), so it is not drawn. What the digest does show is drawn as
/// upstream draws it:
/// - an *outer* feather (not `inner`, or on a stroke) with an offset moves the paint's path
///   by it, in world space (`space` 0, applied before the shape's transform) or in the
///   shape's space (`space` 1);
/// - an *inner* feather on a fill clips to the paint's path (after its effects) and fills
///   the "inner path" instead: the box around that path's points grown by 1.5 × `strength`,
///   with the path itself running the other way inside it, moved by the offset (turned into
///   the shape's space for a world-space offset).
/// A paint's feather is its last `Feather` child.
extension ArtboardScene {
    /// Each paint's feather, by paint id.
    static func feathers(of components: [Component?]) -> [Int: Int] {
        var feathers: [Int: Int] = [:]
        for id in components.indices where components[id]?.typeKey == T.feather {
            guard let parent = components[id]?.parent, [.fill, .stroke].contains(components[parent]?.kind) else { continue }
            feathers[parent] = id
        }
        return feathers
    }

    /// Draws a fill or stroke path with its feather. `path` is what the paint draws (after its
    /// effects, in the paint's space), `world` the container's world transform, and `inWorld`
    /// whether the path is in world space (a stroke the transform does not affect, drawn
    /// under the inverse of `world`); an inner feather's clip has `clipFillRule`.
    func drawFeathered(_ path: Path, paint: Paint, feather: Int, isFill: Bool, inWorld: Bool, world: Transform2D, clipFillRule: FillRule,
                       on renderer: some Renderer) {
        let offsetX = store.double(feather, P.featherOffsetX), offsetY = store.double(feather, P.featherOffsetY)
        let worldSpace = store.uint(feather, P.featherSpaceValue, 0) == 0
        renderer.save()
        defer { renderer.restore() }
        if isFill, store.bool(feather, P.featherInner, false) {
            var offset = Point(x: offsetX, y: offsetY)
            if worldSpace, let inverse = world.inverted() {
                offset = Point(x: inverse.a * offset.x + inverse.c * offset.y, y: inverse.b * offset.x + inverse.d * offset.y)
            }
            var clip = path
            clip.fillRule = clipFillRule
            renderer.clipPath(clip)
            let pad = Double(Float(store.double(feather, P.featherStrength, 12)) * 1.5)
            let box = path.controlPointBounds
            var inner = Path(fillRule: path.fillRule)
            inner.move(to: Point(x: box.minX - pad, y: box.minY - pad))
            inner.line(to: Point(x: box.maxX + pad, y: box.minY - pad))
            inner.line(to: Point(x: box.maxX + pad, y: box.maxY + pad))
            inner.line(to: Point(x: box.minX - pad, y: box.maxY + pad))
            inner.close()
            let shift = Transform2D.translation(x: offset.x, y: offset.y)
            inner.commands += path.reversed().commands.map { Self.transformed($0, by: shift) }
            renderer.drawPath(inner, paint: paint)
            return
        }
        if offsetX != 0 || offsetY != 0 {
            let translation = Transform2D.translation(x: offsetX, y: offsetY)
            if worldSpace, !inWorld, let inverse = world.inverted() {
                renderer.transform(inverse * translation * world)
            } else {
                renderer.transform(translation)
            }
        }
        renderer.drawPath(path, paint: paint)
    }
}
