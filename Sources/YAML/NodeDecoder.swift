/// The `Decoder` for one YAML node; it also records which keys of its mapping the decoded
/// type asked about, for ``YAMLDecoder/rejectUnknownKeys``.
final class NodeDecoder: Decoder {
    let node: YAMLNode
    let codingPath: [any CodingKey]
    let options: YAMLDecoder

    /// Mapping keys the decoded type asked about, in the order it first asked.
    private var requestedKeys: [String] = []
    private var requestedKeySet: Set<String> = []
    /// Whether the type read `allKeys`, which makes every key known.
    var enumeratedAllKeys = false
    /// Whether the type opened this node as a keyed container.
    private var openedKeyedContainer = false

    init(node: YAMLNode, codingPath: [any CodingKey], options: YAMLDecoder) {
        self.node = node
        self.codingPath = codingPath
        self.options = options
    }

    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard let entries = node.mapping else {
            throw typeMismatch(expected: "a mapping", hint: "write `key: value` pairs here")
        }
        if let complexKey = entries.first(where: { $0.key.scalar == nil }) {
            throw YAMLError(
                code: .typeMismatch,
                mark: complexKey.key.mark,
                message: "expected scalar keys\(codingPath.yamlPlace("in", root: options.rootDescription)), found a \(complexKey.key.sequence != nil ? "sequence" : "mapping") as a key",
                hint: "use plain text as the key"
            )
        }
        openedKeyedContainer = true
        return KeyedDecodingContainer(MappingContainer<Key>(decoder: self, entries: entries))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard let elements = node.sequence else {
            throw typeMismatch(expected: "a sequence", hint: "write `- item` lines or `[a, b]` here")
        }
        return SequenceContainer(decoder: self, elements: elements)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        ScalarContainer(decoder: self)
    }

    /// Notes that the decoded type asked about a mapping key.
    func recordRequest(for key: String) {
        if requestedKeySet.insert(key).inserted {
            requestedKeys.append(key)
        }
    }

    /// Throws `yaml.unknown-key` for the first key of this node's mapping that the decoded
    /// type did not ask about.
    func rejectUnrequestedKeys() throws(YAMLError) {
        guard openedKeyedContainer, !enumeratedAllKeys, let entries = node.mapping else { return }
        for entry in entries {
            guard let name = entry.key.scalar?.text, !requestedKeySet.contains(name) else { continue }
            var hint = requestedKeys.isEmpty
                ? "this mapping takes no keys"
                : "valid keys: \(requestedKeys.joined(separator: ", "))"
            if let suggestion = requestedKeys.closestMatch(to: name) {
                hint = "did you mean '\(suggestion)'? " + hint
            }
            throw YAMLError(
                code: .unknownKey,
                mark: entry.key.mark,
                message: "unknown key '\(name)'\(codingPath.yamlPlace("in", root: options.rootDescription))",
                hint: hint
            )
        }
    }

    /// A `yaml.type-mismatch` error for this node; the hint explains why a quoted or tagged
    /// scalar is not a number.
    func typeMismatch(expected: String, hint: String) -> YAMLError {
        var hint = hint
        if node.typableText == nil, node.scalar != nil {
            hint = node.tag == nil
                ? "a quoted or block scalar is always a string: remove the quotes; " + hint
                : "a tagged scalar is always a string: remove the tag; " + hint
        }
        return YAMLError(
            code: .typeMismatch,
            mark: node.mark,
            message: "expected \(expected)\(codingPath.yamlPlace("at", root: options.rootDescription)), found \(node.shortDescription)",
            hint: hint
        )
    }

    /// Decodes `T` from `node`, checks unknown keys, and turns any error into a located
    /// `YAMLError`.
    static func decodeValue<T: Decodable>(
        _ type: T.Type,
        from node: YAMLNode,
        at path: [any CodingKey],
        options: YAMLDecoder
    ) throws(YAMLError) -> T {
        let decoder = NodeDecoder(node: node, codingPath: path, options: options)
        do {
            let value = try T(from: decoder)
            if options.rejectUnknownKeys {
                try decoder.rejectUnrequestedKeys()
            }
            return value
        } catch let error as YAMLError {
            throw error
        } catch let error as DecodingError {
            throw locate(error, decoding: type, from: node, at: path, root: options.rootDescription)
        } catch {
            throw YAMLError(
                code: .invalidValue,
                mark: node.mark,
                message: "invalid \(T.self)\(path.yamlPlace("at", root: options.rootDescription)): \(error)",
                hint: "change the value to one \(T.self) accepts"
            )
        }
    }

    /// Converts a `DecodingError` thrown by a `Decodable` initializer into a `YAMLError` at
    /// the node its coding path names.
    private static func locate<T>(_ error: DecodingError, decoding type: T.Type, from node: YAMLNode, at path: [any CodingKey], root: String?) -> YAMLError {
        let code: YAMLError.Code
        let context: DecodingError.Context
        switch error {
        case .dataCorrupted(let errorContext):
            (code, context) = (.invalidValue, errorContext)
        case .keyNotFound(_, let errorContext):
            (code, context) = (.missingKey, errorContext)
        case .typeMismatch(_, let errorContext), .valueNotFound(_, let errorContext):
            (code, context) = (.typeMismatch, errorContext)
        @unknown default:
            return YAMLError(code: .invalidValue, mark: node.mark, message: "\(error)")
        }
        let isBelowNode = context.codingPath.count >= path.count
            && zip(context.codingPath, path).allSatisfy { $0.stringValue == $1.stringValue }
        let errorNode = isBelowNode ? node.descendant(along: context.codingPath.dropFirst(path.count)) : node
        let subject = (T.self as? any ValueWrapper.Type)?.wrappedType ?? T.self
        var hint = "change the value to one \(subject) accepts"
        if let iterable = subject as? any CaseIterable.Type {
            let names = caseNames(of: iterable)
            hint = "use one of: \(names.joined(separator: ", "))"
            if let text = errorNode.scalar?.text, let suggestion = names.closestMatch(to: text) {
                hint = "did you mean '\(suggestion)'? " + hint
            }
        }
        return YAMLError(
            code: code,
            mark: errorNode.mark,
            message: "invalid value\(context.codingPath.yamlPlace("at", root: root)): \(context.debugDescription)",
            hint: hint
        )
    }

    /// The names of an enumeration's cases: raw values when it has them.
    private static func caseNames<Enumeration: CaseIterable>(of type: Enumeration.Type) -> [String] {
        Enumeration.allCases.map { value in
            if let rawRepresentable = value as? any RawRepresentable {
                return "\(rawRepresentable.rawValue)"
            }
            return "\(value)"
        }
    }
}

/// The coding key of a sequence element.
struct SequenceIndexKey: CodingKey {
    let index: Int

    init(_ index: Int) { self.index = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.index = intValue }

    var stringValue: String { "\(index)" }
    var intValue: Int? { index }
}

extension Array<any CodingKey> {
    /// ` at artboards[0].shapes[2].x` for a message: the preposition and the path, the root's
    /// description for an empty path, or nothing when the root has none.
    func yamlPlace(_ preposition: String, root: String?) -> String {
        guard let place = isEmpty ? root : yamlDescription else { return "" }
        return " \(preposition) \(place)"
    }

    /// The path as written in messages: `artboards[0].shapes[2].x`, or `the document root`.
    var yamlDescription: String {
        var text = ""
        for key in self {
            if let index = (key as? SequenceIndexKey)?.index {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text.isEmpty ? "the document root" : text
    }
}

extension YAMLNode {
    /// The node reached by following coding keys from this one, stopping at the last key
    /// that exists.
    func descendant(along keys: some Sequence<any CodingKey>) -> YAMLNode {
        var node = self
        for key in keys {
            if let elements = node.sequence, let index = key.intValue, elements.indices.contains(index) {
                node = elements[index]
            } else if let value = node[key.stringValue] {
                node = value
            } else {
                break
            }
        }
        return node
    }

    /// The node as named in messages: `'text'`, `the quoted string "text"`, `a sequence`...
    var shortDescription: String {
        switch content {
        case .sequence: return "a sequence"
        case .mapping: return "a mapping"
        case .scalar(let scalar):
            let text = scalar.text.count > 40 ? scalar.text.prefix(40) + "..." : scalar.text
            if isNull { return text.isEmpty ? "an empty value" : "null ('\(text)')" }
            switch scalar.style {
            case .plain: return "'\(text)'"
            case .singleQuoted, .doubleQuoted: return "the quoted string \"\(text)\""
            case .literal, .folded: return "a block string"
            }
        }
    }
}
