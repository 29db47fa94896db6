/// A divergence between two runtimes that is a documented behaviour of one of them, not a
/// new bug: fuzz reports name its rule instead of leaving it for triage.
///
/// Each entry matches the first differing lines (mostly by their shapes,
/// `FailureSignature.divergenceShape`) and names the rule it breaks; what the engine does and
/// the upstream source it comes from are in that adapter's expectations file
/// (`Corpus/expectations/ADAPTER.yaml`, under `divergences:` by the entry's `id`), which is their one home.
public struct KnownDivergence: Sendable, Hashable {
    /// One side's first differing line: as dumped, and its shape.
    public struct Line: Sendable {
        /// The line as dumped.
        public var text: String
        /// Its shape (`FailureSignature.divergenceShape`): numbers as N, quoted text as S, paths as P.
        public var shape: String
    }

    /// The key of the entry's documentation under `divergences:` in the adapter's expectations file.
    public var id: String
    /// The rule of `binding-rules.md` the deviating adapter does not follow, for example `SRC-1N`.
    public var rule: String
    /// The adapter whose documented behaviour this is.
    public var adapter: String
    /// The dump section the difference shows in.
    public var section: String
    /// What the entry matches, in a few words, for reports.
    public var summary: String
    /// Whether the contract side's and the deviating side's lines are this behaviour.
    let matches: @Sendable (_ contract: Line, _ deviating: Line) -> Bool

    /// Two entries are the same when they have the same id, rule, adapter, section and summary.
    public static func == (lhs: KnownDivergence, rhs: KnownDivergence) -> Bool {
        (lhs.id, lhs.rule, lhs.adapter, lhs.section, lhs.summary) == (rhs.id, rhs.rule, rhs.adapter, rhs.section, rhs.summary)
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(rule)
        hasher.combine(adapter)
        hasher.combine(section)
        hasher.combine(summary)
    }

    /// The documented behaviours of the real runtime that `diff` against the reference shows.
    public static let all: [KnownDivergence] = [
        KnownDivergence(id: "SRC-1N/blank-nested-value", rule: "SRC-1N", adapter: "rive-cpp", section: "instances",
                        summary: "a blank instance's nested value reads as a value instead of failing") { contract, deviating in
            contract.shape.hasPrefix("S blank P: ") && contract.shape.hasSuffix("= error view-model-instance.message")
                && deviating.shape.hasPrefix("S blank P: ") && !deviating.shape.contains("= error ")
        },
        KnownDivergence(id: "SM-6/no-default-state-machine", rule: "SM-6", adapter: "rive-cpp", section: "artboards",
                        summary: "no default state machine for an artboard whose file names none") { contract, deviating in
            contract.shape.hasPrefix("artboard S default stateMachine S")
                && deviating.shape == "artboard S default stateMachine error artboard.invalid-state-machine"
        },
        KnownDivergence(id: "BIND-7/empty-state-machine-name", rule: "BIND-7", adapter: "rive-cpp", section: "frames",
                        summary: "a state machine named \"\" cannot be created by its name (the empty name asks for the default)") { contract, deviating in
            contract.text.hasPrefix("play ") && contract.text.hasSuffix(" stateMachine \"\"")
                && deviating.text.hasPrefix("play ") && deviating.text.hasSuffix(" stateMachine error artboard.invalid-state-machine")
        },
        KnownDivergence(id: "BIND-7/empty-artboard-name", rule: "BIND-7", adapter: "rive-cpp", section: "artboards",
                        summary: "an artboard named \"\" cannot be created by its name (the empty name asks for the default artboard)") { contract, deviating in
            contract.text.hasPrefix("artboard \"\" ") && deviating.text.hasPrefix("artboard \"\" ") && contract.shape == deviating.shape
        },
        KnownDivergence(id: "SRC-7/nested-view-model-from-default-instance", rule: "SRC-7", adapter: "rive-cpp", section: "viewModels",
                        summary: "a nested view-model property lists the view model of the default instance's child, \"Unkown\" without one") { contract, deviating in
            contract.shape == "viewModel S property S viewModel S" && deviating.shape == contract.shape
                && deviating.text.hasSuffix(" viewModel \"Unkown\"")
        },
    ]

    /// The entry that explains a divergence between adapters `a` and `b` in a section, given
    /// both sides' first differing lines as dumped; `nil` when none does.
    public static func explaining(section: String, a: (adapter: String, line: String), b: (adapter: String, line: String)) -> KnownDivergence? {
        let lines = (a: Line(text: a.line, shape: FailureSignature.divergenceShape(a.line)),
                     b: Line(text: b.line, shape: FailureSignature.divergenceShape(b.line)))
        return all.first { entry in
            guard entry.section == section else { return false }
            if b.adapter == entry.adapter, a.adapter != entry.adapter { return entry.matches(lines.a, lines.b) }
            if a.adapter == entry.adapter, b.adapter != entry.adapter { return entry.matches(lines.b, lines.a) }
            return false
        }
    }
}
