import Foundation
import RiveFormat

private typealias T = RiveTypeKey
private typealias P = RivePropertyKey

/// How a keyframe moves to the next one: upstream's `KeyFrameInterpolator` kinds that the
/// reference runtime plays on keyframes (src/animation/).
///
/// - `cubicEase`: `CubicEaseInterpolator`, an eased factor between the two values;
/// - `elastic`: `ElasticInterpolator` (src/animation/elastic_interpolator.cpp, elastic_ease.cpp),
///   a decaying sine on the factor, computed in 32-bit floats like upstream;
/// - `cubicValue`: `CubicValueInterpolator` (src/animation/cubic_value_interpolator.cpp), a
///   cubic in value space from the first value through `y1` and `y2` (absolute values) to the
///   second, at the curve parameter whose x (through `x1`, `x2`) is the factor. Colors have no
///   value curve there (its `transform` is a debug assertion returning the factor), so a
///   color keyframe interpolates linearly.
enum KeyFrameInterpolator {
    case cubicEase(CubicEase)
    case elastic(ElasticEase)
    case cubicValue(x: CubicEase, y1: Float, y2: Float)

    /// The interpolator at artboard-local id `interpolator`, or `nil` (its type named in
    /// `unsupported`) when it is of another kind.
    init?(interpolator: Int, artboard: RiveFileLayout.Artboard, document: RiveDocument, unsupported: inout [String]) {
        guard artboard.localObjects.indices.contains(interpolator), let objectIndex = artboard.localObjects[interpolator] else { return nil }
        let object = document.objects[objectIndex]
        switch object.typeKey {
        case T.cubicEaseInterpolator:
            guard let ease = CubicEase(interpolator: interpolator, artboard: artboard, document: document, unsupported: &unsupported) else { return nil }
            self = .cubicEase(ease)
        case T.elasticInterpolator:
            let period = object.float(P.elasticInterpolatorPeriod) ?? 1
            self = .elastic(ElasticEase(easing: object.uint(P.elasticInterpolatorEasingValue) ?? 1,
                                        amplitude: object.float(P.elasticInterpolatorAmplitude) ?? 1,
                                        period: period == 0 ? 0.5 : period))
        case T.cubicValueInterpolator:
            // A cubic ease with y1 = 1/3 and y2 = 2/3 has y(s) = s, so its transform is the
            // curve parameter for an x: the parameter upstream's solver finds.
            let x = CubicEase(x1: Double(object.float(P.cubicInterpolatorX1) ?? 0.42), y1: 1.0 / 3,
                              x2: Double(object.float(P.cubicInterpolatorX2) ?? 0.58), y2: 2.0 / 3)
            self = .cubicValue(x: x, y1: object.float(P.cubicInterpolatorY1) ?? 0, y2: object.float(P.cubicInterpolatorY2) ?? 1)
        default:
            unsupported.append(object.typeName)
            return nil
        }
    }

    /// The value between two keyframe values at factor `t` (0…1) for a keyframe of property
    /// `property`: a cubic value interpolator computes numbers in value space, every other
    /// interpolator eases the factor of the kinds that interpolate (KeyFrameKinds.swift).
    func interpolate(_ a: AnimationDefinition.Value, _ b: AnimationDefinition.Value, _ t: Double, property: UInt32) -> AnimationDefinition.Value {
        switch (a, b, self) {
        case (.double(let from), .double(let to), .cubicValue(let x, let y1, let y2)):
            // Upstream's CubicValueInterpolator::computeParameters, in Float.
            let d = Float(from), last = Float(to)
            let ca = last + 3 * (y1 - y2) - d
            let cb = 3 * (y2 - y1 * 2 + d)
            let cc = 3 * (y1 - d)
            let s = Float(x.transform(t))
            return .double(Double(((ca * s + cb) * s + cc) * s + d))
        default:
            return a.interpolated(to: b, factor(t), property: property)
        }
    }

    /// The eased factor (a cubic value interpolator's is the factor itself).
    private func factor(_ t: Double) -> Double {
        switch self {
        case .cubicEase(let ease): ease.transform(t)
        case .elastic(let elastic): Double(elastic.transform(Float(t)))
        case .cubicValue: t
        }
    }
}

/// Rive's elastic ease (upstream `ElasticEase` with `ElasticInterpolator`'s easing): in, out
/// or in-out (easing 0, 1, 2; another value leaves the factor as it is), an amplitude (below
/// 1 it grows from 1 over the first phase) and a period.
struct ElasticEase {
    let easing: UInt64
    let amplitude: Float
    let period: Float
    /// The phase shift that starts the sine at 0 for factor 0.
    let shift: Float

    init(easing: UInt64, amplitude: Float, period: Float) {
        self.easing = easing
        self.amplitude = amplitude
        self.period = period
        let pi: Float = 3.14159265
        shift = amplitude < 1 ? period / 4 : period / (2 * pi) * asinf(1 / amplitude)
    }

    private func actualAmplitude(_ time: Float) -> Float {
        if amplitude < 1 {
            let limit = abs(shift)
            let absTime = abs(time)
            if absTime < limit {
                let l = absTime / limit
                return amplitude * l + (1 - l)
            }
        }
        return amplitude
    }

    /// The eased factor.
    func transform(_ factor: Float) -> Float {
        let twoPi: Float = 2 * 3.14159265
        switch easing {
        case 0:
            let time = factor - 1
            return -(actualAmplitude(time) * powf(2, 10 * time) * sinf((-time - shift) * twoPi / period))
        case 1:
            let time = factor
            return actualAmplitude(time) * powf(2, 10 * -time) * sinf((time - shift) * twoPi / period) + 1
        case 2:
            let time = factor * 2 - 1
            let amplitude = actualAmplitude(time)
            if time < 0 {
                return -0.5 * amplitude * powf(2, 10 * time) * sinf((-time - shift) * twoPi / period)
            }
            return 0.5 * (amplitude * powf(2, 10 * -time) * sinf((time - shift) * twoPi / period)) + 1
        default:
            return factor
        }
    }
}
