import Foundation
import RiveFormat

private typealias T = RiveTypeKey
private typealias P = RivePropertyKey

/// The interpolator of a keyframe or a transition (upstream's `KeyFrameInterpolator` kinds):
/// a cubic ease, an elastic ease (src/animation/elastic_interpolator.cpp, elastic_ease.cpp) or
/// a cubic value curve (src/animation/cubic_value_interpolator.cpp).
enum AnimationEase {
    case cubic(CubicEase)
    case elastic(ElasticEase)
    /// A cubic through the two values it connects, with absolute control values `y1` and `y2`;
    /// its x curve (`x1`, `x2`) maps time to the curve parameter. It eases numbers only.
    case cubicValue(CubicEase)

    /// The interpolator at artboard-local id `interpolator`, or `nil` (named in `unsupported`)
    /// when it is of another kind.
    init?(interpolator: Int, artboard: RiveFileLayout.Artboard, document: RiveDocument, unsupported: inout [String]) {
        guard artboard.localObjects.indices.contains(interpolator), let objectIndex = artboard.localObjects[interpolator] else { return nil }
        let object = document.objects[objectIndex]
        switch object.typeKey {
        case T.elasticInterpolator:
            let period = object.float(P.elasticInterpolatorPeriod) ?? 1
            self = .elastic(ElasticEase(easing: object.uint(P.elasticInterpolatorEasingValue) ?? 1,
                                        amplitude: object.float(P.elasticInterpolatorAmplitude) ?? 1, period: period == 0 ? 0.5 : period))
        case T.cubicValueInterpolator:
            self = .cubicValue(CubicEase(x1: Double(object.float(P.cubicInterpolatorX1) ?? 0.42), y1: Double(object.float(P.cubicInterpolatorY1) ?? 0),
                                         x2: Double(object.float(P.cubicInterpolatorX2) ?? 0.58), y2: Double(object.float(P.cubicInterpolatorY2) ?? 1)))
        default:
            guard let cubic = CubicEase(interpolator: interpolator, artboard: artboard, document: document, unsupported: &unsupported) else { return nil }
            self = .cubic(cubic)
        }
    }

    /// The eased progress of `t` (upstream `transform`); a cubic value curve has none and
    /// leaves `t` as it is.
    func transform(_ t: Double) -> Double {
        switch self {
        case .cubic(let ease): ease.transform(t)
        case .elastic(let ease): Double(ease.transform(Float(t)))
        case .cubicValue: t
        }
    }

    /// The value between `from` and `to` at progress `t` (upstream `transformValue`).
    func transformValue(_ from: Double, _ to: Double, _ t: Double) -> Double {
        switch self {
        // In Float, as upstream's interpolators compute.
        case .cubic, .elastic: return Double(Float(from) + (Float(to) - Float(from)) * Float(transform(t)))
        case .cubicValue(let curve):
            let d = Float(from), last = Float(to), y1 = Float(curve.y1), y2 = Float(curve.y2)
            let a = last + 3 * (y1 - y2) - d
            let b = 3 * (y2 - y1 * 2 + d)
            let c = 3 * (y1 - d)
            let s = Float(curve.parameter(t))
            return Double(((a * s + b) * s + c) * s + d)
        }
    }
}

/// Upstream's `ElasticEase`: a decaying sine whose amplitude is a factor of the change and
/// whose period a fraction of the time, easing in, out or both (`easingValue` 0, 1, 2); in
/// 32-bit floats, as upstream computes it.
struct ElasticEase {
    let easing: UInt64
    let amplitude: Float
    let period: Float
    private let s: Float

    init(easing: UInt64, amplitude: Float, period: Float) {
        self.easing = easing
        self.amplitude = amplitude
        self.period = period
        s = amplitude < 1 ? period / 4 : period / (2 * Float.pi) * asinf(1 / amplitude)
    }

    private func actualAmplitude(_ time: Float) -> Float {
        if amplitude < 1 {
            let t = abs(s), absTime = abs(time)
            if absTime < t {
                let l = absTime / t
                return amplitude * l + (1 - l)
            }
        }
        return amplitude
    }

    /// The eased progress of `factor`.
    func transform(_ factor: Float) -> Float {
        switch easing {
        case 0:
            let time = factor - 1
            return -(actualAmplitude(time) * powf(2, 10 * time) * sinf((-time - s) * (2 * Float.pi) / period))
        case 1:
            let time = factor
            return actualAmplitude(time) * powf(2, 10 * -time) * sinf((time - s) * (2 * Float.pi) / period) + 1
        case 2:
            let time = factor * 2 - 1
            let amplitude = actualAmplitude(time)
            if time < 0 {
                return -0.5 * amplitude * powf(2, 10 * time) * sinf((-time - s) * (2 * Float.pi) / period)
            }
            return 0.5 * (amplitude * powf(2, 10 * -time) * sinf((time - s) * (2 * Float.pi) / period)) + 1
        default: return factor
        }
    }
}
