import RiveFormat
import RiveRendering

private typealias T = RiveTypeKey
private typealias P = RivePropertyKey

/// The drawable scene of one artboard instance: its component tree, world transforms, shape
/// paths and paints, built once from the file layout and updated only where values changed.
///
/// Every value is read from the artboard's `PropertyStore`, so data binds, animations and
/// listeners drive the scene by writing the store. `update()` takes the objects the store
/// saw change and recomputes only what depends on them: the world transforms and opacities
/// of a changed node's subtree, the path of a shape whose path or vertices changed. Drawing
/// follows upstream (`Artboard::draw`, `Shape::draw`): the artboard's background paints,
/// then the drawables from the last in file order to the first, so what the editor lists
/// first is drawn on top; each shape draws its visible paints in child order.
///
/// This file holds the scene's state and how it is built; its behaviour is in extensions by
/// concern: `+Updating` (changes, transforms, draw order), `+Paths`, `+Reading`, `+Drawing`,
/// `+Solos`, and the clipping shapes' in ClippingShapes.swift.
final class ArtboardScene {
    /// What a component is, as far as the scene is concerned.
    enum Kind: Equatable {
        case artboard
        /// A transform component that draws nothing itself (Node and other groups).
        case node
        /// A `LayoutComponent`: a node placed as upstream places it without a layout engine
        /// (LayoutComponents.swift); it draws nothing itself.
        case layout
        case shape
        case rectangle
        case ellipse
        case pointsPath
        /// A polygon, star or triangle (ParametricShapes.swift).
        case polygon
        case vertex
        case fill
        case stroke
        case solidColor
        /// A linear or radial gradient (a paint's shader, like a solid color).
        case gradient
        /// A gradient's color stop.
        case gradientStop
        /// A clipping shape: clips everything under its parent to the shapes under its source.
        case clippingShape
        /// A nested artboard host (`NestedArtboard`): a drawable node that draws another artboard instance.
        case nestedArtboard
        /// An `ArtboardComponentList`: a drawable node that draws one artboard instance per
        /// item of a view-model list (ComponentLists.swift).
        case componentList
        /// A bone or root bone: a transform component that draws nothing (see Skinning.swift).
        case bone
        /// Anything the scene does not take part in (data, interpolators, unsupported types).
        case other
    }

    /// One component: its kind, parent and children by artboard-local id.
    struct Component {
        let kind: Kind
        let typeKey: UInt32
        var parent: Int?
        var children: [Int] = []
    }

    /// The artboard instance's property values, which every part of the scene reads.
    let store: PropertyStore
    /// The components by artboard-local id. Written only while the scene is built, then read
    /// by every update and draw, so its exclusivity is enforced statically only.
    @exclusivity(unchecked)
    private(set) var components: [Component?]
    /// The drawables (shapes and nested artboards) in draw order (bottom first).
    var drawOrder: [Int] = []
    /// Draws the nested artboard (or the component list items) hosted by a component, given the host's render opacity
    /// (set by the artboard instance that owns the nested instances; see NestedArtboards.swift).
    var drawNestedArtboard: ((_ host: Int, _ renderer: any Renderer, _ hostOpacity: Double) -> Void)?
    /// For a nested artboard: maps a point of the host's space (after this artboard's own
    /// transform) into the root artboard's space (upstream `NestedArtboard::hostTransformPoint`).
    var hostRootTransform: ((Point) -> Point)?
    /// The clipping shapes, what each clips, and the draw list's clip operations (ClippingShapes.swift).
    var clipping = SceneClips()
    /// For each solo, its selectable children (id and name, in child order): every child but
    /// constraints, clipping shapes and focus and semantic data, as upstream's `isSoloSetMember`.
    private(set) var soloMembers: [Int: [(id: Int, name: String)]] = [:]
    /// The constraints and the order they apply in (Constraints.swift).
    private(set) var constraints = SceneConstraints()

    // The transforms, opacities, paths and dirty lists below are read and written by every
    // `update()` and draw, so their exclusivity is enforced statically only: every write is an
    // append, or an assignment of a value computed before the access begins, and no access
    // spans a call that could reach the same property.

    /// Each component's world transform (constraints rewrite those of constrained components).
    @exclusivity(unchecked)
    var worldTransforms: [Transform2D]
    /// Each component's render opacity: its own times its parent's, in `Float` as upstream.
    @exclusivity(unchecked)
    var renderOpacities: [Double]
    /// Whether upstream's dependency sort meets a cycle before it places the artboard
    /// (`ArtboardValidation.hasDependencyCycle`): the artboard's render opacity then stays 0,
    /// so it draws nothing.
    let artboardIsNeverUpdated: Bool
    /// Each shape's path in its own space, by shape id (`nil` for other components).
    @exclusivity(unchecked)
    var shapePaths: [Path?]
    /// Each path component's path in its own space (a skinned path's in world space), by id,
    /// kept so a shape that only moves is re-composed without rebuilding its geometry.
    @exclusivity(unchecked)
    var pathSpacePaths: [Path?]
    /// Each shape's path components in the order its path combines them.
    @exclusivity(unchecked)
    var pathsOfShape: [Int: [Int]] = [:]
    /// Each path's transform into its shape's space when the shape was last composed, by path id.
    @exclusivity(unchecked)
    var composedWith: [Transform2D?]
    /// Each node's transform properties in the store, found on first use (`localTransform`).
    @exclusivity(unchecked)
    var transformHandles: [TransformHandles?]
    /// The shapes whose paths must be composed again because their or their paths' world
    /// transforms changed, and a flag per component saying whether it is in that list.
    @exclusivity(unchecked)
    var composeDirty: [Int] = []
    @exclusivity(unchecked)
    var isComposeDirty: [Bool]
    /// The components whose subtree's transforms need recomputing, and a flag per component
    /// saying whether it is in that list. (These lists and flags, and the paths' below, are
    /// used by every `update()`, so their exclusivity is enforced statically only: every write
    /// is an append or an assignment of a value computed before the access begins.)
    @exclusivity(unchecked)
    var transformDirty: [Int] = []
    @exclusivity(unchecked)
    var isTransformDirty: [Bool]
    /// How many shape paths the scene has built since it was created (each shape once, then
    /// only when its geometry changes), so a loop can check nothing is rebuilt per frame.
    var pathBuildCount = 0
    /// The shapes whose paths need rebuilding, and a flag per component saying whether it is in that list.
    @exclusivity(unchecked)
    var pathDirty: [Int] = []
    /// The fill rule the artboard's clip is recorded with. Upstream clips with the artboard's
    /// local render path, created clockwise (include/rive/shapes/shape_paint_path.hpp); a
    /// non-clockwise background fill draws through the same render path object and sets its
    /// rule (src/shapes/paint/shape_paint.cpp, `ShapePaint::draw`; src/shapes/paint/fill.cpp,
    /// `Fill::pickPath`), so from the next frame on the clip carries that fill's rule.
    var artboardPathFillRule: FillRule = .clockwise
    /// By shape, the fill rule its local render path has, which an inner feather's clip is
    /// recorded with: upstream's composer makes that path clockwise
    /// (include/rive/shapes/shape_paint_path.hpp) and every nonZero or evenOdd fill of the
    /// shape drawing it, without an effect or an inner feather, sets its rule on it
    /// (`ShapePaint::draw`), so the clip takes the last such fill's rule (this frame or an
    /// earlier one); a shape missing here has not drawn one yet.
    var shapePathFillRules: [Int: FillRule] = [:]
    /// Whether the artboard's record stores `clip`.
    private let clipIsAuthored: Bool
    /// Whether layout components compose their own x, y, rotation and scale (files of
    /// version 7.3 and later; see LayoutComponents.swift).
    let layoutsComposeTransform: Bool
    /// For a layout-hosted nested artboard (`NestedArtboardLayout`, `NestedArtboardLeaf`), the
    /// artboard instance it shows (set by the artboard instance; LayoutComponents.swift).
    var layoutHostedScene: ((_ host: Int) -> ArtboardScene?)?

    /// Whether the artboard clips its content to its bounds. Unless the file stores `clip` or
    /// something wrote it, it does: upstream's `Artboard` constructor sets `clip` to true over
    /// the property's schema default of false (src/artboard.cpp, `Artboard::Artboard`).
    var clips: Bool {
        let key = PropertyStore.Key(object: 0, property: P.layoutComponentClip)
        return clipIsAuthored || store.revision(key) > 0 ? store.bool(0, P.layoutComponentClip, true) : true
    }
    /// Whether each component is in `pathDirty`.
    @exclusivity(unchecked)
    var isPathDirty: [Bool]
    /// The skinned paths and what deforms them (Skinning.swift).
    @exclusivity(unchecked)
    var skinning = SceneSkinning()
    /// The n-sliced nodes and the shapes they deform (NSlicedNodes.swift); read by every
    /// update, so its exclusivity is enforced statically only.
    @exclusivity(unchecked)
    var slicing = SceneSlicing()
    /// The draw rules and targets that reorder the drawables (DrawRules.swift), the drawables
    /// in file order, and whether a rule's or target's change asks for a new draw order.
    var drawRules = DrawRules()
    var drawablesInFileOrder: [Int] = []
    var isDrawOrderDirty = false
    /// The work list of `updateTransforms(from:)`, kept to reuse its storage.
    var transformStack: [Int] = []
    /// The component tree as the transform updates walk it, built with the scene: plain
    /// values in a class's constant arrays, so a walk retains the class once and nothing per
    /// component (reading a `Component`'s children retained its array).
    @exclusivity(unchecked)
    var transformWalk = TransformWalk(components: [])

    /// Each component's kind, parent (-1 for none), children (a range of `children`), for
    /// a path, the shape it belongs to (-1 for none), and whether its parent is a world
    /// transform component.
    final class TransformWalk {
        struct Node {
            let kind: Kind?
            let parent: Int32
            let firstChild: Int32
            let childCount: Int32
            let shape: Int32
            /// Whether the parent is a `WorldTransformComponent`: upstream's
            /// `TransformComponent::onAddedClean` keeps a parent transform only then, so a
            /// transform component under anything else (a nested state machine, say) has its
            /// local transform as its world transform and its own opacity.
            let parentIsWorldTransform: Bool
            /// Whether a nested animation (a nested state machine, say) is among the
            /// ancestors: upstream's `NestedAnimation` adds itself to no component's
            /// dependents, so `Artboard::sortDependencies` never reaches it nor anything under
            /// it, and those components are never updated (world transform identity, render
            /// opacity 0, `TransformComponent`'s initial values).
            let isUnreached: Bool
        }
        let nodes: [Node]
        let children: [Int]

        init(components: [Component?], shapeOfPath: [Int: Int] = [:]) {
            var nodes: [Node] = []
            var children: [Int] = []
            nodes.reserveCapacity(components.count)
            var unreached: [Bool?] = Array(repeating: nil, count: components.count)
            func isUnreached(_ id: Int) -> Bool {
                if let known = unreached[id] { return known }
                unreached[id] = false // a parent cycle ends here
                var result = false
                if let parent = components[id]?.parent, components.indices.contains(parent), let parentComponent = components[parent] {
                    result = RiveSchema.isType(parentComponent.typeKey, a: RiveTypeKey.nestedAnimation) || isUnreached(parent)
                }
                unreached[id] = result
                return result
            }
            for (id, component) in components.enumerated() {
                let parentType = component?.parent.flatMap { components.indices.contains($0) ? components[$0]?.typeKey : nil }
                nodes.append(Node(kind: component?.kind, parent: Int32(component?.parent ?? -1), firstChild: Int32(children.count),
                                  childCount: Int32(component?.children.count ?? 0), shape: Int32(shapeOfPath[id] ?? -1),
                                  parentIsWorldTransform: parentType.map { RiveSchema.isType($0, a: RiveTypeKey.worldTransformComponent) } ?? false,
                                  isUnreached: isUnreached(id)))
                children += component?.children ?? []
            }
            self.nodes = nodes
            self.children = children
        }
    }
    /// The paints' path effects (PathEffects.swift).
    var pathEffects = PathEffects()
    /// Each paint's feather, by paint id (Feathers.swift).
    var feathers: [Int: Int] = [:]

    /// Builds the scene of an artboard; values come from `store` (keyed by artboard-local id).
    init(localObjects: [Int?], document: RiveDocument, store: PropertyStore) {
        self.store = store
        layoutsComposeTransform = document.header.majorVersion > 7 || (document.header.majorVersion == 7 && document.header.minorVersion >= 3)
        clipIsAuthored = localObjects.first.flatMap { $0 }.map { document.objects[$0].storedValue(P.layoutComponentClip) != nil } ?? false
        components = localObjects.enumerated().map { local, objectIndex in
            guard let objectIndex else { return nil }
            let object = document.objects[objectIndex]
            let kind = Self.kind(of: object, local: local)
            let parent = local == 0 ? nil : object.index(P.componentParentId) ?? 0
            return Component(kind: kind, typeKey: object.typeKey, parent: parent)
        }
        worldTransforms = Array(repeating: .identity, count: localObjects.count)
        renderOpacities = Array(repeating: 1, count: localObjects.count)
        artboardIsNeverUpdated = ArtboardValidation.hasDependencyCycle(localObjects, document: document)
        shapePaths = Array(repeating: nil, count: localObjects.count)
        pathSpacePaths = Array(repeating: nil, count: localObjects.count)
        isComposeDirty = Array(repeating: false, count: localObjects.count)
        isTransformDirty = Array(repeating: false, count: localObjects.count)
        isPathDirty = Array(repeating: false, count: localObjects.count)
        transformHandles = Array(repeating: nil, count: localObjects.count)
        composedWith = Array(repeating: nil, count: localObjects.count)
        for id in components.indices {
            guard let parent = components[id]?.parent else { continue }
            if !components.indices.contains(parent) || components[parent] == nil || parent == id {
                components[id]?.parent = nil
            }
        }
        // Only components that reach the artboard through their parents take part (upstream
        // drops the rest); cutting the others loose also breaks parent cycles in damaged files,
        // so every walk up or down the tree ends.
        let detached = components.indices.filter { $0 != 0 && !isAttached($0) }
        for id in detached { components[id]?.parent = nil }
        for id in components.indices {
            guard let parent = components[id]?.parent else { continue }
            components[parent]?.children.append(id)
        }
        drawOrder = components.indices.filter { [.shape, .nestedArtboard, .componentList].contains(components[$0]?.kind) && isAttached($0) }.reversed()
        let shapeOrder = drawOrder.filter { components[$0]?.kind == .shape }
        constraints = SceneConstraints(scene: self, localObjects: localObjects, document: document)
        for solo in components.indices where components[solo]?.typeKey == T.solo {
            soloMembers[solo] = (components[solo]?.children ?? []).compactMap { child in
                guard let objectIndex = localObjects[child] else { return nil }
                let object = document.objects[objectIndex]
                if object.isType(T.constraint) || object.isType(T.clippingShape) || object.isType(T.focusData) || object.isType(T.semanticData) { return nil }
                return (child, object.string(P.componentName) ?? "")
            }
        }
        // Upstream's ClippingShape::onAddedClean: every drawable under the clipping shape's
        // parent is clipped by it; the clip is the shapes under its source node, in the order
        // of a depth-first walk from the source (`Component::forAll`), children in file order.
        for clip in components.indices where components[clip]?.kind == .clippingShape && isAttached(clip) {
            guard let parent = components[clip]?.parent else { continue }
            let source = document.objects[localObjects[clip]!].index(P.clippingShapeSourceId)
            clipping.sources[clip] = source.map { source in shapesDepthFirst(from: source) } ?? []
            for shape in drawOrder where isUnder(shape, parent) { clipping.clipsByDrawable[shape, default: []].append(clip) }
        }
        drawablesInFileOrder = drawOrder.reversed()
        drawRules = DrawRules(localObjects: localObjects, document: document, parent: { self.components[$0]?.parent }, drawables: drawablesInFileOrder)
        sortDrawOrder()
        clipping.pathShapes = Set(components.indices.compactMap { id in
            [.rectangle, .ellipse, .pointsPath, .polygon].contains(components[id]?.kind) ? owningShape(of: id) : nil
        })
        pathEffects = PathEffects(components: components, store: store)
        feathers = Self.feathers(of: components)
        var shapeOfPath: [Int: Int] = [:]
        for id in components.indices where [.rectangle, .ellipse, .pointsPath, .polygon].contains(components[id]?.kind) {
            shapeOfPath[id] = owningShape(of: id)
        }
        transformWalk = TransformWalk(components: components, shapeOfPath: shapeOfPath)
        skinning = SceneSkinning(localObjects: localObjects, document: document, store: store, parent: { self.components[$0]?.parent },
                                 isPointsPath: { self.components[$0]?.kind == .pointsPath }, isBone: { self.components[$0]?.kind == .bone },
                                 owningShape: { self.owningShape(of: $0) })
        slicing.nodes = NSlicedNode.nodes(localObjects: localObjects, document: document)
        if !slicing.nodes.isEmpty {
            for id in components.indices where components[id]?.kind == .shape {
                var current = components[id]?.parent
                while let parent = current {
                    if slicing.nodes[parent] != nil { slicing.slicerOfShape[id] = parent; break }
                    current = components[parent]?.parent
                }
            }
        }
        if !components.isEmpty { markTransformDirty(0) }
        for shape in shapeOrder { markPathDirty(shape) }
        update()
    }

    /// The attached shapes at and under a component, depth first with children in file order.
    private func shapesDepthFirst(from root: Int) -> [Int] {
        guard components.indices.contains(root), components[root] != nil, root == 0 || isAttached(root) else { return [] }
        var shapes: [Int] = []
        var pending = [root]
        while let id = pending.popLast() {
            if components[id]?.kind == .shape { shapes.append(id) }
            pending.append(contentsOf: (components[id]?.children ?? []).reversed())
        }
        return shapes
    }

    /// Whether `id` is `ancestor` or hangs below it.
    private func isUnder(_ id: Int, _ ancestor: Int) -> Bool {
        var current: Int? = id
        var steps = 0
        while let node = current, steps <= components.count {
            if node == ancestor { return true }
            current = components[node]?.parent
            steps += 1
        }
        return false
    }

    /// Whether a component hangs off the artboard through its parents (upstream drops the rest).
    private func isAttached(_ id: Int) -> Bool {
        var current = id
        var steps = 0
        while let parent = components[current]?.parent {
            current = parent
            steps += 1
            if steps > components.count { return false }
        }
        return current == 0
    }

    static func kind(of object: RiveObject, local: Int) -> Kind {
        if local == 0 { return .artboard }
        switch object.typeKey {
        case T.shape: return .shape
        case T.rectangle: return .rectangle
        case T.ellipse: return .ellipse
        case T.pointsPath: return .pointsPath
        case T.polygon, T.star, T.triangle: return .polygon
        case T.straightVertex, T.cubicMirroredVertex, T.cubicDetachedVertex, T.cubicAsymmetricVertex: return .vertex
        case T.fill: return .fill
        case T.stroke: return .stroke
        case T.solidColor: return .solidColor
        case T.linearGradient, T.radialGradient: return .gradient
        case T.gradientStop: return .gradientStop
        case T.clippingShape: return .clippingShape
        case T.node, T.solo, T.nSlicedNode: return .node
        case T.layoutComponent: return .layout
        case T.nestedArtboard, T.nestedArtboardLayout, T.nestedArtboardLeaf: return .nestedArtboard
        case T.artboardComponentList: return .componentList
        case T.bone, T.rootBone: return .bone
        default: return .other
        }
    }
}
