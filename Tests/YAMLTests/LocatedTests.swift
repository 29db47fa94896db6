import Testing
import YAML

@Suite struct LocatedTests {
    private struct Reference: Decodable {
        var target: Located<String>
        var size: Located<Int>?
        var points: [Located<Double>]
    }

    @Test func recordsValuesAndMarks() throws {
        let text = "target: button\nsize: 3\npoints:\n  - 1.5\n  - 2\n"
        let reference = try YAMLDecoder().decode(Reference.self, from: text)
        #expect(reference.target == Located("button", at: Mark(line: 1, column: 9)))
        #expect(reference.size == Located(3, at: Mark(line: 2, column: 7)))
        #expect(reference.points.map(\.mark) == [Mark(line: 4, column: 5), Mark(line: 5, column: 5)])
        #expect(reference.points.map(\.value) == [1.5, 2])
    }

    @Test func locatedStructAndTypeErrorsInside() throws {
        struct Point: Decodable, Equatable { var x: Int }
        let located = try YAMLDecoder().decode([Located<Point>].self, from: "- x: 1\n- {x: 2}\n")
        #expect(located.map(\.mark) == [Mark(line: 1, column: 3), Mark(line: 2, column: 3)])
        #expect(located.map(\.value) == [Point(x: 1), Point(x: 2)])
        expectYAMLError(.typeMismatch, at: 1, 5) { () throws(YAMLError) in try YAMLDecoder().decode(Located<Point>.self, from: "{x: y}") }
    }

    @Test func locatedEnumErrorsListTheEnumsCases() {
        enum Kind: String, Decodable, CaseIterable { case number, string, trigger }
        struct Property: Decodable { var type: Located<Kind> }
        let error = expectYAMLError(.invalidValue, at: 1, 7) { () throws(YAMLError) in try YAMLDecoder().decode(Property.self, from: "type: triggr\n") }
        #expect(error?.hint == "did you mean 'trigger'? use one of: number, string, trigger")
        let far = expectYAMLError(.invalidValue, at: 1, 7) { () throws(YAMLError) in try YAMLDecoder().decode(Property.self, from: "type: decimal\n") }
        #expect(far?.hint == "use one of: number, string, trigger")
    }

    @Test func decoderExposesTheNodeAndMark() throws {
        struct Probe: Decodable {
            var mark: Mark?
            var isSequence: Bool
            init(from decoder: any Decoder) throws {
                mark = decoder.yamlMark
                isSequence = decoder.yamlNode?.sequence != nil
            }
        }
        let probes = try YAMLDecoder().decode([String: Probe].self, from: "a: [1]\nb: x\n")
        #expect(probes["a"]?.mark == Mark(line: 1, column: 4))
        #expect(probes["a"]?.isSequence == true)
        #expect(probes["b"]?.isSequence == false)
    }
}
