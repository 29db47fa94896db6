import RiveFormat
import RuntimeAPI
import Testing
@testable import ReferenceRuntime

private typealias T = RiveTypeKey
private typealias P = RivePropertyKey

/// Draw rules and targets (DrawRules.swift): drawables moved next to a target drawable, as
/// upstream's `Artboard::sortDrawOrder`.
@Suite("Draw rules")
@MainActor
struct DrawRulesTests {
    /// Artboard "A" with shapes #1, #2, #3 in file order (drawn #3 at the bottom, #1 on top);
    /// rules (#4) on shape #1 whose target (#5) is shape #3 with `placement`; `active` says
    /// whether the rules name the target.
    private func document(placement: UInt64, active: Bool = true) throws -> [UInt8] {
        var b = DocumentBuilder()
        b.add(T.backboard)
        b.add(T.artboard, [P.componentName: .string("A"), P.layoutComponentWidth: .float(100), P.layoutComponentHeight: .float(100)])
        for _ in 0..<3 { b.add(T.shape, [P.componentParentId: .uint(0)]) }
        b.add(T.drawRules, [P.componentParentId: .uint(1), P.drawRulesDrawTargetId: .uint(active ? 5 : UInt64(UInt32.max))])
        b.add(T.drawTarget, [P.componentParentId: .uint(4), P.drawTargetDrawableId: .uint(3), P.drawTargetPlacementValue: .uint(placement)])
        return try b.bytes()
    }

    private func drawOrder(_ bytes: [UInt8]) throws -> [Int] {
        try ReferenceWorker().openFile(.data(bytes)).makeArtboard("A").scene.drawOrder
    }

    @Test("without an active target the drawables keep file order (the last drawn first)")
    func inactive() throws {
        #expect(try drawOrder(document(placement: 0, active: false)) == [3, 2, 1])
    }

    @Test("placement 0 draws the rules' drawables just above the target; 1 just below it")
    func placements() throws {
        #expect(try drawOrder(document(placement: 0)) == [3, 1, 2])
        #expect(try drawOrder(document(placement: 1)) == [1, 3, 2])
    }

    @Test("changing the active target re-sorts the draw order on the next update")
    func activeTargetChanges() throws {
        let artboard = try ReferenceWorker().openFile(.data(try document(placement: 0))).makeArtboard("A")
        #expect(artboard.scene.drawOrder == [3, 1, 2])
        artboard.store.set(PropertyStore.Key(object: 4, property: P.drawRulesDrawTargetId), to: .uint(UInt64(UInt32.max)))
        artboard.scene.update()
        #expect(artboard.scene.drawOrder == [3, 2, 1])
    }
}
