import Differential
import Foundation
import RuntimeAPI

/// The fuzz oracles over `diff`'s runner: each case is dumped by two sides and compared.
///
/// With one adapter, both sides are instances of it, so a difference between the two dumps
/// is an `unstable-dump` (the same file loaded and dumped twice must dump the same); with two
/// adapters, a difference in a section both declare they support is a `divergence` (one per
/// case: the first section in dump order that differs, the others named in its detail). Either
/// way a side that fails is a `crash`, a `sanitizer` report or a `hang` (its timeout), with
/// a signature from its stderr (`FailureSignature`), and the runner gives that side a fresh
/// adapter for the next case. A section that is not comparable or that both refused is no finding.
@MainActor
public struct DiffOracle: FuzzOracle {
    private let runner: DifferentialRunner
    private let names: (a: String, b: String)
    private let sameAdapter: Bool

    /// The adapters the oracle runs, by name and version (one when both sides are the same adapter).
    public var adapterDescriptions: [String] {
        sameAdapter ? Array(runner.adapterDescriptions.prefix(1)) : runner.adapterDescriptions
    }

    /// Creates the oracle.
    /// - Parameters:
    ///   - a: the first adapter's name and factory.
    ///   - b: the second; the same name as `a` checks that dumps are stable.
    ///   - options: what to dump (fuzzing uses few frames).
    ///   - timeoutSeconds: past this, a side hangs.
    public init(a: (name: String, make: @MainActor () -> any RuntimeAdapter), b: (name: String, make: @MainActor () -> any RuntimeAdapter),
                options: DumpOptions, timeoutSeconds: Double) {
        runner = DifferentialRunner(a: .init(label: "a-\(a.name)", makeAdapter: a.make), b: .init(label: "b-\(b.name)", makeAdapter: b.make),
                                    options: options, timeoutSeconds: timeoutSeconds, outDirectory: nil)
        names = (a.name, b.name)
        sameAdapter = a.name == b.name
    }

    /// Dumps and compares one case.
    public mutating func check(_ bytes: [UInt8], name: String) async -> [FuzzFinding] {
        guard let result = try? await runner.compare(path: name, bytes: bytes) else { return [] }
        var findings: [FuzzFinding] = []
        for (outcome, adapter) in [(result.a, names.a), (result.b, names.b)] {
            guard case .failed(let message) = outcome else { continue }
            if message.hasPrefix("timed out") || message.contains(RuntimeLogEntry.adapterTimedOutCode) {
                findings.append(FuzzFinding(kind: .hang, adapter: adapter, signature: "\(adapter) hang", detail: message))
            } else {
                let (kind, signature) = FailureSignature.crash(adapter: adapter, message: message)
                findings.append(FuzzFinding(kind: kind, adapter: adapter, signature: signature, detail: message))
            }
            if sameAdapter { break }
        }
        guard findings.isEmpty else { return findings }
        // The first differing section is the finding; later sections usually follow from it
        // (a play the other side refused differs in frames, boundValues and draws alike).
        let differing = result.sections.filter { $0.status == .differ }
        if let section = differing.first {
            let left = section.firstDifference?.a ?? "(section ended)"
            let right = section.firstDifference?.b ?? "(section ended)"
            let kind: FuzzFinding.Kind = sameAdapter ? .unstableDump : .divergence
            let adapter = sameAdapter ? names.a : "\(names.a),\(names.b)"
            let signature = "\(kind.rawValue) \(adapter) " + FailureSignature.divergence(section: section.section.rawValue, left: left, right: right)
            let known = sameAdapter ? nil : KnownDivergence.explaining(section: section.section.rawValue, a: (names.a, left), b: (names.b, right))
            findings.append(FuzzFinding(kind: kind, adapter: adapter, signature: signature,
                                        detail: "[\(section.section.rawValue)] line \(section.firstDifference?.line ?? 0)\n  \(names.a): \(left)\n  \(names.b): \(right)"
                                            + (differing.count > 1 ? "\nalso differ: " + differing.dropFirst().map(\.section.rawValue).joined(separator: ", ") : ""),
                                        known: known.map { "\($0.rule) \($0.adapter): \($0.summary)" },
                                        otherSections: differing.count > 1 ? differing.dropFirst().map(\.section.rawValue) : nil))
        }
        return findings
    }
}
