import RiveFormat
import RiveRendering
import RuntimeAPI

/// A state machine instance of the reference runtime: inputs, layers, listeners, its data
/// context and binds, and the artboard instance it drives.
///
/// One advance does its work in the upstream order (riv-format-and-binding.md §3.6): the
/// state machine's binds (the bindable properties that feed conditions) are applied; each
/// layer advances its animation, applies it and takes the transitions its conditions allow;
/// then, up to five times, the artboard's binds are applied and the layers get another
/// chance to change state; finally triggers and change flags are consumed, the scene is
/// updated and stream events are delivered.
@MainActor
public final class ReferenceStateMachine: StateMachine {
    // The variables read or written on every advance are marked `@exclusivity(unchecked)`
    // (their exclusivity is enforced statically only): a dynamic check cost about 30
    // instructions per access, a third of a settled frame. No access to one of them can
    // overlap another: the layers are advanced in place with this machine as their condition
    // reader, and the reader's methods read `definition`, `inputs` and the binds, never
    // `layers`; every other modifying access (the inputs' flags, the reported events, the
    // watched markers) is an assignment or an append whose value is computed before the
    // access begins, and the loops over `watched` and `settledChannels` call nothing that
    // writes them (a settled channel's termination handler runs when its stream ends, not on
    // `yield`).
    //
    // Calls on the hot path reach objects this machine holds strongly (its artboard and what
    // the artboard owns, the context's value nodes) unretained (`Unmanaged.borrow`,
    // Unretained.swift): this machine keeps them alive for the whole advance.
    let artboard: ReferenceArtboard
    /// The state machine's index in the artboard, or -1 for a scene that plays an animation.
    let index: Int
    @exclusivity(unchecked)
    private(set) var context: DataContext?
    private let binds: BindSet
    @exclusivity(unchecked)
    private var contextIsNew = false
    @exclusivity(unchecked)
    private var resolvedGeneration: UInt64
    @exclusivity(unchecked)
    private var settledChannels: [ObjectIdentifier: EventChannel<Void, Never>] = [:]
    private let definition: StateMachineDefinition
    @exclusivity(unchecked)
    private var inputs: [InputState] {
        didSet { inputWrites &+= 1 }
    }
    /// How many times `inputs` was written: part of the conditions' stamp.
    @exclusivity(unchecked)
    private var inputWrites: UInt64 = 0
    /// For a machine whose conditions compare the artboard's width, height or ratio, the
    /// places of the width and height in the artboard's store (their revisions are part of
    /// the conditions' stamp); `nil` otherwise.
    private let artboardSizePlaces: (width: PropertyStore.Handle, height: PropertyStore.Handle)?
    @exclusivity(unchecked)
    private var layers: [LayerInstance]
    private var listenerHovered: [Bool]
    private var listenerClickDown: [Bool]
    /// The property key of each bindable's value, by the bindable's document index.
    private let bindableKeys: [Int: UInt32]
    /// What conditions read of each bindable they name, by the bindable's document index: a
    /// position in `bindables` (-1 for bindables no condition names), found once at creation
    /// so a condition finds it without hashing.
    private let bindablePositions: [Int32]
    private let bindables: [Bindable]
    /// The values of every instance reachable from the data context, found when the binds are
    /// resolved (the context and the graph's shape change only through a rebind or a
    /// structure change): every advance reads and resets their change flags.
    @exclusivity(unchecked)
    private var contextValues: [ValueNode] = []
    /// The source each bindable in `bindables` reads (that of the first of its binds with
    /// one), found when the binds are resolved, which is the only time a source changes.
    @exclusivity(unchecked)
    private var bindableSources: [ValueNode?] = []
    /// Whether something (a pointer event or an input change) asked for an advance since the last one.
    @exclusivity(unchecked)
    private(set) var needsAdvance = false
    /// What the view-model listeners watch, in listener order (resolved with the binds): the
    /// listener's index, the property, and the change marker (fire count for triggers,
    /// revision otherwise) the listener has reacted to, `nil` when a change is pending.
    @exclusivity(unchecked)
    private var watched: [(listener: Int, node: ValueNode, seen: UInt64?)] = []
    /// Events reported since the event listeners last acted (artboard-local ids), in order.
    @exclusivity(unchecked)
    private(set) var reportedEvents: [Int] = []
    /// For a nested state machine, the host's relay that passes its events up to the state
    /// machines of the hosting artboard (see NestedArtboards.swift).
    weak var eventHost: NestedEventRelay?
    /// What the hosts of this machine's artboard hold weakly to pass nested events to it.
    private(set) lazy var eventSink = NestedEventSink(self)

    /// A bindable property as conditions read it: its value key, the value's place in the
    /// binds' store (found once: conditions read it on every advance) and the binds on it.
    private struct Bindable {
        let key: UInt32?
        let place: PropertyStore.Handle?
        let binds: [LiveBind]
    }

    /// A state-machine input's current value.
    private struct InputState {
        var number: Double = 0
        var bool = false
        var fires: UInt64 = 0
        var isFired = false
    }

    /// Creates an instance of the artboard's state machine `index`.
    convenience init(artboard: ReferenceArtboard, index: Int) {
        self.init(artboard: artboard, index: index, definition: artboard.content.stateMachines[index],
                  binds: artboard.file.model.artboards[artboard.index].stateMachines[index].binds)
    }

    /// Creates the scene that plays the artboard's linear animation `animation` on its own
    /// (`StateMachineDefinition.playing`): no inputs, listeners or binds of a machine.
    convenience init(artboard: ReferenceArtboard, playing animation: Int) {
        self.init(artboard: artboard, index: -1, definition: .playing(animation: animation, name: artboard.content.animations[animation].name),
                  binds: [])
    }

    private init(artboard: ReferenceArtboard, index: Int, definition: StateMachineDefinition, binds definitions: [FileModel.Bind]) {
        self.artboard = artboard
        self.index = index
        let document = artboard.file.model.document
        self.definition = definition
        let performed = definition.performedBindables
        // Upstream keeps a target-to-source bind on a bindable property apart, for listener
        // actions to push (StateMachineInstance's m_bindableDataBindsToSource): binding does
        // not push the bindable's authored value to the source.
        let bindableTargets = Set(definitions.map(\.target).filter { document.objects.indices.contains($0) && document.objects[$0].isType(RiveTypeKey.bindableProperty) })
        let binds = BindSet(definitions, store: PropertyStore { document.objects.indices.contains($0) ? document.objects[$0] : nil },
                            performedTargets: performed, quietTargets: bindableTargets)
        self.binds = binds
        resolvedGeneration = artboard.file.worker.structureGeneration
        inputs = definition.inputs.map { input in
            switch input {
            case .number(_, let value): InputState(number: value)
            case .bool(_, let value): InputState(bool: value)
            case .trigger, .unknown: InputState()
            }
        }
        layers = definition.layers.map { LayerInstance($0, animations: artboard.content.animations) }
        listenerHovered = Array(repeating: false, count: definition.listeners.count)
        listenerClickDown = Array(repeating: false, count: definition.listeners.count)
        var keys: [Int: UInt32] = [:]
        for bind in definitions where keys[bind.target] == nil { keys[bind.target] = bind.propertyKey }
        bindableKeys = keys
        var positions = [Int32](repeating: -1, count: document.objects.count)
        var found: [Bindable] = []
        func track(_ index: Int) {
            guard positions.indices.contains(index), positions[index] < 0 else { return }
            positions[index] = Int32(found.count)
            let key = keys[index] ?? Self.valueKey(ofBindable: index, in: document)
            found.append(Bindable(key: key, place: key.map { binds.store.handle(PropertyStore.Key(object: index, property: $0)) },
                                  binds: binds.liveBinds(onTarget: index)))
        }
        for layer in definition.layers {
            for state in layer.states {
                if case .blend(let blend) = state.kind { blend.bindables.forEach(track) }
                for transition in state.transitions {
                    for case .viewModel(_, let left, let right) in transition.conditions {
                        for case .bindable(let index) in [left, right] { track(index) }
                    }
                }
            }
        }
        bindablePositions = positions
        bindables = found
        let readsArtboardSize = definition.layers.contains { layer in
            layer.states.contains { state in
                state.transitions.contains { transition in
                    transition.conditions.contains { condition in
                        guard case .viewModel(_, let left, let right) = condition else { return false }
                        for case .artboardProperty in [left, right] { return true }
                        return false
                    }
                }
            }
        }
        let sizeStore = artboard.store
        artboardSizePlaces = readsArtboardSize
            ? (sizeStore.handle(PropertyStore.Key(object: 0, property: RivePropertyKey.layoutComponentWidth)),
               sizeStore.handle(PropertyStore.Key(object: 0, property: RivePropertyKey.layoutComponentHeight)))
            : nil
        for host in artboard.nestedHosts { host.subscribeToEvents(self) }
    }

    private var file: ReferenceFile { artboard.file }
    private var worker: ReferenceWorker { artboard.file.worker }

    public var name: String { definition.name }

    /// How many times one advance applies the artboard's binds (and retries state changes)
    /// while they keep changing values: upstream runs up to 5 update passes per advance, each
    /// applying the dirty binds twice (riv-format-and-binding.md §3.5, §3.6). Repeating lets a
    /// value a toTarget bind writes reach a toSource bind on the same property in the same
    /// advance, as upstream's repeated update pass does.
    static let maximumArtboardBindPasses = 10

    /// Advances; the API form of `advanceAndApply(by:)`.
    public func advance(by seconds: Double) {
        advanceAndApply(by: seconds)
    }

    /// Advances by `seconds` and applies everything (see the type's summary); returns whether
    /// more frames are needed: always for an advance by 0 (as upstream), otherwise while a
    /// layer animates, mixes or waits for an exit time, or while this advance changed a
    /// state, a bound value or the scene. When it returns `false` the settled streams emit.
    @discardableResult
    public func advanceAndApply(by seconds: Double) -> Bool {
        needsAdvance = false
        if contextIsNew || resolvedGeneration != worker.structureGeneration {
            resolveBinds(reconcileAll: contextIsNew)
        }
        // The artboard's store is read through the constant chain each time (a local copy was
        // retained for the whole advance).
        if artboard.store.boundKeyFrameValues !== binds.store { artboard.store.boundKeyFrameValues = binds.store }
        let sceneChangesBefore = artboard.store.changeCount &- artboard.store.inertChangeCount
        var sourcesChanged = false
        for position in contextValues.indices
        where Unmanaged.passUnretained(contextValues[position]).borrow({ $0.hasChanged }) {
            sourcesChanged = true
            break
        }
        let eventsActed = applyEvents()
        let listenersActed = applyViewModelListeners() || eventsActed
        var targetsChanged = binds.update() || listenersActed
        var layersActive = false
        var stateChanged = false
        for layer in layers.indices {
            layersActive = layers[layer].advance(seconds, reader: self, store: artboard.store) || layersActive
            layers[layer].noteConditionStamp(conditionStamp)
            stateChanged = stateChanged || layers[layer].changedState
            performFireActions(layers[layer].takeFiredActions())
        }
        // Upstream advances the state machine's binds after its layers, then the artboard's
        // components (nested artboards first) and binds (advanceInternal); an interpolator that
        // moved applies in the update passes below.
        let machineConvertersAnimating = binds.advanceConverters(by: Float(seconds))
        layersActive = artboard.advanceNestedArtboards(seconds, newFrame: true) || layersActive
        let convertersAnimating = Unmanaged.passUnretained(artboard.binds).borrow { $0.advanceConverters(by: Float(seconds)) }
            || machineConvertersAnimating
        for _ in 0..<Self.maximumArtboardBindPasses {
            let bound = artboard.updateBinds()
            targetsChanged = targetsChanged || bound
            var changedAgain = false
            for layer in layers.indices where layers[layer].tryChangeState(reader: self, store: artboard.store, stamp: conditionStamp) {
                changedAgain = true
                layersActive = layers[layer].advance(0, reader: self, store: artboard.store) || layersActive
                layers[layer].noteConditionStamp(conditionStamp)
                performFireActions(layers[layer].takeFiredActions())
            }
            if artboard.advanceNestedArtboards(0, newFrame: false) { changedAgain = true }
            stateChanged = stateChanged || changedAgain
            if !bound, !changedAgain { break }
        }
        for position in contextValues.indices {
            Unmanaged.passUnretained(contextValues[position]).borrow { $0.consumeChange() }
        }
        // Only fired inputs are written: every write moves the conditions' stamp.
        for input in inputs.indices where inputs[input].isFired { inputs[input].isFired = false }
        Unmanaged.passUnretained(artboard.scene).borrow { $0.update() }
        let sceneChanged = artboard.store.changeCount &- artboard.store.inertChangeCount != sceneChangesBefore
        let needsMore = seconds == 0 || layersActive || stateChanged || sourcesChanged || targetsChanged || sceneChanged || convertersAnimating
            || hasPendingViewModelListeners || !reportedEvents.isEmpty
        if !needsMore, !settledChannels.isEmpty {
            for channel in settledChannels.values { channel.yield(()) }
        }
        Unmanaged.passUnretained(artboard.file.worker).borrow { $0.deliverStreamEvents() }
        return needsMore
    }

    /// The conditions' stamp now (LayerInstance.swift): input writes, changes of the bindable
    /// properties' store, changes of any view-model value (the bindables' sources among them)
    /// and, when conditions compare the artboard's size, the revisions of its width and height.
    private var conditionStamp: ConditionStamp {
        var sizeRevisions: UInt64 = 0
        if let places = artboardSizePlaces {
            sizeRevisions = artboard.store.revision(places.width) &+ artboard.store.revision(places.height)
        }
        return ConditionStamp(inputWrites: inputWrites, bindableChanges: binds.store.changeCount,
                              valueChanges: ValueNode.changes.load(ordering: .relaxed), artboardSizeRevisions: sizeRevisions)
    }

    /// The name of the state each layer is in (its animation's name, or entry/any/exit/blend).
    public var currentStateNames: [String] {
        layers.map { layer in
            guard let current = layer.current else { return "none" }
            switch layer.layer.states[current].kind {
            case .entry: return "entry"
            case .any: return "any"
            case .exit: return "exit"
            case .animation: return layer.currentAnimation?.name ?? "animation"
            case .blend: return "blend"
            case .unsupported: return "unsupported"
            }
        }
    }

    // MARK: Inputs

    /// Sets a number input.
    /// - Throws: `StateMachineError.error` when the state machine has no number input with that name.
    public func setNumberInput(_ name: String, to value: Double) throws(StateMachineError) {
        let input = try inputIndex(name) { if case .number = $0 { true } else { false } }
        inputs[input].number = value
        needsAdvance = true
    }

    /// Sets a boolean input.
    /// - Throws: `StateMachineError.error` when the state machine has no boolean input with that name.
    public func setBoolInput(_ name: String, to value: Bool) throws(StateMachineError) {
        let input = try inputIndex(name) { if case .bool = $0 { true } else { false } }
        inputs[input].bool = value
        needsAdvance = true
    }

    /// Fires a trigger input; the next advance reacts to it and consumes it.
    /// - Throws: `StateMachineError.error` when the state machine has no trigger input with that name.
    public func fireTriggerInput(_ name: String) throws(StateMachineError) {
        fire(input: try inputIndex(name) { if case .trigger = $0 { true } else { false } })
    }

    public func setInput(_ name: String, value: Float) {
        logging { () throws(StateMachineError) in try setNumberInput(name, to: Double(value)) }
    }

    public func setInput(_ name: String, value: Bool) {
        logging { () throws(StateMachineError) in try setBoolInput(name, to: value) }
    }

    public func triggerInput(_ name: String) {
        logging { () throws(StateMachineError) in try fireTriggerInput(name) }
    }

    /// Runs an input call of the API form, which never throws: a failure goes to the log.
    private func logging(_ body: () throws(StateMachineError) -> Void) {
        do { try body() } catch {
            worker.report("stateMachine", "state-machine.unknown-input", error.message)
        }
    }

    private func fire(input: Int) {
        guard inputs.indices.contains(input) else { return }
        inputs[input].fires &+= 1
        inputs[input].isFired = true
        needsAdvance = true
    }

    private func inputIndex(_ name: String, kind: (StateMachineDefinition.Input) -> Bool) throws(StateMachineError) -> Int {
        guard let index = definition.inputs.firstIndex(where: { $0.name == name && kind($0) }) else {
            throw .error("state machine \"\(self.name)\" has no input named \"\(name)\" of that kind; its inputs are \(definition.inputs.compactMap(\.name).map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        return index
    }

    // MARK: Pointer events

    /// Sends a pointer event at a point in artboard coordinates (from the artboard's top left):
    /// listeners whose target's shapes contain the point react (down, up, move, enter, exit,
    /// click), and their actions run at once; the next advance shows the effect.
    public func pointer(_ kind: PointerEvent.Kind, at point: (x: Double, y: Double)) {
        artboard.scene.update()
        guard let toComponents = artboard.scene.frameTransform.inverted() else { return }
        pointer(kind, atContent: toComponents.apply(Point(x: point.x, y: point.y)))
    }

    /// A pointer event at a point of the artboard's content space (where its components are
    /// positioned): this state machine's listeners react, then the nested artboards' state
    /// machines get the event in their own content space.
    func pointer(_ kind: PointerEvent.Kind, atContent position: Point) {
        let scene = artboard.scene
        scene.update()
        let hitType: StateMachineDefinition.ListenerType = switch kind {
        case .down: .down
        case .up: .up
        case .move: .move
        case .exit: .exit
        }
        for (index, listener) in definition.listeners.enumerated() {
            guard let target = listener.target, let type = listener.type else { continue }
            let hovered = kind != .exit && scene.shapes(under: target).contains { shape in
                scene.path(ofShape: shape).map { PathHitTest.hits(position, path: $0, transform: scene.worldTransform(shape)) } ?? false
            }
            let hoverChanged = hovered != listenerHovered[index]
            listenerHovered[index] = hovered
            var perform = hoverChanged && ((hovered && type == .enter) || (!hovered && type == .exit))
            if hovered, hitType == type { perform = true }
            if type == .click {
                if hovered, hitType == .down { listenerClickDown[index] = true }
                else if hovered, hitType == .up, listenerClickDown[index] { perform = true; listenerClickDown[index] = false }
                else if hitType == .down || hitType == .up { listenerClickDown[index] = false }
            }
            if perform {
                for action in listener.actions { run(action) }
                needsAdvance = true
            }
        }
        artboard.forwardPointer(kind, at: position)
        needsAdvance = true
    }

    /// Upstream's `applyEvents` for view-model listeners: each listener whose watched property
    /// changed since it last reacted performs its actions once, however many times a trigger
    /// was fired in between (the real runtime at 89c04af7 acts once for two fires before an
    /// advance); actions that change watched properties make further listeners react, for at
    /// most 100 rounds. Returns whether any listener acted.
    private func applyViewModelListeners() -> Bool {
        var acted = false
        for _ in 0..<100 {
            var reacting: [Int] = []
            for position in watched.indices {
                let marker = Self.changeMarker(Unmanaged.passUnretained(watched[position].node))
                if watched[position].seen == marker { continue }
                watched[position].seen = marker
                reacting.append(watched[position].listener)
            }
            if reacting.isEmpty { break }
            acted = true
            for listener in reacting {
                for action in definition.listeners[listener].actions { run(action) }
            }
        }
        return acted
    }

    /// Whether a view-model listener has a change it has not reacted to yet.
    private var hasPendingViewModelListeners: Bool {
        for position in watched.indices where watched[position].seen != Self.changeMarker(Unmanaged.passUnretained(watched[position].node)) {
            return true
        }
        return false
    }

    /// What tells a listener that its property changed: fires for a trigger, the revision
    /// otherwise (read without retaining the node, which `watched` holds).
    private static func changeMarker(_ node: Unmanaged<ValueNode>) -> UInt64 {
        node.borrow { $0.dataType == .trigger ? $0.fireCount : $0.revision }
    }

    /// Performs the fire actions states and transitions reached: each fires the view-model
    /// trigger at its path in the data context (upstream `StateMachineFireTrigger::perform`),
    /// reports its event, or runs its scheduled listener action (StateActions.swift).
    private func performFireActions(_ actions: [StateMachineDefinition.FireAction]) {
        guard !actions.isEmpty else { return }
        for action in actions {
            if let scheduled = action.action {
                run(scheduled)
                continue
            }
            if let event = action.event {
                if isEvent(event) { reportedEvents.append(event) }
                continue
            }
            guard let context else { continue }
            let node = context.ordered.lazy.compactMap { self.file.resolver.resolve(ids: action.path, in: $0) }.first
            if let node, node.dataType == .trigger { node.fire() }
        }
    }

    /// Resolves what each view-model listener watches in the current data context. A trigger
    /// that is already fired when bound is reported (upstream reports a pending fire on bind);
    /// other values count as seen.
    private func resolveViewModelListeners() {
        let previous = watched
        watched.removeAll()
        guard let context else { return }
        for (index, listener) in definition.listeners.enumerated() where listener.type == .viewModel {
            for path in listener.viewModelPaths {
                guard let node = context.ordered.lazy.compactMap({ self.file.resolver.resolve(ids: path, in: $0) }).first else { continue }
                if let kept = previous.first(where: { $0.listener == index && $0.node === node }) {
                    watched.append(kept)
                    continue
                }
                var pending = false
                if node.dataType == .trigger, case .trigger(let counter) = node.value, counter != 0 { pending = true }
                watched.append((index, node, pending ? nil : Self.changeMarker(Unmanaged.passUnretained(node))))
            }
        }
    }

    private func run(_ action: StateMachineDefinition.Action) {
        switch action {
        case .viewModelChange(let bindable):
            guard let source = binds.source(ofTarget: bindable) else { return }
            if source.dataType == .trigger {
                source.fire()
            } else if let key = bindableKeys[bindable] ?? Self.valueKey(ofBindable: bindable, in: file.model.document),
                      let authored = file.model.document.objects[bindable].value(key),
                      let value = LiveBind.sourceValue(authored, for: source) {
                source.set(value)
            }
        case .fireTrigger(let input):
            fire(input: input)
        case .setBool(let input, let value):
            guard inputs.indices.contains(input) else { return }
            inputs[input].bool = value == 2 ? !inputs[input].bool : value == 1
        case .setNumber(let input, let value):
            guard inputs.indices.contains(input) else { return }
            inputs[input].number = value
        case .fireEvent(let event):
            if isEvent(event) { reportedEvents.append(event) }
        }
    }

    /// Whether an artboard-local id names an Event: upstream's `StateMachineFireEvent::perform`
    /// and `ListenerFireEvent::perform` report nothing for an id that resolves to no Event.
    private func isEvent(_ id: Int) -> Bool {
        let local = file.model.artboards[artboard.index].localObjects
        return local.indices.contains(id) && local[id].map { file.model.document.objects[$0].isType(RiveTypeKey.event) } == true
    }

    // MARK: Events

    /// Upstream's `applyEvents` for reported events: the events reported since the last
    /// advance go to this state machine's event listeners and up to the state machines of the
    /// artboard that hosts this one; events their actions report are handled in the same
    /// advance, for at most 100 rounds. Returns whether any listener acted.
    private func applyEvents() -> Bool {
        var acted = false
        var rounds = 0
        while !reportedEvents.isEmpty, rounds < 100 {
            rounds += 1
            let events = reportedEvents
            reportedEvents.removeAll()
            acted = notifyEventListeners(events, fromHost: nil) || acted
            eventHost?.passUp(events)
        }
        return acted
    }

    /// Runs the event listeners the events concern (upstream `notifyEventListeners`), each at
    /// most once per call, in listener order: for events of this artboard (`fromHost` nil),
    /// listeners that target the artboard, an event or nothing; for events a nested artboard
    /// reported, listeners that target its host. Returns whether any ran an action.
    @discardableResult
    func notifyEventListeners(_ events: [Int], fromHost host: Int?) -> Bool {
        var acted = false
        let local = file.model.artboards[artboard.index].localObjects
        let document = file.model.document
        for listener in definition.listeners where listener.type == .event && !listener.eventIds.isEmpty {
            if let host {
                guard listener.target == host else { continue }
            } else if let target = listener.target, target != 0 {
                let isEvent = local.indices.contains(target) && local[target].map { document.objects[$0].isType(RiveTypeKey.event) } == true
                if !isEvent { continue }
            }
            guard events.contains(where: listener.eventIds.contains) else { continue }
            for action in listener.actions { run(action) }
            // Upstream's `StateMachineListener::performChanges` only runs the actions, so a
            // listener without actions changes nothing and keeps no frame going.
            if !listener.actions.isEmpty { acted = true }
        }
        if host != nil, acted { _ = binds.update() }
        return acted
    }

    /// The value property key of a bindable property without a bind: its type's own key.
    private static func valueKey(ofBindable index: Int, in document: RiveDocument) -> UInt32? {
        var type = RiveSchema.type(document.objects[index].typeKey)
        while let current = type {
            if let key = current.ownPropertyKeys.first { return key }
            type = current.parentKey.flatMap(RiveSchema.type)
        }
        return nil
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
        artboard.bindNestedArtboards(context, reconcileAll: reconcileAll)
        resolveViewModelListeners()
        contextIsNew = false
        resolvedGeneration = worker.structureGeneration
        contextValues = (context.map { Self.nodes(of: $0) } ?? []).flatMap { $0.values.compactMap { $0 } }
        bindableSources = bindables.map { bindable in bindable.binds.lazy.compactMap(\.source).first }
        for layer in layers.indices { layers[layer].forgetConditionStamp() }
    }

    /// The value key of a bindable, or `nil` for an id outside the document or a bindable without one.
    private func bindableKey(_ index: Int) -> UInt32? {
        guard bindablePositions.indices.contains(index) else { return nil }
        let position = bindablePositions[index]
        if position >= 0 { return bindables[Int(position)].key }
        return bindableKeys[index] ?? Self.valueKey(ofBindable: index, in: file.model.document)
    }

    /// Sets input `index` to a number or a boolean from a nested input of the hosting artboard
    /// (upstream `NestedNumber` / `NestedBool`); an index of another kind changes nothing.
    func setNestedInput(_ index: Int, number: Double? = nil, bool: Bool? = nil) {
        guard definition.inputs.indices.contains(index) else { return }
        switch definition.inputs[index] {
        case .number: if let number { inputs[index].number = number }
        case .bool: if let bool { inputs[index].bool = bool }
        case .trigger, .unknown: break
        }
    }

    /// Takes the data context a nested artboard's host passes down (upstream
    /// `NestedStateMachine::dataContext`): no default instances are added; binds resolve at
    /// the next advance.
    func adoptNestedContext(_ context: DataContext?) {
        self.context = context
        contextIsNew = context != nil
    }

    /// Resolves and applies the state machine's binds at once, as upstream's
    /// `updateDataBinds` when a component list links a new item's state machine.
    func applyBindsNow() {
        if context != nil, contextIsNew || resolvedGeneration != worker.structureGeneration {
            resolveBinds(reconcileAll: contextIsNew)
        }
        _ = binds.update()
    }

    /// One advance of a nested state machine, driven by its host's artboard (upstream
    /// `NestedStateMachine::advance` → `StateMachineInstance::advance`): on a new frame the
    /// view-model listeners act, the state machine's binds apply and every layer advances; on
    /// a later pass of the same frame only layers that can change state do, and then advance
    /// by 0. The data context's change flags are left for the root state machine to consume.
    /// Returns whether the state machine needs more frames.
    func advanceAsNested(_ seconds: Double, newFrame: Bool) -> Bool {
        if context != nil, contextIsNew || resolvedGeneration != worker.structureGeneration {
            resolveBinds(reconcileAll: contextIsNew)
        }
        // The artboard's store is read through the constant chain each time (a local copy was
        // retained for the whole advance).
        if artboard.store.boundKeyFrameValues !== binds.store { artboard.store.boundKeyFrameValues = binds.store }
        var active = false
        if newFrame {
            active = applyEvents()
            active = applyViewModelListeners() || active
            active = binds.update() || active
            for layer in layers.indices {
                active = layers[layer].advance(seconds, reader: self, store: artboard.store) || active
                layers[layer].noteConditionStamp(conditionStamp)
                active = active || layers[layer].changedState
                performFireActions(layers[layer].takeFiredActions())
            }
            active = binds.advanceConverters(by: Float(seconds)) || active
        } else {
            for layer in layers.indices where layers[layer].tryChangeState(reader: self, store: artboard.store, stamp: conditionStamp) {
                active = true
                _ = binds.update()
                _ = layers[layer].advance(0, reader: self, store: artboard.store)
                layers[layer].noteConditionStamp(conditionStamp)
                performFireActions(layers[layer].takeFiredActions())
            }
        }
        // Only fired inputs are written: every write moves the conditions' stamp.
        for input in inputs.indices where inputs[input].isFired { inputs[input].isFired = false }
        return active || !reportedEvents.isEmpty
    }

    static func nodes(of context: DataContext) -> [InstanceNode] {
        var seen: Set<ObjectIdentifier> = []
        return context.ordered.flatMap { $0.reachableNodes() }.filter { seen.insert(ObjectIdentifier($0)).inserted }
    }
}

extension ReferenceStateMachine: ConditionReader {
    func number(input: Int) -> Double? {
        guard definition.inputs.indices.contains(input), case .number = definition.inputs[input] else { return nil }
        return inputs[input].number
    }

    func bool(input: Int) -> Bool? {
        guard definition.inputs.indices.contains(input), case .bool = definition.inputs[input] else { return nil }
        return inputs[input].bool
    }

    func fires(input: Int) -> UInt64? {
        guard definition.inputs.indices.contains(input), case .trigger = definition.inputs[input] else { return nil }
        return inputs[input].fires
    }

    func isFired(input: Int) -> Bool {
        inputs.indices.contains(input) && inputs[input].isFired
    }

    func value(bindable index: Int) -> RivePropertyValue? {
        if bindablePositions.indices.contains(index), bindablePositions[index] >= 0 {
            // No closure here: a closure made in this main-actor class checks the executor on every call.
            guard let place = bindables[Int(bindablePositions[index])].place else { return nil }
            return binds.store.value(place)
        }
        guard let key = bindableKey(index) else { return nil }
        return binds.store.value(PropertyStore.Key(object: index, property: key))
    }

    /// The revision of the bindable's source when it changed this frame: for a bindable a
    /// condition names, read from the source found at resolve time without retaining it.
    func changedRevision(bindable index: Int) -> UInt64? {
        guard bindablePositions.indices.contains(index) else { return nil }
        let position = Int(bindablePositions[index])
        if position >= 0 {
            guard bindableSources.indices.contains(position),
                  let source = bindableSources[position].map(Unmanaged.passUnretained) else { return nil }
            return source.borrow { $0.hasChanged ? $0.revision : nil }
        }
        guard let source = binds.source(ofTarget: index), source.hasChanged else { return nil }
        return source.revision
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
    /// A fingerprint of every value reachable from the data context (main, globals, nested
    /// instances and list items): it changes whenever one of them changes or the context is
    /// rebound, which is what wakes a settled view.
    var contextFingerprint: UInt64 {
        guard let context else { return 0 }
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func mix(_ value: UInt64) { hash = (hash ^ value) &* 0x0000_0100_0000_01B3 }
        for node in Self.nodes(of: context) {
            mix(UInt64(UInt(bitPattern: ObjectIdentifier(node).hashValue)))
            for value in node.values { mix(value?.revision ?? 0) }
        }
        return hash
    }

    /// How many instances the data context holds: the main instance and every filled global slot.
    public var contextInstanceCount: Int { context?.ordered.count ?? 0 }
}
