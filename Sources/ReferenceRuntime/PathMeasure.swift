import Foundation
import RiveRendering

/// Positions and tangents along a whole path by fraction of its length, as upstream's
/// `PathMeasure` (src/math/path_measure.cpp) over its contours, each measured by
/// `ContourMeasure` (RiveRendering, in `Float` like upstream), so a follow-path constraint
/// lands where the real runtime puts it.
struct PathMeasure {
    private let contours: [ContourMeasure]
    /// The length of all contours.
    let length: Float

    /// Measures a path given as commands (already in the space to measure in).
    init(_ commands: [PathCommand]) {
        contours = ContourMeasure.contours(of: Path(commands: commands))
        length = contours.reduce(0) { $0 + $1.length }
    }

    /// The position and tangent at a fraction of the length (upstream `atPercentage`): the
    /// fraction wraps into 0…1, a whole non-zero fraction meaning the end. Past every
    /// contour, or with none, both are zero.
    func positionAndTangent(atFraction fraction: Float) -> (position: SIMD2<Float>, tangent: SIMD2<Float>) {
        var inRange = fmodf(fraction, 1)
        if inRange < 0 { inRange += 1 }
        if fraction != 0, inRange == 0 { inRange = 1 }
        var current = length * inRange
        for contour in contours {
            if current - contour.length <= 0 { return contour.positionAndTangent(atDistance: current) }
            current -= contour.length
        }
        return (.zero, .zero)
    }
}
