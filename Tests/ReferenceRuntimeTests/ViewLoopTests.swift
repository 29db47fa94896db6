import Testing
import RuntimeAPI
@testable import ReferenceRuntime

/// The reference view's redraw policy (binding-rules.md RDR, apple-runtime-api.md §3.10),
/// driven by explicit display ticks.
@Suite("View loop (RDR-1…RDR-6)")
@MainActor
struct ViewLoopTests {
    /// A view of a fixture's default state machine and the instance it binds.
    private func view(_ fixture: String) throws -> (ReferenceView, ReferenceStateMachine, ReferenceViewModelInstance, ReferenceFile) {
        let file = try ReferenceWorker().openFile(.path(Fixtures.path(fixture)))
        let artboard = try file.makeArtboard(nil)
        let instance = try file.makeViewModelInstance(.viewModelDefault(from: .artboardDefault(artboard)))
        let machine = try artboard.makeStateMachine(nil, binding: .instance(instance))
        let view = try file.worker.makeView(ViewConfiguration(artboard: artboard, stateMachine: machine, viewModelInstance: instance, width: 100, height: 100))
        return (try #require(view as? ReferenceView), machine, instance, file)
    }

    /// Ticks at 60 Hz from `start`, returning the reports.
    private func ticks(_ view: ReferenceView, from start: Double, count: Int, paused: Bool = false, onscreen: Bool = true) -> [FrameReport] {
        (0..<count).map { view.tick(DisplayTick(timestamp: start + Double($0) / 60, isOnscreen: onscreen, isPaused: paused)) }
    }

    /// Ticks until the view reports settled and then one more (idle) tick.
    private func settle(_ view: ReferenceView, from start: inout Double) {
        for _ in 0..<20 {
            let report = view.tick(DisplayTick(timestamp: start))
            start += 1.0 / 60
            if report.settled, !report.advanced { return }
        }
        Issue.record("the view did not settle within 20 ticks")
    }

    @Test("the first tick advances by 0 and draws; a settled view then stays idle (RDR-5)")
    func firstFrameThenIdle() throws {
        let (view, _, _, _) = try view("globals")
        let first = view.tick(DisplayTick(timestamp: 10))
        #expect(first == FrameReport(advanced: true, advanceSeconds: 0, drew: true, settled: false), "an advance by 0 never settles")
        var time = 10.0 + 1.0 / 60
        settle(view, from: &time)
        let idle = ticks(view, from: time, count: 10)
        #expect(idle.allSatisfy { !$0.advanced && !$0.drew && $0.settled })
        let counts = (view.advanceCount, view.drawCount)
        _ = ticks(view, from: time + 1, count: 10)
        #expect((view.advanceCount, view.drawCount) == counts)
    }

    @Test("a change to the bound main instance wakes the view: it advances (from dt 0) and redraws (RDR-1)")
    func mainInstanceChangeRedraws() throws {
        let (view, _, instance, _) = try view("globals")
        var time = 0.0
        settle(view, from: &time)
        instance.setValue(of: NumberProperty(path: "offset"), to: 140)
        let wake = view.tick(DisplayTick(timestamp: time))
        #expect(wake.advanced && wake.drew && wake.advanceSeconds == 0)
        #expect(try view.rasterize().color(x: 70, y: 50) == Color(0xFF25_63EB), "the accent moved to x = 140 (70 in a 100-pixel view)")
        settle(view, from: &time)
        instance.setValue(of: NumberProperty(path: "offset"), to: 140)
        #expect(!view.tick(DisplayTick(timestamp: time)).advanced, "PROP-10: setting the same value is no change")
    }

    @Test("changes to a bound global instance wake the view (RDR-2); an unbound instance does not (RDR-4)")
    func globalAndUnboundInstances() throws {
        let (view, machine, _, file) = try view("globals")
        let dark = try file.makeViewModelInstance(.name("Dark", from: .name("Theme")))
        var time = 0.0
        settle(view, from: &time)
        dark.setValue(of: ColorProperty(path: "background"), to: Color(0xFF00_0000))
        #expect(!view.tick(DisplayTick(timestamp: time)).advanced, "RDR-4: Dark is not bound")
        try machine.bindInstances(main: nil, globals: [GlobalBinding("Theme", dark)])
        time += 1.0 / 60
        #expect(view.tick(DisplayTick(timestamp: time)).drew, "binding a new global instance wakes the view")
        settle(view, from: &time)
        dark.setValue(of: ColorProperty(path: "background"), to: Color(0xFF12_3456))
        #expect(view.tick(DisplayTick(timestamp: time)).drew, "RDR-2")
        #expect(try view.rasterize().color(x: 50, y: 5) == Color(0xFF12_3456))
    }

    @Test("changes to nested instances reached through the bound instance wake the view (RDR-3)")
    func nestedInstanceChangeRedraws() throws {
        let (view, _, instance, _) = try view("all-types")
        var time = 0.0
        settle(view, from: &time)
        let child = instance.value(of: ViewModelInstanceProperty(path: "child"))
        child.setValue(of: NumberProperty(path: "size"), to: 60)
        let report = view.tick(DisplayTick(timestamp: time))
        #expect(report.advanced && report.drew)
        #expect(try view.rasterize().color(x: 25, y: 35) == Color(0xFFE5_E7EB), "the bar is 60 wide (to x = 70, 35 in the view)")
    }

    @Test("changes to list items reached through the bound instance wake the view (RDR-3)")
    func listItemChangeWakes() throws {
        let (view, _, instance, _) = try view("lists")
        var time = 0.0
        settle(view, from: &time)
        instance.value(of: ListProperty(path: "items"), at: 1).setValue(of: ColorProperty(path: "color"), to: Color(0xFF00_0000))
        #expect(view.tick(DisplayTick(timestamp: time)).advanced)
    }

    @Test("a paused view neither advances nor draws; on resume the first advance uses dt 0 (RDR-6)")
    func pauseAndResume() throws {
        let (view, _, instance, _) = try view("character")
        _ = ticks(view, from: 0, count: 3)
        let paused = ticks(view, from: 1, count: 5, paused: true)
        #expect(paused.allSatisfy { !$0.advanced && !$0.drew })
        instance.setValue(of: NumberProperty(path: "mood"), to: 1)
        #expect(!view.tick(DisplayTick(timestamp: 2, isPaused: true)).drew, "a paused view applies no change")
        let resumed = view.tick(DisplayTick(timestamp: 5))
        #expect(resumed.advanced && resumed.advanceSeconds == 0 && resumed.drew)
        #expect(try view.rasterize().color(x: 50, y: 45) == Color(0xFFFF_D700), "happy")
        let next = view.tick(DisplayTick(timestamp: 5 + 1.0 / 60))
        #expect(abs((next.advanceSeconds ?? 0) - 1.0 / 60) < 1e-9)
    }

    @Test("an animating view advances every tick, and off screen it advances without drawing")
    func animatingAndOffscreen() throws {
        let (view, _, _, _) = try view("character")
        let onscreen = ticks(view, from: 0, count: 5)
        #expect(onscreen.allSatisfy { $0.advanced && $0.drew && !$0.settled })
        let offscreen = ticks(view, from: 1, count: 5, onscreen: false)
        #expect(offscreen.allSatisfy { $0.advanced && !$0.drew })
        #expect(view.tick(DisplayTick(timestamp: 2)).drew)
    }

    @Test("a pointer event wakes a settled view; the listener's change shows on the next frame")
    func pointerWakes() async throws {
        let (view, _, instance, _) = try view("two-way")
        var time = 0.0
        settle(view, from: &time)
        try view.send(PointerEvent(.down, x: 25, y: 50))
        let report = view.tick(DisplayTick(timestamp: time))
        #expect(report.advanced && report.drew)
        #expect(try view.rasterize().color(x: 75, y: 30) == Color(0xFF22_C55E), "PressedLamp")
        #expect(try await instance.value(of: BoolProperty(path: "pressed")))
    }

    @Test("the digest is stable for the same frame and changes with what is drawn")
    func digest() throws {
        let (view, _, instance, _) = try view("globals")
        var time = 0.0
        settle(view, from: &time)
        let first = try view.drawDigest()
        instance.setValue(of: NumberProperty(path: "offset"), to: 100)
        _ = view.tick(DisplayTick(timestamp: time))
        let moved = try view.drawDigest()
        #expect(first.hash != moved.hash)
        #expect(first.commands.filter { $0.hasPrefix("fill ") }.count == 4, "background, accent, panel and gap bar: \(first.commands)")
        instance.setValue(of: NumberProperty(path: "offset"), to: 60)
        time += 1.0 / 60
        _ = view.tick(DisplayTick(timestamp: time))
        #expect(try view.drawDigest() == first)
    }
}
