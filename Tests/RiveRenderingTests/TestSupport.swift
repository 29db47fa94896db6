import RiveRendering

/// A point from two coordinates, shorter to write in expectations.
func pt(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

/// Whether two points agree within a tolerance on both axes.
func isClose(_ lhs: Point, _ rhs: Point, tolerance: Double = 1e-4) -> Bool {
    abs(lhs.x - rhs.x) <= tolerance && abs(lhs.y - rhs.y) <= tolerance
}

/// Whether two transforms agree component by component within a tolerance.
func isClose(_ lhs: Transform2D, _ rhs: Transform2D, tolerance: Double = 1e-9) -> Bool {
    let pairs = [(lhs.a, rhs.a), (lhs.b, rhs.b), (lhs.c, rhs.c), (lhs.d, rhs.d), (lhs.tx, rhs.tx), (lhs.ty, rhs.ty)]
    return pairs.allSatisfy { abs($0.0 - $0.1) <= tolerance }
}

/// Whether two command lists have the same kinds in the same order with points within a tolerance.
func isClose(_ lhs: [PathCommand], _ rhs: [PathCommand], tolerance: Double = 1e-4) -> Bool {
    guard lhs.count == rhs.count else { return false }
    return zip(lhs, rhs).allSatisfy { pair in
        switch pair {
        case (.moveTo(let a), .moveTo(let b)), (.lineTo(let a), .lineTo(let b)):
            return isClose(a, b, tolerance: tolerance)
        case (.cubicTo(let a1, let a2, let a3), .cubicTo(let b1, let b2, let b3)):
            return isClose(a1, b1, tolerance: tolerance) && isClose(a2, b2, tolerance: tolerance)
                && isClose(a3, b3, tolerance: tolerance)
        case (.close, .close):
            return true
        default:
            return false
        }
    }
}

/// An axis-aligned rectangle path with its top-left corner at (x, y), drawn clockwise.
func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double, fillRule: FillRule = .nonZero) -> Path {
    Path(commands: [.moveTo(pt(x, y)), .lineTo(pt(x + width, y)), .lineTo(pt(x + width, y + height)),
                    .lineTo(pt(x, y + height)), .close], fillRule: fillRule)
}

let opaqueRed = RGBA(r: 255, g: 0, b: 0, a: 255)
