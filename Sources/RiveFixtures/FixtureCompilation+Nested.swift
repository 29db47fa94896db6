import RiveFormat
import YAML

/// Nested artboards (`type: nested`): a NestedArtboard naming another artboard by its
/// backboard index, with an optional NestedStateMachine child and a view-model path
/// (`dataBindPathIds`) to bind it to (riv-format-and-binding.md §1.5, §3.3; upstream
/// `src/nested_artboard.cpp`, `src/animation/nested_animation.cpp`).
extension FixtureCompilation {
    /// Rejects nested-artboard fields on other nodes, and checks a nested artboard names an
    /// artboard and, when it plays one, a state machine of that artboard.
    func checkNestedFields(_ source: NodeSource) throws(FixtureError) {
        let mark = source.name?.mark ?? source.type.mark
        guard source.type.value == .nested else {
            let fields = [("artboard", source.artboard != nil), ("stateMachine", source.stateMachine != nil),
                          ("dataPath", source.dataPath != nil), ("paused", source.paused != nil), ("speed", source.speed != nil)]
            if let field = fields.first(where: \.1) {
                throw error(.invalidValue, mark, "only nested artboards have '\(field.0):'", hint: "use type: nested, or remove '\(field.0):'")
            }
            return
        }
        guard let artboard = source.artboard else {
            throw error(.invalidValue, mark, "a nested artboard needs 'artboard:'", hint: "name the artboard it shows")
        }
        guard let target = artboardSources.first(where: { $0.name.value == artboard.value }) else {
            throw unknown("artboard", artboard, among: artboardSources.map(\.name.value))
        }
        if let machine = source.stateMachine {
            let names = (target.stateMachines ?? []).map(\.name.value)
            guard names.contains(machine.value) else {
                throw unknown("state machine of artboard '\(artboard.value)'", machine, among: names)
            }
        }
        if let speed = source.speed, !speed.isFinite {
            throw error(.invalidValue, mark, "a nested artboard's speed must be a finite number", hint: "write speed: 1 for normal time")
        }
    }

    /// The NestedArtboard properties of a nested node (none for other nodes): the artboard's
    /// backboard index, the view-model path it binds to, paused and speed.
    /// - Throws: for an artboard that would nest itself (directly or through others: upstream
    ///   would instance it forever), or a data path that is not a nested view model the host sees.
    func nestedArtboardProperties(_ source: NodeSource, host: String) throws(FixtureError) -> [(UInt32, RivePropertyValue?)] {
        guard source.type.value == .nested, let artboard = source.artboard, let index = artboardIndices[artboard.value] else { return [] }
        if let cycle = nestingChain(from: artboard.value, to: host) {
            throw error(.invalidValue, artboard.mark, "artboard '\(host)' would contain itself: \((cycle + [host]).joined(separator: " → "))",
                        hint: "nest artboards without cycles")
        }
        var pathBytes: [UInt8]?
        if let dataPath = source.dataPath {
            let resolved = try resolvePath(dataPath, reachableFrom: host)
            guard resolved.property.kind == .viewModel, let referenced = resolved.property.referencedViewModel else {
                throw error(.typeMismatch, dataPath.mark, "'\(dataPath.value)' is a \(resolved.property.kind.rawValue) property; a nested artboard binds to a nested view model",
                            hint: "name a viewModel property of the host's view model")
            }
            if let own = artboardSources.first(where: { $0.name.value == artboard.value })?.viewModel?.value, own != referenced {
                throw error(.typeMismatch, dataPath.mark, "'\(dataPath.value)' is a '\(referenced)' but artboard '\(artboard.value)' binds view model '\(own)', so its binds would never resolve",
                            hint: "name a '\(own)' property, or change the artboard's view model")
            }
            pathBytes = resolved.encoded
        }
        return [
            (PropertyKey.nestedArtboardArtboardId, .uint(UInt64(index))),
            (PropertyKey.nestedArtboardDataBindPathIds, pathBytes.map { .bytes($0) }),
            (PropertyKey.nestedArtboardIsPaused, source.paused.map { .bool($0) }),
            (PropertyKey.nestedArtboardSpeed, source.speed.map { .float($0) }),
        ]
    }

    /// Emits the NestedStateMachine of a nested node that plays one, parented to it.
    mutating func emitNestedStateMachine(_ source: NodeSource, parent: Int, at mark: Mark) throws(FixtureError) {
        guard let machine = source.stateMachine, let artboard = source.artboard,
              let target = artboardSources.first(where: { $0.name.value == artboard.value }),
              let index = (target.stateMachines ?? []).firstIndex(where: { $0.name.value == machine.value }) else { return }
        _ = emitComponent(TypeKey.nestedStateMachine, [
            (PropertyKey.componentParentId, .uint(UInt64(parent))),
            (PropertyKey.nestedAnimationAnimationId, .uint(UInt64(index))),
        ], at: machine.mark)
    }

    /// The artboards from `start` to `goal` through nested nodes, when `start` nests `goal`
    /// (or is it).
    private func nestingChain(from start: String, to goal: String) -> [String]? {
        var visited: Set<String> = []
        func walk(_ name: String) -> [String]? {
            if name == goal { return [name] }
            guard visited.insert(name).inserted, let source = artboardSources.first(where: { $0.name.value == name }) else { return nil }
            for next in Self.nestedArtboardNames(source.nodes ?? []) {
                if let rest = walk(next) { return [name] + rest }
            }
            return nil
        }
        return walk(start).map { Array($0.dropLast()) }
    }

    private static func nestedArtboardNames(_ nodes: [NodeSource]) -> [String] {
        nodes.flatMap { node in (node.type.value == .nested ? [node.artboard?.value].compactMap { $0 } : []) + nestedArtboardNames(node.children ?? []) }
    }
}
