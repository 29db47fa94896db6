import RiveFormat

private typealias P = RivePropertyKey

/// A `NestedSimpleAnimation` or `NestedRemapAnimation` child of a nested artboard host: a linear
/// animation of the nested artboard that the host plays itself (upstream
/// `src/animation/nested_simple_animation.cpp`, `nested_remap_animation.cpp`,
/// `nested_linear_animation.cpp`).
///
/// Its settings are properties of the hosting artboard's component, so the host's animations
/// and binds can drive them; the animation applies to the nested artboard's store.
/// - **Simple**: on every new frame, when `isPlaying`, the animation advances by the host's
///   local time times `speed`; then, when `mix` is not 0, it applies at that mix. The host
///   keeps going while a playing one-shot has not reached its end, or a loop plays.
/// - **Remap**: `time` is a fraction of the animation's duration; whenever it changes (and
///   when the nested artboard is instanced) the animation moves to that fraction of its
///   duration, wrapped by its loop (`globalToLocalSeconds`); every new frame it applies at
///   `mix` when that is not 0, and never keeps the host going.
///
/// Keyed events of these animations are not passed anywhere (upstream reports them to the
/// animation instance's own listeners, which nothing registers on a nested one).
@MainActor
struct NestedLinearAnimation {
    /// How the component plays its animation.
    enum Kind {
        case simple
        case remap
    }

    /// The component as the file defines it.
    struct Definition {
        /// The component's artboard-local id in the hosting artboard.
        let component: Int
        /// The animation's index in the nested artboard.
        let animation: Int
        let kind: Kind
    }

    let kind: Kind
    private var player: AnimationPlayer
    /// The nested artboard's store, which the animation applies to.
    private let target: PropertyStore
    /// The component's settings in the hosting store.
    private let mix: PropertyStore.Handle
    private let speed: PropertyStore.Handle
    private let isPlaying: PropertyStore.Handle
    private let time: PropertyStore.Handle
    /// The revision of the remap's `time` last applied (`nil`: none yet).
    private var seekedRevision: UInt64?

    /// The component's animation on `nested`, with its settings in `host`; `nil` when the
    /// nested artboard has no animation at that index (upstream would fail the file).
    init?(_ definition: Definition, nested: ReferenceArtboard, host: PropertyStore) {
        let animations = nested.content.animations
        guard animations.indices.contains(definition.animation) else { return nil }
        kind = definition.kind
        target = nested.store
        player = AnimationPlayer(animations[definition.animation], store: nested.store)
        let key = { (property: UInt32) in host.handle(PropertyStore.Key(object: definition.component, property: property)) }
        mix = key(P.nestedLinearAnimationMix)
        speed = key(P.nestedSimpleAnimationSpeed)
        isPlaying = key(P.nestedSimpleAnimationIsPlaying)
        time = key(P.nestedRemapAnimationTime)
        if kind == .remap { seekIfTimeChanged(host) }
    }

    /// Moves a remap to its `time` when that changed since it last moved (upstream's
    /// `NestedRemapAnimation::timeChanged`, which the `time` setter calls).
    private mutating func seekIfTimeChanged(_ host: PropertyStore) {
        let revision = host.revision(time)
        guard revision != seekedRevision else { return }
        seekedRevision = revision
        let fraction = Float(host.double(time, 0))
        player.seek(to: player.localSeconds(player.durationSecondsFloat * fraction))
    }

    /// One new frame's advance by `seconds` of the nested artboard's local time, and the apply;
    /// returns whether the animation needs more frames.
    mutating func advance(_ seconds: Float, host: PropertyStore) -> Bool {
        var keepGoing = false
        switch kind {
        case .simple:
            if host.value(isPlaying)?.boolValue ?? false {
                let step = seconds * Float(host.double(speed, 1))
                keepGoing = player.advance(Double(step))
                _ = player.takePassedEvents()
            }
        case .remap:
            seekIfTimeChanged(host)
        }
        let mixValue = Float(host.double(mix, 1))
        if mixValue != 0 { player.apply(mix: Double(mixValue), to: target) }
        return keepGoing
    }
}
