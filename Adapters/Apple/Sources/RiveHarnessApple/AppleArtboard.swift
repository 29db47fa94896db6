import RuntimeAPI

/// A RiveRuntime `Artboard`; it keeps its file alive (RiveRuntime's does not, so the adapter does).
@MainActor
final class AppleArtboard: Artboard {
    let rive: RRArtboard
    let name: String
    let file: AppleFile

    init(_ rive: RRArtboard, name: String, file: AppleFile) {
        self.rive = rive
        self.name = name
        self.file = file
    }

    func getStateMachineNames() async throws(ArtboardError) -> [String] {
        do { return try await rive.getStateMachineNames() } catch { throw artboardError(error) }
    }

    /// `createStateMachine(_:)`, then the binding as RiveRuntime's `Rive(dataBind:)` applies it:
    /// `.auto` creates the artboard's default instance and binds it (nothing when the artboard
    /// has no view model), `.instance` binds the given one, `.none` binds nothing.
    func createStateMachine(_ name: String?, binding: DataBind) async throws(ArtboardError) -> any StateMachine {
        let machine: RRStateMachine
        do { machine = try await rive.createStateMachine(name) } catch { throw artboardError(error) }
        // RiveRuntime neither names a state machine nor says which one is the default; the
        // name reported for the default is the artboard's first.
        var resolved = name ?? ""
        if name == nil { resolved = try await getStateMachineNames().first ?? "" }
        let wrapper = AppleStateMachine(machine, name: resolved, artboard: self)
        switch binding {
        case .auto:
            if let instance = try? await file.rive.createViewModelInstance(.viewModelDefault(from: .artboardDefault(rive))) {
                machine.bindViewModelInstance(instance)
                wrapper.autoBound = instance
            }
        case .instance(let instance):
            wrapper.bindViewModelInstance(instance)
        case .none:
            break
        }
        return wrapper
    }
}

/// A RiveRuntime `StateMachine`.
@MainActor
final class AppleStateMachine: StateMachine {
    let rive: RRStateMachine
    let name: String
    /// Keeps the artboard (and through it the file and worker) alive while the machine is used.
    let artboard: AppleArtboard
    /// The instance `.auto` binding created; RiveRuntime's C++ state machine keeps it bound
    /// regardless, this keeps its Swift handle alive as `Rive` does.
    var autoBound: RRViewModelInstance?

    init(_ rive: RRStateMachine, name: String, artboard: AppleArtboard) {
        self.rive = rive
        self.name = name
        self.artboard = artboard
    }

    /// Drains the worker's messages for the frame, then advances, in the order of RiveRuntime's
    /// view controller.
    func advance(by seconds: Double) {
        artboard.file.worker.drainForFrame()
        rive.advance(by: seconds)
    }

    func bindViewModelInstance(_ instance: any ViewModelInstance) {
        guard let instance = instance as? AppleViewModelInstance else {
            artboard.file.worker.logUnsupported(tag: "stateMachine", "bindViewModelInstance: the instance was not created by the Apple adapter")
            return
        }
        rive.bindViewModelInstance(instance.rive)
    }

    /// Binds a main instance; RiveRuntime 6.24 has no global view-model binding, so any global
    /// binding is refused (after the duplicate-name check, which needs no runtime support).
    func bindViewModelInstances(main: (any ViewModelInstance)?, globals: [GlobalBinding]) async throws(StateMachineError) {
        var seen: Set<String> = []
        for binding in globals where !seen.insert(binding.name).inserted {
            throw .duplicateGlobalViewModelInstance(binding.name)
        }
        guard globals.isEmpty else {
            throw .error("RiveRuntime \(AppleRuntimeAdapter.builtRiveRuntimeVersion) cannot bind global view-model instances (bindViewModelInstances appears only in the 6.28 documentation)")
        }
        if let main { bindViewModelInstance(main) }
    }

    func settledStream() -> EventStream<Void, Never> {
        forward(rive.settledStream())
    }

    func setInput(_ name: String, value: Float) { logNoInputs("setInput(\"\(name)\", value: \(value))") }
    func setInput(_ name: String, value: Bool) { logNoInputs("setInput(\"\(name)\", value: \(value))") }
    func triggerInput(_ name: String) { logNoInputs("triggerInput(\"\(name)\")") }

    private func logNoInputs(_ call: String) {
        artboard.file.worker.logUnsupported(tag: "stateMachine", "\(call): RiveRuntime's concurrency API has no state-machine inputs; use view-model properties")
    }
}
