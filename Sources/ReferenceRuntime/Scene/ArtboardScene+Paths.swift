import RiveFormat
import RiveRendering

private typealias T = RiveTypeKey
private typealias P = RivePropertyKey

/// Shape paths: each path component's geometry, and a shape's paths composed in its own space
/// or in world space, as upstream's `PathComposer`.
extension ArtboardScene {
    /// The shape's paths combined in the shape's space, as upstream's `PathComposer`: each
    /// path (in its own space, rebuilt when `rebuildingGeometry` or not built yet) mapped
    /// through the inverse of the shape's world transform times the path's, in `Float`.
    func buildPath(of shape: Int, rebuildingGeometry: Bool) -> Path {
        var combined = Path()
        var paths: [Int] = []
        let slice = slicing.slicerOfShape[shape].flatMap { slicing.nodes[$0]?.worldPointMap(store: store, world: worldTransforms[$0]) }
        // Written only when the shape's paths changed (a shape that moves rebuilds every frame).
        defer { if pathsOfShape[shape] != paths { pathsOfShape[shape] = paths } }
        var stack = components[shape]?.children.reversed().map { $0 } ?? []
        while let id = stack.popLast() {
            guard let component = components[id] else { continue }
            switch component.kind {
            case .rectangle, .ellipse, .pointsPath, .polygon:
                // Upstream's path composer leaves out paths a solo inside the shape collapses.
                if isCollapsed(id, below: shape) { continue }
                let isSkinned = component.kind == .pointsPath && skinning.skinsByPath[id] != nil
                if rebuildingGeometry || pathSpacePaths[id] == nil {
                    if isSkinned {
                        let vertices = component.children.compactMap { child in vertex(child).map { (id: child, vertex: $0) } }
                        pathSpacePaths[id] = skinning.deformedPath(id, vertices: vertices, isClosed: store.bool(id, P.pointsCommonPathIsClosed, false),
                                                                   worldTransforms: worldTransforms)
                    } else {
                        pathSpacePaths[id] = localPath(id, kind: component.kind)
                        if let slice, let path = pathSpacePaths[id] {
                            pathSpacePaths[id] = NSlicedNode.deform(path, pathWorld: worldTransforms[id], map: slice)
                        }
                    }
                }
                guard let path = pathSpacePaths[id] else { continue }
                paths.append(id)
                // A skinned path is in world space: its own transform is the identity (PointsPath::pathTransform).
                let toShape = worldTransforms[shape].floatInvertedOrIdentity().floatTimes(isSkinned ? .identity : worldTransforms[id])
                composedWith[id] = toShape
                combined.commands.reserveCapacity(combined.commands.count + path.commands.count)
                for command in path.commands { combined.commands.append(command.floatMapped(by: toShape)) }
            case .node, .bone:
                stack.append(contentsOf: component.children.reversed())
            default:
                break
            }
        }
        return combined
    }

    /// Whether composing a shape again would give the path it has: its paths are the same, none
    /// is skinned, and each maps into the shape's space through the same transform as when
    /// the shape was last composed (a shape that moves with its paths keeps its path).
    func composesAsBefore(_ shape: Int) -> Bool {
        guard shapePaths[shape] != nil, slicing.slicerOfShape[shape] == nil, let paths = pathsOfShape[shape] else { return false }
        let toLocal = worldTransforms[shape].floatInvertedOrIdentity()
        for id in paths {
            guard skinning.skinsByPath[id] == nil, let before = composedWith[id],
                  toLocal.floatTimes(worldTransforms[id]) == before, !isCollapsed(id, below: shape) else { return false }
        }
        return true
    }

    /// A shape's paths in world space, as upstream's world path (`PathComposer`, for clips
    /// and strokes the transform does not affect): each path mapped through its own world
    /// transform (a skinned path is already in world space), in `Float`.
    func worldPath(ofShape shape: Int) -> Path {
        var combined = Path()
        for id in pathsOfShape[shape] ?? [] {
            guard let path = pathSpacePaths[id] else { continue }
            if skinning.skinsByPath[id] != nil {
                combined.commands += path.commands
            } else {
                let world = worldTransforms[id]
                combined.commands += path.commands.map { $0.floatMapped(by: world) }
            }
        }
        return combined
    }

    func localPath(_ id: Int, kind: Kind) -> Path {
        switch kind {
        case .rectangle:
            let link = store.bool(id, P.rectangleLinkCornerRadius, true)
            let topLeft = store.double(id, P.rectangleCornerRadiusTL)
            let radii = [topLeft, link ? topLeft : store.double(id, P.rectangleCornerRadiusTR),
                         link ? topLeft : store.double(id, P.rectangleCornerRadiusBR), link ? topLeft : store.double(id, P.rectangleCornerRadiusBL)]
            return Path.points(FloatVertices.rectangle(width: store.double(id, P.parametricPathWidth), height: store.double(id, P.parametricPathHeight),
                                                       originX: store.double(id, P.parametricPathOriginX, 0.5), originY: store.double(id, P.parametricPathOriginY, 0.5),
                                                       radii: radii), isClosed: true)
        case .ellipse:
            return Path.points(FloatVertices.ellipse(width: store.double(id, P.parametricPathWidth), height: store.double(id, P.parametricPathHeight),
                                                     originX: store.double(id, P.parametricPathOriginX, 0.5), originY: store.double(id, P.parametricPathOriginY, 0.5)),
                               isClosed: true)
        case .polygon:
            return polygonPath(id)
        default:
            let vertices = (components[id]?.children ?? []).compactMap { vertex($0) }
            return Path.points(vertices, isClosed: store.bool(id, P.pointsCommonPathIsClosed, false))
        }
    }

    func vertex(_ id: Int) -> PathVertex? {
        guard let component = components[id], component.kind == .vertex else { return nil }
        let position = Point(x: store.double(id, P.vertexX), y: store.double(id, P.vertexY))
        switch component.typeKey {
        // Control points in Float, as upstream's CubicVertex::computeIn/computeOut.
        case T.cubicMirroredVertex:
            let rotation = store.double(id, P.cubicMirroredVertexRotation), distance = store.double(id, P.cubicMirroredVertexDistance)
            return .cubic(position, in: FloatVertices.control(position, rotation: rotation, distance: distance, sign: -1),
                          out: FloatVertices.control(position, rotation: rotation, distance: distance, sign: 1))
        case T.cubicAsymmetricVertex:
            let rotation = store.double(id, P.cubicAsymmetricVertexRotation)
            return .cubic(position, in: FloatVertices.control(position, rotation: rotation, distance: store.double(id, P.cubicAsymmetricVertexInDistance), sign: -1),
                          out: FloatVertices.control(position, rotation: rotation, distance: store.double(id, P.cubicAsymmetricVertexOutDistance), sign: 1))
        case T.cubicDetachedVertex:
            return .cubic(position, in: FloatVertices.control(position, rotation: store.double(id, P.cubicDetachedVertexInRotation),
                                                              distance: store.double(id, P.cubicDetachedVertexInDistance), sign: 1),
                          out: FloatVertices.control(position, rotation: store.double(id, P.cubicDetachedVertexOutRotation),
                                                     distance: store.double(id, P.cubicDetachedVertexOutDistance), sign: 1))
        default:
            return .straight(position, radius: store.double(id, P.straightVertexRadius))
        }
    }

    static func transformed(_ command: PathCommand, by transform: Transform2D) -> PathCommand {
        switch command {
        case .moveTo(let p): .moveTo(transform.apply(p))
        case .lineTo(let p): .lineTo(transform.apply(p))
        case .cubicTo(let c1, let c2, let p): .cubicTo(control1: transform.apply(c1), control2: transform.apply(c2), to: transform.apply(p))
        case .close: .close
        }
    }
}
