#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One vertex of a Rive points path: a straight corner (optionally rounded) or a cubic vertex.
///
/// Rive's three cubic vertex kinds all reduce to a position plus explicit in and out control
/// points; the static factories compute those points the way upstream does
/// (`src/shapes/cubic_mirrored_vertex.cpp`, `cubic_asymmetric_vertex.cpp`,
/// `cubic_detached_vertex.cpp`).
public enum PathVertex: Hashable, Sendable {
    /// A straight vertex (`StraightVertex`), rounded by `radius` when it is greater than 0.
    case straight(Point, radius: Double)
    /// A cubic vertex with explicit control points: `in` shapes the curve arriving at the
    /// vertex, `out` the curve leaving it.
    case cubic(Point, in: Point, out: Point)

    /// A straight vertex at a position with no corner radius.
    public static func straight(_ position: Point) -> PathVertex {
        .straight(position, radius: 0)
    }

    /// A `CubicMirroredVertex`: both control points at `distance` along `rotation`, on opposite sides.
    ///
    /// out = position + (cos r, sin r)·distance; in = position − (cos r, sin r)·distance.
    public static func mirrored(_ position: Point, rotation: Double, distance: Double) -> PathVertex {
        let direction = Point(x: cos(rotation), y: sin(rotation))
        return .cubic(position, in: position - direction * distance, out: position + direction * distance)
    }

    /// A `CubicAsymmetricVertex`: one direction, separate in and out distances.
    ///
    /// out = position + (cos r, sin r)·outDistance; in = position − (cos r, sin r)·inDistance.
    public static func asymmetric(
        _ position: Point, rotation: Double, inDistance: Double, outDistance: Double
    ) -> PathVertex {
        let direction = Point(x: cos(rotation), y: sin(rotation))
        return .cubic(position, in: position - direction * inDistance, out: position + direction * outDistance)
    }

    /// A `CubicDetachedVertex`: independent in and out rotations and distances.
    ///
    /// Unlike the other kinds, the in point is *added*: in = position + (cos ri, sin ri)·inDistance;
    /// out = position + (cos ro, sin ro)·outDistance.
    public static func detached(
        _ position: Point, inRotation: Double, inDistance: Double, outRotation: Double, outDistance: Double
    ) -> PathVertex {
        let inDirection = Point(x: cos(inRotation), y: sin(inRotation))
        let outDirection = Point(x: cos(outRotation), y: sin(outRotation))
        return .cubic(position, in: position + inDirection * inDistance, out: position + outDirection * outDistance)
    }
}
