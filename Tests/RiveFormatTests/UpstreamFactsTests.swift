import HarnessTestSupport
import RiveFormat
import Testing

/// Facts that the upstream runtime's unit tests assert about its test files, reproduced on our reader.
@Suite(.enabled(if: SharedMaterial.hasAssets, Comment(rawValue: SharedMaterial.absentComment)))
struct UpstreamFactsTests {
    private func summary(_ name: String) throws -> RiveFileSummary {
        RiveFileSummary(try RiveReader.read(try SharedMaterial.asset(name)))
    }

    @Test("data_bind_test_cmdq.riv: view models in file order (command_queue_test.cpp)")
    func commandQueueViewModelOrder() throws {
        let summary = try summary("data_bind_test_cmdq.riv")
        #expect(summary.viewModels.map(\.name) == ["ListViewModel", "Empty VM", "Test All", "Nested VM", "State Transition", "Alternate VM"])
    }

    @Test("data_bind_test_cmdq.riv: \"Test All\" instances and property definitions (command_queue_test.cpp)")
    func commandQueueTestAll() throws {
        let summary = try summary("data_bind_test_cmdq.riv")
        let testAll = try #require(summary.viewModels.first { $0.name == "Test All" })
        #expect(testAll.instances.map(\.name) == ["Test Default", "Test Alternate"])
        #expect(testAll.properties.map(\.name) == ["Test Artboard", "Test List", "Test Image", "Test Num", "Test String", "Test Enum", "Test Bool", "Test Color", "Test Trigger", "Test Nested"])
        #expect(testAll.properties.map(\.type) == ["artboard", "list", "image", "number", "string", "enum", "boolean", "color", "trigger", "viewModel"])
        #expect(testAll.properties.first { $0.name == "Test Enum" }?.enumName == "Test Enum Values")
        #expect(testAll.properties.first { $0.name == "Test Nested" }?.viewModelName == "Nested VM")
        let defaults = Dictionary(uniqueKeysWithValues: testAll.instances[0].values.map { ($0.property, $0.value) })
        #expect(defaults["Test Num"] == "123")
        #expect(defaults["Test String"] == "\"World\"")
        #expect(defaults["Test Color"] == "#FFFF0000")
        #expect(defaults["Test Bool"] == "true")
        #expect(defaults["Test Nested"] == "\"Default Nested\"")
        let alternate = Dictionary(uniqueKeysWithValues: testAll.instances[1].values.map { ($0.property, $0.value) })
        #expect(alternate["Test Num"] == "456")
        #expect(alternate["Test String"] == "\"Moon\"")
        #expect(alternate["Test Color"] == "#FF00FF00")
        #expect(alternate["Test Enum"] == "Value 2")
        let nested = try #require(summary.viewModels.first { $0.name == "Nested VM" })
        #expect(nested.instances.map(\.name) == ["Default Nested", "Alternate Nested"])
        #expect(nested.instances.map { $0.values.first?.value } == ["100", "200"])
        #expect(summary.enums.map(\.name) == ["Test Enum Values"])
        #expect(summary.enums.first?.values.map(\.key) == ["Value 1", "Value 2"])
    }

    @Test("two_artboards.riv: \"Two\" is listed first and is the default artboard (file_test.cpp)")
    func twoArtboards() throws {
        let summary = try summary("two_artboards.riv")
        #expect(summary.artboards.map(\.name) == ["Two", "One"])
        #expect(summary.viewModels.isEmpty)
    }

    @Test("viewmodel_runtime_file.riv: view model \"vm\" properties, types and metadata (data_binding_test.cpp)")
    func viewModelRuntimeFile() throws {
        let summary = try summary("viewmodel_runtime_file.riv")
        let vm = try #require(summary.viewModels.first { $0.name == "vm" })
        #expect(vm.properties.map(\.name) == ["chi", "lis", "art", "ima", "enu", "tri", "col", "boo", "str", "num"])
        #expect(vm.properties.map(\.type) == ["viewModel", "list", "artboard", "image", "enum", "trigger", "color", "boolean", "string", "number"])
        #expect(vm.properties[0].viewModelName == "child")
        #expect(vm.properties[4].enumName == "Horizontal Align")
        #expect(vm.properties[9].enumName == nil)
        #expect(vm.instances.isEmpty)
        #expect(summary.enums.first?.values.map(\.key) == ["Left align", "Right align", "Center align"])
    }

    @Test("global_variables_test.riv: Sizes, Colors and Labels are global, the rest are not (global_view_model_binding_test.cpp)")
    func globalVariables() throws {
        let summary = try summary("global_variables_test.riv")
        #expect(summary.viewModels.filter(\.isGlobal).map(\.name) == ["Sizes", "Colors", "Labels"])
        #expect(summary.viewModels.filter { !$0.isGlobal }.map(\.name) == ["IntermediateList", "Child", "Main"])
    }

    @Test("entry.riv: two artboards named \"New Artboard\", the first with default state machine \"State Machine 1\"")
    func entry() throws {
        let summary = try summary("entry.riv")
        #expect(summary.artboards.map(\.name) == ["New Artboard", "New Artboard"])
        #expect(summary.artboards[0].defaultStateMachine == "State Machine 1")
        #expect(summary.viewModels.isEmpty)
    }

    @Test("global_viewmodels_test.riv: two global view models with embedded overrides, then Main (riv-format-and-binding.md §4 #29)")
    func globalViewModels() throws {
        let summary = try summary("global_viewmodels_test.riv")
        #expect(summary.viewModels.map(\.name) == ["GlobalLabels", "GlobalColors", "Main"])
        #expect(summary.viewModels.map(\.isGlobal) == [true, true, false])
        let labels = summary.viewModels[0]
        #expect(labels.properties.map(\.name) == ["s2", "s1"])
        let fileLevel = try #require(labels.instances.first)
        #expect(!fileLevel.isEmbedded)
        #expect(Set(fileLevel.values.map(\.value)) == ["\"from-global-s2\"", "\"from-global-s1\""])
        #expect(labels.instances.contains { $0.isEmbedded && $0.values.map(\.value) == ["\"s2-override\""] })
        let colors = summary.viewModels[1]
        #expect(Set(colors.instances[0].values.map { "\($0.property)=\($0.value)" }) == ["c2=#FF009900", "c1=#FF990000"])
        #expect(colors.instances.contains { $0.isEmbedded && $0.values.map(\.value) == ["#FF000099"] })
        #expect(summary.viewModels[2].instances.first?.values.map(\.value) == ["\"main label\""])
    }

    @Test("component_based_conditions.riv: enum values are key/value pairs (riv-format-and-binding.md §4 #24)")
    func enumKeyValuePairs() throws {
        let summary = try summary("component_based_conditions.riv")
        let testEnum = try #require(summary.enums.first { $0.name == "TestEnum" })
        #expect(testEnum.values.map(\.key) == ["Value 1", "Value 2", "Value 3"])
        #expect(testEnum.values.map(\.value) == ["Option 3", "Option 2", "Option 1"])
        #expect(summary.viewModels.map(\.name) == ["VM2", "ViewModel1"])
    }

    @Test("bidirectional_precedence.riv: ToC and header match the worked example (riv-format-and-binding.md §1.2)")
    func bidirectionalHeader() throws {
        let document = try RiveReader.read(try SharedMaterial.asset("bidirectional_precedence.riv"))
        #expect(document.header == RiveHeader(majorVersion: 7, minorVersion: 0, fileID: 29025))
        #expect(document.tableOfContents.map(\.key) == [625, 196, 614, 618, 554, 588, 494, 626, 566, 615, 619, 616, 586, 620, 236, 575, 613, 583, 617, 587, 557])
        #expect(document.tableOfContents[5].fieldID == .bytes)
        #expect(document.tableOfContents[15].fieldID == .float)
        #expect(document.tableOfContents[20].fieldID == .bytes)
        #expect(document.objects.first == RiveObject(typeKey: RiveTypeKey.backboard))
        let summary = RiveFileSummary(document)
        #expect(summary.artboards.map(\.name) == ["source_first", "target_first"])
        #expect(summary.viewModels.first?.instances.first?.values.map(\.value).sorted() == ["250", "250"])
    }
}

/// The import structure (`RiveFileLayout`) of upstream files, checked object by object.
@Suite(.enabled(if: SharedMaterial.hasAssets, Comment(rawValue: SharedMaterial.absentComment)))
struct UpstreamLayoutTests {
    @Test("data_bind_test_cmdq.riv \"Test Transitions\": a view-model condition with its bindable property, bind and comparators")
    func viewModelCondition() throws {
        let document = try RiveReader.read(try SharedMaterial.asset("data_bind_test_cmdq.riv"))
        let layout = RiveFileLayout(document)
        let artboard = try #require(layout.artboards.first { document.objects[$0.objectIndex].string(RivePropertyKey.componentName) == "Test Transitions" })
        #expect(artboard.localObjects.count == 12)
        #expect(artboard.animations.map { $0.keyedObjects.map { $0.keyedProperties.map(\.keyFrames.count) } } == [[[1]], [[1]]])
        let machine = try #require(artboard.stateMachines.first)
        let states = try #require(machine.layers.first?.states)
        #expect(states.map { $0.objectIndex.map { document.objects[$0].typeName } } == ["AnyState", "ExitState", "EntryState", "AnimationState", "AnimationState"])
        let transition = try #require(states[3].transitions.first)
        let condition = try #require(transition.conditions.first)
        #expect(document.objects[condition.objectIndex].typeKey == RiveTypeKey.transitionViewModelCondition)
        #expect(condition.comparators.map { document.objects[$0].typeKey } == [RiveTypeKey.transitionPropertyViewModelComparator, RiveTypeKey.transitionValueTriggerComparator])
        #expect(machine.dataBinds.count == 1)
        #expect(document.objects[machine.dataBinds[0].targetIndex].typeKey == RiveTypeKey.bindablePropertyTrigger)
        #expect(document.objects[machine.dataBinds[0].objectIndex].bytes(RivePropertyKey.dataBindContextSourcePathIds) == [4, 0])
    }

    @Test("rapid_pointer_events.riv: listeners own the actions written after them; view-model values and instances are placed")
    func listeners() throws {
        let document = try RiveReader.read(try SharedMaterial.asset("rapid_pointer_events.riv"))
        let layout = RiveFileLayout(document)
        let machine = try #require(layout.artboards.first?.stateMachines.first)
        #expect(machine.listeners.map { document.objects[$0.objectIndex].string(RivePropertyKey.stateMachineComponentName) } == ["onDown", "onUp"])
        #expect(machine.listeners.map { $0.children.map { document.objects[$0].typeName } } == [["ListenerViewModelChange"], ["ListenerViewModelChange"]])
        #expect(machine.inputs.isEmpty)
        #expect(layout.viewModels.first?.properties.count == 2)
        #expect(layout.instances.first?.values.count == 2)
        #expect(layout.instances.first?.artboard == nil)
        #expect(layout.artboards.first?.localObjects.count == 8)
    }
}

/// The manifest name table (riv-format-and-binding.md §1.8).
struct ManifestTests {
    @Test("global_viewmodels_test.riv: names {0:c2, 1:s2, 2:c1, 3:s1} and single-name paths",
          .enabled(if: SharedMaterial.hasAssets, Comment(rawValue: SharedMaterial.absentComment)))
    func upstreamManifest() throws {
        let manifest = RiveManifest(try RiveReader.read(try SharedMaterial.asset("global_viewmodels_test.riv")))
        #expect(manifest.names == [0: "c2", 1: "s2", 2: "c1", 3: "s1"])
        #expect(manifest.paths == [0: [0], 1: [1], 2: [2], 3: [3]])
    }

    @Test("a manifest parses names, paths and skips unknown sections")
    func sections() throws {
        let names: [UInt8] = [2, 0, 1, 0x61, 7, 2, 0x62, 0x63]          // 2 names: 0 "a", 7 "bc"
        let paths: [UInt8] = [1, 9, 3, 0, 7, 0]                          // 1 path: 9 → [0, 7, 0]
        let contents: [UInt8] = [0, UInt8(names.count)] + names + [5, 2, 0xFF, 0xFF] + [1, UInt8(paths.count)] + paths
        let manifest = try RiveManifest(contents: contents)
        #expect(manifest.names == [0: "a", 7: "bc"])
        #expect(manifest.paths == [9: [0, 7, 0]])
    }

    @Test("a damaged manifest throws instead of looping over a huge count")
    func damaged() {
        // Section 1 claims a path of 2^60 segments in a 12-byte body.
        let body: [UInt8] = [1, 4, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x10, 0]
        #expect(throws: RiveFormatError.self) { try RiveManifest(contents: [1, UInt8(body.count)] + body) }
        #expect(throws: RiveFormatError.self) { try RiveManifest(contents: [0, 9, 1]) }
    }
}
