import Foundation
import RuntimeAPI

/// How to start and talk to an adapter process.
public struct ProcessAdapterConfiguration: Sendable {
    /// The command line, run with `/bin/sh -c`.
    public var command: String
    /// How long the child may take to answer one request, in seconds.
    public var requestTimeoutSeconds: Double
    /// How long a child may take to start and answer the handshake, in seconds; `nil` is
    /// `ProcessAdapter.handshakeTimeoutSeconds` or the request timeout when that is longer.
    public var handshakeTimeoutSeconds: Double?
    /// The child's environment.
    public var environment: [String: String]

    /// Creates a configuration; the environment defaults to the harness's own.
    public init(command: String, requestTimeoutSeconds: Double = 10, handshakeTimeoutSeconds: Double? = nil,
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.command = command
        self.requestTimeoutSeconds = requestTimeoutSeconds
        self.handshakeTimeoutSeconds = handshakeTimeoutSeconds
        self.environment = environment
    }

    /// The handshake's deadline in seconds: `handshakeTimeoutSeconds`, else the longer of the
    /// request timeout and `ProcessAdapter.handshakeTimeoutSeconds`.
    public var effectiveHandshakeTimeoutSeconds: Double {
        handshakeTimeoutSeconds ?? max(requestTimeoutSeconds, ProcessAdapter.handshakeTimeoutSeconds)
    }
}

/// An adapter process started with its handshake sent but not yet answered
/// (`ProcessAdapter.launch(configuration:)`).
@MainActor
public struct ProcessAdapterLaunch {
    /// How the child was started.
    public let configuration: ProcessAdapterConfiguration
    let session: Result<ProcessSession, SessionFailure>
}

/// What a child declared in its handshake (docs/adapter-protocol.md §3).
public struct ProcessAdapterIdentity: Sendable, Hashable {
    /// The adapter's stable name.
    public var adapterName: String
    /// The adapter program's version.
    public var adapterVersion: String
    /// The runtime under test.
    public var runtimeName: String
    /// The runtime's version.
    public var runtimeVersion: String
    /// The runtime's source commit, when known.
    public var runtimeCommit: String?
    /// The capabilities the adapter declared.
    public var capabilities: RuntimeCapabilities

    /// The version reports show: the adapter's version, then the runtime's name, version and
    /// commit in parentheses unless the runtime is the adapter itself (same name and version, no commit).
    public var reportVersion: String {
        if runtimeName == adapterName, runtimeVersion == adapterVersion, runtimeCommit == nil { return adapterVersion }
        return "\(adapterVersion) (\(runtimeName) \(runtimeVersion)\(runtimeCommit.map { " @ \($0)" } ?? ""))"
    }

    /// Reads a handshake result.
    /// - Throws: `ProcessAdapterError` naming the missing or wrong key.
    init(handshake result: JSONObject) throws(ProcessAdapterError) {
        func string(_ key: String) throws(ProcessAdapterError) -> String {
            guard let value = result[key]?.stringValue else {
                throw ProcessAdapterError(message: "the handshake answer has no string '\(key)': \(result.serializedText)")
            }
            return value
        }
        guard result["protocolVersion"]?.intValue == adapterProtocolVersion else {
            throw ProcessAdapterError(message: "the adapter speaks protocol version \(result["protocolVersion"]?.serialized ?? "(none)"), the harness speaks \(adapterProtocolVersion)")
        }
        adapterName = try string("adapterName")
        adapterVersion = try string("adapterVersion")
        runtimeName = try string("runtimeName")
        runtimeVersion = try string("runtimeVersion")
        guard let commit = result["runtimeCommit"], commit.isNull || commit.stringValue != nil else {
            throw ProcessAdapterError(message: "the handshake answer needs 'runtimeCommit' (a string or null)")
        }
        runtimeCommit = commit.stringValue
        guard let names = result["capabilities"]?.arrayValue, names.allSatisfy({ $0.stringValue != nil }) else {
            throw ProcessAdapterError(message: "the handshake answer needs 'capabilities', a list of names")
        }
        let declared = WireCodec.capabilities(names.compactMap(\.stringValue))
        capabilities = declared.capabilities
        if let unknown = declared.unknown {
            throw ProcessAdapterError(message: "the handshake declares an unknown capability '\(unknown)' (known: \(RuntimeCapabilities.names.map(\.name).joined(separator: ", ")))")
        }
        guard !adapterName.isEmpty else { throw ProcessAdapterError(message: "the handshake answer has an empty 'adapterName'") }
    }
}

/// Why an adapter process could not be started or failed its handshake.
public struct ProcessAdapterError: Error, Sendable, CustomStringConvertible {
    /// What happened, with the tail of the child's standard error when it wrote any.
    public var message: String
    /// The message.
    public var description: String { message }
}

/// A `RuntimeAdapter` that drives a child process over the JSON-lines protocol of
/// docs/adapter-protocol.md.
///
/// One instance runs one child at a time and serves scenarios one after another. When the
/// child exits, breaks the protocol or does not answer within the request timeout, every
/// worker of the session reports `adapter.crashed` or `adapter.timed-out` in its log (the
/// conformance runner turns that into CRASH or TIMEOUT, with the tail of the child's
/// standard error) and the next worker starts a new child. Awaited requests suspend without
/// blocking the main actor, so `--jobs N` runs N children in parallel; members that are
/// synchronous in `RuntimeAPI` block on the pipe, at most the request timeout.
@MainActor
public final class ProcessAdapter: RuntimeAdapter {
    /// The log code of a worker whose child died or broke the protocol (the runner reports CRASH).
    nonisolated public static let crashLogCode = "adapter.crashed"
    /// The log code of a worker whose child did not answer in time (the runner reports TIMEOUT).
    nonisolated public static let timeoutLogCode = "adapter.timed-out"
    /// How long a child may take to start and answer the handshake when the configuration sets
    /// no handshake timeout, unless the request timeout is longer.
    nonisolated public static let handshakeTimeoutSeconds: Double = 30
    /// The version the client sends in the handshake.
    nonisolated public static let clientVersion = "0.1.0"

    /// How the child is started.
    public let configuration: ProcessAdapterConfiguration
    /// What the first child declared; restarted children must declare the same.
    public let identity: ProcessAdapterIdentity
    private var session: ProcessSession?

    /// The adapter's name from the handshake.
    public var name: String { identity.adapterName }
    /// The adapter's version from the handshake, with the runtime's (see `ProcessAdapterIdentity.reportVersion`).
    public var version: String { identity.reportVersion }
    /// The capabilities from the handshake.
    public var capabilities: RuntimeCapabilities { identity.capabilities }

    /// Starts the child and performs the handshake, blocking up to the handshake timeout.
    /// - Throws: `ProcessAdapterError` when the child cannot start, dies, writes anything but
    ///   the handshake's answer, or declares something this harness does not understand.
    public convenience init(configuration: ProcessAdapterConfiguration) throws(ProcessAdapterError) {
        try self.init(launch: Self.launch(configuration: configuration))
    }

    /// Starts the child and sends the handshake without waiting for the answer, so the caller
    /// can work while the child starts; `init(launch:)` reads the answer.
    public static func launch(configuration: ProcessAdapterConfiguration) -> ProcessAdapterLaunch {
        ProcessAdapterLaunch(configuration: configuration, session: ProcessSession.launch(configuration))
    }

    /// Finishes a launch: blocks up to the handshake timeout for the handshake's answer.
    /// - Throws: `ProcessAdapterError` when the child could not start, died, wrote anything but
    ///   the handshake's answer, or declared something this harness does not understand.
    public init(launch: ProcessAdapterLaunch) throws(ProcessAdapterError) {
        self.configuration = launch.configuration
        switch launch.session.flatMap({ $0.finishHandshake() }) {
        case .failure(let failure):
            throw ProcessAdapterError(message: failure.message)
        case .success(let (session, result)):
            do throws(ProcessAdapterError) { identity = try ProcessAdapterIdentity(handshake: result) } catch {
                throw ProcessAdapterError(message: error.message + session.standardErrorSuffix)
            }
            self.session = session
        }
    }

    /// An adapter that starts its child when its first worker is made and expects `identity` from it.
    public init(configuration: ProcessAdapterConfiguration, identity: ProcessAdapterIdentity) {
        self.configuration = configuration
        self.identity = identity
    }

    /// A new instance with the same command and expected identity; its child starts with its first worker.
    public func sibling() -> ProcessAdapter { ProcessAdapter(configuration: configuration, identity: identity) }

    /// Creates a worker on the child, starting (or restarting) the child first when needed.
    ///
    /// A child that cannot be started, fails the handshake or declares another identity gives a
    /// worker whose log reports `adapter.crashed` and whose requests fail, so the scenario is CRASH.
    /// - Throws: `WorkerError` when the child answers `adapter.makeWorker` with an error.
    public func makeWorker() async throws(WorkerError) -> any Worker {
        let current: ProcessSession
        switch liveSession() {
        case .failure(let failure): return FailedWorker(failure: failure)
        case .success(let session): current = session
        }
        if current.liveWorkers == 0 { current.resetStandardError() }
        let handle = current.makeHandle()
        switch await current.call(.adapterMakeWorker, ["handle": .int(handle)]) {
        case .success: return ProcessWorker(session: current, handle: handle, capabilities: capabilities)
        case .failure(.runtime(let error)): throw WireCodec.workerError(error.object)
        case .failure(.connection(let failure)): return FailedWorker(failure: failure)
        }
    }

    private func liveSession() -> Result<ProcessSession, SessionFailure> {
        if let session, session.failure == nil { return .success(session) }
        session = nil
        switch ProcessSession.start(configuration) {
        case .failure(let failure):
            return .failure(SessionFailure(isTimeout: false, message: "the restarted adapter process failed the handshake: \(failure.message)"))
        case .success(let (started, result)):
            let declared: ProcessAdapterIdentity
            do throws(ProcessAdapterError) { declared = try ProcessAdapterIdentity(handshake: result) } catch {
                return .failure(SessionFailure(isTimeout: false, message: "the restarted adapter process failed the handshake: \(error.message)"))
            }
            guard declared == identity else {
                return .failure(SessionFailure(isTimeout: false, message: "the restarted adapter process declared \(declared.adapterName) \(declared.reportVersion) "
                                               + "with capabilities \(declared.capabilities), but the first one declared \(identity.adapterName) "
                                               + "\(identity.reportVersion) with \(identity.capabilities)"))
            }
            session = started
            return .success(started)
        }
    }

    /// Measures round trips: sends `ping` `count` times, each after the previous answer, first
    /// awaited (as async members are), then blocking (as synchronous members such as
    /// `RuntimeView.tick` are), then, with `profile`, blocking again with the server's
    /// timestamps in each answer, to attribute every round trip's nanoseconds to a phase.
    /// - Throws: `ProcessAdapterError` when the child fails.
    public func measurePing(count: Int, profile: Bool = false) async throws(ProcessAdapterError) -> PingMeasurement {
        let current: ProcessSession
        switch liveSession() {
        case .failure(let failure): throw ProcessAdapterError(message: failure.message)
        case .success(let session): current = session
        }
        let rounds = max(1, count)
        var awaited: [Double] = [], blocking: [Double] = []
        awaited.reserveCapacity(rounds)
        blocking.reserveCapacity(rounds)
        for _ in 0..<rounds {
            let start = ProbeClock.now()
            if case .failure(let failure) = await current.call(.ping, [:]) { throw ProcessAdapterError(message: "ping failed: \(failure)") }
            awaited.append(Double(ProbeClock.now() - start) / 1e9)
        }
        for _ in 0..<rounds {
            let start = ProbeClock.now()
            if case .failure(let failure) = current.callSync(.ping, [:]) { throw ProcessAdapterError(message: "ping failed: \(failure)") }
            blocking.append(Double(ProbeClock.now() - start) / 1e9)
        }
        var phases: [(phase: String, nanoseconds: [Int64])] = []
        if profile {
            current.startProfiling()
            for _ in 0..<rounds {
                switch current.profiledPing() {
                case .failure(let failure): throw ProcessAdapterError(message: "ping failed: \(failure)")
                case .success(nil): throw ProcessAdapterError(message: "the adapter's ping answers carry no timestamps (profiling needs 'rive-harness serve')")
                case .success(let spans?):
                    if phases.isEmpty { phases = spans.map { ($0.phase, []) } }
                    for (index, span) in spans.enumerated() { phases[index].nanoseconds.append(span.nanoseconds) }
                }
            }
        }
        return PingMeasurement(awaited: awaited, blocking: blocking, phases: phases)
    }
}

/// Round trips measured by `ProcessAdapter.measurePing`.
public struct PingMeasurement: Sendable {
    /// Seconds of each awaited round trip.
    public var awaited: [Double]
    /// Seconds of each blocking round trip.
    public var blocking: [Double]
    /// Nanoseconds of each profiled round trip per phase, in the order of the round trip
    /// (empty without profiling); the last phase is the total.
    public var phases: [(phase: String, nanoseconds: [Int64])]

    /// The median of some values (the mean of the middle two for an even count).
    public static func median<T: BinaryFloatingPoint>(_ values: [T]) -> T {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

/// The worker of a child that could not be (re)started: every request fails and the log
/// reports the crash, so the runner's verdict is CRASH with the reason.
@MainActor
final class FailedWorker: Worker {
    private let failure: SessionFailure

    init(failure: SessionFailure) { self.failure = failure }

    func loadFile(_ source: FileSource) async throws(FileError) -> any File { throw .invalidFile(failure.message) }
    func decodeImage(from bytes: [UInt8]) async throws(AssetError) -> any Image { throw .failedDecoding(failure.message) }
    func decodeFont(from bytes: [UInt8]) async throws(AssetError) -> any Font { throw .failedDecoding(failure.message) }
    func decodeBlob(from bytes: [UInt8]) async throws(AssetError) -> any Blob { throw .failedDecoding(failure.message) }
    func flush() async {}
    func takeLog() -> [RuntimeLogEntry] { [failure.logEntry] }
    func makeView(_ configuration: ViewConfiguration) throws(ObservationError) -> any RuntimeView { throw .failed(failure.message) }
}

/// The adapter of a program that failed its first handshake, so a run can still report.
///
/// It names itself as told, reports the version `unknown`, and declares every capability,
/// so a plan made for it lists every scenario that would run (no scenario is hidden as SKIP).
/// Every worker it makes fails with the handshake's failure: requests fail and the log
/// reports `adapter.crashed`. `rive-harness run` does not run scenarios on it: it gives each
/// the verdict ERROR with the failure (`ConformanceRunner.report(_:adapterFailure:)`).
@MainActor
public final class UnstartedProcessAdapter: RuntimeAdapter {
    /// The name reports use.
    public let name: String
    /// Always `unknown`: the program never said.
    public let version = "unknown"
    /// Every capability the harness knows.
    public let capabilities = RuntimeCapabilities(RuntimeCapabilities.names.map(\.capability))
    /// Why the program did not start, with the tail of its standard error.
    public let failure: ProcessAdapterError

    /// Creates the adapter of a failed start.
    public init(name: String, failure: ProcessAdapterError) {
        self.name = name
        self.failure = failure
    }

    /// A worker whose requests fail with the start failure and whose log reports a crash.
    public func makeWorker() async throws(WorkerError) -> any Worker {
        FailedWorker(failure: SessionFailure(isTimeout: false, message: failure.message))
    }
}
