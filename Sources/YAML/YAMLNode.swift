/// A node of a parsed YAML document: a scalar, a sequence or a mapping, with its tag and
/// the location where it starts.
///
/// Aliases are already resolved: an alias is a copy of the node its anchor names (with that
/// node's marks). Equality compares content, tags and marks.
public struct YAMLNode: Hashable, Sendable {
    /// What a node holds.
    public enum Content: Hashable, Sendable {
        /// A scalar: untyped text plus how it was written.
        case scalar(Scalar)
        /// A sequence of nodes, in document order.
        case sequence([YAMLNode])
        /// A mapping's key/value pairs, in document order; keys are unique.
        case mapping([Entry])
    }

    /// The text of a scalar and the style it was written in.
    public struct Scalar: Hashable, Sendable {
        /// The scalar's text after YAML unescaping and folding; never typed.
        public var text: String
        /// How the scalar was written.
        public var style: ScalarStyle

        /// Creates a scalar.
        public init(text: String, style: ScalarStyle) {
            self.text = text
            self.style = style
        }
    }

    /// How a scalar was written in the source.
    public enum ScalarStyle: Hashable, Sendable {
        /// Unquoted, as in `x: 12`; the only style whose text is typed on decoding.
        case plain
        /// `'single quoted'`.
        case singleQuoted
        /// `"double quoted"`.
        case doubleQuoted
        /// A `|` block scalar.
        case literal
        /// A `>` block scalar.
        case folded
    }

    /// One key/value pair of a mapping.
    public struct Entry: Hashable, Sendable {
        /// The key node (usually a scalar).
        public var key: YAMLNode
        /// The value node.
        public var value: YAMLNode

        /// Creates a key/value pair.
        public init(key: YAMLNode, value: YAMLNode) {
            self.key = key
            self.value = value
        }
    }

    /// What the node holds.
    public var content: Content
    /// The explicit tag, resolved to its full form (`!!str` is `tag:yaml.org,2002:str`), or
    /// `nil` when the node has none.
    public var tag: String?
    /// Where the node starts.
    public var mark: Mark

    /// Creates a node.
    public init(_ content: Content, tag: String? = nil, mark: Mark) {
        self.content = content
        self.tag = tag
        self.mark = mark
    }

    /// The scalar, when this node is one.
    public var scalar: Scalar? {
        if case .scalar(let scalar) = content { return scalar }
        return nil
    }

    /// The elements, when this node is a sequence.
    public var sequence: [YAMLNode]? {
        if case .sequence(let elements) = content { return elements }
        return nil
    }

    /// The key/value pairs, when this node is a mapping.
    public var mapping: [Entry]? {
        if case .mapping(let entries) = content { return entries }
        return nil
    }

    /// The value for a scalar key whose text is `key`, when this node is a mapping that has it.
    public subscript(key: String) -> YAMLNode? {
        mapping?.first { $0.key.scalar?.text == key }?.value
    }

    /// Whether the node is YAML null: an untagged plain scalar `~`, `null`, `Null`, `NULL`
    /// or empty text. A quoted empty string is not null.
    public var isNull: Bool {
        guard tag == nil, let scalar, scalar.style == .plain else { return false }
        switch scalar.text {
        case "", "~", "null", "Null", "NULL": return true
        default: return false
        }
    }
}
