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

    /// The value between this keyframe and the next one at progress `t` (through the keyframe's
    /// interpolator when it has one), for a keyframe that interpolates (`applyInterpolation`);
    /// kinds that do not interpolate keep this value. Numbers go through the interpolator's
    /// `transformValue`, colors through its `transform`, as upstream's keyframes do.
    func interpolated(to next: AnimationDefinition.Value, _ t: Double, property: UInt32, ease: AnimationEase? = nil) -> AnimationDefinition.Value {
        switch (self, next) {
        // Upstream interpolates numbers in Float (KeyFrameDouble::applyInterpolation).
        case (.double(let x), .double(let y)): return .double(ease?.transformValue(x, y, t) ?? Double(Float(x) + (Float(y) - Float(x)) * Float(t)))
        case (.color(let x), .color(let y)): return .color(lerpColor(x, y, ease?.transform(t) ?? t))
        case (.uint(let x), .uint(let y)) where Self.isInterpolatableUint(property):
            let from = Double(x), to = Double(y)
            return .uint(Self.roundToUint(Float(ease?.transformValue(from, to, t) ?? from + (to - from) * t)))
        default: return self
        }
    }

    /// What writing this value over the property's current value stores, with a mix (1
    /// replaces, less blends towards the current value where the kind mixes), or `nil` when
    /// the property is of another kind and the write does nothing.
    func written(over current: RivePropertyValue, mix: Double, property: UInt32) -> RivePropertyValue? {
        switch (self, current) {
        case (.double(let v), .float(let c)): return .float(mix >= 1 ? Float(v) : c * (1 - Float(mix)) + Float(v) * Float(mix))
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

// MARK: Keyframe value binds

/// Data binds on keyframe values ("DataBind on KeyFrameDouble"), as upstream's
/// `LinearAnimationInstance::keyFrameValueHolder` (src/animation/linear_animation_instance.cpp).
///
/// A `DataBind` right after a number, color, boolean or string keyframe binds that keyframe's
/// value: upstream clones the bind onto a per-animation holder of the keyframe's kind and the
/// keyframe then applies the holder's value instead of its own (`effectiveValue`), both when
/// it is reached and as either end of an interpolation. Binds on id, unsigned and integer
/// keyframes are left unbound there, and here. The reference runtime gives these binds to the
/// state machines of the artboard, with the keyframe's document index as target (their store
/// starts from the keyframe's authored value); the playing state machine hands its store to the
/// artboard's store (`PropertyStore.boundKeyFrameValues`) before its layers apply.
enum KeyFrameValueBinds {
    /// The property that holds a keyframe's value, for the kinds whose value can be bound.
    static func valueKey(ofKeyFrameType typeKey: UInt32) -> UInt32? {
        switch typeKey {
        case T.keyFrameDouble: P.keyFrameDoubleValue
        case T.keyFrameColor: P.keyFrameColorValue
        case T.keyFrameBool: P.keyFrameBoolValue
        case T.keyFrameString: P.keyFrameStringValue
        default: nil
        }
    }

    /// The data binds right after the keyframe at document index `index` (upstream keeps the
    /// last one read for a keyframe).
    static func binds(after index: Int, in document: RiveDocument) -> [RiveFileLayout.DataBind] {
        var found: [RiveFileLayout.DataBind] = []
        var position = index + 1
        while position < document.objects.count, document.objects[position].isType(T.dataBind) {
            found.append(RiveFileLayout.DataBind(objectIndex: position, targetIndex: index))
            position += 1
        }
        return found
    }

    /// The store key of a keyframe's bound value when a data bind targets it, or `nil`.
    static func boundKey(ofKeyFrame index: Int, in document: RiveDocument) -> PropertyStore.Key? {
        guard let key = valueKey(ofKeyFrameType: document.objects[index].typeKey), !binds(after: index, in: document).isEmpty else { return nil }
        return PropertyStore.Key(object: index, property: key)
    }
}

extension FileModel {
    /// The binds on the values of the keyframes of an artboard's animations, each targeting
    /// the keyframe's document index and its value property (see `KeyFrameValueBinds`).
    mutating func keyFrameValueBinds(of artboard: RiveFileLayout.Artboard, named name: String) -> [Bind] {
        var binds: [Bind] = []
        for animation in artboard.animations {
            for keyedObject in animation.keyedObjects {
                for keyedProperty in keyedObject.keyedProperties {
                    for keyFrame in keyedProperty.keyFrames {
                        guard let valueKey = KeyFrameValueBinds.valueKey(ofKeyFrameType: document.objects[keyFrame].typeKey),
                              let last = KeyFrameValueBinds.binds(after: keyFrame, in: document).last,
                              var bind = bind(last, target: keyFrame, in: name) else { continue }
                        bind.propertyKey = valueKey
                        binds.append(bind)
                    }
                }
            }
        }
        return binds
    }
}

extension AnimationDefinition.KeyFrame {
    /// The value the keyframe applies: its bound value when a data bind targets it and the
    /// playing state machine holds one, its own otherwise (upstream `effectiveValue`).
    func effectiveValue(in store: PropertyStore) -> AnimationDefinition.Value {
        guard let bound, let values = store.boundKeyFrameValues, let current = values.value(bound) else { return value }
        switch (value, current) {
        case (.double, .float(let number)): return .double(Double(number))
        case (.color, .color(let color)): return .color(color)
        case (.bool, .bool(let flag)): return .bool(flag)
        case (.string, .string(let text)): return .string(text)
        default: return value
        }
    }
}
