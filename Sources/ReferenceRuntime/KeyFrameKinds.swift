import RiveFormat

private typealias T = RiveTypeKey
private typealias P = RivePropertyKey

/// The keyframe kinds an animation plays and how each one writes its property, as upstream's
/// `KeyFrameDouble`, `KeyFrameColor`, `KeyFrameBool`, `KeyFrameId`, `KeyFrameUint`,
/// `KeyFrameInt` and `KeyFrameString` (src/animation/keyframe_*.cpp) do through
/// `CoreRegistry`'s typed setters.
///
/// A setter of one kind changes only a property of that kind: an id keyframe on a number
/// property, or a string keyframe on an id, does nothing, as the registry's switch over the
/// property keys of its own kind finds no case. Only numbers, colors and the `ColorChannels`
/// bytes (`isInterpolatableUint`) interpolate and mix; every other kind holds its keyframe's
/// value until the next keyframe and ignores the mix.
extension AnimationDefinition.Value {
    /// The value a keyframe object holds, or `nil` for a keyframe kind the runtime does not play.
    init?(keyFrame frame: RiveObject) {
        switch frame.typeKey {
        case T.keyFrameDouble: self = .double(Double(frame.float(P.keyFrameDoubleValue) ?? 0))
        case T.keyFrameColor: self = .color(frame.color(P.keyFrameColorValue) ?? 0)
        case T.keyFrameBool: self = .bool(frame.bool(P.keyFrameBoolValue) ?? false)
        case T.keyFrameId: self = .id(frame.uint(P.keyFrameIdValue) ?? UInt64(UInt32.max))
        case T.keyFrameUint: self = .uint(frame.uint(P.keyFrameUintValue) ?? 0)
        case T.keyFrameString: self = .string(frame.string(P.keyFrameStringValue) ?? "")
        case T.keyFrameInt:
            guard case .int(let value)? = frame.value(P.keyFrameIntValue) else {
                self = .int(0)
                return
            }
            self = .int(value)
        default: return nil
        }
    }

    /// Whether an unsigned keyframe on `property` interpolates and mixes: only the color
    /// channel bytes do (upstream's generated `CoreRegistry::isInterpolatableUint`).
    static func isInterpolatableUint(_ property: UInt32) -> Bool {
        switch property {
        case P.colorChannelsColorRed, P.colorChannelsColorGreen, P.colorChannelsColorBlue, P.colorChannelsColorAlpha: true
        default: false
        }
    }

    /// The value between this keyframe and the next one at eased progress `t`, for a keyframe
    /// that interpolates (`applyInterpolation`); kinds that do not interpolate keep this value.
    func interpolated(to next: AnimationDefinition.Value, _ t: Double, property: UInt32) -> AnimationDefinition.Value {
        switch (self, next) {
        case (.double(let x), .double(let y)): return .double(x + (y - x) * t)
        case (.color(let x), .color(let y)): return .color(lerpColor(x, y, t))
        case (.uint(let x), .uint(let y)) where Self.isInterpolatableUint(property):
            let from = Float(x), to = Float(y)
            return .uint(Self.roundToUint(from + (to - from) * Float(t)))
        default: return self
        }
    }

    /// What writing this value over the property's current value stores, with a mix (1
    /// replaces, less blends towards the current value where the kind mixes), or `nil` when
    /// the property is of another kind and the write does nothing.
    func written(over current: RivePropertyValue, mix: Double, property: UInt32) -> RivePropertyValue? {
        switch (self, current) {
        case (.double(let v), .float(let c)): return .float(Float(mix >= 1 ? v : Double(c) + (v - Double(c)) * mix))
        case (.double(let v), .uint): return .uint(UInt64(max(0, v.rounded())))
        case (.color(let v), .color(let c)): return .color(mix >= 1 ? v : lerpColor(c, v, mix))
        case (.bool(let v), .bool): return .bool(v)
        case (.id(let v), .uint): return .uint(v)
        case (.uint(let v), .uint(let c)):
            guard Self.isInterpolatableUint(property), mix != 1 else { return .uint(v) }
            let mixed = Float(c) * (1 - Float(mix)) + Float(v) * Float(mix)
            return .uint(Self.roundToUint(mixed))
        case (.int(let v), .int): return .int(v)
        case (.string(let v), .string): return .string(v)
        default: return nil
        }
    }

    /// Upstream's `roundToUint`: negatives (a cubic overshoot) clamp to 0, others round half away from zero.
    private static func roundToUint(_ value: Float) -> UInt64 {
        value <= 0 ? 0 : UInt64(value.rounded(.toNearestOrAwayFromZero))
    }
}
