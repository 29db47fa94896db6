import Foundation
import SystemCalls
import RuntimeAPI

/// How a session's child failed, as the scenario's verdict will say it.
struct SessionFailure: Error, Sendable {
    /// Whether the verdict is TIMEOUT (else CRASH).
    var isTimeout: Bool
    /// The failure with the tail of the child's standard error.
    var message: String

    /// The log entry every worker of a failed session reports from then on.
    var logEntry: RuntimeLogEntry {
        RuntimeLogEntry(level: .error, tag: "worker", code: isTimeout ? ProcessAdapter.timeoutLogCode : ProcessAdapter.crashLogCode, message: message)
    }
}

/// Why a request got no result.
enum RequestFailure: Error {
    /// The server answered with an error object.
    case runtime(WireError)
    /// The connection failed (the child died, broke the protocol or timed out).
    case connection(SessionFailure)
}

/// A stream the server feeds with `stream` and `streamEnd` events.
@MainActor
struct StreamSink {
    /// Delivers one element; `false` when the value does not fit the stream's type.
    var deliver: @MainActor (JSONValue?) -> Bool
    /// Ends the stream, normally or with an error object.
    var end: @MainActor (JSONObject?) -> Void
}

/// The main-actor half of a connection to one child: ids, handles, pending answers, streams
/// and logs. Every proxy object of a `ProcessAdapter` talks through its session.
@MainActor
final class ProcessSession {
    /// How a request's answer is awaited.
    private enum Waiter {
        case async(CheckedContinuation<Result<JSONObject, RequestFailure>, Never>)
        case sync
    }

    private let connection: ChildConnection
    /// The folder for side files (§5); removed when the session ends.
    let sideFileDirectory: String
    private var nextID = 1
    /// The id of the handshake request `launch` sent.
    private var handshakeID = 0
    /// What `finishHandshake` found: the handshake's result or the failure.
    private var handshakeOutcome: Result<JSONObject, SessionFailure>?
    private var nextHandle = 1
    /// The requests whose answers someone waits for, by id (queued requests are checked by the reader).
    private var pending: [Int: (throwing: Bool, waiter: Waiter)] = [:]
    private var syncAnswer: (id: Int, result: Result<JSONObject, RequestFailure>)?
    private var streams: [Int: StreamSink] = [:]
    private var logs: [Int: [RuntimeLogEntry]] = [:]
    /// The failure that ended the session, if it ended.
    private(set) var failure: SessionFailure?
    /// How many worker proxies are alive; when a worker is made with none alive, a new scenario begins.
    var liveWorkers = 0 {
        didSet {
            if liveWorkers > 0 { Self.sessionsWithWorkers.insert(ObjectIdentifier(self)) } else { Self.sessionsWithWorkers.remove(ObjectIdentifier(self)) }
        }
    }
    /// The sessions with a live worker: the lanes running a scenario.
    private static var sessionsWithWorkers: Set<ObjectIdentifier> = []
    /// Request lines not yet written: queued requests wait here for the next awaited request
    /// (or the end of the main actor's current job), so a burst of them costs one write.
    private var outputBuffer: [UInt8] = []
    private var flushScheduled = false
    /// Whether the child declared `payloadReuse` in its handshake (§5).
    private(set) var reusesPayloads = false
    /// The payloads sent with a key, which the child keeps for the session.
    private var keptPayloads = KeptPayloads()
    /// The frame file the child may write frames to (§5), open for reading, or -1.
    private var frameFileDescriptor: Int32 = -1
    /// Whether the child declared `frameFile` in its handshake: it writes frames there.
    private var serverWritesFrameFile = false

    /// Starts the child and performs the handshake, blocking up to the handshake timeout.
    /// - Returns: the session and the handshake's result, or the failure.
    static func start(_ configuration: ProcessAdapterConfiguration) -> Result<(ProcessSession, JSONObject), SessionFailure> {
        launch(configuration).flatMap { $0.finishHandshake() }
    }

    /// Starts the child and sends the handshake without waiting for its answer, so the caller
    /// can work while the child starts; `finishHandshake` then reads the answer.
    /// - Returns: the session, or the failure to start the child or make its side-file folder.
    static func launch(_ configuration: ProcessAdapterConfiguration) -> Result<ProcessSession, SessionFailure> {
        let connection: ChildConnection
        do {
            connection = try ChildConnection(command: configuration.command, environment: configuration.environment,
                                             requestTimeout: configuration.requestTimeoutSeconds,
                                             handshakeTimeout: configuration.effectiveHandshakeTimeoutSeconds)
        } catch {
            return .failure(SessionFailure(isTimeout: false, message: "the adapter process could not be started: \(error)"))
        }
        var template = Array((SideFile.parentDirectory + "/rive-harness-side.XXXXXX").utf8CString)
        guard let directory = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }).map({ String(cString: $0) }) else {
            connection.close(shutdownLine: nil)
            return .failure(SessionFailure(isTimeout: false, message: "cannot create a side-file folder in \(SideFile.parentDirectory): \(SystemCalls.lastErrorDescription)"))
        }
        let session = ProcessSession(connection: connection, sideFileDirectory: directory)
        var params: JSONObject = [
            "protocolVersion": .int(adapterProtocolVersion), "client": "rive-harness", "clientVersion": .string(ProcessAdapter.clientVersion),
            "sideFileDirectory": .string(directory), "maxLineBytes": .int(adapterProtocolMaximumLineBytes),
        ]
        // Without a frame file every frame travels as base64 or a side file of its own.
        let framePath = directory + "/" + SideFile.frameFileName
        session.frameFileDescriptor = open(framePath, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if session.frameFileDescriptor >= 0 { params["frameFile"] = .string(framePath) }
        let id = session.nextID
        session.nextID += 1
        session.pending[id] = (true, .sync)
        connection.register(id: id, op: WireOperation.handshake.rawValue, timeout: connection.handshakeTimeout)
        connection.start { [weak session] in Task { @MainActor in session?.drain() } }
        _ = connection.write(session.requestLine(id: id, op: WireOperation.handshake.rawValue, params: params))
        session.handshakeID = id
        return .success(session)
    }

    /// Blocks until the answer to the handshake `launch` sent, at most what is left of the
    /// handshake timeout (it counts from the launch); later calls give the same outcome.
    /// - Returns: the session and the handshake's result, or the failure.
    func finishHandshake() -> Result<(ProcessSession, JSONObject), SessionFailure> {
        let outcome = handshakeOutcome ?? readHandshakeAnswer()
        handshakeOutcome = outcome
        return outcome.map { (self, $0) }
    }

    private func readHandshakeAnswer() -> Result<JSONObject, SessionFailure> {
        switch awaitSyncAnswer(handshakeID) { connection.waitForMessages() } {
        case .success(let result):
            reusesPayloads = result["payloadReuse"]?.boolValue == true
            serverWritesFrameFile = frameFileDescriptor >= 0 && result["frameFile"]?.boolValue == true
            return .success(result)
        case .failure(.connection(let failure)): return .failure(failure)
        case .failure(.runtime(let error)):
            let failure = SessionFailure(isTimeout: false, message: "the adapter refused the handshake: \(error.code): \(error.object["message"]?.stringValue ?? "")"
                                         + standardErrorSuffix)
            fail(with: failure)
            return .failure(failure)
        }
    }

    private init(connection: ChildConnection, sideFileDirectory: String) {
        self.connection = connection
        self.sideFileDirectory = sideFileDirectory
    }

    isolated deinit {
        if failure == nil { flushOutput() }
        connection.close(shutdownLine: failure == nil ? requestLine(id: nextID, op: WireOperation.shutdown.rawValue, params: [:]) : nil)
        if frameFileDescriptor >= 0 { close(frameFileDescriptor) }
        try? FileManager.default.removeItem(atPath: sideFileDirectory)
    }

    /// A new handle, unique in this session.
    func makeHandle() -> Int {
        defer { nextHandle += 1 }
        return nextHandle
    }

    /// Forgets the child's standard error so far (a new scenario begins).
    func resetStandardError() { connection.standardError.reset() }

    /// `\nstderr: …` with the tail of the child's standard error, or nothing.
    var standardErrorSuffix: String { connection.standardError.tail().map { "\nstderr (last lines): \($0)" } ?? "" }

    // MARK: Requests

    private func requestLine(id: Int, op: String, params: JSONObject) -> [UInt8] {
        var line: [UInt8] = []
        appendRequestLine(id: id, op: op, params: params, to: &line)
        return line
    }

    private func appendRequestLine(id: Int, op: String, params: JSONObject, to output: inout [UInt8]) {
        var text = "{\"id\":\(id),\"op\":"
        JSONValue.string(op).write(to: &text)
        for field in params.fields {
            text += ","
            JSONValue.string(field.key).write(to: &text)
            text += ":"
            field.value.write(to: &text)
        }
        text += "}\n"
        output.append(contentsOf: text.utf8)
    }

    /// Registers a request and appends its line to the output buffer; the line is written with
    /// the next flush (at once for requests someone waits for).
    private func write(_ op: String, _ params: JSONObject, throwing: Bool, waiter: Waiter?) -> Int {
        let id = nextID
        nextID += 1
        if let waiter { pending[id] = (throwing, waiter) }
        connection.register(id: id, op: op, queued: waiter == nil)
        appendRequestLine(id: id, op: op, params: params, to: &outputBuffer)
        return id
    }

    /// Writes the buffered request lines to the child in one write.
    func flushOutput() {
        flushScheduled = false
        guard !outputBuffer.isEmpty else { return }
        // A failed write means the child is gone; the reader reports how it ended.
        _ = connection.write(outputBuffer)
        outputBuffer.removeAll(keepingCapacity: true)
    }

    /// Sends a request whose Swift member returns nothing and cannot fail, without waiting
    /// (*queued*): its line is written with the next awaited request, or when the main actor
    /// gets to the flush this schedules, whichever comes first.
    func send(_ operation: WireOperation, _ params: JSONObject) {
        let op = operation.rawValue
        guard failure == nil else { return }
        _ = write(op, params, throwing: false, waiter: nil)
        if outputBuffer.count >= 1 << 16 {
            flushOutput()
        } else if !flushScheduled {
            flushScheduled = true
            Task { @MainActor [weak self] in self?.flushOutput() }
        }
    }

    /// The sessions with a request whose answer a suspended task awaits, once per such task.
    private static var suspendedSessions: [ProcessSession] = []
    /// How long a request may hold the main actor while its answer is read on the spot, in nanoseconds.
    static let inlineSliceNanoseconds: UInt64 = 20_000_000

    /// Sends a request and waits for its answer.
    ///
    /// While another lane (`--jobs N`) runs a scenario without waiting on its child, the task
    /// suspends unless the answer comes within the spin (`SystemCalls.pipeSpinNanoseconds`),
    /// so that lane gets the main actor while this child works; a switch of lanes resumes a
    /// continuation through the global executor and back, which costs more than the spin. Otherwise
    /// the answer is read on the calling thread for up to 20 ms, because a hop from the reader
    /// thread through the main queue's dispatch thread costs several pipe round trips: only
    /// this child's output when no other lane waits on its child, else the outputs of every
    /// waiting child at once (`waitOnSuspendedChildren`), suspending the task as soon as
    /// another lane's answer has resumed that lane. So the lanes take turns on the main actor
    /// while their children work in parallel. A slower answer suspends the task, so the
    /// scenario's watchdog can fire.
    func call(_ operation: WireOperation, _ params: JSONObject, throwing: Bool = true) async -> Result<JSONObject, RequestFailure> {
        let op = operation.rawValue
        if let failure { return .failure(.connection(failure)) }
        if Task.isCancelled {
            fail(.cancelled(op: op))
            return .failure(.connection(failure!))
        }
        if otherLanesMayRun {
            // Another lane waits for the main actor: let it run while this child works, unless
            // the answer comes within the spin (a switch of lanes costs more than that).
            let id = write(op, params, throwing: throwing, waiter: .sync)
            flushOutput()
            if let answer = readOnTheSpot(answerTo: id, nanoseconds: SystemCalls.pipeSpinNanoseconds) { return answer }
            return await suspend(untilAnswerTo: id, op: op)
        }
        if !Self.suspendedSessions.isEmpty {
            let id = write(op, params, throwing: throwing, waiter: .sync)
            flushOutput()
            if let answer = waitOnSuspendedChildren(answerTo: id) { return answer }
            return await suspend(untilAnswerTo: id, op: op)
        }
        let id = write(op, params, throwing: throwing, waiter: .sync)
        flushOutput()
        if let answer = readOnTheSpot(answerTo: id, nanoseconds: Self.inlineSliceNanoseconds) { return answer }
        return await suspend(untilAnswerTo: id, op: op)
    }

    /// Reads this child's output on the calling thread until the answer to request `id`, for
    /// up to `nanoseconds`; `nil` when that time ended first or the reader thread holds the output.
    private func readOnTheSpot(answerTo id: Int, nanoseconds: UInt64) -> Result<JSONObject, RequestFailure>? {
        guard connection.beginCallerRead() else { return nil }
        defer { connection.endCallerRead() }
        let slice = ProbeClock.now() + nanoseconds
        while true {
            if let sync = syncAnswer, sync.id == id {
                syncAnswer = nil
                return sync.result
            }
            if let failure { return .failure(.connection(failure)) }
            if ProbeClock.now() >= slice { return nil }
            process(connection.readForCaller(until: slice))
        }
    }

    /// Whether another session runs a scenario and has no task suspended on its child: that
    /// lane is running or waits for the main actor, so this one must not hold the thread.
    private var otherLanesMayRun: Bool {
        Self.sessionsWithWorkers.contains { lane in
            lane != ObjectIdentifier(self) && !Self.suspendedSessions.contains { ObjectIdentifier($0) == lane }
        }
    }

    /// Reads, on the calling thread, this child's output and that of every other session with
    /// a suspended task, for up to 20 ms, handing each session what its child wrote.
    /// - Returns: the answer to request `id`, or `nil` when the task should suspend: another
    ///   session got messages (a lane may have been resumed and should run), the slice ended,
    ///   or this child's output is being read by its reader thread.
    private func waitOnSuspendedChildren(answerTo id: Int) -> Result<JSONObject, RequestFailure>? {
        guard connection.beginCallerRead() else { return nil }
        var held: [ProcessSession] = [self]
        for other in Self.suspendedSessions where other.failure == nil && !held.contains(where: { $0 === other }) {
            if other.connection.beginCallerRead() { held.append(other) }
        }
        defer { for session in held { session.connection.endCallerRead() } }
        let slice = ProbeClock.now() + Self.inlineSliceNanoseconds
        var othersGotMessages = false
        while true {
            if let sync = syncAnswer, sync.id == id {
                syncAnswer = nil
                return sync.result
            }
            if let failure { return .failure(.connection(failure)) }
            if othersGotMessages { return nil }
            let now = ProbeClock.now()
            guard now < slice else { return nil }
            var timeout = Int32((slice - now) / 1_000_000) + 1
            for session in held { timeout = min(timeout, session.connection.callerWaitMilliseconds()) }
            // What a reader delivered before the read was taken, or an overdue request's failure.
            for session in held {
                let items = session.connection.takeAll()
                guard !items.isEmpty else { continue }
                session.process(items)
                if session !== self { othersGotMessages = true }
            }
            if othersGotMessages || syncAnswer?.id == id || failure != nil { continue }
            // An ended child stays readable (end of file): it is not waited on again.
            for (index, session) in held.enumerated().reversed() where index > 0 && session.failure != nil {
                session.connection.endCallerRead()
                held.remove(at: index)
            }
            var entries = held.map { pollfd(fd: $0.connection.child.output, events: Int16(POLLIN), revents: 0) }
            let ready = SystemCalls.waitReadable(&entries, spinNanoseconds: SystemCalls.pipeSpinNanoseconds, timeoutMilliseconds: timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                return nil
            }
            for (index, entry) in entries.enumerated() where entry.revents != 0 {
                let items = held[index].connection.readChunkForCaller()
                held[index].process(items)
                if index > 0, !items.isEmpty { othersGotMessages = true }
            }
        }
    }

    /// Suspends the task until the answer to a request that was sent with a `.sync` waiter.
    private func suspend(untilAnswerTo id: Int, op: String) async -> Result<JSONObject, RequestFailure> {
        drain()
        if let sync = syncAnswer, sync.id == id {
            syncAnswer = nil
            return sync.result
        }
        if let failure { return .failure(.connection(failure)) }
        connection.watch()
        Self.suspendedSessions.append(self)
        defer { Self.suspendedSessions.remove(at: Self.suspendedSessions.firstIndex { $0 === self }!) }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if let failure {
                    continuation.resume(returning: .failure(.connection(failure)))
                } else {
                    pending[id]?.waiter = .async(continuation)
                }
            }
        } onCancel: {
            Task { @MainActor in self.fail(.cancelled(op: op)) }
        }
    }

    /// Sends a request and blocks the main actor until its answer (*sync* members), at most the request timeout.
    func callSync(_ operation: WireOperation, _ params: JSONObject, throwing: Bool = true) -> Result<JSONObject, RequestFailure> {
        if let failure { return .failure(.connection(failure)) }
        let id = write(operation.rawValue, params, throwing: throwing, waiter: .sync)
        // Written before taking the output: a child blocked writing a long answer would
        // otherwise wait for a reader that waits for it.
        flushOutput()
        // Read the answer on this thread when the reader thread is not reading: one wake, not two.
        if connection.beginCallerRead() {
            defer { connection.endCallerRead() }
            return awaitSyncAnswer(id) { connection.readForCaller() }
        }
        return awaitSyncAnswer(id) { connection.waitForMessages() }
    }

    private func awaitSyncAnswer(_ id: Int, _ next: () -> [Incoming]) -> Result<JSONObject, RequestFailure> {
        while true {
            if let answer = syncAnswer, answer.id == id {
                syncAnswer = nil
                return answer.result
            }
            if let failure { return .failure(.connection(failure)) }
            process(next())
        }
    }

    /// Sends one profiled `ping` and blocks for its answer, like a synchronous member.
    /// - Returns: nanoseconds per phase of the round trip, in order (see `ProcessAdapter.measurePing`),
    ///   or `nil` when the answer lacks the server's timestamps.
    func profiledPing() -> Result<[(phase: String, nanoseconds: Int64)]?, RequestFailure> {
        if let failure { return .failure(.connection(failure)) }
        let started = ProbeClock.now()
        let id = nextID
        nextID += 1
        pending[id] = (false, .sync)
        connection.register(id: id, op: WireOperation.ping.rawValue)
        appendRequestLine(id: id, op: WireOperation.ping.rawValue, params: ["profile": .bool(true)], to: &outputBuffer)
        let encoded = ProbeClock.now()
        flushOutput()
        let written = ProbeClock.now()
        let answer: Result<JSONObject, RequestFailure>
        if connection.beginCallerRead() {
            answer = awaitSyncAnswer(id) { connection.readForCaller() }
            connection.endCallerRead()
        } else {
            answer = awaitSyncAnswer(id) { connection.waitForMessages() }
        }
        let resumed = ProbeClock.now()
        guard case .success = answer else { return answer.map { _ in nil } }
        guard let reader = connection.takeReaderTimes(id: id), let result = reader.result,
              let readStartedAt = result["readStartedAt"]?.intValue, let readAt = result["readAt"]?.intValue, let parsedAt = result["parsedAt"]?.intValue,
              let answeredAt = result["answeredAt"]?.intValue, let lastEncode = result["lastEncodeNanos"]?.intValue else { return .success(nil) }
        func span(_ from: UInt64, _ to: UInt64) -> Int64 { Int64(bitPattern: to &- from) }
        let serverEncode = Int64(lastEncode)
        return .success([
            ("client encode", span(started, encoded)),
            ("client write", span(encoded, written)),
            // The server may begin its read after the request was written (it was still busy
            // with the last answer); the pipe and its wake are from whichever came later.
            ("server not yet reading", max(0, span(written, UInt64(readStartedAt)))),
            ("pipe + server wake", span(max(written, UInt64(readStartedAt)), UInt64(readAt))),
            ("server parse", span(UInt64(readAt), UInt64(parsedAt))),
            ("server handle", span(UInt64(parsedAt), UInt64(answeredAt))),
            ("server encode", serverEncode),
            ("server write + wake", span(UInt64(answeredAt), reader.woke) - serverEncode),
            ("client read", span(reader.woke, reader.read)),
            ("client decode + check", span(reader.read, reader.parsed)),
            ("hand-off to the caller", span(reader.parsed, resumed)),
            ("total", span(started, resumed)),
        ])
    }

    /// Starts keeping the timestamps `profiledPing` reports.
    func startProfiling() { connection.startProfiling() }

    /// Handles every message the reader has queued.
    func drain() { process(connection.takeAll()) }

    private func process(_ items: [Incoming]) {
        for item in items {
            guard failure == nil else { return }
            switch item {
            case .failure(let connectionFailure):
                fail(connectionFailure)
            case .event(let event, let line):
                handleEvent(event, line: line)
            case .response(let id, let op, let result, let line):
                let request = pending[id]
                if case .failure(let error) = result, request == nil || !request!.throwing || error.code.hasPrefix("protocol.") {
                    // Failing the session resumes the request's waiter too.
                    let why = request?.throwing == true ? "a protocol error" : "an error, but \(op) cannot fail"
                    fail(.protocolError(line: line, reason: "the answer to \(op) (request \(id)) is \(why): \(error.object.serializedText)"))
                    return
                }
                guard let request = pending.removeValue(forKey: id) else { continue }
                let answer = result.mapError { RequestFailure.runtime($0) }
                switch request.waiter {
                case .async(let continuation): continuation.resume(returning: answer)
                case .sync: syncAnswer = (id, answer)
                }
            }
        }
    }

    private func handleEvent(_ event: JSONObject, line: Int) {
        switch event["event"]?.stringValue {
        case "stream":
            guard let handle = event["stream"]?.intValue else { return fail(.protocolError(line: line, reason: "a stream event without an integer 'stream'")) }
            guard let sink = streams[handle] else { return }
            if !sink.deliver(event["value"]) {
                fail(.protocolError(line: line, reason: "the value \(event["value"]?.serialized ?? "(none)") does not fit stream \(handle)"))
            }
        case "streamEnd":
            guard let handle = event["stream"]?.intValue else { return fail(.protocolError(line: line, reason: "a streamEnd event without an integer 'stream'")) }
            streams.removeValue(forKey: handle)?.end(event["error"]?.objectValue)
        case "log":
            guard let worker = event["worker"]?.intValue, let levelText = event["level"]?.stringValue,
                  let level = RuntimeLogEntry.Level(rawValue: levelText), let tag = event["tag"]?.stringValue,
                  let code = event["code"]?.stringValue, let message = event["message"]?.stringValue else {
                return fail(.protocolError(line: line, reason: "a log event needs 'worker', 'level' (error, warning or info), 'tag', 'code' and 'message'"))
            }
            logs[worker, default: []].append(RuntimeLogEntry(level: level, tag: tag, code: code, message: message))
        default:
            fail(.protocolError(line: line, reason: "an unknown event \(event["event"]?.serialized ?? "")"))
        }
    }

    /// Ends the session because an answer's result lacks what the operation returns.
    /// - Returns: the session's failure.
    func reject(_ operation: WireOperation, _ result: JSONObject, expecting: String) -> SessionFailure {
        let op = operation.rawValue
        fail(.badAnswer(op: op, reason: "expected \(expecting), got \(result.serializedText)"))
        return failure ?? SessionFailure(isTimeout: false, message: "protocol error in the answer to \(op)")
    }

    /// Ends the session: kills the child and fails every waiting request.
    private func fail(_ connectionFailure: ConnectionFailure) {
        guard failure == nil else { return }
        connection.kill()
        connection.waitForStandardErrorEnd(seconds: 0.5)
        fail(with: SessionFailure(isTimeout: connectionFailure.isTimeout, message: connectionFailure.description + standardErrorSuffix))
    }

    private func fail(with sessionFailure: SessionFailure) {
        guard failure == nil else { return }
        failure = sessionFailure
        connection.kill()
        let waiting = pending.keys.sorted().compactMap { pending[$0] }
        pending.removeAll()
        for request in waiting {
            if case .async(let continuation) = request.waiter { continuation.resume(returning: .failure(.connection(sessionFailure))) }
        }
    }

    // MARK: Streams and logs

    /// Registers a stream the server will feed.
    func register(stream handle: Int, _ sink: StreamSink) { streams[handle] = sink }

    /// Forgets a stream the consumer cancelled and tells the server, unless the server ended it.
    func cancel(stream handle: Int) {
        guard streams.removeValue(forKey: handle) != nil else { return }
        send(.streamCancel, ["stream": .int(handle)])
    }

    /// Removes and returns the log events the server sent for a worker.
    func takeLogEvents(worker handle: Int) -> [RuntimeLogEntry] {
        logs.removeValue(forKey: handle) ?? []
    }

    // MARK: Binary payloads

    /// How many payload bytes the client asks one child to keep (§5, payload reuse); later
    /// payloads go inline every time.
    static let keptPayloadBudget = 64 << 20

    /// The size from which a payload goes in a side file rather than inline (64 KiB) when the
    /// child declared `frameFile`, which shows it reaches the side folder: a file written once
    /// and read once costs less than a third more bytes of base64 through the pipe, checked
    /// and parsed as a JSON string (a 1.69 MB fixture took about 10 ms inline).
    static let sideFilePayloadBytes = 64 << 10
    /// The size above which a payload goes in a side file whatever the child declared: its
    /// base64 stays under the protocol's 16 MiB line limit up to 8 MiB.
    static let inlinePayloadLimitBytes = 8 << 20

    /// The wire form of bytes: the key of a payload the child keeps, else inline base64 or a
    /// side file for payloads of `sideFilePayloadBytes` and more to a child that reaches the
    /// side folder, or over `inlinePayloadLimitBytes` to any (§5), with a new key while the
    /// budget allows.
    func bytesParameter(_ bytes: [UInt8], into params: inout JSONObject) {
        if reusesPayloads {
            if let key = keptPayloads.key(of: bytes) {
                params["bytesKey"] = .int(key)
                return
            }
            if let key = keptPayloads.keep(bytes, budget: Self.keptPayloadBudget) { params["bytesKey"] = .int(key) }
        }
        if bytes.count < (serverWritesFrameFile ? Self.sideFilePayloadBytes : Self.inlinePayloadLimitBytes + 1) {
            params["bytes"] = .string(Base64.encode(bytes))
            return
        }
        let path = sideFileDirectory + "/payload-\(nextID).bin"
        if SideFile.write(bytes, to: path) {
            params["bytesFile"] = .string(path)
        } else {
            params["bytes"] = .string(Base64.encode(bytes))
        }
    }

    /// The pixels of a `view.rasterize` answer: from the frame file (`pixelsInFrameFile`), the
    /// base64 of `pixels` or the side file `pixelsFile` (deleted after reading); `nil` when
    /// they are missing or not `width × height × 4` bytes.
    func framePixels(_ result: JSONObject, width: Int, height: Int) -> [UInt32]? {
        let count = width * height
        if result["pixelsInFrameFile"]?.boolValue == true {
            var status = stat()
            guard serverWritesFrameFile, fstat(frameFileDescriptor, &status) == 0, Int(status.st_size) >= count * 4 else { return nil }
            var pixels = [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
                initialized = SystemCalls.readAll(frameFileDescriptor, into: UnsafeMutableRawBufferPointer(buffer), fileOffset: 0) ? count : 0
            }
            guard pixels.count == count else { return nil }
            FramePixels.convertInPlace(&pixels)
            return pixels
        }
        guard let bytes = payload(result, inline: "pixels", file: "pixelsFile") else { return nil }
        return bytes.withUnsafeBytes { FramePixels.pixels(fromRGBA: $0, count: count) }
    }

    /// The bytes of a base64 or side-file answer; a side file is deleted after reading.
    private func payload(_ result: JSONObject, inline: String, file: String) -> [UInt8]? {
        if let text = result[inline]?.stringValue { return Base64.decode(text) }
        guard let path = result[file]?.stringValue, path.hasPrefix(sideFileDirectory + "/"), !path.contains("/../") else { return nil }
        defer { try? FileManager.default.removeItem(atPath: path) }
        return FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }
}

/// The payloads a client sent with a key (docs/adapter-protocol.md §5, payload reuse): a
/// payload equal to a kept one is sent again as its key alone.
struct KeptPayloads {
    private var byCount: [Int: [(bytes: [UInt8], key: Int)]] = [:]
    private var nextKey = 1
    /// The bytes kept so far.
    private(set) var keptBytes = 0

    /// The key of a kept payload with exactly these bytes, if any.
    func key(of bytes: [UInt8]) -> Int? {
        byCount[bytes.count]?.first { kept in
            kept.bytes.withUnsafeBytes { keptBuffer in
                bytes.withUnsafeBytes { buffer in
                    keptBuffer.count == 0 || memcmp(keptBuffer.baseAddress!, buffer.baseAddress!, buffer.count) == 0
                }
            }
        }?.key
    }

    /// Keeps a payload under a new key, unless that would take the kept bytes past `budget`.
    /// - Returns: the new key, or `nil` when the payload is not kept.
    mutating func keep(_ bytes: [UInt8], budget: Int) -> Int? {
        guard keptBytes + bytes.count <= budget else { return nil }
        let key = nextKey
        nextKey += 1
        keptBytes += bytes.count
        byCount[bytes.count, default: []].append((bytes, key))
        return key
    }
}
