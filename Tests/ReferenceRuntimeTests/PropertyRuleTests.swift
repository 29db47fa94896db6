import Testing
import RiveFormat
import RuntimeAPI
@testable import ReferenceRuntime

private typealias T = RiveTypeKey
private typealias P = RivePropertyKey

@Suite("PROP: reading and writing properties")
@MainActor
struct PropertyRuleTests {
    @Test("PROP-1 setValue returns at once and value(of:) reads the new value without an advance")
    func setThenGet() async throws {
        let f = try Fixture()
        let main = try f.instance(.viewModelDefault(from: .name("Main")))
        main.setValue(of: NumberProperty(path: "count"), to: 11)
        main.setValue(of: StringProperty(path: "title"), to: "now")
        main.setValue(of: BoolProperty(path: "on"), to: false)
        #expect(try await main.value(of: NumberProperty(path: "count")) == 11)
        #expect(try await main.value(of: StringProperty(path: "title")) == "now")
        #expect(try await main.value(of: BoolProperty(path: "on")) == false)
    }

    @Test("PROP-2 paths are case-sensitive")
    func caseSensitive() async throws {
        let f = try Fixture()
        let main = try f.instance(.viewModelDefault(from: .name("Main")))
        await #expect(throws: ViewModelInstanceError.self) { _ = try await main.value(of: NumberProperty(path: "Count")) }
        main.setValue(of: NumberProperty(path: "Count"), to: 1)
        #expect(try await main.value(of: NumberProperty(path: "count")) == 3)
        #expect(f.worker.takeLog().map(\.code) == ["view-model-instance.property-not-found"])
    }

    @Test("PROP-3 nested properties are addressed with / at any depth")
    func nestedPaths() async throws {
        let f = try Fixture()
        let main = try f.instance(.viewModelDefault(from: .name("Main")))
        main.setValue(of: NumberProperty(path: "other/volume"), to: 2.5)
        #expect(try await main.value(of: NumberProperty(path: "other/volume")) == 2.5)
        #expect(try await main.value(of: ViewModelInstanceProperty(path: "other")).value(of: NumberProperty(path: "volume")) == 2.5)
    }

    @Test("PROP-4 a wrong path or type fails with ViewModelInstanceError and is not coerced")
    func wrongPathOrType() async throws {
        let f = try Fixture()
        let main = try f.instance(.viewModelDefault(from: .name("Main")))
        do {
            _ = try await main.value(of: StringProperty(path: "count"))
            Issue.record("a string read of a number property must fail")
        } catch {
            #expect(error.code == "view-model-instance.message")
            #expect(error.message.contains("number"))
        }
        await #expect(throws: ViewModelInstanceError.self) { _ = try await main.value(of: NumberProperty(path: "nope/count")) }
        await #expect(throws: ViewModelInstanceError.self) { _ = try await main.value(of: NumberProperty(path: "title/count")) }
        await #expect(throws: ViewModelInstanceError.self) { _ = try await main.size(of: ListProperty(path: "count")) }
    }

    @Test("PROP-5 an enum set to a name that is not one of its values is rejected")
    func enumRejectsUnknown() async throws {
        let f = try Fixture()
        let main = try f.instance(.viewModelDefault(from: .name("Main")))
        #expect(try await main.value(of: EnumProperty(path: "mood")) == "angry")
        main.setValue(of: EnumProperty(path: "mood"), to: "furious")
        #expect(try await main.value(of: EnumProperty(path: "mood")) == "angry")
        #expect(f.worker.takeLog().map(\.code) == ["view-model-instance.invalid-enum-value"])
        main.setValue(of: EnumProperty(path: "mood"), to: "calm")
        #expect(try await main.value(of: EnumProperty(path: "mood")) == "calm")
    }

    @Test("PROP-6 colors are ARGB and read back exactly")
    func colorsExact() async throws {
        let f = try Fixture()
        let main = try f.instance(.blank(from: .name("Main")))
        for argb: UInt32 in [0x0000_0000, 0x80FF_0001, 0xFFFF_FFFF, 0x1234_5678] {
            main.setValue(of: ColorProperty(path: "tint"), to: Color(argb))
            #expect(try await main.value(of: ColorProperty(path: "tint")).argbValue == argb)
        }
    }

    @Test("PROP-7 numbers are 32-bit floats")
    func floats() async throws {
        let f = try Fixture()
        let main = try f.instance(.blank(from: .name("Main")))
        let value = Float(0.1)
        main.setValue(of: NumberProperty(path: "count"), to: value)
        #expect(try await main.value(of: NumberProperty(path: "count")).bitPattern == value.bitPattern)
        main.setValue(of: NumberProperty(path: "count"), to: Float(16_777_217))
        #expect(try await main.value(of: NumberProperty(path: "count")) == 16_777_216)
    }

    @Test("PROP-8 image, artboard, blob and font properties take values and nil; other workers' values are rejected")
    func assets() async throws {
        let f = try Fixture()
        let main = try f.instance(.blank(from: .name("Main")))
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 0, 2, 0, 0, 0, 3, 8, 6, 0, 0, 0]
        let image = try await f.worker.decodeImage(from: png)
        #expect(image.width == 2 && image.height == 3)
        await #expect(throws: AssetError.self) { _ = try await f.worker.decodeImage(from: [1, 2, 3]) }
        main.setValue(of: ImageProperty(path: "pic"), to: image)
        main.setValue(of: ImageProperty(path: "pic"), to: nil)
        main.setValue(of: ArtboardProperty(path: "board"), to: try f.artboard("Bare"))
        main.setValue(of: BlobProperty(path: "data"), to: try await f.worker.decodeBlob(from: [1, 2]))
        main.setValue(of: FontProperty(path: "face"), to: try await f.worker.decodeFont(from: Array("OTTO".utf8) + Array(repeating: 0, count: 8)))
        #expect(f.worker.takeLog().isEmpty)
        let otherImage = try await ReferenceWorker().decodeImage(from: png)
        main.setValue(of: ImageProperty(path: "pic"), to: otherImage)
        main.setValue(of: ImageProperty(path: "count"), to: image)
        #expect(f.worker.takeLog().map(\.code) == ["view-model-instance.other-worker", "view-model-instance.property-not-found"])
    }

    @Test("PROP-9 a nested instance can be replaced by one of the same view model; bindings follow it")
    func nestedReplacement() async throws {
        let f = try Fixture()
        let artboard = try f.artboard()
        let main = try f.instance(.viewModelDefault(from: .name("Main")))
        let machine = try artboard.makeStateMachine(nil, binding: .instance(main))
        machine.advance(by: 0)
        #expect(f.component(artboard, "n5", P.nodeX) == .float(9), "child and other share c1, which n4's two-way bind set to 9")
        let replacement = try f.instance(.name("c2", from: .name("Child")))
        main.setValue(of: ViewModelInstanceProperty(path: "child"), to: replacement)
        #expect(try await main.value(of: NumberProperty(path: "child/volume")) == 7)
        machine.advance(by: 0.016)
        #expect(f.component(artboard, "n5", P.nodeX) == .float(7))
        replacement.setValue(of: NumberProperty(path: "volume"), to: 70)
        machine.advance(by: 0.016)
        #expect(f.component(artboard, "n5", P.nodeX) == .float(70))
        main.setValue(of: ViewModelInstanceProperty(path: "child"), to: try f.instance(.blank(from: .name("Plain"))))
        #expect(try await main.value(of: NumberProperty(path: "child/volume")) == 70)
        #expect(f.worker.takeLog().map(\.code) == ["view-model-instance.view-model-mismatch"])
    }

    @Test("PROP-10 setting the value a property already has is not a change")
    func equalSetIsNoChange() async throws {
        let f = try Fixture()
        let main = try f.instance(.viewModelDefault(from: .name("Main")))
        let stream = main.valueStream(of: NumberProperty(path: "count"))
        main.setValue(of: NumberProperty(path: "count"), to: 3)
        await f.worker.flush()
        #expect(stream.takeDelivered().isEmpty)
        let machine = try f.artboard().makeStateMachine(nil, binding: .instance(main))
        machine.advance(by: 0)
        machine.advance(by: 0.016)
        main.setValue(of: StringProperty(path: "title"), to: "hello")
        let settled = machine.settledStream()
        machine.advance(by: 0.016)
        #expect(settled.takeDelivered().count == 1, "an equal set leaves the state machine settled")
        main.setValue(of: StringProperty(path: "title"), to: "changed")
        machine.advance(by: 0.016)
        #expect(settled.takeDelivered().isEmpty, "a real change does not settle")
    }

    @Test("PROP-11 values the state machine writes are visible after the advance that wrote them")
    func stateMachineWrites() async throws {
        let f = try Fixture()
        let artboard = try f.artboard()
        let main = try f.instance(.viewModelDefault(from: .name("Main")))
        let machine = try artboard.makeStateMachine(nil, binding: .instance(main))
        #expect(try await main.value(of: NumberProperty(path: "level")) == 0)
        let stream = main.valueStream(of: NumberProperty(path: "level"))
        machine.advance(by: 0)
        #expect(try await main.value(of: NumberProperty(path: "level")) == 42, "target-to-source bind from n3.x")
        #expect(stream.takeDelivered() == [42])
        #expect(try await main.value(of: NumberProperty(path: "other/volume")) == 9, "two-way bind, target first, takes n4.y")
    }
}

@Suite("Data binds: directions, precedence, triggers and settling")
@MainActor
struct DataBindTests {
    @Test("a two-way bind carries source changes to the target after its initial sync")
    func twoWaySourceChange() throws {
        let f = try Fixture()
        let artboard = try f.artboard()
        let main = try f.instance(.viewModelDefault(from: .name("Main")))
        let machine = try artboard.makeStateMachine(nil, binding: .instance(main))
        machine.advance(by: 0)
        main.setValue(of: NumberProperty(path: "other/volume"), to: 33)
        machine.advance(by: 0.016)
        #expect(f.component(artboard, "n4", P.nodeY) == .float(33))
    }

    @Test("a two-way bind carries target changes to the source")
    func twoWayTargetChange() async throws {
        let f = try Fixture()
        let artboard = try f.artboard()
        let main = try f.instance(.viewModelDefault(from: .name("Main")))
        let machine = try artboard.makeStateMachine(nil, binding: .instance(main))
        machine.advance(by: 0)
        let n4 = try #require(artboard.componentID(named: "n4"))
        artboard.store.set(PropertyStore.Key(object: n4, property: P.nodeY), to: .float(-4))
        machine.advance(by: 0.016)
        #expect(try await main.value(of: NumberProperty(path: "other/volume")) == -4)
    }

    @Test("a value a toTarget bind writes reaches a toSource bind on the same property in the same advance")
    func relayWithinOneAdvance() async throws {
        var b = DocumentBuilder()
        b.add(T.backboard)
        b.add(T.viewModel, [P.viewModelComponentName: .string("V")])
        b.add(T.viewModelPropertyNumber, [P.viewModelComponentName: .string("input")])
        b.add(T.viewModelPropertyNumber, [P.viewModelComponentName: .string("output")])
        b.add(T.viewModelInstance, [P.viewModelInstanceViewModelId: .uint(0), P.componentName: .string("Default")])
        b.add(T.viewModelInstanceNumber, [P.viewModelInstanceValueViewModelPropertyId: .uint(0), P.viewModelInstanceNumberPropertyValue: .float(5)])
        b.add(T.viewModelInstanceNumber, [P.viewModelInstanceValueViewModelPropertyId: .uint(1)])
        b.add(T.artboard, [P.componentName: .string("A"), P.artboardViewModelId: .uint(0)])
        b.add(T.node, [P.componentName: .string("n"), P.nodeX: .float(100)])
        b.bind(P.nodeX, path: [0, 0])
        b.bind(P.nodeX, path: [0, 1], flags: 1)
        b.add(T.stateMachine, [P.animationName: .string("M")])
        let worker = ReferenceWorker()
        let file = try worker.openFile(.data(try b.bytes()))
        let main = try file.makeViewModelInstance(.viewModelDefault(from: .name("V")))
        let machine = try file.makeArtboard(nil).makeStateMachine("M", binding: .instance(main))
        let stream = main.valueStream(of: NumberProperty(path: "output"))
        machine.advance(by: 0)
        #expect(try await main.value(of: NumberProperty(path: "output")) == 5, "not the node's authored 100: the update repeats")
        #expect(stream.takeDelivered() == [5])
        main.setValue(of: NumberProperty(path: "input"), to: 8)
        machine.advance(by: 0.016)
        #expect(try await main.value(of: NumberProperty(path: "output")) == 8)
    }

    @Test("SM-4 a trigger reaches its bindable on the advance after the fire and is consumed by it")
    func triggerConsumed() async throws {
        let f = try Fixture()
        let main = try f.instance(.viewModelDefault(from: .name("Main")))
        let machine = try f.artboard().makeStateMachine(nil, binding: .instance(main))
        machine.advance(by: 0)
        #expect(f.bindable(machine, bind: 0) == .uint(0))
        main.fire(trigger: TriggerProperty(path: "ping"))
        machine.advance(by: 0.016)
        #expect(f.bindable(machine, bind: 0) == .uint(1))
        machine.advance(by: 0.016)
        #expect(f.bindable(machine, bind: 0) == .uint(0), "the counter was reset after the reacting advance")
    }

    @Test("an advance reports settled only when nothing changed and the time step is not 0")
    func settling() async throws {
        let f = try Fixture()
        let main = try f.instance(.viewModelDefault(from: .name("Main")))
        let machine = try f.artboard().makeStateMachine(nil, binding: .instance(main))
        let settled = machine.settledStream()
        machine.advance(by: 0)
        machine.advance(by: 0)
        #expect(settled.takeDelivered().isEmpty)
        machine.advance(by: 0.016)
        #expect(settled.takeDelivered().count == 1)
        main.setValue(of: NumberProperty(path: "count"), to: 4)
        machine.advance(by: 0.016)
        #expect(settled.takeDelivered().isEmpty)
        machine.advance(by: 0.016)
        #expect(settled.takeDelivered().count == 1)
    }
}
