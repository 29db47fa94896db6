/// What an adapter can do, so the conformance planner can skip what it cannot check.
///
/// Each capability has a stable name (the `names` table) that scenarios use in their
/// `requires:` lists and reports print.
public struct RuntimeCapabilities: OptionSet, Sendable, Hashable, CustomStringConvertible {
    /// The capability bits.
    public let rawValue: UInt32
    /// Creates a set from capability bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// File introspection: artboard, state machine, view model, instance, property, enum and global names.
    public static let introspection = RuntimeCapabilities(rawValue: 1 << 0)
    /// Reading and setting number, string, boolean, color and enum values, and firing triggers.
    public static let values = RuntimeCapabilities(rawValue: 1 << 1)
    /// Value streams and trigger streams.
    public static let streams = RuntimeCapabilities(rawValue: 1 << 2)
    /// Global view models bound with `bindViewModelInstances(main:globals:)`.
    public static let globals = RuntimeCapabilities(rawValue: 1 << 3)
    /// List properties: size, item, append, insert, remove, swap.
    public static let lists = RuntimeCapabilities(rawValue: 1 << 4)
    /// Nested view-model instances: get and replace.
    public static let nestedInstances = RuntimeCapabilities(rawValue: 1 << 5)
    /// Decoding images, fonts and blobs and assigning them (and artboards) to properties.
    public static let assets = RuntimeCapabilities(rawValue: 1 << 6)
    /// Data binds applied to the artboard when the state machine advances.
    public static let binding = RuntimeCapabilities(rawValue: 1 << 7)
    /// Pointer events sent through a view (`RuntimeView.send(_:)`).
    public static let pointerEvents = RuntimeCapabilities(rawValue: 1 << 8)
    /// Offscreen rasterization (`RuntimeView.rasterize()`).
    public static let pixels = RuntimeCapabilities(rawValue: 1 << 9)
    /// A digest of the draw commands of a frame (`RuntimeView.drawDigest()`).
    public static let drawDigest = RuntimeCapabilities(rawValue: 1 << 10)
    /// Per-tick reports of whether the view advanced and redrew (`RuntimeView.tick(_:)`).
    public static let redrawReports = RuntimeCapabilities(rawValue: 1 << 11)
    /// Per-tick frame reports with the advance time step and settled state.
    public static let frameReports = RuntimeCapabilities(rawValue: 1 << 12)
    /// A log of the failures the runtime reports only to its logger (`Worker.takeLog()`).
    public static let log = RuntimeCapabilities(rawValue: 1 << 13)
    /// State-machine inputs set and fired by name (`StateMachine.setInput`, `triggerInput`).
    public static let inputs = RuntimeCapabilities(rawValue: 1 << 14)
    /// Artboards that report their size and linear animations (`ArtboardMetrics`).
    public static let artboardMetrics = RuntimeCapabilities(rawValue: 1 << 15)
    /// The Apple `Rive` object (`File.makeRive(artboard:stateMachine:dataBind:)`) and views
    /// made from one (`ViewConfiguration(rive:width:height:)`).
    public static let riveObject = RuntimeCapabilities(rawValue: 1 << 16)
    /// Text shaped and laid out into glyphs (the engine's `WITH_RIVE_TEXT`: HarfBuzz and SheenBidi).
    public static let textShaping = RuntimeCapabilities(rawValue: 1 << 17)
    /// Layout components sized and placed by a layout engine (the engine's `WITH_RIVE_LAYOUT`: Yoga).
    public static let layout = RuntimeCapabilities(rawValue: 1 << 18)
    /// Scripted components, converters and listeners run by a script VM (the engine's `WITH_RIVE_SCRIPTING`: Luau).
    public static let scripting = RuntimeCapabilities(rawValue: 1 << 19)
    /// Audio events and audio assets played by an audio engine (the engine's `WITH_RIVE_AUDIO`: miniaudio).
    public static let audio = RuntimeCapabilities(rawValue: 1 << 20)
    /// Image objects drawn with their decoded image: placed at its size, clipped and ordered
    /// among the other drawables, meshes deformed (the engine's `Image::draw`).
    public static let images = RuntimeCapabilities(rawValue: 1 << 21)
    /// Artboards that play a linear animation without a state machine (`AnimationPlayback`,
    /// the legacy API's play of an artboard that has none).
    public static let animationPlayback = RuntimeCapabilities(rawValue: 1 << 22)

    /// The engine features a runtime may compile out; a file that uses one is only comparable
    /// between runtimes that both implement it.
    public static let engineFeatures: RuntimeCapabilities = [.textShaping, .layout, .scripting, .audio]
    /// What a file's content can need of a runtime beyond the API: the engine features and
    /// drawing images. `rive-harness diff` compares a section that depends on one of them
    /// only between runtimes that both implement it (docs/diff.md).
    public static let contentFeatures: RuntimeCapabilities = engineFeatures.union(.images)

    /// Every capability with its stable name, in bit order.
    public static let names: [(name: String, capability: RuntimeCapabilities)] = [
        ("introspection", .introspection), ("values", .values), ("streams", .streams), ("globals", .globals),
        ("lists", .lists), ("nestedInstances", .nestedInstances), ("assets", .assets), ("binding", .binding),
        ("pointerEvents", .pointerEvents), ("pixels", .pixels), ("drawDigest", .drawDigest),
        ("redrawReports", .redrawReports), ("frameReports", .frameReports), ("log", .log), ("inputs", .inputs),
        ("artboardMetrics", .artboardMetrics), ("riveObject", .riveObject),
        ("textShaping", .textShaping), ("layout", .layout), ("scripting", .scripting), ("audio", .audio),
        ("images", .images), ("animationPlayback", .animationPlayback),
    ]

    /// The capability with a stable name, or `nil` when no capability has that name.
    public init?(name: String) {
        guard let entry = Self.names.first(where: { $0.name == name }) else { return nil }
        self = entry.capability
    }

    /// The stable names of the capabilities in the set, in bit order.
    public var capabilityNames: [String] { Self.names.filter { contains($0.capability) }.map(\.name) }

    /// The names joined with commas, or `none`.
    public var description: String { isEmpty ? "none" : capabilityNames.joined(separator: ", ") }
}

extension RuntimeCapabilities: Codable {
    /// Decodes the capabilities from a list of their stable names (`["values", "streams"]`).
    /// - Throws: `DecodingError.dataCorrupted` for a name that is not in `names`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = []
        for name in try container.decode([String].self) {
            guard let capability = RuntimeCapabilities(name: name) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "unknown capability '\(name)'; known: \(Self.names.map(\.name).joined(separator: ", "))")
            }
            insert(capability)
        }
    }

    /// Encodes the capabilities as the list of their stable names, in bit order (never as bits,
    /// so a file stays readable when capabilities are added).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(capabilityNames)
    }
}
