import Foundation
import RiveFormat

/// Checks one fuzz case: loads the bytes into the adapter(s) and reports what went wrong.
@MainActor
public protocol FuzzOracle {
    /// What the case found; empty when everything held.
    mutating func check(_ bytes: [UInt8], name: String) async -> [FuzzFinding]
}

/// One fuzz case, enough to replay it: the seed file and the mutation chain.
public struct FuzzCase: Sendable, Hashable, Codable {
    /// The job that ran it (its engine's generator seed is the run's `--seed` plus this).
    public var job: Int
    /// The case's number in its job (0-based).
    public var run: Int
    /// The seed file's name.
    public var seed: String
    /// The mutations applied to it, in order.
    public var mutations: [RiveMutation]
}

/// A bucket of findings with one signature: how often it was hit and its first case.
public struct FuzzBucket: Sendable, Codable {
    /// The finding of the first case that hit it.
    public var finding: FuzzFinding
    /// The first case, which replays it.
    public var firstCase: FuzzCase
    /// The mutated file of the first case, as written to the output folder (relative path).
    public var file: String?
    /// How many cases hit it.
    public var hits: Int
    /// The reduced file, when reduction ran (relative path).
    public var reducedFile: String?
    /// The reduced file's size in bytes.
    public var reducedBytes: Int?
    /// The first case's file size in bytes.
    public var caseBytes: Int
    /// The seed file's size in bytes.
    public var seedBytes: Int?
}

/// The buckets of a fuzz run, shared by its jobs: findings by signature, in the order opened.
@MainActor
public final class FuzzBucketStore {
    /// The buckets by signature.
    public private(set) var buckets: [String: FuzzBucket] = [:]
    /// The signatures in the order their buckets opened.
    public private(set) var order: [String] = []
    /// Cases run, over every job.
    public private(set) var runs = 0
    /// Cases with at least one finding.
    public private(set) var failingRuns = 0

    /// Creates an empty store.
    public init() {}

    /// Unmutated seeds checked, over every job.
    public private(set) var seedChecks = 0

    /// Records a case's findings (or an unmutated seed's, which is not counted as a case);
    /// returns the findings that opened new buckets.
    public func record(_ findings: [FuzzFinding], of fuzzCase: FuzzCase, bytes: Int, isSeedCheck: Bool = false) -> [FuzzFinding] {
        if isSeedCheck {
            seedChecks += 1
        } else {
            runs += 1
            if !findings.isEmpty { failingRuns += 1 }
        }
        var opened: [FuzzFinding] = []
        for finding in findings {
            if buckets[finding.signature] != nil {
                buckets[finding.signature]!.hits += 1
                continue
            }
            buckets[finding.signature] = FuzzBucket(finding: finding, firstCase: fuzzCase, file: nil, hits: 1, reducedFile: nil,
                                                    reducedBytes: nil, caseBytes: bytes, seedBytes: nil)
            order.append(finding.signature)
            opened.append(finding)
        }
        return opened
    }

    /// Changes a bucket (its written files, its reduction).
    public func update(_ signature: String, _ change: (inout FuzzBucket) -> Void) {
        guard buckets[signature] != nil else { return }
        change(&buckets[signature]!)
    }

    /// The buckets in the order they opened.
    public var orderedBuckets: [FuzzBucket] { order.compactMap { buckets[$0] } }
}

/// One fuzz job: the engine's cases through an oracle, into a shared bucket store.
///
/// It never stops on an adapter failure (that is what it looks for); it stops after a number
/// of cases, at a deadline, or when `shouldStop` says so (Ctrl-C).
public struct FuzzCampaign {
    /// The cases' source.
    public var engine: MutationEngine
    /// Applies chains to seeds.
    public let applier: MutationApplier
    /// The job's number, which names its cases (`job 1 run 17`).
    public let job: Int
    /// The seeds (by index) this job has already checked unmutated.
    private var checkedSeeds: Set<Int> = []

    /// Creates a job over an engine's seeds.
    public init(engine: MutationEngine, job: Int = 0) {
        self.engine = engine
        self.job = job
        applier = MutationApplier(donors: engine.seeds.map(\.document))
    }

    /// Runs up to `maximumRuns` cases (nil: no limit) until `deadline` (nil: none) or
    /// `shouldStop`; `onNewBucket` gets each finding that opened a bucket, with its case and bytes.
    ///
    /// Each seed is checked unmutated before its first case (not counted as a case), so a
    /// failure the seed already shows is bucketed as the seed's, with an empty mutation chain.
    @MainActor public mutating func run<Oracle: FuzzOracle>(oracle: inout Oracle, store: FuzzBucketStore, maximumRuns: Int?, deadline: Date?,
                                                            shouldStop: () -> Bool,
                                                            onNewBucket: (FuzzFinding, FuzzCase, [UInt8]) async -> Void) async {
        var ran = 0
        while !shouldStop() {
            if let maximumRuns, ran >= maximumRuns { break }
            if let deadline, Date() >= deadline { break }
            let (seedIndex, mutations) = engine.next()
            if checkedSeeds.insert(seedIndex).inserted {
                // The unmutated seed first: what it shows itself opens a bucket without
                // mutations, and cases that only show it again add hits there.
                let seedCase = FuzzCase(job: job, run: ran, seed: engine.seeds[seedIndex].name, mutations: [])
                let seedBytes = applier.apply([], to: engine.seeds[seedIndex].document)
                let seedFindings = await oracle.check(seedBytes, name: "job-\(job)-seed-\(seedIndex)")
                for finding in store.record(seedFindings, of: seedCase, bytes: seedBytes.count, isSeedCheck: true) {
                    await onNewBucket(finding, seedCase, seedBytes)
                }
            }
            let fuzzCase = FuzzCase(job: job, run: ran, seed: engine.seeds[seedIndex].name, mutations: mutations)
            let bytes = applier.apply(mutations, to: engine.seeds[seedIndex].document)
            let findings = await oracle.check(bytes, name: "job-\(job)-run-\(ran)")
            ran += 1
            for finding in store.record(findings, of: fuzzCase, bytes: bytes.count) {
                await onNewBucket(finding, fuzzCase, bytes)
            }
        }
    }
}
