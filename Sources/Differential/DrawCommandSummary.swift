/// Turns the canonical draw-command lines of a `DrawDigest` into one summary line per fill,
/// stroke and clip: the paint and the path's tight bounds in artboard space.
///
/// The digest's lines (docs/rendering.md, "The digest: canonical form") carry the transform
/// stack (`save`, `restore`, `transform a b c d tx ty`) and each path in local coordinates.
/// The summary folds the stack into the geometry: the path's points and a gradient's end
/// points are transformed, then the bounds of the transformed curves (cubic extrema, not
/// control points) are printed. Two runtimes that build the same shape with different
/// control points, or split a transform differently between the stack and the path, give
/// the same line; a different paint, blend mode, fill rule or place does not. Stroke
/// thickness and a radial gradient's radius stay in local units. A line that is not in the
/// canonical form is kept as `unparsed <line>`, so nothing is dropped silently.
public enum DrawCommandSummary {
    /// The summary lines of one frame's digest lines, in draw order.
    public static func summarize(_ commands: [String]) -> [String] {
        var stack: [Affine] = []
        var current = Affine.identity
        var lines: [String] = []
        for command in commands {
            let tokens = command.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard let head = tokens.first else { continue }
            switch head {
            case "save":
                stack.append(current)
            case "restore":
                current = stack.popLast() ?? current
            case "transform":
                let values = tokens.dropFirst().compactMap(Double.init)
                guard values.count == 6, tokens.count == 7 else {
                    lines.append("unparsed " + command)
                    continue
                }
                current = current.concatenating(Affine(values[0], values[1], values[2], values[3], values[4], values[5]))
            case "fill", "stroke", "clip":
                lines.append(summarize(tokens, transform: current) ?? "unparsed " + command)
            default:
                lines.append("unparsed " + command)
            }
        }
        return lines
    }

    /// One fill, stroke or clip line, or `nil` when it is not in the canonical form.
    private static func summarize(_ tokens: [String], transform: Affine) -> String? {
        guard let pathStart = tokens.firstIndex(of: "path") else { return nil }
        var header: [String] = []
        let paintTokens = Array(tokens[..<pathStart])
        switch paintTokens.first {
        case "fill", "clip":
            header = paintTokens.count >= 2 ? Array(paintTokens[0...1]) : []
            if paintTokens.first == "clip", paintTokens.count != 2 { return nil }
        case "stroke":
            guard paintTokens.count >= 5, let thickness = Double(paintTokens[1]) else { return nil }
            header = ["stroke", CanonicalText.number(thickness), paintTokens[2], paintTokens[3]]
        default:
            return nil
        }
        guard !header.isEmpty else { return nil }
        if paintTokens.first != "clip" {
            guard let blend = paintTokens[safe: header.count], let shader = shaderText(Array(paintTokens.dropFirst(header.count + 1)), transform: transform) else {
                return nil
            }
            header.append(blend)
            header.append(shader)
        }
        guard let bounds = pathBounds(Array(tokens[(pathStart + 1)...]), transform: transform) else { return nil }
        return header.joined(separator: " ") + " bounds " + bounds
    }

    /// `solid #AARRGGBB`, or a gradient with its end points (or center) in artboard space.
    private static func shaderText(_ tokens: [String], transform: Affine) -> String? {
        switch tokens.first {
        case "solid":
            guard tokens.count == 2, tokens[1].count == 8, UInt32(tokens[1], radix: 16) != nil else { return nil }
            return "solid #" + tokens[1].uppercased()
        case "linear":
            guard tokens.count >= 7, let values = doubles(tokens[1...4]), tokens[5] == "stops" else { return nil }
            let start = transform.apply(values[0], values[1])
            let end = transform.apply(values[2], values[3])
            return "linear " + [start.x, start.y, end.x, end.y].map(CanonicalText.number).joined(separator: " ") + " " + stopsText(Array(tokens[5...]))
        case "radial":
            guard tokens.count >= 6, let values = doubles(tokens[1...3]), tokens[4] == "stops" else { return nil }
            let center = transform.apply(values[0], values[1])
            return "radial " + [center.x, center.y, values[2]].map(CanonicalText.number).joined(separator: " ") + " " + stopsText(Array(tokens[4...]))
        default:
            return nil
        }
    }

    /// The gradient stops as given, with colors upper-cased and positions re-rounded.
    private static func stopsText(_ tokens: [String]) -> String {
        tokens.map { token in
            let parts = token.split(separator: "@", maxSplits: 1).map(String.init)
            guard parts.count == 2, let position = Double(parts[1]) else { return token }
            return "#" + parts[0].uppercased() + "@" + CanonicalText.number(position)
        }.joined(separator: " ")
    }

    /// `minX minY maxX maxY` of the transformed path, `empty` for a path without points.
    private static func pathBounds(_ tokens: [String], transform: Affine) -> String? {
        var box = Box()
        var last: (x: Double, y: Double)?
        var index = 0
        func point() -> (x: Double, y: Double)? {
            guard index + 1 < tokens.count, let x = Double(tokens[index]), let y = Double(tokens[index + 1]) else { return nil }
            index += 2
            return transform.apply(x, y)
        }
        while index < tokens.count {
            let command = tokens[index]
            index += 1
            switch command {
            case "M", "L":
                guard let to = point() else { return nil }
                box.add(to)
                last = to
            case "C":
                guard let control1 = point(), let control2 = point(), let to = point() else { return nil }
                let from = last ?? control1
                box.add(from)
                box.addCubic(from, control1, control2, to)
                last = to
            case "Z":
                continue
            default:
                return nil
            }
        }
        return box.text
    }

    private static func doubles(_ tokens: ArraySlice<String>) -> [Double]? {
        let values = tokens.compactMap(Double.init)
        return values.count == tokens.count ? values : nil
    }
}

/// A 2-D affine transform `(a, b, c, d, tx, ty)`: x' = a·x + c·y + tx, y' = b·x + d·y + ty.
private struct Affine {
    var a, b, c, d, tx, ty: Double

    init(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ tx: Double, _ ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    static let identity = Affine(1, 0, 0, 1, 0, 0)

    /// `self · other`: `other` applies first.
    func concatenating(_ other: Affine) -> Affine {
        Affine(a * other.a + c * other.b, b * other.a + d * other.b,
               a * other.c + c * other.d, b * other.c + d * other.d,
               a * other.tx + c * other.ty + tx, b * other.tx + d * other.ty + ty)
    }

    func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        (a * x + c * y + tx, b * x + d * y + ty)
    }
}

/// An axis-aligned bounding box grown point by point.
private struct Box {
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity

    mutating func add(_ point: (x: Double, y: Double)) {
        minX = min(minX, point.x)
        minY = min(minY, point.y)
        maxX = max(maxX, point.x)
        maxY = max(maxY, point.y)
    }

    /// Adds the end point and the extrema of a cubic Bézier segment.
    mutating func addCubic(_ p0: (x: Double, y: Double), _ p1: (x: Double, y: Double), _ p2: (x: Double, y: Double), _ p3: (x: Double, y: Double)) {
        add(p3)
        for t in Self.extrema(p0.x, p1.x, p2.x, p3.x) + Self.extrema(p0.y, p1.y, p2.y, p3.y) {
            let u = 1 - t
            let x = u * u * u * p0.x + 3 * u * u * t * p1.x + 3 * u * t * t * p2.x + t * t * t * p3.x
            let y = u * u * u * p0.y + 3 * u * u * t * p1.y + 3 * u * t * t * p2.y + t * t * t * p3.y
            add((x, y))
        }
    }

    /// The parameters in (0, 1) where one coordinate of a cubic has a zero derivative.
    private static func extrema(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> [Double] {
        // The derivative is 3·(a·t² + b·t + c) with:
        let a = -p0 + 3 * p1 - 3 * p2 + p3
        let b = 2 * (p0 - 2 * p1 + p2)
        let c = p1 - p0
        var roots: [Double] = []
        if abs(a) < 1e-12 {
            if abs(b) > 1e-12 { roots.append(-c / b) }
        } else {
            let discriminant = b * b - 4 * a * c
            if discriminant >= 0 {
                let root = discriminant.squareRoot()
                roots.append((-b + root) / (2 * a))
                roots.append((-b - root) / (2 * a))
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }

    var text: String {
        guard minX <= maxX else { return "empty" }
        return [minX, minY, maxX, maxY].map(CanonicalText.number).joined(separator: " ")
    }
}

extension Array {
    /// The element at an index, or `nil` outside the array.
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
