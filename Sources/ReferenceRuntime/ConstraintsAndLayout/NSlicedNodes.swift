import RiveFormat
import RiveRendering

private typealias T = RiveTypeKey
private typealias P = RivePropertyKey

/// An `NSlicedNode` as upstream deforms the paths under it (src/layout/n_sliced_node.cpp,
/// src/math/n_slicer_helpers.cpp), without its layout engine.
///
/// The node is a node for transforms. Its `AxisX` and `AxisY` children cut its initial size
/// (`initialWidth` × `initialHeight`) into segments; even segments (the first, third, …)
/// keep their length and odd ones stretch so the whole spans `width` × `height`. A path of a
/// shape under the node is mapped point by point: into the node's space through the inverse
/// of its world transform, sliced per axis, and back, all in `Float`.
struct NSlicedNode {
    /// The node's artboard-local id.
    let id: Int
    /// Its `AxisX` and `AxisY` children, by id, in file order.
    let xAxes: [Int]
    let yAxes: [Int]

    /// The n-sliced nodes of an artboard, by id; the axes are the `AxisX`/`AxisY` objects whose
    /// parent is the node.
    static func nodes(localObjects: [Int?], document: RiveDocument) -> [Int: NSlicedNode] {
        var axes: [Int: (x: [Int], y: [Int])] = [:]
        var nodes: [Int] = []
        for (id, index) in localObjects.enumerated() {
            guard let index else { continue }
            let object = document.objects[index]
            switch object.typeKey {
            case T.nSlicedNode: nodes.append(id)
            case T.axisX: if let parent = object.index(P.componentParentId) { axes[parent, default: ([], [])].x.append(id) }
            case T.axisY: if let parent = object.index(P.componentParentId) { axes[parent, default: ([], [])].y.append(id) }
            default: break
            }
        }
        var result: [Int: NSlicedNode] = [:]
        for id in nodes { result[id] = NSlicedNode(id: id, xAxes: axes[id]?.x ?? [], yAxes: axes[id]?.y ?? []) }
        return result
    }

    /// How the stretchable segments of one direction scale (`ScaleInfo` upstream).
    struct ScaleInfo {
        var useScale: Bool
        var scaleFactor: Float
    }

    /// The stops of one direction in pixels: 0, each axis (normalized ones times `size`,
    /// others clamped to `0...size`), `size`, sorted.
    static func pxStops(_ axes: [(offset: Float, normalized: Bool)], size: Float) -> [Float] {
        ([0] + axes.map { $0.normalized ? min(max($0.offset, 0), 1) * size : min(max($0.offset, 0), size) } + [size]).sorted()
    }

    /// The stops of one direction as fractions of `size`, clamped to `0...1`, sorted.
    static func uvStops(_ axes: [(offset: Float, normalized: Bool)], size: Float) -> [Float] {
        ([0] + axes.map { min(max($0.normalized ? $0.offset : $0.offset / size, 0), 1) } + [1]).sorted()
    }

    /// `analyzeUVStops`: the factor that makes the fixed segments keep their length and the
    /// others share what is left of `size × scale`.
    static func analyze(_ uvs: [Float], size: Float, scale: Float) -> ScaleInfo {
        var fixed: Float = 0
        for i in 0..<max(uvs.count - 1, 0) where i % 2 == 0 { fixed += uvs[i + 1] - uvs[i] }
        let fixedSize = fixed * size
        let scalableSize = size - fixedSize
        let useScale = scalableSize != 0
        return ScaleInfo(useScale: useScale, scaleFactor: useScale ? (size * scale - fixedSize) / scalableSize : 0)
    }

    /// `mapValue`: a coordinate in the node's initial space to the sliced one; values more
    /// than 0.01 outside the stops move with the nearest end.
    static func map(_ value: Float, stops: [Float], scale: ScaleInfo, size: Float) -> Float {
        guard let first = stops.first, let last = stops.last else { return value }
        if value < first - 0.01 { return value }
        if value > last + 0.01 { return value - last + size }
        var result: Float = 0
        for i in 0..<stops.count - 1 {
            let found = value <= stops[i + 1]
            let span = found ? value - stops[i] : stops[i + 1] - stops[i]
            if i % 2 == 0 {
                result += span
            } else if scale.useScale {
                result += scale.scaleFactor * span
            }
            if found { break }
        }
        return result
    }

    /// The world-space point map of the node (`updateMapWorldPoint`), or `nil` when it maps
    /// nothing (a world transform that does not invert, or an initial size that is not positive).
    func worldPointMap(store: PropertyStore, world: Transform2D) -> ((Point) -> Point)? {
        guard let inverse = world.floatInverted() else { return nil }
        let initialWidth = Float(store.double(id, P.nSlicedNodeInitialWidth)), initialHeight = Float(store.double(id, P.nSlicedNodeInitialHeight))
        guard initialWidth > 0, initialHeight > 0 else { return nil }
        let width = Float(store.double(id, P.nSlicedNodeWidth)), height = Float(store.double(id, P.nSlicedNodeHeight))
        let scaleX = width / initialWidth, scaleY = height / initialHeight
        func axes(_ ids: [Int]) -> [(offset: Float, normalized: Bool)] {
            ids.map { (Float(store.double($0, P.axisOffset)), store.bool($0, P.axisNormalized, false)) }
        }
        let xs = axes(xAxes), ys = axes(yAxes)
        let xStops = Self.pxStops(xs, size: initialWidth), yStops = Self.pxStops(ys, size: initialHeight)
        let xScale = Self.analyze(Self.uvStops(xs, size: initialWidth), size: initialWidth, scale: abs(scaleX))
        // Upstream analyzes the vertical stops against the initial width too.
        let yScale = Self.analyze(Self.uvStops(ys, size: initialHeight), size: initialWidth, scale: abs(scaleY))
        return { point in
            let local = inverse.floatApply(point)
            let x: Float = scaleX == 0 ? 0 : Self.map(Float(local.x), stops: xStops, scale: xScale, size: abs(width)) * (scaleX < 0 ? -1 : 1)
            let y: Float = scaleY == 0 ? 0 : Self.map(Float(local.y), stops: yStops, scale: yScale, size: abs(height)) * (scaleY < 0 ? -1 : 1)
            return world.floatApply(Point(x: Double(x), y: Double(y)))
        }
    }

    /// A path in its own space (whose world transform is `pathWorld`) deformed by a world
    /// point map (`deformLocalRenderPath`): to world, mapped, and back.
    static func deform(_ path: Path, pathWorld: Transform2D, map: (Point) -> Point) -> Path {
        let inverse = pathWorld.floatInvertedOrIdentity()
        func deformed(_ point: Point) -> Point { inverse.floatMap(map(pathWorld.floatMap(point))) }
        var result = Path()
        result.commands = path.commands.map { command in
            switch command {
            case .moveTo(let p): .moveTo(deformed(p))
            case .lineTo(let p): .lineTo(deformed(p))
            case .cubicTo(let c1, let c2, let p): .cubicTo(control1: deformed(c1), control2: deformed(c2), to: deformed(p))
            case .close: .close
            }
        }
        return result
    }
}

/// The n-sliced nodes of one artboard scene, each shape's nearest n-sliced ancestor (whose
/// slicing deforms the shape's paths, upstream's `Shape::m_deformer`), and what each sliced
/// shape was last built from.
struct SceneSlicing {
    /// The n-sliced nodes, by id.
    var nodes: [Int: NSlicedNode] = [:]
    /// Each sliced shape's nearest n-sliced ancestor.
    var slicerOfShape: [Int: Int] = [:]
    /// What each sliced shape was last built from (`signature`).
    var signatures: [Int: [Double]] = [:]

    /// The inputs of a sliced shape's deformation: the slicer's world transform, sizes and
    /// axes, and the world transforms of the shape's paths.
    func signature(shape: Int, slicer: Int, worldTransforms: [Transform2D], paths: [Int], store: PropertyStore) -> [Double] {
        func parts(_ t: Transform2D) -> [Double] { [t.a, t.b, t.c, t.d, t.tx, t.ty] }
        var signature = parts(worldTransforms[slicer])
        signature += [P.nSlicedNodeInitialWidth, P.nSlicedNodeInitialHeight, P.nSlicedNodeWidth, P.nSlicedNodeHeight].map { store.double(slicer, $0) }
        if let node = nodes[slicer] {
            for axis in node.xAxes + node.yAxes { signature += [store.double(axis, P.axisOffset), store.bool(axis, P.axisNormalized, false) ? 1 : 0] }
        }
        for path in paths { signature += parts(worldTransforms[path]) }
        return signature
    }
}
