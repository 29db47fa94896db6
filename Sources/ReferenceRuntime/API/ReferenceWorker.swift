import Foundation
import RiveFormat
import RuntimeAPI

/// The reference runtime's worker: it loads files, decodes assets, keeps the stream
/// subscriptions and the log.
///
/// Commands run synchronously in call order on the main actor, so a value set is visible to
/// the next `value(of:)` at once (PROP-1). Stream events are produced at two points only: at
/// the end of every state-machine advance and at `flush()`. Changes between two such points
/// coalesce into one event carrying the latest value; trigger streams emit once per fire.
@MainActor
public final class ReferenceWorker: Worker {
    // The subscriptions and the structure generation are read at the end of every advance,
    // so their exclusivity is enforced statically only (a dynamic check cost about 30
    // instructions per access): every write is an assignment of a value computed before the
    // access begins, and delivering reads a subscription out before calling it.
    @exclusivity(unchecked)
    private var subscriptions: [ObjectIdentifier: Subscription] = [:]
    @exclusivity(unchecked)
    private var subscriptionOrder: [ObjectIdentifier] = []
    private var log: [RuntimeLogEntry] = []
    /// Bumped whenever the instance graph changes shape (nested replacement, list edits), so
    /// state machines re-resolve their binds before their next advance.
    @exclusivity(unchecked)
    private(set) var structureGeneration: UInt64 = 0

    /// Creates a worker.
    public init() {}

    public func loadFile(_ source: FileSource) async throws(FileError) -> any File {
        if Task.isCancelled { throw .cancelled }
        return try openFile(source)
    }

    /// Loads a file synchronously; `loadFile(_:)` is the API form.
    /// - Throws: `FileError.missingFile`, `.invalidFile` or `.missingData`.
    public func openFile(_ source: FileSource) throws(FileError) -> ReferenceFile {
        let bytes: [UInt8]
        switch source {
        case .data(let data):
            bytes = data
        case .path(let path):
            guard FileManager.default.fileExists(atPath: path) else { throw .missingFile(path) }
            guard let data = FileManager.default.contents(atPath: path) else { throw .invalidFile("cannot read \(path)") }
            bytes = [UInt8](data)
        }
        guard !bytes.isEmpty else { throw .missingData("the source has 0 bytes") }
        do {
            return openDocument(try RiveReader.read(bytes))
        } catch {
            throw .invalidFile(error.description)
        }
    }

    /// Loads a document already read by `RiveReader`, for callers that report read errors
    /// themselves (with the error's code, offset and path).
    public func openDocument(_ document: RiveDocument) -> ReferenceFile {
        ReferenceFile(model: FileModel(document), worker: self)
    }

    public func decodeImage(from bytes: [UInt8]) async throws(AssetError) -> any Image {
        if Task.isCancelled { throw .cancelled }
        guard let size = ImageHeader.size(of: bytes) else {
            throw .failedDecoding("the bytes are neither a PNG (with an IHDR chunk) nor a JPEG (with a frame header)")
        }
        return ReferenceImage(width: size.width, height: size.height, worker: self)
    }

    public func decodeFont(from bytes: [UInt8]) async throws(AssetError) -> any Font {
        if Task.isCancelled { throw .cancelled }
        let tags: [[UInt8]] = [[0, 1, 0, 0], Array("OTTO".utf8), Array("true".utf8), Array("ttcf".utf8)]
        guard bytes.count >= 12, tags.contains(Array(bytes.prefix(4))) else {
            throw .failedDecoding("the bytes do not start with a TrueType or OpenType tag")
        }
        return ReferenceFont(worker: self)
    }

    public func decodeBlob(from bytes: [UInt8]) async throws(AssetError) -> any Blob {
        if Task.isCancelled { throw .cancelled }
        return ReferenceBlob(byteCount: bytes.count, worker: self)
    }

    /// Delivers the events of every change since the last advance or flush.
    public func flush() async {
        deliverStreamEvents()
    }

    public func takeLog() -> [RuntimeLogEntry] {
        defer { log.removeAll() }
        return log
    }

    /// Creates a view of a reference state machine (see `ReferenceView` for its policy).
    /// - Throws: `ObservationError.failed` when the state machine is not a reference runtime
    ///   state machine of this worker, or the size is not positive.
    public func makeView(_ configuration: ViewConfiguration) throws(ObservationError) -> any RuntimeView {
        guard let stateMachine = configuration.stateMachine as? ReferenceStateMachine, stateMachine.artboard.file.worker === self else {
            throw .failed("the state machine was not created by this reference worker")
        }
        guard configuration.width > 0, configuration.height > 0 else {
            throw .failed("the view size \(configuration.width)x\(configuration.height) is not positive")
        }
        return ReferenceView(stateMachine: stateMachine, width: configuration.width, height: configuration.height)
    }

    // MARK: Internal

    /// Records a failure that the API does not surface (a mutator or stream failure).
    func report(_ tag: String, _ code: String, _ message: String, level: RuntimeLogEntry.Level = .error) {
        log.append(RuntimeLogEntry(level: level, tag: tag, code: code, message: message))
    }

    /// Notes that the instance graph changed shape.
    func graphChanged() { structureGeneration &+= 1 }

    /// Starts delivering changes of the property at `path` below `root`.
    func subscribe(_ subscription: Subscription) {
        let id = ObjectIdentifier(subscription)
        subscriptions[id] = subscription
        subscriptionOrder.append(id)
    }

    /// Stops delivering to a subscription.
    func unsubscribe(_ subscription: Subscription) {
        let id = ObjectIdentifier(subscription)
        subscriptions[id] = nil
        subscriptionOrder.removeAll { $0 == id }
    }

    /// Checks every subscription once: resolves its path again (following nested
    /// replacement) and delivers one event per changed value, or one per trigger fire.
    func deliverStreamEvents() {
        for id in subscriptionOrder {
            subscriptions[id]?.check()
        }
    }
}

/// One stream's subscription to a property: where it looks and what it has delivered.
@MainActor
final class Subscription {
    private let root: InstanceNode
    private let path: String
    private let dataType: DataType
    private let resolver: PathResolver
    private let deliver: (ValueNode) -> Void
    private let fail: (ViewModelInstanceError) -> Void
    private var node: ValueNode?
    private var seenRevision: UInt64 = 0
    private var seenFires: UInt64 = 0

    /// Creates a subscription whose baseline is the property's current state, so nothing is
    /// delivered before the first change (STR-1); `nil` when the path does not resolve.
    init?(root: InstanceNode, path: String, dataType: DataType, resolver: PathResolver,
          deliver: @escaping (ValueNode) -> Void, fail: @escaping (ViewModelInstanceError) -> Void) {
        guard case .success(let node) = resolver.resolve(path, in: root, as: dataType) else { return nil }
        self.root = root
        self.path = path
        self.dataType = dataType
        self.resolver = resolver
        self.deliver = deliver
        self.fail = fail
        adopt(node)
    }

    private func adopt(_ node: ValueNode) {
        self.node = node
        seenRevision = node.revision
        seenFires = node.fireCount
    }

    func check() {
        switch resolver.resolve(path, in: root, as: dataType) {
        case .failure(let failure):
            fail(.message(failure.message))
        case .success(let current):
            if current !== node {
                adopt(current)
                if dataType != .trigger { deliver(current) }
            } else if dataType == .trigger {
                while seenFires < current.fireCount {
                    seenFires += 1
                    deliver(current)
                }
            } else if current.revision != seenRevision {
                seenRevision = current.revision
                deliver(current)
            }
        }
    }
}

/// Reads image dimensions from PNG and JPEG headers.
enum ImageHeader {
    /// The width and height, or `nil` when the bytes are not a PNG or JPEG with a readable header.
    static func size(of bytes: [UInt8]) -> (width: Int, height: Int)? {
        func be(_ offset: Int, _ count: Int) -> Int {
            bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
        }
        if bytes.count >= 24, bytes.prefix(8).elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
           bytes[12..<16].elementsEqual(Array("IHDR".utf8)) {
            let width = be(16, 4), height = be(20, 4)
            return width > 0 && height > 0 ? (width, height) : nil
        }
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var offset = 2
        while offset + 9 < bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            let length = be(offset + 2, 2)
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                let height = be(offset + 5, 2), width = be(offset + 7, 2)
                return width > 0 && height > 0 ? (width, height) : nil
            }
            offset += 2 + length
        }
        return nil
    }
}

/// An image decoded by a reference worker: its header only (the scene draws no images; `Image`
/// components are reported as unsupported content).
@MainActor
public final class ReferenceImage: Image {
    /// The width in pixels, from the image header.
    public let width: Int
    /// The height in pixels, from the image header.
    public let height: Int
    let worker: ReferenceWorker

    init(width: Int, height: Int, worker: ReferenceWorker) {
        self.width = width
        self.height = height
        self.worker = worker
    }
}

/// A font accepted by a reference worker.
@MainActor
public final class ReferenceFont: Font {
    let worker: ReferenceWorker
    init(worker: ReferenceWorker) { self.worker = worker }
}

/// A blob held by a reference worker.
@MainActor
public final class ReferenceBlob: Blob {
    /// How many bytes the blob holds.
    public let byteCount: Int
    let worker: ReferenceWorker

    init(byteCount: Int, worker: ReferenceWorker) {
        self.byteCount = byteCount
        self.worker = worker
    }
}
