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
    /// The document that explains the build.
    let guide: String

    /// The Rive C++ runtime's driver (docs/rive-cpp-adapter.md).
    static let riveCpp = CachedAdapterOption(name: "rive-cpp", program: .riveCppDriver, revisionOption: "--runtime-commit",
                                             featuresOption: "--runtime-features",
                                             sanitizeOption: "--runtime-sanitize", guide: "docs/rive-cpp-adapter.md")
    /// RiveRuntime's Swift layer over the engine its rive-ios commit pins (docs/apple-adapter.md).
    static let apple = CachedAdapterOption(name: "apple", program: .appleAdapter, revisionOption: "--ios-commit",
                                           featuresOption: nil, sanitizeOption: nil, guide: "docs/apple-adapter.md")
    /// The options this adapter takes besides `--request-timeout`.
    var options: [String] { [revisionOption] + [featuresOption, sanitizeOption].compactMap { $0 } }

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

    /// The process configuration for the cached program of a revision (nil: HEAD) and
    /// engine features (nil: none to choose).
    /// - Throws: `CommandFailure` (exit 3, bad input) naming the one command that builds the
    ///   program, or why the revision cannot be resolved.
    func configuration(revision: String?, features: EngineFeatureSelection?, sanitizers: SanitizerSelection = .none,
                       requestTimeoutSeconds: Double) throws(CommandFailure) -> ProcessAdapterConfiguration {
        let located: CachedProgramLocator.Located
        do { located = try CachedProgramLocator(program).locate(revision: revision, features: features, sanitizers: sanitizers) } catch {
            throw CommandFailure(code: error.code, message: error.description, hint: "\(guide) explains the build",
                                 exitCode: .badInput)
        }
        return ProcessAdapterConfiguration(command: Self.shellQuoted(located.path), requestTimeoutSeconds: requestTimeoutSeconds)
    }

    /// A path quoted for `/bin/sh -c`.
    static func shellQuoted(_ path: String) -> String {
        "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
