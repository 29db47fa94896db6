import Testing
import YAML

@Suite struct UnknownKeyTests {
    private struct Artboard: Decodable {
        var name: String
        var width: Double
        var height: Double
        var clip: Bool?
        var shapes: [Shape]?
    }

    private struct Shape: Decodable {
        var x: Int
    }

    private let strict = YAMLDecoder(rejectUnknownKeys: true)

    @Test func typoIsRejectedWithASuggestion() {
        let text = "name: a\nwidth: 1\nheight: 2\nwidht: 3\n"
        let error = expectYAMLError(.unknownKey, at: 4, 1) { () throws(YAMLError) in try strict.decode(Artboard.self, from: text) }
        #expect(error?.message == "unknown key 'widht' in the document root")
        #expect(error?.hint == "did you mean 'width'? valid keys: name, width, height, clip, shapes")
    }

    @Test func unknownKeyWithoutCloseMatch() {
        let text = "name: a\nwidth: 1\nheight: 2\ncolour_space: srgb\n"
        let error = expectYAMLError(.unknownKey, at: 4, 1) { () throws(YAMLError) in try strict.decode(Artboard.self, from: text) }
        #expect(error?.hint == "valid keys: name, width, height, clip, shapes")
    }

    @Test func nestedUnknownKeyHasItsPath() {
        let text = "name: a\nwidth: 1\nheight: 2\nshapes:\n  - x: 1\n  - {x: 2, y: 3}\n"
        let error = expectYAMLError(.unknownKey, at: 6, 12) { () throws(YAMLError) in try strict.decode(Artboard.self, from: text) }
        #expect(error?.message == "unknown key 'y' in shapes[1]")
    }

    @Test func optionalKeysThatAreAbsentStillCount() throws {
        let artboard = try strict.decode(Artboard.self, from: "name: a\nwidth: 1\nheight: 2\n")
        #expect(artboard.clip == nil)
    }

    @Test func unknownKeysAreAllowedByDefault() throws {
        let artboard = try YAMLDecoder().decode(Artboard.self, from: "name: a\nwidth: 1\nheight: 2\nextra: 1\n")
        #expect(artboard.name == "a")
    }

    @Test func dictionariesAcceptEveryKey() throws {
        let values = try strict.decode([String: Shape].self, from: "a: {x: 1}\nb: {x: 2}\n")
        #expect(values.count == 2)
    }

    @Test func keysReadByWrappersOnTheSameNodeCount() throws {
        struct Tagged: Decodable {
            enum CodingKeys: String, CodingKey { case type }
            var type: String
            var shape: Shape
            init(from decoder: any Decoder) throws {
                type = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .type)
                shape = try Shape(from: decoder)
            }
        }
        #expect(try strict.decode(Tagged.self, from: "type: dot\nx: 4\n").shape.x == 4)
        expectYAMLError(.unknownKey, at: 3, 1) { () throws(YAMLError) in try strict.decode(Tagged.self, from: "type: dot\nx: 4\nz: 1\n") }
    }

    @Test func locatedValuesAreChecked() {
        expectYAMLError(.unknownKey, at: 1, 8) { () throws(YAMLError) in try strict.decode(Located<Shape>.self, from: "{x: 1, q: 2}") }
    }
}
