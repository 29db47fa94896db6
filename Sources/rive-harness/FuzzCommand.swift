import Differential
import Dispatch
import Foundation
import Fuzzing
import HarnessSupport
import PerformanceData
import RiveFormat

/// `rive-harness fuzz`: mutates seed files with format-aware mutations and reports what
/// breaks an adapter (crash, sanitizer report, hang, unstable dump) or makes two disagree.
struct FuzzCommand: HarnessCommand {
    static let name = "fuzz"
    static let summary = "mutate .riv files and bucket what crashes, hangs or makes runtimes disagree"
    static let options = OptionTable(command: name, column: 21, options: [
        OptionSpec("--adapters", "A[,B]", help: "one adapter (default rive-cpp) or two to compare"),
        OptionSpec("--seeds", "PATH", synopsis: "[--seeds FILE|FOLDER]...", help: """
            a .riv file or a folder of them (repeatable; default Corpus/fixtures)
            """),
        OptionSpec("--seed", "N", help: """
            the generator seed (default 1): the same seeds and --seed give
            the same cases; job K uses N+K
            """),
        OptionSpec("--budget", "SECONDS", synopsis: "[--budget SECONDS | --runs N]", help: "stop after this long (default 60)"),
        OptionSpec("--runs", "N", synopsis: "", help: "stop after N cases in all instead"),
        OptionSpec("--jobs", "N", help: """
            fuzz jobs at once, each with its own adapter instances (default 1,
            at most 16); with --runs, the cases are split between them
            """),
        OptionSpec("--out", "DIR", help: """
            write report.json and one folder per bucket (its case as
            case.riv and case.json, and reduced.riv with --reduce) (default
            results/fuzz); rewritten atomically after each new bucket
            """),
        OptionSpec("--reduce", synopsis: "[--reduce [--reduce-seconds S]]", help: """
            reduce the first case of each new bucket as it is found
            ('rive-harness reduce'), keeping its signature
            """),
        OptionSpec("--reduce-seconds", "S", synopsis: "", help: """
            how long one reduction may take (default 120); past it, the
            smallest file so far is kept (a hang costs --timeout per try)
            """),
        OptionSpec("--shard", "K/N", help: """
            fuzz part K of N of the seed files (by position in path order);
            report.json records the part
            """),
        OptionSpec("--frames", "N", help: "frames each dump plays (default 10; draws at 0 and N)"),
        OptionSpec("--timeout", "SECONDS", help: "how long one side may take for one case (default 10): past it, a hang"),
        AdapterSelection.allOptionsRow,
    ])
    static let help = options.help(about: """
        Runs cases made from the seed files by mutations that know the .riv format (a
        property set to the edge of its type: 0, limits, NaN, infinities, empty and huge
        strings; an id pointed at another object, itself or out of range; objects deleted,
        duplicated, moved, swapped, spliced in from another seed or cut off; raw byte changes
        for the reader), one to four per case. Each case is loaded and dumped as 'diff' dumps
        it (docs/diff.md). With one adapter, it is dumped twice by two instances: a crash, a
        sanitizer report, a hang or two different dumps is a finding. With two, a section
        both declare they support that differs is a finding too. Findings are bucketed by a
        signature (docs/fuzzing.md); each bucket keeps its first case, which replays exactly.
        """, footer: """
        Progress goes to stderr (cases, cases per second, buckets) every two seconds and for
        every new bucket; the end is a table of buckets. Ctrl-C stops after the case in
        flight, with everything found so far written.

        exit codes: 0 no finding; 1 findings; 2 usage error; 3 no readable seed, or an
        adapter that cannot start; 4 the report could not be written.
        """)

    let seedPaths: [String]
    let seed: UInt64
    let budgetSeconds: Double?
    let runs: Int?
    let jobs: Int
    let outDirectory: String
    let reduces: Bool
    let reduceSeconds: Double
    let frames: Int
    let timeoutSeconds: Double
    /// This run's part of the seed files, when sharded.
    let shard: Shard?
    /// The adapters and their options.
    let selection: AdapterSelection

    init(arguments: inout ArgumentList) throws(UsageError) {
        let hint = "see 'rive-harness fuzz --help'"
        let adaptersText = try arguments.option("--adapters") ?? "rive-cpp"
        let adapterNames = adaptersText.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard (1...2).contains(adapterNames.count), !adapterNames.contains("") else {
            throw UsageError(message: "--adapters needs one adapter name or two separated by a comma, got '\(adaptersText)'", hint: hint)
        }
        let seeds = try arguments.repeatedOption("--seeds")
        seedPaths = seeds.isEmpty ? ["Corpus/fixtures"] : seeds
        seed = try Self.number("--seed", try arguments.option("--seed") ?? "1", hint: hint)
        let budgetText = try arguments.option("--budget")
        let runsText = try arguments.option("--runs")
        guard budgetText == nil || runsText == nil else { throw UsageError(message: "--budget and --runs cannot be given together", hint: hint) }
        if let runsText {
            guard let value = Int(runsText), value > 0 else { throw UsageError(message: "--runs needs a positive whole number, got '\(runsText)'", hint: hint) }
            runs = value
            budgetSeconds = nil
        } else {
            let text = budgetText ?? "60"
            guard let value = Double(text), value > 0, value <= 30 * 86_400 else {
                throw UsageError(message: "--budget needs a positive number of seconds up to 30 days, got '\(text)'", hint: hint)
            }
            budgetSeconds = value
            runs = nil
        }
        let jobsText = try arguments.option("--jobs") ?? "1"
        guard let jobs = Int(jobsText), (1...16).contains(jobs) else {
            throw UsageError(message: "--jobs needs a whole number from 1 to 16, got '\(jobsText)'", hint: hint)
        }
        self.jobs = jobs
        outDirectory = try arguments.option("--out") ?? (ProcessInfo.processInfo.environment["RIVE_HARNESS_RESULTS"].map { "\($0)/fuzz" } ?? "results/fuzz")
        guard !outDirectory.isEmpty else { throw UsageError(message: "--out needs a folder path, got an empty one", hint: hint) }
        reduces = arguments.flag("--reduce")
        let reduceText = try arguments.option("--reduce-seconds") ?? "120"
        guard let reduceSeconds = Double(reduceText), reduceSeconds > 0 else {
            throw UsageError(message: "--reduce-seconds needs a positive number of seconds, got '\(reduceText)'", hint: hint)
        }
        self.reduceSeconds = reduceSeconds
        (frames, timeoutSeconds) = try Self.caseOptions(&arguments, hint: hint)
        shard = try arguments.option("--shard").map { text throws(UsageError) in
            guard let shard = Shard(text) else { throw UsageError(message: Shard.usageMessage(text), hint: hint) }
            return shard
        }
        selection = try AdapterSelection(names: adapterNames, arguments: &arguments, command: Self.name, single: false)
        let positionals = try arguments.positionals()
        guard positionals.isEmpty else {
            throw UsageError(message: "fuzz takes no positional arguments, got '\(positionals[0])'", hint: "pass seed files with --seeds PATH")
        }
    }

    /// `--frames` (default 10) and `--timeout` (default 10 s), as fuzz and reduce both take them.
    static func caseOptions(_ arguments: inout ArgumentList, hint: String) throws(UsageError) -> (frames: Int, timeoutSeconds: Double) {
        let framesText = try arguments.option("--frames") ?? "10"
        guard let frames = Int(framesText), (0...10_000).contains(frames) else {
            throw UsageError(message: "--frames needs a whole number from 0 to 10000, got '\(framesText)'", hint: hint)
        }
        let timeoutText = try arguments.option("--timeout") ?? "10"
        guard let timeout = Double(timeoutText), timeout > 0, timeout <= 86_400 else {
            throw UsageError(message: "--timeout needs a positive number of seconds up to 86400, got '\(timeoutText)'", hint: hint)
        }
        return (frames, timeout)
    }

    static func number(_ option: String, _ text: String, hint: String) throws(UsageError) -> UInt64 {
        guard let value = UInt64(text) else { throw UsageError(message: "\(option) needs a whole number from 0 to \(UInt64.max), got '\(text)'", hint: hint) }
        return value
    }

    /// The dump options fuzzing uses: `frames` frames, draws at 0 and the last frame.
    static func dumpOptions(frames: Int) -> DumpOptions {
        DumpOptions(frames: frames, drawFrames: Array(Set([0, frames])).sorted())
    }

    @MainActor func run() async throws(CommandFailure) -> ExitCode {
        let allSeeds = try Self.loadSeeds(seedPaths)
        let seeds = shard.map { $0.partition(allSeeds, key: \.name) } ?? allSeeds
        guard !seeds.isEmpty else {
            throw CommandFailure(message: "shard \(shard!) of \(allSeeds.count) seed file(s) holds none", hint: "use fewer shards than seed files", exitCode: .badInput)
        }
        let makers = try selection.adapters.indices.map { index throws(CommandFailure) in (name: selection.label(at: index), make: try selection.factory(at: index)) }
        let a = makers[0], b = makers.count == 2 ? makers[1] : makers[0]
        do { try FuzzRun.prepare(outDirectory: outDirectory) } catch {
            throw CommandFailure(message: "cannot prepare the output folder '\(error.path)'", hint: "check that it is a writable folder", exitCode: .internalError)
        }
        let frames = frames, timeoutSeconds = timeoutSeconds
        var report = FuzzReport(adapters: makers.map(\.name).joined(separator: ","), seedFiles: seeds.map(\.name), seed: seed, jobs: jobs, frames: frames)
        report.shard = try shard.map { shard throws(CommandFailure) in
            ShardRecord(shard: shard, keys: allSeeds.map(\.name), identity: [
                "corpus": try DiffCommand.fileSetHash(allSeeds.map(\.name)), "adapters": report.adapters, "testbed": BuildIdentity.testbed().fingerprint,
                "options": "seed \(self.seed), \(self.runs.map { "runs \($0)" } ?? "budget \(budgetSeconds!)"), jobs \(self.jobs), frames \(frames)",
            ])
        }
        let fuzzRun = FuzzRun(outDirectory: outDirectory,
                              report: report,
                              seeds: seeds, reduceSeconds: reduces ? reduceSeconds : nil,
                              makeOracle: { DiffOracle(a: a, b: b, options: Self.dumpOptions(frames: frames), timeoutSeconds: timeoutSeconds) },
                              events: Self.printEvent)
        let interrupt = InterruptFlag()
        let deadline = budgetSeconds.map { fuzzRun.started.addingTimeInterval($0) }
        printError("fuzz: \(fuzzRun.report.adapters), \(seeds.count) seed file(s), seed \(seed), "
                   + (runs.map { "\($0) cases" } ?? "budget \(CanonicalText.number(budgetSeconds!)) s") + ", \(jobs) job(s), out \(outDirectory)")
        let runs = runs, jobs = jobs, seed = seed
        await withTaskGroup(of: Void.self) { group in
            for job in 0..<jobs {
                let share = runs.map { $0 / jobs + (job < $0 % jobs ? 1 : 0) }
                group.addTask { await fuzzRun.runJob(job, generatorSeed: seed &+ UInt64(job), maximumRuns: share, deadline: deadline, shouldStop: { interrupt.isSet }) }
            }
            group.addTask { await fuzzRun.reportProgress(until: deadline, runs: runs, shouldStop: { interrupt.isSet }) }
        }
        fuzzRun.progress(force: true)
        fuzzRun.writeReport()
        if let reportError = fuzzRun.reportError {
            throw CommandFailure(message: "cannot write the fuzz report: \(reportError.reason)", hint: "check that \(outDirectory) is writable", exitCode: .internalError)
        }
        for line in fuzzRun.report.table() { Swift.print(line) }
        if interrupt.isSet { printError("fuzz: interrupted; everything found so far is in \(outDirectory)/report.json") }
        return fuzzRun.store.order.isEmpty ? .success : .failuresFound
    }

    /// Prints a fuzz run's events on stderr, one line each.
    @MainActor static func printEvent(_ event: FuzzEvent) {
        switch event {
        case .progress(let cases, let rate, let buckets):
            printError("fuzz: \(cases) cases, \(String(format: "%.1f", rate)) cases/s, \(buckets) bucket(s)")
        case .newBucket(let number, let finding, let fuzzCase):
            let origin = fuzzCase.mutations.isEmpty ? "the unmutated seed" : fuzzCase.mutations.map(\.description).joined(separator: "; ")
            printError("fuzz: new bucket \(number): \(finding.signature) (\(fuzzCase.seed): \(origin))" + (finding.known.map { " [known: \($0)]" } ?? ""))
        case .reduced(let number, let from, let to, let predicateRuns, let limit):
            printError("fuzz: reduced bucket \(number) from \(from) to \(to) bytes in \(predicateRuns) runs"
                       + (limit.map { " (stopped at the \(Int($0)) s limit)" } ?? ""))
        case .notReduced(let number, let reason):
            printError("fuzz: bucket \(number) not reduced: \(reason)")
        }
    }

    /// The seed files: each `.riv` file named or found in a named folder that our reader
    /// reads; the others are listed and left out.
    /// - Throws: `CommandFailure` (exit 3) when no seed is readable.
    static func loadSeeds(_ paths: [String]) throws(CommandFailure) -> [FuzzSeed] {
        let files = try DiffCommand.expand(paths)
        var seeds: [FuzzSeed] = []
        var skipped: [String] = []
        for file in files {
            guard let data = FileManager.default.contents(atPath: file), let seed = FuzzSeed(name: file, bytes: [UInt8](data)) else {
                skipped.append(file)
                continue
            }
            seeds.append(seed)
        }
        if !skipped.isEmpty {
            printError("fuzz: \(skipped.count) seed file(s) left out because our reader does not read them: \(skipped.prefix(5).joined(separator: ", "))\(skipped.count > 5 ? ", …" : "")")
        }
        guard !seeds.isEmpty else {
            throw CommandFailure(message: "none of the seed files can be read by our reader", hint: "pass .riv files with --seeds PATH", exitCode: .badInput)
        }
        return seeds
    }
}

/// Set once SIGINT arrives; the handler replaces the default (which would end the process
/// before the report is written).
@MainActor
final class InterruptFlag {
    private(set) var isSet = false
    private let source: DispatchSourceSignal

    init() {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .main)
        source.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.isSet = true }
            printError("fuzz: interrupt received; finishing the case in flight")
        }
        source.resume()
    }
}
