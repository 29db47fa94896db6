import RiveFormat

/// What conditions read while a layer decides its transitions: input values, fired triggers,
/// bindable properties and whether their view-model sources changed this frame.
@MainActor
protocol ConditionReader: AnyObject {
    /// The current value of a number input, or `nil` when the id is no number input.
    func number(input: Int) -> Double?
    /// The current value of a boolean input, or `nil` when the id is no boolean input.
    func bool(input: Int) -> Bool?
    /// The fire count of a trigger input (0 until its first fire), or `nil` when it is no trigger.
    func fires(input: Int) -> UInt64?
    /// Whether a trigger input was fired since the last advance consumed it.
    func isFired(input: Int) -> Bool
    /// The value a bindable property holds, or `nil` without one.
    func value(bindable: Int) -> RivePropertyValue?
    /// The revision of the bindable's view-model source when it changed since the last
    /// advance, or `nil` when it did not change (or has no source).
    func changedRevision(bindable: Int) -> UInt64?
    /// The artboard's width (0), height (1) or width-to-height ratio (2), or `nil`.
    func artboardProperty(_ property: Int) -> Double?
}

extension ConditionReader {
    func artboardProperty(_ property: Int) -> Double? { nil }
}

/// Everything a layer's conditions read, summarised: the state machine's input writes, its
/// bindable store's changes, the changes of view-model values (their sources) and, for a
/// machine with artboard conditions, the revisions of the artboard's width and height; each
/// a counter that only grows. While the stamp is unchanged every condition gives the same answer.
struct ConditionStamp: Equatable {
    let inputWrites: UInt64
    let bindableChanges: UInt64
    let valueChanges: UInt64
    let artboardSizeRevisions: UInt64
}

/// A layer's transitions and their conditions as flat arrays of plain values, built once
/// when the layer instance is created: checking transitions every advance then copies and
/// retains nothing (a `Transition` holds arrays, and each copy of one retained them).
final class TransitionTable {
    /// One transition as the per-frame check needs it.
    struct Entry {
        let target: Int
        let flags: UInt64
        let exitTime: Double
        /// For a `BlendStateTransition`, the blend animation whose time its exit time measures.
        let exitBlend: Int?
        /// Its conditions in `checks`.
        let checks: Range<Int>
        /// Its position in its state's `transitions` (for taking it).
        let position: Int

        var isDisabled: Bool { flags & 1 != 0 }
        var enableExitTime: Bool { flags & 4 != 0 }
        var exitTimeIsPercentage: Bool { flags & 8 != 0 }
    }

    /// One side of a value comparison: a bindable's value or a constant in `constants`.
    struct Side {
        let index: Int
        let isConstant: Bool
    }

    /// A condition, as `LayerInstance.holds` evaluates it: a few plain fields, so reading one
    /// is a few loads (an enum with payloads was copied out with `memcpy`).
    struct Check {
        enum Kind: UInt8 {
            /// A number input compared with `value`.
            case number
            /// A boolean input compared with true.
            case bool
            /// A trigger input fired (and not used by this layer).
            case trigger
            /// The bindable's view-model source changed this frame (and this layer has not used that change).
            case changed
            /// Two sides compared.
            case compare
            /// An artboard property (`left`: width, height or ratio) compared with `value`.
            case artboard
            /// Never holds (unsupported, or a comparison with a "changed" side and no bindable).
            case never
        }

        let kind: Kind
        let comparison: StateMachineDefinition.Comparison
        /// The input (number, bool, trigger), the bindable (changed) or the left side (compare).
        let left: Side
        /// The right side (compare).
        let right: Side
        /// The number compared with (number), already rounded to `Float` as upstream stores it.
        let value: Double

        init(_ kind: Kind, _ comparison: StateMachineDefinition.Comparison = .equal, left: Int = 0, right: Side = Side(index: 0, isConstant: false),
             value: Double = 0, leftIsConstant: Bool = false) {
            self.kind = kind
            self.comparison = comparison
            self.left = Side(index: left, isConstant: leftIsConstant)
            self.right = right
            self.value = value
        }
    }

    /// The transitions of each state, as a range of `entries`.
    let transitionsOfState: [Range<Int>]
    let entries: [Entry]
    let checks: [Check]
    let constants: [RivePropertyValue]
    /// Each state's animation speed when it is an animation state.
    let speedOfState: [Double?]

    init(_ layer: StateMachineDefinition.Layer) {
        var ranges: [Range<Int>] = []
        var entries: [Entry] = []
        var checks: [Check] = []
        var constants: [RivePropertyValue] = []
        var speeds: [Double?] = []
        func side(_ operand: StateMachineDefinition.Operand) -> Side? {
            switch operand {
            case .bindable(let index): return Side(index: index, isConstant: false)
            case .constant(let value):
                constants.append(value)
                return Side(index: constants.count - 1, isConstant: true)
            case .changed, .artboardProperty: return nil
            }
        }
        for state in layer.states {
            let first = entries.count
            for (position, transition) in state.transitions.enumerated() {
                let firstCheck = checks.count
                for condition in transition.conditions {
                    switch condition {
                    case .number(let input, let comparison, let value):
                        checks.append(Check(.number, comparison, left: input, value: Double(Float(value))))
                    case .bool(let input, let comparison): checks.append(Check(.bool, comparison, left: input))
                    case .trigger(let input): checks.append(Check(.trigger, left: input))
                    case .viewModel(let comparison, .artboardProperty(let property), .constant(.float(let value))):
                        // Upstream compares an artboard property only on the left, with a number.
                        checks.append(Check(.artboard, comparison, left: property, value: Double(value)))
                    case .viewModel(_, .bindable(let bindable), .changed), .viewModel(_, .changed, .bindable(let bindable)):
                        checks.append(Check(.changed, left: bindable))
                    case .viewModel(let comparison, let left, let right):
                        if let left = side(left), let right = side(right) {
                            checks.append(Check(.compare, comparison, left: left.index, right: right, leftIsConstant: left.isConstant))
                        } else {
                            checks.append(Check(.never))
                        }
                    case .unsupported: checks.append(Check(.never))
                    }
                }
                entries.append(Entry(target: transition.target, flags: transition.flags, exitTime: transition.exitTime,
                                     exitBlend: transition.exitBlendAnimation, checks: firstCheck..<checks.count, position: position))
            }
            ranges.append(first..<entries.count)
            if case .animation(_, let speed) = state.kind { speeds.append(speed) } else { speeds.append(nil) }
        }
        transitionsOfState = ranges
        self.entries = entries
        self.checks = checks
        self.constants = constants
        speedOfState = speeds
    }
}

/// A playing layer of a state machine (`StateMachineLayerInstance` upstream): its current
/// state, the state it mixes from, and the transition it took.
///
/// One `advance` advances the current state's animation, updates the mix, applies, then
/// keeps taking allowed transitions (the any state's first, then the current state's) and
/// applying until none is allowed. A transition to the state that is already current is
/// skipped, so the next one is tried. A trigger or a changed view-model value is used once
/// per layer: the layer remembers which fire or change it consumed.
@MainActor
struct LayerInstance {
    let layer: StateMachineDefinition.Layer
    private let animations: [AnimationDefinition]
    private let table: TransitionTable

    /// The current state's id.
    private(set) var current: Int?
    private var currentPlayer: AnimationPlayer?
    private var from: Int?
    private var fromPlayer: AnimationPlayer?
    /// The current state's blend, when it is a blend state (BlendStates.swift).
    private var currentBlend: BlendStateInstance?
    private var fromBlend: BlendStateInstance?
    /// While a transition with a duration mixes: the values its animations had when it was
    /// taken, written back before every apply (AnimationReset.swift); `pendingReset` holds the
    /// animations until the next apply captures them.
    private var animationReset: AnimationReset?
    private var pendingReset: [AnimationDefinition]?
    /// The transition last taken (its end actions fire when its mix completes).
    private var transition: StateMachineDefinition.Transition?
    /// The timing of `transition`, kept apart so the per-frame mix reads plain values.
    private var timing: Timing?

    /// A transition's mix timing (plain values: reading them retains nothing).
    private struct Timing {
        let duration: Double
        let flags: UInt64
        let ease: AnimationEase?

        var durationIsPercentage: Bool { flags & 2 != 0 }
        var enableEarlyExit: Bool { flags & 32 != 0 }
    }
    private var mix = 1.0
    private var mixFrom = 1.0
    private var waitingForExit = false
    /// Whether the last advance changed state.
    private(set) var changedState = false
    /// The trigger fires this layer has used, by input id.
    private var usedFires: [Int: UInt64] = [:]
    /// The view-model changes this layer has used, by bindable.
    private var usedChanges: [Int: UInt64] = [:]
    /// Whether the current transition's end actions have fired (its mix completed).
    private var transitionCompleted = true
    /// Fire actions of states and transitions reached since the state machine last took them.
    private var firedActions: [StateMachineDefinition.FireAction] = []
    /// Whether the last advance ended finding no transition to take (what
    /// `noteConditionStamp(_:)` records the stamp for).
    private var advanceFoundNoTransition = false
    /// The conditions' stamp under which the layer last found no transition to take, `nil`
    /// once anything about the layer changed (an advance, a transition taken, a rebind): the
    /// same stamp again means the same answer, so the state machine's repeated looks within
    /// one advance (after each bind pass) are skipped.
    private var noTransitionStamp: ConditionStamp?

    /// Hands over the fire actions reached since the last call, in the order they occurred.
    mutating func takeFiredActions() -> [StateMachineDefinition.FireAction] {
        defer { firedActions.removeAll() }
        return firedActions
    }

    init(_ layer: StateMachineDefinition.Layer, animations: [AnimationDefinition]) {
        self.layer = layer
        self.animations = animations
        table = TransitionTable(layer)
        current = layer.entry
    }

    /// The animation the current state plays, when it is an animation state.
    var currentAnimation: AnimationDefinition? { currentPlayer?.definition }

    /// Advances by `seconds`, applies the animations and takes transitions; returns whether
    /// the layer needs more frames (mixing, waiting for an exit time, or an animation moving).
    mutating func advance(_ seconds: Double, reader: any ConditionReader, store: PropertyStore) -> Bool {
        changedState = false
        noTransitionStamp = nil
        if let current, let speed = table.speedOfState[current] {
            currentPlayer?.advance(seconds, speed: speed)
            report(currentPlayer?.takePassedEvents())
        }
        if currentBlend != nil {
            currentBlend?.advance(seconds, reader: reader)
            report(currentBlend?.takePassedEvents())
        }
        updateMix(seconds)
        if from != nil, mix < 1 {
            fromPlayer?.advance(seconds)
            report(fromPlayer?.takePassedEvents())
            if fromBlend != nil {
                fromBlend?.advance(seconds, reader: reader)
                report(fromBlend?.takePassedEvents())
            }
        }
        apply(to: store)
        var iterations = 0
        var changed = updateState(reader: reader, store: store)
        while changed, iterations < 100 {
            apply(to: store)
            iterations += 1
            changed = updateState(reader: reader, store: store)
        }
        advanceFoundNoTransition = !changed
        return mix != 1 || waitingForExit || (currentPlayer?.keepGoing ?? false) || currentBlend != nil
    }

    /// Takes one allowed transition if there is one (used between bind passes); returns whether
    /// it did. Nothing is checked when the layer found no transition under the same
    /// conditions' stamp.
    mutating func tryChangeState(reader: any ConditionReader, store: PropertyStore, stamp: ConditionStamp) -> Bool {
        if noTransitionStamp == stamp { return false }
        guard updateState(reader: reader, store: store) else {
            noTransitionStamp = stamp
            return false
        }
        apply(to: store)
        return true
    }

    /// Records the conditions' stamp taken right after an advance: when the advance ended
    /// finding no transition, a look under the same stamp is skipped.
    mutating func noteConditionStamp(_ stamp: ConditionStamp) {
        noTransitionStamp = advanceFoundNoTransition ? stamp : nil
    }

    /// Forgets the recorded stamp (the binds were resolved again: what the conditions read
    /// may now come from other sources), so the next look checks the transitions.
    mutating func forgetConditionStamp() {
        noTransitionStamp = nil
    }

    private var isTransitioning: Bool {
        guard let timing, from != nil else { return false }
        return timing.duration != 0 && mix < 1
    }

    private mutating func updateState(reader: any ConditionReader, store: PropertyStore) -> Bool {
        if isTransitioning, timing?.enableEarlyExit != true { return false }
        waitingForExit = false
        if let any = layer.any, tryChange(from: any, reader: reader, store: store) { return true }
        guard let current else { return false }
        return tryChange(from: current, reader: reader, store: store)
    }

    private mutating func tryChange(from state: Int, reader: any ConditionReader, store: PropertyStore) -> Bool {
        // The layer is not written while the candidates are checked (a write inside the loop
        // made the compiler copy the whole layer to check them).
        var sawWaitingForExit = false
        var taken: Int?
        for entry in table.transitionsOfState[state] {
            let candidate = table.entries[entry]
            switch allowed(candidate, measuresExitOnCurrent: state == current, reader: reader) {
            case .no:
                continue
            case .waitingForExit:
                sawWaitingForExit = true
                continue
            case .yes:
                guard layer.states.indices.contains(candidate.target), candidate.target != current else { continue }
                taken = candidate.position
            }
            break
        }
        if sawWaitingForExit { waitingForExit = true }
        guard let taken else { return false }
        take(layer.states[state].transitions[taken], reader: reader, store: store)
        return true
    }

    private enum Allowed { case yes, no, waitingForExit }

    /// Whether a transition may be taken; `measuresExitOnCurrent` says whether its exit time is
    /// measured on the current animation (a transition of the current state, not of the any state).
    private func allowed(_ transition: TransitionTable.Entry, measuresExitOnCurrent: Bool, reader: any ConditionReader) -> Allowed {
        if transition.isDisabled { return .no }
        for check in transition.checks
        where !Self.holds(table.checks[check], table: table, usedFires: usedFires, usedChanges: usedChanges, reader: reader) {
            return .no
        }
        if transition.enableExitTime, measuresExitOnCurrent {
            // Measured on the current animation state's animation, or for a
            // `BlendStateTransition` on the blend animation it names (upstream
            // `exitTimeAnimationInstance`); a state without one has no exit time to wait for.
            let isWaiting: Bool?
            if let exitBlend = transition.exitBlend {
                isWaiting = currentBlend?.player(at: exitBlend).map { Self.isBeforeExit(transition, on: $0) }
            } else {
                isWaiting = currentPlayer.map { Self.isBeforeExit(transition, on: $0) }
            }
            if isWaiting == true { return .waitingForExit }
        }
        return .yes
    }

    /// Whether an animation has not yet reached a transition's exit time (upstream measures it
    /// in the animation's current loop unless the animation plays once). Static, and reading
    /// the player in place, so that checking a transition copies no player.
    private static func isBeforeExit(_ transition: TransitionTable.Entry, on player: borrowing AnimationPlayer) -> Bool {
        let duration = player.definition.durationSeconds
        var exitTime = transition.exitTimeIsPercentage ? transition.exitTime / 100 * duration : transition.exitTime / 1000
        if duration > 0, exitTime <= duration, player.definition.loop != .oneShot {
            exitTime += (player.lastTotalTime / duration).rounded(.down) * duration
        }
        return player.totalTime < exitTime
    }

    /// Whether a condition holds. Static, with what it reads passed in, so that a call made
    /// while the layer is being mutated does not copy the whole layer to borrow it.
    private static func holds(_ check: TransitionTable.Check, table: TransitionTable, usedFires: [Int: UInt64],
                              usedChanges: [Int: UInt64], reader: any ConditionReader) -> Bool {
        let comparison = check.comparison
        switch check.kind {
        case .number:
            guard let current = reader.number(input: check.left.index) else { return false }
            return comparison.holds(Double(Float(current)), check.value)
        case .bool:
            guard let current = reader.bool(input: check.left.index) else { return false }
            return comparison.holds(equal: current)
        case .trigger:
            let input = check.left.index
            guard reader.isFired(input: input), let fires = reader.fires(input: input) else { return false }
            return usedFires[input] != fires
        case .changed:
            let bindable = check.left.index
            guard let revision = reader.changedRevision(bindable: bindable) else { return false }
            return usedChanges[bindable] != revision
        case .compare:
            guard let a = value(check.left, table: table, reader: reader), let b = value(check.right, table: table, reader: reader) else { return false }
            switch (a, b) {
            case (.float(let x), .float(let y)): return comparison.holds(Double(x), Double(y))
            case (.uint(let x), .float(let y)): return comparison.holds(Double(x), Double(y))
            case (.float(let x), .uint(let y)): return comparison.holds(Double(x), Double(y))
            case (.uint(let x), .uint(let y)): return comparison.holds(equal: x == y)
            case (.bool(let x), .bool(let y)): return comparison.holds(equal: x == y)
            case (.string(let x), .string(let y)): return comparison.holds(equal: x == y)
            case (.color(let x), .color(let y)): return comparison.holds(equal: x == y)
            default: return false
            }
        case .artboard:
            guard let current = reader.artboardProperty(check.left.index) else { return false }
            return comparison.holds(Double(Float(current)), check.value)
        case .never:
            return false
        }
    }

    private static func value(_ side: TransitionTable.Side, table: TransitionTable, reader: any ConditionReader) -> RivePropertyValue? {
        side.isConstant ? table.constants[side.index] : reader.value(bindable: side.index)
    }

    /// Takes a transition: the new state starts (advanced by the time the old animation spilled
    /// past its end), the old one is kept for mixing, and the conditions' triggers and changes
    /// are marked used by this layer.
    private mutating func take(_ taken: StateMachineDefinition.Transition, reader: any ConditionReader, store: PropertyStore) {
        for condition in taken.conditions {
            switch condition {
            case .trigger(let input): usedFires[input] = reader.fires(input: input)
            case .viewModel(_, .bindable(let bindable), .changed), .viewModel(_, .changed, .bindable(let bindable)):
                usedChanges[bindable] = reader.changedRevision(bindable: bindable)
            default: break
            }
        }
        let outState = current, outPlayer = currentPlayer, outBlend = currentBlend
        animationReset = nil
        pendingReset = nil
        if let outState { firedActions += layer.states[outState].fireActions.filter(\.atEnd) }
        firedActions += layer.states[taken.target].fireActions.filter { !$0.atEnd }
        firedActions += taken.fireActions.filter { !$0.atEnd }
        noTransitionStamp = nil
        transitionCompleted = taken.duration == 0
        if transitionCompleted { firedActions += taken.fireActions.filter(\.atEnd) }
        current = taken.target
        currentPlayer = nil
        currentBlend = nil
        switch layer.states[taken.target].kind {
        case .animation(let index, let speed):
            currentPlayer = AnimationPlayer(index.map { animations[$0] } ?? .empty(), store: store, speedMultiplier: speed)
        case .blend(let blend): currentBlend = BlendStateInstance(blend, animations: animations, store: store)
        default: break
        }
        changedState = true
        transition = taken
        timing = Timing(duration: taken.duration, flags: taken.flags, ease: taken.ease)
        from = outState
        fromPlayer = outPlayer
        fromBlend = outBlend
        if let outPlayer, currentPlayer != nil {
            currentPlayer?.advance(outPlayer.spilledTime)
            report(currentPlayer?.takePassedEvents())
        }
        if currentBlend != nil {
            // Upstream advances the new state by the old animation's spilled time (0 when it was
            // no animation state); a blend state computes its mixes there.
            currentBlend?.advance(outPlayer?.spilledTime ?? 0, reader: reader)
            report(currentBlend?.takePassedEvents())
        }
        if !transitionCompleted {
            // Upstream's buildAnimationResetForTransition: only animation states contribute.
            pendingReset = [outPlayer?.definition, currentPlayer?.definition].compactMap { $0 }
        }
        mixFrom = mix
        mix = 0
        updateMix(0)
        waitingForExit = false
    }

    /// Reports the keyed events a player passed as event fires of the state machine.
    private mutating func report(_ events: [Int]?) {
        guard let events, !events.isEmpty else { return }
        firedActions += events.map { StateMachineDefinition.FireAction(atEnd: false, path: [], event: $0) }
    }

    private mutating func updateMix(_ seconds: Double) {
        guard let timing, timing.duration != 0, from != nil else {
            mix = 1
            return
        }
        let mixTime: Double
        if timing.durationIsPercentage {
            mixTime = timing.duration / 100 * (fromPlayer?.definition.durationSeconds ?? 0)
        } else {
            mixTime = timing.duration / 1000
        }
        mix = mixTime > 0 ? min(1, max(0, mix + seconds / mixTime)) : 1
        if mix == 1, !transitionCompleted, let transition {
            transitionCompleted = true
            animationReset = nil
            pendingReset = nil
            firedActions += transition.fireActions.filter(\.atEnd)
        }
    }

    /// Applies the state mixed from (while mixing) and then the current state.
    private mutating func apply(to store: PropertyStore) {
        if let pendingReset {
            animationReset = AnimationReset(animations: pendingReset, store: store, useFirstAsBaseline: false)
            self.pendingReset = nil
        }
        animationReset?.apply(to: store)
        currentBlend?.captureReset(from: store)
        let ease = timing?.ease
        if from != nil, mix < 1 {
            fromPlayer?.apply(mix: ease?.transform(mixFrom) ?? mixFrom, to: store)
            fromBlend?.apply(mix: ease?.transform(mixFrom) ?? mixFrom, to: store)
        }
        currentPlayer?.apply(mix: ease?.transform(mix) ?? mix, to: store)
        currentBlend?.apply(mix: ease?.transform(mix) ?? mix, to: store)
    }
}
