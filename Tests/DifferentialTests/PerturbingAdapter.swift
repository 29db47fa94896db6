import Foundation
import ReferenceRuntime
import RuntimeAPI

/// The reference runtime with one deliberate difference, for checking that `diff` finds it.
@MainActor
final class PerturbingAdapter: RuntimeAdapter {
    /// What the adapter changes.
    enum Perturbation {
        /// From this view tick on (0-based), the second draw command's color changes.
        case drawColor(fromTick: Int)
        /// `getProperties(of:)` answers the first property of every view model as a string.
        case firstPropertyType
        /// `makeWorker()` fails.
        case noWorker
        /// `loadFile(_:)` suspends for an hour (until the watchdog gives up on it).
        case hangOnLoad
        /// `loadFile(_:)` logs `adapter.crashed` and fails, as a process adapter whose child died.
        case crashOnLoad
    }

    let name = "perturbed"
    let version = "test"
    let perturbation: Perturbation
    private let inner = ReferenceRuntimeAdapter()
    var capabilities: RuntimeCapabilities { inner.capabilities }

    init(_ perturbation: Perturbation) { self.perturbation = perturbation }

    func makeWorker() async throws(WorkerError) -> any Worker {
        if case .noWorker = perturbation { throw .missingDevice("this test adapter never starts") }
        return PerturbingWorker(inner: try await inner.makeWorker(), perturbation: perturbation)
    }
}

@MainActor
private final class PerturbingWorker: Worker {
    let inner: any Worker
    let perturbation: PerturbingAdapter.Perturbation

    init(inner: any Worker, perturbation: PerturbingAdapter.Perturbation) {
        self.inner = inner
        self.perturbation = perturbation
    }

    private var log: [RuntimeLogEntry] = []

    func loadFile(_ source: FileSource) async throws(FileError) -> any File {
        switch perturbation {
        case .hangOnLoad:
            try? await Task.sleep(for: .seconds(3600))
            throw .cancelled
        case .crashOnLoad:
            log.append(RuntimeLogEntry(level: .error, tag: "worker", code: RuntimeLogEntry.adapterCrashedCode, message: "the adapter process exited (signal 11)"))
            throw .invalidFile("the adapter process is gone")
        default: break
        }
        let file = try await inner.loadFile(source)
        if case .firstPropertyType = perturbation { return RetypingFile(inner: file) }
        return file
    }
    func decodeImage(from bytes: [UInt8]) async throws(AssetError) -> any Image { try await inner.decodeImage(from: bytes) }
    func decodeFont(from bytes: [UInt8]) async throws(AssetError) -> any Font { try await inner.decodeFont(from: bytes) }
    func decodeBlob(from bytes: [UInt8]) async throws(AssetError) -> any Blob { try await inner.decodeBlob(from: bytes) }
    func flush() async { await inner.flush() }
    func takeLog() async -> [RuntimeLogEntry] {
        let taken = log + (await inner.takeLog())
        log = []
        return taken
    }
    func makeView(_ configuration: ViewConfiguration) async throws(ObservationError) -> any RuntimeView {
        let view = try await inner.makeView(configuration)
        if case .drawColor(let fromTick) = perturbation { return RecoloringView(inner: view, fromTick: fromTick) }
        return view
    }
}

/// A view whose digest, from a tick on, has the second command's solid color replaced.
@MainActor
private final class RecoloringView: RuntimeView {
    let inner: any RuntimeView
    let fromTick: Int
    private var ticks = 0

    init(inner: any RuntimeView, fromTick: Int) {
        self.inner = inner
        self.fromTick = fromTick
    }

    func tick(_ tick: DisplayTick) async -> FrameReport {
        ticks += 1
        return await inner.tick(tick)
    }
    func drawDigest() async throws(ObservationError) -> DrawDigest {
        var digest = try await inner.drawDigest()
        guard ticks - 1 >= fromTick else { return digest }
        var drawn = 0
        for index in digest.commands.indices where digest.commands[index].hasPrefix("fill ") {
            drawn += 1
            guard drawn == 2 else { continue }
            digest.commands[index] = digest.commands[index].replacingOccurrences(of: "solid [0-9a-f]{8}", with: "solid 12345678", options: .regularExpression)
        }
        return digest
    }
    func rasterize() async throws(ObservationError) -> RasterFrame { try await inner.rasterize() }
    func send(_ event: PointerEvent) async throws(ObservationError) { try await inner.send(event) }
}

/// A file that reports the first property of every view model as a string.
@MainActor
private final class RetypingFile: File {
    let inner: any File
    init(inner: any File) { self.inner = inner }

    func getArtboardNames() async throws(FileError) -> [String] { try await inner.getArtboardNames() }
    func createArtboard(_ name: String?) async throws(FileError) -> any Artboard { try await inner.createArtboard(name) }
    func getViewModelNames() async throws(FileError) -> [String] { try await inner.getViewModelNames() }
    func getGlobalViewModelNames() async throws(FileError) -> [String] { try await inner.getGlobalViewModelNames() }
    func getInstanceNames(of viewModel: String) async throws(FileError) -> [String] { try await inner.getInstanceNames(of: viewModel) }
    func getProperties(of viewModel: String) async throws(FileError) -> [ViewModelProperty] {
        var properties = try await inner.getProperties(of: viewModel)
        if !properties.isEmpty { properties[0].type = properties[0].type == .string ? .number : .string }
        return properties
    }
    func getViewModelEnums() async throws(FileError) -> [ViewModelEnum] { try await inner.getViewModelEnums() }
    func getDefaultViewModelInfo(for artboard: any Artboard) async throws(ArtboardError) -> DefaultViewModelInfo {
        try await inner.getDefaultViewModelInfo(for: artboard)
    }
    func createViewModelInstance(_ source: ViewModelInstanceSource) async throws(FileError) -> any ViewModelInstance {
        try await inner.createViewModelInstance(source)
    }
}
