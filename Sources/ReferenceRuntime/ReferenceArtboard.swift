import RiveFormat
import RiveRendering
import RuntimeAPI

/// An artboard instance of the reference runtime: its component property values, the data
/// binds that write them, and the scene drawn from them.
///
/// The property store (keyed by artboard-local id and property key) is where binds,
/// animations and listeners write; the scene is built once per instance and reads it.
@MainActor
public final class ReferenceArtboard: Artboard, ArtboardMetrics {
    let file: ReferenceFile
    let index: Int
    /// The artboard's component property values.
    let store: PropertyStore
    /// The artboard's component binds.
    let binds: BindSet
    /// The drawable scene, built once.
    let scene: ArtboardScene
    /// The animations and state machines the runtime plays, and what it does not support.
    let content: ArtboardContent

    /// The artboard instances its nested artboard components hold, and the state machines
    /// that play them (upstream's `NestedArtboard` with its `NestedStateMachine`s).
    private(set) var nestedArtboards: [NestedArtboardInstance] = []

    /// How deep nested artboards are instanced: an artboard that (directly or not) nests
    /// itself stops here instead of recursing forever.
    static let maximumNestingDepth = 8

    init(file: ReferenceFile, index: Int, nestingDepth: Int = 0) {
        self.file = file
        self.index = index
        let definition = file.model.artboards[index]
        let document = file.model.document
        store = PropertyStore { local in
            definition.localObjects.indices.contains(local) ? definition.localObjects[local].map { document.objects[$0] } : nil
        }
        binds = BindSet(definition.binds, store: store)
        scene = ArtboardScene(localObjects: definition.localObjects, document: document, store: store)
        content = file.content(ofArtboard: index)
        store.computedValue = { [unowned scene] key in scene.computedValue(key) }
        store.soloMembers = { [unowned scene] solo in scene.soloMembers[solo] }
        if !scene.soloMembers.isEmpty {
            binds.isCollapsed = { [unowned scene] target in scene.isCollapsed(target) }
        }
        if nestingDepth < Self.maximumNestingDepth {
            nestedArtboards = Self.nestedInstances(file: file, artboard: index, depth: nestingDepth)
        }
        if !nestedArtboards.isEmpty {
            let byComponent = Dictionary(nestedArtboards.map { ($0.component, $0.artboard) }, uniquingKeysWith: { first, _ in first })
            scene.drawNested = { component, renderer in
                guard let nested = byComponent[component] else { return }
                nested.scene.update()
                nested.scene.draw(on: renderer)
            }
        }
    }

    /// The nested artboard components of artboard `index` and their instances: each
    /// `NestedArtboard` (type 92) instances the artboard its `artboardId` names (an index into
    /// the file's artboards, as upstream's importer resolves it) with its frame origin off,
    /// and its `NestedStateMachine` children instance that artboard's state machines by index.
    private static func nestedInstances(file: ReferenceFile, artboard index: Int, depth: Int) -> [NestedArtboardInstance] {
        let document = file.model.document
        let localObjects = file.model.artboards[index].localObjects
        // Nested artboards whose artboard a data bind chooses are not played (ArtboardContent).
        let boundArtboard = Set(file.model.artboards[index].binds.filter { $0.propertyKey == RivePropertyKey.nestedArtboardArtboardId }.map(\.target))
        var instances: [NestedArtboardInstance] = []
        for (local, objectIndex) in localObjects.enumerated() where !boundArtboard.contains(local) {
            guard let objectIndex, document.objects[objectIndex].typeKey == RiveTypeKey.nestedArtboard,
                  let referenced = document.objects[objectIndex].index(RivePropertyKey.nestedArtboardArtboardId),
                  file.model.artboards.indices.contains(referenced) else { continue }
            let child = ReferenceArtboard(file: file, index: referenced, nestingDepth: depth + 1)
            child.scene.isNested = true
            var machines: [ReferenceStateMachine] = []
            var animations: [(component: Int, player: AnimationPlayer)] = []
            for (childLocal, childIndex) in localObjects.enumerated() where childLocal != local {
                guard let childIndex, document.objects[childIndex].index(RivePropertyKey.componentParentId) == local,
                      let animation = document.objects[childIndex].index(RivePropertyKey.nestedAnimationAnimationId) else { continue }
                switch document.objects[childIndex].typeKey {
                case RiveTypeKey.nestedStateMachine where child.content.stateMachines.indices.contains(animation):
                    machines.append(ReferenceStateMachine(artboard: child, index: animation, isNested: true))
                case RiveTypeKey.nestedSimpleAnimation where child.content.animations.indices.contains(animation):
                    animations.append((childLocal, AnimationPlayer(child.content.animations[animation])))
                default:
                    break
                }
            }
            instances.append(NestedArtboardInstance(component: local, artboard: child, stateMachines: machines, simpleAnimations: animations))
        }
        return instances
    }

    /// Advances the nested artboards' state machines by the host's time step (times each
    /// component's `speed`; none while the component is paused, hidden or collapsed, as
    /// upstream's `NestedArtboard::advanceComponent`), after passing each component's render
    /// opacity on as its artboard's host opacity. Returns whether any of them needs more frames.
    func advanceNested(by seconds: Double) -> Bool {
        guard !nestedArtboards.isEmpty else { return false }
        scene.update()
        var keepGoing = false
        for nested in nestedArtboards {
            nested.artboard.scene.setHostOpacity(scene.renderOpacity(nested.component))
            guard !scene.isInactive(nested.component),
                  !store.bool(nested.component, RivePropertyKey.nestedArtboardIsPaused, false) else { continue }
            let local = nested.localElapsedSeconds(seconds, speed: Float(store.double(nested.component, RivePropertyKey.nestedArtboardSpeed, 1)),
                                                   quantize: Float(store.double(nested.component, RivePropertyKey.nestedArtboardQuantize, -1)))
            guard let local else {
                // Quantized time still gathering: no time passes for the nested artboard, and it
                // needs more frames. Its machines still take the state changes their conditions
                // allow, as upstream's later advances of the same frame (without NewFrame) do.
                for machine in nested.stateMachines { machine.advanceAndApply(by: 0) }
                nested.artboard.scene.update()
                keepGoing = true
                continue
            }
            if nested.advanceSimpleAnimations(by: local, host: store) { keepGoing = true }
            for machine in nested.stateMachines where machine.advanceAndApply(by: local) {
                keepGoing = true
            }
            nested.artboard.scene.update()
            if nested.artboard.advanceNested(by: local) { keepGoing = true }
        }
        return keepGoing
    }

    /// Binds the nested artboards' state machines to the host's data context: a nested
    /// artboard inherits it (upstream's nested data context has the host's as its parent, and
    /// a bind's path names the view model it reads, so the same instances resolve it).
    func bindNested(_ context: DataContext?) {
        for nested in nestedArtboards {
            for machine in nested.stateMachines { machine.inherit(context) }
            nested.artboard.bindNested(context)
        }
    }

    /// Records the artboard's current state (after the scene takes the latest values) into a
    /// recorder, replacing what it held.
    public func record(into recorder: DrawCommandRecorder) {
        scene.update()
        recorder.reset()
        scene.draw(on: recorder)
    }

    /// Rasterizes the artboard's current state onto a rasterizer (contain, centred, on a
    /// transparent background), reusing its surface.
    public func rasterize(on rasterizer: CairoRasterizer) {
        scene.update()
        rasterizer.beginFrame(artboardBounds: scene.bounds)
        scene.draw(on: rasterizer)
    }

    /// The types on this artboard the runtime does not support, as `name ×count`, then those
    /// of its nested artboards' instances (`in "ARTBOARD": …`).
    public var unsupportedContent: [String] {
        var summary = content.unsupportedSummary
        var seen: Set<Int> = []
        for nested in nestedArtboards where seen.insert(nested.artboard.index).inserted {
            summary += nested.artboard.unsupportedContent.map { "in \"\(nested.artboard.name)\": \($0)" }
        }
        return summary
    }

    public var name: String { file.model.artboards[index].name }

    /// The index of the view model the file assigns to the artboard, when it names one that exists.
    var viewModel: Int? {
        file.model.artboards[index].viewModel.flatMap { file.model.viewModels.indices.contains($0) ? $0 : nil }
    }

    public func getStateMachineNames() async throws(ArtboardError) -> [String] {
        if Task.isCancelled { throw .cancelled }
        return file.model.artboards[index].stateMachines.map(\.name)
    }

    public func createStateMachine(_ name: String?, binding: DataBind) async throws(ArtboardError) -> any StateMachine {
        if Task.isCancelled { throw .cancelled }
        return try makeStateMachine(name, binding: binding)
    }

    /// Creates a state machine synchronously; `createStateMachine(_:binding:)` is the API form.
    ///
    /// With no name it is the state machine the artboard's `defaultStateMachineId` names, or
    /// the auto-generated one of an artboard without animations and state machines (SM-6).
    /// - Throws: `ArtboardError.invalidStateMachine` for an unknown name, an artboard without
    ///   state machines (BIND-7), or no name when the file names no valid default (upstream's
    ///   command server takes `ArtboardInstance::defaultStateMachine()`, which has no fallback).
    public func makeStateMachine(_ name: String?, binding: DataBind) throws(ArtboardError) -> ReferenceStateMachine {
        let machines = file.model.artboards[index].stateMachines
        guard !machines.isEmpty else { throw .invalidStateMachine("artboard \"\(self.name)\" has no state machines") }
        let machine: Int
        if let name {
            guard let found = machines.firstIndex(where: { $0.name == name }) else {
                throw .invalidStateMachine("artboard \"\(self.name)\" has no state machine named \"\(name)\"; it has \(machines.map { "\"\($0.name)\"" }.joined(separator: ", "))")
            }
            machine = found
        } else {
            if file.model.artboards[index].hasAutoGeneratedStateMachine {
                machine = 0
            } else if let preferred = file.model.artboards[index].defaultStateMachine, machines.indices.contains(preferred) {
                machine = preferred
            } else {
                throw .invalidStateMachine("artboard \"\(self.name)\" names no default state machine (its defaultStateMachineId is unset or out of range); ask for one by name: \(machines.map { "\"\($0.name)\"" }.joined(separator: ", "))")
            }
        }
        let stateMachine = ReferenceStateMachine(artboard: self, index: machine)
        switch binding {
        case .auto: stateMachine.bind(main: nil, globals: [:])
        case .instance(let instance): stateMachine.bind(main: stateMachine.node(of: instance), globals: [:])
        case .none: break
        }
        return stateMachine
    }

    /// The state machine a player shows: the default one, else the first (upstream's
    /// `ArtboardInstance::defaultScene` order), bound automatically; `nil` without any.
    public func makePlayedStateMachine() -> ReferenceStateMachine? {
        let machines = file.model.artboards[index].stateMachines
        return (try? makeStateMachine(nil, binding: .auto)) ?? machines.first.flatMap { try? makeStateMachine($0.name, binding: .auto) }
    }

    /// The artboard's current width and height (`ArtboardMetrics`).
    public func getSize() async throws(ArtboardError) -> ArtboardSize {
        if Task.isCancelled { throw .cancelled }
        let size = scene.size
        return ArtboardSize(width: size.width, height: size.height)
    }

    /// The artboard's linear animation names in file order (`ArtboardMetrics`).
    public func getAnimationNames() async throws(ArtboardError) -> [String] {
        if Task.isCancelled { throw .cancelled }
        return content.animations.map(\.name)
    }

    /// The artboard-local id of the first component with this name.
    public func componentID(named name: String) -> Int? {
        let document = file.model.document
        return file.model.artboards[index].localObjects.firstIndex { object in
            object.map { document.objects[$0].string(RivePropertyKey.componentName) == name } ?? false
        }
    }

    /// The current value of a component property: what binds, animations or listeners wrote
    /// last, else the authored value; `nil` when the component lacks the property.
    public func componentValue(_ componentID: Int, property: UInt32) -> RivePropertyValue? {
        store.value(PropertyStore.Key(object: componentID, property: property))
    }
}

/// A nested artboard component's artboard instance and the state machines and animations that play it.
@MainActor
final class NestedArtboardInstance {
    /// The nested artboard component's artboard-local id in the host.
    let component: Int
    /// The artboard instance it draws.
    let artboard: ReferenceArtboard
    /// Its `NestedStateMachine`s, in file order.
    let stateMachines: [ReferenceStateMachine]
    /// Its `NestedSimpleAnimation`s: the host-local id of each (its speed, playing and mix
    /// are host properties) and the player of the animation it names.
    var simpleAnimations: [(component: Int, player: AnimationPlayer)]

    init(component: Int, artboard: ReferenceArtboard, stateMachines: [ReferenceStateMachine], simpleAnimations: [(component: Int, player: AnimationPlayer)]) {
        self.component = component
        self.artboard = artboard
        self.stateMachines = stateMachines
        self.simpleAnimations = simpleAnimations
    }

    /// Time gathered towards the next quantized step (upstream's `m_cumulatedSeconds`).
    private var cumulatedSeconds: Float = 0

    /// The time step the nested artboard advances by, as upstream's
    /// `NestedArtboard::calculateLocalElapsedSeconds` computes it in `Float`: the host's step
    /// times the speed (1 when negative); with a quantize of 0 or more, time gathers until at
    /// least one step of 1/quantize has passed and whole steps are released. `nil` when a
    /// quantized artboard releases nothing this frame (upstream then skips its advance).
    func localElapsedSeconds(_ seconds: Double, speed: Float, quantize: Float) -> Double? {
        // Without quantize the step stays a Double, as the host's own step does (the layers
        // round to Float where upstream's do).
        guard quantize >= 0 else { return seconds * Double(speed >= 0 ? speed : 1) }
        var local = Float(seconds) * (speed >= 0 ? speed : 1)
        cumulatedSeconds += local
        let step = 1 / quantize
        if cumulatedSeconds > step {
            local = (cumulatedSeconds / step).rounded(.down) * step
            cumulatedSeconds -= local
        } else {
            local = 0
        }
        return local == 0 ? nil : Double(local)
    }

    /// Advances and applies the simple animations as upstream's `NestedSimpleAnimation::advance`:
    /// a playing one advances by the time step times its speed; each applies at its mix
    /// unless that is 0. Returns whether a playing one keeps going.
    func advanceSimpleAnimations(by seconds: Double, host: PropertyStore) -> Bool {
        var keepGoing = false
        for index in simpleAnimations.indices {
            let component = simpleAnimations[index].component
            if host.bool(component, RivePropertyKey.nestedSimpleAnimationIsPlaying, false) {
                let speed = host.double(component, RivePropertyKey.nestedSimpleAnimationSpeed, 1)
                if simpleAnimations[index].player.advance(seconds * speed) { keepGoing = true }
            }
            let mix = host.double(component, RivePropertyKey.nestedLinearAnimationMix, 1)
            if mix != 0 { simpleAnimations[index].player.apply(mix: mix, to: artboard.store) }
        }
        return keepGoing
    }
}
