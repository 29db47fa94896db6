import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a connection to a child ended before it was closed: the child died, broke the
/// protocol, did not answer in time, or the request was abandoned.
enum ConnectionFailure: Sendable, Error, Equatable {
    /// The child's standard output ended; the text says how the child ended.
    case exited(String)
    /// The child wrote something the protocol does not allow, at a 1-based line of its output.
    case protocolError(line: Int, reason: String)
    /// The child did not answer a request within the request timeout.
    case timedOut(op: String, id: Int, seconds: Double)
    /// The task awaiting an answer was cancelled (the scenario's own timeout fired).
    case cancelled(op: String)
    /// An answer's result lacked what the operation returns.
    case badAnswer(op: String, reason: String)

    /// What happened, for a verdict's message.
    var description: String {
        switch self {
        case .exited(let how): "the adapter process \(how)"
        case .protocolError(let line, let reason): "protocol error at line \(line) of the adapter's output: \(reason)"
        case .timedOut(let op, let id, let seconds): "no answer to \(op) (request \(id)) within \(Self.secondsText(seconds)) s"
        case .cancelled(let op): "the request \(op) was cancelled (the scenario timed out)"
        case .badAnswer(let op, let reason): "protocol error in the answer to \(op): \(reason)"
        }
    }

    /// Whether the verdict is TIMEOUT rather than CRASH.
    var isTimeout: Bool {
        switch self {
        case .timedOut, .cancelled: true
        case .exited, .protocolError, .badAnswer: false
        }
    }

    private static func secondsText(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}

/// One message read from the child, in the order the child wrote it.
enum Incoming: Sendable {
    /// The answer to the oldest outstanding request: its result or its error object.
    case response(id: Int, op: String, result: Result<JSONObject, WireError>, line: Int)
    /// An event (§6).
    case event(JSONObject, line: Int)
    /// The connection ended; nothing follows.
    case failure(ConnectionFailure)
}

/// An error object as the child sent it.
struct WireError: Error, Sendable {
    /// The object: `code`, `message`, `detail`, ….
    var object: JSONObject
    /// The error's code.
    var code: String { object["code"]?.stringValue ?? "" }
}

/// The thread-safe half of a connection: a reader thread that parses the child's output,
/// checks ids and deadlines, and hands messages to the main actor in order.
///
/// Requests are registered here (with their deadline) before they are written, so the
/// reader can match every answer to the oldest outstanding request and time out a child
/// that does not answer, even while the main actor is blocked in a synchronous call.
final class ChildConnection: @unchecked Sendable {
    /// The child process.
    let child: ChildProcess
    /// The child's standard error, kept per scenario.
    let standardError = StandardErrorTail()
    /// How long the child may take to answer a request, in seconds.
    let requestTimeout: Double
    /// How long the child may take to start and answer the handshake, in seconds.
    let handshakeTimeout: Double
    /// The longest line accepted from the child.
    let maximumLineBytes: Int
    private let condition = NSCondition()
    private var inbox: [Incoming] = []
    private var outstanding: [(id: Int, op: String, deadline: ContinuousClock.Instant, seconds: Double, queued: Bool)] = []
    private var ended = false
    private var closed = false
    private var waitingSynchronously = false
    private var drainScheduled = false
    private var readersRunning = 2
    private var standardErrorEnded = false
    private var onInbox: (@Sendable () -> Void)?

    /// Starts the child and its two reader threads.
    /// - Throws: `ChildProcess.LaunchError` when the child cannot start.
    init(command: String, environment: [String: String], requestTimeout: Double, handshakeTimeout: Double,
         maximumLineBytes: Int = adapterProtocolMaximumLineBytes) throws(ChildProcess.LaunchError) {
        child = try ChildProcess(command: command, environment: environment)
        self.requestTimeout = requestTimeout
        self.handshakeTimeout = handshakeTimeout
        self.maximumLineBytes = maximumLineBytes
    }

    /// Starts reading; `onInbox` is called (from the reader thread) when messages wait and
    /// no synchronous call is collecting them.
    func start(onInbox: @escaping @Sendable () -> Void) {
        self.onInbox = onInbox
        Thread.detachNewThread { [self] in readOutput() }
        Thread.detachNewThread { [self] in readStandardError() }
    }

    /// Registers a request before it is written, so its answer and deadline can be checked.
    ///
    /// The successful answer (`{}`) of a *queued* request is checked and dropped here; only
    /// answers someone waits for, and errors, reach the main actor.
    func register(id: Int, op: String, timeout: Double? = nil, queued: Bool = false) {
        condition.lock()
        outstanding.append((id, op, ContinuousClock.now.advanced(by: .seconds(timeout ?? requestTimeout)), timeout ?? requestTimeout, queued))
        condition.unlock()
    }

    /// Removes and returns every waiting message without blocking.
    func takeAll() -> [Incoming] {
        condition.lock()
        defer { condition.unlock() }
        drainScheduled = false
        let items = inbox
        inbox.removeAll()
        return items
    }

    /// Blocks until at least one message waits (the reader always ends with a failure, so this returns).
    func waitForMessages() -> [Incoming] {
        condition.lock()
        defer { condition.unlock() }
        waitingSynchronously = true
        while inbox.isEmpty { condition.wait() }
        waitingSynchronously = false
        let items = inbox
        inbox.removeAll()
        return items
    }

    /// Stops delivering messages, asks the child to exit and kills it when it does not within two seconds.
    func close(shutdownLine: [UInt8]?) {
        condition.lock()
        let alreadyClosed = closed
        closed = true
        let alreadyEnded = ended
        if let shutdownLine, !alreadyEnded, let id = Self.requestID(in: shutdownLine) {
            outstanding.append((id, "shutdown", ContinuousClock.now.advanced(by: .seconds(2)), 2, true))
        }
        condition.unlock()
        guard !alreadyClosed else { return }
        if let shutdownLine, !alreadyEnded { _ = child.write(shutdownLine) }
        child.closeInput()
        let child = self.child
        Thread.detachNewThread { child.reap(grace: 2) }
    }

    /// Kills the child; the reader then reports how it ended unless a failure was already reported.
    func kill() { child.kill() }

    private static func requestID(in line: [UInt8]) -> Int? {
        guard case .object(let object)? = try? JSONParser.parse(line) else { return nil }
        return object["id"]?.intValue
    }

    private func deliver(_ item: Incoming) {
        condition.lock()
        guard !ended else {
            condition.unlock()
            return
        }
        if case .failure = item { ended = true }
        guard !closed else {
            condition.unlock()
            return
        }
        inbox.append(item)
        condition.broadcast()
        let schedule = !waitingSynchronously && !drainScheduled
        if schedule { drainScheduled = true }
        let callback = onInbox
        condition.unlock()
        if schedule { callback?() }
    }

    private func readerFinished() {
        condition.lock()
        readersRunning -= 1
        let last = readersRunning == 0
        condition.unlock()
        if last { child.closeOutputs() }
    }

    /// How long `poll` may wait: until the oldest deadline, at most 200 ms.
    private func pollTimeout() -> (milliseconds: Int32, expired: (op: String, id: Int, seconds: Double)?) {
        condition.lock()
        defer { condition.unlock() }
        guard let oldest = outstanding.first else { return (200, nil) }
        let remaining = ContinuousClock.now.duration(to: oldest.deadline)
        if remaining <= .zero { return (0, (oldest.op, oldest.id, oldest.seconds)) }
        let milliseconds = remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000 + 1
        return (Int32(min(200, milliseconds)), nil)
    }

    private func readOutput() {
        defer { readerFinished() }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var line: [UInt8] = []
        var lineNumber = 0
        while true {
            let (timeout, expired) = pollTimeout()
            if let expired {
                fail(.timedOut(op: expired.op, id: expired.id, seconds: expired.seconds))
                return
            }
            var descriptor = pollfd(fd: child.output, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                fail(.exited("could not be read (poll: \(String(cString: strerror(errno))))"))
                return
            }
            if ready == 0 {
                // The program may have exited while something it started holds the pipe open:
                // that is the end of the adapter, not a silence to wait out.
                if let how = child.exitIfEnded() {
                    var again = pollfd(fd: child.output, events: Int16(POLLIN), revents: 0)
                    if poll(&again, 1, 0) > 0 { continue }
                    fail(.exited("\(how) (its output is still open in a process it started)"))
                    return
                }
                continue
            }
            let count = chunk.withUnsafeMutableBytes { read(child.output, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                fail(.exited("could not be read (\(String(cString: strerror(errno))))"))
                return
            }
            if count == 0 {
                // The output ended: a program that exits closes it a moment before it can be
                // reaped; one that is still running after that closed its output on purpose.
                let how = child.reap(grace: 0.2, killing: false)
                let ending = how ?? "closed its output (it was still running; killed)"
                deliver(.failure(.exited(line.isEmpty ? ending : "\(ending) in the middle of a line")))
                if how == nil { child.kill() }
                return
            }
            var start = 0
            for index in 0..<count where chunk[index] == 0x0A {
                guard line.count + (index - start) <= maximumLineBytes else {
                    fail(.protocolError(line: lineNumber + 1, reason: "a line longer than \(maximumLineBytes) bytes (the limit of docs/adapter-protocol.md §1)"))
                    return
                }
                line.append(contentsOf: chunk[start..<index])
                start = index + 1
                lineNumber += 1
                if let failure = handle(line, number: lineNumber) {
                    fail(failure)
                    return
                }
                line.removeAll(keepingCapacity: true)
            }
            guard line.count + (count - start) <= maximumLineBytes else {
                fail(.protocolError(line: lineNumber + 1, reason: "a line longer than \(maximumLineBytes) bytes (the limit of docs/adapter-protocol.md §1)"))
                return
            }
            line.append(contentsOf: chunk[start..<count])
        }
    }

    private func fail(_ failure: ConnectionFailure) {
        deliver(.failure(failure))
        child.kill()
        child.reap(grace: 0)
    }

    /// Waits (at most `seconds`) until the child's standard error has ended, so a failure's
    /// message gets what the child wrote just before it died.
    func waitForStandardErrorEnd(seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        defer { condition.unlock() }
        while !standardErrorEnded, condition.wait(until: deadline) {}
    }

    private func readStandardError() {
        defer {
            condition.lock()
            standardErrorEnded = true
            condition.broadcast()
            condition.unlock()
            readerFinished()
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 14)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(child.errorOutput, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            standardError.append(chunk[0..<count])
        }
    }

    /// Checks one line and queues it; returns the failure when the line breaks the protocol.
    private func handle(_ rawLine: [UInt8], number: Int) -> ConnectionFailure? {
        var bytes = rawLine
        if bytes.last == 0x0D { bytes.removeLast() }
        func violation(_ reason: String) -> ConnectionFailure {
            .protocolError(line: number, reason: "\(reason): \(Self.excerpt(bytes))")
        }
        let value: JSONValue
        do { value = try JSONParser.parse(bytes) } catch { return violation("not JSON (\(error))") }
        guard case .object(let object) = value else { return violation("not a JSON object") }
        if let idValue = object["id"] {
            guard let id = idValue.intValue else { return violation("the id is not an integer") }
            condition.lock()
            let expected = outstanding.first
            if let expected, expected.id == id { outstanding.removeFirst() }
            condition.unlock()
            guard let expected else { return violation("an answer with id \(id), but no request is waiting for one") }
            guard expected.id == id else {
                return violation("expected the answer to request \(expected.id) (\(expected.op)), got id \(id)")
            }
            if case .object(let result)? = object["result"], object["error"] == nil {
                if !expected.queued { deliver(.response(id: id, op: expected.op, result: .success(result), line: number)) }
            } else if case .object(let error)? = object["error"], object["result"] == nil, error["code"]?.stringValue != nil {
                deliver(.response(id: id, op: expected.op, result: .failure(WireError(object: error)), line: number))
            } else {
                return violation("an answer needs either an object 'result' or an object 'error' with a string 'code'")
            }
            return nil
        }
        if object["event"]?.stringValue != nil {
            condition.lock()
            let handshakeAnswered = outstanding.first.map { $0.id > 1 } ?? true
            condition.unlock()
            guard handshakeAnswered else { return violation("expected the answer to the handshake (request 1) first") }
            deliver(.event(object, line: number))
            return nil
        }
        return violation("neither an answer (no 'id') nor an event (no 'event')")
    }

    /// The start of a line, quoted, for a protocol error's message.
    static func excerpt(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes.prefix(160), as: UTF8.self)
        let quoted = JSONValue.string(text).serialized
        return bytes.count > 160 ? quoted + " (\(bytes.count) bytes)" : quoted
    }
}
