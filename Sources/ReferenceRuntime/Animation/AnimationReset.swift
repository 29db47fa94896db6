import RiveFormat

/// Values written back before a layer or a blend state applies its animations, as upstream's
/// `AnimationReset` and `AnimationResetFactory` (src/animation/animation_reset*.cpp).
///
/// Upstream builds one while a transition mixes (from the animations of the state it leaves
/// and the one it enters, with the values they had when it was taken) and for a 1D blend
/// state flagged to reset (from its animations, the first one's properties at their first
/// keyframe). Only number and color properties are kept, each once per object (the first
/// animation that keys it decides). Values are stored as 32-bit floats, a color as the float
/// of its signed 32-bit value (`CoreRegistry::getColor` returns an `int`), so an opaque color
/// (a small negative number) comes back exactly and a translucent one loses its lowest bits,
/// as upstream's do.
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
                    case .color(let color)?: value = Self.float(color: color)
                    default: continue
                    }
                } else {
                    switch store.value(key) {
                    case .float(let number)?: value = number
                    case .color(let color)?: value = Self.float(color: color)
                    default: continue
                    }
                }
                entries.append(Entry(key: key, value: value, isColor: kind == .color))
            }
        }
    }

    /// A color as upstream keeps it in a reset: the float of its signed 32-bit value.
    static func float(color: UInt32) -> Float { Float(Int32(bitPattern: color)) }

    /// The color a reset float writes back: the float converted to a signed 32-bit integer
    /// (2^31, a rounding of the largest values, converts to `Int32.min` as on x86).
    static func color(float value: Float) -> UInt32 {
        UInt32(bitPattern: value < 2_147_483_648 ? Int32(value) : Int32.min)
    }

    /// Writes the captured values back.
    func apply(to store: PropertyStore) {
        for entry in entries {
            if entry.isColor {
                store.set(entry.key, to: .color(Self.color(float: entry.value)))
            } else {
                store.set(entry.key, to: .float(entry.value))
            }
        }
    }
}
