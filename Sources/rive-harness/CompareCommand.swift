import Foundation
import PerformanceData

/// `rive-harness compare BASE.json NEW.json`: per benchmark, same / faster / slower / unknown.
struct CompareCommand: HarnessCommand {
    static let name = "compare"
    static let summary = "compare two benchmark results files (Mann-Whitney U, thresholds, verdicts)"
    static let options = OptionTable(command: name, positionals: "BASE.json NEW.json", column: 20, options: [
        OptionSpec("--noise", "FILE", help: "the A/A noise file (default results/noise.json; used when present)"),
        OptionSpec("--resolution", "P", synopsis: "[--resolution PERCENT]", help: """
            the smallest change in percent the comparison must see (default
            5 for time, 0.5 for instructions)
            """),
        OptionSpec("--record-noise", help: """
            treat BASE and NEW as an A/A pair (the same build measured twice):
            update the noise file's thresholds (3 × the largest change seen,
            at least 1% time / 0.1% instructions) instead of judging
            """),
    ])
    static let help = options.help(about: """
        Compares two results files of 'rive-harness bench', benchmark by benchmark:
          time          first the run shift, the median change over all benchmarks (on a
                        shared machine mostly the change of load between the runs), is
                        removed; then per benchmark the repetitions' CPU times per
                        iteration, two-sided Mann-Whitney U test, p Holm-adjusted over all
                        benchmarks: slower/faster when p < 0.05
                        and the adjusted change of the medians is beyond the threshold, same
                        when within it, unknown otherwise (or with fewer than 5 repetitions
                        on a side)
          instructions  the exact change of the instructions per iteration against the
                        threshold
        The threshold is the benchmark's entry in the noise file for the metric and testbed,
        else 5% (time) or 0.5% (instructions). Effect size: the rank-biserial correlation
        (time; +1 = every new repetition slower than every base one) or the difference in
        instructions per iteration.

        Unknown instead of a guess: a benchmark whose threshold is larger than the
        resolution is never called same (its A/A noise would hide a change of that size);
        when the whole run moved more than the testbed's A/A drift (the noise file's run
        shift, else 5%), benchmarks that moved with it are unknown.

        It refuses to compare times measured on testbeds with different fingerprints (CPU,
        cores, kernel, toolchain or build flags), and files of different metrics.
        """, footer: """
        exit codes: 0 no benchmark is slower (or the noise file was written; unknown verdicts
        are listed, not failed); 1 at least one benchmark is slower (a regression); 2 usage error; 3 a file is missing or malformed,
        or the files cannot be compared (different metrics, or time on different testbeds);
        4 the noise file could not be written.
        """)

    let basePath: String
    let newPath: String
    let noisePath: String
    let recordNoise: Bool
    /// The resolution as a fraction, or `nil` for the metric's default.
    let resolution: Double?

    init(arguments: inout ArgumentList) throws(UsageError) {
        noisePath = try arguments.option("--noise") ?? "results/noise.json"
        recordNoise = arguments.flag("--record-noise")
        if let text = try arguments.option("--resolution") {
            guard let percent = Double(text.hasSuffix("%") ? String(text.dropLast()) : text), percent > 0, percent <= 100 else {
                throw UsageError(message: "--resolution must be a percentage above 0 and at most 100, got '\(text)'", hint: "for example --resolution 3")
            }
            resolution = percent / 100
        } else {
            resolution = nil
        }
        let positionals = try arguments.positionals()
        guard positionals.count == 2 else {
            throw UsageError(message: "compare needs two results files, got \(positionals.count)", hint: "run 'rive-harness compare BASE.json NEW.json'")
        }
        basePath = positionals[0]
        newPath = positionals[1]
    }

    @MainActor func run() throws(CommandFailure) -> ExitCode {
        let base: RunFile, new: RunFile
        do {
            base = try RunFile.read(path: basePath)
            new = try RunFile.read(path: newPath)
        } catch {
            throw CommandFailure(reporting: error, exitCode: .badInput)
        }
        if recordNoise { return try writeNoise(base: base, new: new) }
        let noise: NoiseFile?
        do { noise = try NoiseFile.read(path: noisePath) } catch {
            throw CommandFailure(reporting: error, exitCode: .badInput)
        }
        let report: ComparisonReport
        do { report = try Comparison.compare(base: base, new: new, noise: noise, resolution: resolution) } catch {
            throw CommandFailure(reporting: error, exitCode: .badInput)
        }
        print(report.table(basePath: basePath, newPath: newPath))
        return report.hasRegression ? .failuresFound : .success
    }

    @MainActor private func writeNoise(base: RunFile, new: RunFile) throws(CommandFailure) -> ExitCode {
        var noise: NoiseFile
        do { noise = try NoiseFile.read(path: noisePath) ?? NoiseFile() } catch {
            throw CommandFailure(reporting: error, exitCode: .badInput)
        }
        let updated: Int
        do { updated = try noise.record(base: base, new: new) } catch {
            throw CommandFailure(reporting: error, exitCode: .badInput)
        }
        do { try noise.write(to: noisePath) } catch {
            throw CommandFailure(writing: error)
        }
        let metric = new.harness.metric ?? .time
        let testbed = new.harness.testbed.fingerprint
        for (name, _) in new.repetitionsByName {
            guard let entry = noise.entry(metric: metric, testbed: testbed, benchmark: name) else { continue }
            print("\(name)  largest A/A change \(String(format: "%.2f%%", entry.largestChange * 100)) over \(entry.pairs) pair(s) -> threshold \(String(format: "%.2f%%", entry.threshold * 100))")
        }
        if let shift = noise.runShift(metric: metric, testbed: testbed) {
            print("run shift  largest A/A shift \(String(format: "%.2f%%", shift.largestShift * 100)) over \(shift.pairs) pair(s) -> allowed drift \(String(format: "%.2f%%", shift.threshold * 100))")
        }
        print("recorded \(updated) benchmark(s) of testbed \(testbed) (\(metric.rawValue)) in \(noisePath)")
        return .success
    }
}
