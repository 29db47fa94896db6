import RiveFormat
import Testing

private typealias T = RiveTypeKey
private typealias P = RivePropertyKey

/// The reader's and writer's errors: code, offset and object path.
struct ReaderErrorTests {
    private func readError(_ bytes: [UInt8]) -> RiveFormatError? {
        do { _ = try RiveReader.read(bytes); return nil } catch { return error }
    }

    @Test("a file that does not start with RIVE")
    func badFingerprint() {
        let error = readError(Array("RIFF".utf8) + [7, 0, 0, 0])
        #expect(error?.code == .badFingerprint)
        #expect(error?.offset == 0)
    }

    @Test("major version 6 is unsupported")
    func unsupportedVersion() {
        let error = readError(Array("RIVE".utf8) + [6, 0, 0, 0])
        #expect(error?.code == .unsupportedVersion)
        #expect(error?.offset == 4)
    }

    @Test("a file cut inside an object's property names the object and the property")
    func truncatedInsideProperty() {
        let error = readError(Array("RIVE".utf8) + [7, 0, 0, 0, 0x17, 0x00, 0x01, 0x07, 0x00, 0x00])
        #expect(error?.code == .truncated)
        #expect(error?.offset == 12)
        #expect(error?.pathDescription == "object #1 (Artboard) › property 7 (width)")
    }

    @Test("a string whose length runs past the end is truncated, not allocated")
    func hugeLength() {
        let error = readError(Array("RIVE".utf8) + [7, 0, 0, 0, 0x17, 0x00, 0x01, 0x04, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F, 0x41])
        #expect(error?.code == .truncated)
        #expect(error?.message.contains("4294967295") == true)
    }

    @Test("a varuint longer than 64 bits")
    func varuintOverflow() {
        let error = readError(Array("RIVE".utf8) + [7, 0, 0] + [UInt8](repeating: 0xFF, count: 12) + [0x01])
        #expect(error?.code == .varuintOverflow)
        #expect(error?.offset == 7)
    }

    @Test("a key in neither the schema nor the ToC is fatal and names the object")
    func unknownProperty() {
        let error = readError(Array("RIVE".utf8) + [7, 0, 0, 0, 0x17, 0x00, 0x01, 0xA8, 0x46, 0x00, 0x00])
        #expect(error?.code == .unknownProperty)
        #expect(error?.offset == 11)
        #expect(error?.pathDescription == "object #1 (Artboard) › property 9000")
    }

    @Test("a uint8 property carrying 300 is out of range")
    func uint8OutOfRange() {
        // Any property the schema declares as uint8, on a concrete type that carries it.
        let key = RiveSchema.propertyDefinitions.first { $0.type == .uint8 }!
        let owner = RiveSchema.typeDefinitions.first { !$0.isAbstract && RiveSchema.type($0.key, hasProperty: key.key) }!
        var bytes: [UInt8] = Array("RIVE".utf8) + [7, 0, 0, 0, 0x17, 0x00]
        bytes += leb(UInt64(owner.key)) + leb(UInt64(key.key)) + [0xAC, 0x02, 0x00]
        let error = readError(bytes)
        #expect(error?.code == .integerOutOfRange)
        #expect(error?.path.last?.contains("property \(key.key)") == true)
    }

    @Test("an object path inside an artboard names the artboard")
    func pathNamesArtboard() {
        let bytes: [UInt8] = Array("RIVE".utf8) + [7, 0, 0, 0, 0x17, 0x00, 0x01, 0x04, 0x01, 0x4D, 0x00, 0x03, 0x0D, 0x00]
        let error = readError(bytes)
        #expect(error?.pathDescription == "artboard \"M\" › object #2 (Shape) › property 13 (x)")
    }

    private func leb(_ value: UInt64) -> [UInt8] { RiveIDList.encode([value]) }
}

/// The writer's ordering, completeness and reference rules (riv-format-and-binding.md §1.6–1.7, §6).
struct WriterRuleTests {
    private static func object(_ type: UInt32, _ properties: [(UInt32, RivePropertyValue)] = []) -> RiveObject {
        RiveObject(typeKey: type, properties: properties.map { RiveProperty(key: $0.0, value: $0.1) })
    }

    private static let viewModel: [RiveObject] = [
        object(T.viewModel, [(P.viewModelComponentName, .string("VM"))]),
        object(T.viewModelPropertyNumber, [(P.viewModelComponentName, .string("n"))]),
    ]

    /// A complete artboard with one state machine whose layer has all three required states.
    private static func artboard(layerStates: [RiveObject]? = nil, inputsAfterLayer: Bool = false) -> [RiveObject] {
        let states = layerStates ?? [object(T.entryState), object(T.anyState), object(T.exitState)]
        let input = object(T.stateMachineTrigger, [(P.stateMachineComponentName, .string("go"))])
        var objects = [
            object(T.artboard, [(P.componentName, .string("Main")), (P.layoutComponentWidth, .float(100)), (P.layoutComponentHeight, .float(100))]),
            object(T.stateMachine, [(P.animationName, .string("SM"))]),
        ]
        if !inputsAfterLayer { objects.append(input) }
        objects.append(object(T.stateMachineLayer, [(P.stateMachineComponentName, .string("Layer"))]))
        objects += states
        if inputsAfterLayer { objects.append(input) }
        return objects
    }

    private func writeError(_ objects: [RiveObject]) -> RiveFormatError? {
        do { _ = try RiveWriter.write(RiveDocument(objects: objects)); return nil } catch { return error }
    }

    @Test("a complete document is accepted")
    func valid() throws {
        let objects = [Self.object(T.backboard)] + Self.viewModel + Self.artboard()
        let bytes = try RiveWriter.write(RiveDocument(objects: objects))
        #expect(try RiveReader.read(bytes).objects == objects)
    }

    @Test("a layer without an exit state is rejected, naming the layer")
    func layerIncomplete() {
        let error = writeError([Self.object(T.backboard)] + Self.artboard(layerStates: [Self.object(T.entryState), Self.object(T.anyState)]))
        #expect(error?.code == .incomplete)
        #expect(error?.pathDescription == "artboard \"Main\" › object #4 (StateMachineLayer)")
        #expect(error?.message.contains("ExitState") == true)
    }

    @Test("an input after a layer is rejected")
    func inputAfterLayer() {
        let error = writeError([Self.object(T.backboard)] + Self.artboard(inputsAfterLayer: true))
        #expect(error?.code == .ordering)
        #expect(error?.pathDescription == "artboard \"Main\" › object #7 (StateMachineTrigger)")
    }

    @Test("a view model after the first artboard is rejected")
    func viewModelAfterArtboard() {
        let error = writeError([Self.object(T.backboard)] + Self.artboard() + Self.viewModel)
        #expect(error?.code == .ordering)
        #expect(error?.pathDescription == "artboard \"Main\" › object #8 (ViewModel)")
    }

    @Test("an artboard before the Backboard is rejected")
    func artboardBeforeBackboard() {
        let error = writeError(Self.artboard() + [Self.object(T.backboard)])
        #expect(error?.code == .ordering)
        #expect(error?.path.last == "object #0 (Artboard)")
    }

    @Test("an artboard before the Backboard is not in the file's layout, as upstream's Artboard::import fails without a Backboard")
    func artboardBeforeBackboardIsDropped() {
        let dropped = RiveDocument(objects: Self.artboard())
        #expect(RiveFileLayout(dropped).artboards.isEmpty)
        let kept = RiveDocument(objects: [Self.object(T.backboard)] + Self.artboard())
        #expect(RiveFileLayout(kept).artboards.count == 1)
    }

    @Test("a view-model instance before the Backboard is not in the file's layout, nor are its values, as upstream's ViewModelInstance::import fails without a Backboard")
    func instanceBeforeBackboardIsDropped() {
        let instance = [Self.object(T.viewModelInstance, [(P.viewModelInstanceViewModelId, .uint(0))]),
                        Self.object(T.viewModelInstanceNumber, [(P.viewModelInstanceValueViewModelPropertyId, .uint(0))])]
        let dropped = RiveFileLayout(RiveDocument(objects: Self.viewModel + instance + [Self.object(T.backboard)]))
        let kept = RiveFileLayout(RiveDocument(objects: [Self.object(T.backboard)] + Self.viewModel + instance))
        #expect(kept.instances.first?.values.count == 1)
        #expect(!kept.instances.isEmpty)
        #expect(dropped.instances.isEmpty)
        #expect(dropped.viewModels.count == kept.viewModels.count)
        #expect(dropped.viewModels.allSatisfy { $0.instances.isEmpty })
    }

    @Test("a DataBind that does not directly follow its target is rejected")
    func dataBindNotAfterTarget() {
        let bind = Self.object(T.dataBindContext, [(P.dataBindPropertyKey, .uint(UInt64(P.nodeX))), (P.dataBindContextSourcePathIds, .bytes([0, 0]))])
        let shape = Self.object(T.shape, [(P.componentName, .string("box"))])
        let fill = Self.object(T.fill)
        let good = [Self.object(T.backboard)] + Self.viewModel + Self.artboard().prefix(1) + [shape, bind, fill]
        #expect(writeError(good) == nil)
        let bad = [Self.object(T.backboard)] + Self.viewModel + Self.artboard().prefix(1) + [shape, fill, bind]
        let error = writeError(bad)
        #expect(error?.code == .invalidReference)
        #expect(error?.pathDescription == "artboard \"Main\" › object #6 (DataBindContext) › property 586 (propertyKey)")
    }

    @Test("a blend mode outside 3 and 14–28 is rejected")
    func blendMode() {
        let shape = Self.object(T.shape, [(P.drawableBlendModeValue, .uint(5))])
        let error = writeError([Self.object(T.backboard)] + Self.artboard().prefix(1) + [shape])
        #expect(error?.code == .invalidValue)
        #expect(error?.pathDescription == "artboard \"Main\" › object #2 (Shape) › property 23 (blendModeValue)")
    }

    @Test("a transition to a state the layer does not have is rejected")
    func transitionTarget() {
        let states = [Self.object(T.entryState), Self.object(T.stateTransition, [(P.stateTransitionStateToId, .uint(7))]), Self.object(T.anyState), Self.object(T.exitState)]
        let error = writeError([Self.object(T.backboard)] + Self.artboard(layerStates: states))
        #expect(error?.code == .invalidReference)
        #expect(error?.pathDescription == "artboard \"Main\" › object #6 (StateTransition) › property 151 (stateToId)")
    }

    @Test("a condition on an input of the wrong kind is rejected")
    func conditionInputKind() {
        let states = [
            Self.object(T.entryState), Self.object(T.stateTransition, [(P.stateTransitionStateToId, .uint(2))]),
            Self.object(T.transitionNumberCondition, [(P.transitionInputConditionInputId, .uint(0))]),
            Self.object(T.anyState), Self.object(T.exitState),
        ]
        let error = writeError([Self.object(T.backboard)] + Self.artboard(layerStates: states))
        #expect(error?.code == .invalidReference)
        #expect(error?.message.contains("StateMachineNumber") == true)
    }

    @Test("an enum property whose enum comes later is rejected")
    func enumOrder() {
        let objects = [
            Self.object(T.backboard),
            Self.object(T.viewModel, [(P.viewModelComponentName, .string("VM"))]),
            Self.object(T.viewModelPropertyEnumCustom, [(P.viewModelComponentName, .string("e")), (P.viewModelPropertyEnumCustomEnumId, .uint(0))]),
            Self.object(T.dataEnumCustom, [(P.dataEnumCustomName, .string("E"))]),
        ]
        let error = writeError(objects)
        #expect(error?.code == .invalidReference)
        #expect(error?.path.last == "property 574 (enumId)")
    }

    @Test("a value of the wrong kind for its key is rejected")
    func valueKindMismatch() {
        let error = writeError([Self.object(T.backboard), Self.object(T.artboard, [(P.layoutComponentWidth, .uint(100))])])
        #expect(error?.code == .valueTypeMismatch)
        #expect(error?.path.last == "property 7 (width)")
    }

    @Test("a keyframe outside an animation is rejected")
    func keyframeOutsideAnimation() {
        let error = writeError([Self.object(T.backboard)] + Self.artboard().prefix(1) + [Self.object(T.keyFrameDouble)])
        #expect(error?.code == .ordering)
    }

    @Test("the error text names code, offset, path and hint")
    func description() {
        let error = RiveFormatError(.truncated, offset: 12, path: ["artboard \"Main\"", "object #3 (Shape)"], message: "cut", hint: "export again")
        #expect(error.description == "error[riv.truncated] at byte 12 in artboard \"Main\" › object #3 (Shape): cut\n  hint: export again")
    }
}
