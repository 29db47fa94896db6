import Foundation
import HarnessSupport
import RiveFormat

/// What a fuzz run tells whoever prints its progress, in the order it happens.
public enum FuzzEvent: Sendable {
    /// Cases run so far, their rate and the buckets open.
    case progress(cases: Int, casesPerSecond: Double, buckets: Int)
    /// A finding opened a bucket (its 1-based number), with the case that showed it first.
    case newBucket(number: Int, finding: FuzzFinding, fuzzCase: FuzzCase)
    /// A bucket's first case was reduced.
    case reduced(number: Int, fromBytes: Int, toBytes: Int, predicateRuns: Int, stoppedAtTimeLimitSeconds: Double?)
    /// A bucket's first case could not be reduced, and why.
    case notReduced(number: Int, reason: String)
}

/// The state of one fuzz run that its jobs share: the bucket store, the report and the
/// output folder (`report.json`, and `buckets/NNN-SLUG/` with `case.riv`, `case.json` and,
/// when reduction runs, `reduced.riv`).
@MainActor
public final class FuzzRun {
    /// The output folder.
    public let outDirectory: String
    /// The buckets, shared by the jobs.
    public let store = FuzzBucketStore()
    /// The report as last written.
    public private(set) var report: FuzzReport
    /// When the run started.
    public let started = Date()
    /// The error of the last failed report write, if any.
    public private(set) var reportError: AtomicFileError?
    private let seeds: [FuzzSeed]
    private let makeOracle: @MainActor () -> DiffOracle
    private let reduceSeconds: Double?
    private let events: @MainActor (FuzzEvent) -> Void
    private var lastProgress = Date.distantPast

    /// Creates a run.
    /// - Parameters:
    ///   - reduceSeconds: reduce each new bucket's first case for at most this long; `nil` does not reduce.
    ///   - events: receives progress and new buckets.
    public init(outDirectory: String, report: FuzzReport, seeds: [FuzzSeed], reduceSeconds: Double?,
                makeOracle: @escaping @MainActor () -> DiffOracle, events: @escaping @MainActor (FuzzEvent) -> Void) {
        self.outDirectory = outDirectory
        self.report = report
        self.seeds = seeds
        self.reduceSeconds = reduceSeconds
        self.makeOracle = makeOracle
        self.events = events
    }

    /// Creates the output folder; an existing one keeps its files, and `report.json` and
    /// `buckets/` of an earlier run are replaced.
    public static func prepare(outDirectory path: String) throws(FuzzRunError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            let buckets = (path as NSString).appendingPathComponent("buckets")
            if FileManager.default.fileExists(atPath: buckets) { try FileManager.default.removeItem(atPath: buckets) }
        } catch {
            throw FuzzRunError(path: path)
        }
    }

    /// Runs one job's cases into the shared store.
    public func runJob(_ job: Int, generatorSeed: UInt64, maximumRuns: Int?, deadline: Date?, shouldStop: @escaping @MainActor () -> Bool) async {
        var campaign = FuzzCampaign(engine: MutationEngine(seeds: seeds, seed: generatorSeed), job: job)
        var oracle = makeOracle()
        if report.adapterVersions == nil { report.adapterVersions = oracle.adapterDescriptions }
        await campaign.run(oracle: &oracle, store: store, maximumRuns: maximumRuns, deadline: deadline, shouldStop: { shouldStop() }) { finding, fuzzCase, bytes in
            await self.opened(finding, fuzzCase, bytes)
        }
    }

    /// Sends progress every two seconds until the deadline, the run count or `shouldStop`.
    public func reportProgress(until deadline: Date?, runs: Int?, shouldStop: @MainActor () -> Bool) async {
        while !shouldStop(), deadline.map({ Date() < $0 }) ?? true, runs.map({ store.runs < $0 }) ?? true {
            try? await Task.sleep(for: .milliseconds(250))
            progress()
        }
    }

    /// Sends a progress event, at most every two seconds unless forced.
    public func progress(force: Bool = false) {
        guard force || Date().timeIntervalSince(lastProgress) >= 2 else { return }
        lastProgress = Date()
        let elapsed = max(0.001, Date().timeIntervalSince(started))
        events(.progress(cases: store.runs, casesPerSecond: Double(store.runs) / elapsed, buckets: store.order.count))
    }

    /// Rewrites `report.json` with what is known now.
    public func writeReport() {
        report.runs = store.runs
        report.seedChecks = store.seedChecks
        report.failingRuns = store.failingRuns
        report.durationSeconds = Date().timeIntervalSince(started)
        report.buckets = store.orderedBuckets
        do { try report.write(to: outDirectory) } catch { reportError = error }
    }

    /// A signature as a folder name: letters, digits and dashes, at most 60 characters.
    public static func slug(_ text: String) -> String {
        let mapped = text.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }
        var slug = String(mapped).replacingOccurrences(of: "--+", with: "-", options: .regularExpression)
        slug = slug.trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        return String(slug.prefix(60))
    }

    /// Writes a new bucket's case, reduces it when asked, and rewrites the report.
    private func opened(_ finding: FuzzFinding, _ fuzzCase: FuzzCase, _ bytes: [UInt8]) async {
        let number = store.order.firstIndex(of: finding.signature).map { $0 + 1 } ?? store.order.count
        let folder = "buckets/\(String(format: "%03d", number))-\(Self.slug(finding.signature))"
        let seedBytes = seeds.first { $0.name == fuzzCase.seed }?.encodedLength
        store.update(finding.signature) { $0.file = "\(folder)/case.riv"; $0.seedBytes = seedBytes }
        events(.newBucket(number: number, finding: finding, fuzzCase: fuzzCase))
        try? AtomicFile.write(bytes, to: "\(outDirectory)/\(folder)/case.riv")
        if let record = try? JSONEncoder.sortedPretty.encode(FuzzCaseRecord(case: fuzzCase, finding: finding)) {
            try? AtomicFile.write([UInt8](record), to: "\(outDirectory)/\(folder)/case.json")
        }
        if let reduceSeconds {
            var oracle = makeOracle()
            let signature = finding.signature
            var reducer = Reducer(predicate: { candidate in
                await oracle.check(candidate, name: "reduce").contains { $0.signature == signature }
            }, deadline: Date().addingTimeInterval(reduceSeconds))
            if let reduced = try? await reducer.reduce(bytes: bytes) {
                try? AtomicFile.write(reduced.bytes, to: "\(outDirectory)/\(folder)/reduced.riv")
                store.update(signature) { $0.reducedFile = "\(folder)/reduced.riv"; $0.reducedBytes = reduced.bytes.count }
                events(.reduced(number: number, fromBytes: bytes.count, toBytes: reduced.bytes.count, predicateRuns: reduced.predicateRuns,
                                stoppedAtTimeLimitSeconds: reduced.stoppedAtTimeLimit ? reduceSeconds : nil))
            } else {
                events(.notReduced(number: number, reason: "the case does not replay (its finding did not come back when run again)"))
            }
        }
        writeReport()
    }
}

/// The output folder of a fuzz run could not be made ready.
public struct FuzzRunError: Error, Sendable {
    /// The folder.
    public var path: String
}

/// A bucket's first case and finding, as `case.json` records them.
struct FuzzCaseRecord: Codable {
    var `case`: FuzzCase
    var finding: FuzzFinding
}

/// `report.json` of a fuzz run.
public struct FuzzReport: Codable, Sendable {
    /// The adapters, comma-separated.
    public var adapters: String
    /// The adapters' names and versions as their handshakes give them (the runtime commit among
    /// them), once the first job has started its oracle; `nil` in reports written before.
    public var adapterVersions: [String]?
    /// The seed files, as given.
    public var seedFiles: [String]
    /// The generator seed (`--seed`).
    public var seed: UInt64
    /// Parallel jobs.
    public var jobs: Int
    /// Frames each case plays.
    public var frames: Int
    /// Mutated cases run.
    public var runs = 0
    /// Unmutated seeds checked (each job checks a seed before its first case on it).
    public var seedChecks = 0
    /// Cases with at least one finding.
    public var failingRuns = 0
    /// Seconds the run took.
    public var durationSeconds = 0.0
    /// The buckets in the order they opened.
    public var buckets: [FuzzBucket] = []
    /// A sharded run's part (`--shard K/N`), every seed file of the whole run and its identity; absent unsharded.
    public var shard: ShardRecord?

    /// Creates an empty report.
    public init(adapters: String, seedFiles: [String], seed: UInt64, jobs: Int, frames: Int) {
        self.adapters = adapters
        self.seedFiles = seedFiles
        self.seed = seed
        self.jobs = jobs
        self.frames = frames
    }

    /// Writes `DIR/report.json` atomically.
    func write(to directory: String) throws(AtomicFileError) {
        let data = (try? JSONEncoder.sortedPretty.encode(self)) ?? Data()
        try AtomicFile.write([UInt8](data), to: (directory as NSString).appendingPathComponent("report.json"))
    }

    /// The summary table: one row per bucket; `origin` says whether the unmutated seed shows
    /// it (`seed`) or only a mutation (`mutated`), and a known engine behaviour names its rule.
    public func table() -> [String] {
        let rate = durationSeconds > 0 ? Double(runs) / durationSeconds : 0
        let known = buckets.filter { $0.finding.known != nil }.count
        let inSeeds = buckets.filter(\.firstCase.mutations.isEmpty).count
        var lines = ["fuzz: \(runs) cases in \(String(format: "%.1f", durationSeconds)) s (\(String(format: "%.1f", rate)) cases/s) and \(seedChecks) seed check(s), "
                     + "\(failingRuns) case(s) with findings, \(buckets.count) bucket(s): \(inSeeds) shown by an unmutated seed, \(known) a known engine behaviour"]
        guard !buckets.isEmpty else { return lines }
        func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
            let padding = String(repeating: " ", count: max(0, width - text.count))
            return right ? padding + text : text + padding
        }
        lines.append("  #  " + pad("kind", 14) + pad("origin", 8) + pad("hits", 6, right: true) + pad("case B", 8, right: true) + pad("seed B", 8, right: true)
                     + pad("reduced B", 11, right: true) + "  signature")
        for (index, bucket) in buckets.enumerated() {
            lines.append(pad(String(index + 1), 3, right: true) + "  " + pad(bucket.finding.kind.rawValue, 14)
                         + pad(bucket.firstCase.mutations.isEmpty ? "seed" : "mutated", 8) + pad(String(bucket.hits), 6, right: true)
                         + pad(String(bucket.caseBytes), 8, right: true) + pad(bucket.seedBytes.map(String.init) ?? "-", 8, right: true)
                         + pad(bucket.reducedBytes.map(String.init) ?? "-", 11, right: true) + "  " + bucket.finding.signature
                         + (bucket.finding.known.map { "  [known: \($0)]" } ?? ""))
        }
        return lines
    }
}

extension JSONEncoder {
    /// An encoder with sorted keys and indentation, for files people read and diff.
    static var sortedPretty: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return encoder
    }
}
