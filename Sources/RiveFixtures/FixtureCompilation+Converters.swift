import RiveFormat
import YAML

/// The keys each converter kind reads (besides `name` and `type`).
private let converterKeys: [ConverterKind: Set<String>] = [
    .toString: ["decimals", "round", "trailingZeros", "commas", "colorFormat"],
    .toNumber: [], .negate: [], .removeZeros: [],
    .operation: ["op", "value"], .degsToRads: ["op", "value"],
    .rangeMapper: ["minInput", "maxInput", "minOutput", "maxOutput", "clampLower", "clampUpper", "modulo", "reverse", "interpolation", "ease"],
    .rounder: ["decimals"], .trim: ["trim"], .pad: ["length", "text", "side"], .formula: ["formula"], .interpolator: ["duration", "interpolation", "ease"], .group: ["items"],
]

extension FixtureCompilation {
    /// The view-model kind a converter outputs, `nil` when it passes its input's kind through
    /// (an empty group).
    func outputKind(ofConverter name: String) -> PropertyKind? {
        guard let entry = converterEntries[name] else { return nil }
        switch entry.source.type.value {
        case .toString, .trim, .pad, .removeZeros: return .string
        case .toNumber, .operation, .degsToRads, .rangeMapper, .rounder, .formula: return .number
        case .negate: return .boolean
        case .interpolator: return nil
        case .group:
            return (entry.source.items ?? []).reversed().lazy.compactMap { self.outputKind(ofConverter: $0.value) }.first
        }
    }

    /// Checks the converters' names and keys and gives each its index in the file's converter
    /// list (after the listener trigger converter, when there is one).
    mutating func collectConverters(_ sources: [ConverterSource], firstIndex: Int) throws(FixtureError) {
        for (offset, source) in sources.enumerated() {
            guard converterEntries[source.name.value] == nil else {
                throw error(.duplicateName, source.name.mark, "a second converter is named '\(source.name.value)'", hint: "give each converter its own name")
            }
            let allowed = converterKeys[source.type.value] ?? []
            if let stray = source.givenKeys.first(where: { !allowed.contains($0) }) {
                throw error(.invalidValue, source.name.mark, "a \(source.type.value.rawValue) converter has no '\(stray)'",
                            hint: allowed.isEmpty ? "remove '\(stray)'" : "its keys are \(allowed.sorted().joined(separator: ", "))")
            }
            if source.type.value == .interpolator, source.interpolation == .hold {
                throw error(.invalidValue, source.name.mark, "an interpolator converter cannot hold", hint: "use interpolation: linear or cubic")
            }
            if source.type.value == .rangeMapper || source.type.value == .interpolator {
                if source.ease != nil, source.interpolation != .cubic {
                    throw error(.invalidValue, source.name.mark, "'ease' needs 'interpolation: cubic'", hint: "add 'interpolation: cubic' or remove 'ease'")
                }
                if let ease = source.ease, ease.count != 4 {
                    throw error(.invalidValue, source.name.mark, "'ease' has \(ease.count) numbers", hint: "write the cubic's control points as [x1, y1, x2, y2]")
                }
            }
            var tokens: [FormulaSourceToken] = []
            if source.type.value == .formula {
                guard let formula = source.formula else {
                    throw error(.invalidValue, source.name.mark, "a formula converter needs 'formula'", hint: "write it like formula: \"max(input, 2) * 3\"")
                }
                do { tokens = try FormulaSourceToken.tokens(of: formula.value) } catch {
                    throw self.error(.invalidValue, formula.mark, "the formula '\(formula.value)' \(error.message) at character \(error.offset + 1)",
                                     hint: "use numbers, input, + - * / %, parentheses, commas and \(FormulaSourceToken.functionNames.joined(separator: ", "))")
                }
            }
            converterEntries[source.name.value] = ConverterEntry(index: firstIndex + offset, source: source, formulaTokens: tokens)
        }
        for source in sources where source.type.value == .group {
            for item in source.items ?? [] {
                guard converterEntries[item.value] != nil else { throw unknown("converter", item, among: Array(converterEntries.keys)) }
                if item.value == source.name.value {
                    throw error(.invalidValue, item.mark, "group '\(source.name.value)' lists itself", hint: "a group chains other converters")
                }
            }
        }
    }

    /// Emits the file-level cubic interpolators the range mappers use, then every converter
    /// (groups followed by their items), in the order `collectConverters` numbered them.
    mutating func emitConverters(_ sources: [ConverterSource]) {
        var interpolatorIndex: [String: Int] = [:]
        for source in sources where (source.type.value == .rangeMapper || source.type.value == .interpolator) && source.interpolation == .cubic {
            let ease = source.ease ?? [0.42, 0, 0.58, 1]
            interpolatorIndex[source.name.value] = interpolatorIndex.count
            emit(TypeKey.cubicEaseInterpolator, [
                (PropertyKey.cubicInterpolatorX1, .float(ease[0])), (PropertyKey.cubicInterpolatorY1, .float(ease[1])),
                (PropertyKey.cubicInterpolatorX2, .float(ease[2])), (PropertyKey.cubicInterpolatorY2, .float(ease[3])),
            ], at: source.name.mark)
        }
        for source in sources {
            let name: (UInt32, RivePropertyValue?) = (PropertyKey.dataConverterName, .string(source.name.value))
            let mark = source.name.mark
            switch source.type.value {
            case .toString:
                let flags: UInt64 = (source.round == true ? 1 : 0) | (source.trailingZeros == true ? 2 : 0) | (source.commas == true ? 4 : 0)
                emit(TypeKey.dataConverterToString, [name, (PropertyKey.dataConverterToStringFlags, .uint(flags)),
                                                     (PropertyKey.dataConverterToStringDecimals, source.decimals.map { .uint(UInt64($0)) }),
                                                     (PropertyKey.dataConverterToStringColorFormat, source.colorFormat.map { .string($0) })], at: mark)
            case .toNumber: emit(TypeKey.dataConverterToNumber, [name], at: mark)
            case .negate: emit(TypeKey.dataConverterBooleanNegate, [name], at: mark)
            case .removeZeros: emit(TypeKey.dataConverterStringRemoveZeros, [name], at: mark)
            case .operation, .degsToRads:
                let degrees = source.type.value == .degsToRads
                let op = source.op ?? (degrees ? .multiply : .add)
                let value = source.value ?? (degrees ? Float.pi / 180 : 1)
                emit(degrees ? TypeKey.dataConverterSystemDegsToRads : TypeKey.dataConverterOperationValue, [
                    name, (PropertyKey.dataConverterOperationOperationType, .uint(UInt64(ArithmeticOperationName.allCases.firstIndex(of: op)!))),
                    (PropertyKey.dataConverterOperationValueOperationValue, .float(value)),
                ], at: mark)
            case .rangeMapper:
                let flags: UInt64 = (source.clampLower == true ? 1 : 0) | (source.clampUpper == true ? 2 : 0)
                    | (source.modulo == true ? 4 : 0) | (source.reverse == true ? 8 : 0)
                let interpolation: UInt64 = switch source.interpolation ?? .linear {
                case .hold: 0
                case .linear: 1
                case .cubic: 2
                }
                emit(TypeKey.dataConverterRangeMapper, [
                    name, (PropertyKey.dataConverterRangeMapperMinInput, .float(source.minInput ?? 0)),
                    (PropertyKey.dataConverterRangeMapperMaxInput, .float(source.maxInput ?? 1)),
                    (PropertyKey.dataConverterRangeMapperMinOutput, .float(source.minOutput ?? 0)),
                    (PropertyKey.dataConverterRangeMapperMaxOutput, .float(source.maxOutput ?? 1)),
                    (PropertyKey.dataConverterRangeMapperFlags, .uint(flags)),
                    (PropertyKey.dataConverterRangeMapperInterpolationType, .uint(interpolation)),
                    (PropertyKey.dataConverterRangeMapperInterpolatorId, interpolatorIndex[source.name.value].map { .uint(UInt64($0)) }),
                ], at: mark)
            case .rounder:
                emit(TypeKey.dataConverterRounder, [name, (PropertyKey.dataConverterRounderDecimals, source.decimals.map { .uint(UInt64($0)) })], at: mark)
            case .trim:
                let trim = source.trim ?? .start
                emit(TypeKey.dataConverterStringTrim, [name, (PropertyKey.dataConverterStringTrimTrimType, .uint(UInt64(TrimKind.allCases.firstIndex(of: trim)!)))], at: mark)
            case .pad:
                emit(TypeKey.dataConverterStringPad, [
                    name, (PropertyKey.dataConverterStringPadLength, .uint(UInt64(source.length ?? 1))),
                    (PropertyKey.dataConverterStringPadText, source.text.map { .string($0) }),
                    (PropertyKey.dataConverterStringPadPadType, .uint(source.side == .end ? 1 : 0)),
                ], at: mark)
            case .formula:
                emit(TypeKey.dataConverterFormula, [name], at: mark)
                for token in converterEntries[source.name.value]?.formulaTokens ?? [] {
                    switch token {
                    case .input: emit(TypeKey.formulaTokenInput, [], at: mark)
                    case .value(let value): emit(TypeKey.formulaTokenValue, [(PropertyKey.formulaTokenValueOperationValue, .float(value))], at: mark)
                    case .operation(let type): emit(TypeKey.formulaTokenOperation, [(PropertyKey.formulaTokenOperationOperationType, .uint(type))], at: mark)
                    case .function(let type): emit(TypeKey.formulaTokenFunction, [(PropertyKey.formulaTokenFunctionFunctionType, .uint(type))], at: mark)
                    case .open: emit(TypeKey.formulaTokenParenthesisOpen, [], at: mark)
                    case .close: emit(TypeKey.formulaTokenParenthesisClose, [], at: mark)
                    case .separator: emit(TypeKey.formulaTokenArgumentSeparator, [], at: mark)
                    }
                }
            case .interpolator:
                emit(TypeKey.dataConverterInterpolator, [
                    name, (PropertyKey.dataConverterInterpolatorDuration, .float(source.duration ?? 1)),
                    (PropertyKey.dataConverterInterpolatorInterpolationType, .uint(source.interpolation == .cubic ? 2 : 1)),
                    (PropertyKey.dataConverterInterpolatorInterpolatorId, interpolatorIndex[source.name.value].map { .uint(UInt64($0)) }),
                ], at: mark)
            case .group:
                emit(TypeKey.dataConverterGroup, [name], at: mark)
                for item in source.items ?? [] {
                    let index = converterEntries[item.value]?.index ?? 0
                    emit(TypeKey.dataConverterGroupItem, [(PropertyKey.dataConverterGroupItemConverterId, .uint(UInt64(index)))], at: item.mark)
                }
            }
        }
    }
}
