import Foundation
import RiveFormat
import RuntimeAPI

private typealias T = RiveTypeKey
private typealias P = RivePropertyKey

/// A value passing through a data converter: upstream's `DataValue` kinds that binds carry.
enum ConverterValue: Equatable {
    case number(Float)
    case string(String)
    case bool(Bool)
    case color(UInt32)
    /// An enum value: its index and, when known, its enum's keys.
    case enumValue(Int, keys: [String]?)
    case trigger(UInt32)
    case listIndex(UInt64)
    /// A kind no converter reads (lists, nested instances, assets).
    case other

    /// The value kind as a bind's data type.
    var dataType: DataType {
        switch self {
        case .number: .number
        case .string: .string
        case .bool: .boolean
        case .color: .color
        case .enumValue: .enumType
        case .trigger: .trigger
        case .listIndex: .symbolListIndex
        case .other: .none
        }
    }

    /// A view-model value as a converter input.
    init(_ value: RuntimeValue, enumKeys: [String]?) {
        switch value {
        case .number(let v): self = .number(v)
        case .string(let v): self = .string(v)
        case .bool(let v): self = .bool(v)
        case .color(let v): self = .color(v)
        case .enumIndex(let v): self = .enumValue(v, keys: enumKeys)
        case .trigger(let v): self = .trigger(v)
        case .listIndex(let v): self = .listIndex(v)
        default: self = .other
        }
    }

    /// A target property's value as a converter input (upstream's target value cache reads
    /// doubles, strings, booleans and colors; unsigned fields are read as numbers).
    init(_ value: RivePropertyValue) {
        switch value {
        case .float(let v): self = .number(v)
        case .uint(let v): self = .number(Float(v))
        case .int(let v): self = .number(Float(v))
        case .string(let v): self = .string(v)
        case .bool(let v): self = .bool(v)
        case .color(let v): self = .color(v)
        default: self = .other
        }
    }

    /// The value as a view-model value, or `nil` for `.other`.
    var runtimeValue: RuntimeValue? {
        switch self {
        case .number(let v): .number(v)
        case .string(let v): .string(v)
        case .bool(let v): .bool(v)
        case .color(let v): .color(v)
        case .enumValue(let v, _): .enumIndex(v)
        case .trigger(let v): .trigger(v)
        case .listIndex(let v): .listIndex(v)
        case .other: nil
        }
    }

    /// The default value of a kind (upstream's `DataValue*::defaultValue`).
    static func defaultValue(of dataType: DataType) -> ConverterValue {
        switch dataType {
        case .number: .number(0)
        case .string: .string("")
        case .boolean: .bool(false)
        case .color: .color(0xFF00_0000)
        case .enumType: .enumValue(0, keys: nil)
        case .trigger: .trigger(0)
        case .symbolListIndex: .listIndex(0)
        default: .other
        }
    }
}

/// A data converter of a file (`DataConverter` subtypes upstream,
/// `src/data_bind/converters/*.cpp`), applied by binds that name it.
///
/// Each case follows the upstream converter of the same name; conversions run in 32-bit
/// floats like upstream. Converters the reference runtime cannot run faithfully (formulas
/// with `random()`, interpolators inside groups or with a non-cubic interpolator, operands read from a view model, list converters,
/// converters whose own properties are data-bound) are `unsupported`, and a bind through
/// one is reported and not applied.
indirect enum DataConverter {
    /// The arithmetic operations of `ArithmeticOperation`, by raw value.
    enum Operation: UInt64 {
        case add = 0, subtract, multiply, divide, modulo, squareRoot, power, exp, log, cosine, sine, tangent,
             acosine, asine, atangent, atangent2, round, floor, ceil
    }

    /// How an operation converter picks its direction.
    enum OperationKind {
        /// `DataConverterOperationValue`: convert forwards, reverse-convert backwards.
        case value
        /// `DataConverterSystemDegsToRads` and `DataConverterSystemNormalizer`: the bind's main
        /// direction decides (a toSource bind reverse-converts on its way to the source).
        case system
    }

    /// The bits of `DataConverterToString.flags`.
    enum ToStringFlags {
        static let round: UInt64 = 1
        static let trailingZeros: UInt64 = 2
        static let formatWithCommas: UInt64 = 4
    }

    /// The bits of `DataConverterRangeMapper.flags`.
    enum RangeFlags {
        static let clampLower: UInt64 = 1
        static let clampUpper: UInt64 = 2
        static let modulo: UInt64 = 4
        static let reverse: UInt64 = 8
    }

    case toString(flags: UInt64, decimals: Int, colorFormat: String)
    case toNumber
    case negate
    case operation(Operation, operand: Float, kind: OperationKind)
    case rangeMapper(minInput: Float, maxInput: Float, minOutput: Float, maxOutput: Float, flags: UInt64,
                     interpolationType: UInt64, ease: CubicEase?)
    case rounder(decimals: Int)
    case trim(type: UInt64)
    case pad(length: Int, text: String, padType: UInt64)
    case removeZeros
    case formula(FormulaProgram)
    /// `DataConverterInterpolator`: animates toward each new input; its state lives in the
    /// bind (`InterpolatorState`), so a bare convert passes the input through.
    /// `durationSource` is the view-model path of a bind on the converter's own `duration`
    /// (a DataBind whose target is the converter), which each bind through the converter
    /// resolves in its own data context and follows.
    case interpolator(duration: Float, ease: CubicEase?, durationSource: FileModel.SourcePath? = nil)
    case group([DataConverter])
    /// `ScriptedDataConverter`: the real runtime this harness builds has scripting compiled
    /// out, so the script never runs and upstream's base `DataConverter` passes values
    /// through unchanged both ways (include/rive/data_bind/converters/data_converter.hpp).
    case scriptWithoutScripting
    /// `DataConverterNumberToList`: a number becomes that many list items of a view model;
    /// only a component list's `listSource` bind runs it (ComponentLists.swift), where the
    /// items it makes live, so a bare convert passes the input through.
    case numberToList(viewModel: Int?)
    case unsupported(String)

    /// The kind the converter outputs; `nil` when it passes its input's kind through.
    var outputType: DataType? {
        switch self {
        case .toString, .trim, .pad, .removeZeros: .string
        case .toNumber, .operation, .rangeMapper, .rounder, .formula: .number
        case .negate: .boolean
        case .group(let items): items.last { $0.outputType != nil }?.outputType
        case .unsupported, .interpolator, .scriptWithoutScripting, .numberToList: nil
        }
    }

    /// The type name of the first converter (itself or inside a group) it cannot run, if any.
    var unsupportedPart: String? {
        switch self {
        case .unsupported(let name): name
        case .group(let items): items.lazy.compactMap(\.unsupportedPart).first
        default: nil
        }
    }

    /// Converts a value in the converter's forward direction (`convert` upstream).
    /// - Parameter bindToSource: whether the bind's main direction is target → source.
    func convert(_ input: ConverterValue, bindToSource: Bool) -> ConverterValue {
        switch self {
        case .toString(let flags, let decimals, let colorFormat):
            return Self.toString(input, flags: flags, decimals: decimals, colorFormat: colorFormat)
        case .toNumber:
            switch input {
            case .string(let text): return .number(Self.parseLeadingFloat(text))
            case .enumValue(let index, _): return .number(Float(index))
            case .number: return input
            case .color(let color): return .number(Float(color))
            case .bool(let value): return .number(value ? 1 : 0)
            case .listIndex(let index): return .number(Float(index))
            default: return .number(0)
            }
        case .negate:
            if case .bool(let value) = input { return .bool(!value) }
            return .bool(false)
        case .operation(let op, let operand, let kind):
            if kind == .system, bindToSource { return Self.reverseOperate(op, input, operand) }
            return Self.operate(op, input, operand)
        case .rangeMapper(let minIn, let maxIn, let minOut, let maxOut, let flags, let interpolation, let ease):
            return Self.mapRange(input, minIn, maxIn, minOut, maxOut, flags: flags, interpolation: interpolation, ease: ease)
        case .rounder(let decimals):
            guard case .number(let value) = input else { return .number(0) }
            let scale = powf(10, Float(decimals))
            return .number((value * scale).rounded(.toNearestOrAwayFromZero) / scale)
        case .trim(let type):
            guard case .string(let text) = input else { return .string("") }
            return .string(Self.trim(text, type: type))
        case .pad(let length, let text, let padType):
            guard case .string(let value) = input else { return .string("") }
            return .string(Self.pad(value, length: length, text: text, padType: padType))
        case .removeZeros:
            guard case .string(let text) = input else { return .string("") }
            return .string(Self.removeZeros(text))
        case .formula(let program):
            switch input {
            case .number(let value): return .number(program.evaluate(value))
            case .listIndex(let index): return .number(program.evaluate(Float(index)))
            default: return .number(0)
            }
        case .group(let items):
            return items.reduce(input) { $1.convert($0, bindToSource: bindToSource) }
        case .unsupported, .interpolator, .scriptWithoutScripting, .numberToList:
            return input
        }
    }

    /// Converts a value backwards (`reverseConvert` upstream); converters without a reverse
    /// pass the value through, and a group reverses its items in reverse order.
    func reverseConvert(_ input: ConverterValue, bindToSource: Bool) -> ConverterValue {
        switch self {
        case .negate, .formula:
            return convert(input, bindToSource: bindToSource)
        case .operation(let op, let operand, let kind):
            if kind == .system, !bindToSource { return Self.operate(op, input, operand) }
            return Self.reverseOperate(op, input, operand)
        case .rangeMapper(let minIn, let maxIn, let minOut, let maxOut, let flags, let interpolation, let ease):
            return Self.mapRange(input, minOut, maxOut, minIn, maxIn, flags: flags, interpolation: interpolation, ease: ease)
        case .group(let items):
            return items.reversed().reduce(input) { $1.reverseConvert($0, bindToSource: bindToSource) }
        default:
            return input
        }
    }

    // MARK: Reading converters from a file

    /// Reads every converter of a document in file order (upstream's backboard list, which
    /// `DataBind.converterId` and `DataConverterGroupItem.converterId` index).
    static func converters(of document: RiveDocument) -> [DataConverter] {
        var objects: [Int] = []
        var groupItems: [Int: [UInt64?]] = [:]
        var latestGroup: Int?
        var latestFormula: Int?
        var formulaTokens: [Int: [Int]] = [:]
        var interpolators: [CubicEase?] = []
        var boundConverters: Set<Int> = []
        /// The binds on each converter's own properties, by the converter's object index.
        var converterBinds: [Int: [Int]] = [:]
        var sawArtboard = false
        var previous: Int?
        // By index, testing type keys: copying each object out (as iterating the objects does)
        // retained its property list.
        let isType = RiveSchema.isType
        for index in document.objects.indices {
            let typeKey = document.objects[index].typeKey
            if isType(typeKey, T.artboard) { sawArtboard = true }
            if isType(typeKey, T.dataBind) {
                if let previous, isType(document.objects[previous].typeKey, T.dataConverter) {
                    boundConverters.insert(previous)
                    converterBinds[previous, default: []].append(index)
                }
                // A token's own bind (an operand read from a view model) binds its formula.
                if let previous, isType(document.objects[previous].typeKey, T.formulaToken), let latestFormula { boundConverters.insert(objects[latestFormula]) }
                continue
            }
            previous = index
            if !sawArtboard, isType(typeKey, T.keyFrameInterpolator) {
                let object = document.objects[index]
                interpolators.append(typeKey == T.cubicEaseInterpolator ? CubicEase(
                    x1: Double(object.float(P.cubicInterpolatorX1) ?? 0.42), y1: Double(object.float(P.cubicInterpolatorY1) ?? 0),
                    x2: Double(object.float(P.cubicInterpolatorX2) ?? 0.58), y2: Double(object.float(P.cubicInterpolatorY2) ?? 1)) : nil)
            }
            if isType(typeKey, T.dataConverter) {
                if typeKey == T.dataConverterGroup { latestGroup = objects.count }
                if typeKey == T.dataConverterFormula { latestFormula = objects.count }
                objects.append(index)
            } else if isType(typeKey, T.formulaToken), let latestFormula {
                formulaTokens[latestFormula, default: []].append(index)
            } else if typeKey == T.dataConverterGroupItem, let latestGroup {
                groupItems[latestGroup, default: []].append(document.objects[index].uint(P.dataConverterGroupItemConverterId))
            }
        }
        func make(_ position: Int, depth: Int) -> DataConverter {
            let object = document.objects[objects[position]]
            var durationSource: FileModel.SourcePath?
            if boundConverters.contains(objects[position]), object.typeKey != T.scriptedDataConverter {
                guard object.typeKey == T.dataConverterInterpolator,
                      let source = durationBindSource(converterBinds[objects[position]] ?? [], in: document) else {
                    return .unsupported("\(object.typeName) with data-bound properties")
                }
                durationSource = source
            }
            switch object.typeKey {
            case T.dataConverterToString:
                return .toString(flags: object.uint(P.dataConverterToStringFlags) ?? 0,
                                 decimals: Int(min(object.uint(P.dataConverterToStringDecimals) ?? 0, 20)),
                                 colorFormat: object.string(P.dataConverterToStringColorFormat) ?? "")
            case T.dataConverterToNumber: return .toNumber
            case T.dataConverterBooleanNegate: return .negate
            case T.dataConverterOperationValue, T.dataConverterSystemDegsToRads, T.dataConverterSystemNormalizer:
                guard let op = Operation(rawValue: object.uint(P.dataConverterOperationOperationType) ?? 0) else {
                    return .unsupported("\(object.typeName) operation \(object.uint(P.dataConverterOperationOperationType) ?? 0)")
                }
                return .operation(op, operand: object.float(P.dataConverterOperationValueOperationValue) ?? 1,
                                  kind: object.typeKey == T.dataConverterOperationValue ? .value : .system)
            case T.dataConverterRangeMapper:
                let interpolator: Int? = object.index(P.dataConverterRangeMapperInterpolatorId)
                var ease: CubicEase?
                if let interpolator, interpolators.indices.contains(interpolator) {
                    guard let cubic = interpolators[interpolator] else { return .unsupported("DataConverterRangeMapper with a non-cubic interpolator") }
                    ease = cubic
                }
                let minInput: Float = object.float(P.dataConverterRangeMapperMinInput) ?? 1
                let maxInput: Float = object.float(P.dataConverterRangeMapperMaxInput) ?? 1
                let minOutput: Float = object.float(P.dataConverterRangeMapperMinOutput) ?? 1
                let maxOutput: Float = object.float(P.dataConverterRangeMapperMaxOutput) ?? 1
                let flags: UInt64 = object.uint(P.dataConverterRangeMapperFlags) ?? 0
                let interpolation: UInt64 = object.uint(P.dataConverterRangeMapperInterpolationType) ?? 1
                return .rangeMapper(minInput: minInput, maxInput: maxInput, minOutput: minOutput, maxOutput: maxOutput,
                                    flags: flags, interpolationType: interpolation, ease: ease)
            case T.dataConverterRounder:
                return .rounder(decimals: Int(min(object.uint(P.dataConverterRounderDecimals) ?? 0, 20)))
            case T.dataConverterStringTrim: return .trim(type: object.uint(P.dataConverterStringTrimTrimType) ?? 1)
            case T.dataConverterStringPad:
                return .pad(length: Int(min(object.uint(P.dataConverterStringPadLength) ?? 1, 4096)),
                            text: object.string(P.dataConverterStringPadText) ?? "", padType: object.uint(P.dataConverterStringPadPadType) ?? 0)
            case T.dataConverterStringRemoveZeros: return .removeZeros
            case T.dataConverterNumberToList: return .numberToList(viewModel: object.index(P.dataConverterNumberToListViewModelId))
            case T.dataConverterFormula:
                switch FormulaProgram.make(tokens: (formulaTokens[position] ?? []).map { document.objects[$0] }) {
                case .success(let program): return .formula(program)
                case .failure(let unsupported): return .unsupported("DataConverterFormula with \(unsupported.reason)")
                }
            case T.dataConverterInterpolator:
                var ease: CubicEase?
                if let interpolator: Int = object.index(P.dataConverterInterpolatorInterpolatorId), interpolators.indices.contains(interpolator) {
                    guard let cubic = interpolators[interpolator] else { return .unsupported("DataConverterInterpolator with a non-cubic interpolator") }
                    ease = cubic
                }
                return .interpolator(duration: object.float(P.dataConverterInterpolatorDuration) ?? 1, ease: ease, durationSource: durationSource)
            case T.scriptedDataConverter: return .scriptWithoutScripting
            case T.dataConverterGroup:
                guard depth < 8 else { return .unsupported("DataConverterGroup nested more than 8 deep") }
                let items: [DataConverter] = (groupItems[position] ?? []).compactMap { id in
                    guard let id, id < UInt64(objects.count) else { return nil }
                    return make(Int(id), depth: depth + 1)
                }
                if items.contains(where: { if case .interpolator = $0 { true } else { false } }) {
                    return .unsupported("DataConverterGroup with a DataConverterInterpolator")
                }
                return .group(items)
            default:
                return .unsupported(object.typeName)
            }
        }
        return objects.indices.map { make($0, depth: 0) }
    }

    /// The source path of the binds on an interpolator's own properties when they are ones the
    /// reference runtime follows: DataBindContexts on `duration`, source to target, through no
    /// converter, followed on every change (not Once). The last such bind is the one that
    /// wins, as upstream applies a converter's binds in file order. `nil` when any bind is
    /// another kind.
    private static func durationBindSource(_ binds: [Int], in document: RiveDocument) -> FileModel.SourcePath? {
        var source: FileModel.SourcePath?
        for index in binds {
            let bind = document.objects[index]
            let flags = bind.uint(P.dataBindFlags) ?? 0
            guard bind.typeKey == T.dataBindContext,
                  UInt32(truncatingIfNeeded: bind.uint(P.dataBindPropertyKey) ?? 0) == P.dataConverterInterpolatorDuration,
                  bind.index(P.dataBindConverterId) == nil,
                  flags & (DataBindFlags.toSource | DataBindFlags.twoWay | DataBindFlags.once | DataBindFlags.nameBased) == 0
            else { return nil }
            let ids = RiveIDList.decode(bind.bytes(P.dataBindContextSourcePathIds) ?? []) ?? []
            source = .ids(ids.map { Int(min($0, UInt64(Int32.max))) })
        }
        return source
    }

    // MARK: Upstream's conversions

    private static func toString(_ input: ConverterValue, flags: UInt64, decimals: Int, colorFormat: String) -> ConverterValue {
        switch input {
        case .number(let value):
            var text = flags & ToStringFlags.round != 0 ? String(format: "%.\(decimals)f", Double(value)) : String(format: "%f", Double(value))
            if flags & ToStringFlags.trailingZeros != 0 { text = removeZeros(text) }
            if flags & ToStringFlags.formatWithCommas != 0 { text = withCommas(text) }
            return .string(text)
        case .enumValue(let index, let keys):
            guard let keys else { return .string("") }
            return .string(keys.indices.contains(index) ? keys[index] : "")
        case .string: return input
        case .color(let color): return .string(colorString(color, format: colorFormat))
        case .bool(let value): return .string(value ? "1" : "0")
        case .trigger(let value): return .string(String(value))
        case .listIndex(let value): return .string(String(value))
        case .other: return .string("")
        }
    }

    /// `std::atof`: the longest leading decimal number, 0 when there is none.
    private static func parseLeadingFloat(_ text: String) -> Float {
        let scalars = Array(text.unicodeScalars.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0B}" || $0 == "\u{0C}" })
        var end = 0, sawDigit = false
        if end < scalars.count, scalars[end] == "+" || scalars[end] == "-" { end += 1 }
        while end < scalars.count, ("0"..."9").contains(scalars[end]) { end += 1; sawDigit = true }
        if end < scalars.count, scalars[end] == "." {
            end += 1
            while end < scalars.count, ("0"..."9").contains(scalars[end]) { end += 1; sawDigit = true }
        }
        guard sawDigit else { return 0 }
        if end < scalars.count, scalars[end] == "e" || scalars[end] == "E" {
            var exponentEnd = end + 1
            if exponentEnd < scalars.count, scalars[exponentEnd] == "+" || scalars[exponentEnd] == "-" { exponentEnd += 1 }
            let digitsStart = exponentEnd
            while exponentEnd < scalars.count, ("0"..."9").contains(scalars[exponentEnd]) { exponentEnd += 1 }
            if exponentEnd > digitsStart { end = exponentEnd }
        }
        return Float(Double(String(String.UnicodeScalarView(scalars[..<end]))) ?? 0)
    }

    /// `DataConverterStringRemoveZeros::removeZeros`: trailing zeros after a '.', then a bare '.'.
    static func removeZeros(_ text: String) -> String {
        guard text.contains(".") else { return text }
        var result = text
        while result.last == "0" { result.removeLast() }
        if result.last == "." { result.removeLast() }
        return result
    }

    /// Commas every three digits of the integer part, as `formatWithCommas` upstream.
    private static func withCommas(_ text: String) -> String {
        let dot = text.firstIndex(of: ".") ?? text.endIndex
        var integer = Array(text[..<dot])
        var position = integer.count - 3
        while position > 0, integer[position - 1].isASCII, integer[position - 1].isNumber {
            integer.insert(",", at: position)
            position -= 3
        }
        return String(integer) + text[dot...]
    }

    /// A color through `colorFormat` (`%r %g %b %a` decimal channels, `%R %G %B %A` two hex
    /// digits, `%h %s %l` hue, saturation and luminance, `\` escapes); the color as a decimal
    /// integer when the format is empty.
    private static func colorString(_ color: UInt32, format: String) -> String {
        guard !format.isEmpty else { return String(color) }
        let a = Int(color >> 24 & 0xFF), r = Int(color >> 16 & 0xFF), g = Int(color >> 8 & 0xFF), b = Int(color & 0xFF)
        var output = "", escaped = false, marker = false
        for character in format {
            if escaped {
                output.append(character)
                escaped = false
            } else if character == "\\" {
                if marker {
                    output.append("%")
                    marker = false
                }
                escaped = true
            } else if character == "%" {
                if marker { output.append("%") }
                marker = true
            } else if marker {
                switch character {
                case "r": output += String(r)
                case "g": output += String(g)
                case "b": output += String(b)
                case "a": output += String(a)
                case "R": output += hex(r)
                case "G": output += hex(g)
                case "B": output += hex(b)
                case "A": output += hex(a)
                case "h", "s", "l":
                    let hsl = hueSaturationLuminance(r: r, g: g, b: b)
                    output += String(character == "h" ? hsl.h : character == "s" ? hsl.s : hsl.l)
                default:
                    output.append("%")
                    output.append(character)
                }
                marker = false
            } else {
                output.append(character)
            }
        }
        return output
    }

    private static func hex(_ channel: Int) -> String {
        let digits = String(channel, radix: 16, uppercase: true)
        return digits.count < 2 ? "0" + digits : digits
    }

    /// Hue in degrees and saturation and luminance in percent, rounded, as upstream's
    /// `ColorStringConverter::calculateHSL`.
    private static func hueSaturationLuminance(r: Int, g: Int, b: Int) -> (h: Int, s: Int, l: Int) {
        let rf = Float(r) / 255, gf = Float(g) / 255, bf = Float(b) / 255
        let maxComponent = max(rf, gf, bf), minComponent = min(rf, gf, bf)
        let delta = maxComponent - minComponent
        var hue: Float = 0
        if delta != 0 {
            if maxComponent == rf {
                hue = fmodf((gf - bf) / delta, 6)
            } else if maxComponent == gf {
                hue = (bf - rf) / delta + 2
            } else {
                hue = (rf - gf) / delta + 4
            }
        }
        var h = Int((hue * 60).rounded(.toNearestOrAwayFromZero))
        if h < 0 { h += 360 }
        let lum = (maxComponent + minComponent) / 2
        let sat = delta == 0 ? 0 : delta / (1 - abs(2 * lum - 1))
        return (h, Int((sat * 100).rounded(.toNearestOrAwayFromZero)), Int((lum * 100).rounded(.toNearestOrAwayFromZero)))
    }

    private static func trim(_ text: String, type: UInt64) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0B}" || $0 == "\u{0C}" }
        switch type {
        case 1: return String(text.drop(while: isSpace))
        case 2: return String(text.reversed().drop(while: isSpace).reversed())
        case 3: return String(text.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
        default: return text
        }
    }

    /// `DataConverterStringPad`: repeats `text` up to `length` UTF-8 bytes, at the start
    /// (`padType` 0) or the end (1).
    private static func pad(_ value: String, length: Int, text: String, padType: UInt64) -> String {
        let input = Array(value.utf8), pattern = Array(text.utf8)
        guard input.count < length, !pattern.isEmpty else { return value }
        let padSize = length - input.count
        var padding: [UInt8] = []
        while padding.count < padSize { padding += pattern.prefix(padSize - padding.count) }
        let bytes = padType == 1 ? input + padding : padding + input
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func operate(_ op: Operation, _ input: ConverterValue, _ operand: Float) -> ConverterValue {
        let value: Float
        switch input {
        case .number(let v): value = v
        case .listIndex(let v): value = Float(v)
        default: return .number(0)
        }
        switch op {
        case .add: return .number(value + operand)
        case .subtract: return .number(value - operand)
        case .multiply: return .number(value * operand)
        case .divide: return .number(value / operand)
        case .modulo: return .number(positiveMod(value, operand))
        case .squareRoot: return .number(value.squareRoot())
        case .power: return .number(powf(value, operand))
        case .exp: return .number(Float(Foundation.exp(Double(value))))
        case .log: return .number(Float(Foundation.log(Double(value))))
        case .cosine: return .number(Float(cos(Double(value))))
        case .sine: return .number(Float(sin(Double(value))))
        case .tangent: return .number(Float(tan(Double(value))))
        case .acosine: return .number(Float(acos(Double(value))))
        case .asine: return .number(Float(asin(Double(value))))
        case .atangent: return .number(Float(atan(Double(value))))
        case .atangent2: return .number(Float(atan2(Double(value), Double(operand))))
        case .round: return .number(value.rounded(.toNearestOrAwayFromZero))
        case .floor: return .number(value.rounded(.down))
        case .ceil: return .number(value.rounded(.up))
        }
    }

    private static func reverseOperate(_ op: Operation, _ input: ConverterValue, _ operand: Float) -> ConverterValue {
        guard case .number(let value) = input else { return .number(0) }
        switch op {
        case .add: return .number(value - operand)
        case .subtract: return .number(value + operand)
        case .multiply: return .number(value / operand)
        case .divide: return .number(value * operand)
        case .modulo, .atangent2, .round, .floor, .ceil: return .number(value)
        case .squareRoot: return .number(powf(value, 2))
        case .power: return .number(powf(value, 1 / operand))
        case .exp: return .number(Float(Foundation.log(Double(value))))
        case .log: return .number(Float(Foundation.exp(Double(value))))
        case .cosine: return .number(Float(acos(Double(value))))
        case .sine: return .number(Float(asin(Double(value))))
        case .tangent: return .number(Float(atan(Double(value))))
        case .acosine: return .number(Float(cos(Double(value))))
        case .asine: return .number(Float(sin(Double(value))))
        case .atangent: return .number(Float(tan(Double(value))))
        }
    }

    /// `math::positive_mod`: the remainder in [0, |range|).
    static func positiveMod(_ value: Float, _ range: Float) -> Float {
        let range = abs(range)
        let remainder = fmodf(value, range)
        return remainder < 0 ? remainder + range : remainder
    }

    /// `DataConverterRangeMapper::calculateRange`.
    private static func mapRange(_ input: ConverterValue, _ minInput: Float, _ maxInput: Float, _ minOutput: Float, _ maxOutput: Float,
                                 flags: UInt64, interpolation: UInt64, ease: CubicEase?) -> ConverterValue {
        guard case .number(var value) = input else { return .number(0) }
        if minOutput == maxOutput { return .number(minOutput) }
        if value < minInput, flags & RangeFlags.clampLower != 0 {
            value = minInput
        } else if value > maxInput, flags & RangeFlags.clampUpper != 0 {
            value = maxInput
        }
        if value < minInput || value > maxInput, flags & RangeFlags.modulo != 0 {
            value = abs(positiveMod(value, maxInput - minInput) + minInput)
        }
        var percent = (value - minInput) / (maxInput - minInput)
        if flags & RangeFlags.reverse != 0 { percent = 1 - percent }
        if let ease, percent > 0, percent < 1 {
            percent = Float(ease.transform(Double(percent)))
        } else if interpolation == 0 {
            percent = percent <= 0 ? 0 : 1
        }
        return .number(percent * maxOutput + (1 - percent) * minOutput)
    }
}
