import CYAML

extension YAMLNode {
    /// The deepest nesting of sequences and mappings that parsing accepts.
    ///
    /// Deeper input fails with `yaml.too-deep` instead of exhausting the stack later.
    public static let maximumDepth = 512

    /// The most nodes that aliases may expand to in one document.
    ///
    /// Every alias counts the size of the node it copies; past this bound parsing fails
    /// with `yaml.alias-limit`, which stops "billion laughs" inputs.
    public static let maximumAliasExpansion = 1_000_000

    /// Parses one YAML document from text into a node tree.
    ///
    /// A stream with no document (empty, or only comments) gives a null node at 1:1.
    /// - Parameters:
    ///   - text: The YAML source.
    ///   - file: The file's path, used only in error messages.
    /// - Throws: `YAMLError` with code `yaml.syntax`, `yaml.encoding`,
    ///   `yaml.multiple-documents`, `yaml.too-deep`, `yaml.undefined-alias`,
    ///   `yaml.alias-limit` or `yaml.duplicate-key`.
    public static func parse(_ text: String, file: String? = nil) throws(YAMLError) -> YAMLNode {
        try parse(Array(text.utf8), file: file)
    }

    /// Parses one YAML document from bytes (UTF-8, or UTF-16 with a byte order mark) into a
    /// node tree.
    ///
    /// A stream with no document (empty, or only comments) gives a null node at 1:1.
    /// - Parameters:
    ///   - bytes: The YAML source.
    ///   - file: The file's path, used only in error messages.
    /// - Throws: `YAMLError`, as the `String` overload does.
    public static func parse(_ bytes: [UInt8], file: String? = nil) throws(YAMLError) -> YAMLNode {
        do {
            return try parseDocument(bytes)
        } catch {
            var located = error
            located.file = file
            throw located
        }
    }

    /// The node a stream without documents stands for.
    static let emptyDocument = YAMLNode(.scalar(Scalar(text: "", style: .plain)), mark: .start)

    /// Runs libyaml's event parser over `bytes` and builds the tree from its events.
    private static func parseDocument(_ bytes: [UInt8]) throws(YAMLError) -> YAMLNode {
        guard !bytes.isEmpty else { return emptyDocument }
        // The parser keeps a pointer to itself (its string reader's handler data), so it
        // lives at a fixed heap address rather than in a Swift variable.
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) == 1 else {
            throw YAMLError(code: .syntax, mark: .start, message: "libyaml could not allocate a parser")
        }
        defer { yaml_parser_delete(parser) }

        // libyaml reads the input in place: the buffer stays alive for the whole closure.
        let result: Result<YAMLNode, YAMLError> = bytes.withUnsafeBufferPointer { input in
            yaml_parser_set_input_string(parser, input.baseAddress, input.count)
            var builder = TreeBuilder()
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(parser, &event) == 1 else {
                    return .failure(libyamlError(parser.pointee, input: input))
                }
                defer { yaml_event_delete(&event) }
                do throws(YAMLError) {
                    if try builder.consume(event) == .streamEnded { break }
                } catch {
                    return .failure(error)
                }
            }
            return .success(builder.document ?? emptyDocument)
        }
        return try result.get()
    }

    /// Converts the error libyaml's parser stopped with into a located `YAMLError`.
    private static func libyamlError(_ parser: yaml_parser_t, input: UnsafeBufferPointer<UInt8>) -> YAMLError {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown libyaml error"
        switch parser.error {
        case YAML_READER_ERROR:
            var message = problem
            if parser.problem_value != -1 {
                message += " (0x\(String(parser.problem_value, radix: 16, uppercase: true)))"
            }
            return YAMLError(
                code: .encoding,
                mark: mark(ofByteOffset: parser.problem_offset, in: input),
                message: message,
                hint: "save the file as UTF-8 without control characters"
            )
        case YAML_MEMORY_ERROR:
            return YAMLError(code: .syntax, mark: .start, message: "libyaml ran out of memory")
        default:
            var message = problem
            if let context = parser.context {
                message += " (\(String(cString: context)) that starts at \(Mark(parser.context_mark)))"
            }
            return YAMLError(
                code: .syntax,
                mark: Mark(parser.problem_mark),
                message: message,
                hint: "check the indentation, the quoting and the `:`/`-` markers around this position"
            )
        }
    }

    /// The line and column of a byte offset, counting Unicode scalars in the line.
    private static func mark(ofByteOffset offset: Int, in input: UnsafeBufferPointer<UInt8>) -> Mark {
        var mark = Mark.start
        for byte in input.prefix(offset) {
            if byte == UInt8(ascii: "\n") {
                mark.line += 1
                mark.column = 1
            } else if byte & 0b1100_0000 != 0b1000_0000 {
                mark.column += 1
            }
        }
        return mark
    }
}

extension Mark {
    /// Converts libyaml's 0-based mark.
    init(_ mark: yaml_mark_t) {
        self.init(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }
}
