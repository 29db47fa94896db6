private typealias T = RiveTypeKey
private typealias P = RivePropertyKey

/// Walks a document the way the upstream importer does, building the summary and collecting
/// every rule the objects break.
///
/// The importer keeps "the latest object of each kind" and attaches each new object to the
/// latest one that owns it. Unknown objects become placeholders in the newest scope that keeps
/// an index space (artboard objects, state-machine inputs, layer states) so ids stay aligned.
struct RiveStructureWalker {
    private enum PlaceholderScope { case artboard, stateMachine, layer, keyedProperty }

    private struct RawInstance {
        var name: String
        var viewModelIndex: Int
        var isEmbedded: Bool
        var values: [(objectIndex: Int, listItems: [(viewModel: Int?, instance: Int?)])] = []
    }

    private struct RawStateMachine {
        var summary: RiveFileSummary.StateMachine
        var inputTypeKeys: [UInt32?] = []
    }

    private let document: RiveDocument
    private(set) var violations: [RiveFormatError] = []

    private var artboards: [RiveFileSummary.Artboard] = []
    private var artboardRawDefaults: [(stateMachine: Int?, viewModel: Int?)] = []
    private(set) var layout = RiveFileLayout()
    private var stateMachines: [[RawStateMachine]] = []
    private var viewModels: [RiveFileSummary.ViewModel] = []
    private var viewModelPropertyObjects: [[Int]] = []
    private var instances: [RawInstance] = []
    private var enums: [RiveFileSummary.DataEnum] = []
    private var assets: [RiveFileSummary.Asset] = []

    private var scopeRecency: [PlaceholderScope] = []
    private var backboardCount = 0
    /// Whether the latest ViewModelInstance came before the Backboard (and so is not in the file).
    private var latestInstanceDropped = false
    private var latestAnimation: (artboard: Int, animation: Int)?
    private var hasLatestKeyedObject = false
    private var hasLatestKeyedProperty = false
    private var latestBindableProperty: Int?
    private var hasLatestState = false
    private var hasLatestTransition = false
    private var latestLayerStateToIds: [(objectIndex: Int, target: Int)] = []
    private var latestLayerObjectIndex: Int?
    /// The state machine that inputs, layers and listeners attach to: it stays the latest even
    /// after a new artboard starts, as the importer's entry does.
    private var latestMachine: (artboard: Int, machine: Int)?
    private var latestEnumIsCollected = false
    private var latestAssetIndex: Int?
    private var latestAssetIsManifest = false
    private var latestInstanceListValue = false
    private var lastBindTarget: Int?

    /// What the walk asks about each type key, by key.
    private let traitsByKey = TypeTraits.byKey

    init(_ document: RiveDocument) {
        self.document = document
        for index in document.objects.indices { visit(index) }
        finishLayer()
    }

    /// What the walk needs to know about a type key, decided once per key from its lineage
    /// (`visit` would otherwise ask about twenty-five `isType` questions per object).
    private struct TypeTraits {
        /// The branch of `visit` an object of the type takes: the first of its `isType` tests
        /// that holds, in their order there.
        enum Role: UInt8 {
            case keyedObject, keyedProperty, keyFrame, bindableProperty, transitionComparator, listenerChild, input
            case layer, state, transition, condition, listener, viewModel, viewModelProperty, viewModelInstance
            case viewModelInstanceValue, viewModelInstanceListItem, dataEnum, dataEnumValue, fileAsset, other
        }

        let role: Role
        let isKnownConcrete: Bool
        let isDataBind: Bool
        let isDrawable: Bool
        /// A component or a keyframe interpolator: an artboard-local object.
        let isArtboardLocal: Bool
        /// A view model, view-model property, enum, enum value or converter: before the first artboard.
        let isFileLevel: Bool
        let isInstanceList: Bool

        init(_ typeKey: UInt32) {
            func isType(_ ancestor: UInt32) -> Bool { RiveSchema.isType(typeKey, a: ancestor) }
            let roles: [(UInt32, Role)] = [
                (T.keyedObject, .keyedObject), (T.keyedProperty, .keyedProperty), (T.keyFrame, .keyFrame),
                (T.bindableProperty, .bindableProperty), (T.transitionComparator, .transitionComparator),
                (T.listenerAction, .listenerChild), (T.listenerInputType, .listenerChild), (T.stateMachineInput, .input),
                (T.stateMachineLayer, .layer), (T.layerState, .state), (T.stateTransition, .transition),
                (T.transitionCondition, .condition), (T.stateMachineListener, .listener), (T.viewModel, .viewModel),
                (T.viewModelProperty, .viewModelProperty), (T.viewModelInstance, .viewModelInstance),
                (T.viewModelInstanceValue, .viewModelInstanceValue), (T.viewModelInstanceListItem, .viewModelInstanceListItem),
                (T.dataEnum, .dataEnum), (T.dataEnumValue, .dataEnumValue), (T.fileAsset, .fileAsset),
            ]
            role = roles.first { isType($0.0) }?.1 ?? .other
            isKnownConcrete = RiveSchema.isKnownConcreteType(typeKey)
            isDataBind = isType(T.dataBind)
            isDrawable = isType(T.drawable)
            isArtboardLocal = isType(T.component) || isType(T.keyFrameInterpolator)
            isFileLevel = isType(T.viewModel) || isType(T.viewModelProperty) || isType(T.dataEnum) || isType(T.dataEnumValue) || isType(T.dataConverter)
            isInstanceList = isType(T.viewModelInstanceList)
        }

        /// The traits of every type key up to the largest the schema knows.
        static let byKey: [TypeTraits] = (0...(RiveSchema.typeDefinitions.map(\.key).max() ?? 0)).map { TypeTraits($0) }
    }

    /// The traits of a type key (computed for keys beyond the table).
    private func traits(_ typeKey: UInt32) -> TypeTraits {
        Int(typeKey) < traitsByKey.count ? traitsByKey[Int(typeKey)] : TypeTraits(typeKey)
    }

    // MARK: Results

    /// The summary, with instance values rendered against the complete lists.
    var summary: RiveFileSummary {
        var viewModels = self.viewModels
        for (viewModel, propertyObjects) in viewModelPropertyObjects.enumerated() {
            for (property, objectIndex) in propertyObjects.enumerated()
            where document.objects[objectIndex].isType(T.viewModelPropertyViewModel) {
                let referenced = document.objects[objectIndex].index(P.viewModelPropertyViewModelViewModelReferenceId)
                viewModels[viewModel].properties[property].viewModelName =
                    referenced.flatMap { viewModels.indices.contains($0) ? viewModels[$0].name : nil }
            }
        }
        for instance in instances where viewModels.indices.contains(instance.viewModelIndex) {
            let values = instance.values.map { render(objectIndex: $0.objectIndex, listItems: $0.listItems, viewModelIndex: instance.viewModelIndex) }
            viewModels[instance.viewModelIndex].instances.append(
                RiveFileSummary.Instance(name: instance.name, isEmbedded: instance.isEmbedded, values: values))
        }
        var artboards = self.artboards
        for index in artboards.indices {
            let defaults = artboardRawDefaults[index]
            artboards[index].stateMachines = stateMachines[index].map(\.summary)
            if let sm = defaults.stateMachine, stateMachines[index].indices.contains(sm) {
                artboards[index].defaultStateMachine = stateMachines[index][sm].summary.name
            }
            if let vm = defaults.viewModel, viewModels.indices.contains(vm) {
                artboards[index].viewModel = viewModels[vm].name
            }
            artboards[index].objectCount = layout.artboards[index].localObjects.count
        }
        return RiveFileSummary(artboards: artboards, viewModels: viewModels, enums: enums, assets: assets)
    }

    // MARK: Walking

    private func path(_ index: Int, property: UInt32? = nil) -> [String] {
        var path: [String] = []
        if let artboard = artboards.last, document.objects[index].typeKey != T.artboard {
            path.append("artboard \"\(artboard.name)\"")
        }
        path.append("object #\(index) (\(document.objects[index].typeName))")
        if let property {
            path.append("property \(property)" + (RiveSchema.property(property).map { " (\($0.name))" } ?? ""))
        }
        return path
    }

    private mutating func violate(_ code: RiveFormatError.Code, _ index: Int, property: UInt32? = nil, _ message: String, hint: String) {
        violations.append(RiveFormatError(code, offset: document.objects[index].sourceOffset, path: path(index, property: property), message: message, hint: hint))
    }

    private mutating func makeLatest(_ scope: PlaceholderScope) {
        scopeRecency.removeAll { $0 == scope }
        scopeRecency.append(scope)
    }

    private mutating func visit(_ index: Int) {
        let object = document.objects[index]
        let traits = traits(object.typeKey)
        let isDataBind = traits.isDataBind
        defer { if !isDataBind { lastBindTarget = traits.isKnownConcrete ? index : nil } }
        guard traits.isKnownConcrete else {
            placeholder(index)
            return
        }
        if object.typeKey == T.backboard {
            backboardCount += 1
            if backboardCount > 1 { violate(.ordering, index, "a file has exactly one Backboard; this is a second one", hint: "remove the extra Backboard") }
            return
        }
        let belongsToManifest = object.typeKey == T.manifestAsset || (object.typeKey == T.fileAssetContents && latestAssetIsManifest)
        if !belongsToManifest, backboardCount == 0 {
            violate(.ordering, index, "objects must follow the Backboard (only a ManifestAsset and its contents may come before it)", hint: "write the Backboard first")
        }
        if traits.isFileLevel { checkFileLevelOrdering(object, index) }
        if traits.isDrawable, let blend = object.uint(P.drawableBlendModeValue), !(blend == 3 || (14...28).contains(blend)) {
            violate(.invalidValue, index, property: P.drawableBlendModeValue, "blend mode \(blend) is not one the runtime accepts (3 or 14–28)", hint: "use 3 (srcOver) or a blend mode from 14 to 28")
        }
        if isDataBind { visitDataBind(object, index) }
        if traits.isArtboardLocal, !artboards.isEmpty {
            layout.artboards[artboards.count - 1].localObjects.append(index)
        }
        switch object.typeKey {
        case T.artboard: visitArtboard(object, index)
        case T.linearAnimation: visitAnimation(object, index)
        case T.stateMachine: visitStateMachine(object, index)
        default: break
        }
        switch traits.role {
        case .keyedObject:
            if let (artboard, animation) = latestAnimation {
                layout.artboards[artboard].animations[animation].keyedObjects.append(RiveFileLayout.KeyedObject(objectIndex: index))
                hasLatestKeyedObject = true
                hasLatestKeyedProperty = false
            } else {
                violate(.ordering, index, "a KeyedObject must follow a LinearAnimation", hint: "write keyed objects after their animation")
            }
        case .keyedProperty:
            if let (artboard, animation) = latestAnimation, hasLatestKeyedObject {
                let keyedObject = layout.artboards[artboard].animations[animation].keyedObjects.count - 1
                layout.artboards[artboard].animations[animation].keyedObjects[keyedObject].keyedProperties.append(RiveFileLayout.KeyedProperty(objectIndex: index))
                hasLatestKeyedProperty = true
                makeLatest(.keyedProperty)
            } else {
                violate(.ordering, index, "a KeyedProperty must follow a KeyedObject inside a LinearAnimation", hint: "write keyed properties after their keyed object")
            }
        case .keyFrame:
            if let (artboard, animation) = latestAnimation, hasLatestKeyedProperty {
                let keyedObject = layout.artboards[artboard].animations[animation].keyedObjects.count - 1
                let keyedProperty = layout.artboards[artboard].animations[animation].keyedObjects[keyedObject].keyedProperties.count - 1
                layout.artboards[artboard].animations[animation].keyedObjects[keyedObject].keyedProperties[keyedProperty].keyFrames.append(index)
            } else {
                violate(.ordering, index, "a keyframe must follow a KeyedProperty", hint: "write keyframes after their keyed property")
            }
        case .bindableProperty:
            latestBindableProperty = index
        case .transitionComparator:
            visitComparator(object, index)
        case .listenerChild:
            visitListenerChild(object, index)
        case .input:
            visitInput(object, index)
        case .layer:
            visitLayer(object, index)
        case .state:
            visitState(object, index)
        case .transition:
            visitTransition(object, index)
        case .condition:
            visitCondition(object, index)
        case .listener:
            visitListener(object, index)
        case .viewModel:
            viewModels.append(RiveFileSummary.ViewModel(
                name: object.string(P.viewModelComponentName) ?? "", isGlobal: object.uint(P.viewModelViewModelType) == 2,
                properties: [], instances: []))
            viewModelPropertyObjects.append([])
            layout.viewModels.append(RiveFileLayout.ViewModel(objectIndex: index))
        case .viewModelProperty:
            visitViewModelProperty(object, index)
        case .viewModelInstance:
            visitInstance(object, index)
        case .viewModelInstanceValue:
            if latestInstanceDropped {
                // Its instance is not in the file, and upstream has no instance importer for it.
            } else if instances.isEmpty { violate(.ordering, index, "a view-model value must follow its ViewModelInstance", hint: "write values right after their instance") }
            else {
                instances[instances.count - 1].values.append((index, []))
                layout.instances[layout.instances.count - 1].values.append(RiveFileLayout.InstanceValue(objectIndex: index))
            }
            latestInstanceListValue = traits.isInstanceList
        case .viewModelInstanceListItem:
            if latestInstanceDropped {
                // Its value's instance is not in the file.
            } else if !latestInstanceListValue || instances.isEmpty || instances[instances.count - 1].values.isEmpty {
                violate(.ordering, index, "a list item must follow a ViewModelInstanceList value", hint: "write list items right after their list value")
            } else {
                let item = (object.index(P.viewModelInstanceListItemViewModelId), object.index(P.viewModelInstanceListItemViewModelInstanceId))
                let last = instances.count - 1
                instances[last].values[instances[last].values.count - 1].listItems.append(item)
                layout.instances[last].values[layout.instances[last].values.count - 1].listItems.append(index)
            }
        case .dataEnum:
            latestEnumIsCollected = object.typeKey != T.dataEnumSystem
            if latestEnumIsCollected {
                enums.append(RiveFileSummary.DataEnum(name: object.string(P.dataEnumCustomName) ?? "", values: []))
                layout.enums.append(RiveFileLayout.DataEnum(objectIndex: index))
            }
        case .dataEnumValue:
            if enums.isEmpty || !latestEnumIsCollected { violate(.ordering, index, "an enum value must follow its enum", hint: "write enum values right after their DataEnumCustom") }
            else {
                enums[enums.count - 1].values.append(RiveFileSummary.EnumValue(key: object.string(P.dataEnumValueKey) ?? "", value: object.string(P.dataEnumValueValue) ?? ""))
                layout.enums[layout.enums.count - 1].values.append(index)
            }
        case .fileAsset:
            latestAssetIsManifest = object.typeKey == T.manifestAsset
            if latestAssetIsManifest { latestAssetIndex = nil }
            else {
                assets.append(RiveFileSummary.Asset(type: object.typeName, name: object.string(P.assetName) ?? "", contentBytes: 0))
                layout.assets.append(index)
                latestAssetIndex = assets.count - 1
            }
        case .other:
            if object.typeKey == T.fileAssetContents, let asset = latestAssetIndex {
                assets[asset].contentBytes += object.bytes(P.fileAssetContentsBytes)?.count ?? 0
            }
        }
    }

    private mutating func placeholder(_ index: Int) {
        switch scopeRecency.last {
        case .artboard?:
            let artboard = artboards.count - 1
            layout.artboards[artboard].unknownTypeKeys[layout.artboards[artboard].localObjects.count] = document.objects[index].typeKey
            layout.artboards[artboard].localObjects.append(nil)
        case .stateMachine?:
            let typeName = document.objects[index].typeName
            withLatestStateMachine {
                $0.summary.inputs.append(RiveFileSummary.Input(name: "", type: typeName, defaultValue: nil))
                $0.inputTypeKeys.append(nil)
            }
            withLatestLayout { $0.inputs.append(nil) }
        case .layer?:
            if appendState(RiveFileSummary.State(kind: document.objects[index].typeName, animation: nil, transitionsTo: [])) {
                withLatestLayout { if let last = $0.layers.indices.last { $0.layers[last].states.append(RiveFileLayout.State(objectIndex: nil)) } }
            }
        case .keyedProperty?, nil: break
        }
    }

    /// Reports a file-level object (view model, enum, converter) that comes after an artboard.
    private mutating func checkFileLevelOrdering(_ object: RiveObject, _ index: Int) {
        if !artboards.isEmpty {
            violate(.ordering, index, "\(object.typeName) must come before the first artboard", hint: "write view models, enums and converters between the Backboard and the first Artboard")
        }
    }

    private mutating func visitDataBind(_ object: RiveObject, _ index: Int) {
        guard let target = lastBindTarget else {
            violate(.ordering, index, "a DataBind binds the object just before it, but there is none", hint: "write each DataBind directly after the object whose property it binds")
            return
        }
        let key = UInt32(truncatingIfNeeded: object.uint(P.dataBindPropertyKey) ?? 0)
        let targetObject = document.objects[target]
        if key != 0, RiveSchema.property(key) != nil, !RiveSchema.type(targetObject.typeKey, hasProperty: key) {
            violate(.invalidReference, index, property: P.dataBindPropertyKey,
                    "binds property \(key) (\(RiveSchema.property(key)!.name)), which \(targetObject.typeName) (object #\(target)) does not have",
                    hint: "write each DataBind directly after the object whose property it binds, with no other object between")
        }
        let bind = RiveFileLayout.DataBind(objectIndex: index, targetIndex: target)
        if targetObject.isType(T.bindableProperty) || targetObject.isType(T.transitionPropertyViewModelComparator) || targetObject.isType(T.stateTransition) {
            withLatestStateMachine { $0.summary.dataBindCount += 1 }
            withLatestLayout { $0.dataBinds.append(bind) }
        } else if !artboards.isEmpty, targetObject.isType(T.component) || targetObject.typeKey == T.artboard {
            layout.artboards[artboards.count - 1].dataBinds.append(bind)
        }
    }

    private mutating func visitArtboard(_ object: RiveObject, _ index: Int) {
        finishLayer()
        // Upstream's Artboard::import fails without a Backboard importer on the stack, so an
        // artboard before the Backboard is not in the file, nor is what follows it until an
        // artboard that is (the ordering violation is already recorded).
        guard backboardCount > 0 else { return }
        artboards.append(RiveFileSummary.Artboard(
            name: object.string(P.componentName) ?? "", width: object.float(P.layoutComponentWidth) ?? 0,
            height: object.float(P.layoutComponentHeight) ?? 0, defaultStateMachine: nil, viewModel: nil,
            objectCount: 0, animations: [], stateMachines: []))
        artboardRawDefaults.append((object.index(P.artboardDefaultStateMachineId), object.index(P.artboardViewModelId)))
        layout.artboards.append(RiveFileLayout.Artboard(objectIndex: index, localObjects: [index]))
        stateMachines.append([])
        makeLatest(.artboard)
        if let viewModel = object.index(P.artboardViewModelId), viewModel >= viewModels.count {
            violate(.invalidReference, index, property: P.artboardViewModelId, "view model index \(viewModel) does not exist (the file has \(viewModels.count))", hint: "point viewModelId at a view model written before the artboard")
        }
    }

    private mutating func visitAnimation(_ object: RiveObject, _ index: Int) {
        guard !artboards.isEmpty else {
            violate(.ordering, index, "a LinearAnimation must belong to an artboard", hint: "write animations after their artboard")
            return
        }
        let loop = object.uint(P.linearAnimationLoopValue) ?? 0
        artboards[artboards.count - 1].animations.append(RiveFileSummary.Animation(
            name: object.string(P.animationName) ?? "", fps: object.uint(P.linearAnimationFps) ?? 60,
            duration: object.uint(P.linearAnimationDuration) ?? 60,
            loop: ["oneShot", "loop", "pingPong"].indices.contains(Int(min(loop, 3))) ? ["oneShot", "loop", "pingPong"][Int(loop)] : String(loop)))
        layout.artboards[artboards.count - 1].animations.append(RiveFileLayout.Animation(objectIndex: index))
        latestAnimation = (artboards.count - 1, layout.artboards[artboards.count - 1].animations.count - 1)
        hasLatestKeyedObject = false
        hasLatestKeyedProperty = false
    }

    private mutating func visitStateMachine(_ object: RiveObject, _ index: Int) {
        guard !artboards.isEmpty else {
            violate(.ordering, index, "a StateMachine must belong to an artboard", hint: "write state machines after their artboard")
            return
        }
        finishLayer()
        stateMachines[artboards.count - 1].append(RawStateMachine(summary: RiveFileSummary.StateMachine(
            name: object.string(P.animationName) ?? "", inputs: [], layers: [], listeners: [], dataBindCount: 0)))
        layout.artboards[artboards.count - 1].stateMachines.append(RiveFileLayout.StateMachine(objectIndex: index))
        latestMachine = (artboards.count - 1, stateMachines[artboards.count - 1].count - 1)
        latestListener = false
        hasLatestState = false
        hasLatestTransition = false
        makeLatest(.stateMachine)
    }

    private var hasLatestStateMachine: Bool { latestMachine != nil }
    private var latestListener = false

    private mutating func visitComparator(_ object: RiveObject, _ index: Int) {
        var attached = false
        withLatestTransition {
            guard let condition = $0.conditions.indices.last else { return }
            $0.conditions[condition].comparators.append(index)
            attached = true
        }
        if !attached || !hasLatestTransition {
            violate(.ordering, index, "a comparator must follow its TransitionViewModelCondition", hint: "write the left and right comparators right after their condition")
        }
        if object.isType(T.transitionPropertyViewModelComparator) && latestBindableProperty == nil {
            violate(.ordering, index, "a view-model comparator claims the BindableProperty before it, but there is none", hint: "write a BindableProperty and its DataBind before the comparator")
        }
    }

    private mutating func visitListenerChild(_ object: RiveObject, _ index: Int) {
        if latestListener {
            withLatestLayout { if let last = $0.listeners.indices.last { $0.listeners[last].children.append(index) } }
        } else if object.isType(T.listenerAction), hasLatestState {
            // Actions before any listener belong to the latest state (actions run on entry or exit).
            return
        } else {
            violate(.ordering, index, "\(object.typeName) must follow the listener (or, for an action, the state) it belongs to", hint: "write listener actions right after their listener")
        }
    }

    private mutating func withLatestStateMachine(_ body: (inout RawStateMachine) -> Void) {
        guard let (artboard, machine) = latestMachine else { return }
        body(&stateMachines[artboard][machine])
    }

    private mutating func withLatestLayout(_ body: (inout RiveFileLayout.StateMachine) -> Void) {
        guard let (artboard, machine) = latestMachine else { return }
        body(&layout.artboards[artboard].stateMachines[machine])
    }

    private mutating func withLatestState(_ body: (inout RiveFileLayout.State) -> Void) {
        withLatestLayout {
            guard let layer = $0.layers.indices.last, let state = $0.layers[layer].states.indices.last else { return }
            body(&$0.layers[layer].states[state])
        }
    }

    private mutating func withLatestTransition(_ body: (inout RiveFileLayout.Transition) -> Void) {
        withLatestState {
            guard let transition = $0.transitions.indices.last else { return }
            body(&$0.transitions[transition])
        }
    }

    private mutating func visitInput(_ object: RiveObject, _ index: Int) {
        guard hasLatestStateMachine else {
            violate(.ordering, index, "an input must belong to a state machine", hint: "write inputs right after their StateMachine")
            return
        }
        var hasLayers = false
        withLatestStateMachine { hasLayers = !$0.summary.layers.isEmpty }
        if hasLayers { violate(.ordering, index, "inputs must come before the state machine's layers", hint: "write every input of a state machine before its first layer") }
        let (type, value): (String, String?) = switch object.typeKey {
        case T.stateMachineNumber: ("number", object.float(P.stateMachineNumberValue).map(formatFloat))
        case T.stateMachineBool: ("boolean", object.bool(P.stateMachineBoolValue).map { String($0) })
        case T.stateMachineTrigger: ("trigger", nil)
        default: (object.typeName, nil)
        }
        withLatestStateMachine {
            $0.summary.inputs.append(RiveFileSummary.Input(name: object.string(P.stateMachineComponentName) ?? "", type: type, defaultValue: value))
            $0.inputTypeKeys.append(object.typeKey)
        }
        withLatestLayout { $0.inputs.append(index) }
    }

    private mutating func visitLayer(_ object: RiveObject, _ index: Int) {
        guard hasLatestStateMachine else {
            violate(.ordering, index, "a layer must belong to a state machine", hint: "write layers after their StateMachine")
            return
        }
        finishLayer()
        withLatestStateMachine { $0.summary.layers.append(RiveFileSummary.Layer(name: object.string(P.stateMachineComponentName) ?? "", states: [])) }
        latestLayerObjectIndex = index
        withLatestLayout { $0.layers.append(RiveFileLayout.Layer(objectIndex: index)) }
        hasLatestState = false
        hasLatestTransition = false
        makeLatest(.layer)
    }

    /// Appends a state to the latest layer, returning whether there was one.
    @discardableResult
    private mutating func appendState(_ state: RiveFileSummary.State) -> Bool {
        var appended = false
        withLatestStateMachine {
            guard !$0.summary.layers.isEmpty else { return }
            $0.summary.layers[$0.summary.layers.count - 1].states.append(state)
            appended = true
        }
        return appended
    }

    private mutating func visitState(_ object: RiveObject, _ index: Int) {
        guard latestLayerObjectIndex != nil else {
            violate(.ordering, index, "a state must belong to a layer", hint: "write states after their StateMachineLayer")
            return
        }
        var animationName: String?
        let kind: String
        switch object.typeKey {
        case T.entryState: kind = "entry"
        case T.anyState: kind = "any"
        case T.exitState: kind = "exit"
        case T.animationState:
            kind = "animation"
            if let animation = object.index(P.animationStateAnimationId), let artboard = latestMachine?.artboard,
               artboards[artboard].animations.indices.contains(animation) {
                animationName = artboards[artboard].animations[animation].name
            }
        default: kind = object.typeName
        }
        hasLatestState = appendState(RiveFileSummary.State(kind: kind, animation: animationName, transitionsTo: []))
        if hasLatestState { withLatestLayout { if let last = $0.layers.indices.last { $0.layers[last].states.append(RiveFileLayout.State(objectIndex: index)) } } }
        hasLatestTransition = false
    }

    private mutating func visitTransition(_ object: RiveObject, _ index: Int) {
        guard hasLatestState else {
            violate(.ordering, index, "a transition must follow the state it leaves", hint: "write transitions right after their state")
            return
        }
        let target = Int(min(object.uint(P.stateTransitionStateToId) ?? UInt64(UInt32.max), UInt64(Int32.max)))
        withLatestStateMachine {
            guard let layer = $0.summary.layers.indices.last, let state = $0.summary.layers[layer].states.indices.last else { return }
            $0.summary.layers[layer].states[state].transitionsTo.append(target)
        }
        latestLayerStateToIds.append((index, target))
        withLatestState { $0.transitions.append(RiveFileLayout.Transition(objectIndex: index)) }
        hasLatestTransition = true
    }

    private mutating func visitCondition(_ object: RiveObject, _ index: Int) {
        guard hasLatestTransition else {
            violate(.ordering, index, "a condition must follow its transition", hint: "write conditions right after their StateTransition")
            return
        }
        withLatestTransition { $0.conditions.append(RiveFileLayout.Condition(objectIndex: index)) }
        guard object.isType(T.transitionInputCondition) else { return }
        var inputTypes: [UInt32?] = []
        withLatestStateMachine { inputTypes = $0.inputTypeKeys }
        guard let input = object.index(P.transitionInputConditionInputId), inputTypes.indices.contains(input) else {
            violate(.invalidReference, index, property: P.transitionInputConditionInputId, "the input id does not name one of the state machine's \(inputTypes.count) input(s)", hint: "use the index of an input of this state machine")
            return
        }
        let expected: UInt32? = switch object.typeKey {
        case T.transitionTriggerCondition: T.stateMachineTrigger
        case T.transitionNumberCondition: T.stateMachineNumber
        case T.transitionBoolCondition: T.stateMachineBool
        default: nil
        }
        if let expected, inputTypes[input] != expected {
            violate(.invalidReference, index, property: P.transitionInputConditionInputId,
                    "\(object.typeName) needs a \(RiveSchema.typeName(expected)) input, but input \(input) is \(inputTypes[input].map(RiveSchema.typeName) ?? "a placeholder")",
                    hint: "point the condition at an input of the matching kind")
        }
    }

    private mutating func visitListener(_ object: RiveObject, _ index: Int) {
        guard let artboard = latestMachine?.artboard else {
            violate(.ordering, index, "a listener must belong to a state machine", hint: "write listeners after their StateMachine")
            return
        }
        var target: String?
        if let targetID = object.index(P.stateMachineListenerTargetId) {
            let local = layout.artboards[artboard].localObjects
            if local.indices.contains(targetID), let objectIndex = local[targetID] {
                let targetObject = document.objects[objectIndex]
                let name = targetObject.string(P.componentName) ?? ""
                target = name.isEmpty ? targetObject.typeName : name
            } else {
                target = "#\(targetID)"
            }
        }
        withLatestStateMachine { $0.summary.listeners.append(RiveFileSummary.Listener(name: object.string(P.stateMachineComponentName) ?? "", target: target)) }
        withLatestLayout { $0.listeners.append(RiveFileLayout.Listener(objectIndex: index)) }
        latestListener = true
    }

    private mutating func visitViewModelProperty(_ object: RiveObject, _ index: Int) {
        guard !viewModels.isEmpty else {
            violate(.ordering, index, "a view-model property must follow its ViewModel", hint: "write properties right after their view model")
            return
        }
        var enumName: String?
        if object.isType(T.viewModelPropertyEnumCustom) {
            if let enumIndex = object.index(P.viewModelPropertyEnumCustomEnumId), enums.indices.contains(enumIndex) {
                enumName = enums[enumIndex].name
            } else {
                violate(.invalidReference, index, property: P.viewModelPropertyEnumCustomEnumId, "the enum id does not name an enum written before this property (\(enums.count) so far)", hint: "write enums before the view models that use them")
            }
        }
        viewModels[viewModels.count - 1].properties.append(RiveFileSummary.Property(
            name: object.string(P.viewModelComponentName) ?? "", type: Self.propertyTypeName(object.typeKey),
            enumName: enumName, viewModelName: nil))
        viewModelPropertyObjects[viewModels.count - 1].append(index)
        layout.viewModels[viewModels.count - 1].properties.append(index)
    }

    private mutating func visitInstance(_ object: RiveObject, _ index: Int) {
        // Upstream's ViewModelInstance::import fails without a Backboard importer on the stack,
        // so an instance before the Backboard is not in the file, nor are its values (the
        // ordering violation is already recorded).
        latestInstanceDropped = backboardCount == 0
        guard !latestInstanceDropped else { return }
        let viewModel = Int(min(object.uint(P.viewModelInstanceViewModelId) ?? 0, UInt64(Int32.max)))
        if !viewModels.indices.contains(viewModel) {
            violate(.invalidReference, index, property: P.viewModelInstanceViewModelId, "view model index \(viewModel) does not exist (\(viewModels.count) so far)", hint: "write the view model before its instances")
        }
        instances.append(RawInstance(name: object.string(P.componentName) ?? "", viewModelIndex: viewModel, isEmbedded: !artboards.isEmpty))
        layout.instances.append(RiveFileLayout.Instance(
            objectIndex: index, viewModel: viewModels.indices.contains(viewModel) ? viewModel : nil,
            artboard: artboards.isEmpty ? nil : artboards.count - 1))
        if viewModels.indices.contains(viewModel) { layout.viewModels[viewModel].instances.append(layout.instances.count - 1) }
        latestInstanceListValue = false
    }

    private mutating func finishLayer() {
        guard let layerIndex = latestLayerObjectIndex else { return }
        latestLayerObjectIndex = nil
        var states: [RiveFileSummary.State] = []
        withLatestStateMachine { states = $0.summary.layers.last?.states ?? [] }
        for (kind, name) in [("entry", "EntryState"), ("any", "AnyState"), ("exit", "ExitState")] where !states.contains(where: { $0.kind == kind }) {
            violate(.incomplete, layerIndex, "the layer has no \(name); every layer needs an entry, an any and an exit state", hint: "add the missing \(name) to the layer")
        }
        for (objectIndex, target) in latestLayerStateToIds where target >= states.count {
            violate(.invalidReference, objectIndex, property: P.stateTransitionStateToId, "the transition targets state \(target) but the layer has \(states.count) state(s)", hint: "use the index of a state in the same layer")
        }
        latestLayerStateToIds = []
    }

    // MARK: Rendering values

    private static func propertyTypeName(_ typeKey: UInt32) -> String {
        switch typeKey {
        case T.viewModelPropertyNumber: "number"
        case T.viewModelPropertyString: "string"
        case T.viewModelPropertyBoolean: "boolean"
        case T.viewModelPropertyColor: "color"
        case T.viewModelPropertyEnumCustom, T.viewModelPropertyEnumSystem: "enum"
        case T.viewModelPropertyTrigger: "trigger"
        case T.viewModelPropertyViewModel: "viewModel"
        case T.viewModelPropertyList: "list"
        case T.viewModelPropertyAssetImage: "image"
        case T.viewModelPropertyAssetFont: "font"
        case T.viewModelPropertyAssetBlob: "blob"
        case T.viewModelPropertyArtboard: "artboard"
        case T.viewModelPropertySymbolListIndex: "listIndex"
        default: RiveSchema.typeName(typeKey)
        }
    }

    private func propertyObject(viewModel: Int, property: Int) -> RiveObject? {
        guard viewModelPropertyObjects.indices.contains(viewModel), viewModelPropertyObjects[viewModel].indices.contains(property) else { return nil }
        return document.objects[viewModelPropertyObjects[viewModel][property]]
    }

    private func instanceName(viewModel: Int?, instance: Int?) -> String {
        guard let viewModel, let instance else { return "none" }
        let candidates = instances.filter { $0.viewModelIndex == viewModel }
        guard candidates.indices.contains(instance) else { return "#\(instance)" }
        return "\"\(candidates[instance].name)\""
    }

    private func render(objectIndex: Int, listItems: [(viewModel: Int?, instance: Int?)], viewModelIndex: Int) -> RiveFileSummary.InstanceValue {
        let object = document.objects[objectIndex]
        let propertyIndex = Int(min(object.uint(P.viewModelInstanceValueViewModelPropertyId) ?? 0, UInt64(Int32.max)))
        let property = propertyObject(viewModel: viewModelIndex, property: propertyIndex)
        let propertyName = property?.string(P.viewModelComponentName) ?? "#\(propertyIndex)"
        let value: String
        switch object.typeKey {
        case T.viewModelInstanceNumber: value = formatFloat(object.float(P.viewModelInstanceNumberPropertyValue) ?? 0)
        case T.viewModelInstanceString: value = "\"\(object.string(P.viewModelInstanceStringPropertyValue) ?? "")\""
        case T.viewModelInstanceBoolean: value = String(object.bool(P.viewModelInstanceBooleanPropertyValue) ?? false)
        case T.viewModelInstanceColor: value = formatColor(object.color(P.viewModelInstanceColorPropertyValue) ?? 0)
        case T.viewModelInstanceTrigger: value = "trigger(\(object.uint(P.viewModelInstanceTriggerPropertyValue) ?? 0))"
        case T.viewModelInstanceEnum:
            let valueIndex = Int(min(object.uint(P.viewModelInstanceEnumPropertyValue) ?? 0, UInt64(Int32.max)))
            if let property, let enumIndex = property.index(P.viewModelPropertyEnumCustomEnumId), enums.indices.contains(enumIndex),
               enums[enumIndex].values.indices.contains(valueIndex) {
                value = enums[enumIndex].values[valueIndex].key
            } else {
                value = "#\(valueIndex)"
            }
        case T.viewModelInstanceViewModel:
            let referenced = property.flatMap { $0.index(P.viewModelPropertyViewModelViewModelReferenceId) }
            value = instanceName(viewModel: referenced, instance: object.index(P.viewModelInstanceViewModelPropertyValue))
        case T.viewModelInstanceList:
            value = "[" + listItems.map { instanceName(viewModel: $0.viewModel, instance: $0.instance) }.joined(separator: ", ") + "]"
        case T.viewModelInstanceArtboard:
            let artboard = object.index(P.viewModelInstanceArtboardPropertyValue)
            value = artboard.map { artboards.indices.contains($0) ? "artboard \"\(artboards[$0].name)\"" : "artboard #\($0)" } ?? "none"
        default:
            if object.isType(T.viewModelInstanceAsset) {
                value = object.index(P.viewModelInstanceAssetPropertyValue).map { "asset #\($0)" } ?? "none"
            } else {
                value = object.properties.filter { $0.key != P.viewModelInstanceValueViewModelPropertyId }.map(\.value.description).joined(separator: " ")
            }
        }
        return RiveFileSummary.InstanceValue(property: propertyName, value: value)
    }
}

extension RiveFileSummary {
    /// Derives the structural view of a document; structural rule violations are ignored here.
    public init(_ document: RiveDocument) {
        self = RiveStructureWalker(document).summary
    }

    /// Every ordering, completeness and reference rule of the format that the document breaks.
    public static func violations(in document: RiveDocument) -> [RiveFormatError] {
        RiveStructureWalker(document).violations
    }
}

extension RiveFileLayout {
    /// Derives where each object of a document belongs, as the runtime's importer does.
    public init(_ document: RiveDocument) {
        self = RiveStructureWalker(document).layout
    }
}
