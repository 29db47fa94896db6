import RiveFormat
import RiveRendering

private typealias T = RiveTypeKey
private typealias P = RivePropertyKey

/// Updating the scene: what the store's changes affect, world transforms and opacities down
/// the changed subtrees, and the draw order.
extension ArtboardScene {
    /// Recomputes what the store's changes since the last update affect.
    ///
    /// The dirty lists and flags are moved into locals while they are walked (one checked
    /// access each per update instead of one per component).
    func update() {
        if store.hasChangedObjects { takeChanges() }
        if isDrawOrderDirty {
            isDrawOrderDirty = false
            clipping.areSavesDirty = false
            sortDrawOrder()
        }
        if clipping.areSavesDirty {
            clipping.areSavesDirty = false
            updateClipOperationSaves()
        }
        if !transformDirty.isEmpty { updateDirtyTransforms() }
        if !skinning.isEmpty {
            for shape in skinning.shapesToDeform(worldTransforms: worldTransforms) { markPathDirty(shape) }
        }
        // A sliced path depends on the slicer's axes, size and world transform and on its own
        // world transform: a shape under an n-sliced node is rebuilt when one of them moved.
        for (shape, slicer) in slicing.slicerOfShape {
            let signature = slicing.signature(shape: shape, slicer: slicer, worldTransforms: worldTransforms, paths: pathsOfShape[shape] ?? [], store: store)
            if slicing.signatures[shape] != signature {
                slicing.signatures[shape] = signature
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
    func sortDrawOrder() {
        if !drawRules.isEmpty {
            drawOrder = drawRules.drawOrder(
                of: drawablesInFileOrder,
                activeTarget: { rules in
                    let target = store.uint(rules, P.drawRulesDrawTargetId, UInt64(UInt32.max))
                    return target < UInt64(Int32.max) ? Int(target) : nil
                },
                placement: { target in store.uint(target, P.drawTargetPlacementValue, 0) })
        }
        clipping.operations = ClipOperation.drawList(drawOrder: drawOrder, clipsByDrawable: clipping.clipsByDrawable)
        updateClipOperationSaves()
    }

    func takeChanges() {
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
                clipping.areSavesDirty = true
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

    func markPathDirty(_ shape: Int) {
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
            if node.isUnreached {
                transforms[id] = .identity
                opacities[id] = 0
                for child in Int(node.firstChild)..<Int(node.firstChild + node.childCount) { stack.append(walk.children[child]) }
                continue
            }
            let parent = node.parent >= 0 ? Int(node.parent) : nil
            let parentWorld = parent.map { transforms[$0] } ?? .identity
            let parentOpacity = parent.map { opacities[$0] } ?? 1
            // What a transform component composes with: its parent's world transform and
            // opacity when the parent is a world transform component, else nothing.
            let transformParentWorld = node.parentIsWorldTransform ? parentWorld : .identity
            let transformParentOpacity = node.parentIsWorldTransform ? parentOpacity : 1
            switch kind {
            case .artboard:
                transforms[id] = .identity
                opacities[id] = artboardIsNeverUpdated ? 0 : store.double(id, P.worldTransformComponentOpacity, 1)
            case .node, .shape, .rectangle, .ellipse, .pointsPath, .polygon, .componentList, .bone:
                transforms[id] = transformParentWorld.floatTimes(localTransform(id))
                // Upstream composes a shape's paths through its and their world transforms
                // (PathComposer::update), so either moving composes the shape's path again.
                if kind == .shape { markComposeDirty(id) } else if node.shape >= 0 { markComposeDirty(Int(node.shape)) }
                // Upstream's render opacity is a Float product (TransformComponent::update).
                opacities[id] = Double(Float(store.double(id, P.worldTransformComponentOpacity, 1)) * Float(transformParentOpacity))
            case .nestedArtboard:
                transforms[id] = nestedHostTransform(id, parent: parent, parentWorld: transformParentWorld)
                opacities[id] = Double(Float(store.double(id, P.worldTransformComponentOpacity, 1)) * Float(transformParentOpacity))
            case .layout:
                transforms[id] = transformParentWorld.floatTimes(layoutTransform(id, parent: parent))
                opacities[id] = Double(Float(store.double(id, P.worldTransformComponentOpacity, 1)) * Float(transformParentOpacity))
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
    struct TransformHandles {
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
}
