import ConformanceCore
import Foundation
import YAML

/// Rewrites scenario files into the corpus's one canonical layout (docs/scenario-format.md,
/// "Layout"): one step per line as a flow mapping where it fits in ``lineWidth`` columns,
/// keys in a fixed order, comments and blank lines kept, every scalar spelled as written.
///
/// The formatter refuses what it cannot rewrite faithfully (anchors, aliases, tags,
/// directives, non-scalar keys, block scalars with an indentation digit) and checks its own
/// output: the formatted text must parse to the same YAML meaning as the input, or it throws
/// instead of returning text.
public struct ScenarioFormatter: Sendable {
    /// The column a formatted line should not pass: a collection longer than this on one line
    /// is written in block style instead.
    public static let lineWidth = 100

    /// The order of a scenario's top-level keys; unknown keys follow in their own order.
    public static let topLevelOrder = ScenarioLoader.topLevelKeys

    /// The order of each action's keys after the action itself; `throws` comes last, and keys
    /// an action does not know follow in the order they were written.
    public static let parameterOrder: [String: [String]] = [
        "worker": [], "load": ["fixture", "worker"], "artboard": ["file", "name"],
        "stateMachine": ["artboard", "name", "binding"], "instance": ["file", "source", "name", "viewModel", "artboard"],
        "bind": ["main", "globals"], "bindInstance": ["instance"], "set": ["property", "type", "value"],
        "fire": ["trigger"], "get": ["property", "type", "expect", "compare"], "nested": ["from", "property"],
        "replaceNested": ["property", "with"], "listSize": ["list", "expect"], "listItem": ["from", "list", "index"],
        "append": ["list", "item", "index"], "insert": ["list", "item", "index"], "remove": ["list", "index", "item"],
        "swap": ["list", "indices"], "subscribe": ["to", "property", "type"],
        "emissions": ["expect", "count", "none", "endsWith"], "cancel": ["by"], "advance": ["by"],
        "input": ["name", "type", "value"], "triggerInput": ["name"], "decode": ["kind", "asset", "worker"],
        "assign": ["property", "type", "value"],
        "rive": ["file", "artboard", "stateMachine", "dataBind", "viewModelInstance"],
        "view": ["artboard", "stateMachine", "instance", "rive", "size"],
        "tick": ["at", "paused", "onscreen", "expect"], "settle": ["from", "every", "within"],
        "pointer": ["kind", "at", "id"], "probe": ["at", "expect", "compare"],
        "digest": ["save", "equals", "differs", "golden"], "introspect": ["query", "of", "expect"],
        "log": [], "release": [],
    ]

    /// Creates a formatter.
    public init() {}

    /// Formats the text of one scenario file.
    ///
    /// The text needs to be well-formed YAML whose top level is a mapping; it need not be a
    /// valid scenario (unknown keys and actions are formatted like the others).
    /// - Parameters:
    ///   - text: the file's contents.
    ///   - file: the path diagnostics name.
    /// - Returns: the canonical text, ending in one line break.
    /// - Throws: `Diagnostic` with a YAML code (`yaml.syntax`, `yaml.duplicate-key`, …),
    ///   `fmt.not-a-mapping`, `fmt.unsupported` or `fmt.meaning-changed` (a formatter bug).
    public func format(_ text: String, file: String) throws(Diagnostic) -> String {
        let root: YAMLNode
        let layout: YAMLSourceLayout
        do {
            root = try YAMLNode.parse(text, file: file)
            layout = try YAMLSourceLayout.scan(text, file: file)
        } catch {
            throw Diagnostic(error, file: file)
        }
        if let construct = layout.constructs.first {
            throw Diagnostic(file: file, mark: construct.mark, code: "fmt.unsupported",
                             message: "this YAML \(construct.kind) cannot be formatted: the formatter does not rewrite anchors, aliases, tags or directives",
                             hint: "write the value out in full (scenarios need no anchors, aliases, tags or directives)")
        }
        guard let entries = root.mapping else {
            throw Diagnostic(file: file, mark: root.mark, code: "fmt.not-a-mapping", message: "a scenario file is a mapping, this is not one",
                             hint: "start the file with 'description:', 'rules:' and 'steps:' keys (docs/scenario-format.md)")
        }
        let source = SourceText(text)
        var builder = DocumentBuilder(source: source, layout: layout, file: file)
        let document = try builder.build(entries)
        var writer = LayoutWriter(source: source, layout: layout)
        let formatted = writer.write(document)
        let reparsed: YAMLNode
        do { reparsed = try YAMLNode.parse(formatted, file: file) } catch {
            throw Diagnostic(file: file, mark: error.mark, code: "fmt.meaning-changed",
                             message: "the formatted text does not parse (\(error.message)); the file was left as it was",
                             hint: "this is a bug in 'rive-harness fmt': report it with the file")
        }
        if let difference = Self.meaningDifference(root, reparsed) {
            throw Diagnostic(file: file, mark: difference, code: "fmt.meaning-changed",
                             message: "formatting would change the YAML meaning of the value here; the file was left as it was",
                             hint: "this is a bug in 'rive-harness fmt': report it with the file")
        }
        return formatted
    }

    /// Where two YAML trees differ in meaning, or `nil` when they mean the same.
    ///
    /// Meaning ignores layout, positions and the order of mapping keys, except that a mapping
    /// in a sequence keeps its first key (a step's first key is its action). A plain scalar and a quoted one
    /// with the same text mean the same when the plain one is a string in YAML 1.2's core
    /// schema (not null, a boolean or a number).
    /// - Returns: the mark, in `original`, of the first node whose meaning differs.
    public static func meaningDifference(_ original: YAMLNode, _ formatted: YAMLNode) -> Mark? {
        meaningDifference(original, formatted, inSequence: false)
    }

    private static func meaningDifference(_ original: YAMLNode, _ formatted: YAMLNode, inSequence: Bool) -> Mark? {
        guard original.tag == formatted.tag else { return original.mark }
        switch (original.content, formatted.content) {
        case (.scalar(let left), .scalar(let right)):
            guard left.text == right.text else { return original.mark }
            let leftPlain = left.style == .plain
            let rightPlain = right.style == .plain
            if leftPlain == rightPlain { return nil }
            return (leftPlain ? original : formatted).isPlainString ? nil : original.mark
        case (.sequence(let left), .sequence(let right)):
            guard left.count == right.count else { return original.mark }
            for (element, other) in zip(left, right) {
                if let mark = meaningDifference(element, other, inSequence: true) { return mark }
            }
            return nil
        case (.mapping(let left), .mapping(let right)):
            guard left.count == right.count else { return original.mark }
            if inSequence, let first = left.first, let other = right.first, meaningDifference(first.key, other.key) != nil {
                return first.key.mark
            }
            for entry in left {
                guard let match = right.first(where: { meaningDifference(entry.key, $0.key) == nil }) else { return entry.key.mark }
                if let mark = meaningDifference(entry.value, match.value) { return mark }
            }
            return nil
        default:
            return original.mark
        }
    }

    /// Every scenario file a list of paths names: a file is itself, a folder is every `*.yaml`
    /// file below it (hidden files and folders skipped), in path order.
    /// - Throws: `Diagnostic` `fmt.missing-path` for a path that does not exist.
    public static func scenarioFiles(in paths: [String]) throws(Diagnostic) -> [String] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw Diagnostic(file: path, mark: .start, code: "fmt.missing-path", message: "no such file or folder",
                                 hint: "name scenario files or folders of them, for example Corpus/scenarios")
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            let folder = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
            var found: [String] = []
            let enumerator = FileManager.default.enumerator(atPath: folder)
            while let relative = enumerator?.nextObject() as? String {
                if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
                    enumerator?.skipDescendants()
                    continue
                }
                var isFolder: ObjCBool = false
                let full = folder + "/" + relative
                if relative.hasSuffix(".yaml"), FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue {
                    found.append(full)
                }
            }
            files += found.sorted()
        }
        return files
    }
}

extension YAMLNode {
    /// Whether this is an untagged plain scalar that YAML 1.2's core schema reads as a string:
    /// not null, not a boolean, not an integer and not a floating-point number (a number too
    /// large for its type still counts as a number).
    var isPlainString: Bool {
        guard tag == nil, let scalar, scalar.style == .plain, !isNull else { return false }
        return !reads(Bool.self) && !reads(Int.self) && !reads(Double.self)
    }

    /// Whether the node decodes as a value of `type`, or has its form but is out of range.
    private func reads<Value: Decodable>(_ type: Value.Type) -> Bool {
        do {
            _ = try YAMLDecoder().decode(type, from: self)
            return true
        } catch {
            return error.code == .outOfRange
        }
    }
}
