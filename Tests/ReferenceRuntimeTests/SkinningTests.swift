import HarnessTestSupport
import RiveFormat
import RiveRendering
import RuntimeAPI
import Testing
@testable import ReferenceRuntime

private typealias T = RiveTypeKey
private typealias P = RivePropertyKey

/// Bones and skins (Skinning.swift): bones place their children at their parent's tip, and
/// skinned points paths follow the bones they are weighted to, as upstream's `Skin::deform`.
@Suite("Bones and skins")
@MainActor
struct SkinningTests {
    /// Artboard "A" (200 × 200): a root bone at (50, 50) of length 40 (#1) with a child bone
    /// (#2, length 20, rotated by `childRotation`); a shape at x = 10 (#3) holding a node (#4)
    /// at y = 7 under which a bone-driven open points path (#5) has two straight vertices:
    /// (60, 50) weighted fully to the root bone (#6, weight #7) and (100, 50) split
    /// `childShare`/255 to the child bone and the rest to the root bone (#8, weight #9). The
    /// skin (#10) binds at the identity; its tendons bind the root bone (#11) and the child
    /// bone (#12) at their rest world transforms. A stroke (#13) with a solid color (#14).
    private func skinnedDocument(childRotation: Float = 0, childShare: UInt64 = 255) throws -> [UInt8] {
        var b = DocumentBuilder()
        b.add(T.backboard)
        b.add(T.artboard, [P.componentName: .string("A"), P.layoutComponentWidth: .float(200), P.layoutComponentHeight: .float(200)])
        b.add(T.rootBone, [P.componentParentId: .uint(0), P.rootBoneX: .float(50), P.rootBoneY: .float(50), P.boneLength: .float(40)])
        b.add(T.bone, [P.componentParentId: .uint(1), P.boneLength: .float(20), P.transformComponentRotation: .float(childRotation)])
        b.add(T.shape, [P.componentParentId: .uint(0), P.nodeX: .float(10)])
        b.add(T.node, [P.componentParentId: .uint(3), P.nodeY: .float(7)])
        b.add(T.pointsPath, [P.componentParentId: .uint(4), P.pointsCommonPathIsClosed: .bool(false)])
        b.add(T.straightVertex, [P.componentParentId: .uint(5), P.vertexX: .float(60), P.vertexY: .float(50)])
        b.add(T.weight, [P.componentParentId: .uint(6), P.weightValues: .uint(255), P.weightIndices: .uint(1)])
        b.add(T.straightVertex, [P.componentParentId: .uint(5), P.vertexX: .float(100), P.vertexY: .float(50)])
        b.add(T.weight, [P.componentParentId: .uint(8), P.weightValues: .uint(childShare | (255 - childShare) << 8), P.weightIndices: .uint(2 | 1 << 8)])
        b.add(T.skin, [P.componentParentId: .uint(5)])
        b.add(T.tendon, [P.componentParentId: .uint(10), P.tendonBoneId: .uint(1), P.tendonTx: .float(50), P.tendonTy: .float(50)])
        b.add(T.tendon, [P.componentParentId: .uint(10), P.tendonBoneId: .uint(2), P.tendonTx: .float(90), P.tendonTy: .float(50)])
        b.add(T.stroke, [P.componentParentId: .uint(3)])
        b.add(T.solidColor, [P.componentParentId: .uint(13)])
        return try b.bytes()
    }

    /// The end points of the shape's path in artboard space.
    private func worldPoints(_ artboard: ReferenceArtboard) -> [Point] {
        artboard.scene.update()
        let world = artboard.scene.worldTransform(3)
        return (artboard.scene.path(ofShape: 3)?.commands ?? []).compactMap { command -> Point? in
            switch command {
            case .moveTo(let point), .lineTo(let point): world.apply(point)
            default: nil
            }
        }
    }

    private func expectClose(_ points: [Point], _ expected: [Point], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(points.count == expected.count, sourceLocation: sourceLocation)
        for (point, want) in zip(points, expected) {
            #expect(abs(point.x - want.x) < 1e-4 && abs(point.y - want.y) < 1e-4, "\(point) should be \(want)", sourceLocation: sourceLocation)
        }
    }

    @Test("a bone sits at its parent bone's tip; a root bone at its own x and y")
    func boneTransforms() throws {
        let artboard = try ReferenceWorker().openFile(.data(try skinnedDocument(childRotation: .pi / 2))).makeArtboard("A")
        artboard.scene.update()
        let root = artboard.scene.worldTransform(1), child = artboard.scene.worldTransform(2)
        #expect(root.tx == 50 && root.ty == 50)
        #expect(abs(child.tx - 90) < 1e-9 && abs(child.ty - 50) < 1e-9)
        #expect(abs(child.b - 1) < 1e-6, "the child bone is rotated by a quarter turn")
    }

    @Test("at rest a skinned path stays where it was bound, whatever the shape's and path's own transforms")
    func restPose() throws {
        let artboard = try ReferenceWorker().openFile(.data(try skinnedDocument())).makeArtboard("A")
        expectClose(worldPoints(artboard), [Point(x: 60, y: 50), Point(x: 100, y: 50)])
    }

    @Test("a vertex weighted to a rotated bone turns with it about the bone's origin")
    func rotatedBone() throws {
        let artboard = try ReferenceWorker().openFile(.data(try skinnedDocument(childRotation: .pi / 2))).makeArtboard("A")
        // (100, 50) is 10 along the child bone from its origin (90, 50); a quarter turn puts it at (90, 60).
        expectClose(worldPoints(artboard), [Point(x: 60, y: 50), Point(x: 90, y: 60)])
    }

    @Test("weights blend the bone matrices: half to the rotated child bone, half to the root bone")
    func blendedWeights() throws {
        let artboard = try ReferenceWorker().openFile(.data(try skinnedDocument(childRotation: .pi / 2, childShare: 128))).makeArtboard("A")
        let share = 128.0 / 255
        // child: (90, 60); root: (100, 50); the blend of the two matrices maps the point to the blend of the two images.
        expectClose(worldPoints(artboard), [Point(x: 60, y: 50), Point(x: 90 * share + 100 * (1 - share), y: 60 * share + 50 * (1 - share))])
    }

    @Test("moving a bone after the first frame deforms the path again; moving the shape does not move the skinned path")
    func followsChanges() throws {
        let artboard = try ReferenceWorker().openFile(.data(try skinnedDocument())).makeArtboard("A")
        _ = worldPoints(artboard)
        artboard.store.set(PropertyStore.Key(object: 1, property: P.rootBoneY), to: .float(80))
        expectClose(worldPoints(artboard), [Point(x: 60, y: 80), Point(x: 100, y: 80)])
        artboard.store.set(PropertyStore.Key(object: 3, property: P.nodeX), to: .float(-30))
        expectClose(worldPoints(artboard), [Point(x: 60, y: 80), Point(x: 100, y: 80)])
        artboard.store.set(PropertyStore.Key(object: 1, property: P.boneLength), to: .float(50))
        // The child bone now starts at x = 100: the vertex bound 10 along it moves to 110.
        expectClose(worldPoints(artboard), [Point(x: 60, y: 80), Point(x: 110, y: 80)])
    }

    @Test("bones, skins, tendons and weights are no longer reported as unsupported content")
    func supportedContent() throws {
        let file = try ReferenceWorker().openFile(.data(try skinnedDocument()))
        let artboard = try file.makeArtboard("A")
        #expect(artboard.content.unsupported.isEmpty, "\(artboard.content.unsupportedSummary)")
    }
}

/// Skinned upstream files (../shared/rive-assets) whose skins the reference now plays.
@Suite("Bones and skins on upstream files", .enabled(if: SharedMaterial.hasAssets, "../shared/rive-assets is absent; set RIVE_HARNESS_SHARED"))
@MainActor
struct SkinningUpstreamTests {
    /// The artboard-space bounds of each stroke drawn on the first frame (cubics sampled
    /// finely enough for 1e-3), in draw order, computed as `rive-harness diff` does from the
    /// digest: transforms and points rounded to 1e-3 first.
    private func strokeBounds(_ artboard: ReferenceArtboard) -> [[Double]] {
        func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
        func rounded(_ point: Point) -> Point { Point(x: rounded(point.x), y: rounded(point.y)) }
        let recorder = DrawCommandRecorder()
        artboard.record(into: recorder)
        var stack: [Transform2D] = []
        var current = Transform2D.identity
        var bounds: [[Double]] = []
        for command in recorder.commands {
            switch command {
            case .save: stack.append(current)
            case .restore: current = stack.popLast() ?? current
            case .transform(let t):
                current = current * Transform2D(a: rounded(t.a), b: rounded(t.b), c: rounded(t.c), d: rounded(t.d), tx: rounded(t.tx), ty: rounded(t.ty))
            case .clipPath: break
            case .drawPath(let path, let paint):
                guard case .stroke = paint.style else { continue }
                var points: [Point] = []
                var last = Point(x: 0, y: 0)
                for command in path.commands {
                    switch command {
                    case .moveTo(let p), .lineTo(let p): points.append(rounded(p)); last = rounded(p)
                    case .cubicTo(let c1, let c2, let p):
                        let (c1, c2, p) = (rounded(c1), rounded(c2), rounded(p))
                        for step in 1...2000 {
                            let t = Double(step) / 2000, u = 1 - t
                            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                            points.append(Point(x: a * last.x + b * c1.x + c * c2.x + d * p.x, y: a * last.y + b * c1.y + c * c2.y + d * p.y))
                        }
                        last = p
                    case .close: break
                    }
                }
                let world = points.map { current.apply($0) }
                bounds.append([world.map(\.x).min() ?? .nan, world.map(\.y).min() ?? .nan, world.map(\.x).max() ?? .nan, world.map(\.y).max() ?? .nan])
            }
        }
        return bounds
    }

    @Test("octopus_loop.riv: the skinned tentacles bend with their bones, where rive-cpp 89c04af7 draws them on the first frame")
    func octopusTentacles() throws {
        let data = try #require(SharedMaterial.assetIfPresent("renderer_webgpu_player_rivs__octopus_loop.riv"))
        let artboard = try ReferenceWorker().openFile(.data(data)).makeArtboard(nil)
        let machine = try artboard.makeStateMachine(nil, binding: .auto)
        machine.advanceAndApply(by: 0)
        #expect(!artboard.content.unsupported.keys.contains { ["Bone", "RootBone", "Skin", "Tendon", "CubicWeight"].contains($0) })
        // rive-harness diff's first frame of rive-cpp: four tentacle strokes (min x, min y, max x, max y).
        let expected: [[Double]] = [[119.0784, 168.8535, 125.5484, 229.234], [106.9954, 168.796, 112.1796, 236.6974],
                                    [95.7776, 168.796, 98.2604, 237.0126], [81.7555, 168.8535, 87.3274, 229.3417]]
        let strokes = strokeBounds(artboard)
        #expect(strokes.count == 4)
        for (got, want) in zip(strokes, expected) {
            #expect(zip(got, want).allSatisfy { abs($0 - $1) < 2e-3 }, "\(got) should be \(want)")
        }
    }
}
