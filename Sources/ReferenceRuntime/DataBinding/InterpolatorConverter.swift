import Foundation

/// The live state of one bind's `DataConverterInterpolator`: upstream's `InterpolatorAdvancer`
/// and the converter's advance count (src/data_bind/converters/data_converter_interpolator.cpp).
///
/// A new input does not jump: the output moves from where it is to the new value over the
/// converter's duration, one advance at a time, eased by its cubic interpolator when it has
/// one. A second change while moving starts a "smoothing" animation whose start follows the
/// first one. Until two advances with time have passed, a new input is taken at once, as
/// upstream's first run does. Numbers and colors animate; other kinds pass through.
struct InterpolatorState {
    /// A value the interpolator animates.
    enum Value: Equatable {
        case number(Float)
        case color(UInt32)

        /// The value of a converter input, or `nil` for a kind that passes through.
        init?(_ value: ConverterValue) {
            switch value {
            case .number(let number): self = .number(number)
            case .color(let color): self = .color(color)
            default: return nil
            }
        }

        /// The type default of the same kind (upstream's fresh `DataValue`).
        var zero: Value {
            switch self {
            case .number: .number(0)
            case .color: .color(0xFF00_0000)
            }
        }

        /// `DataValue::interpolate`: `to * f + from * (1 - f)` for numbers, `colorLerp` for colors.
        func interpolated(to target: Value, _ fraction: Float) -> Value {
            switch (self, target) {
            case (.number(let from), .number(let to)): return .number(to * fraction + from * (1 - fraction))
            case (.color(let from), .color(let to)): return .color(Self.colorLerp(from, to, fraction))
            default: return self
            }
        }

        var converterValue: ConverterValue {
            switch self {
            case .number(let number): .number(number)
            case .color(let color): .color(color)
            }
        }

        /// Upstream's `colorLerp`: each channel mixed in floats, clamped and rounded half away from zero.
        private static func colorLerp(_ from: UInt32, _ to: UInt32, _ mix: Float) -> UInt32 {
            var result: UInt32 = 0
            for shift in stride(from: 0, through: 24, by: 8) {
                let a = Float((from >> UInt32(shift)) & 0xFF), b = Float((to >> UInt32(shift)) & 0xFF)
                let channel = max(0, min(255, a * (1 - mix) + b * mix)).rounded(.toNearestOrAwayFromZero)
                result |= UInt32(channel) << UInt32(shift)
            }
            return result
        }
    }

    /// One animation from a value to another (`InterpolatorAnimationData`).
    private struct Animation {
        var from: Value
        var to: Value
        var elapsed: Float = 0
    }

    /// The converter's duration in seconds: its authored value, or the value of the bind on
    /// it, which the owning bind writes before each convert and advance.
    var duration: Float
    /// The converter's cubic interpolator, or `nil` for linear.
    let ease: CubicEase?

    /// Animations A (index 0) and B (1), and the value shown; empty until the first number or color.
    private var animations: [Animation] = []
    private var isSmoothing = false
    private var current: Value?
    private var advanceCount = 0

    init(duration: Float, ease: CubicEase?) {
        self.duration = duration
        self.ease = ease
    }

    /// Forgets everything (`DataConverterInterpolator::reset`, when its bind binds again).
    mutating func reset() {
        animations = []
        isSmoothing = false
        current = nil
        advanceCount = 0
    }

    private var active: Int { isSmoothing ? 1 : 0 }

    /// `convert`: the value to show for an input.
    mutating func convert(_ input: ConverterValue) -> ConverterValue {
        guard let value = Value(input) else { return input }
        if duration == 0, current != nil {
            resetValues(value)
            isSmoothing = false
            animations[0].elapsed = 0
            animations[1].elapsed = 0
            return input
        }
        if current == nil {
            animations = [Animation(from: value.zero, to: value.zero), Animation(from: value.zero, to: value.zero)]
            current = value.zero
        }
        guard let shown = current, Self.sameKind(shown, value) else { return input }
        if advanceCount < 2 {
            resetValues(value)
        } else {
            updateValues(value)
        }
        return current!.converterValue
    }

    /// `advance`: moves the animation by `seconds`. Returns whether it needs more frames, and
    /// whether the shown value may have changed (upstream's `markConverterDirty`).
    mutating func advance(by seconds: Float) -> (keepGoing: Bool, changed: Bool) {
        if advanceCount < 2, seconds > 0 { advanceCount += 1 }
        guard let shown = current else { return (true, false) }
        let index = active
        if animations[index].to == shown || seconds == 0 { return (false, false) }
        let before = animations[index].elapsed
        advanceAnimation(index, by: seconds)
        return (animations[index].elapsed < duration, before < duration)
    }

    private static func sameKind(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.number, .number), (.color, .color): true
        default: false
        }
    }

    private func fraction(_ elapsed: Float) -> Float {
        var f = min(1, duration > 0 ? elapsed / duration : 1)
        if let ease { f = Float(ease.transform(Double(f))) }
        return f
    }

    /// `advanceAnimationData`, with `index` the animation that was active when the advance began.
    private mutating func advanceAnimation(_ index: Int, by seconds: Float) {
        if isSmoothing {
            let f = fraction(animations[0].elapsed)
            animations[1].from = animations[0].from.interpolated(to: animations[0].to, f)
            if f == 1 {
                animations[0] = animations[1]
                isSmoothing = false
            } else {
                animations[0].elapsed += seconds
            }
        }
        if animations[index].elapsed >= duration {
            current = animations[index].to
            if isSmoothing {
                isSmoothing = false
                animations[0] = animations[1]
                animations[0].elapsed = 0
                animations[1].elapsed = 0
            } else {
                animations[0].elapsed = 0
            }
            return
        }
        animations[index].elapsed += seconds
        current = animations[index].from.interpolated(to: animations[index].to, fraction(animations[index].elapsed))
    }

    /// `resetValues`: the active animation and the shown value all become the input.
    private mutating func resetValues(_ value: Value) {
        animations[active].from = value
        animations[active].to = value
        current = value
    }

    /// `updateValues`: a new target starts an animation from the shown value (a smoothing one
    /// when the active animation had started).
    private mutating func updateValues(_ value: Value) {
        guard value != animations[active].to else { return }
        if animations[active].elapsed != 0 {
            if isSmoothing { animations[0] = animations[1] }
            isSmoothing = true
        } else {
            isSmoothing = false
        }
        let index = active
        animations[index].from = current!
        animations[index].to = value
        animations[index].elapsed = 0
    }
}
