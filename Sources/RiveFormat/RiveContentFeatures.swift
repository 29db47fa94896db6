/// A feature of the engine that a file's content needs to be played as authored: one a
/// runtime may compile out (text shaping, layout, scripting, audio) or leave unimplemented
/// (drawing images).
///
/// The raw values are the stable names of the matching runtime capabilities
/// (`RuntimeCapabilities`), so scenarios, adapters and `rive-harness diff` speak of a feature
/// by one name.
public enum RiveContentFeature: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Text and text inputs: shaped and laid out into glyphs.
    case textShaping
    /// Layout components (other than artboards), layout-placed nested artboards and component
    /// lists, and layout participants: sized and placed by the layout engine.
    case layout
    /// Script assets and scripted drawables, layouts, path effects, converters, listener
    /// actions, transition conditions and interpolators: run by the script VM.
    case scripting
    /// Audio events and audio assets: played by the audio engine.
    case audio
    /// Image objects (and their meshes): drawn with their decoded image, at its size.
    case images

    /// Orders features as they are declared.
    public static func < (lhs: RiveContentFeature, rhs: RiveContentFeature) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The feature an object of this type needs, or `nil` when it needs none of them.
    ///
    /// Decided through the schema's type lineage (`RiveSchema.isType`), so a subtype of a
    /// listed type needs the same feature. Artboards are layout components in the schema but
    /// need no layout engine for their own authored size, so they are not counted; parts that
    /// exist only inside a counted object (text runs and styles, layout styles, script inputs)
    /// are not counted on their own.
    public static func feature(ofType typeKey: UInt32) -> RiveContentFeature? {
        typealias T = RiveTypeKey
        func isType(_ key: UInt32) -> Bool { RiveSchema.isType(typeKey, a: key) }
        if isType(T.text) || isType(T.textInput) { return .textShaping }
        if (isType(T.layoutComponent) && !isType(T.artboard)) || isType(T.nestedArtboardLayout) || isType(T.artboardComponentList)
            || isType(T.layoutParticipant) { return .layout }
        if [T.scriptAsset, T.scriptModuleAsset, T.scriptedDrawable, T.scriptedDataConverter, T.scriptedPathEffect,
            T.scriptedListenerAction, T.scriptedTransitionCondition, T.scriptedInterpolator].contains(where: isType) { return .scripting }
        if isType(T.audioEvent) || isType(T.audioAsset) { return .audio }
        if isType(T.image) { return .images }
        return nil
    }
}

/// Which content features a document uses, read from its objects.
///
/// The whole file counts, not one artboard: nested artboards, component lists and artboard
/// properties can bring any artboard of a file into a play.
public struct RiveContentFeatureUse: Sendable, Hashable {
    /// Per feature used, the type names of the objects that use it with how many there are.
    public private(set) var typeCounts: [RiveContentFeature: [String: Int]] = [:]
    /// The type keys of every object in the document.
    public private(set) var typeKeys: Set<UInt32> = []
    /// Whether a data bind reads a computed geometry property (`Node.computedWidth`,
    /// `computedWorldX`…, `ScrollConstraint.computedContentWidth`…: every property the schema
    /// names `computed…`), a value that layout, text shaping and image sizes decide.
    public private(set) var bindsReadComputedGeometry = false

    /// The features used, in declaration order.
    public var features: [RiveContentFeature] { typeCounts.keys.sorted() }

    /// Reads the features a document's objects use.
    public init(document: RiveDocument) {
        for object in document.objects {
            typeKeys.insert(object.typeKey)
            if let feature = RiveContentFeature.feature(ofType: object.typeKey) {
                typeCounts[feature, default: [:]][object.typeName, default: 0] += 1
            }
            if object.isType(RiveTypeKey.dataBind), let key = object.uint(RivePropertyKey.dataBindPropertyKey),
               Self.computedGeometryKeys.contains(UInt32(truncatingIfNeeded: key)) {
                bindsReadComputedGeometry = true
            }
        }
    }

    /// Whether the document holds an object of this type or of a subtype.
    public func contains(type ancestorKey: UInt32) -> Bool {
        typeKeys.contains { RiveSchema.isType($0, a: ancestorKey) }
    }

    /// The keys of the schema's computed geometry properties (names starting with `computed`).
    public static let computedGeometryKeys: Set<UInt32> = Set(
        RiveSchema.propertyDefinitions.filter { $0.name.hasPrefix("computed") }.map(\.key))
}
