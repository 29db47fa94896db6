/// A Rive runtime as the conformance runner sees it: a name, capabilities and workers.
///
/// The runner depends only on this module. Each runtime (the reference runtime, an adapter
/// over Apple's RiveRuntime, a process speaking the JSON-lines protocol) provides one type
/// conforming to this protocol; the CLI and tests choose which. See docs/runtime-api.md.
@MainActor
public protocol RuntimeAdapter: AnyObject, Sendable {
    /// A short stable name for reports and expectation files, for example `reference`.
    var name: String { get }
    /// The runtime's version, for reports.
    var version: String { get }
    /// What the adapter can do; the planner skips scenarios that need anything else.
    var capabilities: RuntimeCapabilities { get }
    /// Creates a worker; files loaded on it share its assets and command order.
    /// - Throws: `WorkerError` when the runtime cannot start on this machine.
    func makeWorker() async throws(WorkerError) -> any Worker
}

extension RuntimeAdapter {
    /// Loads a file on a worker.
    /// - Throws: `FileError` as `Worker.loadFile(_:)` documents.
    public func openFile(_ source: FileSource, on worker: any Worker) async throws(FileError) -> any File {
        try await worker.loadFile(source)
    }
}
