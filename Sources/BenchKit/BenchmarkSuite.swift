import CBenchShim
import PerformanceData
import Foundation

/// Benchmarks registered from Swift and run through Google Benchmark (CBenchShim).
///
/// A body receives an iteration count and runs its work that many times in its own loop,
/// so the timed loop makes no call across the C boundary per iteration.
@MainActor
public final class BenchmarkSuite {
    /// One benchmark.
    public struct Benchmark {
        /// The full name, for example `reference/load/character.riv`.
        public var name: String
        /// Bytes processed per iteration (for a bytes_per_second counter), or 0.
        public var bytesPerIteration: Int
        /// A label stored with the rows, or empty.
        public var label: String
        /// The fixed iteration count of instructions mode.
        public var instructionIterations: Int
        /// Runs the work the given number of times.
        public var body: @MainActor (Int) -> Void
    }

    /// The benchmarks in run order.
    public private(set) var benchmarks: [Benchmark] = []

    /// Creates an empty suite.
    public init() {}

    /// Adds a benchmark whose body runs its own loop of `iterations`.
    public func add(_ name: String, bytesPerIteration: Int = 0, label: String = "", instructionIterations: Int, body: @escaping @MainActor (Int) -> Void) {
        benchmarks.append(Benchmark(name: name, bytesPerIteration: bytesPerIteration, label: label, instructionIterations: instructionIterations, body: body))
    }

    /// Keeps only the benchmarks whose names `include` accepts.
    public func filter(_ include: (String) -> Bool) {
        benchmarks.removeAll { !include($0.name) }
    }
}

/// Why a Google Benchmark run could not happen or produced no usable report.
public struct BenchRunError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable identifier, for example `bench.bad-flag`.
    public var code: String
    /// What went wrong.
    public var message: String
    /// What to do next.
    public var hint: String

    /// Creates an error.
    public init(code: String, message: String, hint: String) {
        self.code = code
        self.message = message
        self.hint = hint
    }

    /// `error[CODE]: MESSAGE` and the hint on the next line, the layout of every harness error.
    public var description: String { "error[\(code)]: \(message)\n  hint: \(hint)" }
}

/// Runs a `BenchmarkSuite` in this process with Google Benchmark, or measures it for callgrind.
@MainActor
public enum GoogleBenchmarkRunner {
    /// A body kept alive while Google Benchmark may call it; Google Benchmark calls it on
    /// the thread that started the run, the main actor's.
    private final class BodyBox: @unchecked Sendable {
        let body: @MainActor (Int) -> Void
        init(_ body: @escaping @MainActor (Int) -> Void) { self.body = body }
    }

    /// The progress callback's closure.
    private final class ProgressBox {
        let report: (String, Double, Int) -> Void
        init(_ report: @escaping (String, Double, Int) -> Void) { self.report = report }
    }

    /// The C entry point of every body: one line into Swift, as closures written inside a
    /// `@convention(c)` literal are not inlined.
    private static let trampoline: rvb_batch_fn = { context, iterations in runBody(context, iterations) }

    private nonisolated static func runBody(_ context: UnsafeMutableRawPointer?, _ iterations: Int64) {
        guard let context else { return }
        let box = Unmanaged<BodyBox>.fromOpaque(context).takeUnretainedValue()
        MainActor.assumeIsolated { box.body(Int(iterations)) }
    }

    private static let progressTrampoline: rvb_progress_fn = { context, name, nanoseconds, iterations in
        reportProgress(context, name, nanoseconds, iterations)
    }

    private nonisolated static func reportProgress(_ context: UnsafeMutableRawPointer?, _ name: UnsafePointer<CChar>?, _ nanoseconds: Double, _ iterations: Int64) {
        guard let context, let name else { return }
        Unmanaged<ProgressBox>.fromOpaque(context).takeUnretainedValue().report(String(cString: name), nanoseconds, Int(iterations))
    }

    /// Runs every benchmark of the suite once with Google Benchmark `flags` (such as
    /// `--benchmark_repetitions=1`) and returns its JSON report (`context` and `benchmarks`).
    /// - Parameter progress: called after each finished benchmark with its name, real
    ///   nanoseconds per iteration and iteration count.
    /// - Throws: `BenchRunError` for a flag Google Benchmark does not accept or an unreadable report.
    public static func run(_ suite: BenchmarkSuite, flags: [String], progress: ((String, Double, Int) -> Void)? = nil) throws(BenchRunError) -> JSONValue {
        let arguments = ["rive-harness"] + flags
        let rejected = withCStringArray(arguments) { rvb_initialize(Int32(arguments.count), $0) }
        guard rejected == 0 else {
            throw BenchRunError(code: "bench.bad-flag", message: "Google Benchmark does not accept '\(arguments[Int(rejected)])'",
                                hint: "pass only --benchmark_* flags it knows (see --benchmark_help of any Google Benchmark program)")
        }
        rvb_clear()
        var boxes: [Unmanaged<BodyBox>] = []
        defer {
            rvb_clear()
            for box in boxes { box.release() }
        }
        for benchmark in suite.benchmarks {
            let box = Unmanaged.passRetained(BodyBox(benchmark.body))
            boxes.append(box)
            let handle = rvb_register(benchmark.name, trampoline, box.toOpaque())
            if benchmark.bytesPerIteration > 0 { rvb_set_bytes_per_iteration(handle, Int64(benchmark.bytesPerIteration)) }
            if !benchmark.label.isEmpty { rvb_set_label(handle, benchmark.label) }
        }
        let progressBox = progress.map { Unmanaged.passRetained(ProgressBox($0)) }
        defer { progressBox?.release() }
        var log: UnsafeMutablePointer<CChar>? = nil
        guard let report = rvb_run(progressBox == nil ? nil : progressTrampoline, progressBox?.toOpaque(), &log) else {
            throw BenchRunError(code: "bench.no-report", message: "Google Benchmark returned no report (out of memory?)", hint: "run again")
        }
        defer {
            rvb_free(report)
            rvb_free(log)
        }
        let text = String(cString: report)
        do { return try JSONValue.parse(Array(text.utf8)) } catch {
            throw BenchRunError(code: "bench.bad-report", message: "Google Benchmark's report is not JSON: \(text.prefix(200))", hint: "report this as a harness bug")
        }
    }

    /// Runs one benchmark for callgrind: a warm-up of `iterations`, then `iterations` more
    /// between callgrind client requests that collect and dump the counts under its name
    /// (see `rvb_measure_instructions`). Returns the measured run's wall nanoseconds.
    public static func measureInstructions(_ benchmark: BenchmarkSuite.Benchmark, iterations: Int) -> Double {
        let box = Unmanaged.passRetained(BodyBox(benchmark.body))
        defer { box.release() }
        return rvb_measure_instructions(benchmark.name, trampoline, box.toOpaque(), Int64(iterations))
    }

    /// Whether this process runs under valgrind.
    public static var isRunningOnValgrind: Bool { rvb_running_on_valgrind() != 0 }

    private static func withCStringArray<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
        let copies = strings.map { strdup($0) }
        defer { for copy in copies { free(copy) } }
        let pointers = copies.map { UnsafePointer<CChar>($0) }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
