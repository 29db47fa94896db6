import RuntimeAPI

/// The reference runtime as a `RuntimeAdapter`: deterministic, in-process, over `RiveFormat`.
///
/// It covers view models, instances, binding, globals, lists, assets, streams and data binds
/// (part 1), and the scene, animations, state machines, listeners, drawing and the view loop
/// (part 2): `ReferenceWorker.makeView(_:)` returns a `ReferenceView` with frame and redraw
/// reports, draw digests, pixels and pointer events. Content it cannot play is reported per
/// artboard (`ReferenceArtboard.unsupportedContent`).
@MainActor
public final class ReferenceRuntimeAdapter: RuntimeAdapter {
    /// The adapter's registry name.
    public let name = "reference"
    /// What this version of the reference runtime covers.
    public let version = "0.2 (data binding, scene, state machines, view loop)"
    /// Every hook the harness can check, and the legacy play of animations
    /// (`animationPlayback`); none of the content features (`RuntimeCapabilities.contentFeatures`):
    /// it does not shape or draw text (text objects are listed as unsupported content), runs no
    /// layout engine (layout components are placed as the C++ runtime places them with layout
    /// compiled out, LayoutComponents.swift), runs no scripts (a scripted converter passes its
    /// input through), plays no audio and does not draw images.
    public let capabilities: RuntimeCapabilities = [
        .introspection, .values, .streams, .globals, .lists, .nestedInstances, .assets, .binding, .log,
        .pointerEvents, .pixels, .drawDigest, .redrawReports, .frameReports, .inputs,
        .artboardMetrics, .riveObject, .animationPlayback,
    ]

    /// Creates the adapter.
    public init() {}

    /// Creates a `ReferenceWorker`.
    public func makeWorker() async throws(WorkerError) -> any Worker { ReferenceWorker() }
}
