import RuntimeAPI

/// The reference runtime's `Rive` object: a file, an artboard, a state machine and the
/// instance it exposes, made by `ReferenceFile.makeRive(artboard:stateMachine:dataBind:)`.
///
/// It follows the documented initializers (binding-rules.md BIND-5, BIND-9): without a
/// `dataBind:` mode the components are used as configured and nothing is rebound, so an
/// instance the app bound to the state machine stays bound and `viewModelInstance` is `nil`.
/// rive-ios's 6.24 source differs: its single initializer defaults to `dataBind: .auto`,
/// which binds a new default instance over the app's (the deviation BIND-9 names).
@MainActor
public final class ReferenceRive: Rive {
    /// The file the object was made from.
    public let file: any File
    /// The artboard it shows.
    public let artboard: any Artboard
    /// The state machine it runs.
    public let stateMachine: any StateMachine
    /// The instance a `dataBind:` mode bound and exposes; `nil` otherwise.
    public let viewModelInstance: (any ViewModelInstance)?

    init(file: ReferenceFile, artboard: ReferenceArtboard, stateMachine: ReferenceStateMachine, viewModelInstance: (any ViewModelInstance)?) {
        self.file = file
        self.artboard = artboard
        self.stateMachine = stateMachine
        self.viewModelInstance = viewModelInstance
    }
}

extension ReferenceFile {
    public func makeRive(artboard: (any Artboard)?, stateMachine: (any StateMachine)?, dataBind: DataBind?) async throws(RiveError) -> any Rive {
        if Task.isCancelled { throw .file(.cancelled) }
        return try makeReferenceRive(artboard: artboard, stateMachine: stateMachine, dataBind: dataBind)
    }

    /// Makes a `Rive` object synchronously; `makeRive(artboard:stateMachine:dataBind:)` is the API form.
    ///
    /// - A missing artboard is the file's default artboard, a missing state machine the
    ///   artboard's default one, bound to the file's defaults (BIND-5, BIND-8), or to nothing
    ///   under `dataBind: .none`.
    /// - `dataBind: nil` rebinds nothing and exposes nothing (BIND-9). `.auto` binds a new copy
    ///   of the artboard's default instance as the main instance and exposes it (nothing, and no
    ///   error, when the artboard has no view model, as the Apple source swallows that failure);
    ///   `.instance(x)` binds and exposes `x`; `.none` binds nothing.
    /// - Throws: `RiveError.file(.invalidArtboard)` for a file without artboards or an artboard
    ///   of another file; `RiveError.artboard(.invalidStateMachine)` for an artboard without a
    ///   default state machine, or a state machine that is not the artboard's.
    public func makeReferenceRive(artboard: (any Artboard)?, stateMachine: (any StateMachine)?, dataBind: DataBind?) throws(RiveError) -> ReferenceRive {
        let board: ReferenceArtboard
        if let artboard {
            guard let given = artboard as? ReferenceArtboard, given.file === self else {
                throw .file(.invalidArtboard("the artboard was not created from this file"))
            }
            board = given
        } else {
            do { board = try makeArtboard(nil) } catch { throw .file(error) }
        }
        let machine: ReferenceStateMachine
        if let stateMachine {
            guard let given = stateMachine as? ReferenceStateMachine, given.artboard === board else {
                throw .artboard(.invalidStateMachine("the state machine was not created from the Rive object's artboard \"\(board.name)\""))
            }
            machine = given
        } else {
            let binding: DataBind
            if case .none? = dataBind { binding = .none } else { binding = .auto }
            do { machine = try board.makeStateMachine(nil, binding: binding) } catch { throw .artboard(error) }
        }
        var exposed: (any ViewModelInstance)?
        switch dataBind {
        case nil, .none?:
            break
        case .auto?:
            if let created = try? makeViewModelInstance(.viewModelDefault(from: .artboardDefault(board))) {
                machine.bindViewModelInstance(created)
                exposed = created
            }
        case .instance(let instance)?:
            machine.bindViewModelInstance(instance)
            exposed = instance
        }
        return ReferenceRive(file: self, artboard: board, stateMachine: machine, viewModelInstance: exposed)
    }
}
