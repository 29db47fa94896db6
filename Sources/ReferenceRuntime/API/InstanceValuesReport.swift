import RiveFormat
import RuntimeAPI

/// The blank and default instance values the reference runtime computes for every view model
/// of a document, rendered for people (`rive-harness inspect --instances`).
public struct InstanceValuesReport: Sendable {
    /// One view model's two instances.
    public struct Entry: Sendable {
        /// The view model's name.
        public let viewModel: String
        /// The blank instance, rendered.
        public let blank: String
        /// The default instance, rendered.
        public let defaultInstance: String
    }

    /// One entry per view model, in file order.
    public let entries: [Entry]

    /// Computes the instances of every view model of a document.
    public init(_ document: RiveDocument) {
        let model = FileModel(document)
        let factory = InstanceFactory(model: model)
        entries = model.viewModels.indices.map { index in
            var blank = Renderer(model: model)
            var defaults = Renderer(model: model)
            return Entry(viewModel: model.viewModels[index].name,
                         blank: blank.render(factory.blank(index)),
                         defaultInstance: defaults.render(factory.defaultInstance(index)))
        }
    }

    /// The report as lines of text.
    public var lines: [String] {
        entries.flatMap { ["  \"\($0.viewModel)\"", "      blank:   \($0.blank)", "      default: \($0.defaultInstance)"] }
    }

    /// Renders an instance graph: each instance reached is numbered `@N` once, so a shared
    /// instance shows as the same number wherever it is referenced.
    private struct Renderer {
        let model: FileModel
        private var numbers: [ObjectIdentifier: Int] = [:]

        init(model: FileModel) { self.model = model }

        mutating func render(_ node: InstanceNode) -> String {
            if let number = numbers[ObjectIdentifier(node)] { return "@\(number)" }
            let number = numbers.count + 1
            numbers[ObjectIdentifier(node)] = number
            let viewModel = model.viewModels[node.viewModel]
            var values: [String] = []
            for (id, value) in node.values.enumerated() {
                guard let value else { continue }
                values.append("\(viewModel.properties[id].name)=\(render(value.value, property: viewModel.properties[id]))")
            }
            return "@\(number) \"\(node.name)\" {\(values.joined(separator: ", "))}"
        }

        private mutating func render(_ value: RuntimeValue, property: FileModel.Property) -> String {
            switch value {
            case .number(let v): return formatFloat(v)
            case .string(let v): return "\"\(v)\""
            case .bool(let v): return String(v)
            case .color(let v): return formatColor(v)
            case .enumIndex(let i):
                let keys = property.enumIndex.map { model.enums[$0].keys } ?? []
                return keys.indices.contains(i) ? keys[i] : "#\(i)"
            case .trigger(let v): return v == 0 ? "untriggered" : "fired(\(v))"
            case .nested(let child): return child.map { render($0) } ?? "null"
            case .list(let items):
                var rendered: [String] = []
                for item in items { rendered.append(render(item)) }
                return "[" + rendered.joined(separator: ", ") + "]"
            case .asset(let file, _): return file.map { "asset #\($0)" } ?? "none"
            case .artboard(let file, _):
                return file.map { model.artboards.indices.contains($0) ? "artboard \"\(model.artboards[$0].name)\"" : "artboard #\($0)" } ?? "none"
            case .listIndex(let v): return String(v)
            }
        }
    }
}
