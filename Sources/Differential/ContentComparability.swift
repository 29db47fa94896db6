import RiveFormat
import RuntimeAPI

/// Which dump sections of a file depend on which content features, and whether two
/// adapters can be compared there (docs/diff.md, "Content features").
///
/// A section that depends on a feature the file uses is compared only when both adapters
/// declare that feature's capability, or neither does (both then leave the same content
/// out). Otherwise the section is not comparable, with a reason that names the side and
/// what it lacks: `not comparable (reference: no text shaping)`.
public struct ContentComparability: Sendable, Hashable {
    /// What the file uses.
    public let use: RiveContentFeatureUse

    /// Reads the features of a file's bytes; a file the format reader refuses uses none (the
    /// runtimes then say for themselves whether they load it).
    public init(bytes: [UInt8]) {
        use = (try? RiveReader.read(bytes)).map(RiveContentFeatureUse.init(document:)) ?? RiveContentFeatureUse(document: RiveDocument())
    }

    /// Wraps a feature use read elsewhere.
    public init(use: RiveContentFeatureUse) { self.use = use }

    /// The capability that implements a content feature (the same stable name).
    public static func capability(of feature: RiveContentFeature) -> RuntimeCapabilities {
        switch feature {
        case .textShaping: .textShaping
        case .layout: .layout
        case .scripting: .scripting
        case .audio: .audio
        case .images: .images
        }
    }

    /// The capabilities of every feature the file uses.
    public var usedCapabilities: RuntimeCapabilities {
        use.features.reduce(into: []) { $0.insert(Self.capability(of: $1)) }
    }

    /// The content capabilities a section's lines depend on for this file.
    ///
    /// - `artboards`, `viewModels`, `instances`: none (names, authored sizes and instance
    ///   values are file data; an artboard's size is its authored width and height, which
    ///   layout does not change).
    /// - `frames`: layout and scripting (layout animations and scripts keep a play going or
    ///   let it settle); text shaping when the file has a text input (its cursor advances).
    /// - `boundValues`: scripting (scripted converters, listener actions and drawables write
    ///   values); layout, text shaping and images when a data bind reads a computed geometry
    ///   property (a size or position those features decide).
    /// - `draws`, `pixels`: text shaping, layout, scripting and images.
    ///
    /// Audio changes no section: the dump observes no sound.
    public func dependencies(of section: DumpSection) -> RuntimeCapabilities {
        let used = usedCapabilities
        var wanted: RuntimeCapabilities
        switch section {
        case .artboards, .viewModels, .instances:
            wanted = []
        case .frames:
            wanted = [.layout, .scripting]
            if use.contains(type: RiveTypeKey.textInput) { wanted.insert(.textShaping) }
        case .boundValues:
            wanted = [.scripting]
            if use.bindsReadComputedGeometry { wanted.formUnion([.layout, .textShaping, .images]) }
        case .draws, .pixels:
            wanted = [.textShaping, .layout, .scripting, .images]
        }
        return wanted.intersection(used)
    }

    /// Why a section cannot be compared between two adapters, or `nil` when it can:
    /// `reference: no text shaping` (`; B: no layout` when the other side lacks another).
    public func reason(for section: DumpSection, a: (name: String, capabilities: RuntimeCapabilities),
                       b: (name: String, capabilities: RuntimeCapabilities)) -> String? {
        let needed = dependencies(of: section)
        let parts = [(a, b), (b, a)].compactMap { side, other -> String? in
            // Missing on this side, present on the other: what both lack is left out alike.
            let missing = needed.subtracting(side.capabilities).intersection(other.capabilities)
            guard !missing.isEmpty else { return nil }
            return "\(side.name): " + missing.capabilityNames.map { "no " + Self.noun(of: $0) }.joined(separator: ", ")
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// A content capability's name in words (`textShaping` → `text shaping`).
    static func noun(of name: String) -> String {
        switch name {
        case "textShaping": "text shaping"
        case "images": "image drawing"
        default: name
        }
    }
}
