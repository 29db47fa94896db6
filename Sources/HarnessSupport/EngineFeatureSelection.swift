/// Which optional engine features a rive-cpp build compiles in (`scripts/build-rive-cpp
/// --features`, `--runtime-features` of the harness), and the cache folder suffix that names them.
///
/// The build script keeps a build for commit C with features F1, F2 in `rive-cpp/C+F1+F2/`,
/// features in the order of `names`; the reduced engine (`none`) in `rive-cpp/C/`.
public struct EngineFeatureSelection: Sendable, Hashable, CustomStringConvertible {
    /// Every feature a build can compile in, in the order cache folders list them (the same
    /// order as `engine_feature_names` in `scripts/lib/engine-features.bash`).
    public static let names = ["text", "layout", "scripting", "audio"]
    /// What the shipped runtimes compile in: all four (rive-ios's and rive-android's builds).
    public static let shipped = EngineFeatureSelection(uncheckedFeatures: names)
    /// The reduced engine: no optional feature.
    public static let none = EngineFeatureSelection(uncheckedFeatures: [])

    /// The features, in `names` order.
    public let features: [String]

    private init(uncheckedFeatures: [String]) { features = uncheckedFeatures }

    /// Parses `shipped`, `none` or a comma-separated list of `names`.
    /// - Throws: `EngineFeatureSelectionError` naming the unknown feature.
    public init(parsing text: String) throws(EngineFeatureSelectionError) {
        switch text {
        case "shipped": self = .shipped
        case "none": self = .none
        default:
            let items = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard !items.isEmpty, !items.contains("") else { throw .emptyItem(text) }
            for item in items where !Self.names.contains(item) { throw .unknown(item) }
            features = Self.names.filter(items.contains)
        }
    }

    /// The cache folder suffix: `+text+layout…`, or empty for `none`.
    public var cacheFolderSuffix: String { features.map { "+\($0)" }.joined() }

    /// The value `--features` takes for this selection: `shipped`, `none` or the list.
    public var description: String {
        self == .shipped ? "shipped" : features.isEmpty ? "none" : features.joined(separator: ",")
    }
}

/// Why a feature list could not be parsed.
public enum EngineFeatureSelectionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A name that is not a feature.
    case unknown(String)
    /// An empty list or an empty item between commas.
    case emptyItem(String)
    /// A name that is not a sanitizer.
    case unknownSanitizer(String)

    /// The message, naming the known features.
    public var description: String {
        let known = "known: \(EngineFeatureSelection.names.joined(separator: ", ")), or shipped, or none"
        switch self {
        case .unknown(let name): return "unknown engine feature '\(name)'; \(known)"
        case .emptyItem(let text): return "'\(text)' is not a list; \(known)"
        case .unknownSanitizer(let name): return "unknown sanitizer '\(name)'; known: address, undefined, or none"
        }
    }
}

/// Which sanitizers a rive-cpp build instruments with (`scripts/build-rive-cpp --sanitize`,
/// `--runtime-sanitize` of the harness), and the cache folder suffix that names them
/// (`+asan`, `+ubsan`, after the features' suffix).
public struct SanitizerSelection: Sendable, Hashable, CustomStringConvertible {
    /// The sanitizers a build can use, in the order cache folders list them, with their suffixes.
    public static let names: [(name: String, suffix: String)] = [("address", "+asan"), ("undefined", "+ubsan")]
    /// No sanitizer.
    public static let none = SanitizerSelection(uncheckedNames: [])

    /// The sanitizers, in `names` order.
    public let sanitizers: [String]

    private init(uncheckedNames: [String]) { sanitizers = uncheckedNames }

    /// Parses a comma-separated list of `names` (or `none`).
    /// - Throws: `EngineFeatureSelectionError.unknown` naming the unknown sanitizer.
    public init(parsing text: String) throws(EngineFeatureSelectionError) {
        guard text != "none" else { self = .none; return }
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard !items.isEmpty, !items.contains("") else { throw .emptyItem(text) }
        for item in items where !Self.names.contains(where: { $0.name == item }) { throw .unknownSanitizer(item) }
        sanitizers = Self.names.map(\.name).filter(items.contains)
    }

    /// The cache folder suffix: `+asan+ubsan`, or empty.
    public var cacheFolderSuffix: String { Self.names.filter { sanitizers.contains($0.name) }.map(\.suffix).joined() }

    /// The value `--sanitize` takes for this selection.
    public var description: String { sanitizers.isEmpty ? "none" : sanitizers.joined(separator: ",") }
}
