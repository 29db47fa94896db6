import RiveFormat

private typealias T = RiveTypeKey
private typealias P = RivePropertyKey

/// Listener actions scheduled on a state or a transition, as upstream's
/// `StateMachineLayerComponent::listenerActions` (src/animation/listener_action.cpp,
/// `StateMachineLayerInstance::performListenerActions` in state_machine_instance.cpp).
///
/// A `ListenerAction` whose `flags` name a transition or a state as its parent (bits 1-2: 1
/// transition, 2 state) belongs to the latest state or transition read before it, not to a
/// listener. Bit 0 says when it runs: 0 when the state starts or the transition is taken, 1
/// when the state ends or the transition's mix completes. It runs after that occurrence's
/// fire actions, like any listener action but without a pointer; a `ListenerViewModelChange`
/// of this kind writes its bindable's value only then, so its bind is not applied otherwise.
extension StateMachineDefinition {
    /// The listener action at `position` when it is scheduled on a state or a transition, as a
    /// fire action with its occurrence; `nil` for any other object (unsupported action kinds
    /// are named in `unsupported`).
    static func scheduledListenerAction(_ object: RiveObject, at position: Int, document: RiveDocument,
                                        unsupported: inout [String]) -> FireAction? {
        guard object.isType(T.listenerAction) else { return nil }
        let flags = object.uint(P.listenerActionFlags) ?? 0
        let parentKind = (flags >> 1) & 3
        guard parentKind == 1 || parentKind == 2 else { return nil }
        let action: Action
        switch object.typeKey {
        case T.listenerViewModelChange:
            guard let bindable = claimedBindable(before: position, document: document) else {
                unsupported.append("ListenerViewModelChange without a BindableProperty")
                return nil
            }
            action = .viewModelChange(bindable: bindable)
        case T.listenerTriggerChange:
            action = .fireTrigger(input: object.index(P.listenerInputChangeInputId) ?? -1)
        case T.listenerBoolChange:
            action = .setBool(input: object.index(P.listenerInputChangeInputId) ?? -1, value: object.uint(P.listenerBoolChangeValue) ?? 1)
        case T.listenerNumberChange:
            action = .setNumber(input: object.index(P.listenerInputChangeInputId) ?? -1, value: Double(object.float(P.listenerNumberChangeValue) ?? 0))
        case T.listenerFireEvent:
            guard let event = object.index(P.listenerFireEventEventId) else { return nil }
            action = .fireEvent(event: event)
        default:
            unsupported.append(object.typeName)
            return nil
        }
        return FireAction(atEnd: flags & 1 == 1, path: [], action: action)
    }

    /// The bindables whose values listener actions write when they run (on pointer events, or
    /// scheduled on states and transitions): their binds are resolved but not applied.
    var performedBindables: Set<Int> {
        var bindables: Set<Int> = []
        for listener in listeners {
            for case .viewModelChange(let bindable) in listener.actions { bindables.insert(bindable) }
        }
        for layer in layers {
            for state in layer.states {
                let scheduled = state.fireActions + state.transitions.flatMap(\.fireActions)
                for case .viewModelChange(let bindable)? in scheduled.map(\.action) { bindables.insert(bindable) }
            }
        }
        return bindables
    }
}
