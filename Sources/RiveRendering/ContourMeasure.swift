/// A path under construction in 32-bit floats, with Rive's `RawPath` rules: a segment after a
/// close (or at the very start) first moves to the last contour's start, and a close only
/// counts when the contour is open.
///
/// Path effects (trims, dashes) build their output through this, in the precision upstream
/// computes them (`src/math/raw_path.cpp`), and turn it into a `Path` at the end.
public struct FloatPathBuilder: Sendable {
    /// One recorded verb with its points (a line has one, a cubic three, a move one, a close none).
    enum Verb: Sendable {
        case move(SIMD2<Float>)
        case line(SIMD2<Float>)
        case cubic(SIMD2<Float>, SIMD2<Float>, SIMD2<Float>)
        case close
    }

    private(set) var verbs: [Verb] = []
    private var contourIsOpen = false
    private var lastMove: SIMD2<Float>?

    /// Creates an empty path.
    public init() {}

    /// Starts a new contour at a point.
    public mutating func move(_ point: SIMD2<Float>) {
        contourIsOpen = true
        lastMove = point
        verbs.append(.move(point))
    }

    /// Appends a straight segment.
    public mutating func line(_ point: SIMD2<Float>) {
        injectImplicitMove()
        verbs.append(.line(point))
    }

    /// Appends a cubic segment.
    public mutating func cubic(_ control1: SIMD2<Float>, _ control2: SIMD2<Float>, _ point: SIMD2<Float>) {
        injectImplicitMove()
        verbs.append(.cubic(control1, control2, point))
    }

    /// Closes the open contour (nothing when no contour is open).
    public mutating func close() {
        guard contourIsOpen else { return }
        verbs.append(.close)
        contourIsOpen = false
    }

    private mutating func injectImplicitMove() {
        if !contourIsOpen { move(lastMove ?? .zero) }
    }

    /// Drops segments that do not move (a line to the point it starts at, a cubic whose
    /// points all equal its start), as upstream's `RawPath::pruneEmptySegments`.
    public mutating func pruneEmptySegments() {
        var previous: SIMD2<Float> = .zero
        verbs = verbs.filter { verb in
            switch verb {
            case .move(let point):
                previous = point
                return true
            case .close:
                return true
            case .line(let point):
                defer { previous = point }
                return point != previous
            case .cubic(let c1, let c2, let point):
                defer { previous = point }
                return !(c2 == c1 && c1 == previous && point == c2)
            }
        }
    }

    /// The recorded path as a `Path` with a fill rule.
    public func path(fillRule: FillRule) -> Path {
        func point(_ p: SIMD2<Float>) -> Point { Point(x: Double(p.x), y: Double(p.y)) }
        return Path(commands: verbs.map { verb in
            switch verb {
            case .move(let p): .moveTo(point(p))
            case .line(let p): .lineTo(point(p))
            case .cubic(let c1, let c2, let p): .cubicTo(control1: point(c1), control2: point(c2), to: point(p))
            case .close: .close
            }
        }, fillRule: fillRule)
    }
}

/// The measured length of one contour of a path, split into short segments so a distance along
/// it maps to a curve parameter: upstream's `ContourMeasure` and `ContourMeasureIter`
/// (src/math/contour_measure.cpp), computed in 32-bit floats like upstream so a trim or a dash
/// cuts its curves at the same parameters.
///
/// Curves are split by Wang's formula at a tolerance of 0.5 (at most 100 pieces each); the
/// chord lengths of the pieces add up to the length. A contour of zero length is skipped.
public struct ContourMeasure: Sendable {
    /// One measured piece: the length up to its end, the first point of its line or cubic,
    /// its end parameter in 30-bit fixed point, and whether it is a cubic.
    struct Segment: Sendable {
        var distance: Float
        var pointIndex: Int
        var tValue: UInt32
        var isCubic: Bool

        var t: Float { Float(tValue) * ContourMeasure.inverseMaxDot30 }
    }

    static let maxDot30: UInt32 = (1 << 30) - 1
    static let inverseMaxDot30: Float = 1 / Float(maxDot30)

    let segments: [Segment]
    let points: [SIMD2<Float>]
    /// The contour's length.
    public let length: Float
    /// Whether the contour ends with a close.
    public let isClosed: Bool

    /// The measured contours of a path, in order (upstream `ContourMeasureIter::next`).
    public static func contours(of path: Path) -> [ContourMeasure] {
        var contours: [ContourMeasure] = []
        var pending: [(verb: PathCommand, from: SIMD2<Float>)] = []
        var start: SIMD2<Float> = .zero
        var current: SIMD2<Float> = .zero
        var hasDrawn = false
        var isClosed = false
        func flush() {
            if hasDrawn, let contour = ContourMeasure(start: start, verbs: pending) { contours.append(contour) }
            pending.removeAll()
            hasDrawn = false
        }
        for command in path.commands {
            switch command {
            case .moveTo(let p):
                flush()
                isClosed = false
                start = SIMD2(Float(p.x), Float(p.y))
                current = start
            case .lineTo(let p), .cubicTo(_, _, let p):
                // A segment after a close starts a new contour at the last start (RawPath's implicit move).
                if isClosed { flush() }
                isClosed = false
                pending.append((command, current))
                current = SIMD2(Float(p.x), Float(p.y))
                hasDrawn = true
            case .close:
                if hasDrawn, !isClosed { pending.append((command, current)) }
                isClosed = true
                current = start
            }
        }
        flush()
        return contours
    }

    /// Measures one contour: `start` is its move point, `verbs` its segments and closes, each
    /// with the point it starts from. `nil` when it has no length.
    private init?(start p0: SIMD2<Float>, verbs: [(verb: PathCommand, from: SIMD2<Float>)]) {
        var points: [SIMD2<Float>] = [p0]
        var segments: [Segment] = []
        var distance: Float = 0
        var closed = false
        for (command, from) in verbs {
            if closed { break }
            switch command {
            case .moveTo:
                break
            case .lineTo(let p):
                let end = SIMD2(Float(p.x), Float(p.y))
                let delta = end - from
                if delta.x * delta.x + delta.y * delta.y > 0 {
                    distance += Self.length(delta)
                    segments.append(Segment(distance: distance, pointIndex: points.count - 1, tValue: Self.maxDot30, isCubic: false))
                }
                points.append(end)
            case .cubicTo(let c1, let c2, let p):
                let cubic = [from, SIMD2(Float(c1.x), Float(c1.y)), SIMD2(Float(c2.x), Float(c2.y)), SIMD2(Float(p.x), Float(p.y))]
                let count = min(Self.wangSegmentCount(cubic), 100)
                if count > 0 {
                    distance = Self.addCubicSegments(&segments, cubic, count: count, pointIndex: points.count - 1, distance: distance)
                }
                points.append(contentsOf: cubic[1...])
            case .close:
                closed = true
                if from != p0 {
                    distance += Self.length(p0 - from)
                    segments.append(Segment(distance: distance, pointIndex: points.count - 1, tValue: Self.maxDot30, isCubic: false))
                    points.append(p0)
                }
            }
        }
        guard distance > 0, points.count >= 2, !distance.isNaN else { return nil }
        self.segments = segments
        self.points = points
        self.length = distance
        self.isClosed = closed
    }

    private static func length(_ v: SIMD2<Float>) -> Float { (v.x * v.x + v.y * v.y).squareRoot() }

    /// Wang's formula for a cubic at upstream's tolerance (precision 2), rounded up.
    private static func wangSegmentCount(_ p: [SIMD2<Float>]) -> Int {
        let v0 = -2 * p[1] + p[0] + p[2]
        let v1 = -2 * p[2] + p[1] + p[3]
        let vv0 = v0 * v0, vv1 = v1 * v1
        let pow4 = max(vv0.x + vv0.y, vv1.x + vv1.y) * (Float(9 * 4) / 64 * (2 * 2))
        let value = pow4.squareRoot().squareRoot().rounded(.up)
        guard !value.isNaN else { return 0 }
        return Int(min(value, 100))
    }

    /// A cubic's polynomial coefficients (at³ + bt² + ct + d), upstream's `EvalCubic`.
    private static func coefficients(_ p: [SIMD2<Float>]) -> (SIMD2<Float>, SIMD2<Float>, SIMD2<Float>, SIMD2<Float>) {
        let a = p[3] + 3 * (p[1] - p[2]) - p[0]
        let b = 3 * (p[2] - (p[1] + p[1]) + p[0])
        let c = 3 * (p[1] - p[0])
        return (a, b, c, p[0])
    }

    private static func addCubicSegments(_ segments: inout [Segment], _ p: [SIMD2<Float>], count: Int, pointIndex: Int, distance start: Float) -> Float {
        let dt = 1 / Float(count)
        let (a, b, c, d) = coefficients(p)
        var distance = start
        var t = dt
        var previous = p[0]
        for _ in 1..<count {
            let next = ((a * t + b) * t + c) * t + d
            distance += length(next - previous)
            segments.append(Segment(distance: distance, pointIndex: pointIndex, tValue: UInt32(t * Float(1 << 30)), isCubic: true))
            previous = next
            t += dt
        }
        distance += length(p[3] - previous)
        segments.append(Segment(distance: distance, pointIndex: pointIndex, tValue: maxDot30, isCubic: true))
        return distance
    }

    /// The index of the segment that holds a distance (the first ending at or after it, past
    /// any pieces of zero length).
    private func findSegment(_ distance: Float) -> Int {
        var low = 0, high = segments.count
        while low < high {
            let mid = (low + high) / 2
            if segments[mid].distance < distance { low = mid + 1 } else { high = mid }
        }
        while low < segments.count - 1, segments[low].distance == 0 { low += 1 }
        return min(low, segments.count - 1)
    }

    /// The curve parameter of a distance within segment `index`.
    private func computeT(_ index: Int, _ distance: Float) -> Float {
        let segment = segments[index]
        var previousDistance: Float = 0, previousT: Float = 0
        if index > 0 {
            previousDistance = segments[index - 1].distance
            if segments[index - 1].pointIndex == segment.pointIndex { previousT = segments[index - 1].t }
        }
        let ratio = (distance - previousDistance) / (segment.distance - previousDistance)
        let t = Self.lerp(previousT, segment.t, ratio)
        return min(max(t, previousT), segment.t)
    }

    private static func lerp(_ a: Float, _ b: Float, _ t: Float) -> Float { a * (1 - t) + b * t }
    private static func lerp(_ a: SIMD2<Float>, _ b: SIMD2<Float>, _ t: Float) -> SIMD2<Float> { a * (1 - t) + b * t }

    /// Appends the part of the contour between two distances (upstream
    /// `ContourMeasure::getSegment`), starting with a move when `startWithMove`.
    public func appendSegment(from startDistance: Float, to endDistance: Float, into path: inout FloatPathBuilder, startWithMove: Bool) {
        let startDistance = max(0, startDistance)
        let endDistance = min(length, endDistance)
        guard startDistance < endDistance else { return }
        var startIndex = findSegment(startDistance)
        let endIndex = findSegment(endDistance)
        var start = segments[startIndex]
        let end = segments[endIndex]
        var startT = computeT(startIndex, startDistance)
        let endT = computeT(endIndex, endDistance)
        if 1 - startT < 1 / Float(1 << 12), startIndex < endIndex {
            startIndex += 1
            start = segments[startIndex]
            startT = 0
        }
        if start.pointIndex == end.pointIndex {
            extract(start, from: startT, to: endT, into: &path, moveTo: startWithMove)
        } else {
            extract(start, from: startT, to: 1, into: &path, moveTo: startWithMove)
            var index = nextSegmentBeginning(startIndex)
            while segments[index].pointIndex != end.pointIndex {
                let segment = segments[index]
                if segment.isCubic {
                    path.cubic(points[segment.pointIndex + 1], points[segment.pointIndex + 2], points[segment.pointIndex + 3])
                } else {
                    path.line(points[segment.pointIndex + 1])
                }
                index = nextSegmentBeginning(index)
            }
            extract(end, from: 0, to: endT, into: &path, moveTo: false)
        }
    }

    private func nextSegmentBeginning(_ index: Int) -> Int {
        var next = index
        repeat { next += 1 } while next < segments.count && segments[next].pointIndex == segments[index].pointIndex
        return min(next, segments.count - 1)
    }

    private func extract(_ segment: Segment, from fromT: Float, to toT: Float, into path: inout FloatPathBuilder, moveTo: Bool) {
        let i = segment.pointIndex
        if !segment.isCubic {
            let a = points[i], b = points[i + 1]
            if moveTo { path.move(Self.lerp(a, b, fromT)) }
            path.line(Self.lerp(a, b, toT))
            return
        }
        let source = [points[i], points[i + 1], points[i + 2], points[i + 3]]
        let result: [SIMD2<Float>]
        if fromT == 0, toT == 1 {
            result = source
        } else if fromT == 0 {
            result = Array(Self.subdivide(source, toT)[0..<4])
        } else if toT == 1 {
            result = Array(Self.subdivide(source, fromT)[3..<7])
        } else {
            let first = Array(Self.subdivide(source, toT)[0..<4])
            result = Array(Self.subdivide(first, fromT / toT)[3..<7])
        }
        if moveTo { path.move(result[0]) }
        path.cubic(result[1], result[2], result[3])
    }

    /// De Casteljau's split of a cubic at `t` into seven points (upstream `cubic_subdivide`).
    private static func subdivide(_ p: [SIMD2<Float>], _ t: Float) -> [SIMD2<Float>] {
        let ab = lerp(p[0], p[1], t), bc = lerp(p[1], p[2], t), cd = lerp(p[2], p[3], t)
        let abc = lerp(ab, bc, t), bcd = lerp(bc, cd, t)
        return [p[0], ab, abc, lerp(abc, bcd, t), bcd, cd, p[3]]
    }
}
