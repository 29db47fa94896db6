import RiveFormat

private typealias T = RiveTypeKey
private typealias P = RivePropertyKey

/// What the reference runtime plays of one artboard: its animations and state machines, and
/// the content it does not support, by type name.
///
/// Unsupported content is never silently misplayed: every object the scene, the animations
/// or the state machines cannot take part in is counted here, and `rive-harness render` and
/// the tests print the list (a capability gap, not an error).
struct ArtboardContent {
    let animations: [AnimationDefinition]
    let stateMachines: [StateMachineDefinition]
    /// Unsupported type names with how often each occurs.
    let unsupported: [String: Int]

    /// The component types the scene draws or reads (view-model instances embedded in an
    /// artboard are data, handled by the instance factory, and are not listed here).
    private static let supportedComponentTypes: Set<UInt32> = [
        T.artboard, T.node, T.solo, T.shape, T.rectangle, T.ellipse, T.pointsPath, T.triangle, T.polygon, T.star,
        T.straightVertex, T.cubicMirroredVertex, T.cubicDetachedVertex, T.cubicAsymmetricVertex,
        T.fill, T.stroke, T.solidColor, T.linearGradient, T.radialGradient, T.gradientStop, T.clippingShape,
        T.cubicEaseInterpolator, T.feather, T.joystick, T.elasticInterpolator, T.cubicValueInterpolator,
        T.nestedArtboard, T.nestedStateMachine, T.nestedBool, T.nestedNumber, T.event,
        // Played as upstream plays them without its layout engine (LayoutComponents.swift).
        T.layoutComponent, T.layoutComponentStyle, T.nestedArtboardLayout, T.nestedArtboardLeaf,
        T.layoutParticipant, T.gridTrack, T.gridItemPlacement,
        // Component lists (ComponentLists.swift).
        T.artboardComponentList, T.artboardListMapRule, T.artboardComponentListOverride,
        // Bones and skins (Skinning.swift).
        T.bone, T.rootBone, T.skin, T.tendon, T.weight, T.cubicWeight,
        // Draw rules and targets (DrawRules.swift).
        T.drawRules, T.drawTarget,
        // Text as upstream plays it without text shaping (WITH_RIVE_TEXT off): Text::draw and
        // its update do nothing, so a text draws nothing, while its runs and styles are plain
        // components whose properties binds read and write (src/text/text.cpp, the #else part).
        T.text, T.textStylePaint, T.textValueRun,
    ]

    /// Whether an object is a `ComponentOrigin` under a nested artboard host, which gives the
    /// nested instance its origin (NestedArtboards.swift); under a layout it moves the
    /// layout's pivot, which is not played.
    private static func isNestedOriginOverride(_ object: RiveObject, layout: RiveFileLayout.Artboard, document: RiveDocument) -> Bool {
        object.typeKey == T.componentOrigin && parent(of: object, localObjects: layout.localObjects, document: document)?.typeKey == T.nestedArtboard
    }

    /// An object's parent: the artboard-local object its `parentId` names, if any.
    private static func parent(of object: RiveObject, localObjects: [Int?], document: RiveDocument) -> RiveObject? {
        guard let id = object.index(P.componentParentId), localObjects.indices.contains(id), let index = localObjects[id] else { return nil }
        return document.objects[index]
    }

    /// Reads the content of artboard `index` of a file model.
    init(artboard index: Int, model: FileModel) {
        let document = model.document
        let layout = model.layout.artboards[index]
        var unsupported: [String] = []
        for objectIndex in layout.localObjects.dropFirst() {
            guard let objectIndex else {
                unsupported.append("unknown object")
                continue
            }
            let object = document.objects[objectIndex]
            if object.isType(T.constraint) {
                let resolve = { (id: Int) in layout.localObjects.indices.contains(id) ? layout.localObjects[id].map { document.objects[$0] } : nil }
                if let gap = SceneConstraints.unsupportedPart(of: object, object: resolve, isSupported: Self.supportedComponentTypes.contains) { unsupported.append(gap) }
                continue
            }
            let isData = object.isType(T.viewModelInstance) || object.isType(T.viewModelInstanceValue)
            if !isData, !Self.supportedComponentTypes.contains(object.typeKey), !PathEffects.supportedTypes.contains(object.typeKey),
               !Self.isNestedOriginOverride(object, layout: layout, document: document) {
                unsupported.append(object.typeName)
            }
        }
        animations = layout.animations.map { AnimationDefinition($0, artboard: layout, document: document, unsupported: &unsupported) }
        var stateMachines = layout.stateMachines.map {
            StateMachineDefinition($0, animationCount: layout.animations.count, artboard: layout, document: document, unsupported: &unsupported)
        }
        if layout.animations.isEmpty, layout.stateMachines.isEmpty { stateMachines.append(.autoGenerated) }
        self.stateMachines = stateMachines
        unsupported += Self.unsupportedBinds(artboard: index, model: model)
        self.unsupported = unsupported.reduce(into: [:]) { $0[$1, default: 0] += 1 }
    }

    /// Data binds the runtime does not apply: binds through converters it cannot run (except
    /// on the trigger bindables of listener actions, whose fire the runtime performs itself) and binds on
    /// objects that are neither components nor state-machine bindables (keyframe values).
    private static func unsupportedBinds(artboard index: Int, model: FileModel) -> [String] {
        let document = model.document
        let start = model.layout.artboards[index].objectIndex
        let end = model.layout.artboards.indices.contains(index + 1) ? model.layout.artboards[index + 1].objectIndex : document.objects.count
        var names: [String] = []
        var target: RiveObject?
        for position in start..<end {
            let object = document.objects[position]
            guard object.isType(T.dataBind) else {
                target = object.isKnownConcreteType ? object : nil
                continue
            }
            guard let target else { continue }
            // Binds on keyframe values are played (KeyFrameKinds.swift), or left unbound as
            // upstream leaves them on id, unsigned and integer keyframes.
            let bindsComponent = target.isType(T.component) || target.isType(T.bindableProperty)
                || target.isType(T.transitionPropertyViewModelComparator) || target.isType(T.stateTransition) || target.isType(T.keyFrame)
                || isEmbeddedValue(target, localObjects: model.layout.artboards[index].localObjects, document: document)
            if !bindsComponent {
                names.append("DataBind on \(target.typeName)")
            } else if let id = object.index(P.dataBindConverterId), model.converters.indices.contains(id),
                      let unsupported = model.converters[id].unsupportedPart, target.typeKey != T.bindablePropertyTrigger {
                names.append("DataBind through \(unsupported)")
            }
        }
        return names
    }

    /// Whether an object is a value of a view-model instance authored under a nested artboard
    /// host (EmbeddedInstances.swift), which binds write through the artboard's store.
    private static func isEmbeddedValue(_ object: RiveObject, localObjects: [Int?], document: RiveDocument) -> Bool {
        guard object.isType(T.viewModelInstanceValue), let instance = parent(of: object, localObjects: localObjects, document: document),
              instance.isType(T.viewModelInstance) else { return false }
        return parent(of: instance, localObjects: localObjects, document: document)?.typeKey == T.nestedArtboard
    }

    /// The unsupported type names as `name ×count`, sorted by name.
    var unsupportedSummary: [String] {
        unsupported.keys.sorted().map { unsupported[$0]! > 1 ? "\($0) ×\(unsupported[$0]!)" : $0 }
    }
}
