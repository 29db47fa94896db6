import Foundation
import RiveFormat
@testable import RiveFixtures
import Testing
import YAML

/// Mistakes in fixture YAML give an error at the line and column of the mistake, and no output.
struct FixtureErrorTests {
    /// One mistake: the fixture text, the expected code, and where the error must point.
    struct Mistake: CustomTestStringConvertible, Sendable {
        let name: String
        let yaml: String
        let code: String
        let line: Int
        let column: Int
        var testDescription: String { name }
    }

    static let base = """
        enums:
          - name: Mood
            values: [calm, {key: angry, text: Angry}]
        viewModels:
          - name: Face
            properties:
              - {name: mood, type: enum, enum: Mood}
              - {name: size, type: number}
              - {name: poke, type: trigger}
              - {name: tint, type: color}
        artboards:
          - name: Main
            width: 100
            height: 100
            viewModel: Face
            nodes:
              - {name: Dot, type: ellipse, width: 10, height: 10, fill: {color: "#FFFF0000"}}
            animations:
              - {name: still, duration: 10}
            stateMachines:
              - name: Machine
                inputs: [{name: go, type: trigger}]
                layers:
                  - name: Layer
                    entry: [{to: rest}]
                    states: [{name: rest, animation: still}]

        """

    /// `base` with `old` replaced by `new`, so each mistake is one small edit of a valid fixture.
    static func edit(_ old: String, _ new: String) -> String {
        return base.replacingOccurrences(of: old, with: new)
    }

    static let mistakes: [Mistake] = [
        Mistake(name: "a state with both an animation and a blend", yaml: edit("states: [{name: rest, animation: still}]", "states: [{name: rest, animation: still, blend: {property: Face/size, animations: []}}]"),
                code: "fixture.invalid-value", line: 26, column: 29),
        Mistake(name: "a blend state on a non-number property", yaml: edit("states: [{name: rest, animation: still}]", "states: [{name: rest, blend: {property: Face/mood, animations: []}}]"),
                code: "fixture.type-mismatch", line: 26, column: 53),
        Mistake(name: "a keyframe bound to a property of another kind", yaml: edit("- {name: still, duration: 10}", "- {name: still, duration: 10, keys: [{target: Dot.x, frames: [{frame: 0, value: 1, bind: Face/tint}]}]}"),
                code: "fixture.type-mismatch", line: 19, column: 96),
        Mistake(name: "formula with an unclosed parenthesis", yaml: edit("enums:", "converters: [{name: f, type: formula, formula: \"max(input\"}]\nenums:"), code: "fixture.invalid-value", line: 1, column: 48),
        Mistake(name: "formula with an unknown function", yaml: edit("enums:", "converters: [{name: f, type: formula, formula: \"input + hypot(2)\"}]\nenums:"), code: "fixture.invalid-value", line: 1, column: 48),
        Mistake(name: "formula converter without its formula", yaml: edit("enums:", "converters: [{name: f, type: formula}]\nenums:"), code: "fixture.invalid-value", line: 1, column: 21),
        Mistake(name: "unknown view model on an artboard", yaml: edit("viewModel: Face", "viewModel: Fase"), code: "fixture.unknown-name", line: 15, column: 16),
        Mistake(name: "unknown enum of a property", yaml: edit("enum: Mood}", "enum: Feeling}"), code: "fixture.unknown-name", line: 7, column: 40),
        Mistake(name: "unknown enum value in an instance", yaml: edit("      - {name: tint, type: color}", "      - {name: tint, type: color}\n    instances: [{values: {mood: furious}}]"), code: "fixture.unknown-enum-value", line: 11, column: 33),
        Mistake(name: "wrong value type in an instance", yaml: edit("      - {name: tint, type: color}", "      - {name: tint, type: color}\n    instances: [{values: {size: big}}]"), code: "fixture.type-mismatch", line: 11, column: 33),
        Mistake(name: "value for a property the view model lacks", yaml: edit("      - {name: tint, type: color}", "      - {name: tint, type: color}\n    instances: [{values: {weight: 3}}]"), code: "fixture.unknown-name", line: 11, column: 27),
        Mistake(name: "transition to a missing state", yaml: edit("entry: [{to: rest}]", "entry: [{to: rset}]"), code: "fixture.unknown-name", line: 25, column: 26),
        Mistake(name: "state plays an unknown animation", yaml: edit("animation: still}", "animation: stil}"), code: "fixture.unknown-name", line: 26, column: 46),
        Mistake(name: "bind to a property of the wrong type", yaml: edit("    animations:", "    binds: [{target: Dot.x, source: Face/tint}]\n    animations:"), code: "fixture.type-mismatch", line: 18, column: 37),
        Mistake(name: "bind to an unknown node", yaml: edit("    animations:", "    binds: [{target: Spot.x, source: Face/size}]\n    animations:"), code: "fixture.unknown-name", line: 18, column: 22),
        Mistake(name: "bind to a property the node lacks", yaml: edit("    animations:", "    binds: [{target: Dot.cornerRadius, source: Face/size}]\n    animations:"), code: "fixture.unknown-name", line: 18, column: 22),
        Mistake(name: "path through a non-nested property", yaml: edit("    animations:", "    binds: [{target: Dot.x, source: Face/size/inner}]\n    animations:"), code: "fixture.type-mismatch", line: 18, column: 37),
        Mistake(name: "condition on an unknown input", yaml: edit("entry: [{to: rest}]", "entry: [{to: rest, conditions: [{input: og}]}]"), code: "fixture.unknown-name", line: 25, column: 53),
        Mistake(name: "condition compares an enum with <", yaml: edit("entry: [{to: rest}]", "entry: [{to: rest, conditions: [{property: Face/mood, op: \"<\", value: calm}]}]"), code: "fixture.invalid-value", line: 25, column: 71),
        Mistake(name: "enum condition with an unknown value", yaml: edit("entry: [{to: rest}]", "entry: [{to: rest, conditions: [{property: Face/mood, value: sulky}]}]"), code: "fixture.unknown-enum-value", line: 25, column: 74),
        Mistake(name: "keyframe after the animation ends", yaml: edit("{name: still, duration: 10}", "{name: still, duration: 10, keys: [{target: Dot.x, frames: [{frame: 12, value: 1}]}]}"), code: "fixture.invalid-value", line: 19, column: 77),
        Mistake(name: "listener fires a number", yaml: edit("        layers:", "        listeners: [{target: Dot, event: down, actions: [{fire: Face/size}]}]\n        layers:"), code: "fixture.type-mismatch", line: 23, column: 65),
        Mistake(name: "state named like a built-in state", yaml: edit("states: [{name: rest, animation: still}]", "states: [{name: exit, animation: still}]"), code: "fixture.invalid-value", line: 26, column: 29),
        Mistake(name: "duplicate view-model property", yaml: edit("{name: tint, type: color}", "{name: size, type: color}"), code: "fixture.duplicate-name", line: 10, column: 16),
        Mistake(name: "unknown property type", yaml: edit("{name: size, type: number}", "{name: size, type: decimal}"), code: "yaml.invalid-value", line: 8, column: 28),
        Mistake(name: "unknown key", yaml: edit("fill: {color:", "fil: {color:"), code: "yaml.unknown-key", line: 17, column: 59),
        Mistake(name: "malformed color", yaml: edit("#FFFF0000", "#FFFF0"), code: "yaml.invalid-value", line: 17, column: 73),
        Mistake(name: "path to a view model the artboard cannot reach", yaml: edit("viewModels:", "viewModels:\n  - name: Other\n    properties: [{name: n, type: number}]").replacingOccurrences(of: "    animations:", with: "    binds: [{target: Dot.x, source: Other/n}]\n    animations:"), code: "fixture.unreachable-path", line: 20, column: 37),
        Mistake(name: "nested artboard names an unknown artboard", yaml: edit("fill: {color: \"#FFFF0000\"}}", "fill: {color: \"#FFFF0000\"}}\n      - {name: Inner, type: nested, artboard: Mian}"), code: "fixture.unknown-name", line: 18, column: 47),
        Mistake(name: "artboard nests itself", yaml: edit("fill: {color: \"#FFFF0000\"}}", "fill: {color: \"#FFFF0000\"}}\n      - {name: Inner, type: nested, artboard: Main}"), code: "fixture.invalid-value", line: 18, column: 47),
        Mistake(name: "nested artboard plays an unknown state machine", yaml: edit("fill: {color: \"#FFFF0000\"}}", "fill: {color: \"#FFFF0000\"}}\n      - {name: Inner, type: nested, artboard: Side, stateMachine: Run}").replacingOccurrences(of: "states: [{name: rest, animation: still}]", with: "states: [{name: rest, animation: still}]\n  - {name: Side, width: 10, height: 10}"), code: "fixture.unknown-name", line: 18, column: 67),
        Mistake(name: "nested artboard's data path is not a nested view model", yaml: edit("fill: {color: \"#FFFF0000\"}}", "fill: {color: \"#FFFF0000\"}}\n      - {name: Inner, type: nested, artboard: Side, dataPath: Face/size}").replacingOccurrences(of: "states: [{name: rest, animation: still}]", with: "states: [{name: rest, animation: still}]\n  - {name: Side, width: 10, height: 10}"), code: "fixture.type-mismatch", line: 18, column: 63),
        Mistake(name: "nested-artboard field on a shape", yaml: edit("fill: {color: \"#FFFF0000\"}}", "fill: {color: \"#FFFF0000\"}, artboard: Main}"), code: "fixture.invalid-value", line: 17, column: 16),
        Mistake(name: "text names a font the file does not have", yaml: edit("fill: {color: \"#FFFF0000\"}}", "fill: {color: \"#FFFF0000\"}}\n      - {name: Label, type: text, font: Boxes}"), code: "fixture.unknown-name", line: 18, column: 41),
        Mistake(name: "font file that cannot be read", yaml: edit("enums:", "fonts: [{name: Boxes, file: missing.ttf}]\nenums:"), code: "fixture.unreadable", line: 1, column: 29),
        Mistake(name: "text field on a shape", yaml: edit("fill: {color: \"#FFFF0000\"}}", "fill: {color: \"#FFFF0000\"}, text: Hi}"), code: "fixture.invalid-value", line: 17, column: 16),
        Mistake(name: "layout without a height", yaml: edit("fill: {color: \"#FFFF0000\"}}", "fill: {color: \"#FFFF0000\"}}\n      - {name: Card, type: layout, width: 10}"), code: "fixture.invalid-value", line: 18, column: 28),
        Mistake(name: "YAML syntax error", yaml: edit("width: 100", "width: [100"), code: "yaml.syntax", line: 14, column: 11),
    ]

    @Test(arguments: mistakes)
    func mistakeIsLocated(_ mistake: Mistake) {
        #expect(throws: FixtureError.self) { try FixtureCompiler.build(mistake.yaml, file: "mistake.yaml") }
        do {
            _ = try FixtureCompiler.build(mistake.yaml, file: "mistake.yaml")
        } catch {
            #expect(error.code.rawValue == mistake.code, "\(error)")
            #expect(error.file == "mistake.yaml")
            #expect("\(error.mark.line):\(error.mark.column)" == "\(mistake.line):\(mistake.column)", "\(error)")
            #expect(error.description.hasPrefix("mistake.yaml:\(mistake.line):\(mistake.column): error[\(mistake.code)]"))
            #expect(!error.hint.isEmpty)
        }
    }

    @Test func aMistypedPropertyTypeSuggestsTheType() throws {
        let error = try #require(throws: FixtureError.self) { try FixtureCompiler.build(Self.edit("{name: poke, type: trigger}", "{name: poke, type: triggr}"), file: "mistake.yaml") }
        #expect(error.code.rawValue == "yaml.invalid-value")
        #expect("\(error.mark.line):\(error.mark.column)" == "9:28")
        #expect(error.hint.hasPrefix("did you mean 'trigger'? use one of: number, string, boolean, color, enum, trigger,"), "\(error.hint)")
    }

    @Test func theBaseFixtureCompiles() throws {
        let bytes = try FixtureCompiler.build(Self.base, file: "base.yaml")
        #expect(bytes.count > 100)
    }

    @Test func aWriterRuleBrokenAfterCompilingIsReportedAtTheFixtureElement() throws {
        var compilation = FixtureCompilation(file: "rule.yaml")
        compilation.emit(TypeKey.backboard, [], at: .start)
        compilation.emit(TypeKey.artboard, [], at: Mark(line: 3, column: 5))
        compilation.emit(TypeKey.viewModel, [], at: Mark(line: 7, column: 9))
        let error = try #require(throws: RiveFormatError.self) { try RiveWriter.write(compilation.document) }
        let located = compilation.locate(error)
        #expect(located.code == .formatRule)
        #expect(located.mark == Mark(line: 7, column: 9))
        #expect(located.description.hasPrefix("rule.yaml:7:9: error[fixture.format-rule]"))
    }
}
