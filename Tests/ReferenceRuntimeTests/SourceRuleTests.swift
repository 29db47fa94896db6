import Testing
import RiveFormat
import RuntimeAPI
@testable import ReferenceRuntime

@Suite("SRC: where an instance comes from")
@MainActor
struct SourceRuleTests {
    @Test("SRC-1 blank instance holds type defaults")
    func blankDefaults() async throws {
        let f = try Fixture()
        let blank = try f.instance(.blank(from: .name("Main")))
        #expect(try await blank.value(of: NumberProperty(path: "count")) == 0)
        #expect(try await blank.value(of: StringProperty(path: "title")) == "")
        #expect(try await blank.value(of: BoolProperty(path: "on")) == false)
        #expect(try await blank.value(of: ColorProperty(path: "tint")) == Color(0xFF00_0000))
        #expect(try await blank.value(of: EnumProperty(path: "mood")) == "calm")
        #expect(try await blank.size(of: ListProperty(path: "items")) == 0)
        #expect(try await blank.name() == "")
        let trigger = blank.stream(of: TriggerProperty(path: "ping"))
        await f.worker.flush()
        #expect(trigger.takeDelivered().isEmpty)
    }

    @Test("SRC-1N blank instance has null nested view-model properties")
    func blankNestedIsNull() async throws {
        let f = try Fixture()
        let blank = try f.instance(.blank(from: .name("Main")))
        let child = blank.value(of: ViewModelInstanceProperty(path: "child"))
        await #expect(throws: ViewModelInstanceError.self) { _ = try await child.name() }
        await #expect(throws: ViewModelInstanceError.self) { _ = try await blank.value(of: NumberProperty(path: "child/volume")) }
    }

    @Test("SRC-2 viewModelDefault copies the default instance and is named Default")
    func defaultInstance() async throws {
        let f = try Fixture()
        let instance = try f.instance(.viewModelDefault(from: .name("Main")))
        #expect(try await instance.name() == "Default")
        #expect(try await instance.value(of: StringProperty(path: "title")) == "hello")
        #expect(try await instance.value(of: NumberProperty(path: "child/volume")) == 5)
        #expect(try await instance.size(of: ListProperty(path: "items")) == 2)
        let plain = try f.instance(.viewModelDefault(from: .name("Sizes")))
        #expect(try await plain.value(of: NumberProperty(path: "gap")) == 0, "no authored instance: a blank one")
    }

    @Test("SRC-3 named instance copies that instance; an unknown name fails")
    func namedInstance() async throws {
        let f = try Fixture()
        let second = try f.instance(.name("Second", from: .name("Main")))
        #expect(try await second.name() == "Second")
        #expect(try await second.value(of: StringProperty(path: "title")) == "second")
        #expect(try await second.value(of: NumberProperty(path: "other/volume")) == 7)
        await #expect(throws: FileError.invalidViewModelInstance("view model \"Main\" has no instance named \"second\"")) {
            _ = try await f.file.createViewModelInstance(.name("second", from: .name("Main")))
        }
    }

    @Test("SRC-4 artboardDefault uses the artboard's view model; none or an unknown name fails")
    func artboardDefault() async throws {
        let f = try Fixture()
        let instance = try await f.file.createViewModelInstance(.viewModelDefault(from: .artboardDefault(try f.artboard())))
        #expect(try await instance.viewModelName() == "Main")
        await #expect(throws: FileError.self) { _ = try await f.file.createViewModelInstance(.blank(from: .artboardDefault(try f.artboard("Bare")))) }
        do {
            _ = try await f.file.createViewModelInstance(.blank(from: .name("Nope")))
            Issue.record("an unknown view model name must fail")
        } catch {
            #expect(error.code == "file.invalid-view-model-instance")
        }
    }

    @Test("SRC-5 every create call returns an independent copy")
    func independentCopies() async throws {
        let f = try Fixture()
        let a = try f.instance(.viewModelDefault(from: .name("Main")))
        let b = try f.instance(.viewModelDefault(from: .name("Main")))
        a.setValue(of: NumberProperty(path: "count"), to: 99)
        a.setValue(of: NumberProperty(path: "child/volume"), to: 1)
        #expect(try await b.value(of: NumberProperty(path: "count")) == 3)
        #expect(try await b.value(of: NumberProperty(path: "child/volume")) == 5)
    }

    @Test("SRC-6 getDefaultViewModelInfo names what viewModelDefault(artboardDefault) creates")
    func defaultInfo() async throws {
        let f = try Fixture()
        let artboard = try f.artboard()
        let info = try await f.file.getDefaultViewModelInfo(for: artboard)
        let instance = try await f.file.createViewModelInstance(.viewModelDefault(from: .artboardDefault(artboard)))
        #expect(info == DefaultViewModelInfo(viewModelName: try await instance.viewModelName(), instanceName: try await instance.name()))
        await #expect(throws: ArtboardError.self) { _ = try await f.file.getDefaultViewModelInfo(for: try f.artboard("Bare")) }
    }

    @Test("SRC-7 introspection reports what the file contains")
    func introspection() async throws {
        let f = try Fixture()
        #expect(try await f.file.getViewModelNames() == ["Child", "Main", "Theme", "Sizes", "Plain"])
        #expect(try await f.file.getGlobalViewModelNames() == ["Theme", "Sizes"])
        #expect(try await f.file.getInstanceNames(of: "Main") == ["Default", "Second"])
        #expect(try await f.file.getArtboardNames() == ["Main", "Bare"])
        #expect(try await f.file.getViewModelEnums() == [ViewModelEnum(name: "Mood", values: ["calm", "angry"])])
        let properties = try await f.file.getProperties(of: "Main")
        #expect(properties.map(\.type) == [.string, .number, .boolean, .color, .enumType, .trigger, .viewModel, .viewModel, .list, .assetImage, .artboard, .assetBlob, .assetFont, .number])
        #expect(properties[4].metaData == "Mood")
        #expect(properties[6] == ViewModelProperty(type: .viewModel, name: "child", metaData: "Child"))
        #expect(properties[1].metaData == "")
        await #expect(throws: FileError.invalidViewModel("no view model named \"main\"")) { _ = try await f.file.getProperties(of: "main") }
        #expect(try await f.artboard().getStateMachineNames() == ["Machine"])
    }
}
