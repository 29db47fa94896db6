import BenchKit
import Foundation
import HarnessSupport
import PerformanceData
import RiveBenchmarks

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
            runtime's HEAD, shipped features first; with --raster-rive
            the one built with --renderer vulkan)
            """),
        OptionSpec("--raster-rive", help: """
            also plan rive-cpp's raster-rive/<file>/256|512|1024: the Rive
            Renderer over Vulkan (wall time, device work included); needs
            --adapters with rive-cpp and a bench program built with
            scripts/build-rive-cpp --renderer vulkan (found in the cache,
            or --rive-cpp-bench); the results file's testbed names the
            Vulkan device; time metric only
            """),
        OptionSpec("--shard", "K/N", help: """
            run part K of N of the benchmarks (by position in name order,
            the name without the adapter); 'rive-harness merge' joins the
            parts' results files
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
        --assets, with bytes_per_second) and shim/empty (the harness's own overhead). With
        --raster-rive, rive-cpp also runs raster-rive/<file>/256|512|1024: the Rive Renderer
        over Vulkan, shown by its wall time (docs/rive-renderer.md).
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
    /// Whether raster-rive benchmarks are planned (rive-cpp only).
    let rasterRive: Bool
    let list: Bool
    /// This run's part of the benchmarks, when sharded.
    let shard: Shard?
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
        rasterRive = arguments.flag("--raster-rive")
        list = arguments.flag("--list")
        shard = try arguments.option("--shard").map { text throws(UsageError) in
            guard let shard = Shard(text) else { throw UsageError(message: Shard.usageMessage(text), hint: "see 'rive-harness bench --help'") }
            return shard
        }
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
        if rasterRive, !adapters.contains("rive-cpp"), instructionsWorker == nil {
            throw UsageError(message: "--raster-rive benchmarks run on rive-cpp only", hint: "add --adapters reference,rive-cpp (or rive-cpp)")
        }
        if rasterRive, metric == .instructions {
            throw UsageError(message: "--raster-rive is measured by wall time (the Rive Renderer's device works outside the benchmark's thread)",
                             hint: "leave out --metric instructions")
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
        var plan = await BenchPlan.make(files: files, loadAllFiles: loadAllFiles(), loadAllName: "rive-assets", riveRenderer: rasterRive,
                                        include: includes)
        let planKeys = plan.entries.map(\.key)
        if let shard { plan.entries = shard.partition(plan.entries, key: \.key) }
        if let instructionsWorker {
            do {
                let failures = try await BenchRunner.measureReferenceInstructions(plan: plan, iterations: iterations, planted: planted, out: instructionsWorker)
                for failure in failures { printError("note: reference: \(failure); left out") }
            } catch {
                throw CommandFailure(writing: error)
            }
            return .success
        }
        for (path, reason) in plan.skipped { printError("note: \(path): \(reason)") }
        guard !plan.entries.isEmpty || (shard != nil && !planKeys.isEmpty) else {
            throw CommandFailure(message: "no benchmark is left\(filterText.map { " after --filter '\($0)'" } ?? "")", hint: "run 'rive-harness bench --list' for the names", exitCode: .badInput)
        }
        if list {
            for adapter in adapters {
                for entry in plan.entries where (adapter == adapters[0] || entry.family != .empty)
                    && (adapter != "reference" || entry.family.runsOnReference) {
                    print(entry.name(adapter: adapter))
                }
            }
            return .success
        }
        var useRiveCpp = adapters.contains("rive-cpp")
        let program = useRiveCpp ? RiveCppBenchProgram.locate(explicit: riveCppBench, renderer: rasterRive ? "vulkan" : nil) : nil
        if useRiveCpp, program == nil, rasterRive, riveCppBench == nil {
            let command = RiveCppBenchProgram.buildCommand(renderer: "vulkan")
            throw CommandFailure(code: "rive-cpp.not-built", message: "--raster-rive needs the rive-cpp bench program built with the Rive Renderer, and it is not built",
                                 hint: "build it with: \(command) (or pass --rive-cpp-bench PATH)", exitCode: .badInput)
        }
        if useRiveCpp, program == nil {
            printError("note: the rive-cpp bench program is not built\(riveCppBench.map { " ('\($0)' is not an executable file)" } ?? ""); running the reference side alone\n  hint: \(RiveCppBenchProgram.buildHint)")
            useRiveCpp = false
        }
        let useReference = adapters.contains("reference")
        guard useReference || useRiveCpp else {
            throw CommandFailure(message: "no adapter is left to run", hint: RiveCppBenchProgram.buildHint, exitCode: .badInput)
        }
        if BuildIdentity.configuration == "debug" {
            printError("warning: this is a debug build; timings are about 100 times off. Measure with 'swift build -c release' and .build/release/rive-harness")
        }
        if let planted {
            printError("warning: --plant-slowdown is for testing compare: \(planted.name) gets \(planted.percent)% extra work")
        }
        let createdAt = Date()
        var testbed = BuildIdentity.testbed()
        var adapterRecords: [AdapterRecord] = []
        if useReference { adapterRecords.append(AdapterRecord(name: "reference", version: "reference runtime (this harness)", runtimeCommit: nil)) }
        if useRiveCpp, let program { adapterRecords.append(AdapterRecord(name: "rive-cpp", version: program.version, runtimeCommit: program.runtimeCommit)) }

        let workFolder = try makeWorkFolder()
        defer { try? FileManager.default.removeItem(atPath: workFolder) }
        let planPath = (workFolder as NSString).appendingPathComponent("plan.tsv")
        do { try plan.text(adapter: "rive-cpp", instructionIterations: iterations).write(toFile: planPath, atomically: true, encoding: .utf8) } catch {
            throw CommandFailure(message: "cannot write \(planPath): \(error.localizedDescription)", hint: "check that the temporary folder is writable", exitCode: .internalError)
        }
        var worker: BenchRunner.InstructionsWorker?
        if metric == .instructions, useReference {
            guard let executable = Bundle.main.executablePath else {
                throw CommandFailure(code: "bench.no-executable", message: "cannot find the path of this rive-harness binary", hint: "run it by its path", exitCode: .internalError)
            }
            worker = BenchRunner.InstructionsWorker(executable: executable, subcommand: Self.name, options: workerArguments())
        }
        let settings = BenchSettings(metric: metric, repetitions: repetitions, minTime: minTime, iterations: iterations, planted: planted)
        let runner = BenchRunner(plan: plan, settings: settings, measuresReference: useReference, worker: worker,
                                 riveCppProgram: useRiveCpp ? program?.path : nil, planPath: planPath, workFolder: workFolder,
                                 progress: { line in
                                     print(line)
                                     fflush(nil)
                                 }, note: printError)
        var merger = RepetitionMerger()
        // A shard that holds no benchmark (more shards than benchmarks) measures nothing and writes no rows.
        if !plan.entries.isEmpty {
            do { merger = try await runner.run() } catch {
                throw CommandFailure(reporting: error, exitCode: .internalError)
            }
        }
        // The Rive Renderer's benchmarks name their device in the label (one device per bench program).
        testbed.vulkanDevice = merger.rows.first { $0.name.contains("/raster-rive/") }?.fields["label"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        let harness = HarnessContext(kind: .bench, createdAt: ISO8601DateFormatter().string(from: createdAt), metric: metric,
                                     adapters: adapterRecords, harnessCommit: BuildIdentity.harnessCommit(), corpusHash: plan.corpusHash,
                                     testbed: TestbedRecord(testbed))
        var document = RunFile(benchmarkContext: merger.context ?? .object([:]), rows: merger.rows, harness: harness)
        if let shard {
            document.shardRecord = ShardRecord(shard: shard, keys: planKeys, identity: [
                "corpus": plan.corpusHash, "testbed": testbed.fingerprint,
                "adapters": adapterRecords.map { "\($0.name) \($0.version ?? "")" }.joined(separator: "; "),
                "runtime-commits": adapterRecords.map { $0.runtimeCommit ?? "none" }.joined(separator: "; "),
                "options": "metric \(metric.rawValue), repetitions \(repetitions), min-time \(minTime), iterations \(iterations.map(String.init) ?? "default"), filter \(filterText ?? "none")"
                    + (planted.map { ", planted \($0.name)=\($0.percent)" } ?? ""),
            ])
        }
        let path = out ?? RunFilePath.path(in: defaultResultsFolder, createdAt: createdAt, testbed: testbed.fingerprint, kind: .bench)
        do { try document.write(to: path) } catch {
            throw CommandFailure(writing: error)
        }
        print(BenchSummary.table(document))
        print("wrote \(path)")
        return .success
    }

    private func makeWorkFolder() throws(CommandFailure) -> String {
        let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("rive-harness-bench-\(UUID().uuidString)")
        do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
            throw CommandFailure(message: "cannot create \(path): \(error.localizedDescription)", hint: "check TMPDIR", exitCode: .internalError)
        }
        return path
    }

    /// The options that make a child rive-harness plan the same benchmarks and measure them
    /// for callgrind (after the runner's `--instructions-worker OUT`).
    private func workerArguments() -> [String] {
        var arguments = ["--metric", "instructions"]
        if let files { arguments += ["--files", files.joined(separator: ",")] }
        if let filterText { arguments += ["--filter", filterText] }
        if let iterations { arguments += ["--iterations", String(iterations)] }
        arguments += ["--assets", assetsFolder]
        if !loadAll { arguments.append("--no-load-all") }
        if rasterRive { arguments.append("--raster-rive") }
        if let planted { arguments += ["--plant-slowdown", "\(planted.name)=\(planted.percent)"] }
        if let shard { arguments += ["--shard", shard.description] }
        return arguments
    }
}
