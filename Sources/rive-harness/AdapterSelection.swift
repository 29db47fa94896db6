import AdapterProtocol
import Conformance
import HarnessSupport
import RuntimeAPI

/// The adapters a command line chose and the adapter options that configure them
/// (`--command`, `--adapter-name`, `--request-timeout`, `--handshake-timeout`,
/// `--runtime-commit`, `--runtime-features`, `--runtime-sanitize`, `--runtime-renderer`,
/// `--ios-commit`), parsed and
/// checked in one place for every command that starts adapters.
///
/// An option must be taken by at least one chosen adapter (`AdapterEntry.options`), and a
/// value is checked once, the same way for every command.
struct AdapterSelection {
    /// Every adapter option, in the order help lists them.
    static let optionNames = ["--command", "--adapter-name", "--request-timeout", "--handshake-timeout",
                              "--runtime-commit", "--runtime-features", "--runtime-sanitize", "--runtime-renderer", "--ios-commit"]
    /// The options-list row of a command that passes every adapter option on (fuzz, reduce).
    static let allOptionsRow = OptionSpec(group: "adapter options", names: optionNames, help: """
        --command, --adapter-name, --request-timeout,
        --handshake-timeout, --runtime-commit, --runtime-features,
        --runtime-sanitize (a build of scripts/build-rive-cpp
        --sanitize), --runtime-renderer (pixels by the Rive Renderer),
        --ios-commit, as 'diff' takes them
        """)
    /// The request timeout without `--request-timeout`, in seconds.
    static let defaultRequestTimeoutSeconds: Double = 10

    /// The chosen adapters, in the order given (the same one may be chosen twice).
    let adapters: [AdapterEntry]
    /// With `process`: the program of `--command`.
    let command: String?
    /// With `process`: the name reports use when the program fails its first handshake (`--adapter-name`).
    let fallbackName: String?
    /// Seconds a child may take to answer one request.
    let requestTimeoutSeconds: Double
    /// Seconds a child may take to start and answer the handshake (`--handshake-timeout`), if given.
    let handshakeTimeoutSeconds: Double?
    /// The commit of each cached adapter that names one (`--runtime-commit`, `--ios-commit`), by adapter name; absent: `HEAD`.
    let revisions: [String: String]
    /// The engine features of a cached program built in feature variants (`--runtime-features`; absent: shipped).
    let featuresText: String?
    /// The sanitizers of a cached program built so (`--runtime-sanitize`).
    let sanitizeText: String?
    /// Each chosen adapter's renderer (`--runtime-renderer`), by position: nil for the
    /// default (cairo) or an adapter that takes no renderer.
    let renderers: [String?]

    /// Reads the adapter options and checks them against the chosen adapters.
    /// - Parameters:
    ///   - names: the adapters chosen (by `--adapter` or `--adapters`).
    ///   - command: the subcommand, for hints.
    ///   - single: whether the command chooses one adapter with `--adapter` (the messages say so).
    /// - Throws: `UsageError` for an unknown adapter, an option no chosen adapter takes, or a bad value.
    init(names: [String], arguments: inout ArgumentList, command: String, single: Bool) throws(UsageError) {
        let hint = "see 'rive-harness \(command) --help'"
        var adapters: [AdapterEntry] = []
        for name in names { adapters.append(try AdapterRegistry.entry(named: name, command: command)) }
        self.adapters = adapters
        var values: [String: String] = [:]
        for option in Self.optionNames {
            if let value = try arguments.option(option) { values[option] = value }
        }
        let taken = Set(adapters.flatMap(\.options))
        for option in Self.optionNames where values[option] != nil && !taken.contains(option) {
            throw UsageError(message: Self.notTakenMessage(option, adapters: adapters, single: single), hint: hint)
        }
        func seconds(_ option: String) throws(UsageError) -> Double? {
            guard let text = values[option] else { return nil }
            guard let value = Double(text), value > 0, value <= RunOptions.maximumTimeoutSeconds else {
                throw UsageError(message: "\(option) needs a positive number of seconds up to \(Int(RunOptions.maximumTimeoutSeconds)), got '\(text)'",
                                 hint: hint)
            }
            return value
        }
        requestTimeoutSeconds = try seconds("--request-timeout") ?? Self.defaultRequestTimeoutSeconds
        handshakeTimeoutSeconds = try seconds("--handshake-timeout")
        var revisions: [String: String] = [:]
        for entry in adapters {
            guard case .cached(let cached) = entry.kind, let revision = values[cached.revisionOption] else { continue }
            guard !revision.isEmpty else { throw UsageError(message: "\(cached.revisionOption) needs a revision", hint: hint) }
            revisions[entry.name] = revision
        }
        self.revisions = revisions
        featuresText = values["--runtime-features"]
        sanitizeText = values["--runtime-sanitize"]
        renderers = try Self.renderers(values["--runtime-renderer"], adapters: adapters, hint: hint)
        for entry in adapters {
            guard case .cached(let cached) = entry.kind else { continue }
            _ = try cached.features(cached.featuresOption.flatMap { values[$0] })
            _ = try cached.sanitizers(cached.sanitizeOption.flatMap { values[$0] })
        }
        self.command = values["--command"]
        if adapters.contains(where: { if case .process = $0.kind { return true } else { return false } }) {
            guard let program = self.command, !program.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw UsageError(message: "--adapter process needs --command 'CMD ARGS'", hint: "for example --command 'rive-harness serve'; \(hint)")
            }
        }
        if let name = values["--adapter-name"] {
            guard !name.isEmpty, !name.contains(where: { $0.isWhitespace || $0 == "/" }) else {
                throw UsageError(message: "--adapter-name needs a name without spaces or '/', got '\(name)'", hint: hint)
            }
        }
        fallbackName = values["--adapter-name"]
    }

    /// The renderer of each chosen adapter from `--runtime-renderer`: one renderer for every
    /// adapter that takes the option, or (with several adapters) a comma-separated list with
    /// one entry per adapter in order, empty for an adapter that takes no renderer
    /// (`--adapters rive-cpp,rive-cpp --runtime-renderer cairo,vulkan`).
    /// - Throws: `UsageError` for an unknown renderer, a list of the wrong length, or a
    ///   renderer given to an adapter that takes none.
    static func renderers(_ text: String?, adapters: [AdapterEntry], hint: String) throws(UsageError) -> [String?] {
        guard let text else { return adapters.map { _ in nil } }
        func option(_ entry: AdapterEntry) -> CachedAdapterOption? {
            if case .cached(let cached) = entry.kind, cached.rendererOption != nil { return cached }
            return nil
        }
        let listed = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        // One renderer stands for every adapter that takes one, and for no other.
        let values = listed.count == 1 ? adapters.map { option($0) == nil ? "" : listed[0] } : listed
        guard values.count == adapters.count else {
            throw UsageError(message: "--runtime-renderer needs one renderer, or one entry per adapter (\(adapters.count)) separated by commas, got '\(text)'",
                             hint: hint)
        }
        var renderers: [String?] = []
        for (entry, value) in zip(adapters, values) {
            if let cached = option(entry) {
                renderers.append(try cached.renderer(value))
            } else {
                guard value.isEmpty else {
                    throw UsageError(message: "--runtime-renderer gives '\(value)' to \(entry.name), which takes no renderer; leave its entry empty",
                                     hint: hint)
                }
                renderers.append(nil)
            }
        }
        return renderers
    }

    /// Why an option no chosen adapter takes is refused, naming the adapters that take it.
    private static func notTakenMessage(_ option: String, adapters: [AdapterEntry], single: Bool) -> String {
        let takers = AdapterRegistry.adapters.filter { $0.options.contains(option) }.map(\.name)
        let takersText = takers.count > 1 ? takers.dropLast().joined(separator: ", ") + " or " + takers.last! : takers.joined()
        if single, let chosen = adapters.first {
            if case .cached = chosen.kind, option == "--command" {
                return "--adapter \(chosen.name) finds its own program; --command is for --adapter process"
            }
            if case .cached = chosen.kind, option == "--adapter-name" {
                return "--adapter-name is for --adapter process; --adapter \(chosen.name) is named \(chosen.name)"
            }
            return "\(option) needs --adapter \(takersText)"
        }
        return "\(option) is given, but no chosen adapter (\(adapters.map(\.name).joined(separator: ", "))) takes it; it is for \(takersText)"
    }

    /// How to start the chosen adapter at `index`, or nil for an in-process adapter.
    /// - Throws: `CommandFailure` (exit 3, bad input) when a cached program is not built or its revision cannot be resolved.
    func configuration(at index: Int) throws(CommandFailure) -> ProcessAdapterConfiguration? {
        let entry = adapters[index]
        var configuration: ProcessAdapterConfiguration
        switch entry.kind {
        case .inProcess: return nil
        case .process:
            configuration = ProcessAdapterConfiguration(command: command ?? "", requestTimeoutSeconds: requestTimeoutSeconds)
        case .cached(let cached):
            let features: EngineFeatureSelection?
            let sanitizers: SanitizerSelection
            do {
                features = try cached.features(featuresText)
                sanitizers = try cached.sanitizers(sanitizeText)
            } catch {
                throw CommandFailure(usage: error)
            }
            configuration = try cached.configuration(revision: revisions[entry.name], features: features, sanitizers: sanitizers,
                                                     renderer: renderers[index], requestTimeoutSeconds: requestTimeoutSeconds)
        }
        configuration.handshakeTimeoutSeconds = handshakeTimeoutSeconds
        return configuration
    }

    /// The factory of the chosen adapter at `index`: an in-process one from the registry, or a
    /// process adapter started and checked by its handshake first, whose factory makes
    /// siblings that start their own child.
    /// - Throws: `CommandFailure` with exit code 3 when a process adapter fails its first
    ///   handshake or a cached program is not built.
    @MainActor func factory(at index: Int) throws(CommandFailure) -> @MainActor () -> any RuntimeAdapter {
        if case .inProcess(let make) = adapters[index].kind { return make }
        return try AdapterRegistry.processFactory(try configuration(at: index)!).make
    }

    /// The label of the chosen adapter at `index` in reports and folders: its name, plus
    /// `+RENDERER` when `--runtime-renderer` gave it one (`rive-cpp+vulkan`).
    func label(at index: Int) -> String {
        adapters[index].name + (renderers[index].map { "+" + $0 } ?? "")
    }
}
