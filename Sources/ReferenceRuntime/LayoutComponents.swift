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

    /// The offset a nested artboard host inserts before its own transform: for a
    /// `NestedArtboardLayout` showing an artboard, minus the mounted artboard's origin (plus
    /// this artboard's origin when the host hangs directly off it); the identity otherwise.
    func nestedHostOffset(_ id: Int, parent: Int?) -> Transform2D {
        guard components[id]?.typeKey == T.nestedArtboardLayout, let mounted = nestedLayoutOffset?(id) else { return .identity }
        var offset = mounted
        if parent == 0, hostRootTransform != nil {
            let (width, height) = size
            offset.x -= width * store.double(0, P.artboardOriginX)
            offset.y -= height * store.double(0, P.artboardOriginY)
        }
        return .translation(x: offset.x, y: offset.y)
    }

    /// Minus this artboard's origin as a mounted artboard: `(width × originX, height × originY)`.
    var mountedOriginOffset: Point {
        let (width, height) = size
        return Point(x: width * store.double(0, P.artboardOriginX), y: height * store.double(0, P.artboardOriginY))
    }
}

extension ReferenceArtboard {
    /// Lets the scene place its `NestedArtboardLayout` hosts by the artboards they show, and
    /// recomputes their transforms (after the hosts are made or one swapped its artboard).
    func placeLayoutHosts() {
        let layoutHosts = nestedHosts.filter { scene.components[$0.hostID]?.typeKey == T.nestedArtboardLayout }
        guard !layoutHosts.isEmpty else { return }
        if scene.nestedLayoutOffset == nil {
            scene.nestedLayoutOffset = { [unowned self] host in
                self.nestedHosts.first { $0.hostID == host }?.instance?.scene.mountedOriginOffset
            }
        }
        for host in layoutHosts { scene.markTransformDirty(host.hostID) }
        scene.update()
    }
}
