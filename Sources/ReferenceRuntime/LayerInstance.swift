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

    /// The current state's id.
    private(set) var current: Int?
    private var currentPlayer: AnimationPlayer?
    private var from: Int?
    private var fromPlayer: AnimationPlayer?
    private var transition: StateMachineDefinition.Transition?
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

    /// Hands over the fire actions reached since the last call, in the order they occurred.
    mutating func takeFiredActions() -> [StateMachineDefinition.FireAction] {
        defer { firedActions.removeAll() }
        return firedActions
    }

    init(_ layer: StateMachineDefinition.Layer, animations: [AnimationDefinition]) {
        self.layer = layer
        self.animations = animations
        current = layer.entry
    }

    /// The animation the current state plays, when it is an animation state.
    var currentAnimation: AnimationDefinition? { currentPlayer?.definition }

    /// Advances by `seconds`, applies the animations and takes transitions; returns whether
    /// the layer needs more frames (mixing, waiting for an exit time, or an animation moving).
    mutating func advance(_ seconds: Double, reader: any ConditionReader, store: PropertyStore) -> Bool {
        changedState = false
        if let current, case .animation(_, let speed) = layer.states[current].kind {
            currentPlayer?.advance(seconds, speed: speed)
            report(currentPlayer?.takePassedEvents())
        }
        updateMix(seconds)
        if from != nil, mix < 1 {
            fromPlayer?.advance(seconds)
            report(fromPlayer?.takePassedEvents())
        }
        apply(to: store)
        var iterations = 0
        while updateState(reader: reader), iterations < 100 {
            apply(to: store)
            iterations += 1
        }
        return mix != 1 || waitingForExit || (currentPlayer?.keepGoing ?? false)
    }

    /// Takes one allowed transition if there is one (used between bind passes); returns whether it did.
    mutating func tryChangeState(reader: any ConditionReader, store: PropertyStore) -> Bool {
        guard updateState(reader: reader) else { return false }
        apply(to: store)
        return true
    }

    private var isTransitioning: Bool {
        guard let transition, from != nil else { return false }
        return transition.duration != 0 && mix < 1
    }

    private mutating func updateState(reader: any ConditionReader) -> Bool {
        if isTransitioning, transition?.enableEarlyExit != true { return false }
        waitingForExit = false
        if let any = layer.any, tryChange(from: any, reader: reader) { return true }
        guard let current else { return false }
        return tryChange(from: current, reader: reader)
    }

    private mutating func tryChange(from state: Int, reader: any ConditionReader) -> Bool {
        let exitPlayer = state == current ? currentPlayer : nil
        for candidate in layer.states[state].transitions {
            switch allowed(candidate, exitPlayer: exitPlayer, reader: reader) {
            case .no:
                continue
            case .waitingForExit:
                waitingForExit = true
                continue
            case .yes:
                guard layer.states.indices.contains(candidate.target), candidate.target != current else { continue }
                take(candidate, reader: reader)
                return true
            }
        }
        return false
    }

    private enum Allowed { case yes, no, waitingForExit }

    private func allowed(_ transition: StateMachineDefinition.Transition, exitPlayer: AnimationPlayer?, reader: any ConditionReader) -> Allowed {
        if transition.isDisabled { return .no }
        for condition in transition.conditions where !holds(condition, reader: reader) { return .no }
        if transition.enableExitTime, let player = exitPlayer {
            let duration = player.definition.durationSeconds
            var exitTime = transition.exitTimeIsPercentage ? transition.exitTime / 100 * duration : transition.exitTime / 1000
            if duration > 0, exitTime <= duration, player.definition.loop != .oneShot {
                exitTime += (player.lastTotalTime / duration).rounded(.down) * duration
            }
            if player.totalTime < exitTime { return .waitingForExit }
        }
        return .yes
    }

    private func holds(_ condition: StateMachineDefinition.Condition, reader: any ConditionReader) -> Bool {
        switch condition {
        case .number(let input, let comparison, let value):
            guard let current = reader.number(input: input) else { return false }
            return comparison.holds(Double(Float(current)), Double(Float(value)))
        case .bool(let input, let comparison):
            guard let current = reader.bool(input: input) else { return false }
            return comparison.holds(equal: current)
        case .trigger(let input):
            guard reader.isFired(input: input), let fires = reader.fires(input: input) else { return false }
            return usedFires[input] != fires
        case .viewModel(let comparison, let left, let right):
            return holds(comparison, left, right, reader: reader)
        case .unsupported:
            return false
        }
    }

    private func holds(_ comparison: StateMachineDefinition.Comparison, _ left: StateMachineDefinition.Operand,
                       _ right: StateMachineDefinition.Operand, reader: any ConditionReader) -> Bool {
        switch (left, right) {
        case (.bindable(let bindable), .changed), (.changed, .bindable(let bindable)):
            guard let revision = reader.changedRevision(bindable: bindable) else { return false }
            return usedChanges[bindable] != revision
        default:
            guard let a = value(left, reader: reader), let b = value(right, reader: reader) else { return false }
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
        }
    }

    private func value(_ operand: StateMachineDefinition.Operand, reader: any ConditionReader) -> RivePropertyValue? {
        switch operand {
        case .bindable(let bindable): reader.value(bindable: bindable)
        case .constant(let value): value
        case .changed: nil
        }
    }

    /// Takes a transition: the new state starts (advanced by the time the old animation spilled
    /// past its end), the old one is kept for mixing, and the conditions' triggers and changes
    /// are marked used by this layer.
    private mutating func take(_ taken: StateMachineDefinition.Transition, reader: any ConditionReader) {
        for condition in taken.conditions {
            switch condition {
            case .trigger(let input): usedFires[input] = reader.fires(input: input)
            case .viewModel(_, .bindable(let bindable), .changed), .viewModel(_, .changed, .bindable(let bindable)):
                usedChanges[bindable] = reader.changedRevision(bindable: bindable)
            default: break
            }
        }
        let outState = current, outPlayer = currentPlayer
        if let outState { firedActions += layer.states[outState].fireActions.filter(\.atEnd) }
        firedActions += layer.states[taken.target].fireActions.filter { !$0.atEnd }
        firedActions += taken.fireActions.filter { !$0.atEnd }
        transitionCompleted = taken.duration == 0
        if transitionCompleted { firedActions += taken.fireActions.filter(\.atEnd) }
        current = taken.target
        currentPlayer = nil
        if case .animation(let index?, _) = layer.states[taken.target].kind {
            currentPlayer = AnimationPlayer(animations[index])
        }
        changedState = true
        transition = taken
        from = outState
        fromPlayer = outPlayer
        if let outPlayer, currentPlayer != nil {
            currentPlayer?.advance(outPlayer.spilledTime)
            report(currentPlayer?.takePassedEvents())
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
        guard let transition, transition.duration != 0, from != nil else {
            mix = 1
            return
        }
        let mixTime: Double
        if transition.durationIsPercentage {
            mixTime = transition.duration / 100 * (fromPlayer?.definition.durationSeconds ?? 0)
        } else {
            mixTime = transition.duration / 1000
        }
        mix = mixTime > 0 ? min(1, max(0, mix + seconds / mixTime)) : 1
        if mix == 1, !transitionCompleted {
            transitionCompleted = true
            firedActions += transition.fireActions.filter(\.atEnd)
        }
    }

    /// Applies the state mixed from (while mixing) and then the current state.
    private func apply(to store: PropertyStore) {
        let ease = transition?.ease
        if from != nil, mix < 1, let fromPlayer {
            fromPlayer.apply(mix: ease?.transform(mixFrom) ?? mixFrom, to: store)
        }
        currentPlayer?.apply(mix: ease?.transform(mix) ?? mix, to: store)
    }
}
