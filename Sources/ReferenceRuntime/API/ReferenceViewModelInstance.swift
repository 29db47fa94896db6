import RuntimeAPI

/// A view-model instance handle of the reference runtime.
///
/// Handles share their instance: two handles on the same nested instance or list item see
/// each other's changes. A handle obtained through a wrong path or index is detached: its
/// getters throw `ViewModelInstanceError.message`, its mutators only log, as upstream hands
/// out a handle that maps to nothing.
@MainActor
public final class ReferenceViewModelInstance: ViewModelInstance {
    let file: ReferenceFile
    /// The instance, or `nil` for a detached handle.
    let node: InstanceNode?
    private let detachedReason: String
    /// The property the last setter or fire resolved, with the worker's structure generation
    /// then: while no nested instance or list is replaced, the same path resolves to the same
    /// property, so a caller that sets one property every frame walks its path once.
    private var lastMutated: (path: String, dataType: DataType, generation: UInt64, value: ValueNode)?

    init(file: ReferenceFile, node: InstanceNode) {
        self.file = file
        self.node = node
        detachedReason = ""
    }

    init(file: ReferenceFile, detachedBecause reason: String) {
        self.file = file
        node = nil
        detachedReason = reason
    }

    private var worker: ReferenceWorker { file.worker }
    private var model: FileModel { file.model }

    public func name() async throws(ViewModelInstanceError) -> String {
        if Task.isCancelled { throw .cancelled }
        return try liveNode().name
    }

    public func viewModelName() async throws(ViewModelInstanceError) -> String {
        if Task.isCancelled { throw .cancelled }
        return model.viewModels[try liveNode().viewModel].name
    }

    // MARK: Values

    public func value<P: ValueProperty>(of property: P) async throws(ViewModelInstanceError) -> P.Value {
        if Task.isCancelled { throw .cancelled }
        let value = try resolve(property.path, P.dataType)
        // A file may store a value of another kind for the property (a trigger value pointing
        // at a boolean property); upstream's lookup then finds no property of the asked type
        // (ViewModelInstanceRuntime::getPropertyInstance checks the value's type), so neither does this.
        guard let result = apiValue(value, as: P.self) else {
            throw .message("could not find a \(P.dataType) property at \"\(property.path)\": the instance holds a value of another kind for it")
        }
        return result
    }

    /// Sets a value; an enum name that is not one of the enum's keys is rejected and logged,
    /// leaving the value unchanged (PROP-5).
    public func setValue<P: ValueProperty>(of property: P, to value: P.Value) {
        guard let target = resolveForMutation(property.path, P.dataType) else { return }
        if P.Value.self == Float.self {
            // A number, the common case, taken without a dynamic cast (the type is checked above).
            target.set(.number(unsafeBitCast(value, to: Float.self)))
            return
        }
        let newValue: RuntimeValue?
        switch value {
        case let number as Float: newValue = .number(number)
        case let color as Color: newValue = .color(color.argbValue)
        case let flag as Bool: newValue = .bool(flag)
        case let text as String where P.dataType == .enumType:
            let keys = enumKeys(of: target)
            newValue = keys.firstIndex(of: text).map { .enumIndex($0) }
            if newValue == nil {
                worker.report("viewModelInstance", "view-model-instance.invalid-enum-value",
                              "\"\(text)\" is not a value of enum property \"\(property.path)\"; its values are \(keys.map { "\"\($0)\"" }.joined(separator: ", "))")
            }
        case let text as String: newValue = .string(text)
        default: newValue = nil
        }
        if let newValue { target.set(newValue) }
    }

    public func valueStream<P: ValueProperty>(of property: P) -> EventStream<P.Value, ViewModelInstanceError> {
        makeStream(property.path, P.dataType) { [weak self] value in self?.apiValue(value, as: P.self) }
    }

    public func fire(trigger property: TriggerProperty) {
        resolveForMutation(property.path, .trigger)?.fire()
    }

    /// A stream with one event per fire (STR-3).
    ///
    /// binding-rules.md documents one emission per fire, so fires between two delivery
    /// points are not coalesced here, and a trigger's reset after an advance is not a fire.
    /// Upstream coalesces fires per batch and may emit again for the reset
    /// (apple-runtime-api.md §3.4).
    public func stream(of property: TriggerProperty) -> EventStream<Void, ViewModelInstanceError> {
        makeStream(property.path, .trigger) { _ in () }
    }

    // MARK: Nested instances

    public func value(of property: ViewModelInstanceProperty) -> any ViewModelInstance {
        switch resolveResult(property.path, .viewModel) {
        case .success(let value):
            if case .nested(let child?) = value.value { return ReferenceViewModelInstance(file: file, node: child) }
            return ReferenceViewModelInstance(file: file, detachedBecause: "the nested view model \"\(property.path)\" is null")
        case .failure(let failure):
            return ReferenceViewModelInstance(file: file, detachedBecause: failure.message)
        }
    }

    /// Replaces a nested instance; the replacement must be an instance of the property's
    /// view model from the same file (PROP-9), otherwise the call is logged and ignored.
    public func setValue(of property: ViewModelInstanceProperty, to instance: any ViewModelInstance) {
        guard let target = resolveForMutation(property.path, .viewModel), let child = sameFileNode(instance) else { return }
        let parentViewModel = owningViewModel(of: property.path)
        let expected = parentViewModel.flatMap { model.viewModels[$0].properties[target.property].referencedViewModel }
        guard child.viewModel == expected else {
            worker.report("viewModelInstance", "view-model-instance.view-model-mismatch",
                          "\"\(property.path)\" holds instances of \(expected.map { "\"\(model.viewModels[$0].name)\"" } ?? "no view model"), not of \"\(model.viewModels[child.viewModel].name)\"")
            return
        }
        if target.set(.nested(child)) { worker.graphChanged() }
    }

    // MARK: Lists

    public func size(of list: ListProperty) async throws(ViewModelInstanceError) -> Int {
        if Task.isCancelled { throw .cancelled }
        let value = try resolve(list.path, .list)
        // A value of another kind stored for a list property is no list, as for value(of:).
        guard case .list(let items) = value.value else {
            throw .message("could not find a list property at \"\(list.path)\": the instance holds a value of another kind for it")
        }
        return items.count
    }

    public func value(of list: ListProperty, at index: Int32) -> any ViewModelInstance {
        switch resolveResult(list.path, .list) {
        case .success(let value):
            let items = items(value)
            guard items.indices.contains(Int(index)) else {
                return ReferenceViewModelInstance(file: file, detachedBecause: "index \(index) is outside list \"\(list.path)\" of \(items.count) item(s)")
            }
            return ReferenceViewModelInstance(file: file, node: items[Int(index)])
        case .failure(let failure):
            return ReferenceViewModelInstance(file: file, detachedBecause: failure.message)
        }
    }

    public func appendInstance(_ instance: any ViewModelInstance, to list: ListProperty) {
        editList(list, adding: instance) { items, node in
            items.append(node)
            return true
        }
    }

    public func insertInstance(_ instance: any ViewModelInstance, to list: ListProperty, at index: Int32) {
        editList(list, adding: instance) { items, node in
            guard (0...items.count).contains(Int(index)) else { return false }
            items.insert(node, at: Int(index))
            return true
        } describe: { count in "insert index \(index) is outside 0...\(count)" }
    }

    public func removeInstance(at index: Int32, from list: ListProperty) {
        editList(list) { items in
            guard items.indices.contains(Int(index)) else { return false }
            items.remove(at: Int(index))
            return true
        } describe: { count in "remove index \(index) is outside a list of \(count) item(s)" }
    }

    public func removeInstance(_ instance: any ViewModelInstance, from list: ListProperty) {
        guard let node = sameFileNode(instance) else { return }
        editList(list) { items in
            items.removeAll { $0 === node }
            return true
        }
    }

    public func swapInstance(atIndex: Int32, withIndex: Int32, in list: ListProperty) {
        editList(list) { items in
            guard items.indices.contains(Int(atIndex)), items.indices.contains(Int(withIndex)) else { return false }
            items.swapAt(Int(atIndex), Int(withIndex))
            return true
        } describe: { count in "swap indices \(atIndex) and \(withIndex) must both be inside a list of \(count) item(s)" }
    }

    // MARK: Assets

    public func setValue(of property: ImageProperty, to image: (any Image)?) {
        setAsset(property.path, .assetImage, image, owner: (image as? ReferenceImage)?.worker)
    }

    public func setValue(of property: BlobProperty, to blob: (any Blob)?) {
        setAsset(property.path, .assetBlob, blob, owner: (blob as? ReferenceBlob)?.worker)
    }

    public func setValue(of property: FontProperty, to font: (any Font)?) {
        setAsset(property.path, .assetFont, font, owner: (font as? ReferenceFont)?.worker)
    }

    public func setValue(of property: ArtboardProperty, to artboard: (any Artboard)?) {
        guard let target = resolveForMutation(property.path, .artboard) else { return }
        guard let artboard else {
            target.set(.artboard(file: nil, assigned: nil))
            return
        }
        guard let reference = artboard as? ReferenceArtboard, reference.file.worker === worker else {
            worker.report("viewModelInstance", "view-model-instance.other-worker", "the artboard for \"\(property.path)\" was not created on this instance's worker; it is ignored")
            return
        }
        target.set(.artboard(file: nil, assigned: reference))
    }

    // MARK: Internal

    private func liveNode() throws(ViewModelInstanceError) -> InstanceNode {
        guard let node else { throw .message("could not find the view model instance: \(detachedReason)") }
        return node
    }

    private func resolveResult(_ path: String, _ dataType: DataType) -> Result<ValueNode, ResolveFailure> {
        guard let node else { return .failure(ResolveFailure("could not find the view model instance: \(detachedReason)")) }
        return file.resolver.resolve(path, in: node, as: dataType)
    }

    private func resolve(_ path: String, _ dataType: DataType) throws(ViewModelInstanceError) -> ValueNode {
        switch resolveResult(path, dataType) {
        case .success(let value): return value
        case .failure(let failure): throw .message("could not find a \(dataType) property at \"\(path)\": \(failure.message)")
        }
    }

    /// Resolves for a mutator, which never throws: a failure is logged.
    @discardableResult
    private func resolveForMutation(_ path: String, _ dataType: DataType) -> ValueNode? {
        if let lastMutated, lastMutated.generation == worker.structureGeneration, lastMutated.dataType == dataType, lastMutated.path == path {
            return lastMutated.value
        }
        switch resolveResult(path, dataType) {
        case .success(let value):
            lastMutated = (path, dataType, worker.structureGeneration, value)
            return value
        case .failure(let failure):
            worker.report("viewModelInstance", "view-model-instance.property-not-found", "cannot set a \(dataType) property at \"\(path)\": \(failure.message)")
            return nil
        }
    }

    /// The view model that owns the last segment of a path.
    private func owningViewModel(of path: String) -> Int? {
        guard let node else { return nil }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        guard !segments.isEmpty else { return node.viewModel }
        return file.resolver.resolve(segments.joined(separator: "/"), in: node, as: .viewModel).map { value -> Int? in
            if case .nested(let child?) = value.value { return child.viewModel }
            return nil
        }.get(or: nil)
    }

    private func sameFileNode(_ instance: any ViewModelInstance) -> InstanceNode? {
        guard let other = instance as? ReferenceViewModelInstance, other.file === file, let node = other.node else {
            worker.report("viewModelInstance", "view-model-instance.other-file", "the instance is not a live instance of this file; the call is ignored")
            return nil
        }
        return node
    }

    private func items(_ value: ValueNode) -> [InstanceNode] {
        if case .list(let items) = value.value { return items }
        return []
    }

    private func editList(_ list: ListProperty, adding instance: any ViewModelInstance,
                          _ edit: (inout [InstanceNode], InstanceNode) -> Bool,
                          describe: ((Int) -> String)? = nil) {
        guard let node = sameFileNode(instance) else { return }
        editList(list, { items in edit(&items, node) }, describe: describe)
    }

    private func editList(_ list: ListProperty, _ edit: (inout [InstanceNode]) -> Bool, describe: ((Int) -> String)? = nil) {
        guard let value = resolveForMutation(list.path, .list) else { return }
        var items = items(value)
        let count = items.count
        guard edit(&items) else {
            worker.report("viewModelInstance", "view-model-instance.list-index-out-of-range", "list \"\(list.path)\": \(describe?(count) ?? "bad index"); the list is unchanged")
            return
        }
        if value.set(.list(items)) { worker.graphChanged() }
    }

    private func setAsset(_ path: String, _ dataType: DataType, _ asset: AnyObject?, owner: ReferenceWorker?) {
        guard let target = resolveForMutation(path, dataType) else { return }
        guard let asset else {
            target.set(.asset(file: nil, assigned: nil))
            return
        }
        guard owner === worker else {
            worker.report("viewModelInstance", "view-model-instance.other-worker", "the \(dataType) for \"\(path)\" was decoded on another worker; it is rejected (PROP-8)")
            return
        }
        target.set(.asset(file: nil, assigned: asset))
    }

    private func enumKeys(of value: ValueNode) -> [String] {
        guard let node, let owner = owningViewModel(ofValue: value, from: node),
              let enumIndex = model.viewModels[owner].properties[value.property].enumIndex else { return [] }
        return model.enums[enumIndex].keys
    }

    /// The view model of the instance holding `value`, searched from `root`.
    private func owningViewModel(ofValue value: ValueNode, from root: InstanceNode) -> Int? {
        root.reachableNodes().first { $0.values.contains { $0 === value } }?.viewModel
    }

    /// The API value of a runtime value; an enum index outside its enum reads as `""`.
    private func apiValue<P: ValueProperty>(_ value: ValueNode, as type: P.Type) -> P.Value? {
        switch value.value {
        case .number(let number): return number as? P.Value
        case .string(let text): return text as? P.Value
        case .bool(let flag): return flag as? P.Value
        case .color(let color): return Color(color) as? P.Value
        case .enumIndex(let index):
            let keys = enumKeys(of: value)
            return (keys.indices.contains(index) ? keys[index] : "") as? P.Value
        default: return nil
        }
    }

    private func makeStream<Element: Sendable>(_ path: String, _ dataType: DataType,
                                                _ convert: @escaping @MainActor (ValueNode) -> Element?) -> EventStream<Element, ViewModelInstanceError> {
        let channel = EventChannel<Element, ViewModelInstanceError>()
        guard let node else {
            channel.finish(throwing: .message("could not find the view model instance: \(detachedReason)"))
            return EventStream(channel)
        }
        let subscription = Subscription(
            root: node, path: path, dataType: dataType, resolver: file.resolver,
            deliver: { value in if let element = convert(value) { channel.yield(element) } },
            fail: { error in channel.finish(throwing: error) })
        if let subscription {
            let worker = self.worker
            channel.onTermination = { worker.unsubscribe(subscription) }
            worker.subscribe(subscription)
        } else if case .failure(let failure) = file.resolver.resolve(path, in: node, as: dataType) {
            channel.finish(throwing: .message("could not find a \(dataType) property at \"\(path)\": \(failure.message)"))
        }
        return EventStream(channel)
    }
}

private extension Result {
    func get(or fallback: Success) -> Success {
        if case .success(let value) = self { return value }
        return fallback
    }
}
