import RiveFormat
import RiveRendering

private typealias T = RiveTypeKey
private typealias P = RivePropertyKey

/// Drawing the scene as upstream's `Artboard::drawInternal`: the artboard's clip and
/// background, then the draw list with its clips, each shape's paints with their shaders.
extension ArtboardScene {
    /// Draws the artboard as upstream's `Artboard::drawInternal` does with a frame origin: the
    /// frame-origin translation, the artboard's own rotation and scale, then its clip (the
    /// bounds around its origin, so the clip turns with the artboard), the background paints
    /// and the drawables bottom first.
    func draw(on renderer: some Renderer) {
        // Upstream's Artboard::drawInternal draws nothing at all at zero opacity.
        guard renderOpacities[0] != 0 else { return }
        renderer.save()
        renderer.transform(frameTransform)
        if let selfTransform { renderer.transform(selfTransform) }
        clipToBounds(on: renderer)
        drawContent(on: renderer, hostOpacity: 1)
        renderer.restore()
    }

    /// Draws the artboard as a nested artboard (upstream `Artboard::drawInternal` without the
    /// frame origin): nothing when its opacity times the host's is 0; otherwise, in the host's
    /// space under the artboard's own rotation and scale, clipped (when the artboard clips) to
    /// its bounds around its origin, its background paints and drawables with the host's
    /// render opacity folded in.
    func drawNested(on renderer: any Renderer, hostOpacity: Double) {
        guard renderOpacities[0] * hostOpacity != 0 else { return }
        renderer.save()
        if let selfTransform { renderer.transform(selfTransform) }
        clipToBounds(on: renderer)
        drawContent(on: renderer, hostOpacity: hostOpacity)
        renderer.restore()
    }

    /// Clips to the artboard's bounds around its origin, in its content space, when it clips.
    private func clipToBounds(on renderer: some Renderer) {
        guard clips else { return }
        let (width, height) = size
        renderer.clipPath(Path.artboardBounds(width: width, height: height,
                                              originX: store.double(0, P.artboardOriginX), originY: store.double(0, P.artboardOriginY),
                                              fillRule: artboardPathFillRule))
    }

    /// The background paints, then the drawables bottom first, in the artboard's content space.
    private func drawContent(on renderer: some Renderer, hostOpacity: Double) {
        let (width, height) = size
        let background = Path.artboardBounds(width: width, height: height,
                                             originX: store.double(0, P.artboardOriginX), originY: store.double(0, P.artboardOriginY))
        drawPaints(of: 0, path: background, opacity: renderOpacities[0] * hostOpacity, world: .identity, needsSave: true, on: renderer)
        // Upstream's Artboard::drawInternal over the draw list with its clip operations: a
        // clip start waits until something draws inside it (a start followed at once by an
        // end is dropped), and nothing draws while a visible clip without a path is open.
        // Saves and restores follow `clipOperationSaves` (upstream's needsSaveOperation).
        var emptyClips = 0
        var pendingStarts: [Int] = []
        for (index, operation) in clipping.operations.enumerated() {
            let before = emptyClips
            switch operation {
            case .start(let clip): emptyClips += clipIsVisible(clip) && !clipHasShapes(clip) ? 1 : 0
            case .end(let clip): emptyClips -= clipIsVisible(clip) && !clipHasShapes(clip) ? 1 : 0
            case .drawable: break
            }
            guard emptyClips == before, emptyClips <= 0 else { continue }
            switch operation {
            case .start:
                pendingStarts.append(index)
                continue
            case .end:
                if !pendingStarts.isEmpty {
                    pendingStarts.removeLast()
                    continue
                }
            case .drawable(let drawable):
                guard willDraw(drawable, hostOpacity: hostOpacity) else { continue }
            }
            for start in pendingStarts {
                guard case .start(let clip) = clipping.operations[start], clipIsVisible(clip) else { continue }
                if clipping.operationSaves[start] { renderer.save() }
                if let path = clipPath(clip) { renderer.clipPath(path) }
            }
            pendingStarts.removeAll()
            switch operation {
            case .start: break
            case .end(let clip):
                if clipIsVisible(clip), clipping.operationSaves[index] { renderer.restore() }
            case .drawable(let drawable):
                draw(drawable, needsSave: clipping.operationSaves[index], hostOpacity: hostOpacity, on: renderer)
            }
        }
    }

    /// Upstream's `Drawable::willDraw` and `Shape::willDraw`: not hidden, not collapsed by a
    /// solo, and a shape not at zero render opacity.
    private func willDraw(_ drawable: Int, hostOpacity: Double) -> Bool {
        if isHidden(drawable) || isCollapsed(drawable) { return false }
        if [.nestedArtboard, .componentList].contains(components[drawable]?.kind) { return drawNestedArtboard != nil }
        return shapePaths[drawable] != nil && renderOpacities[drawable] * hostOpacity != 0
    }

    /// Draws one shape, nested artboard or component list: a host saves (when `needsSave`),
    /// applies its world transform and draws its artboard (`NestedArtboard::draw`); a shape
    /// draws its paints, each under its own save when `needsSave` or when it has more than one
    /// paint (`Shape::draw`).
    func draw(_ drawable: Int, needsSave: Bool, hostOpacity: Double, on renderer: some Renderer) {
        let world = worldTransforms[drawable]
        if [.nestedArtboard, .componentList].contains(components[drawable]?.kind) {
            if needsSave { renderer.save() }
            renderer.transform(world)
            drawNestedArtboard?(drawable, renderer, renderOpacities[drawable] * hostOpacity)
            if needsSave { renderer.restore() }
        } else if let path = shapePaths[drawable] {
            let paintCount = (components[drawable]?.children ?? []).count { [.fill, .stroke].contains(components[$0]?.kind) }
            drawPaints(of: drawable, path: path, opacity: renderOpacities[drawable] * hostOpacity, world: world,
                       needsSave: needsSave || paintCount > 1, on: renderer)
        }
    }

    private func isHidden(_ id: Int) -> Bool {
        store.uint(id, P.drawableDrawableFlags, 0) & 1 != 0
    }

    /// Draws a container's visible fills and strokes in child order, with the container's
    /// blend mode (the artboard's is always source-over), as upstream's `ShapePaint::draw`: a
    /// paint drawn in the container's space applies `world` (under its own save when
    /// `needsSave`); a stroke that the transform does not affect draws its path in world space.
    /// Path effects and feathers apply per paint (PathEffects.swift, Feathers.swift).
    private func drawPaints(of container: Int, path: Path, opacity: Double, world: Transform2D, needsSave: Bool, on renderer: some Renderer) {
        for paint in components[container]?.children ?? [] {
            guard let component = components[paint], component.kind == .fill || component.kind == .stroke,
                  store.bool(paint, P.shapePaintIsVisible, true),
                  // Upstream's Stroke::isVisible: a stroke of no thickness is not drawn.
                  component.kind != .stroke || store.double(paint, P.strokeThickness, 1) > 0 else { continue }
            let inWorld = component.kind == .stroke && !store.bool(paint, P.strokeTransformAffectsStroke, true)
            guard let shader = shader(of: paint, opacity: opacity, world: inWorld ? world : nil) else { continue }
            // Upstream's Artboard::drawInternal skips a background paint whose color (or every
            // gradient stop), at the artboard's own render opacity, is fully transparent
            // (`ShapePaint::shouldDraw`); shapes draw such paints.
            if container == 0, let own = self.shader(of: paint, opacity: renderOpacities[0], world: nil), own.isFullyTransparent { continue }
            let blendMode = BlendMode(rawValue: UInt32(truncatingIfNeeded: store.uint(container, P.drawableBlendModeValue, 3))) ?? .srcOver
            if !inWorld {
                if needsSave { renderer.save() }
                renderer.transform(world)
            }
            if component.kind == .fill {
                let effected = pathEffects.isEmpty ? nil : pathEffects.apply(paint: paint, to: path, isFill: true, store: store)
                var filled = effected ?? path
                filled.fillRule = FillRule(rawValue: UInt32(truncatingIfNeeded: store.uint(paint, P.fillFillRule, 0))) ?? .nonZero
                let fill = Paint(style: .fill, shader: shader, blendMode: blendMode)
                let sharesShapePath = container != 0 && effected == nil && filled.fillRule != .clockwise
                if let feather = feathers[paint] {
                    let isInner = store.bool(feather, P.featherInner, false)
                    let clipFillRule = sharesShapePath ? shapePathFillRules[container] ?? .clockwise : filled.fillRule
                    drawFeathered(filled, paint: fill, feather: feather, isFill: true, inWorld: false, world: world, clipFillRule: clipFillRule, on: renderer)
                    if sharesShapePath, !isInner { shapePathFillRules[container] = filled.fillRule }
                } else {
                    renderer.drawPath(filled, paint: fill)
                    if sharesShapePath { shapePathFillRules[container] = filled.fillRule }
                }
                if container == 0, filled.fillRule != .clockwise { artboardPathFillRule = filled.fillRule }
            } else {
                let style = StrokeStyle(
                    thickness: store.double(paint, P.strokeThickness, 1),
                    cap: StrokeCap(rawValue: UInt32(truncatingIfNeeded: store.uint(paint, P.strokeCap, 0))) ?? .butt,
                    join: StrokeJoin(rawValue: UInt32(truncatingIfNeeded: store.uint(paint, P.strokeJoin, 0))) ?? .miter)
                let stroke = Paint(style: .stroke(style), shader: shader, blendMode: blendMode)
                var stroked = path
                // A shape's world path is each of its paths through its own world transform, in Float.
                if inWorld { stroked.commands = container == 0 ? path.commands.map { Self.transformed($0, by: world) } : worldPath(ofShape: container).commands }
                if !pathEffects.isEmpty { stroked = pathEffects.apply(paint: paint, to: stroked, isFill: false, store: store) ?? stroked }
                if let feather = feathers[paint] {
                    drawFeathered(stroked, paint: stroke, feather: feather, isFill: false, inWorld: inWorld, world: world, clipFillRule: stroked.fillRule, on: renderer)
                } else {
                    renderer.drawPath(stroked, paint: stroke)
                }
            }
            if !inWorld, needsSave { renderer.restore() }
        }
    }

    /// The paint's shader: its first solid color or gradient child, with the container's
    /// render opacity (and a gradient's own opacity) folded into the alphas. A gradient's
    /// points are in the shape's space, or mapped through `world` for a paint drawn in world
    /// space; its stops are sorted by position and clamped to 0…1, as upstream's
    /// `LinearGradient::applyTo`. A radial gradient is centred on its start point with the
    /// distance to its end point as radius.
    func shader(of paint: Int, opacity: Double, world: Transform2D?) -> Shader? {
        guard let source = components[paint]?.children.first(where: { components[$0]?.kind == .solidColor || components[$0]?.kind == .gradient }),
              let sourceComponent = components[source] else { return nil }
        if sourceComponent.kind == .solidColor {
            return .solid(Self.modulated(store.color(source, P.solidColorColorValue, 0xFF74_7474), opacity))
        }
        // Upstream multiplies the gradient's opacity by the render opacity in Float.
        let gradientOpacity = Double(Float(store.double(source, P.linearGradientOpacity, 1)) * Float(opacity))
        var start = Point(x: store.double(source, P.linearGradientStartX), y: store.double(source, P.linearGradientStartY))
        var end = Point(x: store.double(source, P.linearGradientEndX), y: store.double(source, P.linearGradientEndY))
        if let world {
            start = world.floatApply(start)
            end = world.floatApply(end)
        }
        let stops = sourceComponent.children
            .filter { components[$0]?.kind == .gradientStop }
            .map { GradientStop(color: Self.modulated(store.color($0, P.gradientStopColorValue, 0xFFFF_FFFF), gradientOpacity),
                                position: min(1, max(0, store.double($0, P.gradientStopPosition)))) }
            .enumerated().sorted { ($0.element.position, $0.offset) < ($1.element.position, $1.offset) }.map(\.element)
        if sourceComponent.typeKey == T.radialGradient {
            // Upstream's Vec2D::distance, in Float.
            let dx = Float(end.x) - Float(start.x), dy = Float(end.y) - Float(start.y)
            return .radialGradient(center: start, radius: Double((dx * dx + dy * dy).squareRoot()), stops: stops)
        }
        return .linearGradient(start: start, end: end, stops: stops)
    }

    /// A color with an opacity folded into its alpha, in `Float` as upstream's
    /// `colorModulateOpacity` (src/shapes/paint/color.cpp): `lround(255 · clamp(alpha / 255 · opacity))`.
    private static func modulated(_ color: UInt32, _ opacity: Double) -> UInt32 {
        let product = Float(color >> 24) / 255 * Float(opacity)
        let alpha = (255 * min(1, max(0, product))).rounded()
        return UInt32(alpha) << 24 | color & 0x00FF_FFFF
    }
}
