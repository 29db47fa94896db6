import Conformance
import Testing
import YAML

/// `ScenarioFormatter`: the canonical layout, comments, quoting and the 100-column fallback.
@Suite("scenario formatter")
struct ScenarioFormatterTests {
    let formatter = ScenarioFormatter()

    /// Formats text and checks that formatting the result again changes nothing.
    func formatted(_ text: String) throws -> String {
        let once = try formatter.format(text, file: "test.yaml")
        #expect(try formatter.format(once, file: "test.yaml") == once, "formatting is not idempotent:\n\(once)")
        return once
    }

    @Test("a block-style step becomes one flow line, keys in the action's order; top-level keys in the fixed order")
    func canonicalOrder() throws {
        let text = """
            steps:
              - get: vmi
                expect: 4
                type: number
                property: mood
              - load: file
            rules: [PROP-1]
            fixture: all-types
            description: A number.
            """
        #expect(try formatted(text) == """
            description: A number.
            rules: [PROP-1]
            fixture: all-types
            steps:
              - {get: vmi, property: mood, type: number, expect: 4}
              - {load: file}

            """)
    }

    @Test("throws comes last, and keys an action does not know follow its known keys in their written order")
    func unknownKeysAndThrows() throws {
        let text = """
            description: d
            steps:
              - {instance: vmi, throws: FileError.invalidViewModel, z: 1, file: file, y: 2, source: blank}
              - {notAnAction: x, b: 1, a: 2}
            """
        #expect(try formatted(text) == """
            description: d
            steps:
              - {instance: vmi, file: file, source: blank, z: 1, y: 2, throws: FileError.invalidViewModel}
              - {notAnAction: x, b: 1, a: 2}

            """)
    }

    @Test("full-line and trailing comments stay, a step's inner comments go before or after its line")
    func commentsAreKept() throws {
        let text = """
            # The file's first comment.
            description: >  # folded
              A description with a # that is text,
              over two lines.
            rules: [PROP-1]   # the rule
            steps:
              # Load first.
              - load: file
              - instance: vmi
                file: file
                # the artboard's view model
                source: viewModelDefault
                artboard: ab                 # by artboard
              - {get: vmi, property: "a # b", type: string, expect: '#x'}  # quoted hashes are text
            # The end.
            """
        #expect(try formatted(text) == """
            # The file's first comment.
            description: >  # folded
              A description with a # that is text,
              over two lines.
            rules: [PROP-1]  # the rule
            steps:
              # Load first.
              - {load: file}
              # the artboard's view model
              - {instance: vmi, file: file, source: viewModelDefault, artboard: ab}  # by artboard
              - {get: vmi, property: "a # b", type: string, expect: '#x'}  # quoted hashes are text
            # The end.

            """)
    }

    @Test("several trailing comments in one step, or one that does not fit, go on lines of their own before it")
    func trailingCommentsThatDoNotFit() throws {
        let text = """
            description: d
            steps:
              - set: vmi    # one
                property: p # two
                type: number
                value: 1
              - {advance: sm, by: 0.016}  # a comment long enough that the step and it together pass the hundredth column
            """
        #expect(try formatted(text) == """
            description: d
            steps:
              # one
              # two
              - {set: vmi, property: p, type: number, value: 1}
              # a comment long enough that the step and it together pass the hundredth column
              - {advance: sm, by: 0.016}

            """)
    }

    @Test("scalars keep their spelling and their YAML type; flow style quotes what it would misread")
    func quotingEdgeCases() throws {
        let text = """
            description: "yes"
            steps:
              - set: vmi
                property: a, b
                type: string
                value: 'null'
              - set: vmi
                property: "1.0"
                type: number
                value: 1.50
              - {get: vmi, property: '', type: number, expect: 0x1F, compare: {absolute: 1e-4}}
              - {get: vmi, property: " lead", type: string, expect: "a: b"}
              - {get: vmi, property: x, type: boolean, expect: true}
              - {get: vmi, property: x, type: string, expect: "true"}
              - {get: vmi, property: x, type: number, expect: -0.5}
              - set: vmi
                property: p
                type: string
                value: multi
                  line plain
              - {set: vmi, property: p, type: string, value: "it's \\"quoted\\" \\u00e9"}
              - set: vmi
                property: url
                type: string
                value: http://example.org/a
            """
        #expect(try formatted(text) == """
            description: "yes"
            steps:
              - {set: vmi, property: "a, b", type: string, value: 'null'}
              - {set: vmi, property: "1.0", type: number, value: 1.50}
              - {get: vmi, property: '', type: number, expect: 0x1F, compare: {absolute: 1e-4}}
              - {get: vmi, property: " lead", type: string, expect: "a: b"}
              - {get: vmi, property: x, type: boolean, expect: true}
              - {get: vmi, property: x, type: string, expect: "true"}
              - {get: vmi, property: x, type: number, expect: -0.5}
              - {set: vmi, property: p, type: string, value: multi line plain}
              - {set: vmi, property: p, type: string, value: "it's \\"quoted\\" \\u00e9"}
              - {set: vmi, property: url, type: string, value: "http://example.org/a"}

            """)
    }

    @Test("a step longer than 100 columns is a block mapping whose values follow the same rule")
    func hundredColumnFallback() throws {
        let long = (1...12).map { "view-model-instance.code-\($0)" }.joined(separator: ", ")
        let text = """
            description: d
            features: [a, b]
            steps:
              - {rive: deprecated, file: file, artboard: ab, stateMachine: sm, dataBind: auto, viewModelInstance: exposed}
              - {rive: r, file: file, artboard: ab, stateMachine: sm, dataBind: auto, viewModelInstance: ex}
              - {log: [\(long)]}
              - {tick: v, at: 2, expect: {advanced: true, drew: true, settled: false, advanceSeconds: 0.016}, onscreen: true}
            """
        let result = try formatted(text)
        #expect(result == """
            description: d
            features: [a, b]
            steps:
              - rive: deprecated
                file: file
                artboard: ab
                stateMachine: sm
                dataBind: auto
                viewModelInstance: exposed
              - {rive: r, file: file, artboard: ab, stateMachine: sm, dataBind: auto, viewModelInstance: ex}
              - log:
                  - view-model-instance.code-1
                  - view-model-instance.code-2
                  - view-model-instance.code-3
                  - view-model-instance.code-4
                  - view-model-instance.code-5
                  - view-model-instance.code-6
                  - view-model-instance.code-7
                  - view-model-instance.code-8
                  - view-model-instance.code-9
                  - view-model-instance.code-10
                  - view-model-instance.code-11
                  - view-model-instance.code-12
              - tick: v
                at: 2
                onscreen: true
                expect: {advanced: true, drew: true, settled: false, advanceSeconds: 0.016}

            """)
        #expect(result.split(separator: "\n").allSatisfy { $0.count <= ScenarioFormatter.lineWidth })
    }

    @Test("one blank line between steps stays, several become one")
    func blankLines() throws {
        let text = "description: d\nsteps:\n  - load: file\n\n\n  # next\n  - {worker: w}\n\n  - {release: w}\n"
        #expect(try formatted(text) == "description: d\nsteps:\n  - {load: file}\n\n  # next\n  - {worker: w}\n\n  - {release: w}\n")
    }

    @Test("line breaks become \\n, a byte order mark goes, an empty mapping stays one")
    func lineBreaksAndEdges() throws {
        #expect(try formatted("\u{FEFF}description: d  # c\r\nsteps:\r\n  - load: file\r\n") == "description: d  # c\nsteps:\n  - {load: file}\n")
        #expect(try formatted("{}  # nothing yet\n") == "{}\n# nothing yet\n")
    }

    @Test("a scalar written over several lines keeps its lines in block style and is joined in flow style")
    func multiLineScalars() throws {
        let text = """
            description: A plain description
              over two lines.
            steps:
              - set: vmi
                property: p
                type: string
                value: "a quoted value \\
                  over two lines with a very long text that cannot fit into one line of a hundred columns at all"
              - {get: vmi, property: p, type: string, expect: 'one
                  two'}
            """
        #expect(try formatted(text) == """
            description: A plain description
              over two lines.
            steps:
              - set: vmi
                property: p
                type: string
                value: "a quoted value \\
                  over two lines with a very long text that cannot fit into one line of a hundred columns at all"
              - {get: vmi, property: p, type: string, expect: 'one two'}

            """)
    }

    @Test("a malformed file is a located diagnostic with a hint, never formatted")
    func malformedFiles() {
        let cases: [(text: String, code: String, line: Int)] = [
            ("description: d\nsteps:\n  - {load: file\n", "yaml.syntax", 4),
            ("description: d\nsteps: [a]\nsteps: [b]\n", "yaml.duplicate-key", 3),
            ("- just\n- a list\n", "fmt.not-a-mapping", 1),
            ("description: &d text\nsteps: [*d]\n", "fmt.unsupported", 1),
            ("description: !!str d\n", "fmt.unsupported", 1),
            ("description: |2\n    indented\n", "fmt.unsupported", 1),
            ("? [a, b]\n: c\n", "fmt.unsupported", 1),
            ("description: d\n? \n", "fmt.unsupported", 2),
            ("? |\n  block key\n: v\n", "fmt.unsupported", 1),
        ]
        for (text, code, line) in cases {
            do {
                _ = try formatter.format(text, file: "bad.yaml")
                Issue.record("formatted a malformed file: \(text)")
            } catch {
                #expect(error.code == code, "\(text): \(error)")
                #expect(error.line == line, "\(text): \(error)")
                #expect(error.file == "bad.yaml")
                #expect(!error.hint.isEmpty)
            }
        }
    }

    @Test("meaning comparison: layout and key order do not matter, scalar types and a step's first key do")
    func meaningDifference() throws {
        func difference(_ left: String, _ right: String) throws -> Mark? {
            ScenarioFormatter.meaningDifference(try YAMLNode.parse(left), try YAMLNode.parse(right))
        }
        #expect(try difference("a: 1\nb: [x, y]\nc: text", "{a: 1, c: 'text', b: [x, \"y\"]}") == nil)
        #expect(try difference("a: 4", "a: '4'") == Mark(line: 1, column: 4))
        #expect(try difference("a: true", "a: \"true\"") != nil)
        #expect(try difference("a: null", "a: 'null'") != nil)
        #expect(try difference("a: 1.0", "a: 1") != nil)
        #expect(try difference("a: 1\nb: 2", "b: 2\na: 1") == nil)
        #expect(try difference("- {a: 1, b: 2}", "- {b: 2, a: 1}") != nil)
        #expect(try difference("- {a: 1, b: 2, c: 3}", "- {a: 1, c: 3, b: 2}") == nil)
        #expect(try difference("a: [x, y]", "a: [y, x]") != nil)
        #expect(try difference("a: {x: 1}", "a: {x: 1, y: 2}") != nil)
    }
}
