import AdapterProtocol
import HarnessSupport

/// `--adapter rive-cpp` and `--adapter apple`: a program a build script cached for a commit,
/// run as a process adapter (the Rive C++ runtime's driver, or RiveRuntime's Swift layer
/// built on Linux).
struct CachedAdapterOption: Sendable {
    /// The adapter name that selects it.
    let name: String
    /// The cached program.
    let program: CachedProgram
    /// The option that picks the commit (`--runtime-commit`, `--ios-commit`).
    let revisionOption: String
    /// The option that picks the engine features the program was built with
    /// (`--runtime-features`), for programs built in feature variants.
    let featuresOption: String?
    /// The option that picks a sanitized build (`--runtime-sanitize`), for programs built so.
    let sanitizeOption: String?
    /// The option that picks the build with the Rive Renderer and has the program draw pixels
    /// with it (`--runtime-renderer`), for programs built so.
    let rendererOption: String?
    /// The document that explains the build.
    let guide: String

    /// The Rive C++ runtime's driver (docs/rive-cpp-adapter.md).
    static let riveCpp = CachedAdapterOption(name: "rive-cpp", program: .riveCppDriver, revisionOption: "--runtime-commit",
                                             featuresOption: "--runtime-features",
                                             sanitizeOption: "--runtime-sanitize", rendererOption: "--runtime-renderer",
                                             guide: "docs/rive-cpp-adapter.md")
    /// RiveRuntime's Swift layer over the engine its rive-ios commit pins (docs/apple-adapter.md).
    static let apple = CachedAdapterOption(name: "apple", program: .appleAdapter, revisionOption: "--ios-commit",
                                           featuresOption: nil, sanitizeOption: nil, rendererOption: nil, guide: "docs/apple-adapter.md")
    /// The options this adapter takes besides `--request-timeout`.
    var options: [String] { [revisionOption] + [featuresOption, sanitizeOption, rendererOption].compactMap { $0 } }

    /// The renderers a `rendererOption` value names, and the driver argument that draws with it.
    static let renderers = ["vulkan": "--rasterizer rive-vulkan"]
    /// The `rendererOption` value that names the default: the plain build, pixels by our cairo renderer.
    static let defaultRenderer = "cairo"

    /// The renderer of a `rendererOption` value (nil: none or `cairo`, pixels by cairo).
    /// - Throws: `UsageError` for an unknown renderer.
    func renderer(_ value: String?) throws(UsageError) -> String? {
        guard let value, let rendererOption, value != Self.defaultRenderer else { return nil }
        guard Self.renderers[value] != nil else {
            throw UsageError(message: "\(rendererOption) takes \(([Self.defaultRenderer] + Self.renderers.keys.sorted()).joined(separator: ", ")), got '\(value)'",
                             hint: "see docs/rive-renderer.md")
        }
        return value
    }

    /// The sanitizers of a `sanitizeOption` value (nil: none).
    /// - Throws: `UsageError` for an unknown sanitizer.
    func sanitizers(_ value: String?) throws(UsageError) -> SanitizerSelection {
        guard let value, let sanitizeOption else { return .none }
        do { return try SanitizerSelection(parsing: value) } catch {
            throw UsageError(message: "\(sanitizeOption): \(error.description)", hint: "see \(guide)")
        }
    }

    /// The engine features of a `featuresOption` value (nil: shipped), or nil for a program
    /// without feature variants.
    /// - Throws: `UsageError` for an unknown feature.
    func features(_ value: String?) throws(UsageError) -> EngineFeatureSelection? {
        guard let featuresOption else { return nil }
        guard let value else { return .shipped }
        do { return try EngineFeatureSelection(parsing: value) } catch {
            throw UsageError(message: "\(featuresOption): \(error.description)", hint: "see \(guide)")
        }
    }

    /// The process configuration for the cached program of a revision (nil: HEAD), engine
    /// features (nil: none to choose), sanitizers and renderer (nil: none; else the build with
    /// it, run with the argument that has it draw the pixels).
    /// - Throws: `CommandFailure` (exit 3, bad input) naming the one command that builds the
    ///   program, or why the revision cannot be resolved.
    func configuration(revision: String?, features: EngineFeatureSelection?, sanitizers: SanitizerSelection = .none,
                       renderer: String? = nil, requestTimeoutSeconds: Double) throws(CommandFailure) -> ProcessAdapterConfiguration {
        let located: CachedProgramLocator.Located
        do {
            located = try CachedProgramLocator(program).locate(revision: revision, features: features, sanitizers: sanitizers, renderer: renderer)
        } catch {
            throw CommandFailure(code: error.code, message: error.description, hint: "\(guide) explains the build",
                                 exitCode: .badInput)
        }
        let argument = renderer.flatMap { Self.renderers[$0] }.map { " " + $0 } ?? ""
        return ProcessAdapterConfiguration(command: Self.shellQuoted(located.path) + argument, requestTimeoutSeconds: requestTimeoutSeconds)
    }

    /// A path quoted for `/bin/sh -c`.
    static func shellQuoted(_ path: String) -> String {
        "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
