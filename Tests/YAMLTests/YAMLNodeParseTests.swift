import Testing
import YAML

@Suite struct YAMLNodeParseTests {
    @Test func nestedStructureWithExactMarks() throws {
        let text = """
            name: demo
            artboards:
              - width: 100
                shapes: [a, 'b', "c"]
            """
        let root = try YAMLNode.parse(text)
        let entries = try #require(root.mapping)
        #expect(root.mark == Mark(line: 1, column: 1))
        #expect(entries.map { $0.key.scalar?.text } == ["name", "artboards"])
        #expect(entries[0].value.mark == Mark(line: 1, column: 7))
        #expect(entries[1].key.mark == Mark(line: 2, column: 1))

        let artboards = try #require(root["artboards"]?.sequence)
        #expect(artboards.count == 1)
        #expect(artboards[0].mark == Mark(line: 3, column: 5))
        let width = try #require(artboards[0]["width"])
        #expect(width.scalar == YAMLNode.Scalar(text: "100", style: .plain))
        #expect(width.mark == Mark(line: 3, column: 12))

        let shapes = try #require(artboards[0]["shapes"])
        #expect(shapes.mark == Mark(line: 4, column: 13))
        #expect(shapes.sequence?.map(\.scalar) == [
            YAMLNode.Scalar(text: "a", style: .plain),
            YAMLNode.Scalar(text: "b", style: .singleQuoted),
            YAMLNode.Scalar(text: "c", style: .doubleQuoted),
        ])
        #expect(shapes.sequence?.map(\.mark.column) == [14, 17, 22])
    }

    @Test func mappingKeepsDocumentOrder() throws {
        let root = try YAMLNode.parse("z: 1\na: 2\nm: 3\n")
        #expect(root.mapping?.map { $0.key.scalar?.text } == ["z", "a", "m"])
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let root = try YAMLNode.parse("é: [ü, x]\n")
        #expect(root["é"]?.sequence?.map(\.mark.column) == [5, 8])
    }

    @Test func scalarStylesAndTags() throws {
        let root = try YAMLNode.parse("a: |\n  text\nb: >\n  folded\nc: !!str 5\nd: !custom x\n")
        #expect(root["a"]?.scalar == YAMLNode.Scalar(text: "text\n", style: .literal))
        #expect(root["b"]?.scalar?.style == .folded)
        #expect(root["c"]?.tag == "tag:yaml.org,2002:str")
        #expect(root["d"]?.tag == "!custom")
        #expect(root["a"]?.tag == nil)
    }

    @Test(arguments: ["", "# only a comment\n", "\n\n"])
    func streamWithoutDocumentIsNull(text: String) throws {
        let root = try YAMLNode.parse(text)
        #expect(root.isNull)
        #expect(root.mark == Mark(line: 1, column: 1))
    }

    @Test func explicitEmptyDocumentIsNull() throws {
        #expect(try YAMLNode.parse("---\n").isNull)
    }

    @Test func nullForms() throws {
        let root = try YAMLNode.parse("a: ~\nb: null\nc:\nd: ''\ne: \"null\"\nf: NULL\n")
        #expect(["a", "b", "c", "f"].allSatisfy { root[$0]?.isNull == true })
        #expect(root["d"]?.isNull == false)
        #expect(root["e"]?.isNull == false)
    }

    /// A collection's mark is where its properties (the anchor) start.
    @Test func aliasesResolveToTheAnchoredNode() throws {
        let root = try YAMLNode.parse("base: &b {x: 1, y: 2}\ncopy: *b\nlist: [&s hi, *s]\n")
        #expect(root["copy"] == root["base"])
        #expect(root["copy"]?.mark == Mark(line: 1, column: 7))
        #expect(root["list"]?.sequence?.map { $0.scalar?.text } == ["hi", "hi"])
    }

    @Test func undefinedAlias() {
        expectYAMLError(.undefinedAlias, at: 2, 4) { () throws(YAMLError) in try YAMLNode.parse("a: 1\nb: *nope\n") }
    }

    @Test func recursiveAliasIsUndefined() {
        expectYAMLError(.undefinedAlias, at: 1, 11) { () throws(YAMLError) in try YAMLNode.parse("a: &x [1, *x]\n") }
    }

    @Test func billionLaughsIsRejected() {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            let previous = "*a\(level - 1)"
            text += "a\(level): &a\(level) [\(Array(repeating: previous, count: 10).joined(separator: ", "))]\n"
        }
        // a0..a4 expand to 123,440 nodes; each *a4 adds 111,111, so the 8th one on line 6 crosses the bound.
        let error = expectYAMLError(.aliasLimit, at: 6, 45) { () throws(YAMLError) in try YAMLNode.parse(text) }
        #expect(error?.message.contains("1000000") == true)
    }

    @Test func duplicateKeyIsReportedAtTheSecondKey() {
        let error = expectYAMLError(.duplicateKey, at: 3, 3) { () throws(YAMLError) in
            try YAMLNode.parse("top:\n  name: a\n  name: b\n")
        }
        #expect(error?.message.contains("first is at 2:3") == true)
    }

    @Test func quotedAndPlainKeysWithTheSameTextAreDuplicates() {
        expectYAMLError(.duplicateKey, at: 1, 8) { () throws(YAMLError) in try YAMLNode.parse("{a: 1, \"a\": 2}") }
    }

    @Test func duplicateComplexKeys() {
        expectYAMLError(.duplicateKey, at: 3, 3) { () throws(YAMLError) in try YAMLNode.parse("? [1, 2]\n: a\n? [1, 2]\n: b\n") }
    }

    @Test func syntaxErrorHasLibyamlsLocation() {
        let error = expectYAMLError(.syntax, at: 2, 5) { () throws(YAMLError) in try YAMLNode.parse("a: b\nc: d: e\n", file: "bad.yaml") }
        #expect(error?.message.contains("mapping values are not allowed") == true)
        #expect(error?.description.hasPrefix("bad.yaml:2:5: error[yaml.syntax]: mapping values") == true)
        #expect(error?.description.contains("\n  hint: ") == true)
    }

    @Test func syntaxErrorWithContext() {
        let error = expectYAMLError(.syntax, at: 2, 2) { () throws(YAMLError) in try YAMLNode.parse("a: [1, 2\nb: 3\n") }
        #expect(error?.message.contains("that starts at 1:4") == true)
    }

    @Test func secondDocumentIsAnError() {
        expectYAMLError(.multipleDocuments, at: 3, 1) { () throws(YAMLError) in try YAMLNode.parse("---\na: 1\n---\nb: 2\n") }
    }

    @Test func deepFlowNestingIsRejectedWithoutCrashing() {
        let text = String(repeating: "[", count: 100_000)
        expectYAMLError(.tooDeep, at: 1, 513) { () throws(YAMLError) in try YAMLNode.parse(text) }
    }

    @Test func deepBlockNestingIsRejected() {
        let text = String(repeating: "- ", count: 600) + "x\n"
        expectYAMLError(.tooDeep, at: 1, 1025) { () throws(YAMLError) in try YAMLNode.parse(text) }
    }

    @Test func nestingAtTheLimitIsAccepted() throws {
        let depth = YAMLNode.maximumDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        var node = try YAMLNode.parse(text)
        var levels = 0
        while let elements = node.sequence {
            levels += 1
            guard let first = elements.first else { break }
            node = first
        }
        #expect(levels == depth)
    }

    @Test func aliasThatWouldNestTooDeepIsRejected() {
        let depth = YAMLNode.maximumDepth
        let inner = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        let text = "a: &deep \(inner)\nb: " + String(repeating: "[", count: 300) + "*deep" + String(repeating: "]", count: 300) + "\n"
        #expect(depth < 601)
        expectYAMLError(.tooDeep, at: 2, 304) { () throws(YAMLError) in try YAMLNode.parse(text) }
    }

    @Test func invalidUTF8IsLocated() {
        let bytes = Array("a: 1\nbé: ".utf8) + [0xFF, 0x0A]
        let error = expectYAMLError(.encoding, at: 2, 5) { () throws(YAMLError) in try YAMLNode.parse(bytes, file: "x.yaml") }
        #expect(error?.message.contains("0xFF") == true)
        #expect(error?.file == "x.yaml")
    }
}
