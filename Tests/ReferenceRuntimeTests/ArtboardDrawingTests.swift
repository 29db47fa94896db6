import Foundation
import RiveFormat
import RiveRendering
import RuntimeAPI
import Testing
@testable import ReferenceRuntime

private typealias T = RiveTypeKey
private typealias P = RivePropertyKey

/// How an artboard frames what it draws: its clip (DRAW-4), and shapes at zero opacity.
@Suite("Artboard drawing: clip and opacity")
@MainActor
struct ArtboardDrawingTests {
    /// One artboard "A" (100 × 80) holding a 20 × 20 red square at (10, 10); `clip` is stored
    /// only when given.
    private func clipDocument(clip: Bool?, shapeOpacity: Float = 1, background: Bool = false) throws -> [UInt8] {
        var b = DocumentBuilder()
        b.add(T.backboard)
        var artboard: [UInt32: RivePropertyValue] = [P.componentName: .string("A"), P.layoutComponentWidth: .float(100), P.layoutComponentHeight: .float(80)]
        if let clip { artboard[P.layoutComponentClip] = .bool(clip) }
        b.add(T.artboard, artboard)
        b.add(T.shape, [P.componentParentId: .uint(0), P.nodeX: .float(10), P.nodeY: .float(10), P.worldTransformComponentOpacity: .float(shapeOpacity)])
        b.add(T.rectangle, [P.componentParentId: .uint(1), P.parametricPathWidth: .float(20), P.parametricPathHeight: .float(20)])
        b.add(T.fill, [P.componentParentId: .uint(1)])
        b.add(T.solidColor, [P.componentParentId: .uint(3), P.solidColorColorValue: .color(0xFFFF_0000)])
        if background {
            b.add(T.fill, [P.componentParentId: .uint(0)])
            b.add(T.solidColor, [P.componentParentId: .uint(5), P.solidColorColorValue: .color(0xFF20_2020)])
        }
        return try b.bytes()
    }

    /// A straight-edged path's min x, min y, max x and max y.
    private static func corners(_ path: Path) -> [Double] {
        let points = path.commands.compactMap { command -> Point? in
            switch command {
            case .moveTo(let point), .lineTo(let point): point
            default: nil
            }
        }
        return [points.map(\.x).min() ?? .nan, points.map(\.y).min() ?? .nan, points.map(\.x).max() ?? .nan, points.map(\.y).max() ?? .nan]
    }

    private func commands(_ artboard: ReferenceArtboard) -> [DrawCommand] {
        let recorder = DrawCommandRecorder()
        artboard.record(into: recorder)
        return recorder.commands
    }

    @Test("DRAW-4 an artboard whose file does not store clip clips to its bounds, with the clockwise rule its render path starts with")
    func clipsByDefault() throws {
        let file = try ReferenceWorker().openFile(.data(try clipDocument(clip: nil)))
        let commands = commands(try file.makeArtboard("A"))
        let clips = commands.compactMap { command -> Path? in if case .clipPath(let path) = command { path } else { nil } }
        #expect(clips.count == 1)
        #expect(clips.first?.fillRule == .clockwise)
        #expect(clips.first.map(Self.corners) == [0, 0, 100, 80])
        let first = commands.firstIndex { if case .clipPath = $0 { true } else { false } }
        let firstDraw = commands.firstIndex { if case .drawPath = $0 { true } else { false } }
        #expect(first != nil && firstDraw != nil && first! < firstDraw!, "the clip comes before anything is drawn")
    }

    @Test("DRAW-4 an artboard whose file stores clip = false does not clip; clip = true does")
    func authoredClip() throws {
        let off = try ReferenceWorker().openFile(.data(try clipDocument(clip: false)))
        #expect(!commands(try off.makeArtboard("A")).contains { if case .clipPath = $0 { true } else { false } })
        let on = try ReferenceWorker().openFile(.data(try clipDocument(clip: true)))
        #expect(commands(try on.makeArtboard("A")).contains { if case .clipPath = $0 { true } else { false } })
    }

    @Test("a shape at zero render opacity is not drawn at all (upstream Shape::willDraw); at a little opacity it is")
    func zeroOpacityShape() throws {
        func draws(_ opacity: Float) throws -> Int {
            let file = try ReferenceWorker().openFile(.data(try clipDocument(clip: nil, shapeOpacity: opacity)))
            return commands(try file.makeArtboard("A")).filter { if case .drawPath = $0 { true } else { false } }.count
        }
        #expect(try draws(0) == 0)
        #expect(try draws(0.001) == 1)
    }

    @Test("DRAW-4 the clip keeps the clockwise rule on the first frame and takes a non-zero background fill's rule from the next (upstream shares one render path between them)")
    func clipRuleFollowsBackground() throws {
        let file = try ReferenceWorker().openFile(.data(try clipDocument(clip: nil, background: true)))
        let artboard = try file.makeArtboard("A")
        func clipRule() -> FillRule? {
            commands(artboard).lazy.compactMap { command -> FillRule? in if case .clipPath(let path) = command { path.fillRule } else { nil } }.first
        }
        #expect(clipRule() == .clockwise)
        #expect(clipRule() == .nonZero)
        #expect(clipRule() == .nonZero)
    }
}
