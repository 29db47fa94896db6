import RiveFormat
import RuntimeAPI

private typealias T = RiveTypeKey
private typealias P = RivePropertyKey

/// What the reference runtime keeps of a `.riv` file: view models with their authored
/// instances, enums, artboards with their bindable objects and data binds, and the manifest.
///
/// The import structure (which object belongs to which) comes from `RiveFileLayout`, the
/// format module's model of the upstream import stack (riv-format-and-binding.md §1.5); this
/// type only reads values off the objects the layout places.
struct FileModel {
    /// One view-model property.
    struct Property {
        var name: String
        var dataType: DataType
        /// For enum properties: the index into `enums`, when the enum is a collected (custom) one.
        var enumIndex: Int?
        /// For nested view-model properties: the referenced view model's index.
        var referencedViewModel: Int?
    }

    /// A value as authored in a file instance.
    enum AuthoredValue {
        case number(Float), string(String), bool(Bool), color(UInt32), enumIndex(Int), trigger(UInt32)
        /// An instance index within the referenced view model, or `nil` for none.
        case nested(Int?)
        /// List items as (view model index, instance index) pairs.
        case list([(viewModel: Int?, instance: Int?)])
        /// A file asset index, or `nil` for none.
        case asset(Int?)
        /// A backboard artboard index, or `nil` for none.
        case artboard(Int?)
        case listIndex(UInt64)
    }

    /// An instance as authored, sparse: only the values the file carries.
    struct AuthoredInstance {
        var name: String
        var values: [Int: AuthoredValue] = [:]
    }

    /// A view model: its properties in property-id order and its instances in file order.
    struct ViewModel {
        var name: String
        var isGlobal: Bool
        var properties: [Property] = []
        var instances: [AuthoredInstance] = []

        /// The id of the first property with this name.
        func propertyID(named name: String) -> Int? { properties.firstIndex { $0.name == name } }
    }

    /// A collected enum: its name and value keys.
    struct DataEnum {
        var name: String
        var keys: [String] = []
        /// What upstream's `DataEnum::value(index)` gives: each value's display text, or its key
        /// when the text is empty (what an enum bound to a solo selects by name).
        var names: [String] = []
    }

    /// Where a data bind reads its source.
    enum SourcePath: Equatable {
        /// `[viewModelIndex, propertyId, nestedPropertyId…]`.
        case ids([Int])
        /// Property names, resolved through the manifest; the last is the property.
        case names([String])
    }

    /// One data bind with a view-model source (a DataBindContext).
    struct Bind {
        /// The target: an artboard-local id for artboard binds, a document object index for
        /// state-machine binds.
        var target: Int
        var propertyKey: UInt32
        var flags: UInt64
        var source: SourcePath
        /// The converter the bind applies, if it names one.
        var converter: DataConverter? = nil
    }

    /// A state machine and the binds that feed its conditions.
    struct StateMachine {
        var name: String
        var binds: [Bind] = []
    }

    /// An artboard, its local object table and its component binds.
    struct Artboard {
        var name: String
        var viewModel: Int?
        var defaultStateMachine: Int?
        /// Artboard-local ids → document object index; `nil` for a placeholder.
        var localObjects: [Int?]
        var binds: [Bind] = []
        var stateMachines: [StateMachine] = []
    }

    let document: RiveDocument
    /// Where each object belongs (artboards, animations, state machines, binds).
    let layout: RiveFileLayout
    private(set) var viewModels: [ViewModel] = []
    private(set) var enums: [DataEnum] = []
    private(set) var artboards: [Artboard] = []
    /// Data binds the model does not apply, with the reason, for reports.
    private(set) var unappliedBinds: [String] = []
    /// The file's data converters in file order, as `DataBind.converterId` indexes them.
    private(set) var converters: [DataConverter] = []

    /// The name table that name-based binds resolve through.
    private let manifest: RiveManifest

    /// The index of the first view model with this name.
    func viewModelIndex(named name: String) -> Int? { viewModels.firstIndex { $0.name == name } }

    /// Builds the model of a document.
    init(_ document: RiveDocument) {
        self.document = document
        layout = RiveFileLayout(document)
        manifest = RiveManifest(document)
        converters = DataConverter.converters(of: document)
        readEnums()
        readViewModels()
        readArtboards()
        resolveNameBasedPaths()
    }

    // MARK: Reading the layout

    private mutating func readEnums() {
        enums = layout.enums.map { entry in
            DataEnum(name: document.objects[entry.objectIndex].string(P.dataEnumCustomName) ?? "",
                     keys: entry.values.map { document.objects[$0].string(P.dataEnumValueKey) ?? "" },
                     names: entry.values.map { value in
                         let text = document.objects[value].string(P.dataEnumValueValue) ?? ""
                         return text.isEmpty ? document.objects[value].string(P.dataEnumValueKey) ?? "" : text
                     })
        }
    }

    private mutating func readViewModels() {
        for entry in layout.viewModels {
            let object = document.objects[entry.objectIndex]
            var viewModel = ViewModel(name: object.string(P.viewModelComponentName) ?? "", isGlobal: object.uint(P.viewModelViewModelType) == 2)
            viewModel.properties = entry.properties.map { property(document.objects[$0]) }
            viewModels.append(viewModel)
        }
        for (index, entry) in layout.viewModels.enumerated() {
            viewModels[index].instances = entry.instances.map { authoredInstance(layout.instances[$0]) }
        }
    }

    private func property(_ object: RiveObject) -> Property {
        var property = Property(name: object.string(P.viewModelComponentName) ?? "", dataType: FileModel.dataType(ofProperty: object.typeKey))
        if object.typeKey == T.viewModelPropertyEnumCustom, let enumIndex = object.index(P.viewModelPropertyEnumCustomEnumId),
           enums.indices.contains(enumIndex) {
            property.enumIndex = enumIndex
        }
        if object.typeKey == T.viewModelPropertyViewModel {
            property.referencedViewModel = object.index(P.viewModelPropertyViewModelViewModelReferenceId)
        }
        return property
    }

    private func authoredInstance(_ entry: RiveFileLayout.Instance) -> AuthoredInstance {
        var instance = AuthoredInstance(name: document.objects[entry.objectIndex].string(P.componentName) ?? "")
        for value in entry.values {
            let object = document.objects[value.objectIndex]
            let property = Int(min(object.uint(P.viewModelInstanceValueViewModelPropertyId) ?? 0, UInt64(Int32.max)))
            instance.values[property] = authoredValue(object, listItems: value.listItems)
        }
        return instance
    }

    private func authoredValue(_ object: RiveObject, listItems: [Int]) -> AuthoredValue? {
        switch object.typeKey {
        case T.viewModelInstanceNumber: .number(object.float(P.viewModelInstanceNumberPropertyValue) ?? 0)
        case T.viewModelInstanceString: .string(object.string(P.viewModelInstanceStringPropertyValue) ?? "")
        case T.viewModelInstanceBoolean: .bool(object.bool(P.viewModelInstanceBooleanPropertyValue) ?? false)
        case T.viewModelInstanceColor: .color(object.color(P.viewModelInstanceColorPropertyValue) ?? 0xFF00_0000)
        case T.viewModelInstanceEnum: .enumIndex(Int(min(object.uint(P.viewModelInstanceEnumPropertyValue) ?? 0, UInt64(Int32.max))))
        case T.viewModelInstanceTrigger: .trigger(UInt32(truncatingIfNeeded: object.uint(P.viewModelInstanceTriggerPropertyValue) ?? 0))
        case T.viewModelInstanceViewModel: .nested(object.index(P.viewModelInstanceViewModelPropertyValue))
        case T.viewModelInstanceList:
            .list(listItems.map { item in
                (document.objects[item].index(P.viewModelInstanceListItemViewModelId),
                 document.objects[item].index(P.viewModelInstanceListItemViewModelInstanceId))
            })
        case T.viewModelInstanceArtboard: .artboard(object.index(P.viewModelInstanceArtboardPropertyValue))
        case T.viewModelInstanceSymbolListIndex: .listIndex(object.uint(P.viewModelInstanceSymbolListIndexPropertyValue) ?? 0)
        default: object.isType(T.viewModelInstanceAsset) ? .asset(object.index(P.viewModelInstanceAssetPropertyValue)) : nil
        }
    }

    private mutating func readArtboards() {
        for entry in layout.artboards {
            let object = document.objects[entry.objectIndex]
            var artboard = Artboard(
                name: object.string(P.componentName) ?? "", viewModel: object.index(P.artboardViewModelId),
                defaultStateMachine: object.index(P.artboardDefaultStateMachineId), localObjects: entry.localObjects)
            for dataBind in entry.dataBinds {
                guard let local = entry.localObjects.lastIndex(of: dataBind.targetIndex) else { continue }
                if let bind = bind(dataBind, target: local, in: artboard.name) { artboard.binds.append(bind) }
            }
            for machine in entry.stateMachines {
                var stateMachine = StateMachine(name: document.objects[machine.objectIndex].string(P.animationName) ?? "")
                for dataBind in machine.dataBinds {
                    if let bind = bind(dataBind, target: dataBind.targetIndex, in: artboard.name) { stateMachine.binds.append(bind) }
                }
                artboard.stateMachines.append(stateMachine)
            }
            if entry.animations.isEmpty, entry.stateMachines.isEmpty {
                artboard.stateMachines.append(StateMachine(name: StateMachineDefinition.autoGeneratedName))
            }
            artboards.append(artboard)
        }
    }

    /// The bind of a DataBindContext with its converter, or `nil` (recorded in
    /// `unappliedBinds`) when it goes through a converter the reference runtime cannot run.
    /// A converter id past the file's converters is no converter, as upstream.
    private mutating func bind(_ dataBind: RiveFileLayout.DataBind, target: Int, in artboard: String) -> Bind? {
        let object = document.objects[dataBind.objectIndex]
        guard object.typeKey == T.dataBindContext else { return nil }
        var converter: DataConverter?
        if let id = object.index(P.dataBindConverterId), converters.indices.contains(id) {
            if let unsupported = converters[id].unsupportedPart {
                unappliedBinds.append("artboard \"\(artboard)\": a bind on \(document.objects[dataBind.targetIndex].typeName) uses converter #\(id), \(unsupported), which the reference runtime does not run")
                return nil
            }
            converter = converters[id]
        }
        let ids = RiveIDList.decode(object.bytes(P.dataBindContextSourcePathIds) ?? []) ?? []
        return Bind(target: target, propertyKey: UInt32(truncatingIfNeeded: object.uint(P.dataBindPropertyKey) ?? 0),
                    flags: object.uint(P.dataBindFlags) ?? 0, source: .ids(ids.map { Int(min($0, UInt64(Int32.max))) }),
                    converter: converter)
    }

    /// Turns the name-id paths of name-based binds into names, through the manifest.
    private mutating func resolveNameBasedPaths() {
        func names(_ source: SourcePath) -> SourcePath {
            guard case .ids(let ids) = source else { return source }
            var path = ids.map { UInt64($0) }
            if let first = path.first, let expanded = manifest.paths[first] { path = expanded }
            return .names(path.map { manifest.names[$0] ?? "" })
        }
        for a in artboards.indices {
            for b in artboards[a].binds.indices where artboards[a].binds[b].flags & DataBindFlags.nameBased != 0 {
                artboards[a].binds[b].source = names(artboards[a].binds[b].source)
            }
            for m in artboards[a].stateMachines.indices {
                for b in artboards[a].stateMachines[m].binds.indices where artboards[a].stateMachines[m].binds[b].flags & DataBindFlags.nameBased != 0 {
                    artboards[a].stateMachines[m].binds[b].source = names(artboards[a].stateMachines[m].binds[b].source)
                }
            }
        }
    }

    // MARK: Helpers

    /// The API data type of a view-model property type key.
    static func dataType(ofProperty typeKey: UInt32) -> DataType {
        switch typeKey {
        case T.viewModelPropertyNumber: .number
        case T.viewModelPropertyString: .string
        case T.viewModelPropertyBoolean: .boolean
        case T.viewModelPropertyColor: .color
        case T.viewModelPropertyEnum, T.viewModelPropertyEnumCustom, T.viewModelPropertyEnumSystem: .enumType
        case T.viewModelPropertyTrigger: .trigger
        case T.viewModelPropertyViewModel: .viewModel
        case T.viewModelPropertyList: .list
        case T.viewModelPropertyAssetImage: .assetImage
        case T.viewModelPropertyAssetFont: .assetFont
        case T.viewModelPropertyAssetBlob: .assetBlob
        case T.viewModelPropertyArtboard: .artboard
        case T.viewModelPropertySymbolListIndex: .symbolListIndex
        default: .none
        }
    }

}

/// The bits of `DataBind.flags` (riv-format-and-binding.md §3.5).
enum DataBindFlags {
    /// The main direction is target → source.
    static let toSource: UInt64 = 1
    /// Both directions.
    static let twoWay: UInt64 = 2
    /// Applied when bound only; later source changes are not followed.
    static let once: UInt64 = 4
    /// Within one update, source → target runs before target → source.
    static let sourceToTargetRunsFirst: UInt64 = 8
    /// The path holds name ids resolved through the manifest.
    static let nameBased: UInt64 = 16
}

