import Foundation

/// How a trim path spreads its range over a path's contours (the format's `TrimPath.modeValue`).
public enum TrimMode: UInt32, Sendable {
    /// The range runs over all contours one after the other, as if they were one.
    case sequential = 1
    /// The range applies to every contour on its own.
    case synchronized = 2
}

/// One dash or gap length of a dash effect: in path units, or a fraction of the path's length.
public struct DashLength: Hashable, Sendable {
    /// The length, or the fraction of the measured length when `isPercentage`.
    public var length: Float
    /// Whether `length` is a fraction of the path's length.
    public var isPercentage: Bool

    /// Creates a dash length.
    public init(length: Float, isPercentage: Bool) {
        self.length = length
        self.isPercentage = isPercentage
    }

    /// The length in path units for a path of `total` length; an offset (`wraps`) is taken
    /// modulo the path's length first (upstream `Dash::normalizedLength`).
    func normalized(_ total: Float, wraps: Bool) -> Float {
        var value = length
        if wraps {
            let right: Float = isPercentage ? 1 : total
            value = fmodf(length, right)
            if value < 0 { value += right }
        }
        return isPercentage ? value * total : value
    }
}

extension Path {
    /// How many pieces a trim or dash makes at most: upstream has no limit, so a damaged
    /// file's huge range or tiny dash would run on for ever.
    public static let maximumWraps = 100_000

    /// The part of the path between two fractions of its length, shifted by an offset: Rive's
    /// trim path effect (upstream `TrimPath::trimPath`, src/shapes/paint/trim_path.cpp),
    /// computed in 32-bit floats over the path's measured contours.
    ///
    /// `closeEachSegment` closes every piece (a trimmed fill); otherwise a closed contour that
    /// the range covers whole stays closed. The result keeps the path's fill rule.
    public func trimmed(start: Float, end: Float, offset: Float, mode: TrimMode, closeEachSegment: Bool) -> Path {
        let contours = ContourMeasure.contours(of: self)
        var output = FloatPathBuilder()
        let renderOffset = fmodf(fmodf(offset, 1) + 1, 1)
        switch mode {
        case .sequential:
            let totalLength = contours.reduce(Float(0)) { $0 + $1.length }
            var startLength = totalLength * (start + renderOffset)
            var endLength = totalLength * (end + renderOffset)
            if endLength < startLength { swap(&startLength, &endLength) }
            if startLength > totalLength {
                startLength -= totalLength
                endLength -= totalLength
            }
            var pieces: [(contour: Int, start: Float, end: Float)] = []
            var index = 0
            // Upstream loops until the range is used up; a damaged file's huge range stops
            // after `maximumWraps` pieces instead of running on.
            while endLength > 0, !contours.isEmpty, index < Self.maximumWraps {
                let contourIndex = index % contours.count
                let contourLength = contours[contourIndex].length
                if startLength < contourLength {
                    pieces.append((contourIndex, startLength, endLength))
                    endLength -= contourLength
                    startLength = 0
                } else {
                    startLength -= contourLength
                    endLength -= contourLength
                }
                index += 1
            }
            // Upstream draws the first piece, then the last and backwards, so a last piece on
            // the same closed contour as the first continues it without a gap.
            var previousContour = -1
            for step in 0..<pieces.count {
                let piece = pieces[(pieces.count - step) % pieces.count]
                let contour = contours[piece.contour]
                contour.appendSegment(from: piece.start, to: piece.end, into: &output,
                                      startWithMove: previousContour != piece.contour || !contour.isClosed)
                if (piece.start == 0 && piece.end - piece.start >= contour.length && contour.isClosed) || closeEachSegment {
                    output.close()
                }
                previousContour = piece.contour
            }
        case .synchronized:
            for contour in contours {
                let contourLength = contour.length
                var startLength = contourLength * (start + renderOffset)
                var endLength = contourLength * (end + renderOffset)
                if endLength < startLength { swap(&startLength, &endLength) }
                if startLength >= contourLength {
                    startLength -= contourLength
                    endLength -= contourLength
                }
                contour.appendSegment(from: startLength, to: endLength, into: &output, startWithMove: true)
                var wraps = 0
                while endLength > contourLength, wraps < Self.maximumWraps {
                    wraps += 1
                    startLength = 0
                    endLength -= contourLength
                    contour.appendSegment(from: startLength, to: endLength, into: &output, startWithMove: !contour.isClosed)
                }
                if (start == 0 && end == 1 && contour.isClosed) || closeEachSegment {
                    output.close()
                }
            }
        }
        output.pruneEmptySegments()
        return output.path(fillRule: fillRule)
    }

    /// The path cut into dashes: Rive's dash path effect (upstream `PathDasher::applyDash`,
    /// src/shapes/paint/dash_path.cpp), with the lengths alternating dash and gap from the
    /// offset on, over the whole measured path as one length (upstream's `PathMeasure`).
    /// Nothing is drawn when no dash has a length.
    public func dashed(offset: DashLength, dashes: [DashLength]) -> Path {
        let measure = PathLengthMeasure(self)
        let total = measure.length
        var output = FloatPathBuilder()
        guard dashes.contains(where: { $0.normalized(total, wraps: false) > 0 }) else {
            return output.path(fillRule: fillRule)
        }
        var dashIndex = 0
        var dashed: Float = 0
        var distance = offset.normalized(total, wraps: true)
        var draw = true
        var steps = 0
        while dashed < total, steps < Self.maximumWraps {
            steps += 1
            var dashLength = dashes[dashIndex % dashes.count].normalized(total, wraps: false)
            dashIndex += 1
            if dashLength > total { dashLength = total }
            var endLength = distance + dashLength
            if endLength > total {
                endLength -= total
                if draw {
                    if distance < total {
                        measure.appendSegment(from: distance, to: total, into: &output, startWithMove: true)
                        measure.appendSegment(from: 0, to: endLength, into: &output, startWithMove: !measure.isClosed)
                    } else {
                        measure.appendSegment(from: 0, to: endLength, into: &output, startWithMove: true)
                    }
                }
                distance = endLength - dashLength
            } else if draw {
                measure.appendSegment(from: distance, to: endLength, into: &output, startWithMove: true)
            }
            distance += dashLength
            dashed += dashLength
            draw.toggle()
        }
        output.pruneEmptySegments()
        return output.path(fillRule: fillRule)
    }
}

/// All contours of a path measured as one length (upstream `PathMeasure`, src/math/path_measure.cpp),
/// each by `ContourMeasure` in `Float` like upstream.
public struct PathLengthMeasure {
    let contours: [ContourMeasure]
    /// The length of all contours.
    public let length: Float

    /// Measures a path (in the space it is to be measured in).
    public init(_ path: Path) {
        contours = ContourMeasure.contours(of: path)
        length = contours.reduce(Float(0)) { $0 + $1.length }
    }

    /// Whether the path is exactly one closed contour.
    var isClosed: Bool { contours.count == 1 && contours[0].isClosed }

    /// Appends the part between two distances along all contours, each contour after the
    /// first it touches starting with a move.
    func appendSegment(from startDistance: Float, to endDistance: Float, into output: inout FloatPathBuilder, startWithMove: Bool) {
        guard !contours.isEmpty else { return }
        let startDistance = max(0, min(startDistance, length))
        let endDistance = max(0, min(endDistance, length))
        guard startDistance < endDistance else { return }
        var current: Float = 0
        var isFirst = true
        for contour in contours {
            let contourStart = current
            let contourEnd = current + contour.length
            if contourEnd > startDistance, contourStart < endDistance {
                contour.appendSegment(from: max(0, startDistance - contourStart), to: min(contour.length, endDistance - contourStart),
                                      into: &output, startWithMove: !isFirst || startWithMove)
                isFirst = false
            }
            current += contour.length
            if current >= endDistance { break }
        }
    }
}

extension Path {
    /// The box around every point of the path, control points included, or an empty box at
    /// the origin for a path without points (upstream `RawPath::bounds`).
    public var controlPointBounds: (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)?
        func add(_ p: Point) {
            guard let current = bounds else {
                bounds = (p.x, p.y, p.x, p.y)
                return
            }
            bounds = (min(current.minX, p.x), min(current.minY, p.y), max(current.maxX, p.x), max(current.maxY, p.y))
        }
        for command in commands {
            switch command {
            case .moveTo(let p), .lineTo(let p): add(p)
            case .cubicTo(let c1, let c2, let p):
                add(c1)
                add(c2)
                add(p)
            case .close: break
            }
        }
        return bounds ?? (0, 0, 0, 0)
    }

    /// The path with every contour running the other way, each contour's move and close
    /// swapped to its other end (upstream `RawPath::addPathBackwards`). A path that does not
    /// start with a move is returned as it is.
    public func reversed() -> Path {
        guard case .moveTo = commands.first else { return self }
        enum Verb { case move, line, cubic, close }
        var verbs: [Verb] = []
        var points: [Point] = []
        for command in commands {
            switch command {
            case .moveTo(let p):
                verbs.append(.move)
                points.append(p)
            case .lineTo(let p):
                verbs.append(.line)
                points.append(p)
            case .cubicTo(let c1, let c2, let p):
                verbs.append(.cubic)
                points += [c1, c2, p]
            case .close:
                verbs.append(.close)
            }
        }
        points.reverse()
        var reversedVerbs: [Verb] = [.move]
        var closed = false
        for (offset, verb) in verbs.reversed().enumerated() {
            if verb == .close {
                closed = true
                continue
            }
            if verb == .move, closed {
                reversedVerbs.append(.close)
                closed = false
            }
            if offset + 1 < verbs.count {
                reversedVerbs.append(verb)
            }
        }
        var result = Path(fillRule: fillRule)
        var index = 0
        for verb in reversedVerbs {
            switch verb {
            case .move:
                guard index < points.count else { return self }
                result.move(to: points[index])
                index += 1
            case .line:
                guard index < points.count else { return self }
                result.line(to: points[index])
                index += 1
            case .cubic:
                guard index + 2 < points.count else { return self }
                result.cubic(control1: points[index], control2: points[index + 1], to: points[index + 2])
                index += 3
            case .close:
                result.close()
            }
        }
        return result
    }
}
