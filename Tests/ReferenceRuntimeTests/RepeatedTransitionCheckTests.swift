import RiveFixtures
import RiveFormat
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
    /// The layer both files start with, "Watcher": from "idle" to "went" when `condition`
    /// holds (YAML lines indented for a layer list ten columns in).
    private static func watcherLayer(condition: String) -> String {
        [
            "          - name: Watcher",
            "            entry: [{to: idle}]",
            "            states:",
            "              - name: idle",
            "                animation: idle",
            "                transitions:",
            "                  - {to: went, conditions: [\(condition)]}",
            "              - {name: went, animation: went}",
        ].joined(separator: "\n")
    }

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
        \(Self.watcherLayer(condition: watcherCondition))
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

    /// A machine whose "Watcher" layer moves from "idle" to "went" when the artboard is wider
    /// than 50, on artboard "A" (10 wide): its width is bound to view-model number `w` when
    /// `bindWidth`, and keyed to 100 by the animation "grow" that the later layer "Mover"
    /// starts playing when trigger input "start" fires, when `keyWidth`. The fixture language
    /// has no artboard conditions, no binds on the artboard's size and no keys on it, so the
    /// compiled file is patched: the view-model comparator becomes an artboard-width one, and
    /// the bind and the key on the artboard's x and y move to its width.
    private static func artboardWidthMachine(bindWidth: Bool, keyWidth: Bool) throws -> (ReferenceStateMachine, ReferenceViewModelInstance, ReferenceArtboard) {
        let yaml = """
        viewModels:
          - name: V
            properties:
              - {name: w, type: number}
              - {name: placeholder, type: number}
            instances:
              - {name: Default, values: {w: 10}}
        artboards:
          - name: A
            width: 10
            height: 10
            viewModel: V
            binds:
              - {target: A.x, source: V/w}
            animations:
              - {name: idle, duration: 60, loop: loop}
              - {name: went, duration: 60, loop: loop}
              - {name: rest, duration: 60, loop: loop}
              - name: grow
                duration: 60
                loop: loop
                keys:
                  - target: A.y
                    frames:
                      - {frame: 0, value: 100, interpolation: hold}
            stateMachines:
              - name: M
                inputs:
                  - {name: start, type: trigger}
                layers:
        \(Self.watcherLayer(condition: #"{property: V/placeholder, op: ">", value: 50}"#))
                  - name: Mover
                    entry: [{to: rest}]
                    states:
                      - name: rest
                        animation: rest
                        transitions:
                          - {to: growing, conditions: [{input: start}]}
                      - {name: growing, animation: grow}
        """
        typealias T = RiveTypeKey
        typealias P = RivePropertyKey
        var document = try FixtureCompiler.compile(yaml, file: "artboard-width.yaml")
        for index in document.objects.indices {
            switch document.objects[index].typeKey {
            case T.transitionPropertyViewModelComparator:
                document.objects[index] = RiveObject(typeKey: T.transitionPropertyArtboardComparator,
                                                     properties: [RiveProperty(key: P.transitionPropertyArtboardComparatorPropertyType, value: .uint(0))])
            case T.transitionViewModelCondition:
                document.objects[index].typeKey = T.transitionArtboardCondition
            default:
                break
            }
            for position in document.objects[index].properties.indices {
                let property = document.objects[index].properties[position]
                if bindWidth, property.key == P.dataBindPropertyKey, property.value.uintValue == UInt64(P.nodeX) {
                    document.objects[index].properties[position].value = .uint(UInt64(P.layoutComponentWidth))
                }
                if keyWidth, property.key == P.keyedPropertyPropertyKey, property.value.uintValue == UInt64(P.nodeY) {
                    document.objects[index].properties[position].value = .uint(UInt64(P.layoutComponentWidth))
                }
            }
        }
        let file = ReferenceWorker().openDocument(document)
        let instance = try file.makeViewModelInstance(.viewModelDefault(from: .name("V")))
        let artboard = try file.makeArtboard("A")
        let machine = try artboard.makeStateMachine("M", binding: .instance(instance))
        machine.advance(by: 0)
        machine.advance(by: 1.0 / 60)
        return (machine, instance, artboard)
    }

    @Test("the artboard's width written by a bind pass is seen by a look in the same advance")
    func boundArtboardWidth() throws {
        let (machine, instance, artboard) = try Self.artboardWidthMachine(bindWidth: true, keyWidth: false)
        #expect(artboard.scene.size.width == 10)
        #expect(machine.currentStateNames == ["idle", "rest"])
        instance.setValue(of: NumberProperty(path: "w"), to: 100)
        machine.advance(by: 1.0 / 60)
        #expect(artboard.scene.size.width == 100)
        #expect(machine.currentStateNames == ["went", "rest"])
    }

    @Test("the artboard's width keyed by a later layer is seen by a look in the same advance")
    func keyedArtboardWidth() throws {
        let (machine, _, artboard) = try Self.artboardWidthMachine(bindWidth: false, keyWidth: true)
        #expect(artboard.scene.size.width == 10)
        #expect(machine.currentStateNames == ["idle", "rest"])
        try machine.fireTriggerInput("start")
        machine.advance(by: 1.0 / 60)
        #expect(artboard.scene.size.width == 100)
        #expect(machine.currentStateNames == ["went", "grow"])
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
