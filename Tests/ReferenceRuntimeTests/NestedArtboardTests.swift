import Foundation
import RiveFormat
import RuntimeAPI
import Testing
@testable import ReferenceRuntime

/// Nested artboards in the reference runtime: what the nested fixture instances, and damaged
/// files whose nested artboards reference their own host.
@Suite("Nested artboards")
@MainActor
struct NestedArtboardTests {
    @Test("nested: every host gets an instance of its artboard, and nothing is unsupported")
    func fixtureInstancesEveryHost() throws {
        let player = try FixturePlayer("nested")
        #expect(player.artboard.unsupportedContent.isEmpty)
        #expect(player.artboard.nestedArtboardInstances.map(\.name) == ["Card", "Card", "Clock", "Clock", "Clock", "Plain", "Tagged"])
        player.advance(0)
        #expect(player.color(30, 30) == 0xFFFF_0000, "Left's face in left/tint")
    }

    @Test("a paused host's state machine holds still while its siblings move (NEST-4)")
    func pausedHostHoldsStill() throws {
        let player = try FixturePlayer("nested")
        player.advance(0)
        player.play(0.5)
        #expect(player.color(130, 20) == 0xFFFF_FFFF, "Clock1's hand reached x 20")
        #expect(player.color(115, 50) == 0xFFFF_FFFF, "Frozen's hand is still at x 5")
    }

    @Test("a nested artboard that references its own host stays empty instead of nesting forever")
    func selfReferenceStaysEmpty() throws {
        var document = try RiveReader.read([UInt8](Data(contentsOf: URL(fileURLWithPath: Fixtures.path("nested")))))
        let hosts = document.objects.indices.filter { document.objects[$0].typeKey == RiveTypeKey.nestedArtboard }
        try #require(hosts.count == 7)
        // Left (the first host, in artboard Host = 0) and Right now nest Host itself.
        for host in hosts.prefix(2) {
            document.objects[host].properties.removeAll { $0.key == RivePropertyKey.nestedArtboardArtboardId }
            document.objects[host].properties.append(RiveProperty(key: RivePropertyKey.nestedArtboardArtboardId, value: .uint(0)))
        }
        let file = try ReferenceWorker().openFile(.data(try RiveWriter.write(document)))
        let artboard = try file.makeArtboard(nil)
        #expect(artboard.nestedArtboardInstances.map(\.name) == ["Clock", "Clock", "Clock", "Plain", "Tagged"])
        let machine = try artboard.makeStateMachine(nil, binding: .auto)
        _ = machine.advanceAndApply(by: 0)
        _ = machine.advanceAndApply(by: 0.1)
    }
}
