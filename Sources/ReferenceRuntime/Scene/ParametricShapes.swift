import RiveFormat
import RiveRendering

private typealias T = RiveTypeKey
private typealias P = RivePropertyKey

/// The paths of the parametric shapes upstream builds from a point count: polygons, stars and
/// triangles.
extension ArtboardScene {
    /// The most points a polygon or star is built with: upstream has no limit, so a damaged
    /// file's huge count would allocate without end.
    static let maximumPolygonPoints: UInt64 = 10_000

    /// The local path of a `Polygon`, `Star` or `Triangle` (upstream src/shapes/polygon.cpp,
    /// star.cpp, triangle.cpp), from its parametric size and origin, its point count (5 by
    /// default), corner radius and, for a star, its inner radius (0.5 by default).
    func polygonPath(_ id: Int) -> Path {
        let width = store.double(id, P.parametricPathWidth), height = store.double(id, P.parametricPathHeight)
        let originX = store.double(id, P.parametricPathOriginX, 0.5), originY = store.double(id, P.parametricPathOriginY, 0.5)
        switch components[id]?.typeKey {
        case T.triangle:
            return Path.triangle(width: width, height: height, originX: originX, originY: originY)
        case T.star:
            return Path.star(points: Int(min(store.uint(id, P.polygonPoints, 5), Self.maximumPolygonPoints)),
                             innerRadius: store.double(id, P.starInnerRadius, 0.5), width: width, height: height,
                             originX: originX, originY: originY, cornerRadius: store.double(id, P.polygonCornerRadius))
        default:
            return Path.polygon(points: Int(min(store.uint(id, P.polygonPoints, 5), Self.maximumPolygonPoints)),
                                width: width, height: height, originX: originX, originY: originY,
                                cornerRadius: store.double(id, P.polygonCornerRadius))
        }
    }
}
