import CYAML

/// Builds a `YAMLNode` tree from libyaml events, resolving aliases and checking duplicate
/// keys, nesting depth and alias expansion as it goes.
struct TreeBuilder {
    /// What consuming an event means for the event loop.
    enum Progress {
        case needsMoreEvents
        case streamEnded
    }

    /// A sequence or mapping whose end event has not arrived yet.
    private struct OpenCollection {
        let isMapping: Bool
        let mark: Mark
        let tag: String?
        let anchor: String?
        var elements: [YAMLNode] = []
        var entries: [YAMLNode.Entry] = []
        var pendingKey: YAMLNode?
        var scalarKeyMarks: [String: Mark] = [:]
        var complexKeys: [YAMLNode] = []
        /// Nodes in this subtree so far, counting this collection.
        var size = 1
        /// Nesting levels in this subtree so far, counting this collection.
        var height = 1
    }

    /// A node an anchor names, with the numbers alias checks need.
    private struct AnchoredNode {
        let node: YAMLNode
        let size: Int
        let height: Int
    }

    /// The document's root node, once complete.
    private(set) var document: YAMLNode?
    private var openCollections: [OpenCollection] = []
    private var anchors: [String: AnchoredNode] = [:]
    private var documentCount = 0
    private var aliasExpandedNodes = 0

    /// Adds one event to the tree.
    /// - Throws: `YAMLError` for a second document, too deep nesting, an undefined alias,
    ///   too much alias expansion or a duplicate key.
    mutating func consume(_ event: yaml_event_t) throws(YAMLError) -> Progress {
        let mark = Mark(event.start_mark)
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            documentCount += 1
            if documentCount > 1 {
                throw YAMLError(
                    code: .multipleDocuments,
                    mark: mark,
                    message: "a second document starts here; only one document is supported",
                    hint: "remove the `---` separator and merge the documents, or split them into separate files"
                )
            }
        case YAML_STREAM_END_EVENT:
            return .streamEnded
        case YAML_SCALAR_EVENT:
            let data = event.data.scalar
            let text = String(decoding: UnsafeBufferPointer(start: data.value, count: data.length), as: UTF8.self)
            let node = YAMLNode(
                .scalar(YAMLNode.Scalar(text: text, style: YAMLNode.ScalarStyle(data.style))),
                tag: Self.string(data.tag),
                mark: mark
            )
            try add(node, size: 1, height: 0, anchor: Self.string(data.anchor))
        case YAML_ALIAS_EVENT:
            try addAlias(named: Self.string(event.data.alias.anchor) ?? "", at: mark)
        case YAML_SEQUENCE_START_EVENT:
            let data = event.data.sequence_start
            try open(OpenCollection(isMapping: false, mark: mark, tag: Self.string(data.tag), anchor: Self.string(data.anchor)))
        case YAML_MAPPING_START_EVENT:
            let data = event.data.mapping_start
            try open(OpenCollection(isMapping: true, mark: mark, tag: Self.string(data.tag), anchor: Self.string(data.anchor)))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            let collection = openCollections.removeLast()
            let content: YAMLNode.Content = collection.isMapping ? .mapping(collection.entries) : .sequence(collection.elements)
            let node = YAMLNode(content, tag: collection.tag, mark: collection.mark)
            try add(node, size: collection.size, height: collection.height, anchor: collection.anchor)
        default:
            break
        }
        return .needsMoreEvents
    }

    private mutating func open(_ collection: OpenCollection) throws(YAMLError) {
        guard openCollections.count < YAMLNode.maximumDepth else {
            throw Self.tooDeep(at: collection.mark)
        }
        openCollections.append(collection)
    }

    private mutating func addAlias(named name: String, at mark: Mark) throws(YAMLError) {
        guard let anchored = anchors[name] else {
            throw YAMLError(
                code: .undefinedAlias,
                mark: mark,
                message: "alias '*\(name)' names no anchor defined before it",
                hint: "define '&\(name)' on a node earlier in the document; an alias cannot refer to a node that contains it"
            )
        }
        aliasExpandedNodes += anchored.size
        guard aliasExpandedNodes <= YAMLNode.maximumAliasExpansion else {
            throw YAMLError(
                code: .aliasLimit,
                mark: mark,
                message: "aliases expand to more than \(YAMLNode.maximumAliasExpansion) nodes",
                hint: "write the repeated data out, or use fewer nested aliases"
            )
        }
        guard openCollections.count + anchored.height <= YAMLNode.maximumDepth else {
            throw Self.tooDeep(at: mark)
        }
        try add(anchored.node, size: anchored.size, height: anchored.height, anchor: nil)
    }

    /// Puts a finished node into the open collection (or makes it the document) and records
    /// its anchor.
    private mutating func add(_ node: YAMLNode, size: Int, height: Int, anchor: String?) throws(YAMLError) {
        if let anchor {
            anchors[anchor] = AnchoredNode(node: node, size: size, height: height)
        }
        guard var parent = openCollections.popLast() else {
            document = node
            return
        }
        parent.size += size
        parent.height = max(parent.height, height + 1)
        if !parent.isMapping {
            parent.elements.append(node)
        } else if let key = parent.pendingKey {
            parent.entries.append(YAMLNode.Entry(key: key, value: node))
            parent.pendingKey = nil
        } else {
            try Self.checkUnique(key: node, in: &parent)
            parent.pendingKey = node
        }
        openCollections.append(parent)
    }

    /// Records a mapping key, rejecting one equal to an earlier key of the same mapping.
    ///
    /// Scalar keys are equal when their texts are, whatever their style or tag (`1` and
    /// `"1"` are the same key to a `Decodable` type); other keys when their content is.
    private static func checkUnique(key: YAMLNode, in mapping: inout OpenCollection) throws(YAMLError) {
        let firstMark: Mark?
        if let scalar = key.scalar {
            firstMark = mapping.scalarKeyMarks[scalar.text]
            if firstMark == nil { mapping.scalarKeyMarks[scalar.text] = key.mark }
        } else {
            firstMark = mapping.complexKeys.first { $0.hasSameContent(as: key) }?.mark
            if firstMark == nil { mapping.complexKeys.append(key) }
        }
        if let firstMark {
            let name = key.scalar.map { "'\($0.text)'" } ?? "(a \(key.sequence != nil ? "sequence" : "mapping") key)"
            throw YAMLError(
                code: .duplicateKey,
                mark: key.mark,
                message: "duplicate key \(name) in a mapping; the first is at \(firstMark)",
                hint: "remove one of the two entries, or rename one of them"
            )
        }
    }

    private static func tooDeep(at mark: Mark) -> YAMLError {
        YAMLError(
            code: .tooDeep,
            mark: mark,
            message: "sequences and mappings nest more than \(YAMLNode.maximumDepth) levels deep",
            hint: "flatten the structure; deeper nesting is refused to keep parsing and decoding safe"
        )
    }

    /// Reads a NUL-terminated libyaml string (a tag or an anchor).
    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        var length = 0
        while pointer[length] != 0 { length += 1 }
        return String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self)
    }
}

extension YAMLNode {
    /// Whether two nodes hold the same content and tags, ignoring where they are.
    func hasSameContent(as other: YAMLNode) -> Bool {
        guard tag == other.tag else { return false }
        switch (content, other.content) {
        case let (.scalar(lhs), .scalar(rhs)):
            return lhs == rhs
        case let (.sequence(lhs), .sequence(rhs)):
            return lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0.hasSameContent(as: $1) }
        case let (.mapping(lhs), .mapping(rhs)):
            return lhs.count == rhs.count && zip(lhs, rhs).allSatisfy {
                $0.key.hasSameContent(as: $1.key) && $0.value.hasSameContent(as: $1.value)
            }
        default:
            return false
        }
    }
}

extension YAMLNode.ScalarStyle {
    /// Converts libyaml's scalar style.
    init(_ style: yaml_scalar_style_t) {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: self = .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: self = .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: self = .literal
        case YAML_FOLDED_SCALAR_STYLE: self = .folded
        default: self = .plain
        }
    }
}
