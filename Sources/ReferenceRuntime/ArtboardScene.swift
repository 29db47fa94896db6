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

    let store: PropertyStore
    /// The components by artboard-local id. Written only while the scene is built, then read
    /// by every update and draw, so its exclusivity is enforced statically only.
    @exclusivity(unchecked)
    private(set) var components: [Component?]
    /// The drawables (shapes and nested artboards) in draw order (bottom first).
    private(set) var drawOrder: [Int] = []
    /// Draws the nested artboard (or the component list items) hosted by a component, given the host's render opacity
    /// (set by the artboard instance that owns the nested instances; see NestedArtboards.swift).
    var drawNestedArtboard: ((_ host: Int, _ renderer: any Renderer, _ hostOpacity: Double) -> Void)?
    /// For a nested artboard: maps a point of the host's space (after this artboard's own
    /// transform) into the root artboard's space (upstream `NestedArtboard::hostTransformPoint`).
    var hostRootTransform: ((Point) -> Point)?
    /// For each clipped drawable, the clipping shapes that clip it, in file order (the order
    /// upstream's `ClippingShape::onAddedClean` adds them).
    private var clipsByShape: [Int: [Int]] = [:]
    /// The drawables with clip starts and ends between them (ClippingShapes.swift).
    private var clipOperations: [ClipOperation] = []
    /// Whether each of `clipOperations` saves and restores (upstream's needsSaveOperation).
    private var clipOperationSaves: [Bool] = []
    /// Whether a clipping shape changed since `clipOperationSaves` was decided.
    private var areClipSavesDirty = false
    /// The shapes that hold at least one path.
    private var pathShapes: Set<Int> = []
    /// For each clipping shape, the shapes whose paths make its clip (those under its source).
    private var clipSources: [Int: [Int]] = [:]
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
    @exclusivity(unchecked)
    private var renderOpacities: [Double]
    /// Each shape's path in its own space, by shape id (`nil` for other components).
    @exclusivity(unchecked)
    private var shapePaths: [Path?]
    /// Each path component's path in its own space (a skinned path's in world space), by id,
    /// kept so a shape that only moves is re-composed without rebuilding its geometry.
    @exclusivity(unchecked)
    private var pathSpacePaths: [Path?]
    /// Each shape's path components in the order its path combines them.
    @exclusivity(unchecked)
    private var pathsOfShape: [Int: [Int]] = [:]
    /// Each path's transform into its shape's space when the shape was last composed, by path id.
    @exclusivity(unchecked)
    private var composedWith: [Transform2D?]
    /// Each node's transform properties in the store, found on first use (`localTransform`).
    @exclusivity(unchecked)
    private var transformHandles: [TransformHandles?]
    /// The shapes whose paths must be composed again because their or their paths' world
    /// transforms changed, and a flag per component saying whether it is in that list.
    @exclusivity(unchecked)
    private var composeDirty: [Int] = []
    @exclusivity(unchecked)
    private var isComposeDirty: [Bool]
    /// The components whose subtree's transforms need recomputing, and a flag per component
    /// saying whether it is in that list. (These lists and flags, and the paths' below, are
    /// used by every `update()`, so their exclusivity is enforced statically only: every write
    /// is an append or an assignment of a value computed before the access begins.)
    @exclusivity(unchecked)
    private var transformDirty: [Int] = []
    @exclusivity(unchecked)
    private var isTransformDirty: [Bool]
    /// How many shape paths the scene has built since it was created (each shape once, then
    /// only when its geometry changes), so a loop can check nothing is rebuilt per frame.
    private(set) var pathBuildCount = 0
    /// The shapes whose paths need rebuilding, and a flag per component saying whether it is in that list.
    @exclusivity(unchecked)
    private var pathDirty: [Int] = []
    /// The fill rule the artboard's clip is recorded with. Upstream clips with the artboard's
    /// local render path, created clockwise (include/rive/shapes/shape_paint_path.hpp); a
    /// non-clockwise background fill draws through the same render path object and sets its
    /// rule (src/shapes/paint/shape_paint.cpp, `ShapePaint::draw`; src/shapes/paint/fill.cpp,
    /// `Fill::pickPath`), so from the next frame on the clip carries that fill's rule.
    private var artboardPathFillRule: FillRule = .clockwise
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
    private var clips: Bool {
        let key = PropertyStore.Key(object: 0, property: P.layoutComponentClip)
        return clipIsAuthored || store.revision(key) > 0 ? store.bool(0, P.layoutComponentClip, true) : true
    }
    @exclusivity(unchecked)
    private var isPathDirty: [Bool]
    /// The skinned paths and what deforms them (Skinning.swift).
    @exclusivity(unchecked)
    private var skinning = SceneSkinning()
    /// The n-sliced nodes (NSlicedNodes.swift), and each shape's nearest n-sliced ancestor,
    /// whose slicing deforms the shape's paths (upstream's `Shape::m_deformer`).
    private var nSlicedNodes: [Int: NSlicedNode] = [:]
    private var slicerOfShape: [Int: Int] = [:]
    /// What each sliced shape was last built from (`slicingSignature`).
    private var slicingSignatures: [Int: [Double]] = [:]

    /// The inputs of a sliced shape's deformation: the slicer's world transform, sizes and
    /// axes, and the world transforms of the shape's paths.
    private func slicingSignature(shape: Int, slicer: Int) -> [Double] {
        func parts(_ t: Transform2D) -> [Double] { [t.a, t.b, t.c, t.d, t.tx, t.ty] }
        var signature = parts(worldTransforms[slicer])
        signature += [P.nSlicedNodeInitialWidth, P.nSlicedNodeInitialHeight, P.nSlicedNodeWidth, P.nSlicedNodeHeight].map { store.double(slicer, $0) }
        if let node = nSlicedNodes[slicer] {
            for axis in node.xAxes + node.yAxes { signature += [store.double(axis, P.axisOffset), store.bool(axis, P.axisNormalized, false) ? 1 : 0] }
        }
        for path in pathsOfShape[shape] ?? [] { signature += parts(worldTransforms[path]) }
        return signature
    }
    /// The draw rules and targets that reorder the drawables (DrawRules.swift), the drawables
    /// in file order, and whether a rule's or target's change asks for a new draw order.
    private var drawRules = DrawRules()
    private var drawablesInFileOrder: [Int] = []
    private var isDrawOrderDirty = false
    /// The work list of `updateTransforms(from:)`, kept to reuse its storage.
    private var transformStack: [Int] = []
    /// The component tree as the transform updates walk it, built with the scene: plain
    /// values in a class's constant arrays, so a walk retains the class once and nothing per
    /// component (reading a `Component`'s children retained its array).
    @exclusivity(unchecked)
    private var transformWalk = TransformWalk(components: [])

    /// Each component's kind, parent (-1 for none), children (a range of `children`) and, for
    /// a path, the shape it belongs to (-1 for none).
    private final class TransformWalk {
        struct Node {
            let kind: Kind?
            let parent: Int32
            let firstChild: Int32
            let childCount: Int32
            let shape: Int32
        }
        let nodes: [Node]
        let children: [Int]

        init(components: [Component?], shapeOfPath: [Int: Int] = [:]) {
            var nodes: [Node] = []
            var children: [Int] = []
            nodes.reserveCapacity(components.count)
            for (id, component) in components.enumerated() {
                nodes.append(Node(kind: component?.kind, parent: Int32(component?.parent ?? -1), firstChild: Int32(children.count),
                                  childCount: Int32(component?.children.count ?? 0), shape: Int32(shapeOfPath[id] ?? -1)))
                children += component?.children ?? []
            }
            self.nodes = nodes
            self.children = children
        }
    }
    /// The paints' path effects (PathEffects.swift).
    private var pathEffects = PathEffects()
    /// Each paint's feather, by paint id (Feathers.swift).
    private var feathers: [Int: Int] = [:]

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
            clipSources[clip] = source.map { source in shapesDepthFirst(from: source) } ?? []
            for shape in drawOrder where isUnder(shape, parent) { clipsByShape[shape, default: []].append(clip) }
        }
        drawablesInFileOrder = drawOrder.reversed()
        drawRules = DrawRules(localObjects: localObjects, document: document, parent: { self.components[$0]?.parent }, drawables: drawablesInFileOrder)
        sortDrawOrder()
        pathShapes = Set(components.indices.compactMap { id in
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
        nSlicedNodes = NSlicedNode.nodes(localObjects: localObjects, document: document)
        if !nSlicedNodes.isEmpty {
            for id in components.indices where components[id]?.kind == .shape {
                var current = components[id]?.parent
                while let parent = current {
                    if nSlicedNodes[parent] != nil { slicerOfShape[id] = parent; break }
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

    private static func kind(of object: RiveObject, local: Int) -> Kind {
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

    // MARK: Updating

    /// Recomputes what the store's changes since the last update affect.
    ///
    /// The dirty lists and flags are moved into locals while they are walked (one checked
    /// access each per update instead of one per component).
    func update() {
        if store.hasChangedObjects { takeChanges() }
        if isDrawOrderDirty {
            isDrawOrderDirty = false
            areClipSavesDirty = false
            sortDrawOrder()
        }
        if areClipSavesDirty {
            areClipSavesDirty = false
            updateClipOperationSaves()
        }
        if !transformDirty.isEmpty { updateDirtyTransforms() }
        if !skinning.isEmpty {
            for shape in skinning.shapesToDeform(worldTransforms: worldTransforms) { markPathDirty(shape) }
        }
        // A sliced path depends on the slicer's axes, size and world transform and on its own
        // world transform: a shape under an n-sliced node is rebuilt when one of them moved.
        for (shape, slicer) in slicerOfShape {
            let signature = slicingSignature(shape: shape, slicer: slicer)
            if slicingSignatures[shape] != signature {
                slicingSignatures[shape] = signature
                markPathDirty(shape)
            }
        }
        if !composeDirty.isEmpty {
            for shape in composeDirty {
                if !isPathDirty[shape], !composesAsBefore(shape) { shapePaths[shape] = buildPath(of: shape, rebuildingGeometry: false) }
                isComposeDirty[shape] = false
            }
            composeDirty.removeAll(keepingCapacity: true)
        }
        if !pathDirty.isEmpty {
            for shape in pathDirty {
                shapePaths[shape] = buildPath(of: shape, rebuildingGeometry: true)
                pathBuildCount += 1
                isPathDirty[shape] = false
            }
            pathDirty.removeAll(keepingCapacity: true)
        }
    }

    /// Upstream's `Artboard::sortDrawOrder`: the drawables in draw order (draw rules applied)
    /// with the clip operations interleaved.
    private func sortDrawOrder() {
        if !drawRules.isEmpty {
            drawOrder = drawRules.drawOrder(
                of: drawablesInFileOrder,
                activeTarget: { rules in
                    let target = store.uint(rules, P.drawRulesDrawTargetId, UInt64(UInt32.max))
                    return target < UInt64(Int32.max) ? Int(target) : nil
                },
                placement: { target in store.uint(target, P.drawTargetPlacementValue, 0) })
        }
        clipOperations = ClipOperation.drawList(drawOrder: drawOrder, clipsByDrawable: clipsByShape)
        updateClipOperationSaves()
    }

    /// Decides again which clip operations save and restore, from the clips' current
    /// visibility (upstream re-runs `clearRedundantOperations` when a clip's visibility changes).
    private func updateClipOperationSaves() {
        clipOperationSaves = Self.clipOperationSaves(clipOperations) { clip in store.bool(clip, P.clippingShapeIsVisible, true) }
    }

    /// Marks what the store's changed objects affect: transforms below nodes, shape paths.
    private func takeChanges() {
        let walk = transformWalk
        let hasConstraints = !constraints.isEmpty
        store.takeChangedObjects { id in
            if drawRules.objects.contains(id) { isDrawOrderDirty = true }
            if hasConstraints {
                for constrained in constraints.components(affectedBy: id) { markTransformDirty(constrained) }
            }
            guard walk.nodes.indices.contains(id), let kind = walk.nodes[id].kind else { return }
            switch kind {
            case .artboard, .node, .layout, .shape, .nestedArtboard, .componentList, .bone:
                markTransformDirty(id)
                // A solo inside a shape picks which of its paths the shape combines.
                if soloMembers[id] != nil, let shape = owningShape(of: id) { markPathDirty(shape) }
            case .rectangle, .ellipse, .pointsPath, .polygon:
                if let shape = owningShape(of: id) { markPathDirty(shape) }
            case .vertex:
                if walk.nodes[id].parent >= 0, let shape = owningShape(of: Int(walk.nodes[id].parent)) { markPathDirty(shape) }
            case .clippingShape:
                areClipSavesDirty = true
            case .fill, .stroke, .solidColor, .gradient, .gradientStop, .other:
                break
            }
        }
    }

    /// Recomputes the world transforms under the dirty components (each subtree once, from
    /// its topmost dirty component).
    private func updateDirtyTransforms() {
        let walk = transformWalk
        var dirty = transformDirty
        var isDirty = isTransformDirty
        transformDirty = []
        isTransformDirty = []
        dirty.sort()
        for root in dirty where !Self.hasDirtyAncestor(root, walk: walk, isDirty: isDirty) {
            updateTransforms(from: root)
        }
        for id in dirty { isDirty[id] = false }
        dirty.removeAll(keepingCapacity: true)
        transformDirty = dirty
        isTransformDirty = isDirty
        if !constraints.isEmpty { applyConstraints() }
    }

    func markTransformDirty(_ id: Int) {
        guard !isTransformDirty[id] else { return }
        isTransformDirty[id] = true
        transformDirty.append(id)
    }

    private func markComposeDirty(_ shape: Int) {
        guard !isComposeDirty[shape] else { return }
        isComposeDirty[shape] = true
        composeDirty.append(shape)
    }

    private func markPathDirty(_ shape: Int) {
        guard !isPathDirty[shape] else { return }
        isPathDirty[shape] = true
        pathDirty.append(shape)
    }

    private static func hasDirtyAncestor(_ id: Int, walk: TransformWalk, isDirty: [Bool]) -> Bool {
        var parent = Int(walk.nodes[id].parent)
        while parent >= 0 {
            if isDirty[parent] { return true }
            parent = Int(walk.nodes[parent].parent)
        }
        return false
    }

    /// Recomputes the world transform and render opacity of a component and its subtree.
    ///
    /// The arrays it works on are moved into locals for the walk and back after it, so each
    /// is one checked access per call instead of one per node (nothing the walk calls reads
    /// them: it reads only the store's plain properties).
    func updateTransforms(from root: Int) {
        let walk = transformWalk
        var stack = transformStack
        var transforms = worldTransforms
        var opacities = renderOpacities
        transformStack = []
        worldTransforms = []
        renderOpacities = []
        defer {
            transformStack = stack
            worldTransforms = transforms
            renderOpacities = opacities
        }
        stack.removeAll(keepingCapacity: true)
        stack.append(root)
        while let id = stack.popLast() {
            let node = walk.nodes[id]
            guard let kind = node.kind else { continue }
            let parent = node.parent >= 0 ? Int(node.parent) : nil
            let parentWorld = parent.map { transforms[$0] } ?? .identity
            let parentOpacity = parent.map { opacities[$0] } ?? 1
            switch kind {
            case .artboard:
                transforms[id] = .identity
                opacities[id] = store.double(id, P.worldTransformComponentOpacity, 1)
            case .node, .shape, .rectangle, .ellipse, .pointsPath, .polygon, .componentList, .bone:
                transforms[id] = parentWorld.floatTimes(localTransform(id))
                // Upstream composes a shape's paths through its and their world transforms
                // (PathComposer::update), so either moving composes the shape's path again.
                if kind == .shape { markComposeDirty(id) } else if node.shape >= 0 { markComposeDirty(Int(node.shape)) }
                // Upstream's render opacity is a Float product (TransformComponent::update).
                opacities[id] = Double(Float(store.double(id, P.worldTransformComponentOpacity, 1)) * Float(parentOpacity))
            case .nestedArtboard:
                transforms[id] = nestedHostTransform(id, parent: parent, parentWorld: parentWorld)
                opacities[id] = Double(Float(store.double(id, P.worldTransformComponentOpacity, 1)) * Float(parentOpacity))
            case .layout:
                transforms[id] = parentWorld.floatTimes(layoutTransform(id, parent: parent))
                opacities[id] = Double(Float(store.double(id, P.worldTransformComponentOpacity, 1)) * Float(parentOpacity))
            default:
                transforms[id] = parentWorld
                opacities[id] = parentOpacity
            }
            for child in Int(node.firstChild)..<Int(node.firstChild + node.childCount) { stack.append(walk.children[child]) }
        }
    }

    /// A transform component's local transform: translate(x, y) · rotate · scale, in `Float`
    /// as upstream. A bone sits at its parent bone's tip (x is the parent's length, y is 0)
    /// and a root bone at its own x and y (upstream `Bone::x`, `RootBone`).
    func localTransform(_ id: Int) -> Transform2D {
        if components[id]?.kind == .bone {
            let isRoot = components[id]?.typeKey == T.rootBone
            let parentLength = components[id]?.parent.map { store.double($0, P.boneLength) } ?? 0
            return Transform2D.float(x: isRoot ? store.double(id, P.rootBoneX) : parentLength, y: isRoot ? store.double(id, P.rootBoneY) : 0,
                                     rotation: store.double(id, P.transformComponentRotation),
                               scaleX: store.double(id, P.transformComponentScaleX, 1), scaleY: store.double(id, P.transformComponentScaleY, 1))
        }
        let handles = transformHandles[id] ?? makeTransformHandles(id)
        return Transform2D.float(x: store.double(handles.x, 0), y: store.double(handles.y, 0), rotation: store.double(handles.rotation, 0),
                                 scaleX: store.double(handles.scaleX, 1), scaleY: store.double(handles.scaleY, 1))
    }

    /// The store places of a node's local transform properties.
    private struct TransformHandles {
        let x, y, rotation, scaleX, scaleY: PropertyStore.Handle
    }

    /// Finds a component's transform properties in the store once, so every later update
    /// reads them in place instead of looking each up by key.
    private func makeTransformHandles(_ id: Int) -> TransformHandles {
        let handle = { (property: UInt32) in self.store.handle(PropertyStore.Key(object: id, property: property)) }
        let handles = TransformHandles(x: handle(P.nodeX), y: handle(P.nodeY), rotation: handle(P.transformComponentRotation),
                                       scaleX: handle(P.transformComponentScaleX), scaleY: handle(P.transformComponentScaleY))
        transformHandles[id] = handles
        return handles
    }

    /// A component's translation in its parent's space (upstream `composedTranslation`).
    func localTranslation(_ id: Int) -> Point {
        let local = localTransform(id)
        return Point(x: local.tx, y: local.ty)
    }

    /// The shape a path belongs to: its nearest shape ancestor.
    func owningShape(of id: Int) -> Int? {
        var current = components[id]?.parent
        while let parent = current {
            if components[parent]?.kind == .shape { return parent }
            current = components[parent]?.parent
        }
        return nil
    }

    /// The shape's paths combined in the shape's space, as upstream's `PathComposer`: each
    /// path (in its own space, rebuilt when `rebuildingGeometry` or not built yet) mapped
    /// through the inverse of the shape's world transform times the path's, in `Float`.
    private func buildPath(of shape: Int, rebuildingGeometry: Bool) -> Path {
        var combined = Path()
        var paths: [Int] = []
        let slice = slicerOfShape[shape].flatMap { nSlicedNodes[$0]?.worldPointMap(store: store, world: worldTransforms[$0]) }
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
    private func composesAsBefore(_ shape: Int) -> Bool {
        guard shapePaths[shape] != nil, slicerOfShape[shape] == nil, let paths = pathsOfShape[shape] else { return false }
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
    private func worldPath(ofShape shape: Int) -> Path {
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

    private func vertex(_ id: Int) -> PathVertex? {
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

    // MARK: Reading

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

    // MARK: Drawing

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
        for (index, operation) in clipOperations.enumerated() {
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
                guard case .start(let clip) = clipOperations[start], clipIsVisible(clip) else { continue }
                if clipOperationSaves[start] { renderer.save() }
                if let path = clipPath(clip) { renderer.clipPath(path) }
            }
            pendingStarts.removeAll()
            switch operation {
            case .start: break
            case .end(let clip):
                if clipIsVisible(clip), clipOperationSaves[index] { renderer.restore() }
            case .drawable(let drawable):
                draw(drawable, needsSave: clipOperationSaves[index], hostOpacity: hostOpacity, on: renderer)
            }
        }
    }

    private func clipIsVisible(_ clip: Int) -> Bool { store.bool(clip, P.clippingShapeIsVisible, true) }

    /// The shapes that make a clipping shape's clip: those under its source that hold a path
    /// not collapsed by a solo (upstream skips a `Shape::isEmpty` shape).
    private func clipShapes(_ clip: Int) -> [Int] {
        (clipSources[clip] ?? []).filter { pathShapes.contains($0) && !isCollapsed($0) }
    }

    private func clipHasShapes(_ clip: Int) -> Bool {
        (clipSources[clip] ?? []).contains { pathShapes.contains($0) && !isCollapsed($0) }
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
    private func draw(_ drawable: Int, needsSave: Bool, hostOpacity: Double, on renderer: some Renderer) {
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

    /// Upstream's `Artboard::clearRedundantOperations` over the draw list: after a clip start
    /// that saved (a visible one, or any start after one that saved), a further clip start
    /// does not save and its end does not restore, and a drawable wrapped directly by a clip
    /// start and its end does not save either. Visibility is the authored one, as upstream
    /// decides this when it sorts the draw list.
    private static func clipOperationSaves(_ operations: [ClipOperation], isVisible: (Int) -> Bool) -> [Bool] {
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

    /// A clipping shape's clip in world space, with its fill rule (upstream
    /// `ClippingShape::update` and `addFillPaths`): for each shape under its source that holds
    /// a path not hidden by a solo, the results of its fills' path effects (a fill whose effects
    /// give an empty path adds nothing), or the shape's own path when it has a fill without
    /// effects or no fill with effects. `nil` when no shape takes part: upstream then draws
    /// nothing inside the clip.
    private func clipPath(_ clip: Int) -> Path? {
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

    /// Whether a component is collapsed by a solo above it: every solo on the way up must have
    /// the branch it sits in as its active child (upstream's `Solo::propagateCollapse`). With
    /// `below`, only the solos under that ancestor count.
    func isCollapsed(_ id: Int, below ancestor: Int? = nil) -> Bool {
        containsSoloLink(of: id, below: ancestor) { solo, member in store.uint(solo, P.soloActiveComponentId, 0) != UInt64(member) }
    }

    /// The solos `id` sits in, innermost first: each solo with its member that `id` is or is
    /// under (what `isCollapsed(_:)` checks; the tree never changes after the scene is built).
    func soloLinks(of id: Int) -> [(solo: Int, member: Int)] {
        var links: [(solo: Int, member: Int)] = []
        _ = containsSoloLink(of: id) { solo, member in
            links.append((solo, member))
            return false
        }
        return links
    }

    /// Whether `test` holds for one of the solos `id` sits in (walked innermost first, with
    /// the member `id` is or is under), up to `ancestor` when given.
    private func containsSoloLink(of id: Int, below ancestor: Int? = nil, where test: (_ solo: Int, _ member: Int) -> Bool) -> Bool {
        guard !soloMembers.isEmpty, components.indices.contains(id) else { return false }
        var current = id
        var steps = 0
        while let parent = components[current]?.parent, parent != ancestor, steps <= components.count {
            if let members = soloMembers[parent], members.contains(where: { $0.id == current }), test(parent, current) {
                return true
            }
            current = parent
            steps += 1
        }
        return false
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
                var filled = pathEffects.isEmpty ? path : pathEffects.apply(paint: paint, to: path, isFill: true, store: store) ?? path
                filled.fillRule = FillRule(rawValue: UInt32(truncatingIfNeeded: store.uint(paint, P.fillFillRule, 0))) ?? .nonZero
                let fill = Paint(style: .fill, shader: shader, blendMode: blendMode)
                if let feather = feathers[paint] {
                    drawFeathered(filled, paint: fill, feather: feather, isFill: true, inWorld: false, world: world, on: renderer)
                } else {
                    renderer.drawPath(filled, paint: fill)
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
                    drawFeathered(stroked, paint: stroke, feather: feather, isFill: false, inWorld: inWorld, world: world, on: renderer)
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
    private func shader(of paint: Int, opacity: Double, world: Transform2D?) -> Shader? {
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
