import AdapterProtocol
import Conformance
import ReferenceRuntime
import RuntimeAPI

/// How an adapter of the registry is made.
enum AdapterKind: Sendable {
    /// An adapter in this process, made fresh by the closure.
    case inProcess(@MainActor @Sendable () -> any RuntimeAdapter)
    /// The program of `--command`, run as a process adapter (docs/adapter-protocol.md).
    case process
    /// A program a build script cached for a commit, run as a process adapter.
    case cached(CachedAdapterOption)
}

/// One adapter `--adapter NAME` can choose: its name, how it is made and the adapter options it takes.
struct AdapterEntry: Sendable {
    /// The name that selects it.
    let name: String
    /// How it is made.
    let kind: AdapterKind
    /// Whether `rive-harness bench` has benchmarks for it (in process, or a cached bench program).
    let hasBenchmarks: Bool

    /// The adapter options (`AdapterSelection.optionNames`) it takes.
    var options: [String] {
        switch kind {
        case .inProcess: []
        case .process: ["--command", "--adapter-name", "--request-timeout", "--handshake-timeout"]
        case .cached(let cached): cached.options + ["--request-timeout", "--handshake-timeout"]
        }
    }
}

/// Every adapter `--adapter NAME` (and `--adapters`) can choose, by name.
///
/// Each entry says how the adapter is made (the runner makes one instance per job and replaces
/// an instance after a timeout or crash) and which adapter options it takes; `AdapterSelection`
/// parses and checks those options for every command from this list. Adding an in-process
/// adapter is one entry here, plus its module's `import` and the target dependency in
/// Package.swift; adding a cached program is an entry with a `CachedAdapterOption`.
enum AdapterRegistry {
    /// The known adapters in the order `--help` and errors list them.
    static let adapters: [AdapterEntry] = [
        AdapterEntry(name: "reference", kind: .inProcess { ReferenceRuntimeAdapter() }, hasBenchmarks: true),
        AdapterEntry(name: processAdapterName, kind: .process, hasBenchmarks: false),
        AdapterEntry(name: CachedAdapterOption.riveCpp.name, kind: .cached(.riveCpp), hasBenchmarks: true),
        AdapterEntry(name: CachedAdapterOption.apple.name, kind: .cached(.apple), hasBenchmarks: false),
    ]

    /// The name that selects `ProcessAdapter` (docs/adapter-protocol.md).
    static let processAdapterName = "process"

    /// The adapter with a name.
    /// - Throws: `UsageError` naming the known adapters (and the closest one) when no adapter has that name.
    static func entry(named name: String, command: String) throws(UsageError) -> AdapterEntry {
        guard let entry = adapters.first(where: { $0.name == name }) else {
            let suggestion = adapters.map(\.name).closestMatch(to: name).map { " (did you mean '\($0)'?)" } ?? ""
            throw UsageError(message: "unknown adapter '\(name)'\(suggestion); known adapters: \(adapters.map(\.name).joined(separator: ", "))",
                             hint: "see 'rive-harness \(command) --help'")
        }
        return entry
    }

    /// The factory of the in-process adapter with a name.
    /// - Throws: `UsageError` naming the in-process adapters when no in-process adapter has that name.
    static func inProcessFactory(named name: String, command: String) throws(UsageError) -> @MainActor @Sendable () -> any RuntimeAdapter {
        let inProcess = adapters.compactMap { entry -> (String, @MainActor @Sendable () -> any RuntimeAdapter)? in
            if case .inProcess(let make) = entry.kind { return (entry.name, make) }
            return nil
        }
        guard let found = inProcess.first(where: { $0.0 == name }) else {
            throw UsageError(message: "unknown adapter '\(name)' (in-process adapters: \(inProcess.map(\.0).joined(separator: ", ")))",
                             hint: "see 'rive-harness \(command) --help'")
        }
        return found.1
    }

    /// Why an adapter process failed its first handshake, in the forms a run reports it.
    struct StartFailure: Error {
        /// The adapter that stands for the program in the plan and the reports.
        let placeholder: UnstartedProcessAdapter
        /// The run's problem: code `adapter.start-failed`, the command, the reason with the stderr tail, a hint.
        let diagnostic: Diagnostic
        /// The message of every scenario's ERROR verdict.
        let scenarioMessage: String
    }

    /// The problem code of an adapter process that failed its first handshake.
    static let startFailedCode = "adapter.start-failed"

    /// Starts an adapter process and performs its handshake; the factory makes siblings that
    /// start their own child on first use and must declare the same identity.
    /// - Parameter name: the name reports use when the handshake fails.
    /// - Returns: the first adapter and the factory, or, when the child cannot start, dies,
    ///   breaks the protocol or does not answer within the handshake timeout, the failure.
    @MainActor static func processFactory(_ launch: ProcessAdapterLaunch, name: String)
        -> Result<(first: ProcessAdapter, make: @MainActor () -> any RuntimeAdapter), StartFailure> {
        let configuration = launch.configuration
        let first: ProcessAdapter
        do { first = try ProcessAdapter(launch: launch) } catch {
            let reason = "the adapter command '\(configuration.command)' failed its handshake: \(error.message)"
            let diagnostic = Diagnostic(subject: "adapter command '\(configuration.command)'", code: startFailedCode, message: reason,
                                        hint: "run the command by hand and check that its first output line answers the handshake of "
                                            + "docs/adapter-protocol.md §3 within --handshake-timeout; no scenario ran")
            return .failure(StartFailure(placeholder: UnstartedProcessAdapter(name: name, failure: error), diagnostic: diagnostic,
                                         scenarioMessage: "the adapter did not start (\(startFailedCode)): \(reason)"))
        }
        return .success((first, { first.sibling() }))
    }

    /// Starts an adapter process and performs its handshake, for commands that stop when it fails.
    /// - Throws: `CommandFailure` (exit 3, bad input: the adapter command) when the child
    ///   cannot start, dies or breaks the protocol during the handshake.
    @MainActor static func processFactory(_ configuration: ProcessAdapterConfiguration) throws(CommandFailure)
        -> (first: ProcessAdapter, make: @MainActor () -> any RuntimeAdapter) {
        switch processFactory(ProcessAdapter.launch(configuration: configuration), name: processAdapterName) {
        case .success(let started): return started
        case .failure(let failure):
            throw CommandFailure(message: failure.diagnostic.message, hint: failure.diagnostic.hint, exitCode: .badInput)
        }
    }
}
