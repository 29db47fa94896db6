/// Writes draw commands as the canonical text that `DrawCommandRecorder` dumps and hashes.
///
/// Numbers are rounded to the nearest 1e-3 (halves away from zero) and printed without
/// trailing zeros; −0 prints as 0. Colors are 8 lowercase hex digits (ARGB). Enumerations
/// print by case name. The form is documented in docs/rendering.md; changing it changes
/// every digest.
struct CanonicalTextWriter {
    /// The UTF-8 text written so far.
    private(set) var bytes: [UInt8]

    /// Creates a writer that appends to existing bytes (usually an emptied, reused buffer).
    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Appends one command as one line, ending in a newline.
    mutating func write(_ command: DrawCommand) {
        switch command {
        case .save:
            word("save")
        case .restore:
            word("restore")
        case .transform(let transform):
            word("transform ")
            number(transform.a)
            space()
            number(transform.b)
            space()
            number(transform.c)
            space()
            number(transform.d)
            space()
            number(transform.tx)
            space()
            number(transform.ty)
        case .clipPath(let path):
            word("clip ")
            word(path.fillRule.canonicalName)
            space()
            write(path)
        case .drawPath(let path, let paint):
            switch paint.style {
            case .fill:
                word("fill ")
                word(path.fillRule.canonicalName)
            case .stroke(let stroke):
                word("stroke ")
                number(stroke.thickness)
                space()
                word(stroke.cap.canonicalName)
                space()
                word(stroke.join.canonicalName)
            }
            space()
            word(paint.blendMode.canonicalName)
            space()
            write(paint.shader)
            space()
            write(path)
        }
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Appends a shader: `solid AARRGGBB`, or `linear x1 y1 x2 y2 stops N c@p …`, or `radial cx cy r stops N c@p …`.
    private mutating func write(_ shader: Shader) {
        switch shader {
        case .solid(let color):
            word("solid ")
            hexColor(color)
        case .linearGradient(let start, let end, let stops):
            word("linear ")
            point(start)
            space()
            point(end)
            write(stops)
        case .radialGradient(let center, let radius, let stops):
            word("radial ")
            point(center)
            space()
            number(radius)
            write(stops)
        }
    }

    /// Appends ` stops N` and each stop as ` AARRGGBB@position`.
    private mutating func write(_ stops: [GradientStop]) {
        word(" stops ")
        integer(Int64(stops.count))
        for stop in stops {
            space()
            hexColor(stop.color)
            bytes.append(UInt8(ascii: "@"))
            number(stop.position)
        }
    }

    /// Appends `path` and its commands as `M x y`, `L x y`, `C x1 y1 x2 y2 x y`, `Z`.
    private mutating func write(_ path: Path) {
        word("path")
        for command in path.commands {
            switch command {
            case .moveTo(let to):
                word(" M ")
                point(to)
            case .lineTo(let to):
                word(" L ")
                point(to)
            case .cubicTo(let control1, let control2, let to):
                word(" C ")
                point(control1)
                space()
                point(control2)
                space()
                point(to)
            case .close:
                word(" Z")
            }
        }
    }

    private mutating func word(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    private mutating func space() {
        bytes.append(UInt8(ascii: " "))
    }

    private mutating func point(_ point: Point) {
        number(point.x)
        space()
        number(point.y)
    }

    private mutating func hexColor(_ color: UInt32) {
        for shift in stride(from: 28, through: 0, by: -4) {
            bytes.append(Self.hexDigits[Int((color >> UInt32(shift)) & 0xF)])
        }
    }

    /// Appends a number rounded to 1e-3, e.g. `12`, `-0.5`, `0.001`; non-finite values print as `nan`, `inf`, `-inf`.
    private mutating func number(_ value: Double) {
        guard value.isFinite else {
            word(value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf"))
            return
        }
        let thousandths = (value * 1000).rounded(.toNearestOrAwayFromZero)
        guard abs(thousandths) < 1e15 else {
            // Beyond exact integer thousandths: Swift's shortest round-trip form is still deterministic.
            word(String(describing: thousandths / 1000))
            return
        }
        var scaled = Int64(thousandths)
        if scaled == 0 {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        if scaled < 0 {
            bytes.append(UInt8(ascii: "-"))
            scaled = -scaled
        }
        integer(scaled / 1000)
        var fraction = scaled % 1000
        guard fraction != 0 else { return }
        bytes.append(UInt8(ascii: "."))
        var divisor: Int64 = 100
        while fraction != 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(fraction / divisor))
            fraction %= divisor
            divisor /= 10
        }
    }

    /// Appends the decimal digits of a non-negative integer.
    private mutating func integer(_ value: Int64) {
        var divisor: Int64 = 1
        while divisor <= value / 10 { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}

extension FillRule {
    /// The rule's name in the canonical text.
    var canonicalName: String {
        switch self {
        case .nonZero: "nonZero"
        case .evenOdd: "evenOdd"
        case .clockwise: "clockwise"
        }
    }
}

extension StrokeCap {
    /// The cap's name in the canonical text.
    var canonicalName: String {
        switch self {
        case .butt: "butt"
        case .round: "round"
        case .square: "square"
        }
    }
}

extension StrokeJoin {
    /// The join's name in the canonical text.
    var canonicalName: String {
        switch self {
        case .miter: "miter"
        case .round: "round"
        case .bevel: "bevel"
        }
    }
}

extension BlendMode {
    /// The blend mode's name in the canonical text.
    var canonicalName: String {
        switch self {
        case .srcOver: "srcOver"
        case .screen: "screen"
        case .overlay: "overlay"
        case .darken: "darken"
        case .lighten: "lighten"
        case .colorDodge: "colorDodge"
        case .colorBurn: "colorBurn"
        case .hardLight: "hardLight"
        case .softLight: "softLight"
        case .difference: "difference"
        case .exclusion: "exclusion"
        case .multiply: "multiply"
        case .hue: "hue"
        case .saturation: "saturation"
        case .color: "color"
        case .luminosity: "luminosity"
        }
    }
}
