import RiveFormat
import RuntimeAPI

/// A state machine instance of the reference runtime: its data context, its binds and the
/// artboard's binds, applied when it advances.
///
/// Part 1 covers data binding: an advance re-resolves binds when the context or the instance
/// graph changed, applies the state machine's binds and then the artboard's, consumes
/// triggers and change flags, reports settled, and delivers stream events. Layers,
/// transitions, animations and listeners come with part 2 and run inside the same advance.
@MainActor
public final class ReferenceStateMachine: StateMachine {
    let artboard: ReferenceArtboard
    let index: Int
    private(set) var context: DataContext?
    private let binds: BindSet
    private var contextIsNew = false
    private var resolvedGeneration: UInt64
    private var settledChannels: [ObjectIdentifier: EventChannel<Void, Never>] = [:]

    init(artboard: ReferenceArtboard, index: Int) {
        self.artboard = artboard
        self.index = index
        let document = artboard.file.model.document
        binds = BindSet(artboard.file.model.artboards[artboard.index].stateMachines[index].binds,
                        store: PropertyStore { document.objects.indices.contains($0) ? document.objects[$0] : nil })
        resolvedGeneration = artboard.file.worker.structureGeneration
    }

    private var file: ReferenceFile { artboard.file }
    private var worker: ReferenceWorker { artboard.file.worker }

    public var name: String { file.model.artboards[artboard.index].stateMachines[index].name }

    /// How many times one advance applies the artboard's binds while they keep changing
    /// values: upstream runs up to 5 update passes per advance, each applying the dirty binds
    /// twice (riv-format-and-binding.md §3.5, §3.6).
    static let maximumArtboardBindPasses = 10

    /// Advances: applies the state machine's binds, then the artboard's binds again while
    /// they change values (so a value a toTarget bind writes reaches a toSource bind on the
    /// same property in the same advance, as upstream's repeated update pass does), consumes
    /// triggers and change flags, and reports settled when nothing changed and `seconds` is
    /// not 0 (an advance by 0 always reports "keep going", as upstream).
    public func advance(by seconds: Double) {
        if contextIsNew || resolvedGeneration != worker.structureGeneration {
            resolveBinds(reconcileAll: contextIsNew)
        }
        let nodes = context.map { Self.nodes(of: $0) } ?? []
        let sourcesChanged = nodes.contains { $0.values.contains { $0?.hasChanged ?? false } }
        var bindsChanged = binds.update()
        for _ in 0..<Self.maximumArtboardBindPasses {
            guard artboard.binds.update() else { break }
            bindsChanged = true
        }
        for node in nodes {
            for value in node.values {
                value?.resetTrigger()
                value?.hasChanged = false
            }
        }
        if seconds != 0, !sourcesChanged, !bindsChanged {
            for channel in settledChannels.values { channel.yield(()) }
        }
        worker.deliverStreamEvents()
    }

    public func bindViewModelInstance(_ instance: any ViewModelInstance) {
        guard let node = node(of: instance) else { return }
        bind(main: node, globals: [:])
    }

    public func bindViewModelInstances(main: (any ViewModelInstance)?, globals: [GlobalBinding]) async throws(StateMachineError) {
        if Task.isCancelled { throw .cancelled }
        try bindInstances(main: main, globals: globals)
    }

    /// Binds synchronously; `bindViewModelInstances(main:globals:)` is the API form.
    ///
    /// Every name is checked before anything is applied (GLB-5..7); the instances' view
    /// models and workers are not checked (GLB-8).
    /// - Throws: `StateMachineError.invalidGlobalViewModelName` or `.duplicateGlobalViewModelInstance`.
    public func bindInstances(main: (any ViewModelInstance)?, globals: [GlobalBinding]) throws(StateMachineError) {
        var slots: [Int: InstanceNode] = [:]
        var seen: Set<String> = []
        var resolved: [(slot: Int, instance: any ViewModelInstance)] = []
        for binding in globals {
            guard let slot = file.model.viewModelIndex(named: binding.name), file.model.viewModels[slot].isGlobal else {
                throw .invalidGlobalViewModelName(binding.name)
            }
            guard seen.insert(binding.name).inserted else { throw .duplicateGlobalViewModelInstance(binding.name) }
            resolved.append((slot, binding.instance))
        }
        for (slot, instance) in resolved {
            if let node = node(of: instance) { slots[slot] = node }
        }
        bind(main: main.flatMap { node(of: $0) }, globals: slots)
    }

    public func settledStream() -> EventStream<Void, Never> {
        let channel = EventChannel<Void, Never>()
        let id = ObjectIdentifier(channel)
        channel.onTermination = { [weak self] in self?.settledChannels[id] = nil }
        settledChannels[id] = channel
        return EventStream(channel)
    }

    // MARK: Internal

    /// Sets the supplied slots, keeps the others, and fills every still-empty slot with the
    /// file's default instance (GLB-2..4, BIND-8). Binds are resolved at the next advance.
    func bind(main: InstanceNode?, globals: [Int: InstanceNode]) {
        var context = self.context ?? DataContext()
        if let main { context.main = main }
        context.globals.merge(globals) { _, new in new }
        if context.main == nil, let viewModel = artboard.viewModel { context.main = file.defaultInstance(viewModel) }
        for slot in file.globalSlots where context.globals[slot] == nil {
            context.globals[slot] = file.defaultInstance(slot)
        }
        self.context = context
        contextIsNew = true
    }

    /// The node behind an API instance of this worker, logging why when there is none.
    func node(of instance: any ViewModelInstance) -> InstanceNode? {
        guard let instance = instance as? ReferenceViewModelInstance, let node = instance.node else {
            worker.report("stateMachine", "state-machine.unusable-instance", "the instance is not a live instance of the reference runtime; the binding is ignored")
            return nil
        }
        return node
    }

    private func resolveBinds(reconcileAll: Bool) {
        let resolver = file.resolver
        binds.bind(context, resolver: resolver, reconcileAll: reconcileAll)
        artboard.binds.bind(context, resolver: resolver, reconcileAll: reconcileAll)
        contextIsNew = false
        resolvedGeneration = worker.structureGeneration
    }

    private static func nodes(of context: DataContext) -> [InstanceNode] {
        var seen: Set<ObjectIdentifier> = []
        return context.ordered.flatMap { $0.reachableNodes() }.filter { seen.insert(ObjectIdentifier($0)).inserted }
    }
}

extension ReferenceStateMachine {
    /// The current value of the target of the state machine's `bind`-th data bind (a
    /// bindable property feeding a condition), in file order.
    public func bindableValue(_ bind: Int) -> RivePropertyValue? {
        let definitions = file.model.artboards[artboard.index].stateMachines[index].binds
        guard definitions.indices.contains(bind) else { return nil }
        return binds.store.value(PropertyStore.Key(object: definitions[bind].target, property: definitions[bind].propertyKey))
    }
}

extension ReferenceStateMachine {
    /// How many instances the data context holds: the main instance and every filled global slot.
    public var contextInstanceCount: Int { context?.ordered.count ?? 0 }
}
