/// A divergence between two runtimes that is a documented behaviour of one of them, not a
/// new bug: fuzz reports name its rule instead of leaving it for triage.
///
/// Each entry matches the shapes of the first differing lines (`FailureSignature.divergenceShape`)
/// and names the rule it breaks; the reason and the upstream source are in that adapter's
/// expectations file (`Corpus/expectations/ADAPTER.yaml`), which is their one home.
public struct KnownDivergence: Sendable, Hashable {
    /// The rule of `binding-rules.md` the deviating adapter does not follow, for example `SRC-1N`.
    public var rule: String
    /// The adapter whose documented behaviour this is.
    public var adapter: String
    /// The dump section the difference shows in.
    public var section: String
    /// What the entry matches, in a few words, for reports.
    public var summary: String
    /// Whether the contract side's and the deviating side's line shapes are this behaviour.
    let matches: @Sendable (_ contract: String, _ deviating: String) -> Bool

    /// Two entries are the same when they name the same rule, adapter, section and summary.
    public static func == (lhs: KnownDivergence, rhs: KnownDivergence) -> Bool {
        (lhs.rule, lhs.adapter, lhs.section, lhs.summary) == (rhs.rule, rhs.adapter, rhs.section, rhs.summary)
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rule)
        hasher.combine(adapter)
        hasher.combine(section)
        hasher.combine(summary)
    }

    /// The documented behaviours of the real runtime that `diff` against the reference shows.
    public static let all: [KnownDivergence] = [
        KnownDivergence(rule: "SRC-1N", adapter: "rive-cpp", section: "instances",
                        summary: "a blank instance's nested value reads as a value instead of failing") { contract, deviating in
            contract.hasPrefix("S blank P: ") && contract.hasSuffix("= error view-model-instance.message")
                && deviating.hasPrefix("S blank P: ") && !deviating.contains("= error ")
        },
        KnownDivergence(rule: "SM-6", adapter: "rive-cpp", section: "artboards",
                        summary: "no default state machine for an artboard whose file names none") { contract, deviating in
            contract.hasPrefix("artboard S default stateMachine S")
                && deviating == "artboard S default stateMachine error artboard.invalid-state-machine"
        },
    ]

    /// The entry that explains a divergence between adapters `a` and `b` in a section, given
    /// both sides' first differing lines as dumped; `nil` when none does.
    public static func explaining(section: String, a: (adapter: String, line: String), b: (adapter: String, line: String)) -> KnownDivergence? {
        let shapes = (a: FailureSignature.divergenceShape(a.line), b: FailureSignature.divergenceShape(b.line))
        return all.first { entry in
            guard entry.section == section else { return false }
            if b.adapter == entry.adapter, a.adapter != entry.adapter { return entry.matches(shapes.a, shapes.b) }
            if a.adapter == entry.adapter, b.adapter != entry.adapter { return entry.matches(shapes.b, shapes.a) }
            return false
        }
    }
}
