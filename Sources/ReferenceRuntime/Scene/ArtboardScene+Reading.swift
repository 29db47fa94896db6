import RiveFormat
import RiveRendering

private typealias T = RiveTypeKey
private typealias P = RivePropertyKey

/// What the scene tells the rest of the runtime: the artboard's size and frame, world
/// transforms, computed node positions, root-space points and the shapes under a target.
extension ArtboardScene {
    /// The artboard's size.
    var size: (width: Double, height: Double) {
        (store.double(0, P.layoutComponentWidth), store.double(0, P.layoutComponentHeight))
    }

    /// The artboard's bounds in the space the renderer maps into pixels (its frame origin at 0, 0).
    var bounds: Bounds { Bounds(width: size.width, height: size.height) }

    /// The transform from artboard-frame coordinates into the space components are positioned
    /// in (upstream translates by the origin times the size).
    var frameTransform: Transform2D {
        .translation(x: size.width * store.double(0, P.artboardOriginX), y: size.height * store.double(0, P.artboardOriginY))
    }

    /// A shape's world transform (in artboard space, before the frame transform).
    func worldTransform(_ id: Int) -> Transform2D { worldTransforms[id] }

    /// A node's computed position (upstream `Node::computedWorldX` and the like), after taking
    /// the latest values: world and root positions are the world transform's translation (a
    /// top-level artboard is the root space), local positions the translation relative to the
    /// parent's world transform. `nil` for components that are not nodes.
    func computedValue(_ key: PropertyStore.Key) -> RivePropertyValue? {
        guard components.indices.contains(key.object), let component = components[key.object],
              [.node, .layout, .shape, .nestedArtboard, .componentList].contains(component.kind) else { return nil }
        update()
        let world = worldTransforms[key.object]
        switch key.property {
        case P.nodeComputedWorldX: return .float(Float(world.tx))
        case P.nodeComputedWorldY: return .float(Float(world.ty))
        case P.nodeComputedRootX, P.nodeComputedRootY:
            let root = rootPoint(Point(x: world.tx, y: world.ty))
            return .float(Float(key.property == P.nodeComputedRootX ? root.x : root.y))
        case P.nodeComputedLocalX, P.nodeComputedLocalY:
            let parentWorld = component.parent.map { worldTransforms[$0] } ?? .identity
            let local = (parentWorld.inverted() ?? .identity) * world
            return .float(Float(key.property == P.nodeComputedLocalX ? local.tx : local.ty))
        default: return nil
        }
    }

    /// A point of this artboard's world space in the root artboard's space (upstream
    /// `Artboard::rootTransform`): a top-level artboard is the root space; a nested one maps
    /// the point through its own rotation and scale, then through its host.
    func rootPoint(_ point: Point) -> Point {
        guard let hostRootTransform else { return point }
        return hostRootTransform(selfTransform?.apply(point) ?? point)
    }

    /// The artboard's own rotation and scale about its content origin, `nil` when they are
    /// the identity (upstream `Artboard::selfTransform`, `hasSelfTransform`).
    var selfTransform: Transform2D? {
        let rotation = store.double(0, P.transformComponentRotation, 0)
        let scaleX = store.double(0, P.transformComponentScaleX, 1), scaleY = store.double(0, P.transformComponentScaleY, 1)
        guard rotation != 0 || scaleX != 1 || scaleY != 1 else { return nil }
        return Transform2D(x: 0, y: 0, rotation: rotation, scaleX: scaleX, scaleY: scaleY)
    }

    /// A shape's path in its own space.
    func path(ofShape id: Int) -> Path? { shapePaths.indices.contains(id) ? shapePaths[id] : nil }

    /// The shapes at or below a component (a listener target), in draw order.
    func shapes(under target: Int) -> [Int] {
        drawOrder.filter { shape in
            if components[shape]?.kind != .shape || isCollapsed(shape) { return false }
            var current: Int? = shape
            while let id = current {
                if id == target { return true }
                current = components[id]?.parent
            }
            return false
        }
    }
}
