import RiveFormat

private typealias T = RiveTypeKey
private typealias P = RivePropertyKey

/// A view-model instance authored under a nested artboard host (a "stateful component"): the
/// instance the host binds its nested artboard to.
///
/// It follows upstream (`NestedArtboard::onAddedClean`, `bindStateful`): the host's first
/// `ViewModelInstance` child of a standard (not global) view model, completed with the view
/// model's other properties at their defaults, becomes the nested artboard's main instance,
/// with the host's data context as its parent. Its value records are objects of the hosting
/// artboard, so binds and keyframes write them like any property of the artboard's store;
/// the instance takes a value from the store whenever it changed there, and the nested
/// artboard's binds see it. Nested, list, asset, artboard and trigger values keep what the
/// file authored.
@MainActor
final class EmbeddedInstance {
    /// The instance the nested artboard is bound to.
    let node: InstanceNode
    /// Each value record the store drives: the store property holding it and its value node.
    private let links: [(value: PropertyStore.Handle, node: ValueNode)]
    /// The store revision of each link's value last taken into its node.
    private var takenRevisions: [UInt64]

    private init(node: InstanceNode, links: [(value: PropertyStore.Handle, node: ValueNode)]) {
        self.node = node
        self.links = links
        takenRevisions = Array(repeating: .max, count: links.count)
    }

    /// The embedded instance among a host's `ViewModelInstance` children (artboard-local ids,
    /// in file order), given every value record's id by the local id of the instance it
    /// belongs to; `nil` when none is of a standard view model.
    static func of(instances: [Int], valuesByInstance: [Int: [Int]], in artboard: HostingArtboard) -> EmbeddedInstance? {
        let model = artboard.file.model
        let document = model.document
        let local = model.artboards[artboard.index].localObjects
        for id in instances {
            let object = document.objects[local[id]!]
            guard let viewModel = object.index(P.viewModelInstanceViewModelId), model.viewModels.indices.contains(viewModel),
                  !model.viewModels[viewModel].isGlobal else { continue }
            let node = artboard.file.factory.blank(viewModel)
            node.name = object.string(P.componentName) ?? ""
            var links: [(value: PropertyStore.Handle, node: ValueNode)] = []
            for valueID in valuesByInstance[id] ?? [] {
                let record = document.objects[local[valueID]!]
                guard let property = record.index(P.viewModelInstanceValueViewModelPropertyId),
                      node.values.indices.contains(property), let valueNode = node.values[property],
                      let key = valueKey(of: record.typeKey) else { continue }
                links.append((artboard.store.handle(PropertyStore.Key(object: valueID, property: key)), valueNode))
            }
            let embedded = EmbeddedInstance(node: node, links: links)
            _ = embedded.takeChanges(from: artboard.store)
            return embedded
        }
        return nil
    }

    /// The store property of a value record's value, for the kinds the store drives.
    private static func valueKey(of typeKey: UInt32) -> UInt32? {
        switch typeKey {
        case T.viewModelInstanceNumber: P.viewModelInstanceNumberPropertyValue
        case T.viewModelInstanceString: P.viewModelInstanceStringPropertyValue
        case T.viewModelInstanceBoolean: P.viewModelInstanceBooleanPropertyValue
        case T.viewModelInstanceColor: P.viewModelInstanceColorPropertyValue
        case T.viewModelInstanceEnum: P.viewModelInstanceEnumPropertyValue
        default: nil
        }
    }

    /// Takes the values that changed in the store since last time into the instance; returns
    /// whether one changed.
    func takeChanges(from store: PropertyStore) -> Bool {
        var changed = false
        for index in links.indices {
            let revision = store.revision(links[index].value)
            guard revision != takenRevisions[index] else { continue }
            takenRevisions[index] = revision
            guard let value = store.value(links[index].value) else { continue }
            let node = links[index].node
            let runtimeValue: RuntimeValue? = switch (node.dataType, value) {
            case (.number, .float(let number)): .number(number)
            case (.string, .string(let text)): .string(text)
            case (.boolean, .bool(let flag)): .bool(flag)
            case (.color, .color(let color)): .color(color)
            case (.enumType, .uint(let index)): .enumIndex(Int(min(index, UInt64(Int32.max))))
            default: nil
            }
            if let runtimeValue, node.set(runtimeValue) { changed = true }
        }
        return changed
    }
}
