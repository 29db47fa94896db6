/// Races asynchronous work against a wall-clock timeout without waiting for work that ignores
/// cancellation.
///
/// The timeout can only fire while the work is suspended: work that blocks the main actor
/// without suspending (an in-process runtime computing) runs to its end first. Process
/// adapters suspend while they wait for their child, so a hung child is abandoned in time.
@MainActor
public final class Watchdog<Result: Sendable> {
    /// The longest timeout accepted: one day, in seconds; longer ones are clamped to it
    /// (a longer `Duration` may not be representable).
    public static var maximumSeconds: Double { 86_400 }

    private var continuation: CheckedContinuation<Result?, Never>?
    private var timer: Task<Void, Never>?

    private init() {}

    /// Runs `body`, returning its result, or `nil` when `seconds` pass first (the body is then
    /// cancelled and abandoned). `seconds` is clamped to 0…`maximumSeconds`; NaN means the maximum.
    public static func run(seconds: Double, _ body: @escaping @MainActor () async -> Result) async -> Result? {
        let seconds = seconds.isNaN ? maximumSeconds : min(max(seconds, 0), maximumSeconds)
        let watchdog = Watchdog()
        return await withCheckedContinuation { continuation in
            MainActor.assumeIsolated {
                watchdog.continuation = continuation
                let work = Task { @MainActor in watchdog.finish(await body()) }
                watchdog.timer = Task { @MainActor in
                    try? await Task.sleep(for: .seconds(seconds))
                    guard !Task.isCancelled else { return }
                    watchdog.finish(nil)
                    work.cancel()
                }
            }
        }
    }

    private func finish(_ result: Result?) {
        guard let continuation else { return }
        self.continuation = nil
        timer?.cancel()
        continuation.resume(returning: result)
    }
}
