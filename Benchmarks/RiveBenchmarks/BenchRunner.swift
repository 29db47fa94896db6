import BenchKit
import Foundation
import HarnessSupport
import PerformanceData

/// How one `rive-harness bench` run measures.
public struct BenchSettings: Sendable {
    /// CPU time through Google Benchmark, or instruction counts through callgrind.
    public var metric: Metric
    /// Time: interleaved rounds, each benchmark once per round.
    public var repetitions: Int
    /// Time: Google Benchmark's minimum time per benchmark run, seconds.
    public var minTime: Double
    /// Instructions: this iteration count for every benchmark instead of its family's.
    public var iterations: Int?
    /// A reference benchmark slowed down on purpose (test use only).
    public var planted: ReferenceBenchmarks.PlantedSlowdown?

    /// Creates settings.
    public init(metric: Metric, repetitions: Int, minTime: Double, iterations: Int?, planted: ReferenceBenchmarks.PlantedSlowdown?) {
        self.metric = metric
        self.repetitions = repetitions
        self.minTime = minTime
        self.iterations = iterations
        self.planted = planted
    }
}

/// Runs a plan's benchmarks on the reference runtime (in this process for time, in a child
/// harness under callgrind for instructions) and on the rive-cpp bench program, and merges
/// their rows into one report.
@MainActor
public struct BenchRunner {
    /// The reference side of an instructions run: this harness started again as the worker
    /// (`SUBCOMMAND --instructions-worker OUT OPTIONS`), which plans the same benchmarks.
    public struct InstructionsWorker: Sendable {
        /// The harness executable.
        public var executable: String
        /// The subcommand: `bench`.
        public var subcommand: String
        /// The options that make it plan the same benchmarks, after `--instructions-worker OUT`.
        public var options: [String]

        /// Creates a worker command.
        public init(executable: String, subcommand: String, options: [String]) {
            self.executable = executable
            self.subcommand = subcommand
            self.options = options
        }
    }

    /// The benchmarks.
    public var plan: BenchPlan
    /// How to measure.
    public var settings: BenchSettings
    /// Whether the reference runtime is measured.
    public var measuresReference: Bool
    /// Instructions mode: how to start the reference worker.
    public var worker: InstructionsWorker?
    /// The rive-cpp bench program, when it is measured.
    public var riveCppProgram: String?
    /// Where the plan file for the rive-cpp program is written.
    public var planPath: String
    /// A folder for the rounds' reports and callgrind's dumps.
    public var workFolder: String
    /// Receives progress lines (the console's standard output).
    public var progress: (String) -> Void
    /// Receives notes about left-out benchmarks (standard error).
    public var note: (String) -> Void

    /// Creates a runner.
    public init(plan: BenchPlan, settings: BenchSettings, measuresReference: Bool, worker: InstructionsWorker?, riveCppProgram: String?,
                planPath: String, workFolder: String, progress: @escaping (String) -> Void, note: @escaping (String) -> Void) {
        self.plan = plan
        self.settings = settings
        self.measuresReference = measuresReference
        self.worker = worker
        self.riveCppProgram = riveCppProgram
        self.planPath = planPath
        self.workFolder = workFolder
        self.progress = progress
        self.note = note
    }

    /// Measures every side and returns the merged repetitions.
    /// - Throws: `BenchRunError` when a program, valgrind or Google Benchmark fails.
    public func run() async throws(BenchRunError) -> RepetitionMerger {
        var merger = RepetitionMerger()
        switch settings.metric {
        case .time: try await runTime(merger: &merger)
        case .instructions: try runInstructions(merger: &merger)
        }
        return merger
    }

    // MARK: Time

    private func runTime(merger: inout RepetitionMerger) async throws(BenchRunError) {
        let flags = ["--benchmark_repetitions=1", "--benchmark_min_time=\(settings.minTime)"]
        let repetitions = settings.repetitions
        var suite: BenchmarkSuite?
        if measuresReference {
            let (built, failures) = await ReferenceBenchmarks.suite(plan: plan, planted: settings.planted)
            for failure in failures { note("note: reference: \(failure); left out") }
            suite = built
        }
        for round in 1...repetitions {
            if let suite {
                let report = try GoogleBenchmarkRunner.run(suite, flags: flags) { name, nanoseconds, iterations in
                    progress("[\(round)/\(repetitions)] \(name)  \(ValueFormat.time(nanoseconds)) (wall, \(iterations) iterations)")
                }
                merger.add(report: report)
            }
            if let program = riveCppProgram {
                let output = (workFolder as NSString).appendingPathComponent("rive-cpp-\(round).json")
                let child = try Self.run(program, ["--plan", planPath, "--benchmark_out=\(output)", "--benchmark_out_format=json"] + flags)
                guard child.status == 0, let data = FileManager.default.contents(atPath: output), let report = try? JSONValue.parse([UInt8](data)) else {
                    throw BenchRunError(code: "bench.rive-cpp-failed", message: "the rive-cpp bench program failed (exit \(child.status)): \(child.standardError.suffix(2000))",
                                        hint: "run it by hand: \(program) --plan \(planPath)")
                }
                for row in report["benchmarks"]?.arrayValue ?? [] {
                    guard let name = row["name"]?.stringValue, let nanoseconds = BenchmarkRow(fields: row.objectValue ?? [:]).realNanoseconds else { continue }
                    progress("[\(round)/\(repetitions)] \(name)  \(ValueFormat.time(nanoseconds)) (wall, \(Int(row["iterations"]?.numberValue ?? 0)) iterations)")
                }
                merger.add(report: report)
            }
        }
    }

    // MARK: Instructions

    /// Runs each side under callgrind and merges its rows with their instruction counts.
    private func runInstructions(merger: inout RepetitionMerger) throws(BenchRunError) {
        var runs: [(label: String, executable: String, arguments: [String], environment: [String: String])] = []
        if measuresReference, let worker {
            runs.append(("reference", try debugInfoFreeCopy(of: worker.executable),
                         [worker.subcommand, "--instructions-worker", (workFolder as NSString).appendingPathComponent("reference-rows.json")] + worker.options,
                         Self.instructionsEnvironment.merging(["SWIFT_DETERMINISTIC_HASHING": "1"]) { _, new in new }))
        }
        if let program = riveCppProgram {
            runs.append(("rive-cpp", program, ["--plan", planPath, "--instructions", (workFolder as NSString).appendingPathComponent("rive-cpp-rows.json")],
                         Self.instructionsEnvironment))
        }
        guard let valgrindPath = Self.executableInPath("valgrind") else {
            throw BenchRunError(code: "bench.no-valgrind", message: "valgrind is not installed (not found in PATH)", hint: "apt-get install -y valgrind")
        }
        for run in runs {
            let prefix = "callgrind-\(run.label).out"
            progress("running \(run.label) under callgrind (fixed iteration counts; this takes a while)…")
            let valgrind = ["--tool=callgrind", "--collect-atstart=no", "--instr-atstart=no",
                            "--callgrind-out-file=\((workFolder as NSString).appendingPathComponent(prefix))", run.executable] + run.arguments
            // env -i: exactly these variables, in this order (a dictionary's order would
            // change from run to run).
            let environment = run.environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            let command = ["-i"] + environment + Self.withoutAddressRandomization([valgrindPath] + valgrind)
            let child = try Self.run("/usr/bin/env", command)
            let rowsPath = (workFolder as NSString).appendingPathComponent("\(run.label)-rows.json")
            guard child.status == 0, let data = FileManager.default.contents(atPath: rowsPath), let report = try? JSONValue.parse([UInt8](data)) else {
                throw BenchRunError(code: "bench.callgrind-failed", message: "\(run.label) under valgrind failed (exit \(child.status)): \(child.standardError.suffix(2000))",
                                    hint: "check that valgrind is installed (apt-get install -y valgrind) and run the command by hand: valgrind \(valgrind.joined(separator: " "))")
            }
            let totals = try CallgrindDumps.totals(directory: workFolder, prefix: prefix)
            for row in report["benchmarks"]?.arrayValue ?? [] {
                guard var fields = row.objectValue, let name = fields["name"]?.stringValue, let iterations = fields["iterations"]?.numberValue, iterations > 0 else { continue }
                guard let total = totals[name] else {
                    throw BenchRunError(code: "bench.callgrind-missing", message: "callgrind wrote no counts for \(name)", hint: "run again; report a harness bug if it persists")
                }
                fields["instructions_per_iteration"] = .number(total / iterations)
                progress("\(name)  \(ValueFormat.count(total / iterations)) instructions/iteration")
                merger.add(row: fields, name: name)
            }
            if merger.context == nil { merger.add(report: .object(["context": report["context"] ?? .object([:]), "benchmarks": .array([])])) }
        }
    }

    /// The whole environment of a program measured under callgrind (set with `env -i`):
    /// fixed, so that neither its contents (read by getenv) nor its size (which moves the
    /// initial stack, and with it the alignment of stack buffers) differ between runs or shells.
    static let instructionsEnvironment = ["PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C"]

    /// The first executable file of this name in `$PATH`, or `nil`.
    static func executableInPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The command run through `setarch <machine> -R` when setarch exists, so that address
    /// space randomization cannot change how much work pointer-keyed code does between runs
    /// (one source of run-to-run variation in instruction counts; docs/benchmarks.md).
    static func withoutAddressRandomization(_ command: [String]) -> [String] {
        let setarch = ["/usr/bin/setarch", "/bin/setarch"].first { FileManager.default.isExecutableFile(atPath: $0) }
        var info = utsname()
        guard let setarch, uname(&info) == 0 else { return command }
        let machine = withUnsafeBytes(of: info.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return [setarch, machine, "-R"] + command
    }

    /// A copy of the executable without debug information (`objcopy --strip-debug`):
    /// valgrind 3.19 gives up on the DWARF the Swift toolchain writes ("Possibly corrupted
    /// debuginfo file"), and callgrind needs no line information for totals.
    private func debugInfoFreeCopy(of executable: String) throws(BenchRunError) -> String {
        let copy = (workFolder as NSString).appendingPathComponent("rive-harness")
        do { try FileManager.default.copyItem(atPath: executable, toPath: copy) } catch {
            throw BenchRunError(code: "bench.copy-failed", message: "cannot copy \(executable) to \(copy): \(error.localizedDescription)", hint: "check TMPDIR's free space")
        }
        let child = try Self.run("/usr/bin/env", ["objcopy", "--strip-debug", copy])
        guard child.status == 0 else {
            throw BenchRunError(code: "bench.objcopy-failed", message: "objcopy --strip-debug failed (exit \(child.status)): \(child.standardError.suffix(500))",
                                hint: "install binutils (apt-get install -y binutils)")
        }
        return copy
    }

    /// Runs a program to completion.
    /// - Throws: `BenchRunError` (`bench.cannot-start`) when it cannot be started.
    private static func run(_ executable: String, _ arguments: [String]) throws(BenchRunError) -> Subprocess.Outcome {
        do { return try Subprocess.run(executable, arguments) } catch {
            throw BenchRunError(code: "bench.cannot-start", message: "cannot start '\(error.executable)': \(error.reason)", hint: "check that it exists and is executable")
        }
    }

    // MARK: The instructions worker

    /// The child side of instructions mode: measures every reference benchmark with
    /// `GoogleBenchmarkRunner.measureInstructions` and writes their rows (name, iterations,
    /// times) to `out` for the parent, which adds the counts from callgrind's dumps.
    /// - Returns: the benchmarks that could not be set up, with the reason.
    /// - Throws: `AtomicFileError` when the rows cannot be written.
    public static func measureReferenceInstructions(plan: BenchPlan, iterations: Int?, planted: ReferenceBenchmarks.PlantedSlowdown?,
                                                    out: String) async throws(AtomicFileError) -> [String] {
        let (suite, failures) = await ReferenceBenchmarks.suite(plan: plan, planted: planted)
        // Measure everything first and build the rows afterwards, so that no work whose
        // allocations depend on the measured times runs between two measured regions.
        let counts = suite.benchmarks.map { iterations ?? $0.instructionIterations }
        var wallNanoseconds = [Double](repeating: 0, count: counts.count)
        for (index, benchmark) in suite.benchmarks.enumerated() {
            wallNanoseconds[index] = GoogleBenchmarkRunner.measureInstructions(benchmark, iterations: counts[index])
        }
        var rows: [JSONValue] = []
        for (index, benchmark) in suite.benchmarks.enumerated() {
            let count = counts[index]
            let nanoseconds = wallNanoseconds[index] / Double(count)
            var row: [String: JSONValue] = ["name": .string(benchmark.name), "run_name": .string(benchmark.name), "run_type": .string("iteration"),
                                            "iterations": .number(Double(count)), "real_time": .number(nanoseconds), "cpu_time": .number(nanoseconds),
                                            "time_unit": .string("ns"), "threads": .number(1)]
            if benchmark.bytesPerIteration > 0, nanoseconds > 0 { row["bytes_per_second"] = .number(Double(benchmark.bytesPerIteration) / nanoseconds * 1e9) }
            if !benchmark.label.isEmpty { row["label"] = .string(benchmark.label) }
            rows.append(.object(row))
        }
        let context: JSONValue = .object(["executable": .string(CommandLine.arguments[0]), "library_build_type": .string("callgrind"),
                                          "date": .string(ISO8601DateFormatter().string(from: Date()))])
        try AtomicFile.write(JSONValue.object(["context": context, "benchmarks": .array(rows)]).serialized(), to: out)
        return failures
    }
}
