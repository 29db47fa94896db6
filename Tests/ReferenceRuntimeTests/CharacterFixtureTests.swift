import Testing
import RuntimeAPI
@testable import ReferenceRuntime

/// `Corpus/fixtures/character.riv` played by the reference runtime and checked with pixel
/// probes (see `character.yaml`): Panel (100, 90) shows the state's color, Clock (x, 190)
/// moves from x=10 to x=190 per second in loops.
@Suite("Fixture character (SM-1…SM-5)")
@MainActor
struct CharacterFixtureTests {
    static let background: UInt32 = 0xFF20_2020
    static let loops: [(mood: Float, state: String, color: UInt32)] = [
        (0, "idle", 0xFF7F_7F7F), (1, "happy", 0xFFFF_D700), (4, "sad", 0xFF1E_3A8A),
        (5, "loading", 0xFF93_33EA), (6, "listening", 0xFF06_B6D4), (8, "sleeping", 0xFF0F_172A),
    ]
    static let reactions: [(trigger: String, color: UInt32)] = [
        ("success", 0xFF16_A34A), ("error", 0xFFDC_2626), ("yes", 0xFF84_CC16),
        ("no", 0xFFF9_7316), ("enter", 0xFFF0_ABFC), ("exit", 0xFFFF_FFFF),
    ]

    /// Drives one of the two state machines: the view model's properties, or inputs of the same names.
    enum Driver: String, CaseIterable, CustomTestStringConvertible {
        case viewModel = "CharacterViewModelMachine"
        case inputs = "CharacterStateMachine"
        var testDescription: String { rawValue }
    }

    private func player(_ driver: Driver) throws -> FixturePlayer {
        try FixturePlayer("character", stateMachine: driver.rawValue)
    }

    private func setMood(_ player: FixturePlayer, _ mood: Float, _ driver: Driver) throws {
        switch driver {
        case .viewModel: player.set("mood", mood)
        case .inputs: try player.stateMachine.setNumberInput("mood", to: Double(mood))
        }
    }

    private func fire(_ player: FixturePlayer, _ trigger: String, _ driver: Driver) throws {
        switch driver {
        case .viewModel: player.fire(trigger)
        case .inputs: try player.stateMachine.fireTriggerInput(trigger)
        }
    }

    @Test("SM-1: each mood selects its loop", arguments: Driver.allCases)
    func moodSelectsLoop(_ driver: Driver) throws {
        let player = try player(driver)
        player.advance(0)
        #expect(player.stateMachine.currentStateNames == ["idle"])
        #expect(player.color(100, 90) == 0xFF7F_7F7F)
        for loop in Self.loops.reversed() + Self.loops {
            try setMood(player, loop.mood, driver)
            player.advance(1.0 / 60)
            #expect(player.stateMachine.currentStateNames == [loop.state], "mood \(loop.mood)")
            #expect(player.color(100, 90) == loop.color, "mood \(loop.mood)")
        }
    }

    @Test("SM-1: entry picks the loop of the mood set before the first advance (idle for other moods)", arguments: Driver.allCases)
    func entrySelectsLoop(_ driver: Driver) throws {
        for loop in Self.loops + [(3, "idle", 0xFF7F_7F7F)] {
            let player = try player(driver)
            try setMood(player, loop.mood, driver)
            player.advance(0)
            #expect(player.color(100, 90) == loop.color, "mood \(loop.mood)")
        }
    }

    @Test("SM-2/SM-4: each trigger plays its one-shot, then the loop mood selects at that moment", arguments: Driver.allCases)
    func triggerPlaysOneShotAndReturns(_ driver: Driver) throws {
        for (index, reaction) in Self.reactions.enumerated() {
            let player = try player(driver)
            let before = Self.loops[index % Self.loops.count]
            let after = Self.loops[(index + 2) % Self.loops.count]
            try setMood(player, before.mood, driver)
            player.advance(0)
            player.play(0.25)
            try fire(player, reaction.trigger, driver)
            player.advance(1.0 / 60)
            #expect(player.color(100, 90) == reaction.color, "\(reaction.trigger) starts its one-shot")
            // The mood changes while the one-shot plays: the one-shot keeps playing (SM-2)...
            try setMood(player, after.mood, driver)
            player.play(0.25)
            #expect(player.color(100, 90) == reaction.color, "\(reaction.trigger) is still playing")
            // ...and at its end the layer goes to the loop the mood selects then.
            player.play(0.3)
            #expect(player.color(100, 90) == after.color, "after \(reaction.trigger): mood \(after.mood)")
            // SM-4: the trigger was consumed; it does not play again.
            player.play(0.6)
            #expect(player.color(100, 90) == after.color, "\(reaction.trigger) does not fire again")
        }
    }

    @Test("SM-5: a loop moves the clock from x=10 to x=100 in 0.5 s; a one-shot leaves it", arguments: Driver.allCases)
    func clockMoves(_ driver: Driver) throws {
        let player = try player(driver)
        player.advance(0)
        #expect(player.color(10, 190) == 0xFFFF_FFFF)
        #expect(player.color(100, 190) == Self.background)
        player.play(0.5)
        #expect(player.color(100, 190) == 0xFFFF_FFFF)
        #expect(player.color(10, 190) == Self.background)
        try fire(player, "yes", driver)
        player.advance(1.0 / 60)
        player.play(0.2)
        #expect(player.color(100, 90) == 0xFF84_CC16)
        #expect(player.color(102, 190) == 0xFFFF_FFFF, "the one-shot leaves the clock where the loop left it")
    }

    @Test("SM-3: the input-driven and the view-model-driven machines draw the same frames")
    func bothMachinesDrawTheSame() throws {
        let byViewModel = try player(.viewModel)
        let byInputs = try player(.inputs)
        var steps: [(Driver) throws -> Void] = []
        for loop in Self.loops {
            steps.append { [self] driver in try self.setMood(driver == .viewModel ? byViewModel : byInputs, loop.mood, driver) }
        }
        for reaction in Self.reactions {
            steps.append { [self] driver in try self.fire(driver == .viewModel ? byViewModel : byInputs, reaction.trigger, driver) }
        }
        byViewModel.advance(0)
        byInputs.advance(0)
        var digests: Set<String> = []
        for step in steps {
            try step(.viewModel)
            try step(.inputs)
            for _ in 0..<20 {
                byViewModel.advance(1.0 / 30)
                byInputs.advance(1.0 / 30)
                #expect(byViewModel.digest == byInputs.digest)
                digests.insert(byViewModel.digest)
            }
        }
        #expect(byViewModel.stateMachine.currentStateNames == byInputs.stateMachine.currentStateNames)
        #expect(digests.count > Self.loops.count + Self.reactions.count, "frames differ between states and clock positions")
    }

    @Test("SM-3 through the API: setInput and triggerInput drive the inputs; unknown names and wrong kinds are logged")
    func apiInputs() throws {
        let player = try player(.inputs)
        player.advance(0)
        player.stateMachine.setInput("mood", value: Float(4))
        player.advance(1.0 / 60)
        #expect(player.color(100, 90) == 0xFF1E_3A8A, "sad")
        player.stateMachine.triggerInput("yes")
        player.advance(1.0 / 60)
        #expect(player.color(100, 90) == 0xFF84_CC16, "the yes one-shot")
        #expect(player.file.worker.takeLog().isEmpty)
        player.stateMachine.setInput("mood", value: true)
        player.stateMachine.triggerInput("mood")
        player.stateMachine.setInput("Mood", value: Float(1))
        #expect(player.file.worker.takeLog().map(\.code) == Array(repeating: "state-machine.unknown-input", count: 3))
        player.advance(1.0 / 60)
        #expect(player.color(100, 90) == 0xFF84_CC16, "nothing changed")
    }

    @Test("an advance reports more frames while a loop plays; a fresh advance by 0 always does")
    func advanceReportsActivity() throws {
        let player = try player(.viewModel)
        #expect(player.advance(0))
        #expect(player.advance(1.0 / 60), "a loop keeps going")
    }
}

/// Advancing and drawing in a loop reuses the scene: paths are built once and rebuilt only
/// when their geometry changes.
@Suite("Tight loop")
@MainActor
struct TightLoopTests {
    @Test("300 frames of advance + draw rebuild no path; a bound geometry change rebuilds one shape")
    func noPerFrameRebuild() throws {
        let session = try RenderSession(file: try ReferenceWorker().openFile(.path(Fixtures.path("character"))),
                                        artboard: nil, stateMachine: nil, width: 64, height: 64)
        session.frame(advancingBy: 0)
        let scene = session.artboard.scene
        let built = scene.pathBuildCount
        #expect(built == 2, "Clock and Panel")
        var digests: Set<String> = []
        for _ in 0..<300 { digests.insert(session.frame(advancingBy: 1.0 / 60)) }
        #expect(session.artboard.scene === scene)
        #expect(scene.pathBuildCount == built, "moving the clock changes a transform, not a path")
        #expect(digests.count > 50, "the clock moved")

        let allTypes = try RenderSession(file: try ReferenceWorker().openFile(.path(Fixtures.path("all-types"))),
                                        artboard: nil, stateMachine: nil, width: 64, height: 64)
        allTypes.frame(advancingBy: 0)
        let before = allTypes.artboard.scene.pathBuildCount
        let sizeLamp = try #require(allTypes.artboard.componentID(named: "SizeLamp"))
        allTypes.artboard.store.set(PropertyStore.Key(object: sizeLamp + 1, property: 20), to: .float(10))
        allTypes.frame(advancingBy: 1.0 / 60)
        #expect(allTypes.artboard.scene.pathBuildCount == before + 1)
    }
}
