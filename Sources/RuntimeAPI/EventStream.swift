/// The producer side of an `EventStream`: a runtime yields events into it and finishes it.
///
/// The channel keeps undelivered events in order, hands them to one consumer (an async
/// iterator, or `EventStream.takeDelivered()` for a harness that reads without waiting; a
/// second iterator waiting while another waits is a precondition failure), and
/// calls its termination handler once when the stream ends, whether the producer finished
/// it or the consumer cancelled.
@MainActor
public final class EventChannel<Element: Sendable, Failure: Error>: Sendable {
    private var buffer: [Element] = []
    private var ending: Failure??
    private var waiter: CheckedContinuation<Result<Element?, Failure>, Never>?
    /// Runs once when the stream ends for any reason, for example to unsubscribe from the
    /// runtime; set it before the stream can end.
    public var onTermination: (@MainActor () -> Void)?

    /// Creates an open channel.
    /// - Parameter onTermination: runs once when the stream ends for any reason, for example
    ///   to unsubscribe from the runtime.
    public init(onTermination: (@MainActor () -> Void)? = nil) {
        self.onTermination = onTermination
    }

    /// Whether the stream has ended; yields after that are dropped.
    public var isTerminated: Bool { ending != nil }

    /// The error the stream ended with, when it ended with one.
    public var terminalError: Failure? { ending.flatMap { $0 } }

    /// How many delivered events wait for the consumer.
    public var bufferedCount: Int { buffer.count }

    /// Delivers one event: to a waiting consumer, or into the buffer.
    public func yield(_ element: Element) {
        guard ending == nil else { return }
        if let waiter {
            self.waiter = nil
            waiter.resume(returning: .success(element))
        } else {
            buffer.append(element)
        }
    }

    /// Ends the stream, with an error or normally; buffered events are still delivered first.
    public func finish(throwing error: Failure? = nil) {
        guard ending == nil else { return }
        ending = .some(error)
        if let waiter {
            self.waiter = nil
            waiter.resume(returning: error.map { .failure($0) } ?? .success(nil))
        }
        terminate()
    }

    /// Ends the stream from the consumer's side: buffered events are dropped.
    public func cancel() {
        buffer.removeAll()
        guard ending == nil else { return }
        ending = .some(nil)
        if let waiter {
            self.waiter = nil
            waiter.resume(returning: .success(nil))
        }
        terminate()
    }

    /// Removes and returns every buffered event without waiting.
    public func takeDelivered() -> [Element] {
        defer { buffer.removeAll() }
        return buffer
    }

    private func terminate() {
        let handler = onTermination
        onTermination = nil
        handler?()
    }

    /// The next event, waiting for one when none is buffered; `nil` once the stream ended.
    func receive() async -> Result<Element?, Failure> {
        if !buffer.isEmpty { return .success(buffer.removeFirst()) }
        if let ending { return ending.map { .failure($0) } ?? .success(nil) }
        if Task.isCancelled {
            cancel()
            return .success(nil)
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                precondition(waiter == nil, "an EventStream has one consumer at a time; a second iterator waited while another was waiting")
                self.waiter = continuation
            }
        } onCancel: {
            Task { @MainActor in self.cancel() }
        }
    }
}

/// A stream of runtime events: value changes, trigger fires, settled signals.
///
/// Iterate it with `for try await` (one consumer at a time: a second iterator waiting while
/// another waits stops the program), or, in a harness that must not wait, call
/// `takeDelivered()` after `Worker.flush()` to get every event delivered so far.
/// Cancelling the consuming task ends the stream; nothing arrives after that.
public struct EventStream<Element: Sendable, Failure: Error>: AsyncSequence, Sendable {
    /// The channel the runtime yields into.
    public let channel: EventChannel<Element, Failure>

    /// Creates a stream reading from `channel`.
    public init(_ channel: EventChannel<Element, Failure>) { self.channel = channel }

    /// Removes and returns every event delivered so far, without waiting.
    @MainActor public func takeDelivered() -> [Element] { channel.takeDelivered() }

    /// Whether the stream has ended.
    @MainActor public var isTerminated: Bool { channel.isTerminated }

    /// The error the stream ended with, if it ended with one.
    @MainActor public var terminalError: Failure? { channel.terminalError }

    /// Ends the stream from the consumer's side.
    @MainActor public func cancel() { channel.cancel() }

    /// An iterator over the channel's events; only one may wait at a time.
    public func makeAsyncIterator() -> Iterator { Iterator(channel: channel) }

    /// Reads events from the channel, waiting when none is buffered.
    public struct Iterator: AsyncIteratorProtocol {
        let channel: EventChannel<Element, Failure>

        /// The next event, waiting when none is buffered; `nil` when the stream ended normally.
        /// - Throws: the error the stream was finished with.
        public mutating func next() async throws(Failure) -> Element? {
            try await channel.receive().get()
        }

        /// `next()`, called from `actor`'s isolation.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Element? {
            try await channel.receive().get()
        }
    }
}
