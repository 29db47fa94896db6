import CCairo

/// A `Renderer` that rasterizes with cairo into an anti-aliased ARGB32 image it owns and reuses.
///
/// Per frame: `beginFrame(artboardBounds:fit:alignment:background:)` clears the pixels to the
/// background, resets the state stack and clip, and sets the base transform that places
/// the artboard bounds into the pixel area (contain + centre by default); then draw through
/// the `Renderer` calls; then read the result with `makeImage()`, `pngData()` or
/// `writePNG(toFile:)`. The surface is created once and only re-created by `resize` to a
/// different size, so a tight loop allocates nothing per frame.
///
/// Cairo puts a context into a permanent error state on a singular matrix or an unmatched
/// restore; this backend avoids both: a transform whose product with the current one is not
/// invertible (a scale of 0, or an overflow to infinity) makes the drawing in that state a
/// no-op until the matching `restore`, and a `restore` with no matching `save` is ignored.
/// Non-finite path coordinates do not disable the context (cairo drops them).
public final class CairoRasterizer: Renderer {
    /// The image width in pixels.
    public private(set) var width: Int
    /// The image height in pixels.
    public private(set) var height: Int
    /// The pixels being drawn into.
    private var surface: ImageSurface
    /// The `cairo_t` drawing into `surface`.
    private var context: OpaquePointer
    /// For each `save` not yet restored, whether the state it saved was degenerate.
    private var savedDegenerate: [Bool] = []
    /// Whether the current transform is singular, so nothing drawn now can show.
    private var isDegenerate = false

    /// Creates a rasterizer with a transparent image of the given size.
    /// - Throws: `RenderingError.invalidSize` when a side is not in 1…32767, `.cairo` if cairo fails.
    public init(width: Int, height: Int) throws {
        let surface = try ImageSurface(width: width, height: height)
        self.surface = surface
        self.context = try Self.makeContext(surface)
        self.width = width
        self.height = height
    }

    deinit {
        cairo_destroy(context)
    }

    /// Changes the image size, re-creating the surface only when the size differs.
    ///
    /// The pixels are undefined until the next `beginFrame`.
    /// - Throws: `RenderingError.invalidSize` or `.cairo`; the old surface stays on failure.
    public func resize(width: Int, height: Int) throws {
        guard width != self.width || height != self.height else { return }
        let newSurface = try ImageSurface(width: width, height: height)
        let newContext = try Self.makeContext(newSurface)
        cairo_destroy(context)
        surface = newSurface
        context = newContext
        self.width = width
        self.height = height
        savedDegenerate.removeAll(keepingCapacity: true)
        isDegenerate = false
    }

    /// Starts a frame: clears to `background`, resets state and clip, and maps the artboard into the image.
    ///
    /// The base transform is `Transform2D.fitting(artboardBounds, into: 0,0,width,height, …)`.
    /// - Parameter background: an ARGB color; transparent by default.
    public func beginFrame(
        artboardBounds: Bounds, fit: Fit = .contain, alignment: Alignment = .center, background: UInt32 = 0
    ) {
        if cairo_status(context) != CAIRO_STATUS_SUCCESS, let fresh = try? Self.makeContext(surface) {
            cairo_destroy(context)
            context = fresh
        }
        for _ in savedDegenerate { cairo_restore(context) }
        savedDegenerate.removeAll(keepingCapacity: true)
        cairo_reset_clip(context)
        cairo_identity_matrix(context)
        cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
        setSource(color: background)
        cairo_paint(context)
        let base = Transform2D.fitting(
            artboardBounds, into: Bounds(width: Double(width), height: Double(height)), fit: fit, alignment: alignment)
        isDegenerate = base.inverted() == nil
        if !isDegenerate {
            var matrix = Self.cairoMatrix(base)
            cairo_set_matrix(context, &matrix)
        }
    }

    /// The current pixels as straight-alpha RGBA.
    public func makeImage() -> RasterImage {
        RasterImage(surface: surface)
    }

    /// The current pixels encoded as PNG by cairo (straight alpha, as PNG requires).
    /// - Throws: `RenderingError.cairo`.
    public func pngData() throws -> [UInt8] {
        cairo_surface_flush(surface.pointer)
        return try surface.pngData()
    }

    /// Writes the current pixels as a PNG file atomically (a temporary file renamed into place).
    /// - Throws: `RenderingError.cairo` or `.file`.
    public func writePNG(toFile path: String) throws {
        try FileIO.writeAtomically(pngData(), to: path)
    }

    // MARK: Renderer

    /// Saves the transform and clip (`cairo_save`).
    public func save() {
        cairo_save(context)
        savedDegenerate.append(isDegenerate)
    }

    /// Restores the transform and clip of the matching `save`; ignored when there is none.
    public func restore() {
        guard let wasDegenerate = savedDegenerate.popLast() else { return }
        cairo_restore(context)
        isDegenerate = wasDegenerate
    }

    /// Concatenates a transform (`cairo_transform`); if the result is singular, drawing is a no-op until `restore`.
    ///
    /// The product is checked here, with cairo's own test (a finite, non-zero determinant),
    /// because cairo would otherwise reject it by disabling the whole context.
    public func transform(_ transform: Transform2D) {
        guard !isDegenerate else { return }
        var current = cairo_matrix_t()
        cairo_get_matrix(context, &current)
        let combined = Transform2D(a: current.xx, b: current.yx, c: current.xy, d: current.yy, tx: current.x0, ty: current.y0) * transform
        guard combined.inverted() != nil else {
            isDegenerate = true
            return
        }
        var matrix = Self.cairoMatrix(combined)
        cairo_set_matrix(context, &matrix)
    }

    /// Fills or strokes a path with a paint.
    public func drawPath(_ path: Path, paint: Paint) {
        guard !isDegenerate else { return }
        if case .stroke(let stroke) = paint.style, !(stroke.thickness > 0 && stroke.thickness.isFinite) { return }
        appendPath(path)
        cairo_set_operator(context, Self.cairoOperator(paint.blendMode))
        setSource(paint.shader)
        switch paint.style {
        case .fill:
            cairo_set_fill_rule(context, Self.cairoFillRule(path.fillRule))
            cairo_fill(context)
        case .stroke(let stroke):
            cairo_set_line_width(context, stroke.thickness)
            cairo_set_line_cap(context, Self.cairoLineCap(stroke.cap))
            cairo_set_line_join(context, Self.cairoLineJoin(stroke.join))
            cairo_stroke(context)
        }
    }

    /// Intersects the clip with a path filled by its fill rule (`cairo_clip`).
    ///
    /// Under a singular transform the clip collapses, which draws nothing, as already
    /// ensured by the degenerate state.
    public func clipPath(_ path: Path) {
        guard !isDegenerate else { return }
        appendPath(path)
        cairo_set_fill_rule(context, Self.cairoFillRule(path.fillRule))
        cairo_clip(context)
    }

    // MARK: Cairo plumbing

    /// Replaces cairo's current path with `path`.
    private func appendPath(_ path: Path) {
        cairo_new_path(context)
        for command in path.commands {
            switch command {
            case .moveTo(let point):
                cairo_move_to(context, point.x, point.y)
            case .lineTo(let point):
                cairo_line_to(context, point.x, point.y)
            case .cubicTo(let control1, let control2, let to):
                cairo_curve_to(context, control1.x, control1.y, control2.x, control2.y, to.x, to.y)
            case .close:
                cairo_close_path(context)
            }
        }
    }

    /// Sets cairo's source to a shader.
    private func setSource(_ shader: Shader) {
        switch shader {
        case .solid(let color):
            setSource(color: color)
        case .linearGradient(let start, let end, let stops):
            setSource(gradient: cairo_pattern_create_linear(start.x, start.y, end.x, end.y)!, stops: stops)
        case .radialGradient(let center, let radius, let stops):
            setSource(gradient: cairo_pattern_create_radial(center.x, center.y, 0, center.x, center.y, radius)!, stops: stops)
        }
    }

    /// Sets cairo's source to a straight-alpha ARGB color.
    private func setSource(color: UInt32) {
        let channels = RGBA(argb: color)
        cairo_set_source_rgba(
            context, Double(channels.r) / 255, Double(channels.g) / 255, Double(channels.b) / 255, Double(channels.a) / 255)
    }

    /// Adds stops to a new gradient pattern, makes it the source and releases this reference.
    private func setSource(gradient pattern: OpaquePointer, stops: [GradientStop]) {
        for stop in stops {
            let channels = RGBA(argb: stop.color)
            cairo_pattern_add_color_stop_rgba(
                pattern, stop.position, Double(channels.r) / 255, Double(channels.g) / 255,
                Double(channels.b) / 255, Double(channels.a) / 255)
        }
        cairo_set_source(context, pattern)
        cairo_pattern_destroy(pattern)
    }

    /// A `cairo_t` for a surface with this backend's fixed settings (miter limit 4).
    private static func makeContext(_ surface: ImageSurface) throws -> OpaquePointer {
        let context = cairo_create(surface.pointer)!
        let status = cairo_status(context)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(context)
            throw RenderingError.cairo(operation: "create a context", message: String(cString: cairo_status_to_string(status)))
        }
        cairo_set_miter_limit(context, 4)
        return context
    }

    private static func cairoMatrix(_ transform: Transform2D) -> cairo_matrix_t {
        cairo_matrix_t(xx: transform.a, yx: transform.b, xy: transform.c, yy: transform.d, x0: transform.tx, y0: transform.ty)
    }

    /// Cairo's fill rule for a Rive fill rule; `clockwise` has no cairo equivalent and fills as non-zero.
    private static func cairoFillRule(_ rule: FillRule) -> cairo_fill_rule_t {
        rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING
    }

    private static func cairoLineCap(_ cap: StrokeCap) -> cairo_line_cap_t {
        switch cap {
        case .butt: CAIRO_LINE_CAP_BUTT
        case .round: CAIRO_LINE_CAP_ROUND
        case .square: CAIRO_LINE_CAP_SQUARE
        }
    }

    private static func cairoLineJoin(_ join: StrokeJoin) -> cairo_line_join_t {
        switch join {
        case .miter: CAIRO_LINE_JOIN_MITER
        case .round: CAIRO_LINE_JOIN_ROUND
        case .bevel: CAIRO_LINE_JOIN_BEVEL
        }
    }

    private static func cairoOperator(_ mode: BlendMode) -> cairo_operator_t {
        switch mode {
        case .srcOver: CAIRO_OPERATOR_OVER
        case .screen: CAIRO_OPERATOR_SCREEN
        case .overlay: CAIRO_OPERATOR_OVERLAY
        case .darken: CAIRO_OPERATOR_DARKEN
        case .lighten: CAIRO_OPERATOR_LIGHTEN
        case .colorDodge: CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurn: CAIRO_OPERATOR_COLOR_BURN
        case .hardLight: CAIRO_OPERATOR_HARD_LIGHT
        case .softLight: CAIRO_OPERATOR_SOFT_LIGHT
        case .difference: CAIRO_OPERATOR_DIFFERENCE
        case .exclusion: CAIRO_OPERATOR_EXCLUSION
        case .multiply: CAIRO_OPERATOR_MULTIPLY
        case .hue: CAIRO_OPERATOR_HSL_HUE
        case .saturation: CAIRO_OPERATOR_HSL_SATURATION
        case .color: CAIRO_OPERATOR_HSL_COLOR
        case .luminosity: CAIRO_OPERATOR_HSL_LUMINOSITY
        }
    }
}
