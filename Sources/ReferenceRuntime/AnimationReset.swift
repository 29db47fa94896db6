import RiveFormat

/// Values written back before a layer or a blend state applies its animations, as upstream's
/// `AnimationReset` and `AnimationResetFactory` (src/animation/animation_reset*.cpp).
///
/// Upstream builds one while a transition mixes (from the animations of the state it leaves
/// and the one it enters, with the values they had when it was taken) and for a 1D blend
/// state flagged to reset (from its animations, the first one's properties at their first
/// keyframe). Only number and color properties are kept, each once per object (the first
/// animation that keys it decides). Values are stored as 32-bit floats, so a color comes
/// back as `UInt32(Float(color))`: its lowest bits are rounded away, as upstream's are.
struct AnimationReset {
    private struct Entry {
        let key: PropertyStore.Key
        let value: Float
        let isColor: Bool
    }

    private var entries: [Entry] = []

    /// Captures the values of the number and color properties `animations` key: the first
    /// animation's first keyframe values when `useFirstAsBaseline`, the store's current values
    /// otherwise. A `nil` animation (upstream's empty animation, for an id that names none)
    /// keys nothing but still takes its place.
    init(animations: [AnimationDefinition?], store: PropertyStore, useFirstAsBaseline: Bool) {
        var seen: Set<PropertyStore.Key> = []
        for (position, animation) in animations.enumerated() {
            let isBaseline = useFirstAsBaseline && position == 0
            for track in animation?.tracks ?? [] {
                let key = PropertyStore.Key(object: track.object, property: track.propertyKey)
                guard let kind = RiveSchema.property(track.propertyKey)?.type.valueKind, kind == .float || kind == .color,
                      seen.insert(key).inserted else { continue }
                let value: Float
                if isBaseline {
                    switch track.keyFrames.first?.value {
                    case .double(let number)?: value = Float(number)
                    case .color(let color)?: value = Float(color)
                    default: continue
                    }
                } else {
                    switch store.value(key) {
                    case .float(let number)?: value = number
                    case .color(let color)?: value = Float(color)
                    default: continue
                    }
                }
                entries.append(Entry(key: key, value: value, isColor: kind == .color))
            }
        }
    }

    /// Writes the captured values back.
    func apply(to store: PropertyStore) {
        for entry in entries {
            if entry.isColor {
                // A float of 2^32 or more (a color near 0xFFFFFFFF rounded up) converts to 0 on
                // the platforms upstream targets; anything below converts exactly.
                let color = entry.value < 4_294_967_296 ? UInt32(entry.value) : 0
                store.set(entry.key, to: .color(color))
            } else {
                store.set(entry.key, to: .float(entry.value))
            }
        }
    }
}
