import Foundation
import HarnessTestSupport
import RiveFormat
import RiveRendering
import RuntimeAPI
import Testing
@testable import ReferenceRuntime

/// Layout components, layout-hosted nested artboards and component lists, played as the real
/// runtime plays them without its layout engine (LayoutComponents.swift, ComponentLists.swift).
@Suite("Layout and component lists")
@MainActor
struct LayoutAndListTests {
    @Test("lists: one ItemCard per item, bound to its item, stacked at the list's origin (the last on top)")
    func listItemsStackAtTheListOrigin() throws {
        let player = try FixturePlayer("lists")
        #expect(player.artboard.unsupportedContent.isEmpty)
        player.advance(0)
        #expect(player.artboard.componentLists.map { $0.items.count } == [3])
        #expect(player.color(40, 40) == 0xFF3B_82F6, "Blue, the last item, is drawn over Red and Green")
        #expect(player.color(100, 40) == 0xFF20_2020, "nothing lays the items out, so no item is at the second slot")
        player.instance?.removeInstance(at: 2, from: ListProperty(path: "items"))
        player.advance(1.0 / 60)
        #expect(player.artboard.componentLists.map { $0.items.count } == [2])
        #expect(player.color(40, 40) == 0xFF22_C55E, "Green is on top once Blue is removed")
    }

    @Test("a scroll virtualizer at rest realizes the first item with a size, widened by the buffer (wrapping when infinite)")
    func virtualizerRealizesFromTheFirstSizedItem() {
        typealias V = ComponentListHost.Virtualization
        let realize = { (sizes: [Double?], buffer: Int, infinite: Bool) in
            ComponentListHost.realize(sizes: sizes, virtualization: V(buffer: buffer, infinite: infinite)).map { "\($0.index)@\($0.offset)" }
        }
        #expect(realize([10, 20, 30], 0, false) == ["0@0.0"])
        #expect(realize([0, 20, 30], 0, false) == ["1@0.0"])
        #expect(realize([10, 20, 30], 1, false) == ["0@0.0", "1@10.0"])
        #expect(realize([10, 20, 30], 1, true) == ["2@-30.0", "0@0.0", "1@10.0"])
        #expect(realize([0, 0], 1, false).isEmpty, "nothing is realized while the items have no size")
        #expect(realize([], 2, true).isEmpty)
    }

    @Test("all-types: the Items list draws the Item artboard for each list item")
    func allTypesListDraws() throws {
        let player = try FixturePlayer("all-types")
        player.advance(0)
        #expect(player.artboard.componentLists.first?.items.compactMap(\.artboard).map(\.name) == ["ItemCard", "ItemCard"])
        #expect(player.color(45, 175) == 0xFF00_00FF, "Blue, the second item, is on top at the list's origin")
    }
}

/// The same behaviours on upstream files (../shared/rive-assets), checked against what the real
/// runtime draws for them (`rive-harness diff … --adapters reference,rive-cpp`).
@Suite("Layout and component lists on upstream files", .enabled(if: SharedMaterial.hasAssets, "../shared/rive-assets is absent; set RIVE_HARNESS_SHARED"))
@MainActor
struct UpstreamLayoutAndListTests {
    /// An upstream file's default artboard on its played state machine, with pixel probes.
    private struct Played {
        let artboard: ReferenceArtboard
        let machine: ReferenceStateMachine
        let rasterizer: CairoRasterizer

        @MainActor
        init(_ name: String) throws {
            let file = try ReferenceWorker().openFile(.data(try #require(SharedMaterial.assetIfPresent(name))))
            artboard = try file.makeArtboard(nil)
            machine = try #require(artboard.makePlayedStateMachine())
            rasterizer = try CairoRasterizer(width: Int(artboard.scene.bounds.width), height: Int(artboard.scene.bounds.height))
        }

        @MainActor
        func alpha(_ x: Int, _ y: Int) -> UInt8 { UInt8(color(x, y) >> 24) }

        /// The ARGB color at an artboard point, rendered from the current state.
        @MainActor
        func color(_ x: Int, _ y: Int) -> UInt32 {
            artboard.rasterize(on: rasterizer)
            let pixel = rasterizer.makeImage().pixel(x: x, y: y)
            return UInt32(pixel.a) << 24 | UInt32(pixel.r) << 16 | UInt32(pixel.g) << 8 | UInt32(pixel.b)
        }
    }

    @Test("artboard_width_test.riv: a NestedArtboardLayout under a layout at the artboard's centre origin shows its artboard's origin at the layout's box origin")
    func nestedArtboardLayoutPlacement() throws {
        let played = try Played("artboard_width_test.riv")
        _ = played.machine.advanceAndApply(by: 0)
        #expect(played.artboard.unsupportedContent.allSatisfy { !$0.hasPrefix("NestedArtboardLayout") && !$0.hasPrefix("LayoutComponent") })
        // The real runtime draws the nested circle (diameter 217) centred on (250, 250) of the
        // 663×500 artboard: the layout's box sits at the artboard's top left, and the nested
        // artboard's centre origin sits at the box's origin plus its own half size.
        #expect(played.color(250, 250) == 0xFFC4_0000, "the nested state machine took its width transition (500 ≤ 500)")
        #expect(played.alpha(250, 150) == 255)
        #expect(played.alpha(400, 250) == 0, "the layout component draws no background of its own")
        #expect(played.alpha(360, 250) == 0, "the circle is not centred on the artboard's own origin (331.5, 250)")
    }

    @Test("transition_artboard_condition_test.riv: an artboard-width condition picks the nested artboard's state, and the layout's keyed width is no scene change")
    func artboardConditionAndInertLayoutWidth() throws {
        let played = try Played("transition_artboard_condition_test.riv")
        var needsMore = [played.machine.advanceAndApply(by: 0)]
        for _ in 1...62 { needsMore.append(played.machine.advanceAndApply(by: 1.0 / 60)) }
        let child = try #require(played.artboard.nestedArtboardInstances.first)
        // The child artboard is 608 wide, so "width > 300" holds: its "green" state, as rive-cpp draws.
        #expect(child.componentValue(1, property: RivePropertyKey.solidColorColorValue) == .color(0xFF4A_FF00))
        // The main timeline keys a layout component's width for one second: the real runtime
        // settles on frame 61, where that width's last change is no change of its scene.
        #expect(needsMore[60] == true)
        #expect(needsMore[61] == false)
    }

    @Test("layout__layout_scroll_list.riv: a number-to-list bind makes Count items, numbered through their list-index symbol")
    func numberToListItems() throws {
        let played = try Played("layout__layout_scroll_list.riv")
        _ = played.machine.advanceAndApply(by: 0)
        let items = try #require(played.artboard.componentLists.first?.items)
        #expect(items.count == 20)
        let indices = items.map { item in
            item.node.values.compactMap { value -> UInt64? in
                if case .listIndex(let index)? = value?.value { return index }
                return nil
            }.first
        }
        #expect(indices == (0..<20).map { UInt64($0) })
        // Odd items enter their second state (the list index modulo 2 is 1), which colors the
        // item's background #FFFDFDFD, as the real runtime draws them.
        let backgrounds = items.compactMap(\.artboard).map { $0.componentValue(20, property: RivePropertyKey.solidColorColorValue) }
        #expect(backgrounds[1] == .color(0xFFFD_FDFD))
        #expect(backgrounds[2] == .color(0xFF31_3131))
    }

    @Test("component_list_virtualized.riv: a virtualizing scroll constraint at rest realizes only the first item")
    func virtualizedListRealizesTheFirstItem() throws {
        let played = try Played("component_list_virtualized.riv")
        _ = played.machine.advanceAndApply(by: 0)
        #expect(played.artboard.unsupportedContent.allSatisfy { !$0.hasPrefix("ArtboardComponentList") })
        let items = try #require(played.artboard.componentLists.first?.items)
        #expect(items.count > 1)
        #expect(items.map { $0.artboard != nil } == [true] + Array(repeating: false, count: items.count - 1))
    }
}
