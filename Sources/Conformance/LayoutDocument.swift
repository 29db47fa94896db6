import ConformanceCore
import YAML

/// A mapping entry or a sequence element, with the comments and blank lines that belong to it.
final class LayoutItem {
    /// The key, for a mapping entry.
    let key: YAMLNode?
    /// The value (or the element).
    let value: YAMLNode
    /// Where the item starts: its key, or the element.
    let start: Mark
    /// The entries or elements of a collection value, in output order.
    var children: [LayoutItem] = []
    /// What comes before the item on lines of its own: comments and blank lines.
    var leading: [LeadingLine] = []
    /// Comments at the end of the item's lines.
    var trailing: [String] = []
    /// Whether the value must be written in block style (the scenario's `steps`).
    var forcesBlock = false

    init(key: YAMLNode?, value: YAMLNode) {
        self.key = key
        self.value = value
        self.start = key?.mark ?? value.mark
    }
}

/// A line before an item: a full-line comment or a blank line.
enum LeadingLine: Equatable {
    case comment(String)
    case blank
}

/// The scenario's top-level entries and the comments after all of them.
struct LayoutDocument {
    var entries: [LayoutItem]
    /// Comments after the last entry, each with whether it was indented.
    var closing: [(text: String, indented: Bool)]
}

/// The lines of the source as Unicode scalars, addressed by `Mark`.
struct SourceText {
    let lines: [[Unicode.Scalar]]

    init(_ text: String) {
        lines = YAMLSourceLayout.lines(of: text)
    }

    /// The 1-based line, or an empty one past the end.
    func line(_ number: Int) -> [Unicode.Scalar] {
        number >= 1 && number <= lines.count ? lines[number - 1] : []
    }

    /// Whether a line holds only spaces and tabs.
    func isBlank(_ number: Int) -> Bool {
        line(number).allSatisfy { $0 == " " || $0 == "\t" }
    }

    /// The text between two marks on one line.
    func text(line number: Int, from column: Int, to endColumn: Int? = nil) -> String {
        let characters = line(number)
        let lower = min(max(column - 1, 0), characters.count)
        let upper = min(max((endColumn ?? characters.count + 1) - 1, lower), characters.count)
        return String(String.UnicodeScalarView(characters[lower..<upper]))
    }
}

/// Builds the layout items of a scenario and attaches its comments and blank lines to them.
struct DocumentBuilder {
    let source: SourceText
    let layout: YAMLSourceLayout
    let file: String
    /// Every item in document order (parents before their children).
    private var ordered: [LayoutItem] = []
    /// The lines that belong to a scalar (block scalars and scalars over several lines).
    private var scalarLines: Set<Int> = []

    init(source: SourceText, layout: YAMLSourceLayout, file: String) {
        self.source = source
        self.layout = layout
        self.file = file
        for span in layout.scalars.values where span.end.line > span.start.line {
            for line in (span.start.line + 1)...span.end.line { scalarLines.insert(line) }
        }
    }

    /// Builds the document from the top-level entries.
    /// - Throws: `Diagnostic` `fmt.unsupported` for a key that cannot be written on one line
    ///   (see `keyProblem`) or a block scalar with an indentation digit.
    mutating func build(_ entries: [YAMLNode.Entry]) throws(Diagnostic) -> LayoutDocument {
        var items: [LayoutItem] = []
        for entry in entries {
            let item = try makeItem(key: entry.key, value: entry.value, isStepList: entry.key.scalar?.text == "steps" && entry.value.sequence != nil)
            items.append(item)
        }
        let closing = attachComments()
        attachBlankLines()
        return LayoutDocument(entries: Self.ordered(items, by: ScenarioFormatter.topLevelOrder, keepFirst: false), closing: closing)
    }

    /// Makes the item of an entry or element and of everything inside it, in document order;
    /// a step's keys (`isStep`) are put in its action's order.
    private mutating func makeItem(key: YAMLNode?, value: YAMLNode, isStepList: Bool = false, isStep: Bool = false) throws(Diagnostic) -> LayoutItem {
        if let key, let problem = Self.keyProblem(key) {
            throw Diagnostic(file: file, mark: key.mark, code: "fmt.unsupported", message: "the formatter does not rewrite mappings with \(problem) keys",
                             hint: "scenario keys are plain names such as 'property'")
        }
        try checkBlockScalar(value)
        let item = LayoutItem(key: key, value: value)
        item.forcesBlock = isStepList
        ordered.append(item)
        switch value.content {
        case .scalar:
            break
        case .sequence(let elements):
            for element in elements {
                item.children.append(try makeItem(key: nil, value: element, isStep: isStepList))
            }
        case .mapping(let entries):
            var children: [LayoutItem] = []
            for entry in entries { children.append(try makeItem(key: entry.key, value: entry.value)) }
            if isStep, let action = entries.first?.key.scalar?.text, let order = ScenarioFormatter.parameterOrder[action] {
                children = Self.ordered(children, by: order, keepFirst: true)
            }
            item.children = children
        }
        return item
    }

    /// What makes a key one the formatter cannot write on one line: not a scalar, empty and
    /// plain, or a block scalar; `nil` for any other key.
    private static func keyProblem(_ key: YAMLNode) -> String? {
        guard let scalar = key.scalar else { return "non-scalar" }
        if scalar.style == .plain, scalar.text.isEmpty { return "empty" }
        if scalar.style == .literal || scalar.style == .folded { return "block scalar" }
        return nil
    }

    /// Refuses a block scalar whose header gives its indentation (`|2`), which re-indenting would change.
    private func checkBlockScalar(_ node: YAMLNode) throws(Diagnostic) {
        guard let scalar = node.scalar, scalar.style == .literal || scalar.style == .folded else { return }
        let header = source.text(line: node.mark.line, from: node.mark.column)
        if header.dropFirst().prefix(while: { "+-0123456789".contains($0) }).contains(where: \.isNumber) {
            throw Diagnostic(file: file, mark: node.mark, code: "fmt.unsupported",
                             message: "the formatter does not rewrite block scalars with an indentation digit",
                             hint: "remove the digit after '\(header.prefix(1))' and indent the text uniformly")
        }
    }

    /// Sorts items by their key's place in `order` (stable): keys `order` lists, then keys it
    /// does not, then `throws` (a step's expected error reads last).
    static func ordered(_ items: [LayoutItem], by order: [String], keepFirst: Bool) -> [LayoutItem] {
        let rank = { (item: LayoutItem) -> Int in
            let key = item.key?.scalar?.text
            if key == "throws" { return order.count + 1 }
            return key.flatMap { order.firstIndex(of: $0) } ?? order.count
        }
        let head = keepFirst ? Array(items.prefix(1)) : []
        let rest = keepFirst ? Array(items.dropFirst()) : items
        let sorted = rest.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }
        return head + sorted.map(\.element)
    }

    /// Attaches every comment: a full-line comment leads the first item that starts on a
    /// later line, a trailing one trails the last item that starts before it.
    /// - Returns: the comments after the last item.
    private mutating func attachComments() -> [(text: String, indented: Bool)] {
        var closing: [(text: String, indented: Bool)] = []
        for comment in layout.comments {
            if comment.isFullLine {
                guard let item = ordered.first(where: { $0.start.line > comment.mark.line }) else {
                    closing.append((comment.text, comment.mark.column > 1))
                    continue
                }
                if isBlankBefore(comment.mark.line) { item.leading.append(.blank) }
                item.leading.append(.comment(comment.text))
            } else if let item = ordered.last(where: { $0.start < comment.mark }) {
                item.trailing.append(comment.text)
            } else if let item = ordered.first {
                item.leading.append(.comment(comment.text))
            } else {
                closing.append((comment.text, false))
            }
        }
        return closing
    }

    /// Marks items that follow a blank line (the outermost item on their line only), then
    /// keeps at most one blank line in a row.
    private mutating func attachBlankLines() {
        var seenLines: Set<Int> = []
        for item in ordered where !seenLines.contains(item.start.line) {
            seenLines.insert(item.start.line)
            if isBlankBefore(item.start.line) { item.leading.append(.blank) }
        }
        for item in ordered {
            var collapsed: [LeadingLine] = []
            for line in item.leading where !(line == .blank && collapsed.last == .blank) { collapsed.append(line) }
            item.leading = collapsed
        }
    }

    /// Whether the line before `line` is blank and not part of a scalar, with text above it.
    private func isBlankBefore(_ line: Int) -> Bool {
        line > 2 && source.isBlank(line - 1) && !scalarLines.contains(line - 1)
    }
}
