import RiveFormat
import RiveRendering

private typealias T = RiveTypeKey
private typealias P = RivePropertyKey

/// The skins of one artboard scene: points paths whose vertices follow bones.
///
/// Upstream (`src/bones/skin.cpp`, `tendon.cpp`, `weight.cpp`, `src/shapes/points_path.cpp`,
/// `vertex.cpp`, `cubic_vertex.cpp`): a `Skin` is a child of the `PointsPath` it deforms and
/// holds its bind transform (`xx`…`ty`); each `Tendon` child names a bone and holds the
/// bone's bind transform, whose inverse is taken once. Before a skinned path is built, the
/// skin computes one matrix per tendon, the bone's world transform times the tendon's
/// inverse bind, after a leading identity (index 0 means "no bone"). Each vertex carries a
/// `Weight` (a `CubicWeight` on cubic vertices, with separate weights for the in and out
/// control points): four bone indices and four weights packed one byte each. A point
/// deforms to `Σ(wᵢ/255 · boneᵢ) · (skin · point)`, in world space, and the skinned path's
/// own transform is the identity, so the shape's path composer maps it back into the
/// shape's space through the inverse of the shape's world transform.
struct SceneSkinning {
    /// One tendon: the bone it follows and the inverse of the bone's bind transform.
    struct Tendon {
        let bone: Int
        let inverseBind: Transform2D
    }

    /// A vertex's packed bone indices and weights (one byte per influence, four influences).
    struct Influence {
        let indices: UInt32
        let values: UInt32
    }

    /// A vertex's influences: its position's, and for a cubic weight its control points'.
    struct VertexWeight {
        let position: Influence
        let inPoint: Influence
        let outPoint: Influence
    }

    /// One skin: the path it deforms, that path's shape, its bind transform and tendons.
    struct Skin {
        let path: Int
        let shape: Int
        let world: Transform2D
        let tendons: [Tendon]
    }

    /// The skins by the path they deform.
    private(set) var skinsByPath: [Int: Skin] = [:]
    /// Each weighted vertex's influences, by vertex id.
    private var weights: [Int: VertexWeight] = [:]
    /// Per skinned path, the world transforms its last deformation used: the tendons' bones'
    /// then the shape's (a change to any of them rebuilds the path).
    private var deformedWith: [Int: [Transform2D]] = [:]

    /// No skins (an artboard before its scene reads them).
    init() {}

    /// Whether the artboard has any skin.
    var isEmpty: Bool { skinsByPath.isEmpty }

    /// Reads the skins of an artboard. `parent(id)` and `kind(id)` describe the scene's
    /// components; `owningShape(id)` finds a path's shape. A skin counts only on a points
    /// path inside a shape, with tendons whose bones are bones (upstream reports the others
    /// as missing objects and draws their paths undeformed).
    init(localObjects: [Int?], document: RiveDocument, store: PropertyStore,
         parent: (Int) -> Int?, isPointsPath: (Int) -> Bool, isBone: (Int) -> Bool, owningShape: (Int) -> Int?) {
        var tendonsBySkin: [Int: [Tendon]] = [:]
        for (id, objectIndex) in localObjects.enumerated() {
            guard let objectIndex else { continue }
            let object = document.objects[objectIndex]
            switch object.typeKey {
            case T.tendon:
                guard let skin = parent(id), let bone = object.index(P.tendonBoneId), localObjects.indices.contains(bone), isBone(bone) else { continue }
                let bind = Transform2D(a: store.double(id, P.tendonXx, 1), b: store.double(id, P.tendonXy, 0),
                                       c: store.double(id, P.tendonYx, 0), d: store.double(id, P.tendonYy, 1),
                                       tx: store.double(id, P.tendonTx, 0), ty: store.double(id, P.tendonTy, 0))
                // Upstream keeps the identity when the bind transform cannot be inverted.
                tendonsBySkin[skin, default: []].append(Tendon(bone: bone, inverseBind: bind.floatInvertedOrIdentity()))
            case T.weight, T.cubicWeight:
                guard let vertex = parent(id) else { continue }
                let position = Influence(indices: Self.packed(store.uint(id, P.weightIndices, 1)), values: Self.packed(store.uint(id, P.weightValues, 255)))
                if object.typeKey == T.cubicWeight {
                    weights[vertex] = VertexWeight(
                        position: position,
                        inPoint: Influence(indices: Self.packed(store.uint(id, P.cubicWeightInIndices, 1)), values: Self.packed(store.uint(id, P.cubicWeightInValues, 255))),
                        outPoint: Influence(indices: Self.packed(store.uint(id, P.cubicWeightOutIndices, 1)), values: Self.packed(store.uint(id, P.cubicWeightOutValues, 255))))
                } else {
                    weights[vertex] = VertexWeight(position: position, inPoint: position, outPoint: position)
                }
            default:
                break
            }
        }
        for (id, objectIndex) in localObjects.enumerated() {
            guard let objectIndex, document.objects[objectIndex].typeKey == T.skin,
                  let path = parent(id), isPointsPath(path), let shape = owningShape(path) else { continue }
            let world = Transform2D(a: store.double(id, P.skinXx, 1), b: store.double(id, P.skinXy, 0),
                                    c: store.double(id, P.skinYx, 0), d: store.double(id, P.skinYy, 1),
                                    tx: store.double(id, P.skinTx, 0), ty: store.double(id, P.skinTy, 0))
            skinsByPath[path] = Skin(path: path, shape: shape, world: world, tendons: tendonsBySkin[id] ?? [])
        }
    }

    private static func packed(_ value: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: value) }

    /// The shapes whose skinned paths must be deformed again because a bone they follow or
    /// the shape itself moved since their last deformation.
    func shapesToDeform(worldTransforms: [Transform2D]) -> [Int] {
        var shapes: [Int] = []
        for (path, skin) in skinsByPath {
            guard let previous = deformedWith[path] else {
                shapes.append(skin.shape)
                continue
            }
            var index = 0
            var moved = false
            for tendon in skin.tendons {
                if previous[index] != worldTransforms[tendon.bone] { moved = true; break }
                index += 1
            }
            if moved || previous[index] != worldTransforms[skin.shape] { shapes.append(skin.shape) }
        }
        return shapes
    }

    /// The deformed path of a skinned points path, in world space: its vertices (given in the
    /// path's local space, in path order) deformed, then built like any points path (the
    /// scene maps it into the shape's space through the inverse of the shape's world
    /// transform, as upstream's `PathComposer`). Records the transforms used, for `shapesToDeform`.
    mutating func deformedPath(_ path: Int, vertices: [(id: Int, vertex: PathVertex)], isClosed: Bool,
                               worldTransforms: [Transform2D]) -> Path? {
        guard let skin = skinsByPath[path] else { return nil }
        var bones: [Transform2D] = [.identity]
        bones.reserveCapacity(skin.tendons.count + 1)
        for tendon in skin.tendons { bones.append(worldTransforms[tendon.bone].floatTimes(tendon.inverseBind)) }
        let deformed = vertices.map { id, vertex -> PathVertex in
            guard let weight = weights[id] else { return vertex }
            switch vertex {
            case .straight(let position, let radius):
                return .straight(Self.deform(position, weight.position, skin.world, bones), radius: radius)
            case .cubic(let position, let inPoint, let outPoint):
                return .cubic(Self.deform(position, weight.position, skin.world, bones),
                              in: Self.deform(inPoint, weight.inPoint, skin.world, bones),
                              out: Self.deform(outPoint, weight.outPoint, skin.world, bones))
            }
        }
        deformedWith[path] = skin.tendons.map { worldTransforms[$0.bone] } + [worldTransforms[skin.shape]]
        return Path.points(deformed, isClosed: isClosed)
    }

    /// Upstream's `Weight::deform`, in `Float`: the weighted sum of the bone matrices applied
    /// to the point in the skin's bind space. Indices beyond the tendons read as no bone.
    private static func deform(_ point: Point, _ influence: Influence, _ skinWorld: Transform2D, _ bones: [Transform2D]) -> Point {
        var xx: Float = 0, xy: Float = 0, yx: Float = 0, yy: Float = 0, tx: Float = 0, ty: Float = 0
        for slot in 0..<4 {
            let weight = (influence.values >> (slot * 8)) & 0xFF
            guard weight != 0 else { continue }
            let normalized = Float(weight) / 255
            let index = Int((influence.indices >> (slot * 8)) & 0xFF)
            guard bones.indices.contains(index) else { continue }
            let bone = bones[index]
            xx += Float(bone.a) * normalized
            xy += Float(bone.b) * normalized
            yx += Float(bone.c) * normalized
            yy += Float(bone.d) * normalized
            tx += Float(bone.tx) * normalized
            ty += Float(bone.ty) * normalized
        }
        let sum = Transform2D(a: Double(xx), b: Double(xy), c: Double(yx), d: Double(yy), tx: Double(tx), ty: Double(ty))
        return sum.floatApply(skinWorld.floatApply(point))
    }
}
