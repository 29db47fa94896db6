import Foundation
import HarnessTestSupport
import RiveFormat
@testable import RiveFixtures
import Testing
import YAML

/// Each fixture's structural view, read back from its `.riv`, says what its YAML says.
struct SummaryTests {
    private func load(_ name: String) throws -> (source: FixtureSource, summary: RiveFileSummary) {
        let path = SharedMaterial.packageRoot.appendingPathComponent("Corpus/fixtures/\(name).yaml").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let source = try YAMLDecoder(rejectUnknownKeys: true).decode(FixtureSource.self, from: text, file: path)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path.replacingOccurrences(of: ".yaml", with: ".riv")))
        return (source, RiveFileSummary(try RiveReader.read([UInt8](bytes))))
    }

    /// How the summary renders an authored value, computed from the YAML.
    private func expectedValue(_ node: YAMLNode?, kind: PropertyKind, property: PropertySource, source: FixtureSource) -> String {
        guard let node else {
            switch kind {
            case .number: return "0"
            case .string: return "\"\""
            case .boolean: return "false"
            case .color: return "#FF000000"
            case .enum: return source.enums?.first { $0.name.value == property.enum?.value }?.values.first?.key.value ?? "?"
            case .trigger: return "trigger(0)"
            case .viewModel:
                let referenced = source.viewModels?.first { $0.name.value == property.viewModel?.value }
                return "\"\(referenced?.instances?.first?.name?.value ?? "Default")\""
            case .list: return "[]"
            case .image, .font, .blob, .artboard: return "none"
            }
        }
        switch kind {
        case .number: return formatFloat(FixtureValueParser.number(node) ?? .nan)
        case .string: return "\"\(node.scalar?.text ?? "")\""
        case .boolean: return String(FixtureValueParser.bool(node) ?? false)
        case .color: return formatColor(FixtureValueParser.color(node) ?? 0)
        case .enum: return node.scalar?.text ?? ""
        case .viewModel: return "\"\(node.scalar?.text ?? "")\""
        // The summary names list items by instance; an item of another view model is written
        // `ViewModel/Instance` in the YAML (lists/mixed-item-types checks its view model).
        case .list: return "[" + (FixtureValueParser.names(node) ?? []).map { "\"\($0.value.split(separator: "/").last.map(String.init) ?? "")\"" }.joined(separator: ", ") + "]"
        case .artboard: return "artboard \"\(node.scalar?.text ?? "")\""
        case .image, .font, .blob, .trigger: return "none"
        }
    }

    @Test(arguments: FixtureSetTests.names)
    func summaryMatchesTheYAML(_ name: String) throws {
        let (source, summary) = try load(name)
        let viewModels = source.viewModels ?? []
        #expect(summary.viewModels.map(\.name) == viewModels.map(\.name.value))
        #expect(summary.enums.map(\.name) == (source.enums ?? []).map(\.name.value))
        for (dataEnum, enumSource) in zip(summary.enums, source.enums ?? []) {
            #expect(dataEnum.values.map(\.key) == enumSource.values.map(\.key.value))
            #expect(dataEnum.values.map(\.value) == enumSource.values.map { $0.text ?? "" })
        }
        for (viewModel, vmSource) in zip(summary.viewModels, viewModels) {
            #expect(viewModel.isGlobal == (vmSource.global ?? false))
            let properties = vmSource.properties ?? []
            #expect(viewModel.properties.map(\.name) == properties.map(\.name.value))
            #expect(viewModel.properties.map(\.type) == properties.map { $0.type.value.rawValue })
            #expect(viewModel.properties.map(\.enumName) == properties.map { $0.enum?.value })
            #expect(viewModel.properties.map(\.viewModelName) == properties.map { $0.type.value == .viewModel ? $0.viewModel?.value : nil })
            let instances = vmSource.instances ?? []
            // No `instances` key: one blank "Default"; `instances: []`: none.
            #expect(viewModel.instances.map(\.name) == (vmSource.instances == nil ? ["Default"] : instances.enumerated().map { $0.element.name?.value ?? ($0.offset == 0 ? "Default" : "") }))
            for (instance, instanceSource) in zip(viewModel.instances, instances) {
                let authored = Dictionary((instanceSource.values?.entries ?? []).map { ($0.name.value, $0.value) }, uniquingKeysWith: { first, _ in first })
                let expected = properties.map { SummaryInstanceValue(property: $0.name.value, value: expectedValue(authored[$0.name.value], kind: $0.type.value, property: $0, source: source)) }
                #expect(instance.values.map { SummaryInstanceValue(property: $0.property, value: $0.value) } == expected, "instance \(instance.name) of \(viewModel.name)")
            }
        }
        #expect(summary.artboards.map(\.name) == source.artboards.map(\.name.value))
        for (artboard, abSource) in zip(summary.artboards, source.artboards) {
            #expect(artboard.width == abSource.width && artboard.height == abSource.height)
            #expect(artboard.viewModel == abSource.viewModel?.value)
            let machines = abSource.stateMachines ?? []
            #expect(artboard.defaultStateMachine == (abSource.defaultStateMachine?.value ?? machines.first?.name.value))
            let animations = abSource.animations ?? []
            #expect(artboard.animations.map(\.name) == animations.map(\.name.value))
            #expect(artboard.animations.map(\.duration) == animations.map { UInt64($0.duration) })
            #expect(artboard.animations.map(\.fps) == animations.map { UInt64($0.fps ?? 60) })
            #expect(artboard.animations.map(\.loop) == animations.map { ($0.loop ?? .oneShot).rawValue })
            #expect(artboard.stateMachines.map(\.name) == machines.map(\.name.value))
            for (machine, smSource) in zip(artboard.stateMachines, machines) {
                #expect(machine.inputs.map(\.name) == (smSource.inputs ?? []).map(\.name.value))
                #expect(machine.inputs.map(\.type) == (smSource.inputs ?? []).map(\.type.rawValue))
                #expect(machine.listeners.map(\.target) == (smSource.listeners ?? []).map { $0.target.value })
                #expect(machine.layers.map(\.name) == (smSource.layers ?? []).map(\.name.value))
                for (layer, layerSource) in zip(machine.layers, smSource.layers ?? []) {
                    let states = layerSource.states ?? []
                    let stateNames = ["entry", "any", "exit"] + states.map(\.name.value)
                    #expect(layer.states.map(\.kind) == ["entry", "any", "exit"] + states.map { state in
                        guard let blend = state.blend else { return "animation" }
                        return blend.input == nil ? "BlendState1DViewModel" : "BlendState1DInput"
                    })
                    #expect(layer.states.map(\.animation) == [nil, nil, nil] + states.map { $0.animation?.value })
                    let transitions = [layerSource.entry ?? [], layerSource.any ?? [], []] + states.map { $0.transitions ?? [] }
                    #expect(layer.states.map(\.transitionsTo) == transitions.map { $0.map { stateNames.firstIndex(of: $0.to.value) ?? -1 } })
                }
            }
        }
    }

    @Test func characterHasTheContractsNamesAndStates() throws {
        let summary = try load("character").summary
        let artboard = try #require(summary.artboards.first)
        #expect(artboard.viewModel == "Character")
        #expect(artboard.defaultStateMachine == "CharacterViewModelMachine")
        #expect(summary.viewModels.first?.properties.map(\.name) == ["mood", "success", "error", "yes", "no", "enter", "exit"])
        #expect(artboard.stateMachines.map(\.name) == ["CharacterViewModelMachine", "CharacterStateMachine"])
        #expect(artboard.stateMachines[1].inputs.map(\.type) == ["number", "trigger", "trigger", "trigger", "trigger", "trigger", "trigger"])
        // Entry, any, loop and return conditions on the view model, each bound through one data bind.
        #expect(artboard.stateMachines[0].dataBindCount == 6 + 6 + 6 * 6 + 6 * 6)
        #expect(artboard.stateMachines[1].dataBindCount == 0)
        let loops = artboard.animations.filter { $0.loop == "loop" }.map(\.name)
        #expect(loops == ["idle", "happy", "sad", "loading", "listening", "sleeping"])
    }

    @Test func globalsAreMarkedGlobal() throws {
        let summary = try load("globals").summary
        #expect(summary.viewModels.map(\.isGlobal) == [true, true, false])
        #expect(summary.viewModels[0].instances.map(\.name) == ["Light", "Dark"])
        #expect(summary.artboards.first?.stateMachines.count == 2)
    }
}

/// An instance value as a comparable pair.
private struct SummaryInstanceValue: Equatable, CustomStringConvertible {
    var property: String
    var value: String
    var description: String { "\(property)=\(value)" }
}
