import BenchKit
import Foundation
import HarnessSupport

/// `rive-harness bench`: load, advance and raster benchmarks of the reference runtime and,
/// interleaved in the same run, of the real runtime (rive-cpp).
struct BenchCommand: HarnessCommand {
    static let name = "bench"
    static let summary = "benchmark load, advance and raster of the reference runtime and rive-cpp"
    static let options = OptionTable(command: name, column: 22, options: [
        OptionSpec("--adapters", "LIST", synopsis: "[--adapters reference,rive-cpp]", help: """
            reference, rive-cpp or both, comma-separated (default reference)
            """),
        OptionSpec("--files", "LIST", synopsis: "[--files F1,F2,...]", help: """
            the .riv files, comma-separated (default: Corpus/fixtures/*.riv
            plus data_binding_test_2.riv, data_binding_test_triggers.riv and
            global_variables_test.riv from the assets folder when present)
            """),
        OptionSpec("--filter", "REGEX", help: """
            only benchmarks whose name without the adapter matches, for
            example 'advance/' or '^load/'
            """),
        OptionSpec("--repetitions", "N", help: "interleaved rounds, each benchmark once per round (default 9)"),
        OptionSpec("--min-time", "SECONDS", help: "Google Benchmark's minimum time per benchmark run (default 0.2)"),
        OptionSpec("--metric", "M", synopsis: "[--metric time|instructions]", help: """
            time (default) or instructions: each adapter runs under
            valgrind --tool=callgrind with a fixed iteration count and the
            rows carry instructions_per_iteration (deterministic)
            """),
        OptionSpec("--iterations", "N", help: """
            instructions mode: this iteration count for every benchmark
            (default per family, docs/benchmarks.md)
            """),
        OptionSpec("--assets", "DIR", synopsis: "[--assets DIR | --no-load-all]", help: """
            the folder of load-all (default $RIVE_HARNESS_SHARED/rive-assets,
            else ../shared/rive-assets)
            """),
        OptionSpec("--no-load-all", synopsis: "", help: "leave out load-all"),
        OptionSpec("--out", "FILE", help: """
            the results file (default RESULTS/runs/<UTC yyyyMMdd-HHmmss>-
            <testbed>-bench.json; RESULTS is $RIVE_HARNESS_RESULTS, else
            results), written atomically
            """),
        OptionSpec("--rive-cpp-bench", "P", synopsis: "[--rive-cpp-bench PATH]", help: """
            the rive-cpp bench program (default $RIVE_CPP_BENCH, else the
            one scripts/build-rive-cpp's cache manifest names for the
            runtime's HEAD, shipped features first)
            """),
        OptionSpec("--list", help: "print the planned benchmark names and exit"),
        OptionSpec("--plant-slowdown", "NAME=PERCENT", hidden: true, help: "for testing compare: NAME gets PERCENT% extra work"),
        OptionSpec("--instructions-worker", "FILE", hidden: true, help: "the child that one callgrind run starts: writes its rows to FILE"),
    ])
    static let help = options.help(about: """
        Runs the benchmarks of each adapter over the same files and writes one results file
        (Google Benchmark JSON plus the harness context, docs/benchmarks.md). With several
        adapters the runs are interleaved: each round runs every reference benchmark once in
        this process, then every rive-cpp benchmark once in the rive-cpp bench program. At the
        end it prints, per benchmark, the median CPU time (or instructions) per adapter and
        their ratio reference / rive-cpp.

        Benchmarks (per file): load/<file>, advance/<file>/<state machine>/settled (or
        animating, for a file that keeps moving), …/set-per-frame, …/trigger-per-frame,
        raster/<file>/256|512|1024, digest/<file>; plus load-all/rive-assets (every file of
        --assets, with bytes_per_second) and shim/empty (the harness's own overhead).
        """, footer: """
        Without the rive-cpp bench program, --adapters reference,rive-cpp says how to build it
        and runs the reference side alone. Measure with a release build
        (swift build -c release); a debug build is about 100 times slower.

        exit codes: 0 measured (or listed); 2 usage error; 3 a file is missing or no benchmark
        is left; 4 a benchmark program or valgrind failed, or the results could not be written.
        """)


    static let knownAdapters = AdapterRegistry.adapters.filter(\.hasBenchmarks).map(\.name)

    let adapters: [String]
    let files: [String]?
    let filter: NSRegularExpression?
    let filterText: String?
    let repetitions: Int
    let minTime: Double
    let metric: Metric
    let iterations: Int?
    let assets: String?
    let loadAll: Bool
    let out: String?
    let riveCppBench: String?
    let list: Bool
    /// Test use only: `NAME=PERCENT` adds PERCENT% of a reference benchmark's own work to it
    /// (documented in docs/benchmarks.md, "Planting a slowdown"); not listed in --help.
    let planted: ReferenceBenchmarks.PlantedSlowdown?
    /// Internal: run as the instructions worker under valgrind, writing rows to this file.
    let instructionsWorker: String?

    init(arguments: inout ArgumentList) throws(UsageError) {
        let adapterText = try arguments.option("--adapters") ?? "reference"
        let adapters = adapterText.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        for adapter in adapters where !Self.knownAdapters.contains(adapter) {
            let suggestion = Self.knownAdapters.closestMatch(to: adapter).map { " (did you mean '\($0)'?)" } ?? ""
            throw UsageError(message: "unknown adapter '\(adapter)'\(suggestion)", hint: "--adapters takes reference, rive-cpp or reference,rive-cpp")
        }
        guard !adapters.isEmpty, Set(adapters).count == adapters.count else {
            throw UsageError(message: "--adapters needs one or more different adapters, got '\(adapterText)'", hint: "for example --adapters reference,rive-cpp")
        }
        self.adapters = adapters
        let filesText = try arguments.option("--files")
        files = filesText.map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        if let filesText, files!.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            throw UsageError(message: "--files needs .riv paths separated by commas, got '\(filesText)' (an empty path)",
                             hint: "for example --files Corpus/fixtures/all-types.riv,Corpus/fixtures/character.riv")
        }
        filterText = try arguments.option("--filter")
        if let filterText {
            do { filter = try NSRegularExpression(pattern: filterText) } catch {
                throw UsageError(message: "--filter '\(filterText)' is not a regular expression", hint: "for example --filter 'advance/' or --filter '^load/'")
            }
        } else {
            filter = nil
        }
        repetitions = try Self.wholeNumber(arguments.option("--repetitions"), option: "--repetitions", default: 9, minimum: 1)
        let minTimeText = try arguments.option("--min-time") ?? "0.2"
        guard let minTime = Double(minTimeText), minTime > 0, minTime.isFinite else {
            throw UsageError(message: "--min-time must be a positive number of seconds, got '\(minTimeText)'", hint: "for example --min-time 0.5")
        }
        self.minTime = minTime
        let metricText = try arguments.option("--metric") ?? "time"
        guard let metric = Metric(rawValue: metricText) else {
            throw UsageError(message: "--metric must be time or instructions, got '\(metricText)'", hint: "for example --metric instructions")
        }
        self.metric = metric
        iterations = try arguments.option("--iterations").map { text throws(UsageError) in
            try Self.wholeNumber(text, option: "--iterations", default: 1, minimum: 1)
        }
        assets = try arguments.option("--assets")
        loadAll = !arguments.flag("--no-load-all")
        out = try arguments.option("--out")
        riveCppBench = try arguments.option("--rive-cpp-bench")
        list = arguments.flag("--list")
        if let plantText = try arguments.option("--plant-slowdown") {
            guard let equals = plantText.lastIndex(of: "="), let percent = Double(plantText[plantText.index(after: equals)...]),
                  percent > 0, percent <= 100 else {
                throw UsageError(message: "--plant-slowdown must be NAME=PERCENT (0 < PERCENT ≤ 100), got '\(plantText)'",
                                 hint: "for example --plant-slowdown 'reference/advance/character.riv/State Machine 1/settled=3'")
            }
            planted = ReferenceBenchmarks.PlantedSlowdown(name: String(plantText[..<equals]), percent: percent)
        } else {
            planted = nil
        }
        instructionsWorker = try arguments.option("--instructions-worker")
        let positionals = try arguments.positionals()
        guard positionals.isEmpty else {
            throw UsageError(message: "bench takes no positional arguments, got '\(positionals[0])'", hint: "pass files with --files F1,F2")
        }
        if iterations != nil, metric != .instructions, instructionsWorker == nil {
            throw UsageError(message: "--iterations applies to --metric instructions only", hint: "time mode chooses iteration counts itself; use --min-time")
        }
    }

    private static func wholeNumber(_ text: String?, option: String, default value: Int, minimum: Int) throws(UsageError) -> Int {
        guard let text else { return value }
        guard let number = Int(text), number >= minimum else {
            throw UsageError(message: "\(option) must be a whole number of at least \(minimum), got '\(text)'", hint: "for example \(option) 9")
        }
        return number
    }

    /// How this binary was built, for the testbed.
    static var buildFlags: String {
        #if DEBUG
        "debug"
        #else
        "release"
        #endif
    }

    /// The assets folder: `--assets`, else `$RIVE_HARNESS_SHARED/rive-assets`, else `../shared/rive-assets`.
    var assetsFolder: String {
        if let assets { return assets }
        if let shared = ProcessInfo.processInfo.environment["RIVE_HARNESS_SHARED"], !shared.isEmpty {
            return (shared as NSString).appendingPathComponent("rive-assets")
        }
        return "../shared/rive-assets"
    }

    /// The files of the default set that the assets folder contributes.
    static let defaultAssetFiles = ["data_binding_test_2.riv", "data_binding_test_triggers.riv", "global_variables_test.riv"]

    /// The benchmarked files: `--files`, or the default set.
    func benchmarkFiles() throws(CommandFailure) -> [String] {
        if let files {
            let problems = files.map { path in FileManager.default.fileExists(atPath: path) ? regularFileProblem(path) : "'\(path)': does not exist" }
                .compactMap { $0 }
            guard problems.isEmpty else {
                throw CommandFailure(message: "--files: cannot read " + problems.joined(separator: "; "), hint: "check the paths", exitCode: .badInput)
            }
            return files
        }
        let fixtures = "Corpus/fixtures"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: fixtures) else {
            throw CommandFailure(message: "cannot list \(fixtures)", hint: "run from the repository root or pass --files", exitCode: .badInput)
        }
        var result = names.filter { $0.hasSuffix(".riv") }.sorted().map { "\(fixtures)/\($0)" }
        for name in Self.defaultAssetFiles {
            let path = (assetsFolder as NSString).appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: path) { result.append(path) }
        }
        return result
    }

    /// Every .riv file in the assets folder, sorted; empty when the folder is absent.
    func loadAllFiles() -> [String] {
        guard loadAll, let names = try? FileManager.default.contentsOfDirectory(atPath: assetsFolder) else { return [] }
        return names.filter { $0.hasSuffix(".riv") }.sorted().map { (assetsFolder as NSString).appendingPathComponent($0) }
    }

    /// Whether the filter accepts a benchmark name without its adapter.
    func includes(_ name: String) -> Bool {
        guard let filter else { return true }
        let trimmed = name.hasPrefix("/") ? String(name.dropFirst()) : name
        return filter.firstMatch(in: trimmed, range: NSRange(trimmed.startIndex..., in: trimmed)) != nil
    }

    @MainActor func run() async throws(CommandFailure) -> ExitCode {
        let files = try benchmarkFiles()
        let plan = await BenchPlan.make(files: files, loadAllFiles: loadAllFiles(), loadAllName: "rive-assets", include: includes)
        if let instructionsWorker {
            return try await runInstructionsWorker(plan: plan, out: instructionsWorker)
        }
        for (path, reason) in plan.skipped { printError("note: \(path): \(reason)") }
        guard !plan.entries.isEmpty else {
            throw CommandFailure(message: "no benchmark is left\(filterText.map { " after --filter '\($0)'" } ?? "")", hint: "run 'rive-harness bench --list' for the names", exitCode: .badInput)
        }
        if list {
            for adapter in adapters {
                for entry in plan.entries where adapter == adapters[0] || entry.family != .empty { print(entry.name(adapter: adapter)) }
            }
            return .success
        }
        var useRiveCpp = adapters.contains("rive-cpp")
        let program = useRiveCpp ? RiveCppBenchProgram.locate(explicit: riveCppBench) : nil
        if useRiveCpp, program == nil {
            printError("note: the rive-cpp bench program is not built\(riveCppBench.map { " ('\($0)' is not an executable file)" } ?? ""); running the reference side alone\n  hint: \(RiveCppBenchProgram.buildHint)")
            useRiveCpp = false
        }
        let useReference = adapters.contains("reference")
        guard useReference || useRiveCpp else {
            throw CommandFailure(message: "no adapter is left to run", hint: RiveCppBenchProgram.buildHint, exitCode: .badInput)
        }
        if Self.buildFlags == "debug" {
            printError("warning: this is a debug build; timings are about 100 times off. Measure with 'swift build -c release' and .build/release/rive-harness")
        }
        if let planted {
            printError("warning: --plant-slowdown is for testing compare: \(planted.name) gets \(planted.percent)% extra work")
        }
        let createdAt = Date()
        let testbed = Testbed.current(buildFlags: Self.buildFlags)
        var adapterRecords: [AdapterRecord] = []
        if useReference { adapterRecords.append(AdapterRecord(name: "reference", version: "reference runtime (this harness)", runtimeCommit: nil)) }
        if useRiveCpp, let program { adapterRecords.append(AdapterRecord(name: "rive-cpp", version: program.version, runtimeCommit: program.runtimeCommit)) }

        var merger = RepetitionMerger()
        let workFolder = try makeWorkFolder()
        defer { try? FileManager.default.removeItem(atPath: workFolder) }
        let planPath = (workFolder as NSString).appendingPathComponent("plan.tsv")
        do { try plan.text(adapter: "rive-cpp", instructionIterations: iterations).write(toFile: planPath, atomically: true, encoding: .utf8) } catch {
            throw CommandFailure(message: "cannot write \(planPath): \(error.localizedDescription)", hint: "check that the temporary folder is writable", exitCode: .internalError)
        }
        do {
            switch metric {
            case .time:
                try await runTime(plan: plan, useReference: useReference, program: useRiveCpp ? program : nil, planPath: planPath, workFolder: workFolder, merger: &merger)
            case .instructions:
                try runInstructions(useReference: useReference, program: useRiveCpp ? program : nil, planPath: planPath, workFolder: workFolder, merger: &merger)
            }
        } catch {
            throw CommandFailure(reporting: error, exitCode: .internalError)
        }
        let harness = HarnessContext(kind: "bench", createdAt: ISO8601DateFormatter().string(from: createdAt), metric: metric,
                                     adapters: adapterRecords, harnessCommit: Self.gitCommit(), corpusHash: plan.corpusHash, testbed: testbed)
        let document = ResultsDocument(context: merger.context ?? .object([:]), rows: merger.rows, harness: harness)
        let path = out ?? Self.defaultResultsPath(createdAt: createdAt, testbed: testbed)
        do { try document.write(to: path) } catch {
            throw CommandFailure(message: error.description, hint: "check that the folder exists and is writable", exitCode: .internalError)
        }
        print(BenchSummary.table(document))
        print("wrote \(path)")
        return .success
    }

    /// Prints a progress line and flushes it, so it shows at once even when stdout is a file.
    private func progress(_ line: String) {
        print(line)
        fflush(nil)
    }

    /// `results/runs/<UTC yyyyMMdd-HHmmss>-<fingerprint>-bench.json`.
    static func defaultResultsPath(createdAt: Date, testbed: Testbed) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return (defaultResultsFolder as NSString).appendingPathComponent("runs") + "/\(formatter.string(from: createdAt))-\(testbed.fingerprint)-bench.json"
    }

    /// The harness's git commit (`git rev-parse HEAD` in the current folder), or `nil`.
    static func gitCommit() -> String? {
        guard let (status, output, _) = try? RiveCppBenchProgram.run("/usr/bin/env", ["git", "rev-parse", "HEAD"]), status == 0 else { return nil }
        let commit = output.trimmingCharacters(in: .whitespacesAndNewlines)
        return commit.count == 40 ? commit : nil
    }

    private func makeWorkFolder() throws(CommandFailure) -> String {
        let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("rive-harness-bench-\(UUID().uuidString)")
        do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
            throw CommandFailure(message: "cannot create \(path): \(error.localizedDescription)", hint: "check TMPDIR", exitCode: .internalError)
        }
        return path
    }

    // MARK: Time

    @MainActor
    private func runTime(plan: BenchPlan, useReference: Bool, program: RiveCppBenchProgram?, planPath: String, workFolder: String,
                         merger: inout RepetitionMerger) async throws(BenchRunError) {
        let flags = ["--benchmark_repetitions=1", "--benchmark_min_time=\(minTime)"]
        var suite: BenchmarkSuite?
        if useReference {
            let (built, failures) = await ReferenceBenchmarks.suite(plan: plan, planted: planted)
            for failure in failures { printError("note: reference: \(failure); left out") }
            suite = built
        }
        for round in 1...repetitions {
            if let suite {
                let report = try GoogleBenchmarkRunner.run(suite, flags: flags) { name, nanoseconds, iterations in
                    progress("[\(round)/\(repetitions)] \(name)  \(BenchSummary.formatTime(nanoseconds)) (wall, \(iterations) iterations)")
                }
                merger.add(report: report)
            }
            if let program {
                let output = (workFolder as NSString).appendingPathComponent("rive-cpp-\(round).json")
                let (status, _, errors) = try RiveCppBenchProgram.run(program.path, ["--plan", planPath, "--benchmark_out=\(output)", "--benchmark_out_format=json"] + flags)
                guard status == 0, let data = FileManager.default.contents(atPath: output), let report = try? JSONValue.parse([UInt8](data)) else {
                    throw BenchRunError(code: "bench.rive-cpp-failed", message: "the rive-cpp bench program failed (exit \(status)): \(errors.suffix(2000))",
                                        hint: "run it by hand: \(program.path) --plan \(planPath)")
                }
                for row in report["benchmarks"]?.arrayValue ?? [] {
                    guard let name = row["name"]?.stringValue, let nanoseconds = BenchmarkRow(fields: row.objectValue ?? [:]).realNanoseconds else { continue }
                    progress("[\(round)/\(repetitions)] \(name)  \(BenchSummary.formatTime(nanoseconds)) (wall, \(Int(row["iterations"]?.numberValue ?? 0)) iterations)")
                }
                merger.add(report: report)
            }
        }
    }

    // MARK: Instructions

    /// Runs each adapter under callgrind and merges its rows with their instruction counts.
    private func runInstructions(useReference: Bool, program: RiveCppBenchProgram?, planPath: String, workFolder: String,
                                 merger: inout RepetitionMerger) throws(BenchRunError) {
        var runs: [(label: String, executable: String, arguments: [String], environment: [String: String])] = []
        if useReference {
            guard let executable = Bundle.main.executablePath else {
                throw BenchRunError(code: "bench.no-executable", message: "cannot find the path of this rive-harness binary", hint: "run it by its path")
            }
            runs.append(("reference", try debugInfoFreeCopy(of: executable, in: workFolder), ["bench"] + workerArguments(out: (workFolder as NSString).appendingPathComponent("reference-rows.json")),
                         Self.instructionsEnvironment.merging(["SWIFT_DETERMINISTIC_HASHING": "1"]) { _, new in new }))
        }
        if let program {
            runs.append(("rive-cpp", program.path, ["--plan", planPath, "--instructions", (workFolder as NSString).appendingPathComponent("rive-cpp-rows.json")],
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
            let (status, _, errors) = try RiveCppBenchProgram.run("/usr/bin/env", command)
            let rowsPath = (workFolder as NSString).appendingPathComponent("\(run.label)-rows.json")
            guard status == 0, let data = FileManager.default.contents(atPath: rowsPath), let report = try? JSONValue.parse([UInt8](data)) else {
                throw BenchRunError(code: "bench.callgrind-failed", message: "\(run.label) under valgrind failed (exit \(status)): \(errors.suffix(2000))",
                                    hint: "check that valgrind is installed (apt-get install -y valgrind) and run the command by hand: valgrind \(valgrind.joined(separator: " "))")
            }
            let totals = try CallgrindDumps.totals(directory: workFolder, prefix: prefix)
            for row in report["benchmarks"]?.arrayValue ?? [] {
                guard var fields = row.objectValue, let name = fields["name"]?.stringValue, let iterations = fields["iterations"]?.numberValue, iterations > 0 else { continue }
                guard let total = totals[name] else {
                    throw BenchRunError(code: "bench.callgrind-missing", message: "callgrind wrote no counts for \(name)", hint: "run again; report a harness bug if it persists")
                }
                fields["instructions_per_iteration"] = .number(total / iterations)
                progress("\(name)  \(BenchSummary.formatCount(total / iterations)) instructions/iteration")
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
    private func debugInfoFreeCopy(of executable: String, in folder: String) throws(BenchRunError) -> String {
        let copy = (folder as NSString).appendingPathComponent("rive-harness")
        do { try FileManager.default.copyItem(atPath: executable, toPath: copy) } catch {
            throw BenchRunError(code: "bench.copy-failed", message: "cannot copy \(executable) to \(copy): \(error.localizedDescription)", hint: "check TMPDIR's free space")
        }
        let (status, _, errors) = try RiveCppBenchProgram.run("/usr/bin/env", ["objcopy", "--strip-debug", copy])
        guard status == 0 else {
            throw BenchRunError(code: "bench.objcopy-failed", message: "objcopy --strip-debug failed (exit \(status)): \(errors.suffix(500))",
                                hint: "install binutils (apt-get install -y binutils)")
        }
        return copy
    }

    /// The arguments that make a child rive-harness plan the same benchmarks and measure them for callgrind.
    private func workerArguments(out: String) -> [String] {
        var arguments = ["--instructions-worker", out, "--metric", "instructions"]
        if let files { arguments += ["--files", files.joined(separator: ",")] }
        if let filterText { arguments += ["--filter", filterText] }
        if let iterations { arguments += ["--iterations", String(iterations)] }
        arguments += ["--assets", assetsFolder]
        if !loadAll { arguments.append("--no-load-all") }
        if let planted { arguments += ["--plant-slowdown", "\(planted.name)=\(planted.percent)"] }
        return arguments
    }

    /// The child side of instructions mode: measures every reference benchmark with
    /// `GoogleBenchmarkRunner.measureInstructions` and writes their rows (name, iterations,
    /// times) for the parent, which adds the counts from callgrind's dumps.
    @MainActor
    private func runInstructionsWorker(plan: BenchPlan, out: String) async throws(CommandFailure) -> ExitCode {
        let (suite, failures) = await ReferenceBenchmarks.suite(plan: plan, planted: planted)
        for failure in failures { printError("note: reference: \(failure); left out") }
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
        do { try AtomicFile.write(JSONValue.object(["context": context, "benchmarks": .array(rows)]).serialized(), to: out) } catch {
            throw CommandFailure(message: error.description, hint: "check that the folder exists and is writable", exitCode: .internalError)
        }
        return .success
    }
}
