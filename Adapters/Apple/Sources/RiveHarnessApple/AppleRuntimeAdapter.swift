import Foundation
import RuntimeAPI

/// The RiveHarness adapter over Rive's Apple runtime (`RiveRuntime`, the Swift-concurrency API).
///
/// Every RuntimeAPI object wraps the RiveRuntime object of the same name and forwards to the
/// call of the same name (README.md has the table). What RiveRuntime 6.24 has no API for
/// (global view models, blob and font properties, state-machine inputs, a headless view) is
/// left out of `capabilities`, so the planner skips the scenarios that need it.
@MainActor
public final class AppleRuntimeAdapter: RuntimeAdapter {
    /// `apple`: expectations live in `Corpus/expectations/apple.yaml`.
    public let name = "apple"
    /// The RiveRuntime version this adapter was built against (the one Package.swift pins).
    public let version: String
    /// Introspection, values, streams, lists, nested instances and binding, plus what the
    /// built RiveRuntime was found to have (`riveRuntimeFeatures`).
    public let capabilities: RuntimeCapabilities = AppleRuntimeAdapter.riveRuntimeFeatures

    /// The version `Package.swift` pins.
    public static let pinnedRiveRuntimeVersion = "6.24.0"

    /// The capabilities the RiveRuntime this adapter is compiled against supports.
    ///
    /// The API-dependent one comes from a compilation condition that `scripts/build-rive-ios`
    /// sets after probing the built module (features.txt). Globals, `createStateMachine(_:binding:)`
    /// and blobs appear only in the 6.28 documentation, not in any public rive-ios source, so
    /// the adapter has no code for them and does not declare them.
    static var riveRuntimeFeatures: RuntimeCapabilities {
        var capabilities: RuntimeCapabilities = [.introspection, .values, .streams, .lists, .nestedInstances, .binding]
        // Every released RiveRuntime has `Rive` (View/Rive.swift); the Linux build compiles it
        // over a Combine stand-in when the commit's View/Rive.swift exists.
        #if !RIVE_RUNTIME_LINUX_BUILD || RIVE_RUNTIME_HAS_RIVE_OBJECT
        capabilities.insert(.riveObject)
        #endif
        return capabilities
    }

    /// The version to report: on Linux the rive-ios and rive-runtime commits the module was
    /// built from (scripts/build-rive-ios), elsewhere the pinned release.
    public static var builtRiveRuntimeVersion: String {
        #if RIVE_RUNTIME_LINUX_BUILD
        riveRuntimeBuildDescription
        #else
        pinnedRiveRuntimeVersion
        #endif
    }

    /// Creates the adapter; pass the RiveRuntime version when you pin another one.
    public init(riveRuntimeVersion: String = AppleRuntimeAdapter.builtRiveRuntimeVersion) {
        version = "RiveRuntime \(riveRuntimeVersion)"
    }

    /// Creates a RiveRuntime `Worker` (which needs a Metal device).
    /// - Throws: `WorkerError.missingDevice` when RiveRuntime finds no Metal device.
    public func makeWorker() async throws(WorkerError) -> any Worker {
        RiveLogCapture.shared.install()
        do {
            return AppleWorker(try await RRWorker())
        } catch {
            throw workerError(error)
        }
    }
}

/// A RiveRuntime `Worker`: files, asset decoding, and the flush point.
@MainActor
final class AppleWorker: Worker {
    let rive: RRWorker
    /// The files loaded on this worker that are still alive; `flush()` sends its requests through one of them.
    private var files: [WeakFile] = []
    private var logStart: Int

    init(_ rive: RRWorker) {
        self.rive = rive
        logStart = RiveLogCapture.shared.count
    }

    func loadFile(_ source: FileSource) async throws(FileError) -> any File {
        let data: Data
        switch source {
        case .data(let bytes):
            guard !bytes.isEmpty else { throw .missingData("0 bytes") }
            data = Data(bytes)
        case .path(let path):
            guard FileManager.default.fileExists(atPath: path) else { throw .missingFile(path) }
            guard let contents = FileManager.default.contents(atPath: path) else { throw .invalidFile("cannot read \(path)") }
            guard !contents.isEmpty else { throw .missingData(path) }
            data = contents
        }
        let file: RRFile
        do { file = try await RRFile(source: .data(data), worker: rive) } catch { throw fileError(error) }
        let wrapper = AppleFile(file, worker: self)
        files.removeAll { $0.file == nil }
        files.append(WeakFile(file: wrapper))
        return wrapper
    }

    func decodeImage(from bytes: [UInt8]) async throws(AssetError) -> any RuntimeAPI.Image {
        do {
            return AppleImage(try await rive.decodeImage(from: Data(bytes)), size: ImageSize(of: bytes))
        } catch {
            throw assetError(error)
        }
    }

    func decodeFont(from bytes: [UInt8]) async throws(AssetError) -> any RuntimeAPI.Font {
        do {
            return AppleFont(try await rive.decodeFont(from: Data(bytes)))
        } catch {
            throw assetError(error)
        }
    }

    func decodeBlob(from bytes: [UInt8]) async throws(AssetError) -> any Blob {
        throw .failedDecoding("RiveRuntime \(AppleRuntimeAdapter.builtRiveRuntimeVersion) has no blob decoding (blob properties appear only in the 6.28 documentation)")
    }

    /// Round trips through the command queue, each followed by main-actor turns, until two in
    /// a row deliver no stream event (at most `maximumFlushRoundTrips`).
    ///
    /// RiveRuntime delivers stream events only while a request is outstanding or a view pumps
    /// messages. The engine's server drains every command waiting (the replies go out as it
    /// goes) and only then posts the events of the properties that changed
    /// (`CommandServer::processCommands`, `checkPropertySubscriptions` at its end, in
    /// src/command_server.cpp). A request sent after a reply can still land in that batch
    /// while the server drains it, and its reply then comes before the events, so one quiet
    /// round trip does not show the batch ended; two in a row make a missed event unlikely,
    /// not impossible. Each event then hops through `Task { @MainActor }` into RiveRuntime's
    /// stream and through the forwarding task into the RuntimeAPI channel, which the turns let run.
    func flush() async {
        guard let file = files.lazy.compactMap(\.file).first else { return }
        var quietRoundTrips = 0
        for _ in 0..<Self.maximumFlushRoundTrips where quietRoundTrips < 2 {
            let delivered = forwardedStreamElements
            _ = try? await file.rive.getArtboardNames()
            for _ in 0..<Self.deliveryTurns { await Task.yield() }
            quietRoundTrips = forwardedStreamElements == delivered ? quietRoundTrips + 1 : 0
        }
    }

    /// The most round trips one `flush()` makes while events keep arriving.
    static let maximumFlushRoundTrips = 8

    /// One display frame's message drain, as RiveRuntime's view controller does it before each
    /// advance (its message gate's `processMessagesForFrame()`); without it nothing delivers
    /// stream events between requests. Only the Linux build can reach the gate (it is internal
    /// to RiveRuntime; our Linux module exposes it), so on Apple platforms this does nothing and
    /// events wait for the next request, as they do for an app without a view.
    func drainForFrame() {
        #if RIVE_RUNTIME_LINUX_BUILD
        processMessagesForFrame(rive)
        #endif
    }

    /// Main-actor turns `flush()` gives the delivery hops after each round trip: two hops per
    /// event, with room for the jobs an earlier scenario's streams still queue.
    static let deliveryTurns = 32

    func takeLog() -> [RuntimeLogEntry] {
        let entries = RiveLogCapture.shared.entries(since: logStart)
        logStart += entries.count
        return entries
    }

    func makeView(_ configuration: ViewConfiguration) throws(ObservationError) -> any RuntimeView {
        throw .unsupported([.redrawReports, .frameReports, .pixels, .drawDigest, .pointerEvents],
                           "the Apple adapter has no headless view: RiveUIView needs a window and a Metal drawable")
    }

    /// Records a failure that RiveRuntime has no API for, in this worker's log.
    func logUnsupported(tag: String, _ message: String) {
        RiveLogCapture.shared.append(RuntimeLogEntry(level: .error, tag: tag, code: "apple.unsupported", message: message))
    }
}

/// A file loaded on a worker, held weakly so the worker does not keep its files alive.
private struct WeakFile {
    weak var file: AppleFile?
}

/// Collects what RiveRuntime logs at error level or above, process-wide.
///
/// `RiveLog.logger` is global, so entries cannot be attributed to one worker when workers run
/// concurrently; this is why the adapter does not declare the `log` capability.
final class RiveLogCapture: RRLogger, @unchecked Sendable {
    static let shared = RiveLogCapture()
    private let lock = NSLock()
    private var log: [RuntimeLogEntry] = []
    private var installed = false

    /// Makes this the RiveRuntime logger, once.
    @MainActor func install() {
        let first = lock.withLock { () -> Bool in
            defer { installed = true }
            return !installed
        }
        if first { installRiveLogger(self) }
    }

    var count: Int { lock.withLock { log.count } }

    func entries(since start: Int) -> [RuntimeLogEntry] {
        lock.withLock { Array(log[min(start, log.count)...]) }
    }

    func append(_ entry: RuntimeLogEntry) { lock.withLock { log.append(entry) } }

    private func record(_ level: RuntimeLogEntry.Level, _ tag: RRLogTag, _ message: () -> String) {
        append(RuntimeLogEntry(level: level, tag: Self.tagName(tag), code: "apple.logged-\(level.rawValue)", message: message()))
    }

    private static func tagName(_ tag: RRLogTag) -> String {
        switch tag {
        case .rive: "rive"
        case .worker: "worker"
        case .file: "file"
        case .artboard: "artboard"
        case .stateMachine: "stateMachine"
        case .viewModelInstance: "viewModelInstance"
        case .image: "image"
        case .font: "font"
        case .audio: "audio"
        case .view: "view"
        case .custom(let name): name
        @unknown default: "\(tag)"
        }
    }

    /// Whether every RiveRuntime log message is also written to standard error
    /// (`RIVE_HARNESS_APPLE_LOG=1`), to follow what RiveRuntime does during a run.
    private let echoes = ProcessInfo.processInfo.environment["RIVE_HARNESS_APPLE_LOG"] == "1"

    private func echo(_ level: String, _ tag: RRLogTag, _ message: () -> String) {
        guard echoes else { return }
        FileHandle.standardError.write(Data("RiveRuntime \(level) [\(Self.tagName(tag))] \(message())\n".utf8))
    }

    func notice(tag: RRLogTag, _ message: @escaping () -> String) { echo("notice", tag, message) }
    func debug(tag: RRLogTag, _ message: @escaping () -> String) { echo("debug", tag, message) }
    func trace(tag: RRLogTag, _ message: @escaping () -> String) { echo("trace", tag, message) }
    func info(tag: RRLogTag, _ message: @escaping () -> String) { echo("info", tag, message) }
    func error(tag: RRLogTag, error: (any Error)?, _ message: @escaping () -> String) {
        let text = message() + (error.map { " (\($0))" } ?? "")
        echo("error", tag) { text }
        record(.error, tag) { text }
    }
    func warning(tag: RRLogTag, _ message: @escaping () -> String) { echo("warning", tag, message); record(.warning, tag, message) }
    func fault(tag: RRLogTag, _ message: @escaping () -> String) { echo("fault", tag, message); record(.error, tag, message) }
    func critical(tag: RRLogTag, _ message: @escaping () -> String) { echo("critical", tag, message); record(.error, tag, message) }
}
