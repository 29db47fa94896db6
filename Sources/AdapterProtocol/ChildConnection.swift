import Foundation
import SystemCalls

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

/// When the reader saw one answer, in `ProbeClock` nanoseconds: woken by `poll`, the chunk
/// read, the line parsed and checked; and the answer's result (for the server's timestamps).
struct ReaderTimes: Sendable {
    var woke: UInt64
    var read: UInt64
    var parsed: UInt64
    var result: JSONObject?
}

/// The system-wide monotonic clock in nanoseconds (`CLOCK_MONOTONIC`, the same in every
/// process of the machine, so client and server timestamps compare).
public enum ProbeClock {
    /// Now, in nanoseconds.
    @inline(__always) public static func now() -> UInt64 {
        SystemCalls.monotonicNanoseconds()
    }
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
    /// Whether the reader thread is reading and checking a chunk of the child's output.
    private var readerReading = false
    /// Whether a synchronous caller reads the child's output itself (the reader thread then parks).
    private var callerReading = false
    /// Whether the reader thread waits on the condition until there is output only it would read.
    private var readerParked = false
    /// Threads waiting on the condition for messages or for the end of standard error; a
    /// delivery wakes the condition only when there are any.
    private var messageWaiters = 0
    /// Outstanding requests whose answer someone awaits (not queued).
    private var awaitedOutstanding = 0
    /// Whether a write to the child waits for room in its full input pipe: the child may be
    /// blocked writing output nobody reads, so the reader thread reads it meanwhile.
    private var writerBlocked = false
    /// How many queued requests may wait for their answers before the parked reader thread
    /// reads them (a queued answer is about 25 bytes; events a server writes early can be
    /// more, which a blocked write then drains).
    static let queuedAnswersBeforeReading = 256
    /// The reading state both readers share; only the one that holds the read (`readerReading`
    /// or `callerReading`) touches it.
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)
    private var line: [UInt8] = []
    private var lineNumber = 0
    /// Per-request timestamps of the reader's side, kept only while profiling (`rive-harness ping --profile`).
    private var readerTimes: [Int: ReaderTimes]?

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
    ///
    /// Registering does not wake a parked reader thread for an awaited request: its caller reads
    /// the answer itself, or calls `watch` before it suspends. Queued answers are left in the
    /// pipe for the next read until `queuedAnswersBeforeReading` of them wait.
    func register(id: Int, op: String, timeout: Double? = nil, queued: Bool = false) {
        condition.lock()
        outstanding.append((id, op, ContinuousClock.now.advanced(by: .seconds(timeout ?? requestTimeout)), timeout ?? requestTimeout, queued))
        if !queued { awaitedOutstanding += 1 }
        if queued, outstanding.count >= Self.queuedAnswersBeforeReading { wakeParkedReader() }
        condition.unlock()
    }

    /// Wakes the parked reader thread when an answer is awaited that no caller reads, before
    /// the awaiting task suspends.
    func watch() {
        condition.lock()
        wakeParkedReader()
        condition.unlock()
    }

    /// Whether the reader thread has output to read: an awaited answer (or too many queued
    /// ones) that no caller reads, output a blocked write waits on, an overdue request, or the
    /// rest of a closed connection's output. Called with the lock held.
    private var readerShouldRead: Bool {
        if ended { return true }
        if callerReading { return false }
        if closed || writerBlocked || awaitedOutstanding > 0 || outstanding.count >= Self.queuedAnswersBeforeReading { return true }
        return outstanding.first.map { $0.deadline <= ContinuousClock.now } ?? false
    }

    /// Writes bytes to the child; while its input pipe is full the reader thread reads the
    /// child's output, which the child may be blocked writing.
    /// - Returns: `false` when the child closed its input.
    func write(_ bytes: [UInt8]) -> Bool {
        let written = child.write(bytes) {
            condition.lock()
            writerBlocked = true
            wakeParkedReader()
            condition.unlock()
        }
        condition.lock()
        writerBlocked = false
        condition.unlock()
        return written
    }

    /// Wakes the reader thread when it is parked and should read. Called with the lock held.
    private func wakeParkedReader() {
        if readerParked, readerShouldRead { condition.broadcast() }
    }

    /// Starts keeping the reader's timestamps of every answer (`rive-harness ping --profile`).
    func startProfiling() {
        condition.lock()
        readerTimes = [:]
        condition.unlock()
    }

    /// Removes and returns the reader's timestamps of an answer, when profiling.
    func takeReaderTimes(id: Int) -> ReaderTimes? {
        condition.lock()
        defer { condition.unlock() }
        return readerTimes?.removeValue(forKey: id)
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
        messageWaiters += 1
        wakeParkedReader()
        while inbox.isEmpty { condition.wait() }
        messageWaiters -= 1
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
            outstanding.append((id, WireOperation.shutdown.rawValue, ContinuousClock.now.advanced(by: .seconds(2)), 2, true))
        }
        wakeParkedReader()
        condition.unlock()
        guard !alreadyClosed else { return }
        if let shutdownLine, !alreadyEnded { _ = write(shutdownLine) }
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
        if case .failure = item {
            ended = true
            wakeParkedReader()
        }
        guard !closed else {
            condition.unlock()
            return
        }
        inbox.append(item)
        if messageWaiters > 0 { condition.broadcast() }
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

    /// How long `poll` may wait: until the oldest deadline, at most 200 ms; and how long the
    /// reader thread spins first: only while an answer is awaited and no synchronous caller
    /// reads it itself (the caller then spins, and a second spinner would take the core the
    /// child needs; queued answers are not worth a spin).
    private func pollTimeout() -> (milliseconds: Int32, expired: (op: String, id: Int, seconds: Double)?, readerSpinNanoseconds: UInt64) {
        condition.lock()
        defer { condition.unlock() }
        guard let oldest = outstanding.first else { return (200, nil, 0) }
        let remaining = ContinuousClock.now.duration(to: oldest.deadline)
        if remaining <= .zero { return (0, (oldest.op, oldest.id, oldest.seconds), 0) }
        let milliseconds = remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000 + 1
        return (Int32(min(200, milliseconds)), nil, callerReading || awaitedOutstanding == 0 ? 0 : SystemCalls.pipeSpinNanoseconds)
    }

    /// How one read of the child's output ended.
    private enum ReadOutcome { case more, ended }

    /// The reader thread: parks while a caller reads or nothing awaited is outstanding (so an
    /// answer read on the spot wakes one thread, not two), else waits for output and reads it.
    private func readOutput() {
        defer { readerFinished() }
        while true {
            condition.lock()
            while !readerShouldRead {
                readerParked = true
                // Until the oldest request is due at the latest, so it times out without a
                // caller; with none, for the shortest timeout, so a request registered
                // meanwhile (which does not wake this thread) is due no earlier than the next look.
                let idle = min(requestTimeout, handshakeTimeout)
                var seconds = idle
                if let due = outstanding.first?.deadline {
                    let remaining = ContinuousClock.now.duration(to: due)
                    seconds = min(idle, Double(remaining.components.seconds) + Double(remaining.components.attoseconds) / 1e18)
                }
                _ = condition.wait(until: Date(timeIntervalSinceNow: max(0, seconds)))
            }
            readerParked = false
            let stop = ended
            condition.unlock()
            if stop { return }
            let (timeout, expired, spin) = pollTimeout()
            if let expired {
                fail(.timedOut(op: expired.op, id: expired.id, seconds: expired.seconds))
                return
            }
            let ready = SystemCalls.waitReadable(child.output, spinNanoseconds: spin, timeoutMilliseconds: timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                fail(.exited("could not be read (poll: \(SystemCalls.lastErrorDescription))"))
                return
            }
            if ready == 0 {
                if checkExitWhileSilent() == .ended { return }
                continue
            }
            let woke = ProbeClock.now()
            // A synchronous caller that reads for itself owns the output until its answer came.
            condition.lock()
            if callerReading || ended {
                condition.unlock()
                continue
            }
            readerReading = true
            condition.unlock()
            let outcome = readAvailable(woke: woke)
            condition.lock()
            readerReading = false
            condition.unlock()
            if outcome == .ended { return }
        }
    }

    /// After a silent `poll`: the program may have exited while something it started holds the
    /// pipe open, which is the end of the adapter, not a silence to wait out.
    private func checkExitWhileSilent() -> ReadOutcome {
        guard let how = child.exitIfEnded() else { return .more }
        var again = pollfd(fd: child.output, events: Int16(POLLIN), revents: 0)
        if poll(&again, 1, 0) > 0 { return .more }
        fail(.exited("\(how) (its output is still open in a process it started)"))
        return .ended
    }

    /// Takes the child's output for the calling thread, so a synchronous caller reads its own
    /// answer without a hop through the reader thread.
    /// - Returns: `false` when the reader thread is reading (the caller then waits with `waitForMessages`).
    func beginCallerRead() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !readerReading, !callerReading, !ended else { return false }
        callerReading = true
        waitingSynchronously = true
        return true
    }

    /// Reads what the child wrote, on the calling thread (after `beginCallerRead`), until at
    /// least one message waits, and returns the waiting messages; with `until` (`ProbeClock`
    /// nanoseconds), returns no messages once that instant has passed.
    func readForCaller(until: UInt64? = nil) -> [Incoming] {
        while true {
            condition.lock()
            if !inbox.isEmpty || ended {
                let items = inbox
                inbox.removeAll()
                condition.unlock()
                return items
            }
            condition.unlock()
            var (timeout, expired, _) = pollTimeout()
            var spin = SystemCalls.pipeSpinNanoseconds
            if let until, expired == nil {
                let now = ProbeClock.now()
                if now >= until { return [] }
                let remaining = until - now
                // Less than the spin left: spin to the deadline and do not sleep.
                if remaining <= spin {
                    spin = remaining
                    timeout = 0
                } else {
                    timeout = min(timeout, Int32(remaining / 1_000_000) + 1)
                }
            }
            if let expired {
                fail(.timedOut(op: expired.op, id: expired.id, seconds: expired.seconds))
                continue
            }
            let ready = SystemCalls.waitReadable(child.output, spinNanoseconds: spin, timeoutMilliseconds: timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                fail(.exited("could not be read (poll: \(SystemCalls.lastErrorDescription))"))
                continue
            }
            if ready == 0 {
                _ = checkExitWhileSilent()
                continue
            }
            _ = readAvailable(woke: ProbeClock.now())
        }
    }

    /// For a caller that holds the read (`beginCallerRead`) and waits on several children at
    /// once: fails the connection when its oldest request is overdue (the failure then waits in
    /// the inbox), and gives how long a wait may last, in milliseconds.
    func callerWaitMilliseconds() -> Int32 {
        let (timeout, expired, _) = pollTimeout()
        guard let expired else { return timeout }
        fail(.timedOut(op: expired.op, id: expired.id, seconds: expired.seconds))
        return 0
    }

    /// Reads one chunk of what the child wrote, on the calling thread (after `beginCallerRead`
    /// and a `poll` that found the output readable), and returns every waiting message.
    func readChunkForCaller() -> [Incoming] {
        if !isEnded { _ = readAvailable(woke: ProbeClock.now()) }
        return takeAll()
    }

    /// Whether the connection ended (the child failed or its output closed).
    var isEnded: Bool {
        condition.lock()
        defer { condition.unlock() }
        return ended
    }

    /// Gives the child's output back to the reader thread.
    func endCallerRead() {
        condition.lock()
        callerReading = false
        waitingSynchronously = false
        let schedule = !inbox.isEmpty && !drainScheduled && !closed
        if schedule { drainScheduled = true }
        let callback = onInbox
        wakeParkedReader()
        condition.unlock()
        if schedule { callback?() }
    }

    /// Reads one chunk of output (the caller holds the read) and checks and queues its complete lines.
    private func readAvailable(woke: UInt64) -> ReadOutcome {
        let count = chunk.withUnsafeMutableBytes { read(child.output, $0.baseAddress!, $0.count) }
        if count < 0 {
            if errno == EINTR || errno == EAGAIN { return .more }
            fail(.exited("could not be read (\(SystemCalls.lastErrorDescription))"))
            return .ended
        }
        if count == 0 {
            // The output ended: a program that exits closes it a moment before it can be
            // reaped; one that is still running after that closed its output on purpose.
            let how = child.reap(grace: 0.2, killing: false)
            let ending = how ?? "closed its output (it was still running; killed)"
            deliver(.failure(.exited(line.isEmpty ? ending : "\(ending) in the middle of a line")))
            if how == nil { child.kill() }
            return .ended
        }
        let readAt = ProbeClock.now()
        var start = 0
        for index in 0..<count where chunk[index] == 0x0A {
            guard line.count + (index - start) <= maximumLineBytes else {
                fail(.protocolError(line: lineNumber + 1, reason: "a line longer than \(maximumLineBytes) bytes (the limit of docs/adapter-protocol.md §1)"))
                return .ended
            }
            line.append(contentsOf: chunk[start..<index])
            start = index + 1
            lineNumber += 1
            if let failure = handle(line, number: lineNumber, woke: woke, readAt: readAt) {
                fail(failure)
                return .ended
            }
            line.removeAll(keepingCapacity: true)
        }
        guard line.count + (count - start) <= maximumLineBytes else {
            fail(.protocolError(line: lineNumber + 1, reason: "a line longer than \(maximumLineBytes) bytes (the limit of docs/adapter-protocol.md §1)"))
            return .ended
        }
        line.append(contentsOf: chunk[start..<count])
        return .more
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
        messageWaiters += 1
        while !standardErrorEnded, condition.wait(until: deadline) {}
        messageWaiters -= 1
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
    private func handle(_ rawLine: [UInt8], number: Int, woke: UInt64, readAt: UInt64) -> ConnectionFailure? {
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
            if let expected, expected.id == id {
                outstanding.removeFirst()
                if !expected.queued { awaitedOutstanding -= 1 }
            }
            condition.unlock()
            guard let expected else { return violation("an answer with id \(id), but no request is waiting for one") }
            guard expected.id == id else {
                return violation("expected the answer to request \(expected.id) (\(expected.op)), got id \(id)")
            }
            if readerTimes != nil {
                let times = ReaderTimes(woke: woke, read: readAt, parsed: ProbeClock.now(), result: object["result"]?.objectValue)
                condition.lock()
                readerTimes?[id] = times
                condition.unlock()
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
