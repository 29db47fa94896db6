import Foundation
import RiveFormat
import RiveRendering

private typealias T = RiveTypeKey
private typealias P = RivePropertyKey

/// The constraints of one artboard scene and the order they apply in, as upstream's
/// `TransformComponent::updateConstraints` (src/transform_component.cpp) and the artboard's
/// dependency order (src/artboard.cpp `sortDependencies`, src/dependency_sorter.cpp).
///
/// A constraint is a child of the transform component it constrains. Upstream composes a
/// component's world transform from its parent's and then lets each of its constraints
/// rewrite it, in file order; the component's children compose from the result. Targeted
/// constraints make the constrained component depend on their target, so it updates after
/// the target. Played: translation, scale, rotation and transform constraints (strength,
/// copy factors, offsets, min/max in world or local space, source and destination spaces),
/// distance constraints (closer, further, exact), follow-path constraints (distance along the
/// target's paths, orientation, offset) and IK constraints on bones (once the scene plays
/// bones). The layout-only constraints (scroll, draggable, list follow path) stay unsupported
/// content.
struct SceneConstraints {
    /// What a constraint does.
    enum Kind: Equatable {
        case translation
        case scale
        case rotation
        case transform
        case distance
        case followPath
        case ik
    }

    /// One constraint: its id, kind, the component it constrains and its target.
    struct Constraint {
        let id: Int
        let kind: Kind
        let constrained: Int
        let target: Int?
    }

    /// Each constrained component's constraints, in file order (upstream `addConstraint`).
    private(set) var byComponent: [Int: [Constraint]] = [:]
    /// The constrained components in the artboard's dependency order.
    private(set) var order: [Int] = []
    /// For each object whose change must re-run constraints (the constraints themselves, a
    /// follow-path target's paths and vertices), the constrained components it affects.
    private var affected: [Int: [Int]] = [:]
    /// For each follow-path target, its paths in file order (upstream `Shape::paths`).
    private(set) var followedPaths: [Int: [Int]] = [:]
    /// For each IK constraint, its chain of bones from the top down to the constrained tip
    /// (upstream `IKConstraint::onAddedClean`, `m_FkChain`).
    private(set) var ikChains: [Int: [Int]] = [:]

    /// No constraints.
    init() {}

    /// Whether the scene has no constraint to apply.
    var isEmpty: Bool { order.isEmpty }

    /// The components whose constraints must re-run when object `id` changed (empty for most).
    func components(affectedBy id: Int) -> [Int] { affected[id] ?? [] }

    /// The constraint kind of a type, `nil` for the constraints this runtime does not play.
    static func kind(of typeKey: UInt32) -> Kind? {
        switch typeKey {
        case T.translationConstraint: .translation
        case T.scaleConstraint: .scale
        case T.rotationConstraint: .rotation
        case T.transformConstraint: .transform
        case T.distanceConstraint: .distance
        case T.followPathConstraint: .followPath
        case T.ikConstraint: .ik
        default: nil
        }
    }

    /// Whether a constraint kind needs a target to be valid (upstream `requiresTarget`).
    private static func requiresTarget(_ kind: Kind) -> Bool {
        ![.translation, .scale, .rotation].contains(kind)
    }

    /// What of a constraint object cannot be played, as an unsupported-content name, or
    /// `nil` when it plays (or when upstream drops it as invalid, so it does nothing either).
    /// `object(id)` resolves an artboard-local id; `isSupported(typeKey)` says whether the
    /// scene computes that component type's world transform.
    static func unsupportedPart(of object: RiveObject, object resolve: (Int) -> RiveObject?, isSupported: (UInt32) -> Bool) -> String? {
        guard kind(of: object.typeKey) != nil else { return object.typeName }
        guard let parent = object.index(P.componentParentId).flatMap(resolve), parent.isType(T.transformComponent) else { return nil }
        if parent.typeKey == T.artboard || !isSupported(parent.typeKey) { return "\(object.typeName) on \(parent.typeName)" }
        let target = object.index(P.targetedConstraintTargetId).flatMap(resolve)
        guard let target else { return nil }
        guard target.isType(T.transformComponent) else { return nil }
        if target.typeKey == T.artboard || !isSupported(target.typeKey) { return "\(object.typeName) targeting \(target.typeName)" }
        return nil
    }

    /// Reads the constraints of an artboard scene (called once its component tree is built).
    /// A constraint plays when it hangs off a transform component the scene computes and its
    /// target, when it names one, is such a component too; a target that is no transform
    /// component makes it invalid, as upstream's `TargetedConstraint::validate`.
    init(scene: ArtboardScene, localObjects: [Int?], document: RiveDocument) {
        let components = scene.components
        let count = localObjects.count
        func record(_ id: Int) -> RiveObject? {
            guard localObjects.indices.contains(id), let index = localObjects[id] else { return nil }
            return document.objects[index]
        }
        let notTransforms: [ArtboardScene.Kind] = [.artboard, .other, .vertex, .fill, .stroke, .solidColor, .gradient, .gradientStop, .clippingShape]
        func kind(_ id: Int) -> ArtboardScene.Kind? { components.indices.contains(id) ? components[id]?.kind : nil }
        func parent(_ id: Int) -> Int? { components.indices.contains(id) ? components[id]?.parent : nil }
        func isTransform(_ id: Int) -> Bool { kind(id).map { !notTransforms.contains($0) } ?? false }
        func isShape(_ id: Int) -> Bool { kind(id) == .shape }
        func isPath(_ id: Int) -> Bool { isTransform(id) && (record(id)?.isType(T.path) ?? false) }
        func owningShape(_ id: Int) -> Int? { scene.owningShape(of: id) }
        func isBone(_ id: Int) -> Bool { isTransform(id) && (record(id)?.isType(T.bone) ?? false) }
        let children = components.map { $0?.children ?? [] }
        // The paths of each shape, in file order.
        var pathsOfShape: [Int: [Int]] = [:]
        for id in 0..<count where isPath(id) {
            if let shape = owningShape(id) { pathsOfShape[shape, default: []].append(id) }
        }
        var constraints: [Constraint] = []
        for id in 0..<count {
            guard let object = record(id), object.isType(T.constraint), let kind = Self.kind(of: object.typeKey),
                  let constrained = parent(id), constrained != 0, isTransform(constrained) else { continue }
            let target = object.index(P.targetedConstraintTargetId).flatMap { record($0) != nil ? $0 : nil }
            // A target that is no transform component makes the constraint invalid (upstream
            // drops it); one the scene does not compute is reported unsupported by ArtboardContent.
            if let target, target == 0 || !isTransform(target) || parent(target) == nil { continue }
            if target == nil, Self.requiresTarget(kind) { continue }
            if kind == .ik {
                // Upstream's chain: the tip bone, then up through parent bones while the bone
                // count lasts (a root bone is a bone too); an IK not on a bone builds none.
                guard isBone(constrained) else { continue }
                var chain = [constrained]
                var remaining = object.uint(P.ikConstraintParentBoneCount) ?? 0
                while remaining > 0, let up = parent(chain[chain.count - 1]), isBone(up) {
                    remaining -= 1
                    chain.append(up)
                }
                ikChains[id] = chain.reversed()
            }
            constraints.append(Constraint(id: id, kind: kind, constrained: constrained, target: target))
        }
        guard !constraints.isEmpty else { return }

        // Upstream's dependency graph, as far as transforms go: every component depends on its
        // parent, a shape's path composer on the shape and its paths, a targeted constraint's
        // component on the target, and a follow-path constraint on the composer of its target's
        // shape (or on a lone target path), its component on the constraint. Edges are added in
        // file order, as `buildDependencies` runs, so the depth-first sort visits them in
        // upstream's order.
        let composerBase = count, constraintBase = 2 * count
        var dependents = Array(repeating: [Int](), count: 3 * count)
        let constraintByID = Dictionary(constraints.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var followed: [Int: [Int]] = [:]
        // IK chains come first (onAddedClean runs before buildDependencies): the first-level
        // children of each bone above the tip, but the chain's next bone, depend on the tip.
        for constraint in constraints where constraint.kind == .ik {
            let chain = ikChains[constraint.id] ?? []
            for index in chain.indices.dropLast() {
                for child in children[chain[index]] where child != chain[index + 1] && isTransform(child) {
                    dependents[constraint.constrained].append(child)
                }
            }
        }
        for id in 0..<count {
            if let up = parent(id) { dependents[up].append(id) }
            if isShape(id) {
                dependents[id].append(composerBase + id)
                for path in pathsOfShape[id] ?? [] { dependents[path].append(composerBase + id) }
            }
            guard let constraint = constraintByID[id], let target = constraint.target else { continue }
            if constraint.kind == .followPath {
                if isShape(target) {
                    dependents[composerBase + target].append(constraintBase + id)
                    followed[target] = pathsOfShape[target] ?? []
                } else if isPath(target) {
                    let shape = owningShape(target)
                    dependents[shape.map { composerBase + $0 } ?? target].append(constraintBase + id)
                    followed[target] = [target]
                }
                dependents[constraintBase + id].append(constraint.constrained)
            } else {
                dependents[target].append(constraint.constrained)
            }
        }
        guard let sorted = Self.dependencyOrder(dependents) else { return }
        for constraint in constraints { byComponent[constraint.constrained, default: []].append(constraint) }
        order = sorted.filter { $0 < count && byComponent[$0] != nil }
        followedPaths = followed
        for constraint in constraints {
            affected[constraint.id, default: []].append(constraint.constrained)
            guard constraint.kind == .followPath, let target = constraint.target else { continue }
            for path in followed[target] ?? [] {
                affected[path, default: []].append(constraint.constrained)
                for vertex in children[path] { affected[vertex, default: []].append(constraint.constrained) }
            }
        }
    }

    /// Upstream's `DependencySorter::sort` from the artboard (node 0): a depth-first walk
    /// over dependents, each node placed before everything that depends on it. `nil` when
    /// the graph has a cycle (upstream then stops sorting; this runtime applies no constraint).
    private static func dependencyOrder(_ dependents: [[Int]]) -> [Int]? {
        var state = Array(repeating: UInt8(0), count: dependents.count) // 0 new, 1 on the walk, 2 done
        var reversed: [Int] = []
        var stack: [(node: Int, next: Int)] = [(0, 0)]
        state[0] = 1
        while let top = stack.last {
            if top.next < dependents[top.node].count {
                stack[stack.count - 1].next += 1
                let dependent = dependents[top.node][top.next]
                switch state[dependent] {
                case 0:
                    state[dependent] = 1
                    stack.append((dependent, 0))
                case 1:
                    return nil
                default:
                    break
                }
            } else {
                state[top.node] = 2
                reversed.append(top.node)
                stack.removeLast()
            }
        }
        return reversed.reversed()
    }
}

/// A 2D affine transform split into translation, scale, rotation and skew (upstream
/// `TransformComponents`, `Mat2D::decompose` and `Mat2D::compose`).
struct TransformParts {
    var x: Double
    var y: Double
    var scaleX: Double
    var scaleY: Double
    var rotation: Double
    var skew: Double

    /// Splits a transform as upstream's `Mat2D::decompose`, in `Float` operation for
    /// operation (each part is a `Float` held in a `Double`).
    init(_ m: Transform2D) {
        let m0 = Float(m.a), m1 = Float(m.b), m2 = Float(m.c), m3 = Float(m.d)
        let denominator = m0 * m0 + m1 * m1
        let scaleX = denominator.squareRoot()
        x = Double(Float(m.tx))
        y = Double(Float(m.ty))
        self.scaleX = Double(scaleX)
        scaleY = Double(scaleX == 0 ? 0 : (m0 * m3 - m2 * m1) / scaleX)
        rotation = Double(atan2(m1, m0))
        skew = Double(atan2(m0 * m2 + m1 * m3, denominator))
    }

    /// The transform these parts describe, as upstream's `Mat2D::compose`, in `Float`.
    var composed: Transform2D {
        let radians = Float(rotation), sx = Float(scaleX), sy = Float(scaleY), sk = Float(skew)
        let sine: Float = radians == 0 ? 0 : sin(radians), cosine: Float = radians == 0 ? 1 : cos(radians)
        let a = cosine * sx, b = sine * sx
        var c = -sine * sy, d = cosine * sy
        if sk != 0 {
            c = a * sk + c
            d = b * sk + d
        }
        return Transform2D(a: Double(a), b: Double(b), c: Double(c), d: Double(d), tx: Double(Float(x)), ty: Double(Float(y)))
    }
}


/// Upstream's `math::PI` (3.14159265f), which rounds up where `Float.pi` rounds down.
let upstreamPi = Float.pi.nextUp

/// Upstream's `math::PI * 2` wrap of an angle difference into -π…π, in `Float`.
private func shortestAngle(from: Double, to: Double) -> Float {
    let twoPi = upstreamPi * 2
    var difference = fmodf(Float(to), twoPi) - fmodf(Float(from), twoPi)
    if difference > upstreamPi {
        difference -= twoPi
    } else if difference < -upstreamPi {
        difference += twoPi
    }
    return difference
}

/// `a·(1 − t) + b·t` in `Float`, as upstream's constraints mix.
private func floatMix(_ a: Double, _ b: Double, _ t: Float) -> Double {
    Double(Float(a) * (1 - t) + Float(b) * t)
}

extension ArtboardScene {
    /// Re-applies every constraint: each constrained component, in dependency order, is
    /// composed again from its parent (which is final by then), its constraints rewrite its
    /// world transform, and its children's subtrees compose from the result.
    func applyConstraints() {
        for component in constraints.order {
            guard let list = constraints.byComponent[component], !isCollapsed(component) else { continue }
            updateTransforms(from: component)
            for constraint in list { apply(constraint) }
            for child in components[component]?.children ?? [] { updateTransforms(from: child) }
            // An IK constraint turned the bones above the tip: their other children follow.
            for constraint in list where constraint.kind == .ik {
                let chain = constraints.ikChains[constraint.id] ?? []
                for index in chain.indices.dropLast() {
                    for child in components[chain[index]]?.children ?? [] where child != chain[index + 1] { updateTransforms(from: child) }
                }
            }
        }
    }

    /// The world transform of a component's parent (the identity for the artboard's children,
    /// as the artboard's own world transform is; upstream `getParentWorld`).
    private func parentWorld(_ id: Int) -> Transform2D {
        components[id]?.parent.map { worldTransforms[$0] } ?? .identity
    }

    private func double(_ constraint: SceneConstraints.Constraint, _ property: UInt32, _ fallback: Double) -> Double {
        store.double(constraint.id, property, fallback)
    }

    private func bool(_ constraint: SceneConstraints.Constraint, _ property: UInt32, _ fallback: Bool) -> Bool {
        store.bool(constraint.id, property, fallback)
    }

    /// Whether a space property says local (1) rather than world (0).
    private func isLocal(_ constraint: SceneConstraints.Constraint, _ property: UInt32) -> Bool {
        store.uint(constraint.id, property, 0) == 1
    }

    private func apply(_ constraint: SceneConstraints.Constraint) {
        if let target = constraint.target, isCollapsed(target) { return }
        switch constraint.kind {
        case .translation: applyTranslation(constraint)
        case .scale: applyScale(constraint)
        case .rotation: applyRotation(constraint)
        case .transform: applyTransform(constraint)
        case .distance: applyDistance(constraint)
        case .followPath: applyFollowPath(constraint)
        case .ik: applyIK(constraint)
        }
    }

    /// The target's world transform in the constraint's source space: its parent's space
    /// when the source is local (`nil` when that parent cannot be inverted).
    private func sourceTransform(_ constraint: SceneConstraints.Constraint, _ target: Int, _ world: Transform2D) -> Transform2D? {
        guard isLocal(constraint, P.transformSpaceConstraintSourceSpaceValue) else { return world }
        guard let inverse = parentWorld(target).floatInverted() else { return nil }
        return inverse.floatTimes(world)
    }

    /// Clamps a constrained transform in the space the constraint's min and max are given in:
    /// the parent's space when that is local (into it and back), else world space; `nil` when
    /// the parent's transform cannot be inverted.
    private func clampedInMinMaxSpace(_ parts: TransformParts, of id: Int, _ constraint: SceneConstraints.Constraint,
                                      clamp: (inout TransformParts) -> Void) -> TransformParts? {
        guard isLocal(constraint, P.transformComponentConstraintMinMaxSpaceValue) else {
            var clamped = parts
            clamp(&clamped)
            return clamped
        }
        guard let inverse = parentWorld(id).floatInverted() else { return nil }
        var local = TransformParts(inverse.floatTimes(parts.composed))
        clamp(&local)
        return TransformParts(parentWorld(id).floatTimes(local.composed))
    }

    /// A value clamped by the constraint's `max`/`maxValue` then `min`/`minValue`.
    private func clampedX(_ value: Double, _ constraint: SceneConstraints.Constraint) -> Double {
        var result = value
        if bool(constraint, P.transformComponentConstraintMax, false) { result = min(result, double(constraint, P.transformComponentConstraintMaxValue, 0)) }
        if bool(constraint, P.transformComponentConstraintMin, false) { result = max(result, double(constraint, P.transformComponentConstraintMinValue, 0)) }
        return result
    }

    /// A value clamped by the constraint's `maxY`/`maxValueY` then `minY`/`minValueY`.
    private func clampedY(_ value: Double, _ constraint: SceneConstraints.Constraint) -> Double {
        var result = value
        if bool(constraint, P.transformComponentConstraintYMaxY, false) { result = min(result, double(constraint, P.transformComponentConstraintYMaxValueY, 0)) }
        if bool(constraint, P.transformComponentConstraintYMinY, false) { result = max(result, double(constraint, P.transformComponentConstraintYMinValueY, 0)) }
        return result
    }

    /// Upstream `TranslationConstraint::constrain`.
    private func applyTranslation(_ constraint: SceneConstraints.Constraint) {
        let id = constraint.constrained
        let translationA = Point(x: worldTransforms[id].tx, y: worldTransforms[id].ty)
        var translationB = translationA
        let destinationIsLocal = isLocal(constraint, P.transformSpaceConstraintDestSpaceValue)
        if let target = constraint.target {
            let doesCopy = bool(constraint, P.transformComponentConstraintDoesCopy, true)
            let doesCopyY = bool(constraint, P.transformComponentConstraintYDoesCopyY, true)
            let offset = bool(constraint, P.transformComponentConstraintOffset, false)
            let localA = offset && (doesCopy || doesCopyY) ? localTranslation(id) : Point(x: 0, y: 0)
            guard let transformB = sourceTransform(constraint, target, worldTransforms[target]) else { return }
            translationB = Point(x: transformB.tx, y: transformB.ty)
            if !doesCopy {
                translationB.x = destinationIsLocal ? 0 : translationA.x
            } else {
                translationB.x *= double(constraint, P.transformComponentConstraintCopyFactor, 1)
                if offset { translationB.x += localA.x }
            }
            if !doesCopyY {
                translationB.y = destinationIsLocal ? 0 : translationA.y
            } else {
                translationB.y *= double(constraint, P.transformComponentConstraintYCopyFactorY, 1)
                if offset { translationB.y += localA.y }
            }
            if destinationIsLocal { translationB = parentWorld(id).floatApply(translationB) }
        }
        guard let clamped = clampedInMinMaxSpace(TransformParts(.translation(x: translationB.x, y: translationB.y)), of: id, constraint, clamp: { parts in
            parts.x = clampedX(parts.x, constraint)
            parts.y = clampedY(parts.y, constraint)
        }) else { return }
        translationB = Point(x: clamped.x, y: clamped.y)
        let t = Float(double(constraint, P.constraintStrength, 1))
        worldTransforms[id].tx = floatMix(translationA.x, translationB.x, t)
        worldTransforms[id].ty = floatMix(translationA.y, translationB.y, t)
    }

    /// The steps upstream's scale and rotation constraints share: the constrained component's
    /// world parts (`a`), and the target's parts in the constraint's source space (`b`, the
    /// component's own without a target) after `copy` (given `a` and whether the destination
    /// space is local, then mapped back from it), clamped in the min/max space; `nil` when a
    /// space cannot be inverted.
    private func copiedParts(_ constraint: SceneConstraints.Constraint,
                             copy: (_ b: inout TransformParts, _ a: TransformParts, _ destinationIsLocal: Bool) -> Void,
                             clamp: (inout TransformParts) -> Void) -> (a: TransformParts, b: TransformParts)? {
        let id = constraint.constrained
        let partsA = TransformParts(worldTransforms[id])
        var partsB = partsA
        if let target = constraint.target {
            guard let transformB = sourceTransform(constraint, target, worldTransforms[target]) else { return nil }
            partsB = TransformParts(transformB)
            let destinationIsLocal = isLocal(constraint, P.transformSpaceConstraintDestSpaceValue)
            copy(&partsB, partsA, destinationIsLocal)
            if destinationIsLocal { partsB = TransformParts(parentWorld(id).floatTimes(partsB.composed)) }
        }
        guard let clamped = clampedInMinMaxSpace(partsB, of: id, constraint, clamp: clamp) else { return nil }
        return (partsA, clamped)
    }

    /// Upstream `ScaleConstraint::constrain`.
    private func applyScale(_ constraint: SceneConstraints.Constraint) {
        let id = constraint.constrained
        let offset = bool(constraint, P.transformComponentConstraintOffset, false)
        guard let (partsA, partsB) = copiedParts(constraint, copy: { partsB, partsA, destinationIsLocal in
            if !bool(constraint, P.transformComponentConstraintDoesCopy, true) {
                partsB.scaleX = destinationIsLocal ? 1 : partsA.scaleX
            } else {
                partsB.scaleX *= double(constraint, P.transformComponentConstraintCopyFactor, 1)
                if offset { partsB.scaleX *= store.double(id, P.transformComponentScaleX, 1) }
            }
            if !bool(constraint, P.transformComponentConstraintYDoesCopyY, true) {
                partsB.scaleY = destinationIsLocal ? 1 : partsA.scaleY
            } else {
                partsB.scaleY *= double(constraint, P.transformComponentConstraintYCopyFactorY, 1)
                if offset { partsB.scaleY *= store.double(id, P.transformComponentScaleY, 1) }
            }
        }, clamp: { parts in
            parts.scaleX = clampedX(parts.scaleX, constraint)
            parts.scaleY = clampedY(parts.scaleY, constraint)
        }) else { return }
        let t = Float(double(constraint, P.constraintStrength, 1))
        var result = partsA
        result.scaleX = floatMix(partsA.scaleX, partsB.scaleX, t)
        result.scaleY = floatMix(partsA.scaleY, partsB.scaleY, t)
        worldTransforms[id] = result.composed
    }

    /// Upstream `RotationConstraint::constrain`.
    private func applyRotation(_ constraint: SceneConstraints.Constraint) {
        let id = constraint.constrained
        guard let (partsA, partsB) = copiedParts(constraint, copy: { partsB, partsA, destinationIsLocal in
            if !bool(constraint, P.transformComponentConstraintDoesCopy, true) {
                partsB.rotation = destinationIsLocal ? 0 : partsA.rotation
            } else {
                partsB.rotation *= double(constraint, P.transformComponentConstraintCopyFactor, 1)
                if bool(constraint, P.transformComponentConstraintOffset, false) {
                    partsB.rotation += store.double(id, P.transformComponentRotation, 0)
                }
            }
        }, clamp: { parts in
            parts.rotation = clampedX(parts.rotation, constraint)
        }) else { return }
        var result = partsA
        result.rotation = Double(Float(partsA.rotation) + shortestAngle(from: partsA.rotation, to: partsB.rotation) * Float(double(constraint, P.constraintStrength, 1)))
        worldTransforms[id] = result.composed
    }

    /// Upstream `TransformConstraint::constrain` (a target's constraint bounds are empty
    /// unless it is laid out or text, so its origin adds nothing here).
    private func applyTransform(_ constraint: SceneConstraints.Constraint) {
        guard let target = constraint.target else { return }
        let id = constraint.constrained
        guard var transformB = sourceTransform(constraint, target, worldTransforms[target]) else { return }
        if isLocal(constraint, P.transformSpaceConstraintDestSpaceValue) { transformB = parentWorld(id).floatTimes(transformB) }
        worldTransforms[id] = Self.blend(from: worldTransforms[id], to: transformB, strength: Float(double(constraint, P.constraintStrength, 1)))
    }

    /// Upstream `TransformConstraint::constrainWorld`: every part blended by strength, the
    /// rotation the short way round.
    private static func blend(from: Transform2D, to: Transform2D, strength t: Float) -> Transform2D {
        let partsA = TransformParts(from)
        var partsB = TransformParts(to)
        partsB.rotation = Double(fmodf(Float(partsA.rotation), upstreamPi * 2) + shortestAngle(from: partsA.rotation, to: partsB.rotation) * t)
        partsB.x = floatMix(partsA.x, partsB.x, t)
        partsB.y = floatMix(partsA.y, partsB.y, t)
        partsB.scaleX = floatMix(partsA.scaleX, partsB.scaleX, t)
        partsB.scaleY = floatMix(partsA.scaleY, partsB.scaleY, t)
        partsB.skew = floatMix(partsA.skew, partsB.skew, t)
        return partsB.composed
    }

    /// Upstream `DistanceConstraint::constrain`: modes closer (0), further (1) and exact (2).
    private func applyDistance(_ constraint: SceneConstraints.Constraint) {
        guard let target = constraint.target else { return }
        let id = constraint.constrained
        let targetPoint = Point(x: worldTransforms[target].tx, y: worldTransforms[target].ty)
        let ours = Point(x: worldTransforms[id].tx, y: worldTransforms[id].ty)
        var toTarget = Point(x: ours.x - targetPoint.x, y: ours.y - targetPoint.y)
        let current = (toTarget.x * toTarget.x + toTarget.y * toTarget.y).squareRoot()
        let distance = double(constraint, P.distanceConstraintDistance, 100)
        switch store.uint(constraint.id, P.distanceConstraintModeValue, 0) {
        case 0 where current < distance: return
        case 1 where current > distance: return
        default: break
        }
        guard current >= 0.001 else { return }
        toTarget.x *= distance / current
        toTarget.y *= distance / current
        let t = double(constraint, P.constraintStrength, 1)
        worldTransforms[id].tx = ours.x + (targetPoint.x + toTarget.x - ours.x) * t
        worldTransforms[id].ty = ours.y + (targetPoint.y + toTarget.y - ours.y) * t
    }

    /// Upstream `FollowPathConstraint::constrain`: the point at `distance` (a fraction of the
    /// length, wrapped) along the target's paths in world space, oriented along the tangent
    /// when `orient` is set, in the constraint's spaces, blended by strength.
    private func applyFollowPath(_ constraint: SceneConstraints.Constraint) {
        guard let target = constraint.target else { return }
        let id = constraint.constrained
        let strength = double(constraint, P.constraintStrength, 1)
        let orient = bool(constraint, P.followPathConstraintOrient, true)
        var transformB = worldTransforms[target]
        if let paths = constraints.followedPaths[target] {
            var combined: [PathCommand] = []
            for path in paths {
                guard let kind = components[path]?.kind else { continue }
                let world = worldTransforms[path]
                combined += localPath(path, kind: kind).commands.map { ArtboardScene.transformed($0, by: world) }
            }
            let measure = PathLengthMeasure(Path(commands: combined))
            let (position, tangent) = measure.positionAndTangent(atFraction: Float(double(constraint, P.followPathConstraintDistance, 0)))
            if orient {
                let angleB = fmod(TransformParts(transformB).rotation, Double.pi * 2)
                var difference = atan2(Double(tangent.y), Double(tangent.x)) - angleB
                if difference > Double.pi {
                    difference -= Double.pi * 2
                } else if difference < -Double.pi {
                    difference += Double.pi * 2
                }
                let angle = angleB + difference * strength
                transformB = angle == 0 ? .identity : .rotation(angle)
            }
            let offset = bool(constraint, P.followPathConstraintOffset, false) ? localTranslation(id) : Point(x: 0, y: 0)
            transformB.tx = Double(position.x) + offset.x
            transformB.ty = Double(position.y) + offset.y
        }
        guard let sourced = sourceTransform(constraint, target, transformB) else {
            worldTransforms[id] = TransformParts.identityParts.composed
            return
        }
        transformB = sourced
        if isLocal(constraint, P.transformSpaceConstraintDestSpaceValue) { transformB = parentWorld(id).floatTimes(transformB) }
        let partsA = TransformParts(worldTransforms[id])
        var partsB = TransformParts(transformB)
        let ti = 1 - strength
        if !orient { partsB.rotation = fmod(partsA.rotation, Double.pi * 2) }
        partsB.x = partsA.x * ti + partsB.x * strength
        partsB.y = partsA.y * ti + partsB.y * strength
        partsB.scaleX = partsA.scaleX
        partsB.scaleY = partsA.scaleY
        partsB.skew = partsA.skew
        worldTransforms[id] = partsB.composed
    }
}

extension TransformParts {
    /// Upstream's default `TransformComponents`: no translation, rotation or skew, unit scale.
    static let identityParts = TransformParts(.identity)
}

/// One bone of an IK chain while the constraint solves (upstream `BoneChainLink`), in `Float`.
private struct ChainLink {
    let bone: Int
    var parts: FloatParts
    var parentWorldInverse: Transform2D
    var angle: Float = 0
}

/// Upstream's `TransformComponents` in `Float`: what `Mat2D::decompose` splits a transform into.
private struct FloatParts {
    var x: Float
    var y: Float
    var scaleX: Float
    var scaleY: Float
    var rotation: Float
    var skew: Float

    /// `Mat2D::decompose`, operation for operation.
    init(_ m: Transform2D) {
        let m0 = Float(m.a), m1 = Float(m.b), m2 = Float(m.c), m3 = Float(m.d)
        rotation = atan2(m1, m0)
        let denominator = m0 * m0 + m1 * m1
        scaleX = denominator.squareRoot()
        scaleY = scaleX == 0 ? 0 : (m0 * m3 - m2 * m1) / scaleX
        skew = atan2(m0 * m2 + m1 * m3, denominator)
        x = Float(m.tx)
        y = Float(m.ty)
    }

    /// The bone transform `IKConstraint::constrainRotation` builds from these parts at
    /// `rotation`: `Mat2D::fromRotation`, the translation, the scale, then the skew.
    func transform(rotatedTo rotation: Float) -> Transform2D {
        let sine: Float = rotation == 0 ? 0 : sin(rotation)
        let cosine: Float = rotation == 0 ? 1 : cos(rotation)
        let a = cosine * scaleX, b = sine * scaleX
        var c = -sine * scaleY, d = cosine * scaleY
        if skew != 0 {
            c = a * skew + c
            d = b * skew + d
        }
        return Transform2D(a: Double(a), b: Double(b), c: Double(c), d: Double(d), tx: Double(x), ty: Double(y))
    }
}

/// A point in `Float`, for the IK solve.
private struct FloatPoint {
    var x: Float
    var y: Float

    init(x: Float, y: Float) {
        self.x = x
        self.y = y
    }

    init(_ point: Point) {
        x = Float(point.x)
        y = Float(point.y)
    }

    static func - (a: FloatPoint, b: FloatPoint) -> FloatPoint { FloatPoint(x: a.x - b.x, y: a.y - b.y) }
    /// `Vec2D::length`.
    var length: Float { (x * x + y * y).squareRoot() }
    /// `atan2(Vec2D)`.
    var angle: Float { atan2(y, x) }
    /// `Vec2D::transformDir`: the direction through a matrix, without its translation.
    func direction(through m: Transform2D) -> FloatPoint {
        FloatPoint(x: Float(m.a) * x + Float(m.c) * y, y: Float(m.b) * x + Float(m.d) * y)
    }
    /// `Mat2D * Vec2D`.
    func mapped(by m: Transform2D) -> FloatPoint {
        FloatPoint(x: Float(m.a) * x + Float(m.c) * y + Float(m.tx), y: Float(m.b) * x + Float(m.d) * y + Float(m.ty))
    }
}

extension ArtboardScene {
    /// Upstream `IKConstraint::constrain`, in `Float` as upstream computes it: the chain is
    /// measured where it stands, each bone's rotation taken back from its own authored one,
    /// then solved towards the target's world position (one bone points at it; two bones by
    /// the law of cosines, bending the way `invertDirection` says; longer chains two at a time
    /// from the top, the tip as the second), and finally blended with the authored angles by
    /// strength.
    fileprivate func applyIK(_ constraint: SceneConstraints.Constraint) {
        guard let target = constraint.target, let chain = constraints.ikChains[constraint.id], !chain.isEmpty else { return }
        func translation(_ id: Int) -> FloatPoint { FloatPoint(x: Float(worldTransforms[id].tx), y: Float(worldTransforms[id].ty)) }
        let targetPoint = translation(target)
        var links = chain.map { bone in
            let inverse = parentWorld(bone).floatInvertedOrIdentity()
            return ChainLink(bone: bone, parts: FloatParts(inverse.floatTimes(worldTransforms[bone])), parentWorldInverse: inverse)
        }
        // The local transforms the solve sets, by bone (upstream's `mutableTransform`).
        var locals: [Int: Transform2D] = [:]
        func constrainRotation(_ index: Int, _ rotation: Float) {
            let bone = links[index].bone
            let local = links[index].parts.transform(rotatedTo: rotation)
            locals[bone] = local
            worldTransforms[bone] = parentWorld(bone).floatTimes(local)
        }
        for index in links.indices {
            links[index].parts.rotation = FloatParts(localTransform(links[index].bone)).rotation
            links[index].parentWorldInverse = parentWorld(links[index].bone).floatInvertedOrIdentity()
            constrainRotation(index, links[index].parts.rotation)
        }
        let invert = bool(constraint, P.ikConstraintInvertDirection, false)
        let pi = upstreamPi
        func tip(_ bone: Int) -> FloatPoint { FloatPoint(x: Float(store.double(bone, P.boneLength)), y: 0).mapped(by: worldTransforms[bone]) }
        func solve2(_ first: Int, _ last: Int) {
            let b1 = links[first].bone, b2 = links[last].bone, child = first + 1
            let inverse = links[first].parentWorldInverse
            let pA = translation(b1).mapped(by: inverse), pC = translation(links[child].bone).mapped(by: inverse)
            let pB = tip(b2).mapped(by: inverse), pBT = targetPoint.mapped(by: inverse)
            let av = pB - pC, bv = pC - pA, cv = pBT - pA
            let a = av.length, b = bv.length, c = cv.length
            let bigA = acos(max(-1, min(1, (-a * a + b * b + c * c) / (2 * b * c))))
            let bigC = acos(max(-1, min(1, (a * a + b * b - c * c) / (2 * a * b))))
            var r1: Float, r2: Float
            if components[b2]?.parent != b1 {
                let local = (tip(b2) - translation(links[child].bone)).direction(through: links[first + 2].parentWorldInverse)
                let correction = -local.angle
                r1 = invert ? cv.angle - bigA : bigA + cv.angle
                r2 = (invert ? -bigC + pi : bigC - pi) + correction
            } else {
                r1 = invert ? cv.angle - bigA : bigA + cv.angle
                r2 = invert ? -bigC + pi : bigC - pi
            }
            constrainRotation(first, r1)
            constrainRotation(child, r2)
            if child != last {
                worldTransforms[b2] = parentWorld(b2).floatTimes(locals[b2] ?? localTransform(b2))
            }
            links[first].angle = r1
            links[child].angle = r2
        }
        switch links.count {
        case 1:
            let local = (targetPoint - translation(links[0].bone)).direction(through: links[0].parentWorldInverse)
            constrainRotation(0, local.angle)
            links[0].angle = local.angle
        case 2:
            solve2(0, 1)
        default:
            let last = links.count - 1
            for index in 0..<last {
                solve2(index, last)
                for later in (index + 1)..<last {
                    links[later].parentWorldInverse = parentWorld(links[later].bone).floatInvertedOrIdentity()
                }
            }
        }
        let strength = Float(double(constraint, P.constraintStrength, 1))
        guard strength != 1 else { return }
        let twoPi = pi * 2
        for index in links.indices {
            let from = fmodf(links[index].parts.rotation, twoPi)
            var difference = fmodf(links[index].angle, twoPi) - from
            if difference > pi {
                difference -= twoPi
            } else if difference < -pi {
                difference += twoPi
            }
            constrainRotation(index, from + difference * strength)
        }
    }
}
