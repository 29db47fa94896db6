#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A 2D affine transform (a 2×3 matrix), laid out like Rive's `Mat2D`.
///
/// A point maps as `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`, so `(a, b, c, d, tx, ty)`
/// are Rive's `Mat2D[0…5]` and cairo's `(xx, yx, xy, yy, x0, y0)`.
public struct Transform2D: Hashable, Sendable {
    /// The x-axis scale/rotation component (`Mat2D[0]`).
    public var a: Double
    /// The x-axis shear/rotation component (`Mat2D[1]`).
    public var b: Double
    /// The y-axis shear/rotation component (`Mat2D[2]`).
    public var c: Double
    /// The y-axis scale/rotation component (`Mat2D[3]`).
    public var d: Double
    /// The horizontal translation (`Mat2D[4]`).
    public var tx: Double
    /// The vertical translation (`Mat2D[5]`).
    public var ty: Double

    /// Creates a transform from its six components.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The transform that maps every point to itself.
    public static let identity = Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A pure translation.
    public static func translation(x: Double, y: Double) -> Transform2D {
        Transform2D(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// A pure scale about the origin.
    public static func scale(x: Double, y: Double) -> Transform2D {
        Transform2D(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// A pure rotation about the origin by an angle in radians (positive turns +x towards +y).
    public static func rotation(_ radians: Double) -> Transform2D {
        let cosine = cos(radians)
        let sine = sin(radians)
        return Transform2D(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// Creates a node's local transform the way Rive composes it: translate(x, y) · rotate · scale.
    ///
    /// This matches `TransformComponent::updateTransform` upstream: a rotation matrix whose
    /// translation is set to (x, y), then scaled by (scaleX, scaleY) in local space.
    public init(x: Double, y: Double, rotation: Double, scaleX: Double, scaleY: Double) {
        let cosine = cos(rotation)
        let sine = sin(rotation)
        self.init(a: cosine * scaleX, b: sine * scaleX, c: -sine * scaleY, d: cosine * scaleY, tx: x, ty: y)
    }

    /// The matrix product `lhs · rhs`: the transform that applies `rhs` first, then `lhs`.
    ///
    /// A child's world transform is `parentWorld * childLocal`, as in Rive.
    public static func * (lhs: Transform2D, rhs: Transform2D) -> Transform2D {
        Transform2D(
            a: lhs.a * rhs.a + lhs.c * rhs.b,
            b: lhs.b * rhs.a + lhs.d * rhs.b,
            c: lhs.a * rhs.c + lhs.c * rhs.d,
            d: lhs.b * rhs.c + lhs.d * rhs.d,
            tx: lhs.a * rhs.tx + lhs.c * rhs.ty + lhs.tx,
            ty: lhs.b * rhs.tx + lhs.d * rhs.ty + lhs.ty
        )
    }

    /// Maps a point through the transform.
    public func apply(_ point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// The inverse transform, or `nil` when the matrix is singular (determinant 0 or not finite).
    public func inverted() -> Transform2D? {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return nil }
        let inverse = 1 / determinant
        return Transform2D(
            a: d * inverse,
            b: -b * inverse,
            c: -c * inverse,
            d: a * inverse,
            tx: (c * ty - d * tx) * inverse,
            ty: (b * tx - a * ty) * inverse
        )
    }
}
