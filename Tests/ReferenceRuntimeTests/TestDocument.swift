import Foundation
import RiveFormat
import RuntimeAPI
@testable import ReferenceRuntime

private typealias T = RiveTypeKey
private typealias P = RivePropertyKey

/// Builds small in-memory `.riv` documents for unit tests.
struct DocumentBuilder {
    private(set) var objects: [RiveObject] = []

    mutating func add(_ type: UInt32, _ properties: [UInt32: RivePropertyValue] = [:]) {
        objects.append(RiveObject(typeKey: type, properties: properties.sorted { $0.key < $1.key }.map { RiveProperty(key: $0.key, value: $0.value) }))
    }

    /// A DataBindContext on the object just added.
    mutating func bind(_ propertyKey: UInt32, path: [UInt64], flags: UInt64 = 0) {
        add(T.dataBindContext, [P.dataBindPropertyKey: .uint(UInt64(propertyKey)), P.dataBindFlags: .uint(flags), P.dataBindContextSourcePathIds: .bytes(varuints(path))])
    }

    func bytes() throws -> [UInt8] { try RiveWriter.write(RiveDocument(objects: objects)) }
}

func varuints(_ values: [UInt64]) -> [UInt8] { RiveIDList.encode(values) }

/// The unit-test file. View models:
/// - #0 "Child" {volume: number}; instances "c1" (5), "c2" (7)
/// - #1 "Main" {0 title, 1 count, 2 on, 3 tint, 4 mood: enum "Mood", 5 ping: trigger, 6 child: Child,
///   7 other: Child, 8 items: list, 9 pic: image, 10 board: artboard, 11 data: blob, 12 face: font,
///   13 level: number}; instances "Default" and "Second"
/// - #2 "Theme" (global) {accent: color}; instances "Light", "Dark"
/// - #3 "Sizes" (global) {gap: number}; no instances
/// - #4 "Plain" {x: number}; instance "P"
/// Artboard "Main" (view model Main, state machine "Machine"), components: 1 n1 (x ← count),
/// 2 n2 (x ← Sizes.gap by id, y ← "gap" by name), 3 n3 (x → level, target to source, x = 42),
/// 4 n4 (y ↔ other/volume, two-way), 5 t1 (text ← title), 6 n5 (x ← child/volume). "Machine" has a trigger bindable
/// (← ping) and a number bindable (← count). Artboard "Bare": no view model, no state machine.
func makeTestFile() throws -> [UInt8] {
    var b = DocumentBuilder()
    let names = varuints([1, 0, 3]) + Array("gap".utf8)  // names section: 1 entry, id 0 = "gap"
    // RiveFormat's validator rejects a manifest's contents before the Backboard although
    // upstream accepts them there (riv-format-and-binding.md §1.6), so the manifest follows it.
    b.add(T.backboard)
    b.add(T.manifestAsset)
    b.add(T.fileAssetContents, [P.fileAssetContentsBytes: .bytes(varuints([0, UInt64(names.count)]) + names)])
    b.add(T.dataEnumCustom, [P.dataEnumCustomName: .string("Mood")])
    b.add(T.dataEnumValue, [P.dataEnumValueKey: .string("calm")])
    b.add(T.dataEnumValue, [P.dataEnumValueKey: .string("angry")])
    func vm(_ name: String, global: Bool = false) { b.add(T.viewModel, [P.viewModelComponentName: .string(name), P.viewModelViewModelType: .uint(global ? 2 : 0)]) }
    func prop(_ type: UInt32, _ name: String, _ extra: [UInt32: RivePropertyValue] = [:]) {
        b.add(type, extra.merging([P.viewModelComponentName: .string(name)]) { a, _ in a })
    }
    func instance(_ viewModel: UInt64, _ name: String) { b.add(T.viewModelInstance, [P.viewModelInstanceViewModelId: .uint(viewModel), P.componentName: .string(name)]) }
    func value(_ type: UInt32, _ property: UInt64, _ key: UInt32? = nil, _ v: RivePropertyValue? = nil) {
        var properties: [UInt32: RivePropertyValue] = [P.viewModelInstanceValueViewModelPropertyId: .uint(property)]
        if let key, let v { properties[key] = v }
        b.add(type, properties)
    }
    vm("Child")
    prop(T.viewModelPropertyNumber, "volume")
    instance(0, "c1"); value(T.viewModelInstanceNumber, 0, P.viewModelInstanceNumberPropertyValue, .float(5))
    instance(0, "c2"); value(T.viewModelInstanceNumber, 0, P.viewModelInstanceNumberPropertyValue, .float(7))
    vm("Main")
    prop(T.viewModelPropertyString, "title")
    prop(T.viewModelPropertyNumber, "count")
    prop(T.viewModelPropertyBoolean, "on")
    prop(T.viewModelPropertyColor, "tint")
    prop(T.viewModelPropertyEnumCustom, "mood", [P.viewModelPropertyEnumCustomEnumId: .uint(0)])
    prop(T.viewModelPropertyTrigger, "ping")
    prop(T.viewModelPropertyViewModel, "child", [P.viewModelPropertyViewModelViewModelReferenceId: .uint(0)])
    prop(T.viewModelPropertyViewModel, "other", [P.viewModelPropertyViewModelViewModelReferenceId: .uint(0)])
    prop(T.viewModelPropertyList, "items")
    prop(T.viewModelPropertyAssetImage, "pic")
    prop(T.viewModelPropertyArtboard, "board")
    prop(T.viewModelPropertyAssetBlob, "data")
    prop(T.viewModelPropertyAssetFont, "face")
    prop(T.viewModelPropertyNumber, "level")
    instance(1, "Default")
    value(T.viewModelInstanceString, 0, P.viewModelInstanceStringPropertyValue, .string("hello"))
    value(T.viewModelInstanceNumber, 1, P.viewModelInstanceNumberPropertyValue, .float(3))
    value(T.viewModelInstanceBoolean, 2, P.viewModelInstanceBooleanPropertyValue, .bool(true))
    value(T.viewModelInstanceColor, 3, P.viewModelInstanceColorPropertyValue, .color(0xFF11_2233))
    value(T.viewModelInstanceEnum, 4, P.viewModelInstanceEnumPropertyValue, .uint(1))
    value(T.viewModelInstanceTrigger, 5)
    value(T.viewModelInstanceViewModel, 6, P.viewModelInstanceViewModelPropertyValue, .uint(0))
    value(T.viewModelInstanceViewModel, 7, P.viewModelInstanceViewModelPropertyValue, .uint(0))
    value(T.viewModelInstanceList, 8)
    b.add(T.viewModelInstanceListItem, [P.viewModelInstanceListItemViewModelId: .uint(0), P.viewModelInstanceListItemViewModelInstanceId: .uint(1)])
    b.add(T.viewModelInstanceListItem, [P.viewModelInstanceListItemViewModelId: .uint(0), P.viewModelInstanceListItemViewModelInstanceId: .uint(0)])
    value(T.viewModelInstanceAssetImage, 9)
    value(T.viewModelInstanceArtboard, 10)
    value(T.viewModelInstanceAssetBlob, 11)
    value(T.viewModelInstanceAssetFont, 12)
    value(T.viewModelInstanceNumber, 13)
    instance(1, "Second")
    value(T.viewModelInstanceString, 0, P.viewModelInstanceStringPropertyValue, .string("second"))
    value(T.viewModelInstanceViewModel, 6, P.viewModelInstanceViewModelPropertyValue, .uint(0))
    value(T.viewModelInstanceViewModel, 7, P.viewModelInstanceViewModelPropertyValue, .uint(1))
    vm("Theme", global: true)
    prop(T.viewModelPropertyColor, "accent")
    instance(2, "Light"); value(T.viewModelInstanceColor, 0, P.viewModelInstanceColorPropertyValue, .color(0xFFFF_FFFF))
    instance(2, "Dark"); value(T.viewModelInstanceColor, 0, P.viewModelInstanceColorPropertyValue, .color(0xFF00_0000))
    vm("Sizes", global: true)
    prop(T.viewModelPropertyNumber, "gap")
    vm("Plain")
    prop(T.viewModelPropertyNumber, "x")
    instance(4, "P")
    b.add(T.artboard, [P.componentName: .string("Main"), P.artboardViewModelId: .uint(1), P.artboardDefaultStateMachineId: .uint(0)])
    b.add(T.node, [P.componentName: .string("n1")]); b.bind(P.nodeX, path: [1, 1])
    b.add(T.node, [P.componentName: .string("n2")]); b.bind(P.nodeX, path: [3, 0]); b.bind(P.nodeY, path: [0], flags: 16)
    b.add(T.node, [P.componentName: .string("n3"), P.nodeX: .float(42)]); b.bind(P.nodeX, path: [1, 13], flags: 1)
    b.add(T.node, [P.componentName: .string("n4"), P.nodeY: .float(9)]); b.bind(P.nodeY, path: [1, 7, 0], flags: 2)
    b.add(T.textValueRun, [P.componentName: .string("t1"), P.textValueRunText: .string("authored")]); b.bind(P.textValueRunText, path: [1, 0])
    b.add(T.node, [P.componentName: .string("n5")]); b.bind(P.nodeX, path: [1, 6, 0])
    b.add(T.stateMachine, [P.animationName: .string("Machine")])
    b.add(T.bindablePropertyTrigger); b.bind(P.bindablePropertyIntegerPropertyValue, path: [1, 5])
    b.add(T.bindablePropertyNumber); b.bind(P.bindablePropertyNumberPropertyValue, path: [1, 1])
    b.add(T.artboard, [P.componentName: .string("Bare")])
    return try b.bytes()
}

/// Everything a test needs from the unit-test file.
@MainActor
struct Fixture {
    let worker = ReferenceWorker()
    let file: ReferenceFile

    init() throws {
        file = try worker.openFile(.data(try makeTestFile()))
    }

    func instance(_ source: ViewModelInstanceSource) throws -> ReferenceViewModelInstance {
        try file.makeViewModelInstance(source)
    }

    func artboard(_ name: String = "Main") throws -> ReferenceArtboard { try file.makeArtboard(name) }

    /// The current value of a component property of an artboard, by component name.
    func component(_ artboard: ReferenceArtboard, _ name: String, _ property: UInt32) -> RivePropertyValue? {
        artboard.componentID(named: name).flatMap { artboard.componentValue($0, property: property) }
    }

    /// The current value of a state-machine bindable (by its order among the machine's binds).
    func bindable(_ machine: ReferenceStateMachine, bind: Int) -> RivePropertyValue? {
        machine.bindableValue(bind)
    }
}

