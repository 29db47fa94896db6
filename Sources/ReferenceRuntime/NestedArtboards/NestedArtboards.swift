import RiveFormat
import RiveRendering
import RuntimeAPI

private typealias T = RiveTypeKey
private typealias P = RivePropertyKey

/// One `NestedArtboard` of an artboard instance: the instance of the artboard it references,
/// the nested state machines that play it, and the data context it passes down.
///
/// It follows upstream (`src/nested_artboard.cpp`, `src/animation/nested_state_machine.cpp`,
/// `src/artboard.cpp`):
/// - **Instance**: the referenced artboard (`artboardId`, a backboard index) is instanced
///   with its own property store and scene; a `NestedStateMachine` child starts the nested
///   instance's state machine at its `animationId`.
/// - **Drawing**: as a drawable in the host's draw order, under the host's world transform,
///   without the frame origin, clipped to the nested artboard's bounds around its origin when
///   it clips, with the host's render opacity folded into everything (`hostOpacity`);
///   nothing when that opacity is 0.
/// - **Advancing**: with the host's artboard (`NestedArtboard::advanceComponent`), unless
///   paused or collapsed: time scaled by `speed` (when not negative) and held back by
///   `quantize` (when not negative); the nested state machines and linear animations advance first, then the
///   nested artboard's own nested artboards. Later passes of the same frame only let nested
///   state machines change state.
/// - **Data context** (`Artboard::internalDataContext`): the host resolves its
///   `dataBindPathIds` in the host's context; when that names an instance the nested artboard
///   is bound to it with the host's context as parent, otherwise it shares the host's context.
///   Nested binds update before the host artboard's own (`Artboard::updateDataBinds`).
/// - **Artboard properties**: a bind on the host's `artboardId` (from a view-model artboard
///   property) swaps the nested artboard (`NestedArtboard::updateArtboard`): the new instance
///   plays its first state machine, if any, in the same data context; a null artboard
///   removes the nested instance; an artboard the runtime cannot resolve keeps the current one.
///
/// - **Events**: events a nested state machine reports reach the event listeners of the
///   hosting artboard's state machines that target this host (`StateMachineInstance::notify`).
///
/// - **Nested inputs**: a nested state machine's `NestedBool` and `NestedNumber` children set
///   its inputs when it starts and whenever an animation or a bind changes their value.
///
/// - **Stateful hosts**: a host with its own view-model instance child binds the nested
///   artboard to that instance (EmbeddedInstances.swift).
/// - **Origin override**: a host's `ComponentOrigin` child is the nested instance's origin.
///
/// - **Nested linear animations**: `NestedSimpleAnimation` and `NestedRemapAnimation` children
///   advance and apply with the nested state machines, all in file order
///   (NestedLinearAnimations.swift).
///
/// Not played (gaps, reported in docs/reference-runtime.md): nested triggers, keyed triggers of a
/// host's own instance, a stateful host's swap to an artboard of another view model,
/// relative `DataBindPath`s, and opaque hit targets that hide a nested artboard from pointer
/// events. The layout hosts (`NestedArtboardLeaf`, `NestedArtboardLayout`) are hosts like any
/// other, placed as LayoutComponents.swift says.
///
/// - **Pointer events** reach the nested state machines at the point in the nested
///   artboard's content space (`HitNestedArtboard`), unless the host is paused or collapsed.
@MainActor
final class NestedArtboardHost {
    /// The `artboardId` value meaning "no artboard" (upstream's -1 as an unsigned id).
    nonisolated static let noArtboard = UInt64(UInt32.max)
    /// The `artboardId` a bind writes for an artboard the runtime cannot resolve to one of the
    /// file's artboards (an artboard object the app assigned): the host keeps what it shows.
    nonisolated static let unresolvedArtboard = UInt64.max
    /// How deep nested artboards may go; deeper hosts stay empty.
    static let maximumNestingDepth = 16

    /// The host component's artboard-local id in the hosting artboard.
    let hostID: Int
    private let parent: HostingArtboard
    /// The view-model instance path (`dataBindPathIds`): `[viewModel, property, nested…]`.
    private let dataPath: [Int]
    /// The state-machine indices of the host's `NestedStateMachine` children, in file order.
    private var machineIndices: [Int]
    /// For each nested state machine, its `NestedBool` and `NestedNumber` children.
    private var machineInputs: [[NestedInput]]
    /// The host's `NestedSimpleAnimation` and `NestedRemapAnimation` children, in file order.
    private var linearDefinitions: [NestedLinearAnimation.Definition]
    /// The host's nested animations in file order (upstream's `m_NestedAnimations`), each as
    /// its position in `machineIndices` or in `linearDefinitions`.
    private var nestedOrder: [NestedSlot]
    /// The nested inputs of the playing state machines, machine by machine, each with its
    /// value's place in the hosting store and the revision last passed (rebuilt with them).
    @exclusivity(unchecked)
    private var inputLinks: [InputLink] = []
    /// The hosting artboard's store (the parent's, held here so the per-frame reads do not
    /// go through the unowned parent).
    private let store: PropertyStore
    /// The host's pause, speed, quantize and artboard properties in the hosting store, found
    /// once (they are read on every advance).
    private let settings: (paused: PropertyStore.Handle, speed: PropertyStore.Handle, quantize: PropertyStore.Handle,
                           artboard: PropertyStore.Handle)
    /// The revision of the host's `artboardId` at which `swapIfRebound()` last found nothing to
    /// swap; `nil` until then and after a swap, so only a new value is examined again.
    @exclusivity(unchecked)
    private var unchangedArtboardRevision: UInt64?
    /// The solos the host sits in (the solo, and the member the host is in or under, with the
    /// solo's active-component property), innermost first: the host is collapsed when one of
    /// them shows another member (`ArtboardScene.isCollapsed`, resolved once: the tree does not change).
    private let soloLinks: [(active: PropertyStore.Handle, member: Int)]

    /// A nested animation of a host or of its playback: the position of a state machine or of a
    /// linear animation in the list of its kind.
    enum NestedSlot {
        case machine(Int)
        case linear(Int)
    }

    /// A nested input of a playing nested state machine, resolved.
    private struct InputLink {
        /// The position of its state machine in `machines`.
        let machine: Int
        let link: NestedInput
        /// The place of the input's `nestedValue` in the hosting store.
        let value: PropertyStore.Handle
        /// The store revision of the value last passed to the state machine.
        var passedRevision: UInt64?
    }
    /// The view-model instance authored under the host, which its nested artboard is bound to
    /// (EmbeddedInstances.swift), if it has one.
    private let embedded: EmbeddedInstance?
    /// The host's first `ComponentOrigin` child's origin properties, if it has one.
    private let originOverride: (x: PropertyStore.Handle, y: PropertyStore.Handle)?
    /// The hosting store's change count after the embedded instance last took the values of its
    /// records (`nil`: not yet): taking them leaves nothing new to take until the store changes
    /// (a record's revision moves only with `PropertyStore.changeCount`).
    @exclusivity(unchecked)
    private var embeddedTakenAt: UInt64?
    /// The revisions of the origin override last given to the nested instance (`nil`: none yet).
    private var appliedOriginRevisions: (UInt64, UInt64)?

    /// A `NestedBool` or `NestedNumber`: a component of the hosting artboard whose
    /// `nestedValue` sets an input of a nested state machine (upstream `NestedInput`).
    struct NestedInput {
        /// The component's artboard-local id in the hosting artboard.
        let component: Int
        /// The input's index in the nested state machine.
        let input: Int
        let isBool: Bool
    }
    /// The artboard index the nested instance was made from, `nil` when it shows none.
    private(set) var artboardIndex: Int?
    // The variables below that every advance reads (and `inputLinks`) have their exclusivity
    // enforced statically only (a dynamic check cost about 30 instructions per access): every
    // write is an assignment of a value computed before the access begins, and the loops over
    // them read the array out before calling into a state machine.
    /// The nested artboard instance and its state machines, `nil` when the host shows no artboard.
    private var playback: Playback?
    /// `playback` unretained, for the per-frame passes (`advance`, `updateBinds`): using it
    /// costs no reference counting. It is valid while `playback` holds the same object, which
    /// only `instantiate` replaces, and that runs at load and from `swapIfRebound()` (an
    /// artboard's `updateBinds`, after this host's own pass), never inside those passes.
    @exclusivity(unchecked)
    private var playbackRef: Unmanaged<Playback>?
    /// The nested artboard instance, `nil` when the host shows no artboard.
    var instance: ReferenceArtboard? { playback?.instance }
    /// The nested state machines, in file order.
    var machines: [ReferenceStateMachine] { playback?.machines ?? [] }
    /// The data context the host last passed down (before resolving its own path).
    private var hostContext: DataContext?
    /// Time held back by quantization, in seconds of the nested artboard.
    @exclusivity(unchecked)
    private var cumulatedSeconds: Float = 0
    /// The state machines of the hosting artboard that receive the events the nested state
    /// machines report (upstream's nested event listeners), through their sinks held weakly.
    private var eventSubscribers: [WeakSink] = []
    /// What the nested state machines hold (weakly) to pass their events up to this host.
    private(set) lazy var eventRelay = NestedEventRelay(self)

    /// A nested artboard instance with the state machines that play it (replaced whole on a swap).
    private final class Playback {
        let instance: ReferenceArtboard
        let machines: [ReferenceStateMachine]
        /// The nested linear animations the host plays.
        var linears: [NestedLinearAnimation]
        /// The machines and linear animations in the order they advance (file order).
        let order: [NestedSlot]
        /// `instance` and `machines` unretained, for the per-frame passes: this object owns them.
        let instanceRef: Unmanaged<ReferenceArtboard>
        let machineRefs: [Unmanaged<ReferenceStateMachine>]

        init(instance: ReferenceArtboard, machines: [ReferenceStateMachine], linears: [NestedLinearAnimation], order: [NestedSlot]) {
            self.instance = instance
            self.machines = machines
            self.linears = linears
            self.order = order
            instanceRef = Unmanaged.passUnretained(instance)
            machineRefs = machines.map(Unmanaged.passUnretained)
        }
    }

    /// A state machine's event sink held weakly.
    private struct WeakSink {
        weak var sink: NestedEventSink?
    }

    private init(hostID: Int, parent: HostingArtboard, dataPath: [Int], machineIndices: [Int], machineInputs: [[NestedInput]],
                 linearDefinitions: [NestedLinearAnimation.Definition], nestedOrder: [NestedSlot],
                 originOverride: Int?, embedded: EmbeddedInstance?) {
        self.hostID = hostID
        self.parent = parent
        self.dataPath = dataPath
        self.machineIndices = machineIndices
        self.machineInputs = machineInputs
        self.linearDefinitions = linearDefinitions
        self.nestedOrder = nestedOrder
        let store = parent.store
        self.store = store
        settings = (paused: store.handle(PropertyStore.Key(object: hostID, property: P.nestedArtboardIsPaused)),
                    speed: store.handle(PropertyStore.Key(object: hostID, property: P.nestedArtboardSpeed)),
                    quantize: store.handle(PropertyStore.Key(object: hostID, property: P.nestedArtboardQuantize)),
                    artboard: store.handle(PropertyStore.Key(object: hostID, property: P.nestedArtboardArtboardId)))
        soloLinks = parent.scene.soloLinks(of: hostID).map {
            (active: store.handle(PropertyStore.Key(object: $0.solo, property: P.soloActiveComponentId)), member: $0.member)
        }
        self.originOverride = originOverride.map { origin in
            (store.handle(PropertyStore.Key(object: origin, property: P.componentOriginOriginX)),
             store.handle(PropertyStore.Key(object: origin, property: P.componentOriginOriginY)))
        }
        self.embedded = embedded
        instantiate(store.value(settings.artboard)?.uintValue ?? Self.noArtboard)
    }

    /// The hosts of an artboard instance: every `NestedArtboard` attached to the artboard's
    /// tree, with the `NestedStateMachine`, `NestedSimpleAnimation` and `NestedRemapAnimation`
    /// children that name it as their parent.
    static func hosts(of artboard: HostingArtboard) -> [NestedArtboardHost] {
        let definition = artboard.file.model.artboards[artboard.index]
        let document = artboard.file.model.document
        let local = definition.localObjects
        let hostIDs = local.indices.filter { id in
            id != 0 && artboard.scene.components[id]?.kind == .nestedArtboard && artboard.scene.components[id]?.parent != nil
        }
        guard !hostIDs.isEmpty else { return [] }
        var machinesByHost: [Int: [(component: Int, machine: Int)]] = [:]
        var linearsByHost: [Int: [NestedLinearAnimation.Definition]] = [:]
        var orderByHost: [Int: [NestedSlot]] = [:]
        var inputsByMachine: [Int: [NestedInput]] = [:]
        var originByHost: [Int: Int] = [:]
        var instancesByHost: [Int: [Int]] = [:]
        var valuesByInstance: [Int: [Int]] = [:]
        for id in local.indices {
            guard let objectIndex = local[id] else { continue }
            let object = document.objects[objectIndex]
            if object.typeKey == T.componentOrigin, let host = object.index(P.componentParentId), originByHost[host] == nil {
                originByHost[host] = id
            } else if object.isType(T.viewModelInstance), let host = object.index(P.componentParentId) {
                instancesByHost[host, default: []].append(id)
            } else if object.isType(T.viewModelInstanceValue), let instance = object.index(P.componentParentId) {
                valuesByInstance[instance, default: []].append(id)
            } else if object.typeKey == T.nestedStateMachine, let host = object.index(P.componentParentId),
               let machine = object.index(P.nestedAnimationAnimationId) {
                orderByHost[host, default: []].append(.machine(machinesByHost[host]?.count ?? 0))
                machinesByHost[host, default: []].append((id, machine))
            } else if object.typeKey == T.nestedSimpleAnimation || object.typeKey == T.nestedRemapAnimation,
                      let host = object.index(P.componentParentId), let animation = object.index(P.nestedAnimationAnimationId) {
                orderByHost[host, default: []].append(.linear(linearsByHost[host]?.count ?? 0))
                let kind: NestedLinearAnimation.Kind = object.typeKey == T.nestedSimpleAnimation ? .simple : .remap
                linearsByHost[host, default: []].append(NestedLinearAnimation.Definition(component: id, animation: animation, kind: kind))
            } else if object.typeKey == T.nestedBool || object.typeKey == T.nestedNumber,
                      let machine = object.index(P.componentParentId), let input = object.index(P.nestedInputInputId) {
                inputsByMachine[machine, default: []].append(NestedInput(component: id, input: input, isBool: object.typeKey == T.nestedBool))
            }
        }
        return hostIDs.map { id in
            let bytes = document.objects[local[id]!].bytes(P.nestedArtboardDataBindPathIds) ?? []
            let path = RiveIDList.decode(bytes)?.compactMap { Int(exactly: $0) } ?? []
            let machines = machinesByHost[id] ?? []
            return NestedArtboardHost(hostID: id, parent: artboard, dataPath: path, machineIndices: machines.map(\.machine),
                                      machineInputs: machines.map { inputsByMachine[$0.component] ?? [] },
                                      linearDefinitions: linearsByHost[id] ?? [], nestedOrder: orderByHost[id] ?? [],
                                      originOverride: originByHost[id],
                                      embedded: EmbeddedInstance.of(instances: instancesByHost[id] ?? [], valuesByInstance: valuesByInstance, in: artboard))
        }
    }

    /// Makes the nested instance of artboard `id` (or none) with its nested state machines.
    private func instantiate(_ id: UInt64) {
        let artboards = parent.file.model.artboards
        let chain = parent.hostChain + [parent.index]
        // An artboard that would host itself (a reference cycle, which only a damaged file
        // has and upstream would follow forever) stays empty, as does a chain too deep.
        guard id < UInt64(artboards.count), !chain.contains(Int(id)), chain.count <= Self.maximumNestingDepth else {
            artboardIndex = nil
            playback = nil
            playbackRef = nil
            inputLinks = []
            return
        }
        let index = Int(id)
        let nested = ReferenceArtboard(file: parent.file, index: index, hostChain: chain)
        let hostScene = parent.scene, host = hostID
        nested.scene.hostRootTransform = { [unowned hostScene] point in
            hostScene.update()
            return hostScene.rootPoint(hostScene.worldTransform(host).apply(point))
        }
        artboardIndex = index
        appliedOriginRevisions = nil
        var machines: [ReferenceStateMachine] = []
        var inputs: [[NestedInput]] = []
        var linears: [NestedLinearAnimation] = []
        var order: [NestedSlot] = []
        for slot in nestedOrder {
            switch slot {
            case .machine(let position):
                let machine = machineIndices[position]
                guard nested.content.stateMachines.indices.contains(machine) else { continue }
                order.append(.machine(machines.count))
                machines.append(ReferenceStateMachine(artboard: nested, index: machine))
                inputs.append(machineInputs.indices.contains(position) ? machineInputs[position] : [])
            case .linear(let position):
                guard let linear = NestedLinearAnimation(linearDefinitions[position], nested: nested, host: store) else { continue }
                order.append(.linear(linears.count))
                linears.append(linear)
            }
        }
        let playback = Playback(instance: nested, machines: machines, linears: linears, order: order)
        self.playback = playback
        playbackRef = Unmanaged.passUnretained(playback)
        machineInputs = inputs
        inputLinks = []
        for (machine, links) in inputs.enumerated() {
            for link in links {
                let key = PropertyStore.Key(object: link.component, property: link.isBool ? P.nestedBoolNestedValue : P.nestedNumberNestedValue)
                inputLinks.append(InputLink(machine: machine, link: link, value: store.handle(key)))
            }
        }
        for machine in machines { machine.eventHost = eventRelay }
        passNestedInputs(playback)
    }

    /// Passes the nested inputs' values to their state machines' inputs: all of them when the
    /// machines start (upstream `NestedInput::applyValue`), then those whose value an
    /// animation or a bind changed since (upstream's `nestedValue` setter writes through).
    private func passNestedInputs(_ playback: Playback) {
        for position in inputLinks.indices {
            let input = inputLinks[position]
            let revision = store.revision(input.value)
            if input.passedRevision == revision { continue }
            inputLinks[position].passedRevision = revision
            if input.link.isBool {
                playback.machines[input.machine].setNestedInput(input.link.input, bool: store.value(input.value)?.boolValue ?? false)
            } else {
                playback.machines[input.machine].setNestedInput(input.link.input, number: store.double(input.value, 0))
            }
        }
    }

    /// Gives the nested instance the origin of the host's `ComponentOrigin` child, if it has
    /// one, whenever that origin changed (upstream `NestedArtboard::applyOriginOverride` and
    /// `ComponentOrigin::reapply`, which run on load and on every change of the origin).
    private func applyOriginOverride() {
        guard let origin = originOverride, let instance else { return }
        let revisions = (parent.store.revision(origin.x), parent.store.revision(origin.y))
        guard appliedOriginRevisions.map({ $0 != revisions }) ?? true else { return }
        appliedOriginRevisions = revisions
        _ = instance.store.set(PropertyStore.Key(object: 0, property: P.artboardOriginX), to: .float(Float(parent.store.double(origin.x, 0))))
        _ = instance.store.set(PropertyStore.Key(object: 0, property: P.artboardOriginY), to: .float(Float(parent.store.double(origin.y, 0))))
    }

    // MARK: Events

    /// Registers a state machine of the hosting artboard for the events the nested state
    /// machines report (upstream registers every state machine instance with the nested
    /// state machines of its artboard's hosts).
    func subscribeToEvents(_ machine: ReferenceStateMachine) {
        eventSubscribers.removeAll { $0.sink == nil }
        eventSubscribers.append(WeakSink(sink: machine.eventSink))
    }

    /// Passes events a nested state machine reported up to the hosting artboard's state
    /// machines, at once (upstream `StateMachineInstance::notify` with this host as source):
    /// their event listeners that target this host and name one of the events act.
    func passUp(_ events: [Int]) {
        for subscriber in eventSubscribers {
            subscriber.sink?.machine.notifyEventListeners(events, fromHost: hostID)
        }
    }

    /// Swaps the nested artboard when a bind changed the host's `artboardId`
    /// (`NestedArtboard::updateArtboard`, which runs when the bind applies); returns whether
    /// it swapped.
    func swapIfRebound() -> Bool {
        // What follows depends only on the value and on `artboardIndex`, which only a swap changes.
        let revision = store.revision(settings.artboard)
        if unchangedArtboardRevision == revision { return false }
        var id = store.value(settings.artboard)?.uintValue ?? Self.noArtboard
        if id != Self.noArtboard, id >> 32 != 0 {
            // An artboard the app assigned: played when it comes from this file, else the
            // host keeps what it shows (the reference runtime nests artboards of one file only).
            guard id != Self.unresolvedArtboard, id >> 32 == parent.file.serial else {
                unchangedArtboardRevision = revision
                return false
            }
            id &= 0xFFFF_FFFF
        }
        let wanted = id < UInt64(parent.file.model.artboards.count) ? Int(id) : nil
        // Upstream's findArtboard refuses an artboard that would host itself.
        guard wanted != artboardIndex, !(parent.hostChain + [parent.index]).contains(where: { $0 == wanted }) else {
            unchangedArtboardRevision = revision
            return false
        }
        unchangedArtboardRevision = nil
        if let wanted, parent.file.model.artboards.indices.contains(wanted) {
            // A swapped-in artboard plays its first state machine, if it has any.
            machineIndices = parent.file.content(ofArtboard: wanted).stateMachines.isEmpty ? [] : [0]
        } else {
            machineIndices = []
        }
        machineInputs = []
        linearDefinitions = []
        nestedOrder = machineIndices.isEmpty ? [] : [.machine(0)]
        cumulatedSeconds = 0
        instantiate(id)
        bind(hostContext, reconcileAll: true)
        return true
    }

    /// What the host's settings in the hosting store say about playing it.
    private struct PlayState {
        let isPaused: Bool
        /// Whether a solo the host sits in shows another of its members (as `ArtboardScene.isCollapsed(hostID)`).
        let isCollapsed: Bool
        let speed: Double
        let quantize: Double
    }
    /// The play state as last read, with the hosting store's change count then. Read and
    /// assigned whole, so its exclusivity is enforced statically only.
    @exclusivity(unchecked)
    private var readPlayState: (changeCount: UInt64, state: PlayState)?

    /// The host's play state, read from the store again only when the store changed since the
    /// last read (every write that changes a value counts in `PropertyStore.changeCount`).
    @inline(__always)
    private var playState: PlayState {
        if let read = readPlayState, read.changeCount == store.changeCount { return read.state }
        return readPlayStateFromStore()
    }

    /// Reads the host's play state from the store and keeps it with the store's change count.
    @inline(never)
    private func readPlayStateFromStore() -> PlayState {
        let changeCount = store.changeCount
        var collapsed = false
        for link in soloLinks where store.value(link.active)?.uintValue ?? 0 != UInt64(link.member) {
            collapsed = true
            break
        }
        let state = PlayState(isPaused: store.value(settings.paused)?.boolValue ?? false, isCollapsed: collapsed,
                              speed: store.double(settings.speed, 1), quantize: store.double(settings.quantize, -1))
        readPlayState = (changeCount, state)
        return state
    }

    // MARK: Data context

    /// Passes the host's data context down: the instance authored under the host, else the
    /// instance at the host's path, each with the host's context as parent; or the host's
    /// context itself.
    func bind(_ context: DataContext?, reconcileAll: Bool) {
        hostContext = context
        guard let instance else { return }
        var nestedContext = context
        if let embedded {
            nestedContext = DataContext(main: embedded.node, globals: [:], inherited: context?.ordered ?? [])
        } else if let context, let bound = Self.instance(at: dataPath, in: context) {
            nestedContext = DataContext(main: bound, globals: [:], inherited: context.ordered)
        }
        instance.binds.bind(nestedContext, resolver: parent.file.resolver, reconcileAll: reconcileAll)
        instance.bindNestedArtboards(nestedContext, reconcileAll: reconcileAll)
        for machine in machines { machine.adoptNestedContext(nestedContext) }
    }

    /// The instance a path `[viewModel, property…]` names in a context (upstream
    /// `DataContext::getViewModelInstance`): the first instance of that view model whose
    /// nested properties along the path are all set; `nil` for an empty path.
    private static func instance(at path: [Int], in context: DataContext) -> InstanceNode? {
        guard let viewModel = path.first else { return nil }
        for root in context.ordered where root.viewModel == viewModel {
            var node: InstanceNode? = root
            for property in path.dropFirst() {
                guard let current = node, current.values.indices.contains(property),
                      case .nested(let child)? = current.values[property]?.value else {
                    node = nil
                    break
                }
                node = child
            }
            if let node { return node }
        }
        return nil
    }

    // MARK: Advancing and drawing

    /// Advances the nested state machines and the nested artboard's own hosts; returns whether
    /// they need more frames.
    func advance(_ seconds: Double, newFrame: Bool) -> Bool {
        guard let playbackRef else { return false }
        let state = playState
        guard !state.isPaused, !state.isCollapsed else { return false }
        let speed = state.speed
        var local = Float(seconds) * Float(speed >= 0 ? speed : 1)
        let quantize = state.quantize
        if quantize >= 0 {
            cumulatedSeconds += local
            let step = 1 / Float(quantize)
            if cumulatedSeconds > step {
                local = (cumulatedSeconds / step).rounded(.down) * step
                cumulatedSeconds -= local
            } else {
                local = 0
            }
            if local == 0, newFrame { return true }
        }
        return playbackRef.borrow { playback in
            var keepGoing = false
            if !inputLinks.isEmpty { passNestedInputs(playback) }
            if playback.linears.isEmpty {
                for machine in playback.machineRefs where machine.borrow({ $0.advanceAsNested(Double(local), newFrame: newFrame) }) {
                    keepGoing = true
                }
            } else {
                for slot in playback.order {
                    switch slot {
                    case .machine(let position):
                        if playback.machineRefs[position].borrow({ $0.advanceAsNested(Double(local), newFrame: newFrame) }) { keepGoing = true }
                    case .linear(let position):
                        // Later passes of a frame only let state machines change state.
                        if newFrame, playback.linears[position].advance(local, host: store) { keepGoing = true }
                    }
                }
            }
            playback.instanceRef.borrow { instance in
                if instance.advanceNestedArtboards(Double(local), newFrame: newFrame) { keepGoing = true }
                if newFrame, instance.binds.advanceConverters(by: local) { keepGoing = true }
            }
            return keepGoing
        }
    }

    /// Applies the nested artboard's binds (its own hosts' first); returns whether one changed a value.
    func updateBinds() -> Bool {
        guard let playbackRef, !playState.isPaused else { return false }
        var tookValues = false
        if let embedded, embeddedTakenAt != store.changeCount {
            tookValues = embedded.takeChanges(from: store)
            embeddedTakenAt = store.changeCount
        }
        return playbackRef.borrow { $0.instanceRef.borrow { $0.updateBinds() } } || tookValues
    }

    /// Passes a pointer event at a point of the hosting artboard's content space to the nested
    /// state machines, at the point in the nested artboard's content space (upstream
    /// `HitNestedArtboard`: nothing while the host is paused or collapsed, or its transform
    /// cannot be inverted).
    func forwardPointer(_ kind: PointerEvent.Kind, at position: Point) {
        guard let instance, !playState.isPaused, !playState.isCollapsed,
              let toHost = parent.scene.worldTransform(hostID).inverted() else { return }
        var local = toHost.apply(position)
        if let own = instance.scene.selfTransform {
            guard let inverse = own.inverted() else { return }
            local = inverse.apply(local)
        }
        for machine in machines { machine.pointer(kind, atContent: local) }
    }

    /// Draws the nested artboard in the host's space with the host's render opacity.
    func draw(on renderer: any Renderer, hostOpacity: Double) {
        guard let instance else { return }
        applyOriginOverride()
        instance.scene.update()
        instance.scene.drawNested(on: renderer, hostOpacity: hostOpacity)
    }
}

/// What a nested state machine holds, weakly, to pass the events it reports up to its host.
///
/// The host owns it; with it in between, nothing refers to a host or to a state machine weakly.
/// An object that something refers to weakly pays a slower reference count on every retain
/// and release, and hosts and state machines are retained several times per frame.
@MainActor
final class NestedEventRelay {
    private unowned let host: NestedArtboardHost

    init(_ host: NestedArtboardHost) {
        self.host = host
    }

    /// Passes events up through the host (`NestedArtboardHost.passUp(_:)`).
    func passUp(_ events: [Int]) {
        host.passUp(events)
    }
}

/// What a host holds, weakly, of a state machine of the hosting artboard to pass nested events
/// to it; the state machine owns it (see `NestedEventRelay` for why not the machine itself).
@MainActor
final class NestedEventSink {
    unowned let machine: ReferenceStateMachine

    init(_ machine: ReferenceStateMachine) {
        self.machine = machine
    }
}

/// What the nested artboard and component list hosts of an artboard instance use of it.
///
/// The hosts hold these strongly rather than the artboard instance (which owns them, so they
/// could only hold it unowned, paying for a checked retain at every use): none of these objects
/// refers to the hosts or to the artboard instance, so no cycle forms, and calls through these
/// `let`s cost no reference counting.
struct HostingArtboard {
    let file: ReferenceFile
    /// The artboard's index in the file.
    let index: Int
    /// The artboard indices of the instances that host the artboard instance, outermost first.
    let hostChain: [Int]
    let store: PropertyStore
    let scene: ArtboardScene
    let binds: BindSet
}

extension ReferenceArtboard {
    /// Passes a data context down to every nested artboard.
    func bindNestedArtboards(_ context: DataContext?, reconcileAll: Bool) {
        for host in nestedHosts { host.bind(context, reconcileAll: reconcileAll) }
        for list in componentLists { list.bind(context, reconcileAll: reconcileAll) }
    }

    /// Advances every nested artboard (upstream `Artboard::advanceInternal` over the nested
    /// hosts); returns whether one needs more frames.
    @inline(__always)
    func advanceNestedArtboards(_ seconds: Double, newFrame: Bool) -> Bool {
        hostsArtboards ? advanceHosts(seconds, newFrame: newFrame) : false
    }

    /// Advances the nested hosts and component lists (`advanceNestedArtboards`).
    @inline(never)
    private func advanceHosts(_ seconds: Double, newFrame: Bool) -> Bool {
        var keepGoing = false
        for host in nestedHostRefs where host.borrow({ $0.advance(seconds, newFrame: newFrame) }) { keepGoing = true }
        for list in componentListRefs where list.borrow({ $0.advance(seconds, newFrame: newFrame) }) { keepGoing = true }
        return keepGoing
    }

    /// Applies the nested artboards' binds, then this artboard's (upstream
    /// `Artboard::updateDataBinds`), and swaps the nested artboards whose `artboardId` a bind
    /// changed; returns whether a bind changed a value or an artboard was swapped.
    func updateBinds() -> Bool {
        var changed = false
        for host in nestedHostRefs where host.borrow({ $0.updateBinds() }) { changed = true }
        for list in componentListRefs where list.borrow({ $0.updateBinds() }) { changed = true }
        changed = binds.update() || changed
        if !joysticks.isEmpty { changed = applyJoysticks() || changed }
        for list in componentListRefs where list.borrow({ $0.syncItems() }) { changed = true }
        for host in nestedHostRefs where host.borrow({ $0.swapIfRebound() }) {
            changed = true
            placeLayoutHosts()
        }
        return changed
    }

    /// Passes a pointer event (at a point of this artboard's content space) to the nested
    /// artboards' state machines.
    func forwardPointer(_ kind: PointerEvent.Kind, at position: Point) {
        for host in nestedHosts { host.forwardPointer(kind, at: position) }
    }

    /// Draws the nested artboard of the host component `host`.
    func drawNested(host: Int, on renderer: any Renderer, hostOpacity: Double) {
        // Loops, not `first(where:)`: a closure made here checks the executor on every call.
        for nested in nestedHosts where nested.hostID == host {
            nested.draw(on: renderer, hostOpacity: hostOpacity)
            return
        }
        for list in componentLists where list.listID == host {
            list.draw(on: renderer, hostOpacity: hostOpacity)
            return
        }
    }

    /// The nested artboard instances this instance hosts (depth first, in file order), for
    /// tests and reports.
    public var nestedArtboardInstances: [ReferenceArtboard] {
        nestedHosts.compactMap(\.instance).flatMap { [$0] + $0.nestedArtboardInstances }
    }
}
