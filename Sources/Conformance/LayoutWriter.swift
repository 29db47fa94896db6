import YAML

/// Writes a scenario's layout items as canonical text (docs/scenario-format.md, "Layout").
///
/// A collection is written on one line in flow style when that line fits in
/// `ScenarioFormatter.lineWidth` columns (its comments then go before it, or at its end),
/// else in block style with its entries written by the same rule. Scalars keep the spelling
/// they were written with unless flow style needs them quoted.
struct LayoutWriter {
    let source: SourceText
    let layout: YAMLSourceLayout
    private var lines: [String] = []

    init(source: SourceText, layout: YAMLSourceLayout) {
        self.source = source
        self.layout = layout
    }

    /// The document as text ending in one line break.
    mutating func write(_ document: LayoutDocument) -> String {
        var lastIsBlock = false
        if document.entries.isEmpty { lines.append("{}") }
        for entry in document.entries {
            let before = lines.count
            writeEntry(entry, indent: 0)
            lastIsBlock = lines.count - before > 1 && entry.value.scalar == nil
        }
        for comment in document.closing {
            lines.append(String(repeating: " ", count: comment.indented && lastIsBlock ? 2 : 0) + comment.text)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Items

    /// Writes a mapping entry at an indentation.
    /// - Returns: the index of the line that holds its key.
    @discardableResult
    private mutating func writeEntry(_ item: LayoutItem, indent: Int) -> Int {
        writeLeading(item.leading, indent: indent)
        let key = item.key.flatMap { inlineSpelling($0, inFlow: false) } ?? ""
        if item.value.scalar != nil {
            if isMultiLine(item.value) { return writeMultiLine(prefix: key + ":", item.value, indent: indent, trailing: item.trailing) }
            let spelling = inlineSpelling(item.value, inFlow: false) ?? ""
            return writeLine(key + ":" + (spelling.isEmpty ? "" : " " + spelling), indent: indent, trailing: item.trailing)
        }
        if let flow = flowText(item), item.children.isEmpty || (!item.forcesBlock && fits(indent, key + ": " + flow)) {
            return writeFlow(key + ": " + flow, item, indent: indent)
        }
        let index = writeLine(key + ":", indent: indent, trailing: item.trailing)
        writeChildren(of: item, indent: indent + 2)
        return index
    }

    /// Writes a sequence element at an indentation (the indentation of its `-`).
    /// - Returns: the index of the line that holds its `-`.
    @discardableResult
    private mutating func writeElement(_ item: LayoutItem, indent: Int) -> Int {
        writeLeading(item.leading, indent: indent)
        if item.value.scalar != nil {
            if isMultiLine(item.value) { return writeMultiLine(prefix: "-", item.value, indent: indent, trailing: item.trailing) }
            let spelling = inlineSpelling(item.value, inFlow: false) ?? ""
            return writeLine("-" + (spelling.isEmpty ? "" : " " + spelling), indent: indent, trailing: item.trailing)
        }
        if let flow = flowText(item), item.children.isEmpty || fits(indent, "- " + flow) {
            return writeFlow("- " + flow, item, indent: indent)
        }
        // Block style: the element's own comments and its first entry's go before the `-`.
        let first = item.children[0]
        writeLeading(first.leading.filter { $0 != .blank } + item.trailing.map(LeadingLine.comment), indent: indent)
        first.leading = []
        let index = writeChildren(of: item, indent: indent + 2)
        lines[index] = String(repeating: " ", count: indent) + "- " + lines[index].dropFirst(indent + 2)
        return index
    }

    /// Writes the entries or elements of a collection in block style.
    /// - Returns: the index of the first one's first line.
    @discardableResult
    private mutating func writeChildren(of item: LayoutItem, indent: Int) -> Int {
        var first: Int?
        for child in item.children {
            let index = item.value.mapping != nil ? writeEntry(child, indent: indent) : writeElement(child, indent: indent)
            if first == nil { first = index }
        }
        return first ?? lines.count
    }

    /// Writes an item on one line; the comments inside it go before the line, or at its end.
    private mutating func writeFlow(_ text: String, _ item: LayoutItem, indent: Int) -> Int {
        var leading: [String] = []
        var trailing = item.trailing
        collectComments(inside: item, leading: &leading, trailing: &trailing)
        writeLeading(leading.map(LeadingLine.comment), indent: indent)
        return writeLine(text, indent: indent, trailing: trailing)
    }

    /// Gathers the comments of an item's descendants, in document order.
    private func collectComments(inside item: LayoutItem, leading: inout [String], trailing: inout [String]) {
        for child in item.children {
            for line in child.leading { if case .comment(let text) = line { leading.append(text) } }
            trailing += child.trailing
            collectComments(inside: child, leading: &leading, trailing: &trailing)
        }
    }

    // MARK: Lines

    /// Writes full-line comments and blank lines (never a blank line first, nor two in a row).
    private mutating func writeLeading(_ leading: [LeadingLine], indent: Int) {
        for line in leading {
            switch line {
            case .blank:
                if let last = lines.last, !last.isEmpty { lines.append("") }
            case .comment(let text):
                lines.append(String(repeating: " ", count: indent) + text)
            }
        }
    }

    /// Writes one line with its trailing comment; comments that do not fit in the line width
    /// (or more than one) go on lines of their own before it.
    /// - Returns: the index of the line.
    private mutating func writeLine(_ text: String, indent: Int, trailing: [String]) -> Int {
        let line = String(repeating: " ", count: indent) + text
        if trailing.count == 1, fits(0, line + "  " + trailing[0]) {
            lines.append(line + "  " + trailing[0])
        } else {
            writeLeading(trailing.map(LeadingLine.comment), indent: indent)
            lines.append(line)
        }
        return lines.count - 1
    }

    /// Whether text at an indentation fits in the line width.
    private func fits(_ indent: Int, _ text: String) -> Bool {
        indent + text.count <= ScenarioFormatter.lineWidth
    }

    // MARK: Scalars

    /// Whether a scalar is written over several lines: a block scalar, or one that spans lines in the source.
    private func isMultiLine(_ node: YAMLNode) -> Bool {
        guard let scalar = node.scalar else { return false }
        if scalar.style == .literal || scalar.style == .folded { return true }
        guard let span = layout.scalars[node.mark] else { return false }
        return span.end.line > span.start.line
    }

    /// Writes a scalar over the lines it was written on, re-indented under `prefix`
    /// (`key:` or `-`): a block scalar's header and text, or a plain or quoted scalar's lines.
    /// - Returns: the index of the first line.
    private mutating func writeMultiLine(prefix: String, _ node: YAMLNode, indent: Int, trailing: [String]) -> Int {
        guard let scalar = node.scalar, let span = layout.scalars[node.mark] else {
            return writeLine(prefix + " " + (inlineSpelling(node, inFlow: false) ?? ""), indent: indent, trailing: trailing)
        }
        let inner = String(repeating: " ", count: indent + 2)
        if scalar.style == .literal || scalar.style == .folded {
            let header = String(source.text(line: span.start.line, from: span.start.column).prefix { "|>+-".contains($0) })
            let index = writeLine(prefix + " " + header, indent: indent, trailing: trailing)
            var last = span.end.line
            let endLine = source.line(span.end.line)
            let beforeEnd = endLine.prefix(max(span.end.column - 1, 0))
            if span.end.column == 1 || (beforeEnd.allSatisfy { $0 == " " || $0 == "\t" } && endLine.count >= span.end.column) {
                last -= 1
            }
            guard last > span.start.line else { return index }
            let content = (span.start.line + 1...last).map { source.line($0) }
            let indentation = content.filter { !$0.allSatisfy { $0 == " " } }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
            for line in content {
                if line.allSatisfy({ $0 == " " }) {
                    lines.append(line.count > indentation ? inner + String(repeating: " ", count: line.count - indentation) : "")
                } else {
                    lines.append(inner + String(String.UnicodeScalarView(line.dropFirst(indentation))))
                }
            }
            return index
        }
        let isPlain = scalar.style == .plain
        var parts = [trimmed(source.text(line: span.start.line, from: span.start.column), keepingEscape: !isPlain)]
        for number in span.start.line + 1...span.end.line {
            let text = number == span.end.line ? source.text(line: number, from: 1, to: span.end.column) : source.text(line: number, from: 1)
            parts.append(trimmed(text, keepingEscape: !isPlain))
        }
        let lastLine = inner + parts[parts.count - 1]
        let commentsAtEnd = trailing.count == 1 && fits(0, lastLine + "  " + trailing[0])
        if !commentsAtEnd { writeLeading(trailing.map(LeadingLine.comment), indent: indent) }
        lines.append(String(repeating: " ", count: indent) + prefix + " " + parts[0])
        let index = lines.count - 1
        for part in parts.dropFirst() { lines.append(part.isEmpty ? "" : inner + part) }
        if commentsAtEnd { lines[lines.count - 1] += "  " + trailing[0] }
        return index
    }

    /// A line of a scalar without spaces and tabs at either end; with `keepingEscape` (a
    /// quoted scalar), spaces after a final backslash stay, since a backslash and a space is an escaped space there.
    private func trimmed(_ text: String, keepingEscape: Bool) -> String {
        let isSpace = { (character: Character) in character == " " || character == "\t" }
        let leading = String(text.drop(while: isSpace))
        let body = String(leading.reversed().drop(while: isSpace).reversed())
        guard keepingEscape, body.hasSuffix("\\"), body.count < leading.count else { return body }
        return leading
    }

    /// An item written on one line in flow style, or `nil` when something in it can only be
    /// written in block style (a block scalar, an empty plain value).
    private func flowText(_ item: LayoutItem) -> String? {
        switch item.value.content {
        case .scalar:
            return inlineSpelling(item.value, inFlow: true)
        case .sequence:
            var parts: [String] = []
            for child in item.children {
                guard let text = flowText(child) else { return nil }
                parts.append(text)
            }
            return "[" + parts.joined(separator: ", ") + "]"
        case .mapping:
            var parts: [String] = []
            for child in item.children {
                guard let key = child.key.flatMap({ inlineSpelling($0, inFlow: true) }), let value = flowText(child) else { return nil }
                parts.append(key + ": " + value)
            }
            return "{" + parts.joined(separator: ", ") + "}"
        }
    }

    /// A scalar's spelling on one line, or `nil` when it can only be written in block style.
    ///
    /// A quoted scalar on one line keeps its source text; a plain one its text, double-quoted
    /// when the context would read it otherwise (a flow indicator inside a flow collection).
    private func inlineSpelling(_ node: YAMLNode, inFlow: Bool) -> String? {
        guard let scalar = node.scalar else { return nil }
        switch scalar.style {
        case .literal, .folded:
            return nil
        case .plain:
            if scalar.text.isEmpty { return inFlow ? nil : "" }
            return Self.isSafePlain(scalar.text, inFlow: inFlow) ? scalar.text : quoted(scalar.text)
        case .singleQuoted, .doubleQuoted:
            if let span = layout.scalars[node.mark], span.start.line == span.end.line {
                return source.text(line: span.start.line, from: span.start.column, to: span.end.column)
            }
            if scalar.style == .singleQuoted, !scalar.text.unicodeScalars.contains(where: Self.needsEscape) {
                return "'" + scalar.text.replacingOccurrences(of: "'", with: "''") + "'"
            }
            return quoted(scalar.text)
        }
    }

    /// Whether text reads back as the same plain scalar where it is written.
    static func isSafePlain(_ text: String, inFlow: Bool) -> Bool {
        let characters = Array(text)
        guard let first = characters.first, let last = characters.last else { return false }
        guard !text.contains("\n"), !text.contains("\t"), first != " ", last != " ", last != ":" else { return false }
        if "[]{},#&*!|>'\"%@`".contains(first) { return false }
        if "-?:".contains(first), characters.count == 1 || characters[1] == " " { return false }
        if text.contains(": ") || text.contains(" #") { return false }
        if inFlow, text.contains(where: { ",[]{}:".contains($0) }) { return false }
        return true
    }

    /// Whether a character must be escaped in a quoted scalar: a control character, a line
    /// separator or a byte order mark.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x85 || scalar.value == 0x2028 || scalar.value == 0x2029
            || scalar.value == 0xFEFF
    }
}
