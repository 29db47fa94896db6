import RuntimeAPI

/// A RiveRuntime `Rive` object: the file, artboard and state machine it shows, and the
/// instance its `dataBind:` mode bound.
@MainActor
final class AppleRive: Rive {
    let rive: RRRive
    let file: any File
    let artboard: any Artboard
    let stateMachine: any StateMachine
    let viewModelInstance: (any ViewModelInstance)?

    init(_ rive: RRRive, file: AppleFile, artboard: AppleArtboard, stateMachine: AppleStateMachine, instance: AppleViewModelInstance?) {
        self.rive = rive
        self.file = file
        self.artboard = artboard
        self.stateMachine = stateMachine
        viewModelInstance = instance
    }
}

extension AppleFile {
    /// `Rive(file:artboard:stateMachine:dataBind:)`, RiveRuntime's initializer; a `nil`
    /// `dataBind` calls it without the argument, so its default applies, as in an app that
    /// writes `Rive(file:artboard:stateMachine:)`.
    func makeRive(artboard: (any Artboard)?, stateMachine: (any StateMachine)?, dataBind: DataBind?) async throws(RiveError) -> any Rive {
        let givenArtboard = artboard as? AppleArtboard
        let givenMachine = stateMachine as? AppleStateMachine
        if artboard != nil, givenArtboard == nil { throw .unsupported("the artboard was not created by the Apple adapter") }
        if stateMachine != nil, givenMachine == nil { throw .unsupported("the state machine was not created by the Apple adapter") }
        let made: RRRive
        do {
            switch dataBind {
            case nil:
                made = try await RRRive(file: rive, artboard: givenArtboard?.rive, stateMachine: givenMachine?.rive)
            case .auto?:
                made = try await RRRive(file: rive, artboard: givenArtboard?.rive, stateMachine: givenMachine?.rive, dataBind: .auto)
            case .none?:
                made = try await RRRive(file: rive, artboard: givenArtboard?.rive, stateMachine: givenMachine?.rive, dataBind: .none)
            case .instance(let instance)?:
                guard let apple = instance as? AppleViewModelInstance else {
                    throw RiveError.unsupported("the instance was not created by the Apple adapter")
                }
                made = try await RRRive(file: rive, artboard: givenArtboard?.rive, stateMachine: givenMachine?.rive, dataBind: .instance(apple.rive))
            }
        } catch let error as RiveError {
            throw error
        } catch {
            throw riveError(error)
        }
        // RiveRuntime's objects have no names: the defaults it created are the first listed.
        let shownArtboard: AppleArtboard
        if let givenArtboard { shownArtboard = givenArtboard } else {
            let name = (try? await rive.getArtboardNames())?.first ?? ""
            shownArtboard = AppleArtboard(made.artboard, name: name, file: self)
        }
        let shownMachine: AppleStateMachine
        if let givenMachine { shownMachine = givenMachine } else {
            let name = (try? await made.artboard.getStateMachineNames())?.first ?? ""
            shownMachine = AppleStateMachine(made.stateMachine, name: name, artboard: shownArtboard)
        }
        let bound = made.viewModelInstance.map { instance -> AppleViewModelInstance in
            if case .instance(let given as AppleViewModelInstance)? = dataBind, given.rive == instance { return given }
            return AppleViewModelInstance(instance, file: self)
        }
        return AppleRive(made, file: self, artboard: shownArtboard, stateMachine: shownMachine, instance: bound)
    }
}
