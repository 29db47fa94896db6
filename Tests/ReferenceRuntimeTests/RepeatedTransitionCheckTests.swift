import RiveFixtures
import RuntimeAPI
import Testing
@testable import ReferenceRuntime

/// A layer skips looking at its transitions again within one advance while nothing its
/// conditions read has moved (the conditions' stamp, LayerInstance.swift). These tests move
/// what a condition reads between a layer's first look and the bind passes of the same
/// advance, and check that the layer still takes the transition in that advance.
@MainActor
@Suite("Repeated transition checks within one advance")
struct RepeatedTransitionCheckTests {
    /// Layer "Watcher" (first) moves from "idle" to "went" when its condition holds; layer
    /// "Firer" (second) starts "firing" when trigger input "start" fires, and that state's
    /// start action fires what the watcher waits for. The watcher has already looked (and
    /// found nothing) when the firer acts, so only a look in a later bind pass of the same
    /// advance can see it.
    private static func file(watcherCondition: String, firerAction: String) -> String {
        """
        viewModels:
          - name: V
            properties:
              - {name: go, type: trigger}
            instances:
              - {name: Default}
        artboards:
          - name: A
            width: 10
            height: 10
            viewModel: V
            animations:
              - {name: idle, duration: 60, loop: loop}
              - {name: went, duration: 60, loop: loop}
              - {name: waiting, duration: 60, loop: loop}
              - {name: firing, duration: 60, loop: loop}
            stateMachines:
              - name: M
                inputs:
                  - {name: start, type: trigger}
                layers:
                  - name: Watcher
                    entry: [{to: idle}]
                    states:
                      - name: idle
                        animation: idle
                        transitions:
                          - {to: went, conditions: [\(watcherCondition)]}
                      - {name: went, animation: went}
                  - name: Firer
                    entry: [{to: waiting}]
                    states:
                      - name: waiting
                        animation: waiting
                        transitions:
                          - {to: firing, conditions: [{input: start}]}
                      - name: firing
                        animation: firing
                        \(firerAction)
        """
    }

    /// Opens the file on state machine "M" bound to the default instance, settled in its entry states.
    private static func machine(_ yaml: String) throws -> ReferenceStateMachine {
        let document = try FixtureCompiler.compile(yaml, file: "repeated-check.yaml")
        let file = ReferenceWorker().openDocument(document)
        let instance = try file.makeViewModelInstance(.viewModelDefault(from: .name("V")))
        let machine = try file.makeArtboard("A").makeStateMachine("M", binding: .instance(instance))
        machine.advance(by: 0)
        machine.advance(by: 1.0 / 60)
        return machine
    }

    @Test("a view-model trigger another layer fires after this layer looked is taken in the same advance")
    func viewModelChangeAfterTheFirstLook() throws {
        let machine = try Self.machine(Self.file(watcherCondition: "{property: V/go}",
                                                 firerAction: "fire: [{trigger: V/go, at: start}]"))
        #expect(machine.currentStateNames == ["idle", "waiting"])
        try machine.fireTriggerInput("start")
        machine.advance(by: 1.0 / 60)
        #expect(machine.currentStateNames == ["went", "firing"], "the fire is consumed at the end of this advance, so a later look would miss it")
    }
}
