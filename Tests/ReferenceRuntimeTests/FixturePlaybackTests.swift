import Testing
import RuntimeAPI
@testable import ReferenceRuntime

/// The other corpus fixtures played by the reference runtime and checked against the pixels
/// their YAML headers describe.
@Suite("Fixtures all-types, globals, two-way, lists")
@MainActor
struct FixturePlaybackTests {
    static let background: UInt32 = 0xFF20_2020

    @Test("all-types: binds drive the marker, the child bar and the lamps; a ping flashes for 0.5 s")
    func allTypes() throws {
        let player = try FixturePlayer("all-types")
        player.advance(0)
        #expect(player.color(50, 30) == 0xFF00_AA00, "Marker at AllTypes/x = 50 in tint")
        #expect(player.color(25, 70) == 0xFFE5_E7EB, "ChildBar is child/size = 20 wide")
        #expect(player.color(50, 70) == Self.background)
        #expect(player.color(30, 110) == 0xFF22_C55E, "LabelLamp: label is hello")
        #expect(player.color(100, 110) == 0xFFEA_B308, "SizeLamp: medium")
        #expect(player.color(170, 110) == 0xFF40_4040, "PingLamp at rest")

        let instance = try #require(player.instance)
        instance.setValue(of: NumberProperty(path: "x"), to: 150)
        instance.setValue(of: ColorProperty(path: "tint"), to: Color(0xFFAA_0000))
        instance.setValue(of: StringProperty(path: "label"), to: "world")
        instance.setValue(of: EnumProperty(path: "size"), to: "large")
        instance.setValue(of: NumberProperty(path: "child/size"), to: 60)
        #expect(player.color(150, 30) == Self.background, "BIND-2: nothing changes before the advance")
        player.advance(1.0 / 60)
        #expect(player.color(150, 30) == 0xFFAA_0000)
        #expect(player.color(50, 30) == Self.background)
        #expect(player.color(50, 70) == 0xFFE5_E7EB, "PROP-3: the nested size reaches the bar")
        #expect(player.color(30, 110) == 0xFF6B_7280)
        #expect(player.color(100, 110) == 0xFFEF_4444)

        instance.setValue(of: BoolProperty(path: "visible"), to: false)
        player.advance(1.0 / 60)
        #expect(player.color(150, 30) == Self.background, "the marker's fill is hidden")

        player.fire("ping")
        player.advance(1.0 / 60)
        #expect(player.color(170, 110) == 0xFFFF_FFFF)
        player.play(0.3)
        #expect(player.color(170, 110) == 0xFFFF_FFFF)
        player.play(0.3)
        #expect(player.color(170, 110) == 0xFF40_4040)
    }

    @Test("all-types and lists: the ArtboardComponentList is played (LayoutAndListTests checks where its items are drawn)")
    func listsArePlayed() throws {
        let allTypes = try FixturePlayer("all-types")
        #expect(allTypes.artboard.unsupportedContent.isEmpty)
        let lists = try FixturePlayer("lists")
        #expect(lists.artboard.unsupportedContent.isEmpty)
        lists.advance(0)
        #expect(lists.color(40, 40) != Self.background, "a list item is drawn at the list's origin")
    }

    @Test("globals: the authored Theme and Metrics defaults, then a bound Dark theme (GLB-1, GLB-4)")
    func globals() async throws {
        let player = try FixturePlayer("globals")
        player.advance(0)
        #expect(player.color(100, 20) == 0xFFF5_F5F5)
        #expect(player.color(60, 100) == 0xFF25_63EB)
        #expect(player.color(48, 170) == 0xFF10_B981, "GapBar is Metrics/gap = 40 wide from x=10")
        #expect(player.color(55, 170) == Self.background)

        let dark = try player.file.makeViewModelInstance(.name("Dark", from: .name("Theme")))
        try player.stateMachine.bindInstances(main: nil, globals: [GlobalBinding("Theme", dark)])
        player.set("offset", 140)
        player.advance(1.0 / 60)
        #expect(player.color(100, 20) == 0xFF11_1827)
        #expect(player.color(140, 100) == 0xFFF5_9E0B)
        #expect(player.color(60, 100) == Self.background)
    }

    @Test("two-way: pointer down fires tapped and sets pressed; up clears it; the knob's x is two-way (PROP-11)")
    func twoWay() async throws {
        let player = try FixturePlayer("two-way")
        let instance = try #require(player.instance)
        player.advance(0)
        #expect(player.color(150, 60) == Self.background)
        #expect(player.color(150, 140) == 0xFF40_4040)
        #expect(player.color(150, 185) == 0xFFFA_CC15)

        player.stateMachine.pointer(.down, at: (190, 20))
        player.advance(1.0 / 60)
        #expect(try await instance.value(of: BoolProperty(path: "pressed")) == false, "a press outside the hit area does nothing")

        let taps = instance.stream(of: TriggerProperty(path: "tapped"))
        player.stateMachine.pointer(.down, at: (50, 100))
        player.advance(1.0 / 60)
        #expect(try await instance.value(of: BoolProperty(path: "pressed")) == true)
        #expect(player.color(150, 60) == 0xFF22_C55E)
        #expect(player.color(150, 140) == 0xFFEF_4444, "the tapped trigger started the flash")
        var iterator = taps.makeAsyncIterator()
        #expect(try await iterator.next() != nil, "STR-3: the file's fire reaches the trigger stream")

        player.stateMachine.pointer(.up, at: (50, 100))
        player.advance(1.0 / 60)
        #expect(try await instance.value(of: BoolProperty(path: "pressed")) == false)
        #expect(player.color(150, 60) == Self.background)
        player.play(0.6)
        #expect(player.color(150, 140) == 0xFF40_4040, "SM-4: the flash ends and does not restart")

        player.artboard.store.set(PropertyStore.Key(object: try #require(player.artboard.componentID(named: "Knob")), property: 13), to: .float(120))
        player.advance(1.0 / 60)
        #expect(try await instance.value(of: NumberProperty(path: "position")) == 120, "the knob's x flows back to position")
    }
}
