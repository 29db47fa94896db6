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

    /// The nested fixture with the NestedStateMachine of host `host` (2: Clock1, 4: Fast, both
    /// playing Clock, whose animation 0 moves Hand from x 5 to 35 in one looping second)
    /// replaced by a nested linear animation of `type` with `properties`, opened on its
    /// artboard; and the host's local id in artboard Host.
    private func nestedFixture(replacingMachineOf host: Int, with type: UInt32,
                               _ properties: [UInt32: RivePropertyValue]) throws -> (artboard: ReferenceArtboard, machine: ReferenceStateMachine, component: Int) {
        var document = try RiveReader.read([UInt8](Data(contentsOf: URL(fileURLWithPath: Fixtures.path("nested")))))
        let hosts = document.objects.indices.filter { document.objects[$0].typeKey == RiveTypeKey.nestedArtboard }
        try #require(hosts.count == 7)
        let machine = try #require(document.objects.indices.first { $0 > hosts[host] && document.objects[$0].typeKey == RiveTypeKey.nestedStateMachine })
        let parent = try #require(document.objects[machine].properties.first { $0.key == RivePropertyKey.componentParentId })
        var replaced = [parent, RiveProperty(key: RivePropertyKey.nestedAnimationAnimationId, value: .uint(0))]
        replaced += properties.sorted { $0.key < $1.key }.map { RiveProperty(key: $0.key, value: $0.value) }
        document.objects[machine] = RiveObject(typeKey: type, properties: replaced)
        let file = try ReferenceWorker().openFile(.data(try RiveWriter.write(document)))
        let artboard = try file.makeArtboard(nil)
        let component = try #require(file.model.layout.artboards[0].localObjects.firstIndex(of: machine))
        let instance = try file.makeViewModelInstance(.viewModelDefault(from: .artboardDefault(artboard)))
        return (artboard, try artboard.makeStateMachine(nil, binding: .instance(instance)), component)
    }

    /// Hand's x in the nested instance of host `host` (Clock's component 3, after the background fill and its color).
    private func handX(_ artboard: ReferenceArtboard, host: Int) -> Double {
        artboard.nestedArtboardInstances[host].store.double(3, RivePropertyKey.nodeX)
    }

    @Test("a nested simple animation advances by the host's time times its speed and keeps the host going")
    func simpleAnimationPlays() throws {
        let (artboard, machine, _) = try nestedFixture(replacingMachineOf: 2, with: RiveTypeKey.nestedSimpleAnimation, [
            RivePropertyKey.nestedSimpleAnimationIsPlaying: .bool(true), RivePropertyKey.nestedSimpleAnimationSpeed: .float(2),
        ])
        #expect(artboard.unsupportedContent.isEmpty)
        _ = machine.advanceAndApply(by: 0)
        #expect(handX(artboard, host: 2) == 5)
        var keepsGoing = false
        for _ in 0..<15 { keepsGoing = machine.advanceAndApply(by: 1.0 / 60) }
        #expect(abs(handX(artboard, host: 2) - 20) < 1e-3, "a quarter second at speed 2 is half the loop")
        #expect(keepsGoing, "a playing loop keeps the host going")
    }

    @Test("a nested simple animation that is not playing holds its time and still applies at its mix")
    func stoppedSimpleAnimationApplies() throws {
        let (artboard, machine, _) = try nestedFixture(replacingMachineOf: 2, with: RiveTypeKey.nestedSimpleAnimation, [
            RivePropertyKey.nestedLinearAnimationMix: .float(0.5),
        ])
        for _ in 0..<15 { _ = machine.advanceAndApply(by: 1.0 / 60) }
        #expect(handX(artboard, host: 2) == 5, "still at the animation's start")
        #expect(handX(artboard, host: 4) != 5, "Fast, playing its state machine, moved")
    }

    @Test("a nested remap animation shows the fraction time of its animation, wrapped by its loop, at its mix")
    func remapAnimationShowsTime() throws {
        let (artboard, machine, component) = try nestedFixture(replacingMachineOf: 4, with: RiveTypeKey.nestedRemapAnimation, [
            RivePropertyKey.nestedRemapAnimationTime: .float(1.25),
        ])
        #expect(artboard.unsupportedContent.isEmpty)
        _ = machine.advanceAndApply(by: 0)
        #expect(abs(handX(artboard, host: 4) - 12.5) < 1e-4, "1.25 of a looping second is a quarter")
        for _ in 0..<30 { _ = machine.advanceAndApply(by: 1.0 / 60) }
        #expect(abs(handX(artboard, host: 4) - 12.5) < 1e-4, "a remap does not advance by itself")
        _ = artboard.store.set(PropertyStore.Key(object: component, property: RivePropertyKey.nestedRemapAnimationTime), to: .float(0.75))
        _ = machine.advanceAndApply(by: 1.0 / 60)
        #expect(abs(handX(artboard, host: 4) - 27.5) < 1e-4, "a new time moves the animation there")
        _ = artboard.store.set(PropertyStore.Key(object: component, property: RivePropertyKey.nestedLinearAnimationMix), to: .float(0.5))
        _ = artboard.store.set(PropertyStore.Key(object: component, property: RivePropertyKey.nestedRemapAnimationTime), to: .float(0))
        _ = machine.advanceAndApply(by: 1.0 / 60)
        #expect(abs(handX(artboard, host: 4) - 16.25) < 1e-4, "half way from 27.5 to the start's 5")
    }
}
