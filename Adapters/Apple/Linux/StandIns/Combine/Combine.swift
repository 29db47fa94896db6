// The parts of Apple's `Combine` that RiveRuntime's View/Rive.swift uses, for Linux:
// `ObservableObject` and `PassthroughSubject` (which `Rive` sends its fit and background
// colour changes through, for its view controller to observe).

import Foundation

/// An object that publishes changes; here a marker, as nothing observes `objectWillChange`.
public protocol ObservableObject: AnyObject {}

/// A subscription that ends when cancelled or released.
public final class AnyCancellable: Hashable, @unchecked Sendable {
    private var cancelBody: (() -> Void)?

    public init(_ cancel: @escaping () -> Void) { cancelBody = cancel }
    deinit { cancel() }

    public func cancel() {
        cancelBody?()
        cancelBody = nil
    }

    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A subject that hands each value it is sent to its current subscribers, in order.
public final class PassthroughSubject<Output, Failure: Error>: @unchecked Sendable {
    private var subscribers: [UUID: (Output) -> Void] = [:]
    private let lock = NSLock()

    public init() {}

    public func send(_ value: Output) {
        let receivers = lock.withLock { Array(subscribers.values) }
        for receive in receivers { receive(value) }
    }

    /// Subscribes a closure; the subscription lasts while the returned value is kept.
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        let id = UUID()
        lock.withLock { subscribers[id] = receiveValue }
        return AnyCancellable { [weak self] in
            guard let self else { return }
            _ = self.lock.withLock { self.subscribers.removeValue(forKey: id) }
        }
    }
}
