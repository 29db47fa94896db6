import AdapterProtocol
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

    /// Starts an adapter process and performs its handshake; the factory makes siblings that
    /// start their own child on first use and must declare the same identity.
    /// - Throws: `CommandFailure` (exit 3, bad input: the adapter command) when the child
    ///   cannot start, dies or breaks the protocol during the handshake.
    @MainActor static func processFactory(_ configuration: ProcessAdapterConfiguration) throws(CommandFailure)
        -> (first: ProcessAdapter, make: @MainActor () -> any RuntimeAdapter) {
        let first: ProcessAdapter
        do { first = try ProcessAdapter(configuration: configuration) } catch {
            throw CommandFailure(message: "error: the adapter command '\(configuration.command)' failed its handshake: \(error.message)\n"
                                     + "  hint: run the command by hand and check that its first output line answers the handshake of docs/adapter-protocol.md §3",
                                 exitCode: .badInput)
        }
        return (first, { first.sibling() })
    }
}
