import Testing
import YAML

private struct Document: Decodable, Equatable {
    var name: String
    var artboards: [Artboard]
    var tags: [String: Int]?
}

private struct Artboard: Decodable, Equatable {
    var width: Double
    var height: Double
    var shapes: [Shape]
}

private struct Shape: Decodable, Equatable {
    var kind: Kind
    var x: Int
    var color: UInt32?
}

private enum Kind: String, Decodable, CaseIterable {
    case rectangle, ellipse
}

@Suite struct YAMLDecoderTests {
    private let decoder = YAMLDecoder()

    @Test func decodesNestedStructures() throws {
        let text = """
            name: demo
            artboards:
              - width: 100
                height: 50.5
                shapes:
                  - {kind: rectangle, x: -3, color: 0xFF00FF00}
                  - kind: ellipse
                    x: 7
            tags: {a: 1, b: 2}
            """
        let document = try decoder.decode(Document.self, from: text)
        #expect(document == Document(
            name: "demo",
            artboards: [Artboard(width: 100, height: 50.5, shapes: [
                Shape(kind: .rectangle, x: -3, color: 0xFF00_FF00),
                Shape(kind: .ellipse, x: 7, color: nil),
            ])],
            tags: ["a": 1, "b": 2]
        ))
    }

    @Test(arguments: [
        ("42", 42), ("-7", -7), ("+5", 5), ("0x1F", 31), ("-0x10", -16), ("0o17", 15), ("007", 7),
    ])
    func integers(text: String, expected: Int) throws {
        #expect(try decoder.decode(Int.self, from: text) == expected)
    }

    @Test func integerWidths() throws {
        #expect(try decoder.decode(UInt8.self, from: "255") == 255)
        #expect(try decoder.decode(Int8.self, from: "-128") == -128)
        #expect(try decoder.decode(UInt32.self, from: "0xFFFFFFFF") == .max)
        #expect(try decoder.decode(Int64.self, from: "-9223372036854775808") == .min)
        #expect(try decoder.decode(UInt64.self, from: "18446744073709551615") == .max)
    }

    @Test(arguments: [
        ("1.5", 1.5), ("-2e3", -2000), ("+.5", 0.5), ("1.", 1), ("3", 3), ("1E-2", 0.01),
        (".inf", .infinity), ("-.Inf", -.infinity), ("+.INF", .infinity),
    ])
    func doubles(text: String, expected: Double) throws {
        #expect(try decoder.decode(Double.self, from: text) == expected)
    }

    @Test func nanAndFloat() throws {
        #expect(try decoder.decode(Double.self, from: ".nan").isNaN)
        #expect(try decoder.decode(Float.self, from: ".NaN").isNaN)
        #expect(try decoder.decode(Float.self, from: "0.25") == 0.25)
    }

    @Test(arguments: [("true", true), ("True", true), ("TRUE", true), ("false", false), ("False", false), ("FALSE", false)])
    func booleans(text: String, expected: Bool) throws {
        #expect(try decoder.decode(Bool.self, from: text) == expected)
    }

    @Test(arguments: ["yes", "no", "on", "tRue", "1"])
    func yaml11BooleansAreNotBooleans(text: String) {
        expectYAMLError(.typeMismatch, at: 1, 1) { () throws(YAMLError) in try decoder.decode(Bool.self, from: text) }
    }

    @Test func everyScalarIsAString() throws {
        #expect(try decoder.decode([String].self, from: "[42, true, 1.5, '', x]") == ["42", "true", "1.5", "", "x"])
        #expect(try decoder.decode(String.self, from: "|\n  two\n  lines\n") == "two\nlines\n")
    }

    @Test func nulls() throws {
        let values = try decoder.decode([String: Int?].self, from: "a: ~\nb: null\nc:\nd: 4\n")
        #expect(values == ["a": nil, "b": nil, "c": nil, "d": 4])
        #expect(try decoder.decode([String?].self, from: "[~, '', \"null\", NULL]") == [nil, "", "null", nil])
        #expect(try decoder.decode(Int?.self, from: "") == nil)
    }

    @Test func quotedNumberIsAString() {
        let error = expectYAMLError(.typeMismatch, at: 1, 4) { () throws(YAMLError) in try decoder.decode([String: Int].self, from: "x: \"5\"") }
        #expect(error?.message == "expected an integer (Int) at x, found the quoted string \"5\"")
        #expect(error?.hint?.contains("remove the quotes") == true)
    }

    @Test func taggedStringIsNotANumber() {
        expectYAMLError(.typeMismatch, at: 1, 1) { () throws(YAMLError) in try decoder.decode(Int.self, from: "!!str 5") }
    }

    @Test func typeMismatchNamesTypeKeyPathAndLocation() {
        let text = """
            name: demo
            artboards:
              - width: 100
                height: 50
                shapes:
                  - {kind: rectangle, x: 1}
                  - {kind: ellipse, x: 2}
                  - {kind: ellipse, x: 1.5}
            """
        let error = expectYAMLError(.typeMismatch, at: 8, 28) { () throws(YAMLError) in
            try decoder.decode(Document.self, from: text, file: "scene.yaml")
        }
        #expect(error?.message == "expected an integer (Int) at artboards[0].shapes[2].x, found '1.5'")
        #expect(error?.description.hasPrefix("scene.yaml:8:28: error[yaml.type-mismatch]: expected an integer (Int) at artboards[0].shapes[2].x") == true)
    }

    @Test func shapeMismatches() {
        expectYAMLError(.typeMismatch, at: 2, 3) { () throws(YAMLError) in try decoder.decode([String: [Int]].self, from: "a:\n  b: 1\n") }
        expectYAMLError(.typeMismatch, at: 1, 1) { () throws(YAMLError) in try decoder.decode(Shape.self, from: "- 1\n") }
        expectYAMLError(.typeMismatch, at: 1, 4) { () throws(YAMLError) in try decoder.decode([String: String].self, from: "a: [x]") }
        expectYAMLError(.typeMismatch, at: 1, 2) { () throws(YAMLError) in try decoder.decode([String: Int].self, from: "{[1]: 2}") }
    }

    @Test func outOfRange() {
        let error = expectYAMLError(.outOfRange, at: 1, 4) { () throws(YAMLError) in try decoder.decode([String: UInt8].self, from: "x: 256") }
        #expect(error?.hint == "use an integer in 0...255")
        expectYAMLError(.outOfRange, at: 1, 1) { () throws(YAMLError) in try decoder.decode(UInt.self, from: "-1") }
        expectYAMLError(.outOfRange, at: 1, 1) { () throws(YAMLError) in try decoder.decode(Int32.self, from: "0xFFFFFFFF") }
        expectYAMLError(.outOfRange, at: 1, 1) { () throws(YAMLError) in try decoder.decode(Int.self, from: "99999999999999999999") }
        expectYAMLError(.outOfRange, at: 1, 1) { () throws(YAMLError) in try decoder.decode(Float.self, from: "1e39") }
        expectYAMLError(.outOfRange, at: 1, 1) { () throws(YAMLError) in try decoder.decode(Double.self, from: "1e999") }
    }

    @Test(arguments: ["0x", "1_000", "1.2.3", "e5", ".", "-.nan", "inf", "0xG"])
    func notNumbers(text: String) {
        expectYAMLError(.typeMismatch, at: 1, 1) { () throws(YAMLError) in try decoder.decode(Double.self, from: text) }
    }

    @Test func missingKeyIsReportedAtTheMapping() {
        let text = "name: demo\nartboards:\n  - width: 1\n    shapes: []\n"
        let error = expectYAMLError(.missingKey, at: 3, 5) { () throws(YAMLError) in try decoder.decode(Document.self, from: text) }
        #expect(error?.message == "missing key 'height' in artboards[0]")
    }

    @Test func missingKeySuggestsATypo() {
        let error = expectYAMLError(.missingKey, at: 1, 1) { () throws(YAMLError) in
            try decoder.decode(Shape.self, from: "knd: ellipse\nx: 2\n")
        }
        #expect(error?.hint?.hasPrefix("did you mean 'kind' instead of 'knd' (at 1:1)?") == true)
    }

    @Test func unknownEnumCaseListsTheCases() {
        let error = expectYAMLError(.invalidValue, at: 1, 7) { () throws(YAMLError) in
            try decoder.decode(Shape.self, from: "kind: elipse\nx: 1\n")
        }
        #expect(error?.hint == "did you mean 'ellipse'? use one of: rectangle, ellipse")
        #expect(error?.message.hasPrefix("invalid value at kind:") == true)
    }

    @Test func customErrorsAreLocated() {
        struct Even: Decodable {
            struct Odd: Error {}
            init(from decoder: any Decoder) throws {
                let value = try decoder.singleValueContainer().decode(Int.self)
                if value % 2 != 0 { throw Odd() }
            }
        }
        expectYAMLError(.invalidValue, at: 1, 5) { () throws(YAMLError) in try decoder.decode([Even].self, from: "[2, 3]") }
    }

    @Test func decodingErrorsFromCustomInitializersAreLocatedByCodingPath() {
        struct Range: Decodable {
            enum CodingKeys: String, CodingKey { case low, high }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                let low = try container.decode(Int.self, forKey: .low)
                let high = try container.decode(Int.self, forKey: .high)
                if high < low {
                    throw DecodingError.dataCorruptedError(forKey: .high, in: container, debugDescription: "high is below low")
                }
            }
        }
        let error = expectYAMLError(.invalidValue, at: 3, 9) { () throws(YAMLError) in
            try decoder.decode([String: Range].self, from: "r:\n  low: 5\n  high: 1\n")
        }
        #expect(error?.message == "invalid value at r.high: high is below low")
    }

    @Test func parseErrorsCarryTheFile() {
        let error = expectYAMLError(.syntax, at: 1, 5) { () throws(YAMLError) in try decoder.decode(Int.self, from: "a: b: c", file: "f.yaml") }
        #expect(error?.file == "f.yaml")
    }

    @Test func decodesFromBytesAndNodes() throws {
        #expect(try decoder.decode([Int].self, from: Array("[1, 2]".utf8)) == [1, 2])
        let node = try YAMLNode.parse("{a: 1}")
        #expect(try decoder.decode([String: Int].self, from: node) == ["a": 1])
    }

    @Test func emptyDocumentDecodesAsNull() throws {
        #expect(try decoder.decode(Document?.self, from: "") == nil)
        expectYAMLError(.typeMismatch, at: 1, 1) { () throws(YAMLError) in try decoder.decode(Document.self, from: "# nothing\n") }
    }

    @Test func aliasesDecode() throws {
        let values = try decoder.decode([String: [Int]].self, from: "a: &list [1, 2]\nb: *list\n")
        #expect(values["b"] == [1, 2])
    }

    @Test func userInfoReachesDecoders() throws {
        struct Scaled: Decodable {
            static let factor = CodingUserInfoKey(rawValue: "factor")!
            var value: Int
            init(from decoder: any Decoder) throws {
                value = try decoder.singleValueContainer().decode(Int.self) * (decoder.userInfo[Self.factor] as? Int ?? 1)
            }
        }
        let scaling = YAMLDecoder(userInfo: [Scaled.factor: 10])
        #expect(try scaling.decode(Scaled.self, from: "4").value == 40)
    }
}

@Suite struct YAMLDecoderLimitTests {
    private struct Nest: Decodable {
        var children: [Nest]

        init(from decoder: any Decoder) throws {
            children = try decoder.singleValueContainer().decode([Nest].self)
        }

        var depth: Int { 1 + (children.map(\.depth).max() ?? 0) }
    }

    @Test func decodesNestingAtTheLimit() throws {
        let depth = YAMLNode.maximumDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(try YAMLDecoder().decode(Nest.self, from: text).depth == depth)
    }

    @Test func errorDescriptionFormat() {
        let error = YAMLError(code: .missingKey, file: "a.yaml", mark: Mark(line: 3, column: 7), message: "missing key 'x' in y", hint: "add it")
        #expect(error.description == "a.yaml:3:7: error[yaml.missing-key]: missing key 'x' in y\n  hint: add it")
        let bare = YAMLError(code: .syntax, mark: .start, message: "bad")
        #expect(bare.description == "<input>:1:1: error[yaml.syntax]: bad")
    }
}
