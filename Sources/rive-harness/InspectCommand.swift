import Foundation
import ReferenceRuntime
import RiveFormat

/// `rive-harness inspect`: prints a `.riv` file's structure as a table or as JSON.
struct InspectCommand: HarnessCommand {
    static let name = "inspect"
    static let summary = "show a .riv file's artboards, state machines, view models, enums and assets"
    static let options = OptionTable(command: name, positionals: "FILE.riv", column: 15, options: [
        OptionSpec("--json", synopsis: "[--json | --objects | --instances]", help: """
            print JSON instead of a table (schema: docs/inspect-json.md, version 1)
            """),
        OptionSpec("--objects", synopsis: "", help: "print every object record in file order with its properties"),
        OptionSpec("--instances", synopsis: "", help: """
            print the blank and default instance of every view model as the
            reference runtime creates them: type defaults, copies of the default
            instance; each instance is numbered @N once, so a shared nested
            instance shows the same number in both places
            """),
    ])
    static let help = options.help(about: """
        Reads FILE.riv and prints its structure: artboards (size, default state machine and
        view model), animations, state machines (inputs, layers and states, listeners), view
        models (properties, instances and their authored values), enums and assets.
        """, footer: """
        exit codes: 0 read and printed; 2 usage error; 3 the file is missing or malformed.
        """)

    let path: String
    let json: Bool
    let objects: Bool
    let instances: Bool

    init(arguments: inout ArgumentList) throws(UsageError) {
        json = arguments.flag("--json")
        objects = arguments.flag("--objects")
        instances = arguments.flag("--instances")
        if [json, objects, instances].filter({ $0 }).count > 1 {
            throw UsageError(message: "--json, --objects and --instances cannot be combined", hint: "choose one of them")
        }
        let positionals = try arguments.positionals()
        guard positionals.count == 1 else {
            throw UsageError(message: positionals.isEmpty ? "inspect needs a .riv file" : "inspect takes one file, got \(positionals.count)",
                             hint: "run 'rive-harness inspect FILE.riv'")
        }
        path = positionals[0]
    }

    @MainActor func run() throws(CommandFailure) -> ExitCode {
        let bytes = try readFileBytes(path)
        let document: RiveDocument
        do { document = try RiveReader.read(bytes) } catch {
            throw CommandFailure(reportText: "\(path): \(error)", exitCode: .badInput)
        }
        if objects {
            Self.objectListing(document).forEach { print($0) }
            return .success
        }
        if instances {
            let report = InstanceValuesReport(document)
            print((["\(path): blank and default instances of \(report.entries.count) view model(s)"] + report.lines).joined(separator: "\n"))
            return .success
        }
        let report = InspectReport(file: path, byteCount: bytes.count, document: document)
        print(json ? report.json() : report.table())
        if !json {
            let use = RiveContentFeatureUse(document: document)
            let features = use.features.map { feature in
                "\(feature.rawValue) (" + (use.typeCounts[feature] ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ") + ")"
            }
            print("engine features used: " + (features.isEmpty ? "none" : features.joined(separator: "; ")))
        }
        return .success
    }
}

/// What `inspect` prints, versioned so that scripts can rely on the JSON shape.
struct InspectReport: Encodable {
    /// The JSON schema's name; see docs/inspect-json.md.
    let schema = "rive-harness.inspect"
    /// The JSON schema's version; bumped on any incompatible change.
    let version = 1
    let file: String
    let byteCount: Int
    let majorVersion: UInt64
    let minorVersion: UInt64
    let objectCount: Int
    let summary: RiveFileSummary

    init(file: String, byteCount: Int, document: RiveDocument) {
        self.file = file
        self.byteCount = byteCount
        majorVersion = document.header.majorVersion
        minorVersion = document.header.minorVersion
        objectCount = document.objects.count
        summary = RiveFileSummary(document)
    }

    func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain value types cannot fail.
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
    }

    func table() -> String {
        var lines = ["\(file): version \(majorVersion).\(minorVersion), \(byteCount) bytes, \(objectCount) objects"]
        lines.append("artboards (\(summary.artboards.count)):")
        for (index, artboard) in summary.artboards.enumerated() {
            var line = "  #\(index) \"\(artboard.name)\" \(formatFloat(artboard.width))x\(formatFloat(artboard.height)), \(artboard.objectCount) objects"
            if let sm = artboard.defaultStateMachine { line += ", default state machine \"\(sm)\"" }
            if let vm = artboard.viewModel { line += ", view model \"\(vm)\"" }
            lines.append(line)
            for animation in artboard.animations {
                lines.append("      animation \"\(animation.name)\": \(animation.duration) frames at \(animation.fps) fps, \(animation.loop)")
            }
            for machine in artboard.stateMachines {
                lines.append("      state machine \"\(machine.name)\": \(machine.inputs.count) input(s), \(machine.layers.count) layer(s), \(machine.listeners.count) listener(s), \(machine.dataBindCount) data bind(s)")
                for input in machine.inputs {
                    lines.append("        input \(input.type) \"\(input.name)\"" + (input.defaultValue.map { " = \($0)" } ?? ""))
                }
                for layer in machine.layers {
                    lines.append("        layer \"\(layer.name)\":")
                    for (stateIndex, state) in layer.states.enumerated() {
                        var text = "          state \(stateIndex) \(state.kind)"
                        if let animation = state.animation { text += " \"\(animation)\"" }
                        if !state.transitionsTo.isEmpty { text += " → " + state.transitionsTo.map(String.init).joined(separator: ", ") }
                        lines.append(text)
                    }
                }
                for listener in machine.listeners {
                    lines.append("        listener \"\(listener.name)\"" + (listener.target.map { " on \($0)" } ?? ""))
                }
            }
        }
        lines.append("view models (\(summary.viewModels.count)):")
        for (index, viewModel) in summary.viewModels.enumerated() {
            lines.append("  #\(index) \"\(viewModel.name)\"" + (viewModel.isGlobal ? " (global)" : ""))
            for property in viewModel.properties {
                var text = "      property \"\(property.name)\": \(property.type)"
                if let enumName = property.enumName { text += " \"\(enumName)\"" }
                if let viewModelName = property.viewModelName { text += " \"\(viewModelName)\"" }
                lines.append(text)
            }
            for (instanceIndex, instance) in viewModel.instances.enumerated() {
                let values = instance.values.map { "\($0.property)=\($0.value)" }.joined(separator: ", ")
                lines.append("      instance #\(instanceIndex) \"\(instance.name)\"\(instance.isEmbedded ? " (in an artboard)" : ""): \(values.isEmpty ? "no authored values" : values)")
            }
        }
        lines.append("enums (\(summary.enums.count)):")
        for (index, dataEnum) in summary.enums.enumerated() {
            let values = dataEnum.values.map { $0.value.isEmpty || $0.value == $0.key ? $0.key : "\($0.key)=\($0.value)" }
            lines.append("  #\(index) \"\(dataEnum.name)\": \(values.joined(separator: ", "))")
        }
        lines.append("assets (\(summary.assets.count)):")
        for (index, asset) in summary.assets.enumerated() {
            lines.append("  #\(index) \(asset.type) \"\(asset.name)\", \(asset.contentBytes) content bytes")
        }
        return lines.joined(separator: "\n")
    }
}

extension InspectCommand {
    /// `inspect --objects`: one line per object record in file order, with its properties.
    static func objectListing(_ document: RiveDocument) -> [String] {
        document.objects.enumerated().map { index, object in
            let properties = object.properties.map { "\($0.name ?? String($0.key))=\($0.value)" }
            return (["#\(index) \(object.typeName) (\(object.typeKey))"] + properties).joined(separator: " ")
        }
    }
}
