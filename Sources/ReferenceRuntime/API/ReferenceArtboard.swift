import RiveFormat
import RiveRendering
import RuntimeAPI

/// An artboard instance of the reference runtime: its component property values, the data
/// binds that write them, and the scene drawn from them.
///
/// The property store (keyed by artboard-local id and property key) is where binds,
/// animations and listeners write; the scene is built once per instance and reads it.
@MainActor
public final class ReferenceArtboard: Artboard, ArtboardMetrics, AnimationPlayback {
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
    /// The joysticks, in file order (Joysticks.swift).
    let joysticks: [Joystick]
    /// The nested artboards this instance hosts, in file order (see NestedArtboards.swift).
    let nestedHosts: [NestedArtboardHost]
    /// The component lists this instance hosts, in file order (see ComponentLists.swift).
    let componentLists: [ComponentListHost]
    /// `nestedHosts` and `componentLists` unretained, for the per-frame passes: using them
    /// costs no reference counting, and the `let` arrays above keep them alive as long as this
    /// instance.
    let nestedHostRefs: [Unmanaged<NestedArtboardHost>]
    let componentListRefs: [Unmanaged<ComponentListHost>]
    /// Whether the instance has nested hosts or component lists.
    let hostsArtboards: Bool
    /// The artboard indices of the instances that host this one, outermost first (empty for
    /// a top-level instance).
    let hostChain: [Int]
    /// What a bind writes into a nested artboard's `artboardId` when an app assigns this
    /// artboard to an artboard property: the file's serial above the artboard's index.
    nonisolated let assignmentToken: UInt64

    init(file: ReferenceFile, index: Int, hostChain: [Int] = []) {
        self.file = file
        self.index = index
        self.hostChain = hostChain
        assignmentToken = file.serial << 32 | UInt64(index)
        let definition = file.model.artboards[index]
        let document = file.model.document
        store = PropertyStore { local in
            definition.localObjects.indices.contains(local) ? definition.localObjects[local].map { document.objects[$0] } : nil
        }
        // Upstream's Artboard::onAddedClean sets the artboard's own x and y to 0: the artboard
        // sits at its host's origin until a bind or an animation moves it.
        store.set(PropertyStore.Key(object: 0, property: RivePropertyKey.nodeX), to: .float(0))
        store.set(PropertyStore.Key(object: 0, property: RivePropertyKey.nodeY), to: .float(0))
        _ = store.takeChangedObjects()
        binds = BindSet(definition.binds, store: store)
        scene = ArtboardScene(localObjects: definition.localObjects, document: document, store: store)
        content = file.content(ofArtboard: index)
        joysticks = Joystick.joysticks(in: scene, store: store, animationCount: content.animations.count)
        store.computedValue = { [unowned scene] key in scene.computedValue(key) }
        store.soloMembers = { [unowned scene] solo in scene.soloMembers[solo] }
        if !scene.soloMembers.isEmpty {
            binds.isCollapsed = { [unowned scene] target in scene.isCollapsed(target) }
        }
        let hosting = HostingArtboard(file: file, index: index, hostChain: hostChain, store: store, scene: scene, binds: binds)
        nestedHosts = NestedArtboardHost.hosts(of: hosting)
        componentLists = ComponentListHost.hosts(of: hosting)
        nestedHostRefs = nestedHosts.map(Unmanaged.passUnretained)
        componentListRefs = componentLists.map(Unmanaged.passUnretained)
        hostsArtboards = !nestedHosts.isEmpty || !componentLists.isEmpty
        if hostsArtboards {
            scene.drawNestedArtboard = { [unowned self] host, renderer, opacity in self.drawNested(host: host, on: renderer, hostOpacity: opacity) }
        }
        placeLayoutHosts()
        markInertLayoutProperties()
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

    /// The types on this artboard the runtime does not support, as `name ×count`.
    public var unsupportedContent: [String] { content.unsupportedSummary }

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

    /// Creates the scene that plays a linear animation without a state machine
    /// (`AnimationPlayback`, the legacy play): `nil` plays the artboard's first animation.
    /// - Throws: `ArtboardError.invalidStateMachine` for an unknown name or an artboard
    ///   without animations.
    public func createAnimationScene(_ name: String?, binding: DataBind) async throws(ArtboardError) -> any StateMachine {
        if Task.isCancelled { throw .cancelled }
        let animations = content.animations
        guard !animations.isEmpty else { throw .invalidStateMachine("artboard \"\(self.name)\" has no linear animations") }
        let index: Int
        if let name {
            guard let found = animations.firstIndex(where: { $0.name == name }) else {
                throw .invalidStateMachine("artboard \"\(self.name)\" has no linear animation named \"\(name)\"; it has \(animations.map { "\"\($0.name)\"" }.joined(separator: ", "))")
            }
            index = found
        } else {
            index = 0
        }
        let scene = ReferenceStateMachine(artboard: self, playing: index)
        switch binding {
        case .auto: scene.bind(main: nil, globals: [:])
        case .instance(let instance): scene.bind(main: scene.node(of: instance), globals: [:])
        case .none: break
        }
        return scene
    }

    /// The scene that plays linear animation `name` (nil: the first) without a state machine,
    /// bound automatically, or nil when the artboard has no such animation.
    public func makeAnimationScene(_ name: String?) -> ReferenceStateMachine? {
        let animations = content.animations
        guard let index = name.map({ name in animations.firstIndex { $0.name == name } }) ?? (animations.isEmpty ? nil : 0) else { return nil }
        let scene = ReferenceStateMachine(artboard: self, playing: index)
        scene.bind(main: nil, globals: [:])
        return scene
    }

    /// The names of the artboard's linear animations, in file order.
    public var animationNames: [String] { content.animations.map(\.name) }

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
