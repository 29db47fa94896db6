import Testing
import RiveFormat
import RuntimeAPI
@testable import ReferenceRuntime

private typealias T = RiveTypeKey
private typealias P = RivePropertyKey

/// The converters' conversions that the converters fixture cannot reach through node
/// properties (strings in, strings out), checked against upstream's semantics
/// (src/data_bind/converters/*.cpp).
@Suite("CONV: data converter conversions")
struct ConverterTests {
    private func convert(_ converter: DataConverter, _ value: ConverterValue, toSource: Bool = false) -> ConverterValue {
        converter.convert(value, bindToSource: toSource)
    }

    @Test("trim removes whitespace at the start, the end, both or neither")
    func trim() {
        #expect(convert(.trim(type: 1), .string("  a b  ")) == .string("a b  "))
        #expect(convert(.trim(type: 2), .string("  a b  ")) == .string("  a b"))
        #expect(convert(.trim(type: 3), .string("\t a b \n")) == .string("a b"))
        #expect(convert(.trim(type: 0), .string("  a ")) == .string("  a "))
        #expect(convert(.trim(type: 3), .number(1)) == .string(""))
    }

    @Test("pad repeats its text up to the length, cutting the last repetition")
    func pad() {
        #expect(convert(.pad(length: 6, text: "ab", padType: 0), .string("x")) == .string("ababax"))
        #expect(convert(.pad(length: 4, text: "-", padType: 1), .string("x")) == .string("x---"))
        #expect(convert(.pad(length: 2, text: "", padType: 0), .string("x")) == .string("x"))
    }

    @Test("remove-zeros strips trailing zeros only after a decimal point")
    func removeZeros() {
        #expect(DataConverter.removeZeros("1.500") == "1.5")
        #expect(DataConverter.removeZeros("2.000") == "2")
        #expect(DataConverter.removeZeros("100") == "100")
    }

    @Test("color patterns: decimal and hex channels, escapes, unknown markers and HSL")
    func colorFormats() {
        let toString = { (format: String) in DataConverter.toString(flags: 0, decimals: 0, colorFormat: format) }
        #expect(convert(toString("%r,%g,%b,%a"), .color(0x80FF_0A01)) == .string("255,10,1,128"))
        #expect(convert(toString("%A%R%G%B"), .color(0x80FF_0A01)) == .string("80FF0A01"))
        #expect(convert(toString("100\\%%x"), .color(0xFF00_0000)) == .string("100%%x"))
        #expect(convert(toString("%h %s %l"), .color(0xFF00_FF00)) == .string("120 100 50"))
        #expect(convert(toString(""), .color(0xFF00_0001)) == .string("4278190081"))
    }

    @Test("to-string writes enums as keys, booleans as 1 and 0, and numbers with commas")
    func toStringKinds() {
        let plain = DataConverter.toString(flags: 0, decimals: 0, colorFormat: "")
        #expect(convert(plain, .enumValue(1, keys: ["a", "b"])) == .string("b"))
        #expect(convert(plain, .bool(true)) == .string("1"))
        let commas = DataConverter.toString(flags: 7, decimals: 2, colorFormat: "")
        #expect(convert(commas, .number(-1234567.5)) == .string("-1,234,567.5"))
    }

    @Test("operations and their inverses; modulo is positive")
    func operations() {
        #expect(convert(.operation(.modulo, operand: 3, kind: .value), .number(-1)) == .number(2))
        #expect(convert(.operation(.power, operand: 2, kind: .value), .number(3)) == .number(9))
        #expect(DataConverter.operation(.power, operand: 2, kind: .value).reverseConvert(.number(9), bindToSource: false) == .number(3))
        #expect(DataConverter.operation(.divide, operand: 4, kind: .value).reverseConvert(.number(2), bindToSource: false) == .number(8))
        #expect(convert(.operation(.round, operand: 1, kind: .value), .number(2.5)) == .number(3))
        #expect(convert(.operation(.add, operand: 1, kind: .value), .string("1")) == .number(0))
    }

    @Test("range mapper: modulo wraps, reverse flips, hold snaps, equal outputs short-cut")
    func rangeMapper() {
        func mapper(_ flags: UInt64, interpolation: UInt64 = 1, minOutput: Float = 0) -> DataConverter {
            .rangeMapper(minInput: 0, maxInput: 10, minOutput: minOutput, maxOutput: 100, flags: flags, interpolationType: interpolation, ease: nil)
        }
        #expect(convert(mapper(4), .number(12)) == .number(20))
        #expect(convert(mapper(8), .number(2)) == .number(80))
        #expect(convert(mapper(0, interpolation: 0), .number(2)) == .number(100))
        #expect(convert(mapper(0, interpolation: 0), .number(0)) == .number(0))
        #expect(convert(mapper(0, minOutput: 100), .number(3)) == .number(100))
        #expect(mapper(0).reverseConvert(.number(50), bindToSource: false) == .number(5))
    }

    @Test("a group runs its items in order, backwards in reverse order, and takes its last item's output kind")
    func groups() {
        let group = DataConverter.group([.operation(.add, operand: 1, kind: .value), .operation(.multiply, operand: 10, kind: .value)])
        #expect(convert(group, .number(2)) == .number(30))
        #expect(group.reverseConvert(.number(30), bindToSource: false) == .number(2))
        #expect(DataConverter.group([.toNumber, .toString(flags: 0, decimals: 0, colorFormat: "")]).outputType == .string)
        #expect(DataConverter.group([.negate, .unsupported("DataConverterFormula")]).unsupportedPart == "DataConverterFormula")
    }
}

/// `DataConverterFormula`: upstream's shunting-yard ordering (quirks included) and evaluation
/// (src/data_bind/converters/data_converter_formula.cpp).
@Suite("CONV: formula converter")
struct FormulaConverterTests {
    private typealias Token = FormulaProgram.Token
    private let add: Token = .operation(0), subtract: Token = .operation(1), multiply: Token = .operation(2)
    private let divide: Token = .operation(3), modulo: Token = .operation(4)

    @Test("multiplication and division bind tighter than addition and subtraction; parentheses group")
    func precedence() {
        // input + 2 * 3
        #expect(FormulaProgram(tokens: [.input, add, .value(2), multiply, .value(3)]).evaluate(1) == 7)
        // (input + 2) * 3
        #expect(FormulaProgram(tokens: [.open, .input, add, .value(2), .close, multiply, .value(3)]).evaluate(1) == 9)
        // 10 - input - 2 is left-associative
        #expect(FormulaProgram(tokens: [.value(10), subtract, .input, subtract, .value(2)]).evaluate(3) == 5)
        #expect(FormulaProgram(tokens: [.input, divide, .value(4)]).evaluate(2) == 0.5)
    }

    @Test("functions take their comma-separated arguments; pow and atan2 read them in order")
    func functions() {
        // max(1, input, 3)
        #expect(FormulaProgram(tokens: [.function(1), .value(1), .separator, .input, .separator, .value(3), .close]).evaluate(5) == 5)
        // min(4, input)
        #expect(FormulaProgram(tokens: [.function(0), .value(4), .separator, .input, .close]).evaluate(9) == 4)
        // pow(input, 3)
        #expect(FormulaProgram(tokens: [.function(6), .input, .separator, .value(3), .close]).evaluate(2) == 8)
        // atan2(1, 0) = pi/2
        let quarter = FormulaProgram(tokens: [.function(15), .value(1), .separator, .value(0), .close]).evaluate(0)
        #expect(abs(quarter - Float.pi / 2) < 1e-6)
        // round(input) + floor(2.5)
        #expect(FormulaProgram(tokens: [.function(2), .input, .close, add, .function(4), .value(2.5), .close]).evaluate(1.5) == 4)
    }

    @Test("modulo is positive and, having no precedence upstream, pops the operations before it")
    func moduloQuirk() {
        // 2 * input % 5: (2 * 4) % 5 = 3 either way
        #expect(FormulaProgram(tokens: [.value(2), multiply, .input, modulo, .value(5)]).evaluate(4) == 3)
        // input % 5 * 2: the multiplication does not pop the modulo (0 < 3), so input % (5 * 2)
        #expect(FormulaProgram(tokens: [.input, modulo, .value(5), multiply, .value(2)]).evaluate(7) == 7)
        #expect(FormulaProgram(tokens: [.input, modulo, .value(3)]).evaluate(-1) == 2)
    }

    @Test("a malformed formula gives its input; a non-number input gives 0")
    func malformed() {
        #expect(FormulaProgram(tokens: [.input, add]).evaluate(6) == 6)
        #expect(FormulaProgram(tokens: [.value(1), .value(2)]).evaluate(6) == 6)
        #expect(DataConverter.formula(FormulaProgram(tokens: [.input])).convert(.string("3"), bindToSource: false) == .number(0))
        #expect(DataConverter.formula(FormulaProgram(tokens: [.input, add, .value(1)])).convert(.listIndex(2), bindToSource: false) == .number(3))
    }

    @Test("an interpolator's duration bound to a view-model number follows it: 0 jumps, a new value times the next move")
    @MainActor
    func interpolatorBoundDuration() async throws {
        var b = DocumentBuilder()
        b.add(T.backboard)
        b.add(T.dataConverterInterpolator, [P.dataConverterInterpolatorDuration: .float(1)])
        b.bind(P.dataConverterInterpolatorDuration, path: [0, 0])
        b.add(T.viewModel, [P.viewModelComponentName: .string("V")])
        b.add(T.viewModelPropertyNumber, [P.viewModelComponentName: .string("duration")])
        b.add(T.viewModelPropertyNumber, [P.viewModelComponentName: .string("target")])
        b.add(T.viewModelInstance, [P.viewModelInstanceViewModelId: .uint(0), P.componentName: .string("Default")])
        b.add(T.viewModelInstanceNumber, [P.viewModelInstanceValueViewModelPropertyId: .uint(0)])
        b.add(T.viewModelInstanceNumber, [P.viewModelInstanceValueViewModelPropertyId: .uint(1)])
        b.add(T.artboard, [P.componentName: .string("A"), P.artboardViewModelId: .uint(0)])
        b.add(T.node, [P.componentName: .string("n"), P.nodeX: .float(100)])
        b.add(T.dataBindContext, [P.dataBindPropertyKey: .uint(UInt64(P.nodeX)), P.dataBindConverterId: .uint(0),
                                  P.dataBindContextSourcePathIds: .bytes(varuints([0, 1]))])
        b.add(T.stateMachine, [P.animationName: .string("M")])
        let file = try ReferenceWorker().openFile(.data(try b.bytes()))
        #expect(file.unappliedBinds.isEmpty, "the converter runs: its own bind is followed, not reported")
        let main = try file.makeViewModelInstance(.viewModelDefault(from: .name("V")))
        let artboard = try file.makeArtboard(nil)
        let machine = try artboard.makeStateMachine("M", binding: .instance(main))
        let node = try #require(artboard.componentID(named: "n"))
        func x() -> Float? { if case .float(let value)? = artboard.componentValue(node, property: P.nodeX) { value } else { nil } }
        machine.advance(by: 0)
        machine.advance(by: 0.016)
        machine.advance(by: 0.016)
        #expect(x() == 0, "the first input is taken at once")
        // Duration 0 (the bound value, not the authored 1 s): a new input is shown at once.
        main.setValue(of: NumberProperty(path: "target"), to: 10)
        machine.advance(by: 0.016)
        #expect(x() == 10)
        // Duration 0.5 s: the next move takes half a second.
        main.setValue(of: NumberProperty(path: "duration"), to: 0.5)
        main.setValue(of: NumberProperty(path: "target"), to: 20)
        for _ in 0..<15 { machine.advance(by: 0.02) }
        let halfway = try #require(x())
        #expect(halfway > 13 && halfway < 17, "about halfway after 0.3 s of 0.5 s, not a tenth of the authored 1 s")
        for _ in 0..<15 { machine.advance(by: 0.02) }
        #expect(x() == 20)
    }
}
