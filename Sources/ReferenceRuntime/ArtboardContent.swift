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
        T.artboard, T.node, T.shape, T.rectangle, T.ellipse, T.pointsPath,
        T.straightVertex, T.cubicMirroredVertex, T.cubicDetachedVertex, T.cubicAsymmetricVertex,
        T.fill, T.stroke, T.solidColor, T.cubicEaseInterpolator,
    ]

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
            let isData = object.isType(T.viewModelInstance) || object.isType(T.viewModelInstanceValue)
            if !isData, !Self.supportedComponentTypes.contains(object.typeKey) { unsupported.append(object.typeName) }
        }
        animations = layout.animations.map { AnimationDefinition($0, artboard: layout, document: document, unsupported: &unsupported) }
        stateMachines = layout.stateMachines.map {
            StateMachineDefinition($0, animationCount: layout.animations.count, artboard: layout, document: document, unsupported: &unsupported)
        }
        unsupported += Self.unsupportedBinds(artboard: index, model: model)
        self.unsupported = unsupported.reduce(into: [:]) { $0[$1, default: 0] += 1 }
    }

    /// Data binds the runtime does not apply: binds through converters (except on the trigger
    /// bindables of listener actions, whose fire the runtime performs itself) and binds on
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
            let bindsComponent = target.isType(T.component) || target.isType(T.bindableProperty)
                || target.isType(T.transitionPropertyViewModelComparator) || target.isType(T.stateTransition)
            if !bindsComponent {
                names.append("DataBind on \(target.typeName)")
            } else if object.index(P.dataBindConverterId) != nil, target.typeKey != T.bindablePropertyTrigger {
                names.append("DataBind through a converter")
            }
        }
        return names
    }

    /// The unsupported type names as `name ×count`, sorted by name.
    var unsupportedSummary: [String] {
        unsupported.keys.sorted().map { unsupported[$0]! > 1 ? "\($0) ×\(unsupported[$0]!)" : $0 }
    }
}
