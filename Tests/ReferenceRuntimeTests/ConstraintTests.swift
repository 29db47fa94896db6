import HarnessTestSupport
import Testing
import RiveFormat
import RiveRendering
import RuntimeAPI
@testable import ReferenceRuntime

private typealias T = RiveTypeKey
private typealias P = RivePropertyKey

/// Constraints (Constraints.swift) and the path measure follow paths use (PathMeasure.swift):
/// small built documents, and the upstream constraint files with positions the real runtime
/// (rive-runtime 89c04af7) draws them at.
@Suite("Constraints")
@MainActor
struct ConstraintTests {
    /// An artboard with a target node at (100, 50) and a node "moved" at (0, 0) under a
    /// parent node at (10, 20) scaled by 2, with one constraint of `type` on "moved".
    private func artboard(constraint type: UInt32, _ properties: [UInt32: RivePropertyValue]) throws -> (ReferenceArtboard, moved: Int, target: Int) {
        var b = DocumentBuilder()
        b.add(T.backboard)
        b.add(T.artboard, [P.componentName: .string("A"), P.layoutComponentWidth: .float(200), P.layoutComponentHeight: .float(200)])
        b.add(T.node, [P.componentName: .string("target"), P.componentParentId: .uint(0), P.nodeX: .float(100), P.nodeY: .float(50),
                       P.transformComponentRotation: .float(0.5)])
        b.add(T.node, [P.componentName: .string("parent"), P.componentParentId: .uint(0), P.nodeX: .float(10), P.nodeY: .float(20),
                       P.transformComponentScaleX: .float(2), P.transformComponentScaleY: .float(2)])
        b.add(T.node, [P.componentName: .string("moved"), P.componentParentId: .uint(2), P.nodeX: .float(5), P.nodeY: .float(0)])
        b.add(type, properties.merging([P.componentParentId: .uint(3), P.targetedConstraintTargetId: .uint(1)]) { a, _ in a })
        let file = try ReferenceWorker().openFile(.data(try b.bytes()))
        let artboard = try file.makeArtboard(nil)
        #expect(artboard.unsupportedContent.isEmpty, "\(artboard.unsupportedContent)")
        return (artboard, 3, 1)
    }

    private func world(_ artboard: ReferenceArtboard, _ id: Int) -> Transform2D {
        artboard.scene.update()
        return artboard.scene.worldTransform(id)
    }

    @Test("a translation constraint moves the component onto its target in world space, blended by strength")
    func translationStrength() throws {
        let (artboard, moved, _) = try artboard(constraint: T.translationConstraint, [P.constraintStrength: .float(0.25)])
        let result = world(artboard, moved)
        // Unconstrained at (10 + 2·5, 20) = (20, 20); a quarter of the way to (100, 50).
        #expect(abs(result.tx - 40) < 1e-4 && abs(result.ty - 27.5) < 1e-4, "\(result)")
        #expect(abs(result.a - 2) < 1e-6, "the scale is kept")
    }

    @Test("a translation constraint with local spaces copies the target's local position into the parent's space and clamps there")
    func translationLocalSpacesAndClamp() throws {
        let (artboard, moved, _) = try artboard(constraint: T.translationConstraint, [
            P.transformSpaceConstraintSourceSpaceValue: .uint(1), P.transformSpaceConstraintDestSpaceValue: .uint(1),
            P.transformComponentConstraintMinMaxSpaceValue: .uint(1), P.transformComponentConstraintMax: .bool(true),
            P.transformComponentConstraintMaxValue: .float(60),
        ])
        let result = world(artboard, moved)
        // Local (100, 50) clamped to x ≤ 60 in the parent's space: world (10 + 2·60, 20 + 2·50).
        #expect(abs(result.tx - 130) < 1e-4 && abs(result.ty - 120) < 1e-4, "\(result)")
    }

    @Test("a rotation constraint copies the target's world rotation, a scale constraint its scale")
    func rotationAndScale() throws {
        let (rotated, moved, _) = try artboard(constraint: T.rotationConstraint, [:])
        #expect(abs(TransformParts(world(rotated, moved)).rotation - 0.5) < 1e-6)
        let (scaled, id, _) = try artboard(constraint: T.scaleConstraint, [P.constraintStrength: .float(0.5)])
        // Halfway from the inherited scale 2 to the target's 1.
        #expect(abs(TransformParts(world(scaled, id)).scaleX - 1.5) < 1e-6)
    }

    @Test("a distance constraint in exact mode keeps the component at the distance from its target; closer leaves it when already near")
    func distance() throws {
        let (exact, moved, _) = try artboard(constraint: T.distanceConstraint, [P.distanceConstraintDistance: .float(10), P.distanceConstraintModeValue: .uint(2)])
        let result = world(exact, moved)
        let distance = ((result.tx - 100) * (result.tx - 100) + (result.ty - 50) * (result.ty - 50)).squareRoot()
        #expect(abs(distance - 10) < 1e-4, "\(result)")
        let (closer, id, _) = try artboard(constraint: T.distanceConstraint, [P.distanceConstraintDistance: .float(1000), P.distanceConstraintModeValue: .uint(0)])
        let unmoved = world(closer, id)
        #expect(unmoved.tx == 20 && unmoved.ty == 20)
    }

    @Test("a constraint's animated strength re-applies it without any transform changing")
    func strengthChangeReapplies() throws {
        let (artboard, moved, _) = try artboard(constraint: T.translationConstraint, [P.constraintStrength: .float(0)])
        #expect(world(artboard, moved).tx == 20)
        _ = artboard.store.set(PropertyStore.Key(object: 4, property: P.constraintStrength), to: .float(1))
        #expect(abs(world(artboard, moved).tx - 100) < 1e-4)
    }

    @Test("a constrained path moves within its shape: the shape's path maps it through the inverse of the shape's world transform")
    func constrainedPathInShape() throws {
        var b = DocumentBuilder()
        b.add(T.backboard)
        b.add(T.artboard, [P.componentName: .string("A"), P.layoutComponentWidth: .float(200), P.layoutComponentHeight: .float(200)])
        b.add(T.node, [P.componentName: .string("target"), P.componentParentId: .uint(0), P.nodeX: .float(50), P.nodeY: .float(0)])
        b.add(T.shape, [P.componentName: .string("shape"), P.componentParentId: .uint(0), P.nodeX: .float(10), P.nodeY: .float(10)])
        b.add(T.rectangle, [P.componentParentId: .uint(2), P.parametricPathWidth: .float(10), P.parametricPathHeight: .float(10)])
        b.add(T.translationConstraint, [P.componentParentId: .uint(3), P.targetedConstraintTargetId: .uint(1)])
        let artboard = try ReferenceWorker().openFile(.data(try b.bytes())).makeArtboard(nil)
        artboard.scene.update()
        let path = try #require(artboard.scene.path(ofShape: 2))
        // The rectangle's world origin is the target's (50, 0): (40, -10) in the shape's space.
        guard case .moveTo(let start) = path.commands.first else {
            Issue.record("no move: \(path.commands)")
            return
        }
        #expect(abs(start.x - 35) < 1e-9 && abs(start.y - -15) < 1e-9, "\(start)")
    }

    @Test("TransformParts splits and recomposes a skewed transform in Float, as upstream's Mat2D")
    func decomposeCompose() {
        let matrix = Transform2D(a: 1.2, b: 0.4, c: -0.3, d: 0.9, tx: 7, ty: -3)
        let parts = TransformParts(matrix)
        let again = parts.composed
        for part in [parts.x, parts.y, parts.scaleX, parts.scaleY, parts.rotation, parts.skew] {
            #expect(Double(Float(part)) == part, "every part is a Float")
        }
        for (x, y) in [(matrix.a, again.a), (matrix.b, again.b), (matrix.c, again.c), (matrix.d, again.d), (matrix.tx, again.tx), (matrix.ty, again.ty)] {
            #expect(Double(Float(y)) == y, "every component is a Float")
            // A few units in the last place of a Float of this size.
            #expect(abs(x - y) < 1e-6)
        }
    }

    @Test("constraints compute in Float: the world transforms they write hold Float values, mixed as a·(1 − t) + b·t in Float")
    func constraintsComputeInFloat() throws {
        let cases: [(UInt32, [UInt32: RivePropertyValue])] = [
            (T.translationConstraint, [P.constraintStrength: .float(0.3)]),
            (T.rotationConstraint, [P.constraintStrength: .float(0.3)]),
            (T.scaleConstraint, [P.constraintStrength: .float(0.3)]),
            (T.transformConstraint, [P.constraintStrength: .float(0.3)]),
        ]
        for (type, properties) in cases {
            let (artboard, moved, _) = try artboard(constraint: type, properties)
            let result = world(artboard, moved)
            for component in [result.a, result.b, result.c, result.d, result.tx, result.ty] {
                #expect(Double(Float(component)) == component, "type \(type): \(result)")
            }
        }
        // The translation: unconstrained at (20, 20), 0.3 of the way to (100, 50), in Float.
        let (artboard, moved, _) = try artboard(constraint: T.translationConstraint, [P.constraintStrength: .float(0.3)])
        let t = Float(0.3)
        #expect(world(artboard, moved).tx == Double(Float(20) * (1 - t) + Float(100) * t))
        #expect(upstreamPi == Float(3.14159265) && upstreamPi > Float.pi, "upstream's π rounds up")
    }

    @Test("the path measure walks a closed square by fraction, wrapping fractions outside 0…1")
    func squareMeasure() {
        let square = Path.rectangle(width: 100, height: 100, originX: 0, originY: 0)
        let measure = PathLengthMeasure(square)
        #expect(measure.length == 400)
        let half = measure.positionAndTangent(atFraction: 0.5)
        #expect(half.position == SIMD2(100, 100) && half.tangent == SIMD2(0, 1))
        #expect(measure.positionAndTangent(atFraction: 1.25).position == SIMD2(100, 0))
        #expect(measure.positionAndTangent(atFraction: -0.25).position == SIMD2(0, 100))
        #expect(measure.positionAndTangent(atFraction: 1).position == SIMD2(0, 0), "a whole fraction is the end")
        #expect(PathLengthMeasure(Path()).positionAndTangent(atFraction: 0.5).position == .zero, "no contour: zero")
    }

    @Test("the path measure's circle is a little shorter than 2πr (the chords of Wang's formula's pieces) and its quarter point lies on the circle")
    func circleMeasure() {
        let measure = PathLengthMeasure(Path.ellipse(width: 100, height: 100))
        #expect(measure.length < 2 * .pi * 50 && measure.length > 2 * .pi * 50 - 1.5, "\(measure.length)")
        let quarter = measure.positionAndTangent(atFraction: 0.25)
        #expect(abs((quarter.position.x * quarter.position.x + quarter.position.y * quarter.position.y).squareRoot() - 50) < 0.1)
    }
}

/// The upstream constraint files against what the real runtime draws.
@Suite("Constraints: upstream files", .enabled(if: SharedMaterial.hasAssets, "../shared/rive-assets is absent; set RIVE_HARNESS_SHARED"))
@MainActor
struct UpstreamConstraintTests {
    private func artboard(_ name: String) throws -> ReferenceArtboard {
        let file = try ReferenceWorker().openFile(.data(try #require(SharedMaterial.assetIfPresent(name))))
        let artboard = try file.makeArtboard(nil)
        let machine = try artboard.makeStateMachine(nil, binding: .none)
        machine.advanceAndApply(by: 0)
        artboard.scene.update()
        return artboard
    }

    @Test("translation_constraint.riv: the rect sits on its target node, keeping its rotation (rive-cpp draws it centred on 380.005, 23.469)")
    func translation() throws {
        let artboard = try artboard("translation_constraint.riv")
        let rect = try #require(artboard.componentID(named: "rect"))
        let world = artboard.scene.worldTransform(rect)
        #expect(abs(world.tx - 380.00546) < 1e-3 && abs(world.ty - 23.468908) < 1e-3, "\(world)")
        #expect(abs(TransformParts(world).rotation - 0.7518807) < 1e-5)
        #expect(artboard.unsupportedContent.isEmpty, "\(artboard.unsupportedContent)")
    }

    @Test("follow_path.riv: the rect starts at the target path's first vertex (rive-cpp draws it centred on 250, 250)")
    func followPath() throws {
        let artboard = try artboard("follow_path.riv")
        let rect = try #require(artboard.componentID(named: "rect"))
        let world = artboard.scene.worldTransform(rect)
        #expect(abs(world.tx - 250) < 1e-3 && abs(world.ty - 250) < 1e-3, "\(world)")
        #expect(artboard.unsupportedContent.isEmpty, "\(artboard.unsupportedContent)")
    }

    @Test("complex_ik_dependency.riv: once bones are played, the two-bone chain bends so its tip reaches the target (within reach); until then the IK is reported")
    func twoBoneIK() throws {
        let artboard = try artboard("complex_ik_dependency.riv")
        if artboard.unsupportedContent.contains(where: { $0.hasPrefix("IKConstraint") }) {
            #expect(artboard.unsupportedContent.contains { $0.hasPrefix("Bone") || $0.hasPrefix("RootBone") }, "IK waits only for bones: \(artboard.unsupportedContent)")
            return
        }
        let two = try #require(artboard.componentID(named: "Two"))
        let target = try #require(artboard.componentID(named: "Target"))
        let length = artboard.store.double(two, P.boneLength)
        let tip = artboard.scene.worldTransform(two).apply(Point(x: length, y: 0))
        let goal = artboard.scene.worldTransform(target)
        #expect(abs(tip.x - goal.tx) < 1e-2 && abs(tip.y - goal.ty) < 1e-2, "tip \(tip), target \(goal)")
    }
}
