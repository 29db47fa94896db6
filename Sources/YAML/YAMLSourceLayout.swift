import CYAML

/// What libyaml's parser drops but a formatter needs: every comment with its position, the
/// source span of every scalar, and where the text uses anchors, aliases, tags or directives.
///
/// Built from libyaml's token scanner: comments are the `#…` runs in the gaps between tokens
/// (and after a block scalar's `|`/`>` header, which the scanner reads as part of the scalar).
/// Positions are `Mark`s as `YAMLNode` has them, so a scalar node's mark finds its span.
public struct YAMLSourceLayout: Sendable {
    /// One `# …` comment.
    public struct Comment: Hashable, Sendable {
        /// Where the `#` is.
        public var mark: Mark
        /// The comment from its `#` to the end of its line, trailing spaces removed.
        public var text: String
        /// Whether only spaces precede the comment on its line.
        public var isFullLine: Bool
    }

    /// Where a scalar's source text starts and ends.
    public struct ScalarSpan: Hashable, Sendable {
        /// The first character of the scalar (its quote or block indicator, if any).
        public var start: Mark
        /// Just after the scalar's last character (for a block scalar, after its last line break).
        public var end: Mark
    }

    /// A YAML construct the layout reports so that callers can refuse it.
    public struct Construct: Hashable, Sendable {
        /// What it is: `anchor`, `alias`, `tag` or `directive`.
        public var kind: String
        /// Where it starts.
        public var mark: Mark
    }

    /// The comments in text order.
    public var comments: [Comment] = []
    /// The span of every scalar, by the mark where it starts.
    public var scalars: [Mark: ScalarSpan] = [:]
    /// Anchors, aliases, tags and directives in text order.
    public var constructs: [Construct] = []

    /// Scans YAML text into its layout.
    /// - Parameters:
    ///   - text: The YAML source.
    ///   - file: The file's path, used only in error messages.
    /// - Throws: `YAMLError` with code `yaml.syntax` when libyaml's scanner rejects the text.
    public static func scan(_ text: String, file: String? = nil) throws(YAMLError) -> YAMLSourceLayout {
        let lines = Self.lines(of: text)
        let bytes = Array(text.utf8)
        var layout = YAMLSourceLayout()
        guard !bytes.isEmpty else { return layout }
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) == 1 else {
            throw YAMLError(code: .syntax, file: file, mark: .start, message: "libyaml could not allocate a scanner")
        }
        defer { yaml_parser_delete(parser) }
        let scanned: YAMLError? = bytes.withUnsafeBufferPointer { input in
            yaml_parser_set_input_string(parser, input.baseAddress, input.count)
            var previousEnd = Mark.start
            while true {
                var token = yaml_token_t()
                guard yaml_parser_scan(parser, &token) == 1 else {
                    let problem = parser.pointee.problem.map { String(cString: $0) } ?? "unknown libyaml error"
                    return YAMLError(code: .syntax, file: file, mark: Mark(parser.pointee.problem_mark), message: problem,
                                     hint: "check the indentation, the quoting and the `:`/`-` markers around this position")
                }
                defer { yaml_token_delete(&token) }
                let start = Mark(token.start_mark)
                let end = Mark(token.end_mark)
                let isStreamEnd = token.type == YAML_STREAM_END_TOKEN
                if start > previousEnd || isStreamEnd {
                    layout.collectComments(lines: lines, from: previousEnd, to: isStreamEnd ? nil : start)
                }
                switch token.type {
                case YAML_SCALAR_TOKEN:
                    layout.scalars[start] = ScalarSpan(start: start, end: end)
                    let style = token.data.scalar.style
                    if style == YAML_LITERAL_SCALAR_STYLE || style == YAML_FOLDED_SCALAR_STYLE {
                        layout.collectHeaderComment(lines: lines, header: start)
                    }
                case YAML_ANCHOR_TOKEN: layout.constructs.append(Construct(kind: "anchor", mark: start))
                case YAML_ALIAS_TOKEN: layout.constructs.append(Construct(kind: "alias", mark: start))
                case YAML_TAG_TOKEN: layout.constructs.append(Construct(kind: "tag", mark: start))
                case YAML_VERSION_DIRECTIVE_TOKEN, YAML_TAG_DIRECTIVE_TOKEN:
                    layout.constructs.append(Construct(kind: "directive", mark: start))
                default: break
                }
                if end > previousEnd { previousEnd = end }
                if isStreamEnd { return nil }
            }
        }
        if let scanned { throw scanned }
        return layout
    }

    /// The text's lines as libyaml counts them: broken at `\r\n`, `\n`, `\r`, U+0085, U+2028
    /// and U+2029, without the breaks; a byte order mark at the start is not part of line 1.
    public static func lines(of text: String) -> [[Unicode.Scalar]] {
        var lines: [[Unicode.Scalar]] = []
        var current: [Unicode.Scalar] = []
        var previousWasReturn = false
        for scalar in text.unicodeScalars {
            if scalar == "\n", previousWasReturn {
                previousWasReturn = false
                continue
            }
            previousWasReturn = scalar == "\r"
            switch scalar.value {
            case 0x0A, 0x0D, 0x85, 0x2028, 0x2029:
                lines.append(current)
                current = []
            case 0xFEFF where lines.isEmpty && current.isEmpty:
                continue
            default:
                current.append(scalar)
            }
        }
        lines.append(current)
        return lines
    }

    /// Records the comments between two positions; `end == nil` means to the end of the text.
    ///
    /// Between tokens there are only spaces, line breaks and comments, so every `#` there
    /// starts a comment that runs to the end of its line.
    private mutating func collectComments(lines: [[Unicode.Scalar]], from start: Mark, to end: Mark?) {
        var line = start.line
        var column = start.column
        while line <= lines.count {
            if let end, Mark(line: line, column: column) >= end { return }
            let characters = lines[line - 1]
            if column <= characters.count, characters[column - 1] == "#" {
                append(lines: lines, line: line, column: column)
                line += 1
                column = 1
            } else if column > characters.count {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
    }

    /// Records a comment after a block scalar's header (`| # note`), which libyaml's scanner
    /// reads as part of the scalar.
    private mutating func collectHeaderComment(lines: [[Unicode.Scalar]], header: Mark) {
        guard header.line <= lines.count else { return }
        let characters = lines[header.line - 1]
        var column = header.column + 1
        while column <= characters.count, "-+0123456789".unicodeScalars.contains(characters[column - 1]) { column += 1 }
        while column <= characters.count, characters[column - 1] == " " || characters[column - 1] == "\t" { column += 1 }
        if column <= characters.count, characters[column - 1] == "#" { append(lines: lines, line: header.line, column: column) }
    }

    /// Appends the comment that starts at a `#`.
    private mutating func append(lines: [[Unicode.Scalar]], line: Int, column: Int) {
        let characters = lines[line - 1]
        var text = String(String.UnicodeScalarView(characters[(column - 1)...]))
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        let isFullLine = characters[..<(column - 1)].allSatisfy { $0 == " " || $0 == "\t" }
        comments.append(Comment(mark: Mark(line: line, column: column), text: text, isFullLine: isFullLine))
    }
}
