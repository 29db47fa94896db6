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
    /// The case's number in the run (0-based).
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
    /// The reduced file, when reduction ran (relative path), and its size.
    public var reducedFile: String?
    /// The reduced file's size in bytes.
    public var reducedBytes: Int?
    /// The first case's file size in bytes.
    public var caseBytes: Int
}

/// Progress and results of a fuzz run, for reporters.
public enum FuzzEvent: Sendable {
    /// A case ran; `newBucket` when it opened one.
    case caseFinished(run: Int, findings: [FuzzFinding], newBucket: Bool)
}

/// A fuzz run: the engine's cases through the oracle, findings bucketed by signature.
///
/// It never stops on an adapter failure (that is what it looks for); it stops after a number
/// of runs, after a time budget, or when `shouldStop` says so (Ctrl-C), and everything found
/// so far is in `buckets`.
public struct FuzzCampaign {
    /// The cases' source.
    public var engine: MutationEngine
    /// Applies chains to seeds.
    public let applier: MutationApplier
    /// The buckets by signature, in the order they were opened.
    public private(set) var buckets: [String: FuzzBucket] = [:]
    /// The signatures in the order they were opened.
    public private(set) var bucketOrder: [String] = []
    /// Cases run.
    public private(set) var runs = 0

    /// Creates a run over an engine's seeds.
    public init(engine: MutationEngine) {
        self.engine = engine
        applier = MutationApplier(donors: engine.seeds.map(\.document))
    }

    /// The bytes of a case (for replay and for writing the case's file).
    public func bytes(of fuzzCase: FuzzCase) -> [UInt8]? {
        guard let seed = engine.seeds.first(where: { $0.name == fuzzCase.seed }) else { return nil }
        return applier.apply(fuzzCase.mutations, to: seed.document)
    }

    /// Runs cases until `maximumRuns` (nil: no limit) or `deadline` (nil: none) or `shouldStop`.
    /// `onNewBucket` gets each bucket as it opens (to write its file, or reduce it).
    @MainActor public mutating func run<Oracle: FuzzOracle>(oracle: inout Oracle, maximumRuns: Int?, deadline: Date?,
                                                 shouldStop: () -> Bool,
                                                 onEvent: (FuzzEvent) -> Void,
                                                 onNewBucket: (inout FuzzBucket, [UInt8]) async -> Void) async {
        while !shouldStop() {
            if let maximumRuns, runs >= maximumRuns { break }
            if let deadline, Date() >= deadline { break }
            let (seedIndex, mutations) = engine.next()
            let fuzzCase = FuzzCase(run: runs, seed: engine.seeds[seedIndex].name, mutations: mutations)
            let bytes = applier.apply(mutations, to: engine.seeds[seedIndex].document)
            let findings = await oracle.check(bytes, name: "run-\(runs)")
            runs += 1
            var opened = false
            for finding in findings {
                if buckets[finding.signature] != nil {
                    buckets[finding.signature]!.hits += 1
                    continue
                }
                var bucket = FuzzBucket(finding: finding, firstCase: fuzzCase, file: nil, hits: 1, reducedFile: nil, reducedBytes: nil,
                                        caseBytes: bytes.count)
                await onNewBucket(&bucket, bytes)
                buckets[finding.signature] = bucket
                bucketOrder.append(finding.signature)
                opened = true
            }
            onEvent(.caseFinished(run: fuzzCase.run, findings: findings, newBucket: opened))
        }
    }
}
