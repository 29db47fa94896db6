import Testing
import YAML

/// `YAMLSourceLayout`: comments where libyaml's scanner skips them, and scalar spans.
@Suite struct YAMLSourceLayoutTests {
    @Test("comments between tokens are found with their marks; a # inside a scalar is text")
    func comments() throws {
        let text = """
            # first
            a: "x # y"   # after a quoted scalar
            b: >  # after a header
              text # in a block scalar
            c: [1, 2 # in a flow sequence
              , 'p#q']
              # indented
            d: e#f
            """
        let layout = try YAMLSourceLayout.scan(text)
        #expect(layout.comments.map(\.text) == ["# first", "# after a quoted scalar", "# after a header", "# in a flow sequence", "# indented"])
        #expect(layout.comments.map(\.mark) == [Mark(line: 1, column: 1), Mark(line: 2, column: 14), Mark(line: 3, column: 7),
                                                Mark(line: 5, column: 10), Mark(line: 7, column: 3)])
        #expect(layout.comments.map(\.isFullLine) == [true, false, false, false, true])
        #expect(layout.constructs.isEmpty)
    }

    @Test("a scalar's span starts at its node's mark and ends after its last character")
    func scalarSpans() throws {
        let text = "a: 'one\n  two'\nb: plain\n"
        let root = try YAMLNode.parse(text)
        let layout = try YAMLSourceLayout.scan(text)
        let quoted = try #require(root["a"])
        #expect(layout.scalars[quoted.mark]?.start == Mark(line: 1, column: 4))
        #expect(layout.scalars[quoted.mark]?.end == Mark(line: 2, column: 7))
        let plain = try #require(root["b"])
        #expect(layout.scalars[plain.mark]?.end == Mark(line: 3, column: 9))
    }

    @Test("anchors, aliases, tags and directives are reported; lines break as libyaml breaks them")
    func constructsAndLines() throws {
        let layout = try YAMLSourceLayout.scan("%YAML 1.2\n---\na: &x !!str v\nb: *x\n")
        #expect(layout.constructs.map(\.kind) == ["directive", "anchor", "tag", "alias"])
        #expect(YAMLSourceLayout.lines(of: "\u{FEFF}a\r\nb\rc\nd\u{2028}e").map { String(String.UnicodeScalarView($0)) } == ["a", "b", "c", "d", "e"])
        #expect(throws: YAMLError.self) { try YAMLSourceLayout.scan("a: \"unclosed\n") }
    }
}
