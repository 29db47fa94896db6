import ReferenceRuntime
import RuntimeAPI

/// The adapters `--adapter NAME` can choose, by name.
///
/// Each entry makes a fresh adapter instance (the runner makes one per job and replaces an
/// instance after a timeout or crash). Adding an adapter is one entry in `adapters`, plus
/// its module's `import` and the target dependency in Package.swift.
enum AdapterRegistry {
    /// The known adapters in the order `--help` lists them.
    @MainActor static let adapters: [(name: String, make: @MainActor () -> any RuntimeAdapter)] = [
        ("reference", { ReferenceRuntimeAdapter() }),
    ]

    /// The factory of the adapter with a name.
    /// - Throws: `UsageError` naming the known adapters when no adapter has that name.
    @MainActor static func factory(named name: String, command: String) throws(UsageError) -> @MainActor () -> any RuntimeAdapter {
        guard let entry = adapters.first(where: { $0.name == name }) else {
            let known = adapters.isEmpty ? "none are built into this binary yet" : "known adapters: " + adapters.map(\.name).joined(separator: ", ")
            throw UsageError(message: "unknown adapter '\(name)' (\(known))", hint: "see 'rive-harness \(command) --help'")
        }
        return entry.make
    }
}
