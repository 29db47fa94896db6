import RiveFormat
import YAML

/// Fonts, text and layout components (`fonts:`, `type: text`, `type: layout`).
///
/// - A font is a FontAsset (its `name`) directly followed by a FileAssetContents holding the
///   font file's bytes, written after the Backboard; a text style's `fontAssetId` is the
///   asset's index in the file's asset list (`BackboardImporter::resolve`).
/// - A text node is Text (Drawable: transform, `sizingValue`, `alignValue`, `width`, `height`)
///   → TextStylePaint (`fontSize`, `fontAssetId`) → Fill (fill rule 2, clockwise, as the
///   editor writes it) → SolidColor under the style →
///   TextValueRun (`styleId` the style's artboard-local id, `text`), each parented by
///   artboard-local id (upstream `src/text/text.cpp`, `text_style_paint.cpp`,
///   `text_value_run.cpp`).
/// - A layout node is LayoutComponent (Drawable: transform, `width`, `height`, `styleId`) →
///   LayoutComponentStyle under it (flex direction, gaps, padding) → its own Fill and Stroke
///   (the box's paint) → its children (upstream `src/layout_component.cpp`).
extension FixtureCompilation {
    /// A font of the fixture: its index in the file's asset list and its bytes.
    struct FontEntry {
        var index: Int
        var bytes: [UInt8]
    }

    // MARK: Fonts

    /// Reads every font file (relative to `assetFolder`) and fills the font table.
    /// - Throws: `fixture.duplicate-name` for a second font of one name, `fixture.unreadable`
    ///   for a file that cannot be read or is empty.
    mutating func collectFonts(_ sources: [FontSource]) throws(FixtureError) {
        for (index, source) in sources.enumerated() {
            guard fonts[source.name.value] == nil else {
                throw error(.duplicateName, source.name.mark, "a second font is named '\(source.name.value)'", hint: "give each font its own name")
            }
            if source.file.value.hasPrefix("/") || source.file.value.split(separator: "/").contains("..") {
                throw error(.invalidValue, source.file.mark, "'\(source.file.value)' is not a path inside the fixture folder",
                            hint: "name the font by a relative path without '..', for example assets/boxes.ttf")
            }
            guard let bytes = readAsset(source.file.value), !bytes.isEmpty else {
                throw error(.unreadable, source.file.mark, "cannot read the font file '\(source.file.value)' (relative to the fixture's folder)",
                            hint: "check the path; scripts/make-test-font --boxes writes assets/boxes.ttf")
            }
            fonts[source.name.value] = FontEntry(index: index, bytes: bytes)
        }
    }

    /// Emits each font: a FontAsset and its in-band bytes.
    mutating func emitFonts(_ sources: [FontSource]) {
        for source in sources {
            guard let entry = fonts[source.name.value] else { continue }
            emit(TypeKey.fontAsset, [(PropertyKey.assetName, .string(source.name.value))], at: source.name.mark)
            emit(TypeKey.fileAssetContents, [(PropertyKey.fileAssetContentsBytes, .bytes(entry.bytes))], at: source.file.mark)
        }
    }

    // MARK: Checks

    /// Rejects text and layout fields on other nodes, and checks what text and layout nodes need.
    func checkTextAndLayoutFields(_ source: NodeSource) throws(FixtureError) {
        let mark = source.name?.mark ?? source.type.mark
        let kind = source.type.value
        if kind != .text {
            let fields = [("text", source.text != nil), ("font", source.font != nil), ("fontSize", source.fontSize != nil),
                          ("sizing", source.sizing != nil), ("align", source.align != nil)]
            if let field = fields.first(where: \.1) {
                throw error(.invalidValue, mark, "only text nodes have '\(field.0):'", hint: "use type: text, or remove '\(field.0):'")
            }
        }
        if kind != .layout, source.style != nil {
            throw error(.invalidValue, mark, "only layout nodes have 'style:'", hint: "use type: layout, or remove 'style:'")
        }
        switch kind {
        case .text:
            guard let font = source.font else {
                throw error(.invalidValue, mark, "a text needs 'font:' naming a font of the file's 'fonts'", hint: "add fonts: [{name: Boxes, file: assets/boxes.ttf}] and font: Boxes")
            }
            guard fonts[font.value] != nil else { throw unknown("font", font, among: Array(fonts.keys)) }
            if source.stroke != nil {
                throw error(.invalidValue, mark, "the fixture compiler gives text a fill only", hint: "remove 'stroke:'")
            }
            if source.fill?.rule != nil {
                throw error(.invalidValue, mark, "a text's fill always uses the clockwise rule its glyphs are drawn with", hint: "remove 'rule:' from the fill")
            }
            if let size = source.fontSize, !(size > 0 && size.isFinite) {
                throw error(.invalidValue, mark, "a font size must be a positive number", hint: "write fontSize: 20")
            }
            let fixed = source.sizing == .fixed
            if fixed, source.width == nil || source.height == nil {
                throw error(.invalidValue, mark, "a text with 'sizing: fixed' needs 'width:' and 'height:'", hint: "add both sizes, or use sizing: autoWidth")
            }
            if source.sizing == .autoHeight, source.width == nil {
                throw error(.invalidValue, mark, "a text with 'sizing: autoHeight' needs 'width:'", hint: "add the width its lines wrap at")
            }
            if !fixed, source.height != nil || (source.sizing != .autoHeight && source.width != nil) {
                throw error(.invalidValue, mark, "a text sized '\((source.sizing ?? .autoWidth).rawValue)' computes its \(source.sizing == .autoHeight ? "height" : "size")",
                            hint: "remove the size, or use sizing: fixed")
            }
        case .layout:
            if source.width == nil || source.height == nil {
                throw error(.invalidValue, source.type.mark, "a layout needs 'width:' and 'height:'", hint: "add both sizes")
            }
            for (name, value) in [("gap", source.style?.gap), ("padding", source.style?.padding)] {
                if let value, !(value >= 0 && value.isFinite) {
                    throw error(.invalidValue, mark, "a layout's \(name) must be zero or more", hint: "write \(name): 4")
                }
            }
        default:
            break
        }
    }

    // MARK: Emitting

    /// The Text or LayoutComponent properties of a node (none for other nodes); a layout's
    /// `styleId` is set once its style has an id.
    func textAndLayoutProperties(_ source: NodeSource) -> [(UInt32, RivePropertyValue?)] {
        switch source.type.value {
        case .text:
            return [
                (PropertyKey.textSizingValue, source.sizing.map { .uint(Self.sizingValue($0)) }),
                (PropertyKey.textAlignValue, source.align.map { .uint(Self.alignValue($0)) }),
                (PropertyKey.textWidth, source.width.map { .float($0) }),
                (PropertyKey.textHeight, source.height.map { .float($0) }),
            ]
        case .layout:
            return [
                (PropertyKey.layoutComponentWidth, source.width.map { .float($0) }),
                (PropertyKey.layoutComponentHeight, source.height.map { .float($0) }),
            ]
        default:
            return []
        }
    }

    /// Emits a text node's style with its fill, then its run, with the binds on each; records
    /// their ids.
    mutating func emitTextContents(_ source: NodeSource, text id: Int, nodes: inout [String: NodeEntry],
                                   binds: [TargetRole: [(key: UInt32, path: ResolvedPath, flags: UInt64, converter: Int?, mark: Mark)]]) throws(FixtureError) {
        let mark = source.name?.mark ?? source.type.mark
        let font = source.font.flatMap { fonts[$0.value] }
        let styleId = emitComponent(TypeKey.textStylePaint, [
            (PropertyKey.componentParentId, .uint(UInt64(id))),
            (PropertyKey.textStyleFontSize, source.fontSize.map { .float($0) }),
            (PropertyKey.textStyleFontAssetId, font.map { .uint(UInt64($0.index)) }),
        ], at: mark)
        emitBinds(binds[.style] ?? [])
        if let fill = source.fill {
            // The editor writes text fills with fill rule 2 (clockwise), as glyph outlines are
            // added to the style's path clockwise (TextStylePaint::addPath).
            let fillId = emitComponent(TypeKey.fill, [
                (PropertyKey.componentParentId, .uint(UInt64(styleId))),
                (PropertyKey.fillFillRule, .uint(2)),
                (PropertyKey.shapePaintIsVisible, fill.visible.map { .bool($0) }),
            ], at: mark)
            emitBinds(binds[.fill] ?? [])
            let colorId = try emitShader(fill, parent: fillId, at: mark)
            emitBinds(binds[.fillColor] ?? [])
            if let name = source.name?.value {
                nodes[name]?.localIds[.fill] = fillId
                nodes[name]?.localIds[.fillColor] = colorId
            }
        }
        let runId = emitComponent(TypeKey.textValueRun, [
            (PropertyKey.componentParentId, .uint(UInt64(id))),
            (PropertyKey.textValueRunStyleId, .uint(UInt64(styleId))),
            (PropertyKey.textValueRunText, source.text.map { .string($0) }),
        ], at: mark)
        emitBinds(binds[.run] ?? [])
        if let name = source.name?.value {
            nodes[name]?.localIds[.style] = styleId
            nodes[name]?.localIds[.run] = runId
        }
    }

    /// Emits a layout node's style and returns its id.
    mutating func emitLayoutStyle(_ source: NodeSource, layout id: Int) -> Int {
        let style = source.style
        let padding = style?.padding.map { RivePropertyValue.float($0) }
        let gap = style?.gap.map { RivePropertyValue.float($0) }
        // Gaps and paddings are in points (unit 1); their units' default, 0, is Yoga's "undefined".
        let paddingUnits: RivePropertyValue? = padding == nil ? nil : .uint(1)
        let gapUnits: RivePropertyValue? = gap == nil ? nil : .uint(1)
        return emitComponent(TypeKey.layoutComponentStyle, [
            (PropertyKey.componentParentId, .uint(UInt64(id))),
            (PropertyKey.layoutComponentStyleFlexDirectionValue, style?.direction.map { .uint(Self.directionValue($0)) }),
            (PropertyKey.layoutComponentStyleGapHorizontal, gap), (PropertyKey.layoutComponentStyleGapVertical, gap),
            (PropertyKey.layoutComponentStyleGapHorizontalUnitsValue, gapUnits), (PropertyKey.layoutComponentStyleGapVerticalUnitsValue, gapUnits),
            (PropertyKey.layoutComponentStylePaddingLeft, padding), (PropertyKey.layoutComponentStylePaddingRight, padding),
            (PropertyKey.layoutComponentStylePaddingTop, padding), (PropertyKey.layoutComponentStylePaddingBottom, padding),
            (PropertyKey.layoutComponentStylePaddingLeftUnitsValue, paddingUnits), (PropertyKey.layoutComponentStylePaddingRightUnitsValue, paddingUnits),
            (PropertyKey.layoutComponentStylePaddingTopUnitsValue, paddingUnits), (PropertyKey.layoutComponentStylePaddingBottomUnitsValue, paddingUnits),
        ], at: source.name?.mark ?? source.type.mark)
    }

    private static func sizingValue(_ sizing: TextSizingName) -> UInt64 {
        switch sizing {
        case .autoWidth: 0
        case .autoHeight: 1
        case .fixed: 2
        }
    }

    private static func alignValue(_ align: TextAlignName) -> UInt64 {
        switch align {
        case .left: 0
        case .right: 1
        case .center: 2
        }
    }

    private static func directionValue(_ direction: LayoutDirection) -> UInt64 {
        switch direction {
        case .column: 0
        case .columnReverse: 1
        case .row: 2
        case .rowReverse: 3
        }
    }
}
