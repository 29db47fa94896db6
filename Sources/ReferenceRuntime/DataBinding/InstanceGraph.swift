import RuntimeAPI
import Synchronization

/// A runtime view-model instance: one value per property, shared by reference.
///
/// Instances form a graph: nested properties and list items hold references to other
/// nodes, and two properties may hold the same node (a shared copy). Values are sparse when
/// the instance was copied from a sparse authored instance (an artboard "override").
final class InstanceNode {
    /// The view model's index in the file.
    let viewModel: Int
    /// The instance's name.
    var name: String
    /// The values by property id; `nil` where the instance has no value for the property.
    /// Every advance reads them, so their exclusivity is enforced statically only: a write
    /// replaces one value with a node made before the access begins.
    @exclusivity(unchecked)
    var values: [ValueNode?]
    /// For a copy of an authored instance, the property ids of its values in file order;
    /// `nil` for a blank instance, whose values are in property order.
    var valueOrder: [Int]?
    /// A copy's values for property ids its view model does not have, by id: upstream keeps
    /// them in the instance (`File::completeViewModelInstance`) and a bind's id path reaches
    /// them (`ViewModelInstance::propertyValue(id)` compares the value's property id only);
    /// no name reaches them. Only numbers, strings, booleans, colors and triggers, the kinds
    /// whose value needs nothing from a property.
    var valuesWithoutProperty: [Int: ValueNode] = [:]

    init(viewModel: Int, name: String, values: [ValueNode?], valueOrder: [Int]? = nil) {
        self.viewModel = viewModel
        self.name = name
        self.values = values
        self.valueOrder = valueOrder
    }

    /// Every node reachable from this one through nested properties and list items, this one
    /// first, each once.
    func reachableNodes() -> [InstanceNode] {
        var seen: Set<ObjectIdentifier> = []
        var order: [InstanceNode] = []
        var stack: [InstanceNode] = [self]
        while let node = stack.popLast() {
            guard seen.insert(ObjectIdentifier(node)).inserted else { continue }
            order.append(node)
            for value in node.values.reversed() {
                switch value?.value {
                case .nested(let child?)?: stack.append(child)
                case .list(let items)?: stack.append(contentsOf: items.reversed())
                default: break
                }
            }
        }
        return order
    }
}

/// A runtime value of one property, with its change tracking.
final class ValueNode {
    /// The property id within the instance's view model.
    let property: Int
    /// The property's kind.
    let dataType: DataType
    /// The current value.
    private(set) var value: RuntimeValue
    // `revision`, `fireCount` and `hasChanged` are plain numbers and flags that are only read
    // and assigned whole (no caller borrows them across a call), so no two accesses to them
    // can overlap; their exclusivity is enforced statically only. Conditions read them for
    // every view-model condition of every advance, where the dynamic check cost more than
    // the read.

    /// Bumped on every real change; subscriptions and data binds compare it.
    @exclusivity(unchecked)
    private(set) var revision: UInt64 = 0
    /// How many times the trigger was fired; triggers only.
    @exclusivity(unchecked)
    private(set) var fireCount: UInt64 = 0
    /// Whether the value changed since the last advance consumed the change flags (set by
    /// `set`, cleared by `consumeChange`).
    @exclusivity(unchecked)
    private(set) var hasChanged = false
    /// Counts, process-wide, every change of a value node's value or change flag. A state
    /// machine compares it to know that no source its conditions read moved (the conditions'
    /// stamp, LayerInstance.swift); reading it is a plain load, and only changes, which are
    /// rare next to those reads, pay for the atomic add.
    static let changes = Atomic<UInt64>(0)
    /// For an enum property, its enum's value keys (what a to-string converter writes).
    let enumKeys: [String]?
    /// For an enum property, its values' display names (key when empty), which select solo children.
    let enumNames: [String]?

    init(property: Int, dataType: DataType, value: RuntimeValue, enumKeys: [String]? = nil, enumNames: [String]? = nil) {
        self.property = property
        self.dataType = dataType
        self.value = value
        self.enumKeys = enumKeys
        self.enumNames = enumNames
    }

    /// Sets the value; an equal value is no change. Returns whether it changed.
    @discardableResult
    func set(_ newValue: RuntimeValue) -> Bool {
        guard !value.isSame(as: newValue) else { return false }
        value = newValue
        revision &+= 1
        hasChanged = true
        Self.changes.wrappingAdd(1, ordering: .relaxed)
        return true
    }

    /// Fires a trigger: its counter goes up by one and the fire is counted.
    func fire() {
        guard case .trigger(let counter) = value else { return }
        set(.trigger(counter &+ 1))
        fireCount &+= 1
    }

    /// Consumes the change at the end of an advance: a fired trigger's counter returns to 0
    /// (a new revision, which binds then apply, not counted as a fire) and the change flag is
    /// cleared; one count in `changes` covers both.
    func consumeChange() {
        var changed = hasChanged
        if case .trigger(let counter) = value, counter != 0 {
            value = .trigger(0)
            revision &+= 1
            changed = true
        }
        guard changed else { return }
        hasChanged = false
        Self.changes.wrappingAdd(1, ordering: .relaxed)
    }
}

/// A property's runtime value.
enum RuntimeValue {
    case number(Float)
    case string(String)
    case bool(Bool)
    case color(UInt32)
    /// An index into the property's enum values.
    case enumIndex(Int)
    /// A trigger counter; non-zero means fired and not yet consumed.
    case trigger(UInt32)
    /// A nested instance, or none.
    case nested(InstanceNode?)
    /// List items in order.
    case list([InstanceNode])
    /// An image, font or blob: a file asset index, or an object the app assigned.
    case asset(file: Int?, assigned: AnyObject?)
    /// An artboard: a backboard artboard index, or an artboard the app assigned.
    case artboard(file: Int?, assigned: AnyObject?)
    case listIndex(UInt64)

    /// Whether two values are the same: equal scalars, or the same referenced objects.
    func isSame(as other: RuntimeValue) -> Bool {
        switch (self, other) {
        case (.number(let a), .number(let b)): a.bitPattern == b.bitPattern || a == b
        case (.string(let a), .string(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.color(let a), .color(let b)): a == b
        case (.enumIndex(let a), .enumIndex(let b)): a == b
        case (.trigger(let a), .trigger(let b)): a == b
        case (.nested(let a), .nested(let b)): a === b
        case (.list(let a), .list(let b)): a.count == b.count && zip(a, b).allSatisfy { $0 === $1 }
        case (.asset(let fa, let oa), .asset(let fb, let ob)): fa == fb && oa === ob
        case (.artboard(let fa, let oa), .artboard(let fb, let ob)): fa == fb && oa === ob
        case (.listIndex(let a), .listIndex(let b)): a == b
        default: false
        }
    }
}

/// Creates instances from a file model: blank, copies of authored instances, defaults.
///
/// A copy is deep: nested and list references to file instances are copied too, and within
/// one create call every reference to the same file instance gets the same copy
/// (riv-format-and-binding.md §3.2), so `shared_viewmodel_instance.riv`'s "vm-main" shares
/// one child between its two properties.
struct InstanceFactory {
    let model: FileModel

    /// A blank instance: type defaults, nested view-model properties null (SRC-1, SRC-1N).
    ///
    /// Upstream creates a blank child instance for each nested property instead
    /// (riv-format-and-binding.md §3.2); the documented contract says null.
    func blank(_ viewModel: Int) -> InstanceNode {
        let properties = model.viewModels[viewModel].properties
        return InstanceNode(viewModel: viewModel, name: "", values: properties.indices.map { id in
            ValueNode(property: id, dataType: properties[id].dataType, value: Self.typeDefault(properties[id].dataType),
                      enumKeys: enumKeys(of: properties[id]), enumNames: enumNames(of: properties[id]))
        })
    }

    /// A copy of authored instance `instance` of `viewModel`.
    func copy(_ viewModel: Int, instance: Int) -> InstanceNode {
        var memo: [Key: InstanceNode] = [:]
        return copy(viewModel, instance: instance, memo: &memo)
    }

    /// A copy of the view model's first authored instance with its authored name, or a blank
    /// instance named "" when the view model has none (SRC-2; upstream's
    /// `createDefaultInstance`: "Test Default" in data_bind_test_cmdq.riv, "" in
    /// data_binding_test.riv).
    func defaultInstance(_ viewModel: Int) -> InstanceNode {
        model.viewModels[viewModel].instances.isEmpty ? blank(viewModel) : copy(viewModel, instance: 0)
    }

    /// The value keys of an enum property's enum, when it names one of the file's enums.
    private func enumKeys(of property: FileModel.Property) -> [String]? {
        property.enumIndex.flatMap { model.enums.indices.contains($0) ? model.enums[$0].keys : nil }
    }

    /// The display names of an enum property's enum values (keys where the text is empty).
    private func enumNames(of property: FileModel.Property) -> [String]? {
        property.enumIndex.flatMap { model.enums.indices.contains($0) ? model.enums[$0].names : nil }
    }

    /// The name `defaultInstance(_:)` gives its copy: the first authored instance's name, or "".
    func defaultInstanceName(_ viewModel: Int) -> String {
        model.viewModels[viewModel].instances.first?.name ?? ""
    }

    /// The default value of a property kind (SRC-1).
    static func typeDefault(_ dataType: DataType) -> RuntimeValue {
        switch dataType {
        case .number: .number(0)
        case .string: .string("")
        case .boolean: .bool(false)
        case .color: .color(0xFF00_0000)
        case .enumType: .enumIndex(0)
        case .trigger: .trigger(0)
        case .viewModel: .nested(nil)
        case .list: .list([])
        case .assetImage, .assetFont, .assetBlob: .asset(file: nil, assigned: nil)
        case .artboard: .artboard(file: nil, assigned: nil)
        default: .listIndex(0)
        }
    }

    private struct Key: Hashable {
        let viewModel: Int
        let instance: Int
    }

    private func copy(_ viewModel: Int, instance: Int, memo: inout [Key: InstanceNode]) -> InstanceNode {
        if let existing = memo[Key(viewModel: viewModel, instance: instance)] { return existing }
        let definition = model.viewModels[viewModel]
        let authored = definition.instances[instance]
        let node = InstanceNode(viewModel: viewModel, name: authored.name, values: Array(repeating: nil, count: definition.properties.count),
                                valueOrder: authored.valueOrder)
        memo[Key(viewModel: viewModel, instance: instance)] = node
        for (id, value) in authored.values.sorted(by: { $0.key < $1.key }) {
            guard definition.properties.indices.contains(id) else {
                if let (dataType, runtime) = Self.valueWithoutProperty(value) {
                    node.valuesWithoutProperty[id] = ValueNode(property: id, dataType: dataType, value: runtime)
                }
                continue
            }
            let property = definition.properties[id]
            node.values[id] = ValueNode(property: id, dataType: property.dataType, value: runtimeValue(value, of: property, memo: &memo),
                                        enumKeys: enumKeys(of: property), enumNames: enumNames(of: property))
        }
        return node
    }

    private func runtimeValue(_ value: FileModel.AuthoredValue, of property: FileModel.Property, memo: inout [Key: InstanceNode]) -> RuntimeValue {
        switch value {
        case .number(let v): return .number(v)
        case .string(let v): return .string(v)
        case .bool(let v): return .bool(v)
        case .color(let v): return .color(v)
        case .enumIndex(let v): return .enumIndex(v)
        case .trigger(let v): return .trigger(v)
        case .nested(let instance):
            guard let referenced = property.referencedViewModel, let instance, let viewModel = existing(referenced, instance) else { return .nested(nil) }
            return .nested(copy(viewModel, instance: instance, memo: &memo))
        case .list(let items):
            return .list(items.compactMap { item in
                guard let viewModel = item.viewModel, let instance = item.instance, existing(viewModel, instance) != nil else { return nil }
                return copy(viewModel, instance: instance, memo: &memo)
            })
        case .asset(let index): return .asset(file: index, assigned: nil)
        case .artboard(let index): return .artboard(file: index, assigned: nil)
        case .listIndex(let v): return .listIndex(v)
        }
    }

    /// The kind and runtime value of an authored value whose property id its view model does
    /// not have, for the kinds that need nothing from a property; `nil` for the others.
    private static func valueWithoutProperty(_ value: FileModel.AuthoredValue) -> (DataType, RuntimeValue)? {
        switch value {
        case .number(let v): (.number, .number(v))
        case .string(let v): (.string, .string(v))
        case .bool(let v): (.boolean, .bool(v))
        case .color(let v): (.color, .color(v))
        case .trigger(let v): (.trigger, .trigger(v))
        default: nil
        }
    }

    private func existing(_ viewModel: Int, _ instance: Int) -> Int? {
        model.viewModels.indices.contains(viewModel) && model.viewModels[viewModel].instances.indices.contains(instance) ? viewModel : nil
    }
}

/// Resolves `/`-separated property paths on instances (riv-format-and-binding.md §3.11).
struct PathResolver {
    let model: FileModel

    /// The value at `path` when it exists and has `dataType`, or a message saying why not.
    /// The property a name reaches in an instance. Upstream's `ViewModelInstance::propertyValue(name)`
    /// takes the first of the instance's values whose property has the name, so when two
    /// properties share a name it is the one whose value comes first in the file (for a copy
    /// of an authored instance), not the first property.
    func propertyID(named name: String, in node: InstanceNode) -> Int? {
        let viewModel = model.viewModels[node.viewModel]
        guard viewModel.hasDuplicateNames, let order = node.valueOrder else { return viewModel.propertyID(named: name) }
        return order.first { viewModel.properties.indices.contains($0) && viewModel.properties[$0].name == name } ?? viewModel.propertyID(named: name)
    }

    func resolve(_ path: String, in root: InstanceNode, as dataType: DataType) -> Result<ValueNode, ResolveFailure> {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        var node = root
        for (position, segment) in segments.enumerated() {
            let viewModel = model.viewModels[node.viewModel]
            guard let id = propertyID(named: segment, in: node), let value = node.values[id] else {
                return .failure(ResolveFailure("no property \"\(segment)\" in view model \"\(viewModel.name)\" (path \"\(path)\")"))
            }
            if position == segments.count - 1 {
                guard value.dataType == dataType else {
                    return .failure(ResolveFailure("property \"\(path)\" is a \(value.dataType) property, not a \(dataType) property"))
                }
                return .success(value)
            }
            guard case .nested(let child) = value.value else {
                return .failure(ResolveFailure("\"\(segment)\" in path \"\(path)\" is a \(value.dataType) property, not a nested view model"))
            }
            guard let child else {
                return .failure(ResolveFailure("the nested view model \"\(segment)\" in path \"\(path)\" is null"))
            }
            node = child
        }
        return .failure(ResolveFailure("the path is empty"))
    }

    /// Walks property names from `root` (every name but the last a nested view model, types
    /// unchecked) as name-based data binds do.
    func resolve(names: [String], in root: InstanceNode) -> ValueNode? {
        var node = root
        for (position, name) in names.enumerated() {
            guard let id = propertyID(named: name, in: node), let value = node.values[id] else { return nil }
            if position == names.count - 1 { return value }
            guard case .nested(let child?) = value.value else { return nil }
            node = child
        }
        return nil
    }

    /// Walks absolute ids `[viewModel, property, nested…]` from `root` when `root` is an
    /// instance of that view model; an id its view model does not have reaches the instance's
    /// value for it, if any (`valuesWithoutProperty`).
    func resolve(ids: [Int], in root: InstanceNode) -> ValueNode? {
        guard ids.count >= 2, root.viewModel == ids[0] else { return nil }
        var node = root
        for (position, id) in ids.dropFirst().enumerated() {
            guard let value = node.values.indices.contains(id) ? node.values[id] : node.valuesWithoutProperty[id] else { return nil }
            if position == ids.count - 2 { return value }
            guard case .nested(let child?) = value.value else { return nil }
            node = child
        }
        return nil
    }
}

/// Why a path did not resolve.
struct ResolveFailure: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
