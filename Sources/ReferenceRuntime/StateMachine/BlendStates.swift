import RiveFormat

private typealias T = RiveTypeKey
private typealias P = RivePropertyKey

/// A blend state as the file defines it: the animations it mixes and what sets each one's
/// mix (upstream `BlendStateDirect`, `BlendState1DInput`, `BlendState1DViewModel` with their
/// `BlendAnimationDirect` and `BlendAnimation1D` children; src/animation/blend_state*.cpp,
/// blend_animation*.cpp).
struct BlendStateDefinition {
    /// Where a number that drives a mix comes from.
    enum Source {
        /// A number input of the state machine, by input id.
        case input(Int)
        /// A bindable number property (its value arrives through its data bind), by document index.
        case bindable(Int)
        /// A constant.
        case constant(Float)
        /// Nothing (reads as 0).
        case none
    }

    /// How the animations' mixes are chosen.
    enum Kind {
        /// Each animation's own source, in percent, clamped to 0…1 (`BlendStateDirectInstance`).
        case direct
        /// One value places itself between the two animations whose values surround it
        /// (`BlendState1DInstance`).
        case oneDimensional(Source)
    }

    /// One animation of a blend state.
    struct Animation {
        /// The animation's index in the artboard, or `nil` when the id names none (upstream
        /// then plays an empty animation, which applies nothing).
        let animation: Int?
        /// A 1D blend animation's position on the blend axis.
        let value: Float
        /// A direct blend animation's mix source (percent).
        let source: Source
    }

    let kind: Kind
    let animations: [Animation]
    /// Whether every apply first writes back the values the animations key: the first
    /// animation's first keyframes, the values the state started with for the others.
    let resets: Bool

    /// Reads the blend state at document index `index` and the blend animations that follow
    /// it (upstream imports each `BlendAnimation` into the latest layer state); `nil` for a
    /// state that is no blend state.
    static func read(at index: Int, animationCount: Int, document: RiveDocument, unsupported: inout [String]) -> BlendStateDefinition? {
        let object = document.objects[index]
        let kind: Kind
        switch object.typeKey {
        case T.blendStateDirect: kind = .direct
        case T.blendState1DInput:
            kind = .oneDimensional(object.index(P.blendState1DInputInputId).map(Source.input) ?? .none)
        case T.blendState1DViewModel:
            kind = .oneDimensional(StateMachineDefinition.claimedBindable(before: index, document: document).map(Source.bindable) ?? .none)
        default: return nil
        }
        var animations: [Animation] = []
        var position = index + 1
        while position < document.objects.count {
            let child = document.objects[position]
            if child.isType(T.layerState) || child.isType(T.stateMachineLayer) || child.isType(T.stateMachineListener)
                || child.typeKey == T.stateMachineListenerSingle || child.isType(T.stateMachine) || child.isType(T.artboard) { break }
            if child.isType(T.blendAnimation) {
                let animation = child.index(P.blendAnimationAnimationId).flatMap { $0 < animationCount ? $0 : nil }
                var source = Source.none
                if child.typeKey == T.blendAnimationDirect {
                    switch child.uint(P.blendAnimationDirectBlendSource) ?? 0 {
                    case 0: source = child.index(P.blendAnimationDirectInputId).map(Source.input) ?? .none
                    case 1: source = .constant(child.float(P.blendAnimationDirectMixValue) ?? 100)
                    default: source = StateMachineDefinition.claimedBindable(before: position, document: document).map(Source.bindable) ?? .none
                    }
                }
                animations.append(Animation(animation: animation, value: child.float(P.blendAnimation1DValue) ?? 0, source: source))
            }
            position += 1
        }
        // `LayerStateFlags::Reset` matters to 1D blend states only (BlendState1DInstance).
        var resets = false
        if case .oneDimensional = kind { resets = (object.uint(P.layerStateFlags) ?? 0) & 2 != 0 }
        return BlendStateDefinition(kind: kind, animations: animations, resets: resets)
    }

    /// The bindable properties the blend state reads (for the state machine to track their values).
    var bindables: [Int] {
        var found: [Int] = []
        if case .oneDimensional(.bindable(let bindable)) = kind { found.append(bindable) }
        for animation in animations {
            if case .bindable(let bindable) = animation.source { found.append(bindable) }
        }
        return found
    }
}

/// A playing blend state (upstream `BlendStateInstance` and its direct and 1D forms): one
/// player per blend animation, each with the mix its advance computed.
///
/// Every advance moves each animation that keeps going (loops always, one-shots until their
/// end) and then recomputes the mixes from the current inputs or bound values; apply writes
/// each animation whose mix times the state's mix is not 0. A blend state always keeps going,
/// as upstream's (`m_KeepGoing` is never cleared), so a layer in one never settles.
@MainActor
struct BlendStateInstance {
    let definition: BlendStateDefinition
    private var players: [AnimationPlayer?]
    private var mixes: [Float]
    /// For a resetting 1D blend state, the values written back before every apply (captured
    /// when the state starts, before anything else applies).
    private var reset: AnimationReset?
    private var needsResetCapture: Bool

    init(_ definition: BlendStateDefinition, animations: [AnimationDefinition], store: PropertyStore) {
        self.definition = definition
        players = definition.animations.map { $0.animation.map { AnimationPlayer(animations[$0], store: store) } }
        mixes = Array(repeating: 0, count: definition.animations.count)
        needsResetCapture = definition.resets
    }

    /// Captures the reset values on the first call after the state started (upstream builds
    /// them when it makes the state's instance).
    mutating func captureReset(from store: PropertyStore) {
        guard needsResetCapture else { return }
        needsResetCapture = false
        reset = AnimationReset(animations: players.map { $0?.definition }, store: store, useFirstAsBaseline: true)
    }

    /// The player of blend animation `index` (a `BlendStateTransition`'s exit animation), if any.
    func player(at index: Int) -> AnimationPlayer? {
        players.indices.contains(index) ? players[index] : nil
    }

    /// Advances the animations by `seconds` and recomputes the mixes.
    mutating func advance(_ seconds: Double, reader: any ConditionReader) {
        for index in players.indices where players[index]?.keepGoing == true {
            players[index]?.advance(seconds)
        }
        switch definition.kind {
        case .direct:
            for (index, animation) in definition.animations.enumerated() {
                if case .bindable(let bindable) = animation.source, reader.value(bindable: bindable)?.floatValue == nil { continue }
                mixes[index] = min(1, max(0, Self.number(animation.source, reader) / 100))
            }
        case .oneDimensional(let source):
            mixOneDimensional(Self.number(source, reader))
        }
    }

    /// Upstream `BlendState1DInstance::advance`: the animation at the first value not below
    /// `value` (binary search over the values in file order) mixes in by how far `value` has
    /// moved from the previous one; every animation with the same value as either shares
    /// that mix.
    private mutating func mixOneDimensional(_ value: Float) {
        let values = definition.animations.map(\.value)
        var index = 0, start = 0, end = values.count - 1
        while start <= end {
            let mid = (start + end) >> 1
            if values[mid] < value {
                start = mid + 1
            } else if values[mid] > value {
                end = mid - 1
            } else {
                start = mid
                index = mid
                break
            }
            index = start
        }
        let to: Float? = values.indices.contains(index) ? values[index] : nil
        let from: Float? = values.indices.contains(index - 1) ? values[index - 1] : nil
        var mix: Float = 1, mixFrom: Float = 1
        if let to, let from, to != from {
            mix = (value - from) / (to - from)
            mixFrom = 1 - mix
        }
        for (position, animationValue) in values.enumerated() {
            if let to, animationValue == to {
                mixes[position] = mix
            } else if let from, animationValue == from {
                mixes[position] = mixFrom
            } else {
                mixes[position] = 0
            }
        }
    }

    private static func number(_ source: BlendStateDefinition.Source, _ reader: any ConditionReader) -> Float {
        switch source {
        case .input(let input): Float(reader.number(input: input) ?? 0)
        case .bindable(let bindable): reader.value(bindable: bindable)?.floatValue ?? 0
        case .constant(let value): value
        case .none: 0
        }
    }

    /// Applies each animation whose mix times `mix` is not 0, with that product.
    func apply(mix: Double, to store: PropertyStore) {
        reset?.apply(to: store)
        for (index, player) in players.enumerated() {
            let animationMix = Float(mix) * mixes[index]
            guard animationMix != 0, let player else { continue }
            player.apply(mix: Double(animationMix), to: store)
        }
    }

    /// The keyed events the animations passed since the last call.
    mutating func takePassedEvents() -> [Int] {
        var events: [Int] = []
        for index in players.indices {
            events += players[index]?.takePassedEvents() ?? []
        }
        return events
    }
}
