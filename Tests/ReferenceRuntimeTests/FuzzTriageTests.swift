import RiveFormat
import RiveRendering
import RuntimeAPI
import Testing
@testable import ReferenceRuntime

private typealias T = RiveTypeKey
private typealias P = RivePropertyKey

/// Regression tests for reference-runtime bugs that the differential fuzz run
/// (`fuzz --adapters reference,rive-cpp`, docs/fuzzing.md "Triage") found: each builds the
/// reduced file of one divergence bucket and checks that the reference now does what the
/// engine does with it.
@Suite("Fuzz triage: reference fixes")
@MainActor
struct FuzzTriageTests {
    /// A view model with one property and one instance holding a value of `valueType` for it.
    private func fileWithValue(property propertyType: UInt32, name: String, value valueType: UInt32) throws -> ReferenceFile {
        var b = DocumentBuilder()
        b.add(T.backboard)
        b.add(T.viewModel, [P.viewModelComponentName: .string("VM")])
        b.add(propertyType, [P.viewModelComponentName: .string(name)])
        b.add(T.viewModelInstance, [P.viewModelInstanceViewModelId: .uint(0), P.componentName: .string("I")])
        b.add(valueType, [P.viewModelInstanceValueViewModelPropertyId: .uint(0)])
        return try ReferenceWorker().openFile(.data(try b.bytes()))
    }

    /// A read of one property: the property's type and name, and the read itself.
    struct TypedRead: Sendable, CustomTestStringConvertible {
        var property: UInt32
        var name: String
        var testDescription: String
        var read: @MainActor @Sendable (any ViewModelInstance) async throws -> String
    }

    @Test("a value of another kind stored for a property (or list) is not found (message), as upstream's typed lookup finds none", arguments: [
        (TypedRead(property: T.viewModelPropertyBoolean, name: "flag", testDescription: "boolean read of a trigger value") {
            "\(try await $0.value(of: BoolProperty(path: "flag")))"
        }, T.viewModelInstanceTrigger),
        (TypedRead(property: T.viewModelPropertyList, name: "items", testDescription: "list size of an image value") {
            "\(try await $0.size(of: ListProperty(path: "items")))"
        }, T.viewModelInstanceAssetImage),
    ])
    func valueOfAnotherKindIsNotFound(read: TypedRead, storedValue: UInt32) async throws {
        let file = try fileWithValue(property: read.property, name: read.name, value: storedValue)
        let instance = try file.makeViewModelInstance(.name("I", from: .name("VM")))
        do {
            let value = try await read.read(instance)
            Issue.record("read \(value) from a value of another kind")
        } catch let error as ViewModelInstanceError {
            #expect(error.code == "view-model-instance.message")
        }
    }

    @Test("of two values for one property the first in the file is its value, as upstream's propertyValue returns the first match")
    func firstOfTwoValuesWins() async throws {
        var b = DocumentBuilder()
        b.add(T.backboard)
        b.add(T.viewModel, [P.viewModelComponentName: .string("VM")])
        b.add(T.viewModelPropertyNumber, [P.viewModelComponentName: .string("n")])
        b.add(T.viewModelPropertyColor, [P.viewModelComponentName: .string("c")])
        b.add(T.viewModelInstance, [P.viewModelInstanceViewModelId: .uint(0), P.componentName: .string("I")])
        b.add(T.viewModelInstanceNumber, [P.viewModelInstanceValueViewModelPropertyId: .uint(0), P.viewModelInstanceNumberPropertyValue: .float(255)])
        b.add(T.viewModelInstanceNumber, [P.viewModelInstanceValueViewModelPropertyId: .uint(0)])
        b.add(T.viewModelInstanceColor, [P.viewModelInstanceValueViewModelPropertyId: .uint(1), P.viewModelInstanceColorPropertyValue: .color(0xFFFF_0000)])
        b.add(T.viewModelInstanceColor, [P.viewModelInstanceValueViewModelPropertyId: .uint(1)])
        let file = try ReferenceWorker().openFile(.data(try b.bytes()))
        let instance = try file.makeViewModelInstance(.name("I", from: .name("VM")))
        #expect(try await instance.value(of: NumberProperty(path: "n")) == 255)
        #expect(try await instance.value(of: ColorProperty(path: "c")) == Color(0xFFFF_0000))
    }

    @Test("an animation state without an animation plays upstream's empty one-second animation: the machine keeps going for a second, then settles")
    func animationStateWithoutAnimationPlaysOneSecond() async throws {
        var b = DocumentBuilder()
        b.add(T.backboard)
        b.add(T.artboard, [P.componentName: .string("Main"), P.artboardDefaultStateMachineId: .uint(0)])
        b.add(T.stateMachine, [P.animationName: .string("Machine")])
        b.add(T.stateMachineLayer)
        b.add(T.entryState)
        b.add(T.stateTransition, [P.stateTransitionStateToId: .uint(3)])
        b.add(T.exitState)
        b.add(T.anyState)
        b.add(T.animationState)
        let file = try ReferenceWorker().openFile(.data(try b.bytes()))
        let machine = try file.makeArtboard("Main").makeStateMachine(nil, binding: .none)
        machine.advanceAndApply(by: 0)
        #expect(machine.advanceAndApply(by: 1.0 / 60), "the empty animation is still playing after one frame")
        #expect(machine.advanceAndApply(by: 0.5))
        #expect(!machine.advanceAndApply(by: 0.6), "it ended after one second")
    }

    /// An artboard with node "n" (x 5) whose animation keys x to 50 and y to 70 at frame 0,
    /// the x keyframe naming `interpolatorId`, played by the default state machine.
    private func keyedNode(interpolatorId: UInt64?) throws -> (ReferenceArtboard, ReferenceStateMachine) {
        var b = DocumentBuilder()
        b.add(T.backboard)
        b.add(T.artboard, [P.componentName: .string("Main"), P.artboardDefaultStateMachineId: .uint(0)])
        b.add(T.node, [P.componentName: .string("n"), P.componentParentId: .uint(0), P.nodeX: .float(5)])
        b.add(T.cubicEaseInterpolator)
        b.add(T.linearAnimation, [P.animationName: .string("a")])
        b.add(T.keyedObject, [P.keyedObjectObjectId: .uint(1)])
        b.add(T.keyedProperty, [P.keyedPropertyPropertyKey: .uint(UInt64(P.nodeX))])
        var xFrame: [UInt32: RivePropertyValue] = [P.keyFrameDoubleValue: .float(50), P.interpolatingKeyFrameInterpolationType: .uint(2)]
        if let interpolatorId { xFrame[P.interpolatingKeyFrameInterpolatorId] = .uint(interpolatorId) }
        b.add(T.keyFrameDouble, xFrame)
        b.add(T.keyedProperty, [P.keyedPropertyPropertyKey: .uint(UInt64(P.nodeY))])
        b.add(T.keyFrameDouble, [P.keyFrameDoubleValue: .float(70)])
        b.add(T.stateMachine, [P.animationName: .string("Machine")])
        b.add(T.stateMachineLayer)
        b.add(T.entryState)
        b.add(T.stateTransition, [P.stateTransitionStateToId: .uint(3)])
        b.add(T.exitState)
        b.add(T.anyState)
        b.add(T.animationState, [P.animationStateAnimationId: .uint(0)])
        let file = try ReferenceWorker().openFile(.data(try b.bytes()))
        let artboard = try file.makeArtboard("Main")
        let machine = try artboard.makeStateMachine(nil, binding: .none)
        machine.advanceAndApply(by: 0)
        machine.advanceAndApply(by: 0.1)
        return (artboard, machine)
    }

    @Test("a keyframe naming an interpolator that is not one drops its whole keyed object, as upstream's LinearAnimation::onAddedDirty erases it")
    func missingInterpolatorDropsKeyedObject() throws {
        func position(_ artboard: ReferenceArtboard) throws -> (x: RivePropertyValue?, y: RivePropertyValue?) {
            let node = try #require(artboard.componentID(named: "n"))
            return (artboard.componentValue(node, property: P.nodeX), artboard.componentValue(node, property: P.nodeY))
        }
        // Id 2 is the CubicEaseInterpolator: the animation plays.
        let (eased, _) = try keyedNode(interpolatorId: 2)
        #expect(try position(eased).x == .float(50))
        #expect(try position(eased).y == .float(70))
        // Id 1 is the node itself, no interpolator: neither x nor y is keyed any more.
        let (broken, _) = try keyedNode(interpolatorId: 1)
        #expect(try position(broken).x == .float(5))
        #expect(try position(broken).y != .float(70))
    }

    @Test("of two properties with one name, a name reaches the one whose value comes first in the instance, as upstream's propertyValue(name) walks the values")
    func duplicateNameFollowsValueOrder() async throws {
        var b = DocumentBuilder()
        b.add(T.backboard)
        b.add(T.viewModel, [P.viewModelComponentName: .string("VM")])
        b.add(T.viewModelPropertyNumber, [P.viewModelComponentName: .string("n")])
        b.add(T.viewModelPropertyNumber, [P.viewModelComponentName: .string("n")])
        b.add(T.viewModelInstance, [P.viewModelInstanceViewModelId: .uint(0), P.componentName: .string("I")])
        b.add(T.viewModelInstanceNumber, [P.viewModelInstanceValueViewModelPropertyId: .uint(1), P.viewModelInstanceNumberPropertyValue: .float(2)])
        b.add(T.viewModelInstanceNumber, [P.viewModelInstanceValueViewModelPropertyId: .uint(0), P.viewModelInstanceNumberPropertyValue: .float(1)])
        let file = try ReferenceWorker().openFile(.data(try b.bytes()))
        let copy = try file.makeViewModelInstance(.name("I", from: .name("VM")))
        #expect(try await copy.value(of: NumberProperty(path: "n")) == 2, "the value of property 1 comes first in the file")
        // A blank instance's values are in property order.
        let blank = try file.makeViewModelInstance(.blank(from: .name("VM")))
        blank.setValue(of: NumberProperty(path: "n"), to: 5)
        #expect(try await blank.value(of: NumberProperty(path: "n")) == 5)
    }

    @Test("a component whose parent is no container leaves the artboard with its children, as upstream's Artboard::validateObjects takes it out")
    func invalidParentLeavesArtboard() throws {
        var b = DocumentBuilder()
        b.add(T.backboard)
        b.add(T.artboard, [P.componentName: .string("Main")])
        b.add(T.node, [P.componentName: .string("kept")])                                      // 1
        b.add(T.node, [P.componentName: .string("orphan"), P.componentParentId: .uint(99)])   // 2: no object 99
        b.add(T.node, [P.componentName: .string("child"), P.componentParentId: .uint(2)])     // 3: child of the orphan
        b.add(T.shape, [P.componentName: .string("shape")])                                   // 4
        b.add(T.fill, [P.componentName: .string("fill"), P.componentParentId: .uint(4)])      // 5
        b.add(T.feather, [P.componentName: .string("feather"), P.componentParentId: .uint(4)]) // 6: a feather on a shape, not a paint
        b.add(T.feather, [P.componentName: .string("paintFeather"), P.componentParentId: .uint(5)])
        let artboard = try ReferenceWorker().openFile(.data(try b.bytes())).makeArtboard("Main")
        #expect(artboard.componentID(named: "kept") == 1)
        #expect(artboard.componentID(named: "shape") == 4)
        #expect(artboard.componentID(named: "paintFeather") == 7)
        #expect(artboard.componentID(named: "orphan") == nil)
        #expect(artboard.componentID(named: "child") == nil, "the child of a removed object goes too")
        #expect(artboard.componentID(named: "feather") == nil)
    }

    @Test("a fire-event action naming no Event reports nothing, as upstream's StateMachineFireEvent::perform: a one-frame animation state settles after its frame")
    func fireEventWithoutEventReportsNothing() throws {
        var b = DocumentBuilder()
        b.add(T.backboard)
        b.add(T.artboard, [P.componentName: .string("Main"), P.artboardDefaultStateMachineId: .uint(0)])
        b.add(T.linearAnimation, [P.animationName: .string("a"), P.linearAnimationDuration: .uint(1)])
        b.add(T.stateMachine, [P.animationName: .string("Machine")])
        b.add(T.stateMachineLayer)
        b.add(T.exitState)
        b.add(T.anyState)
        b.add(T.animationState, [P.animationStateAnimationId: .uint(0)])
        b.add(T.stateMachineFireEvent, [P.stateMachineFireEventEventId: .uint(6)])  // no object 6
        b.add(T.entryState)
        b.add(T.stateTransition, [P.stateTransitionStateToId: .uint(2)])
        b.add(T.stateMachineListenerSingle, [P.stateMachineListenerSingleListenerTypeValue: .uint(5), P.stateMachineListenerSingleEventId: .uint(6)])
        let machine = try ReferenceWorker().openFile(.data(try b.bytes())).makeArtboard("Main").makeStateMachine(nil, binding: .none)
        machine.advanceAndApply(by: 0)
        #expect(!machine.advanceAndApply(by: 1.0 / 60), "the animation ended and no event was reported")
    }

    @Test("an event listener without actions that hears a reported event keeps no frame going, as upstream's StateMachineListener::performChanges only runs actions: a one-frame animation state that fires an Event settles after its frame")
    func listenerWithoutActionsKeepsNoFrameGoing() throws {
        var b = DocumentBuilder()
        b.add(T.backboard)
        b.add(T.artboard, [P.componentName: .string("Main"), P.artboardDefaultStateMachineId: .uint(0)])
        for _ in 1...5 { b.add(T.node) }
        b.add(T.event, [P.componentName: .string("e")])  // object 6
        b.add(T.linearAnimation, [P.animationName: .string("a"), P.linearAnimationDuration: .uint(1)])
        b.add(T.stateMachine, [P.animationName: .string("Machine")])
        b.add(T.stateMachineLayer)
        b.add(T.exitState)
        b.add(T.anyState)
        b.add(T.animationState, [P.animationStateAnimationId: .uint(0)])
        b.add(T.stateMachineFireEvent, [P.stateMachineFireEventEventId: .uint(6)])
        b.add(T.entryState)
        b.add(T.stateTransition, [P.stateTransitionStateToId: .uint(2)])
        b.add(T.stateMachineListenerSingle, [P.stateMachineListenerSingleListenerTypeValue: .uint(5), P.stateMachineListenerSingleEventId: .uint(6)])
        let machine = try ReferenceWorker().openFile(.data(try b.bytes())).makeArtboard("Main").makeStateMachine(nil, binding: .none)
        #expect(machine.advanceAndApply(by: 0))
        #expect(!machine.advanceAndApply(by: 1.0 / 60), "the animation ended; the listener heard the event and did nothing")
    }

    @Test("a 1D blend state naming an input the machine does not have is no state, as upstream's BlendState1DInput::import fails and the reader deletes it: the entry's transition to state 0 reaches the exit state and the machine settles after one frame")
    func blendStateWithMissingInputIsDeleted() throws {
        func machine(inputs: Bool) throws -> ReferenceStateMachine {
            var b = DocumentBuilder()
            b.add(T.backboard)
            b.add(T.artboard, [P.componentName: .string("Main"), P.artboardDefaultStateMachineId: .uint(0)])
            b.add(T.stateMachine, [P.animationName: .string("Machine")])
            if inputs { b.add(T.stateMachineNumber, [P.stateMachineComponentName: .string("n")]) }
            b.add(T.stateMachineLayer)
            b.add(T.blendState1DInput, [P.blendState1DInputInputId: .uint(0)])
            b.add(T.exitState)
            b.add(T.anyState)
            b.add(T.entryState)
            b.add(T.stateTransition, [P.stateTransitionStateToId: .uint(0)])
            return try ReferenceWorker().openFile(.data(try b.bytes())).makeArtboard("Main").makeStateMachine(nil, binding: .none)
        }
        let withoutInput = try machine(inputs: false)
        withoutInput.advanceAndApply(by: 0)
        #expect(withoutInput.currentStateNames == ["exit"])
        #expect(!withoutInput.advanceAndApply(by: 1.0 / 60))
        let withInput = try machine(inputs: true)
        withInput.advanceAndApply(by: 0)
        #expect(withInput.currentStateNames == ["blend"], "naming a number input, the blend state stays")
    }

    /// An artboard with node "n" whose ping-pong animation (speed `animationSpeed`) keys y from
    /// 100 at frame 0 to 0 at frame 60, linearly, played by an animation state of speed
    /// `stateSpeed`; the node's y after the first advance, by 0.
    private func pingPongY(animationSpeed: Float, stateSpeed: Float) throws -> RivePropertyValue? {
        var b = DocumentBuilder()
        b.add(T.backboard)
        b.add(T.artboard, [P.componentName: .string("Main"), P.artboardDefaultStateMachineId: .uint(0)])
        b.add(T.node, [P.componentName: .string("n"), P.componentParentId: .uint(0)])
        b.add(T.linearAnimation, [P.animationName: .string("a"), P.linearAnimationLoopValue: .uint(2), P.linearAnimationSpeed: .float(animationSpeed)])
        b.add(T.keyedObject, [P.keyedObjectObjectId: .uint(1)])
        b.add(T.keyedProperty, [P.keyedPropertyPropertyKey: .uint(UInt64(P.nodeY))])
        b.add(T.keyFrameDouble, [P.keyFrameDoubleValue: .float(100), P.interpolatingKeyFrameInterpolationType: .uint(1)])
        b.add(T.keyFrameDouble, [P.keyFrameFrame: .uint(60), P.keyFrameDoubleValue: .float(0), P.interpolatingKeyFrameInterpolationType: .uint(1)])
        b.add(T.stateMachine, [P.animationName: .string("Machine")])
        b.add(T.stateMachineLayer)
        b.add(T.entryState)
        b.add(T.stateTransition, [P.stateTransitionStateToId: .uint(3)])
        b.add(T.exitState)
        b.add(T.anyState)
        b.add(T.animationState, [P.animationStateAnimationId: .uint(0), P.advanceableStateSpeed: .float(stateSpeed)])
        let artboard = try ReferenceWorker().openFile(.data(try b.bytes())).makeArtboard("Main")
        let machine = try artboard.makeStateMachine(nil, binding: .none)
        machine.advanceAndApply(by: 0)
        return artboard.componentValue(try #require(artboard.componentID(named: "n")), property: P.nodeY)
    }

    @Test("an animation plays from its last frame when its speed and its state's speed have opposite signs, as upstream's LinearAnimationInstance starts at startTime() or endTime()")
    func negativeSpeedStartsAtTheEnd() throws {
        #expect(try pingPongY(animationSpeed: 1, stateSpeed: 1) == .float(100))
        #expect(try pingPongY(animationSpeed: -1, stateSpeed: 1) == .float(0), "speed -1 starts at frame 60")
        #expect(try pingPongY(animationSpeed: 1, stateSpeed: -1) == .float(0), "a state of speed -1 starts at the end")
        #expect(try pingPongY(animationSpeed: -1, stateSpeed: -1) == .float(100))
    }

    @Test("a value for a property id its view model does not have is bound by an id path, as upstream's propertyValue(id) compares the value's property id only")
    func valueWithoutPropertyIsBoundByID() async throws {
        var b = DocumentBuilder()
        b.add(T.backboard)
        b.add(T.viewModel, [P.viewModelComponentName: .string("VM")])
        b.add(T.viewModelPropertyNumber, [P.viewModelComponentName: .string("n")])
        b.add(T.viewModelInstance, [P.viewModelInstanceViewModelId: .uint(0), P.componentName: .string("I")])
        b.add(T.viewModelInstanceNumber, [P.viewModelInstanceValueViewModelPropertyId: .uint(0), P.viewModelInstanceNumberPropertyValue: .float(1)])
        b.add(T.viewModelInstanceNumber, [P.viewModelInstanceValueViewModelPropertyId: .uint(1), P.viewModelInstanceNumberPropertyValue: .float(42)])
        b.add(T.artboard, [P.componentName: .string("A"), P.artboardViewModelId: .uint(0)])
        b.add(T.node, [P.componentName: .string("n"), P.nodeX: .float(5), P.nodeY: .float(5)])
        b.add(T.dataBindContext, [P.dataBindPropertyKey: .uint(UInt64(P.nodeX)), P.dataBindContextSourcePathIds: .bytes(varuints([0, 0]))])
        b.add(T.dataBindContext, [P.dataBindPropertyKey: .uint(UInt64(P.nodeY)), P.dataBindContextSourcePathIds: .bytes(varuints([0, 1]))])
        b.add(T.stateMachine, [P.animationName: .string("M")])
        let file = try ReferenceWorker().openFile(.data(try b.bytes()))
        let instance = try file.makeViewModelInstance(.name("I", from: .name("VM")))
        let artboard = try file.makeArtboard(nil)
        let machine = try artboard.makeStateMachine("M", binding: .instance(instance))
        machine.advance(by: 0)
        let node = try #require(artboard.componentID(named: "n"))
        #expect(artboard.componentValue(node, property: P.nodeX) == .float(1))
        #expect(artboard.componentValue(node, property: P.nodeY) == .float(42), "property id 1 is not in VM, its value is bound all the same")
        // No name reaches it: VM's only property is "n".
        #expect(try await instance.value(of: NumberProperty(path: "n")) == 1)
    }

    @Test("a list item's artboard sits at its own x and y, 0 on load and then as bound, as upstream's ArtboardComponentList places items at Artboard::worldBounds")
    func listItemSitsAtItsArtboardPosition() throws {
        var b = DocumentBuilder()
        b.add(T.backboard)
        b.add(T.viewModel, [P.viewModelComponentName: .string("Main")])
        b.add(T.viewModelPropertyList, [P.viewModelComponentName: .string("items")])
        b.add(T.viewModelInstance, [P.viewModelInstanceViewModelId: .uint(0), P.componentName: .string("I")])
        b.add(T.viewModelInstanceList, [P.viewModelInstanceValueViewModelPropertyId: .uint(0)])
        b.add(T.viewModelInstanceListItem, [P.viewModelInstanceListItemViewModelId: .uint(1), P.viewModelInstanceListItemViewModelInstanceId: .uint(0)])
        b.add(T.viewModelInstanceListItem, [P.viewModelInstanceListItemViewModelId: .uint(1), P.viewModelInstanceListItemViewModelInstanceId: .uint(1)])
        b.add(T.viewModel, [P.viewModelComponentName: .string("Item")])
        b.add(T.viewModelPropertyNumber, [P.viewModelComponentName: .string("x")])
        b.add(T.viewModelInstance, [P.viewModelInstanceViewModelId: .uint(1), P.componentName: .string("moved")])
        b.add(T.viewModelInstanceNumber, [P.viewModelInstanceValueViewModelPropertyId: .uint(0), P.viewModelInstanceNumberPropertyValue: .float(50)])
        b.add(T.viewModelInstance, [P.viewModelInstanceViewModelId: .uint(1), P.componentName: .string("unset")])
        b.add(T.artboard, [P.componentName: .string("Host"), P.artboardViewModelId: .uint(0)])
        b.add(T.artboardComponentList, [P.componentName: .string("List"), P.componentParentId: .uint(0)])
        b.add(T.dataBindContext, [P.dataBindPropertyKey: .uint(UInt64(P.artboardComponentListListSource)), P.dataBindContextSourcePathIds: .bytes(varuints([0, 0]))])
        // The item artboard's authored x (550) is its place on the backboard, not in the list.
        b.add(T.artboard, [P.componentName: .string("Card"), P.artboardViewModelId: .uint(1), P.nodeX: .float(550), P.nodeY: .float(7)])
        b.add(T.dataBindContext, [P.dataBindPropertyKey: .uint(UInt64(P.nodeX)), P.dataBindContextSourcePathIds: .bytes(varuints([1, 0]))])
        let file = try ReferenceWorker().openFile(.data(try b.bytes()))
        let instance = try file.makeViewModelInstance(.name("I", from: .name("Main")))
        let artboard = try file.makeArtboard("Host")
        let machine = try artboard.makeStateMachine(nil, binding: .instance(instance))
        machine.advanceAndApply(by: 0)
        let recorder = DrawCommandRecorder()
        artboard.record(into: recorder)
        let translations = recorder.commands.compactMap { command -> String? in
            guard case .transform(let t) = command, t.a == 1, t.b == 0, t.c == 0, t.d == 1 else { return nil }
            return "\(t.tx),\(t.ty)"
        }
        #expect(translations.contains("50.0,0.0"), "the bound item at x 50: \(translations)")
        #expect(translations.contains("0.0,0.0"), "the unset item at 0, 0: \(translations)")
        #expect(!translations.contains { $0.hasPrefix("550") }, "\(translations)")
    }

    @Test("an artboard whose path sits under a feather of its own shape's paint draws nothing (one without the cycle draws), as upstream's dependency sort stops at the cycle before it places the artboard")
    func pathUnderItsShapesFeatherDrawsNothing() throws {
        func commandCount(cycle: Bool) throws -> Int {
            var b = DocumentBuilder()
            b.add(T.backboard)
            b.add(T.artboard, [P.componentName: .string("Main"), P.layoutComponentWidth: .float(100), P.layoutComponentHeight: .float(100)])
            b.add(T.shape, [P.componentParentId: .uint(0), P.nodeX: .float(50), P.nodeY: .float(50)])   // 1
            b.add(T.fill, [P.componentParentId: .uint(1)])                                               // 2
            b.add(T.solidColor, [P.componentParentId: .uint(2)])
            b.add(T.feather, [P.componentParentId: .uint(2)])                                            // 4
            b.add(T.rectangle, [P.componentParentId: .uint(cycle ? 4 : 1), P.parametricPathWidth: .float(40), P.parametricPathHeight: .float(40)])
            b.add(T.fill, [P.componentParentId: .uint(0)])                                               // the artboard's background
            b.add(T.solidColor, [P.componentParentId: .uint(6)])
            let artboard = try ReferenceWorker().openFile(.data(try b.bytes())).makeArtboard("Main")
            let machine = try artboard.makeStateMachine(nil, binding: .none)
            machine.advanceAndApply(by: 0)
            let recorder = DrawCommandRecorder()
            artboard.record(into: recorder)
            return recorder.commands.count
        }
        #expect(try commandCount(cycle: false) > 0)
        #expect(try commandCount(cycle: true) == 0)
    }

    @Test("an inner feather's clip has the rule of the shape's render path: clockwise until a plain nonZero or evenOdd fill of the shape sets its own, as upstream's ShapePaint::draw sets it on the shared path")
    func innerFeatherClipTakesTheSharedPathRule() throws {
        var b = DocumentBuilder()
        b.add(T.backboard)
        b.add(T.artboard, [P.componentName: .string("Main"), P.layoutComponentWidth: .float(100), P.layoutComponentHeight: .float(100)])
        b.add(T.shape, [P.componentParentId: .uint(0), P.nodeX: .float(50), P.nodeY: .float(50)])          // 1
        b.add(T.rectangle, [P.componentParentId: .uint(1), P.parametricPathWidth: .float(40), P.parametricPathHeight: .float(40)])
        b.add(T.fill, [P.componentParentId: .uint(1)])                                                      // 3: nonZero, inner feather
        b.add(T.solidColor, [P.componentParentId: .uint(3)])
        b.add(T.feather, [P.componentParentId: .uint(3), P.featherInner: .bool(true)])
        b.add(T.fill, [P.componentParentId: .uint(1), P.fillFillRule: .uint(1)])                            // 6: evenOdd, plain
        b.add(T.solidColor, [P.componentParentId: .uint(6)])
        let artboard = try ReferenceWorker().openFile(.data(try b.bytes())).makeArtboard("Main")
        let machine = try artboard.makeStateMachine(nil, binding: .none)
        func clipRules() -> [FillRule] {
            let recorder = DrawCommandRecorder()
            artboard.record(into: recorder)
            return recorder.commands.compactMap { if case .clipPath(let path) = $0 { path.fillRule } else { nil } }
        }
        machine.advanceAndApply(by: 0)
        #expect(clipRules().last == .clockwise, "no plain fill drew the shape's path before the feathered one")
        machine.advanceAndApply(by: 1.0 / 60)
        #expect(clipRules().last == .evenOdd, "the evenOdd fill set the path's rule in the frame before")
    }

    @Test("binding does not push a state machine bindable's authored value through a target-to-source bind, as upstream keeps those binds for listener actions")
    func bindableToSourceDoesNotPushWhenBound() async throws {
        var b = DocumentBuilder()
        b.add(T.backboard)
        b.add(T.viewModel, [P.viewModelComponentName: .string("VM")])
        b.add(T.viewModelPropertyNumber, [P.viewModelComponentName: .string("num")])
        b.add(T.artboard, [P.componentName: .string("Main"), P.artboardViewModelId: .uint(0), P.artboardDefaultStateMachineId: .uint(0)])
        b.add(T.stateMachine, [P.animationName: .string("Machine")])
        b.add(T.stateMachineLayer)
        b.add(T.entryState)
        b.add(T.exitState)
        b.add(T.anyState)
        b.add(T.bindablePropertyNumber, [P.bindablePropertyNumberPropertyValue: .float(33)])
        b.bind(P.bindablePropertyNumberPropertyValue, path: [0, 0], flags: 1)
        let file = try ReferenceWorker().openFile(.data(try b.bytes()))
        let instance = try file.makeViewModelInstance(.blank(from: .name("VM")))
        let machine = try file.makeArtboard("Main").makeStateMachine(nil, binding: .instance(instance))
        machine.advanceAndApply(by: 0)
        machine.advanceAndApply(by: 1.0 / 60)
        #expect(try await instance.value(of: NumberProperty(path: "num")) == 0)
    }

    @Test("a node under a nested state machine is never updated (world transform identity, render opacity 0), as upstream's dependency sort never reaches a nested animation; a node under a nested artboard composes with its host")
    func nodeUnderNestedAnimationIsNeverUpdated() throws {
        var b = DocumentBuilder()
        b.add(T.backboard)
        b.add(T.artboard, [P.componentName: .string("Main")])
        b.add(T.nestedArtboard, [P.componentName: .string("host"), P.componentParentId: .uint(0), P.nestedArtboardArtboardId: .uint(1), P.nodeY: .float(396.5)])
        b.add(T.nestedStateMachine, [P.componentParentId: .uint(1)])
        b.add(T.node, [P.componentName: .string("n"), P.componentParentId: .uint(2), P.nodeY: .float(5)])
        b.add(T.node, [P.componentName: .string("m"), P.componentParentId: .uint(1), P.nodeY: .float(5)])
        b.add(T.node, [P.componentName: .string("c"), P.componentParentId: .uint(3), P.nodeY: .float(7)])
        b.add(T.artboard, [P.componentName: .string("Inner")])
        let artboard = try ReferenceWorker().openFile(.data(try b.bytes())).makeArtboard("Main")
        artboard.scene.update()
        let n = try #require(artboard.componentID(named: "n")), m = try #require(artboard.componentID(named: "m"))
        let c = try #require(artboard.componentID(named: "c"))
        #expect(artboard.scene.worldTransforms[n].ty == 0, "under the nested state machine: never updated")
        #expect(artboard.scene.renderOpacities[n] == 0)
        #expect(artboard.scene.worldTransforms[c].ty == 0, "its child: never updated either")
        #expect(artboard.scene.worldTransforms[m].ty == 401.5, "under the nested artboard: the host's y too")
    }

    @Test("a shape under a nested state machine reports a computed root y of 0 through a target-to-source bind, whatever its own y, as upstream never updates its world transform")
    func computedRootYUnderNestedAnimationIsZero() async throws {
        var b = DocumentBuilder()
        b.add(T.backboard)
        b.add(T.viewModel, [P.viewModelComponentName: .string("VM")])
        b.add(T.viewModelPropertyNumber, [P.viewModelComponentName: .string("yPos")])
        b.add(T.artboard, [P.componentName: .string("Main"), P.artboardViewModelId: .uint(0), P.artboardDefaultStateMachineId: .uint(0)])
        b.add(T.nestedArtboard, [P.componentParentId: .uint(0)])
        b.add(T.nestedStateMachine, [P.componentParentId: .uint(1)])
        b.add(T.shape, [P.componentParentId: .uint(2), P.nodeY: .float(-189.26062)])
        b.bind(P.nodeComputedRootY, path: [0, 0], flags: 1)
        b.add(T.stateMachine, [P.animationName: .string("Machine")])
        b.add(T.stateMachineLayer)
        b.add(T.entryState)
        b.add(T.exitState)
        b.add(T.anyState)
        let file = try ReferenceWorker().openFile(.data(try b.bytes()))
        let instance = try file.makeViewModelInstance(.blank(from: .name("VM")))
        let machine = try file.makeArtboard("Main").makeStateMachine(nil, binding: .instance(instance))
        machine.advanceAndApply(by: 0)
        #expect(try await instance.value(of: NumberProperty(path: "yPos")) == 0)
    }
}
