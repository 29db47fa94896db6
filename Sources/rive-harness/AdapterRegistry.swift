import AdapterProtocol
import Conformance
import ReferenceRuntime
import RuntimeAPI

/// The adapters `--adapter NAME` can choose, by name.
///
/// Each entry makes a fresh adapter instance (the runner makes one per job and replaces an
/// instance after a timeout or crash). Adding an adapter is one entry in `adapters`, plus
/// its module's `import` and the target dependency in Package.swift. The `process` adapter
/// is not in the list: it needs `--command` and a handshake first (`processFactory`).
enum AdapterRegistry {
    /// The known adapters in the order `--help` lists them.
    @MainActor static let adapters: [(name: String, make: @MainActor () -> any RuntimeAdapter)] = [
        ("reference", { ReferenceRuntimeAdapter() }),
    ]

    /// The name that selects `ProcessAdapter` (docs/adapter-protocol.md).
    static let processAdapterName = "process"

    /// The factory of the adapter with a name.
    /// - Throws: `UsageError` naming the known adapters when no adapter has that name.
    @MainActor static func factory(named name: String, command: String) throws(UsageError) -> @MainActor () -> any RuntimeAdapter {
        guard let entry = adapters.first(where: { $0.name == name }) else {
            let known = adapters.isEmpty ? "none are built into this binary yet" : "known adapters: " + adapters.map(\.name).joined(separator: ", ")
            throw UsageError(message: "unknown adapter '\(name)' (\(known))", hint: "see 'rive-harness \(command) --help'")
        }
        return entry.make
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
    @MainActor static func processFactory(_ configuration: ProcessAdapterConfiguration, name: String)
        -> Result<(first: ProcessAdapter, make: @MainActor () -> any RuntimeAdapter), StartFailure> {
        let first: ProcessAdapter
        do { first = try ProcessAdapter(configuration: configuration) } catch {
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
        switch processFactory(configuration, name: processAdapterName) {
        case .success(let started): return started
        case .failure(let failure):
            throw CommandFailure(message: "error: \(failure.diagnostic.message)\n  hint: \(failure.diagnostic.hint)", exitCode: .badInput)
        }
    }
}
