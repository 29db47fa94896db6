/// Borrowing an object on the hot path without ARC traffic.
///
/// A call through a reference the compiler cannot prove stays alive (an array element, a
/// `var` property, an object reached through another object) is wrapped in a retain and a
/// release: an atomic pair that costs about 8 ns on the benchmark machine, which is more than
/// most of the calls it wraps. `Unmanaged.passUnretained(object).borrow { ... }` runs the
/// body with the object neither retained nor released; the caller guarantees that something
/// else keeps the object alive for the call (each use says what).
///
/// The body must be called through this extension rather than through
/// `_withUnsafeGuaranteedRef` directly: a closure written in a main-actor type and handed to
/// the standard library's method gets a run-time executor check on every call, and the
/// compiler then retains the object anyway.
extension Unmanaged {
    /// Calls `body` with the object, neither retaining nor releasing it.
    @inline(__always)
    func borrow<Result>(_ body: (Instance) -> Result) -> Result {
        _withUnsafeGuaranteedRef(body)
    }
}
