import RuntimeAPI

/// The reference runtime as a `RuntimeAdapter`: deterministic, in-process, over `RiveFormat`.
///
/// Part 1 (this version) covers view models, instances, binding, globals, lists, assets,
/// streams and data binds applied on advance. The view loop, frame and redraw reports, draw
/// digests, pixels and pointer events are part 2, a separate issue; they are not in
/// `capabilities`, and `ReferenceWorker.makeView(_:)` reports them unsupported.
@MainActor
public final class ReferenceRuntimeAdapter: RuntimeAdapter {
    public let name = "reference"
    public let version = "0.1 (part 1: data binding)"
    public let capabilities: RuntimeCapabilities = [
        .introspection, .values, .streams, .globals, .lists, .nestedInstances, .assets, .binding, .log,
    ]

    /// Creates the adapter.
    public init() {}

    public func makeWorker() async throws(WorkerError) -> any Worker { ReferenceWorker() }
}
