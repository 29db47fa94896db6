import RiveFormat
import RiveRendering

private typealias T = RiveTypeKey
private typealias P = RivePropertyKey

/// Layout components and layout-hosted nested artboards as the real runtime plays them when
/// it is built without its layout engine (`WITH_RIVE_LAYOUT` off, the yardstick's build).
///
/// Upstream (`src/layout_component.cpp`, `src/nested_artboard_layout.cpp`, `src/artboard.cpp`)
/// then never solves a layout: every `LayoutComponent` keeps an empty layout box (left, top,
/// width and height 0), its `draw` and `drawProxy` do nothing (no background, fills, strokes
/// or clip of its own), and only its transform remains:
/// - **LayoutComponent**: `parentWorld · translate(box origin) · own`, where the box origin is
///   (0, 0), less the artboard's origin (`width × originX`, `height × originY`) when the
///   parent is the artboard (`layoutTranslation`), and `own` is translate(x, y) · rotate ·
///   scale for files of version 7.3 and later and the identity for older files
///   (`buildOwnTransform`, `ComposeTransform`); its pivot is the empty box's origin.
/// - **NestedArtboardLayout**: a nested artboard whose world transform inserts
///   `translate(-mounted origin)` before its own transform, plus the hosting artboard's
///   origin when its parent is the artboard (`composeWorldTransform`); a mounted artboard's
///   origin is `(-width × originX, -height × originY)` and a top-level artboard's (0, 0).
///   Its width and height overrides only feed the layout engine, so they change nothing.
/// - **NestedArtboardLeaf**: a nested artboard whose world transform ends with its fit and
///   alignment of the mounted artboard into its frame (`NestedArtboardLeaf::update`); under a
///   layout component the frame is the empty box, which scales the artboard to nothing.
/// - **Layout participants and grid tracks** (`LayoutParticipant`, `GridTrack`,
///   `GridItemPlacement`): they only feed the layout engine (a participant's solved box is
///   empty and `isParticipatingInLayout` is false there), so they change nothing either.
extension ArtboardScene {
    /// A layout component's transform relative to its parent's world transform.
    func layoutTransform(_ id: Int, parent: Int?) -> Transform2D {
        var transform = Transform2D.identity
        if parent == 0 {
            let (width, height) = size
            transform = .translation(x: -width * store.double(0, P.artboardOriginX), y: -height * store.double(0, P.artboardOriginY))
        }
        guard layoutsComposeTransform else { return transform }
        return transform * localTransform(id)
    }

    /// A nested artboard host's world transform: `parentWorld · own` for a `NestedArtboard`;
    /// for a `NestedArtboardLayout` showing an artboard, `translate(-mounted origin)` (plus this
    /// artboard's origin when the host hangs directly off it) goes before `own`; for a
    /// `NestedArtboardLeaf` showing an artboard, the leaf's fit and alignment of the artboard
    /// into its frame go after it (`NestedArtboardLeaf::update`).
    func nestedHostTransform(_ id: Int, parent: Int?, parentWorld: Transform2D) -> Transform2D {
        let own = localTransform(id)
        guard let typeKey = components[id]?.typeKey, typeKey != T.nestedArtboard,
              let mounted = layoutHostedScene?(id) else { return parentWorld * own }
        if typeKey == T.nestedArtboardLeaf {
            return parentWorld * own * leafAlignment(id, parent: parent, mounted: mounted)
        }
        var offset = mounted.mountedOriginOffset
        if parent == 0, hostRootTransform != nil {
            let (width, height) = size
            offset.x -= width * store.double(0, P.artboardOriginX)
            offset.y -= height * store.double(0, P.artboardOriginY)
        }
        return parentWorld * .translation(x: offset.x, y: offset.y) * own
    }

    /// How a `NestedArtboardLeaf` fits its mounted artboard into its frame (upstream
    /// `computeAlignment` with the leaf's `fit`, `alignmentX` and `alignmentY`). The frame is
    /// the parent layout component's box, which is empty without a layout engine (so the
    /// artboard is scaled to nothing), or the artboard's own bounds around its origin. The
    /// `layout` fit first sizes the artboard to the frame, as upstream does.
    private func leafAlignment(_ id: Int, parent: Int?, mounted: ArtboardScene) -> Transform2D {
        let parentIsLayout = parent.flatMap { components[$0]?.kind } == .layout
        let fit = store.uint(id, P.nestedArtboardLeafFit, 0)
        let fitsLayout = fit == 7
        if fitsLayout, parentIsLayout {
            for key in [P.layoutComponentWidth, P.layoutComponentHeight] where mounted.store.double(0, key) != 0 {
                _ = mounted.store.set(PropertyStore.Key(object: 0, property: key), to: .float(0))
            }
        }
        let content = mounted.mountedBounds
        let frame = parentIsLayout ? (x: 0.0, y: 0.0, width: 0.0, height: 0.0) : content
        let alignX = store.double(id, P.nestedArtboardLeafAlignmentX), alignY = store.double(id, P.nestedArtboardLeafAlignmentY)
        let x = -content.x - content.width * 0.5 - alignX * content.width * 0.5
        let y = -content.y - content.height * 0.5 - alignY * content.height * 0.5
        let scaleX: Double, scaleY: Double
        switch fit {
        case 0: (scaleX, scaleY) = (frame.width / content.width, frame.height / content.height)
        case 1: scaleX = min(frame.width / content.width, frame.height / content.height); scaleY = scaleX
        case 2: scaleX = max(frame.width / content.width, frame.height / content.height); scaleY = scaleX
        case 3: scaleX = frame.width / content.width; scaleY = scaleX
        case 4: scaleX = frame.height / content.height; scaleY = scaleX
        case 6:
            let scale = min(frame.width / content.width, frame.height / content.height)
            scaleX = scale < 1 ? scale : 1; scaleY = scaleX
        default: (scaleX, scaleY) = (1, 1)
        }
        let translation = Transform2D.translation(x: frame.x + frame.width * 0.5 + alignX * frame.width * 0.5,
                                                  y: frame.y + frame.height * 0.5 + alignY * frame.height * 0.5)
        return translation * Transform2D(a: scaleX, b: 0, c: 0, d: scaleY, tx: 0, ty: 0) * .translation(x: x, y: y)
    }

    /// A mounted artboard's bounds: its size around its origin (upstream `Artboard::bounds`
    /// without the frame origin).
    var mountedBounds: (x: Double, y: Double, width: Double, height: Double) {
        let (width, height) = size
        return (-width * store.double(0, P.artboardOriginX), -height * store.double(0, P.artboardOriginY), width, height)
    }

    /// Minus this artboard's origin as a mounted artboard: `(width × originX, height × originY)`.
    var mountedOriginOffset: Point {
        let (width, height) = size
        return Point(x: width * store.double(0, P.artboardOriginX), y: height * store.double(0, P.artboardOriginY))
    }
}

extension ReferenceArtboard {
    /// Marks the properties whose changes the real runtime without a layout engine does not
    /// see as changes of its scene (no dirt, so no further frame): a layout component's width
    /// and height, and every property of a `LayoutComponentStyle`, `LayoutParticipant`,
    /// `GridTrack` and `GridItemPlacement` (upstream's setters only mark the layout engine's
    /// node dirty, an empty call there).
    func markInertLayoutProperties() {
        for (id, component) in scene.components.enumerated() where id != 0 {
            switch component?.typeKey {
            case T.layoutComponent?: store.inertProperties[id] = [P.layoutComponentWidth, P.layoutComponentHeight]
            case T.layoutComponentStyle?, T.layoutParticipant?, T.gridTrack?, T.gridItemPlacement?: store.inertProperties[id] = []
            default: break
            }
        }
    }

    /// Lets the scene place its `NestedArtboardLayout` hosts by the artboards they show, and
    /// recomputes their transforms (after the hosts are made or one swapped its artboard).
    func placeLayoutHosts() {
        let layoutHosts = nestedHosts.filter { [T.nestedArtboardLayout, T.nestedArtboardLeaf].contains(scene.components[$0.hostID]?.typeKey) }
        guard !layoutHosts.isEmpty else { return }
        if scene.layoutHostedScene == nil {
            scene.layoutHostedScene = { [unowned self] host in
                self.nestedHosts.first { $0.hostID == host }?.instance?.scene
            }
        }
        for host in layoutHosts { scene.markTransformDirty(host.hostID) }
        scene.update()
    }
}

extension ReferenceStateMachine {
    /// The artboard's width (0), height (1) or width-to-height ratio (2) a
    /// `TransitionArtboardCondition` compares: upstream reads `layoutWidth()` and
    /// `layoutHeight()`, which are the artboard's own width and height without a layout engine
    /// (`ConditionComparandArtboardProperty`).
    func artboardProperty(_ property: Int) -> Double? {
        let (width, height) = artboard.scene.size
        switch property {
        case 0: return width
        case 1: return height
        case 2: return Double(Float(width) / Float(height))
        default: return nil
        }
    }
}
