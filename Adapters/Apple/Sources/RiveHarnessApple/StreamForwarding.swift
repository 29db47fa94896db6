import RuntimeAPI

/// How many stream elements the forwarding tasks have passed on, so `flush()` can tell a
/// round trip that delivered events from one that delivered none.
@MainActor var forwardedStreamElements = 0

/// Forwards a RiveRuntime stream into a RuntimeAPI event stream.
///
/// The forwarding task starts at once, so RiveRuntime's subscription (sent when its stream
/// was created) and this consumer both exist before the next command. Ending the RuntimeAPI
/// stream from either side cancels the task, which ends RiveRuntime's stream and makes it
/// send its unsubscribe command.
@MainActor
func forward<Source: AsyncSequence & Sendable, Failure: Error>(
    _ source: Source, mapError: @escaping @Sendable (any Error) -> Failure
) -> EventStream<Source.Element, Failure> where Source.Element: Sendable {
    let channel = EventChannel<Source.Element, Failure>()
    let task = Task { @MainActor in
        do {
            for try await element in source {
                forwardedStreamElements += 1
                channel.yield(element)
            }
            channel.finish()
        } catch {
            // A cancelled task means the consumer ended the stream; the channel is already terminated.
            channel.finish(throwing: mapError(error))
        }
    }
    channel.onTermination = { task.cancel() }
    return EventStream(channel)
}

/// Forwards a RiveRuntime stream that cannot fail (`settledStream()`) into a RuntimeAPI event stream.
@MainActor
func forward<Element: Sendable>(_ source: AsyncStream<Element>) -> EventStream<Element, Never> {
    let channel = EventChannel<Element, Never>()
    let task = Task { @MainActor in
        for await element in source {
            forwardedStreamElements += 1
            channel.yield(element)
        }
        channel.finish()
    }
    channel.onTermination = { task.cancel() }
    return EventStream(channel)
}

/// A RuntimeAPI event stream that has already ended with an error, for subscriptions the
/// adapter refuses before they reach RiveRuntime.
@MainActor
func endedStream<Element: Sendable, Failure: Error>(_ error: Failure) -> EventStream<Element, Failure> {
    let channel = EventChannel<Element, Failure>()
    channel.finish(throwing: error)
    return EventStream(channel)
}
