import Testing
import RiveFormat
import RuntimeAPI
@testable import ReferenceRuntime

private typealias P = RivePropertyKey

@Suite("BIND: binding an instance to a state machine")
@MainActor
struct BindingRuleTests {
    @Test("BIND-1 a bound instance drives the artboard's bound elements")
    func boundElementsFollow() throws {
        let f = try Fixture()
        let artboard = try f.artboard()
        let main = try f.instance(.viewModelDefault(from: .name("Main")))
        let machine = try artboard.makeStateMachine(nil, binding: .instance(main))
        machine.advance(by: 0)
        #expect(f.component(artboard, "n1", P.nodeX) == .float(3))
        #expect(f.component(artboard, "t1", P.textValueRunText) == .string("hello"))
        #expect(f.bindable(machine, bind: 1) == .float(3), "the state machine's own binds follow too")
        main.setValue(of: NumberProperty(path: "count"), to: 8)
        machine.advance(by: 0.016)
        #expect(f.component(artboard, "n1", P.nodeX) == .float(8))
    }

    @Test("BIND-2 values reach bound elements only when the state machine advances")
    func onlyOnAdvance() throws {
        let f = try Fixture()
        let artboard = try f.artboard()
        let main = try f.instance(.viewModelDefault(from: .name("Main")))
        let machine = try artboard.makeStateMachine(nil, binding: .instance(main))
        #expect(f.component(artboard, "n1", P.nodeX) == .float(0), "binding alone changes nothing")
        machine.advance(by: 0)
        #expect(f.component(artboard, "n1", P.nodeX) == .float(3))
        main.setValue(of: NumberProperty(path: "count"), to: 4)
        #expect(f.component(artboard, "n1", P.nodeX) == .float(3), "a set changes nothing until the next advance")
        machine.advance(by: 0.016)
        #expect(f.component(artboard, "n1", P.nodeX) == .float(4))
    }

    @Test("BIND-3 a value set after binding and before the first advance is what the first advance applies")
    func setBeforeFirstAdvance() throws {
        let f = try Fixture()
        let artboard = try f.artboard()
        let main = try f.instance(.viewModelDefault(from: .name("Main")))
        let machine = try artboard.makeStateMachine(nil, binding: .instance(main))
        main.setValue(of: StringProperty(path: "title"), to: "first frame")
        machine.advance(by: 0)
        #expect(f.component(artboard, "t1", P.textValueRunText) == .string("first frame"))
    }

    @Test("BIND-4 setting an unbound instance changes nothing that is bound")
    func unboundInstance() throws {
        let f = try Fixture()
        let artboard = try f.artboard()
        let bound = try f.instance(.viewModelDefault(from: .name("Main")))
        let other = try f.instance(.viewModelDefault(from: .name("Main")))
        let machine = try artboard.makeStateMachine(nil, binding: .instance(bound))
        machine.advance(by: 0)
        other.setValue(of: NumberProperty(path: "count"), to: 50)
        machine.advance(by: 0.016)
        #expect(f.component(artboard, "n1", P.nodeX) == .float(3))
    }

    @Test("BIND-5 the convenience binding uses the authored default, which the app cannot reach")
    func autoBindingIsPrivate() throws {
        let f = try Fixture()
        let artboard = try f.artboard()
        let machine = try artboard.makeStateMachine(nil, binding: .auto)
        let lookalike = try f.instance(.viewModelDefault(from: .artboardDefault(artboard)))
        lookalike.setValue(of: NumberProperty(path: "count"), to: 77)
        machine.advance(by: 0)
        #expect(f.component(artboard, "n1", P.nodeX) == .float(3), "a fresh default is another instance")
    }

    @Test("BIND-6 binding a new main instance replaces the previous one")
    func rebindReplaces() throws {
        let f = try Fixture()
        let artboard = try f.artboard()
        let first = try f.instance(.viewModelDefault(from: .name("Main")))
        let second = try f.instance(.name("Second", from: .name("Main")))
        let machine = try artboard.makeStateMachine(nil, binding: .instance(first))
        machine.advance(by: 0)
        machine.bindViewModelInstance(second)
        machine.advance(by: 0)
        #expect(f.component(artboard, "t1", P.textValueRunText) == .string("second"))
        first.setValue(of: StringProperty(path: "title"), to: "old")
        second.setValue(of: StringProperty(path: "title"), to: "new")
        machine.advance(by: 0.016)
        #expect(f.component(artboard, "t1", P.textValueRunText) == .string("new"))
    }

    @Test("BIND-7 unknown state machine or artboard names fail with the documented errors")
    func creationErrors() async throws {
        let f = try Fixture()
        let artboard = try await f.file.createArtboard()
        #expect(artboard.name == "Main")
        let machine = try await artboard.createStateMachine()
        #expect(machine.name == "Machine")
        do {
            _ = try await artboard.createStateMachine("machine")
            Issue.record("a wrong-case name must fail")
        } catch {
            #expect(error.code == "artboard.invalid-state-machine")
        }
        // "Bare" has no animations and no state machines: it gets the auto-generated one (SM-6).
        #expect(try await f.artboard("Bare").createStateMachine().name == "Auto Generated State Machine")
        await #expect(throws: ArtboardError.self) { _ = try await f.artboard("Bare").createStateMachine("Machine") }
        await #expect(throws: FileError.self) { _ = try await f.file.createArtboard("Nope") }
    }

    @Test("BIND-8 creating a state machine without binding binds the main and global defaults")
    func autoBindsDefaults() throws {
        let f = try Fixture()
        let artboard = try f.artboard()
        let machine = try artboard.makeStateMachine(nil, binding: .auto)
        machine.advance(by: 0)
        #expect(f.component(artboard, "t1", P.textValueRunText) == .string("hello"))
        #expect(f.component(artboard, "n2", P.nodeX) == .float(0), "Sizes has no authored instance: its blank default")
        #expect(machine.contextInstanceCount == 3, "main + Theme + Sizes")
        let unbound = try artboard.makeStateMachine(nil, binding: .none)
        #expect(unbound.contextInstanceCount == 0)
    }
}

@Suite("GLB: global view models")
@MainActor
struct GlobalRuleTests {
    private func setUp() throws -> (Fixture, ReferenceArtboard, ReferenceStateMachine) {
        let f = try Fixture()
        let artboard = try f.artboard()
        return (f, artboard, try artboard.makeStateMachine(nil, binding: .auto))
    }

    @Test("GLB-1 a global instance is bound by its view model's name and bindings follow it")
    func bindByName() async throws {
        let (f, artboard, machine) = try setUp()
        let sizes = try f.instance(.blank(from: .name("Sizes")))
        sizes.setValue(of: NumberProperty(path: "gap"), to: 16)
        try await machine.bindViewModelInstances(main: nil, globals: [GlobalBinding("Sizes", sizes)])
        machine.advance(by: 0)
        #expect(f.component(artboard, "n2", P.nodeX) == .float(16), "bound by absolute id")
        #expect(f.component(artboard, "n2", P.nodeY) == .float(16), "bound by name through the manifest")
        sizes.setValue(of: NumberProperty(path: "gap"), to: 24)
        machine.advance(by: 0.016)
        #expect(f.component(artboard, "n2", P.nodeX) == .float(24))
    }

    @Test("GLB-2 a global not named in the call keeps its instance")
    func unnamedGlobalKept() throws {
        let (f, artboard, machine) = try setUp()
        let sizes = try f.instance(.blank(from: .name("Sizes")))
        sizes.setValue(of: NumberProperty(path: "gap"), to: 5)
        try machine.bindInstances(main: nil, globals: [GlobalBinding("Sizes", sizes)])
        try machine.bindInstances(main: nil, globals: [GlobalBinding("Theme", try f.instance(.name("Dark", from: .name("Theme"))))])
        machine.advance(by: 0)
        #expect(f.component(artboard, "n2", P.nodeX) == .float(5))
    }

    @Test("GLB-3 main: nil keeps the current main instance")
    func nilMainKept() throws {
        let (f, artboard, machine) = try setUp()
        let second = try f.instance(.name("Second", from: .name("Main")))
        try machine.bindInstances(main: second, globals: [])
        try machine.bindInstances(main: nil, globals: [])
        machine.advance(by: 0)
        #expect(f.component(artboard, "t1", P.textValueRunText) == .string("second"))
    }

    @Test("GLB-4 an empty slot gets the file's default instance")
    func emptySlotsFilled() throws {
        let f = try Fixture()
        let artboard = try f.artboard()
        let machine = try artboard.makeStateMachine(nil, binding: .none)
        try machine.bindInstances(main: nil, globals: [GlobalBinding("Theme", try f.instance(.name("Dark", from: .name("Theme"))))])
        machine.advance(by: 0)
        #expect(machine.contextInstanceCount == 3)
        #expect(f.component(artboard, "t1", P.textValueRunText) == .string("hello"), "main slot: the artboard's default")
    }

    @Test("GLB-5 an unknown or non-global name fails the whole call")
    func invalidName() async throws {
        let (f, _, machine) = try setUp()
        let plain = try f.instance(.blank(from: .name("Plain")))
        await #expect(throws: StateMachineError.invalidGlobalViewModelName("Plain")) {
            try await machine.bindViewModelInstances(main: nil, globals: [GlobalBinding("Plain", plain)])
        }
        await #expect(throws: StateMachineError.invalidGlobalViewModelName("theme")) {
            try await machine.bindViewModelInstances(main: nil, globals: [GlobalBinding("theme", plain)])
        }
    }

    @Test("GLB-6 the same global name twice fails the whole call")
    func duplicateName() async throws {
        let (f, _, machine) = try setUp()
        let light = try f.instance(.name("Light", from: .name("Theme")))
        await #expect(throws: StateMachineError.duplicateGlobalViewModelInstance("Theme")) {
            try await machine.bindViewModelInstances(main: nil, globals: [GlobalBinding("Theme", light), GlobalBinding("Theme", light)])
        }
    }

    @Test("GLB-7 a rejected call changes nothing")
    func rejectedCallChangesNothing() throws {
        let (f, artboard, machine) = try setUp()
        machine.advance(by: 0)
        let sizes = try f.instance(.blank(from: .name("Sizes")))
        sizes.setValue(of: NumberProperty(path: "gap"), to: 30)
        let second = try f.instance(.name("Second", from: .name("Main")))
        #expect(throws: StateMachineError.self) {
            try machine.bindInstances(main: second, globals: [GlobalBinding("Sizes", sizes), GlobalBinding("Nope", sizes)])
        }
        machine.advance(by: 0.016)
        #expect(f.component(artboard, "n2", P.nodeX) == .float(0))
        #expect(f.component(artboard, "t1", P.textValueRunText) == .string("hello"))
    }

    @Test("GLB-8 name validation does not check the instance's view model")
    func noTypeCheck() throws {
        let (f, _, machine) = try setUp()
        let plain = try f.instance(.blank(from: .name("Plain")))
        try machine.bindInstances(main: nil, globals: [GlobalBinding("Sizes", plain)])
        #expect(machine.contextInstanceCount == 3)
    }

    @Test("GLB-9 one global instance bound to two state machines is shared")
    func sharedGlobal() throws {
        let f = try Fixture()
        let first = try f.artboard()
        let second = try f.artboard()
        let sizes = try f.instance(.blank(from: .name("Sizes")))
        let a = try first.makeStateMachine(nil, binding: .auto)
        let b = try second.makeStateMachine(nil, binding: .auto)
        try a.bindInstances(main: nil, globals: [GlobalBinding("Sizes", sizes)])
        try b.bindInstances(main: nil, globals: [GlobalBinding("Sizes", sizes)])
        sizes.setValue(of: NumberProperty(path: "gap"), to: 12)
        a.advance(by: 0)
        b.advance(by: 0)
        #expect(f.component(first, "n2", P.nodeX) == .float(12))
        #expect(f.component(second, "n2", P.nodeX) == .float(12))
    }

    @Test("GLB-10 global instances have the same property and stream behaviour")
    func globalStreams() async throws {
        let (f, _, machine) = try setUp()
        let theme = try f.instance(.name("Light", from: .name("Theme")))
        try machine.bindInstances(main: nil, globals: [GlobalBinding("Theme", theme)])
        let stream = theme.valueStream(of: ColorProperty(path: "accent"))
        theme.setValue(of: ColorProperty(path: "accent"), to: Color(0xFF12_3456))
        machine.advance(by: 0)
        #expect(stream.takeDelivered() == [Color(0xFF12_3456)])
        #expect(try await theme.value(of: ColorProperty(path: "accent")) == Color(0xFF12_3456))
    }
}
