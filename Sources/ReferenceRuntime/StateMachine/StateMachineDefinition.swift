import RiveFormat

private typealias T = RiveTypeKey
private typealias P = RivePropertyKey

/// A state machine as the file defines it: inputs, layers of states and transitions with
/// their conditions, and listeners with their actions, read from `RiveFileLayout`.
///
/// Ids follow the format: an input's position is its input id, a state's position in its
/// layer is its state id. Bindable properties (the view-model side of conditions and
/// listener actions) are named by their document object index, which is how the state
/// machine's `BindSet` addresses them.
struct StateMachineDefinition {
    /// A state-machine input and its default.
    enum Input {
        case number(name: String, value: Double)
        case bool(name: String, value: Bool)
        case trigger(name: String)
        /// A placeholder for an input the runtime does not know (it keeps the id).
        case unknown

        var name: String? {
            switch self {
            case .number(let name, _), .bool(let name, _), .trigger(let name): name
            case .unknown: nil
            }
        }
    }

    /// A comparison operator (`TransitionConditionOp`): 0 ==, 1 !=, 2 <=, 3 >=, 4 <, 5 >.
    enum Comparison: UInt64 {
        case equal = 0, notEqual, lessOrEqual, greaterOrEqual, less, greater

        /// Compares two numbers.
        func holds(_ a: Double, _ b: Double) -> Bool {
            switch self {
            case .equal: a == b
            case .notEqual: a != b
            case .lessOrEqual: a <= b
            case .greaterOrEqual: a >= b
            case .less: a < b
            case .greater: a > b
            }
        }

        /// Compares two values that only support equality; other operators never hold.
        func holds(equal: Bool) -> Bool {
            switch self {
            case .equal: equal
            case .notEqual: !equal
            default: false
            }
        }
    }

    /// One side of a view-model condition.
    enum Operand {
        /// The value a bindable property holds (fed by its data bind); the document index of the bindable.
        case bindable(Int)
        /// A constant from a value comparator.
        case constant(RivePropertyValue)
        /// "The other side's source changed this frame": a self comparator or a trigger comparator.
        case changed
        /// The state machine's artboard's width (0), height (1) or ratio (2): a
        /// `TransitionPropertyArtboardComparator` (LayoutComponents.swift).
        case artboardProperty(Int)
    }

    /// A transition condition.
    enum Condition {
        case number(input: Int, comparison: Comparison, value: Double)
        case bool(input: Int, comparison: Comparison)
        case trigger(input: Int)
        case viewModel(comparison: Comparison, left: Operand, right: Operand)
        /// A condition the runtime cannot evaluate (never true).
        case unsupported
    }

    /// A transition out of a state.
    struct Transition {
        let target: Int
        let flags: UInt64
        let duration: Double
        let exitTime: Double
        let ease: AnimationEase?
        let conditions: [Condition]
        /// What the transition fires when taken (at start) and when its mix completes (at end).
        var fireActions: [FireAction] = []
        /// For a `BlendStateTransition`, the blend animation of the state it leaves whose time
        /// its exit time measures (`exitBlendAnimationId`); `nil` for other transitions.
        var exitBlendAnimation: Int?

        var isDisabled: Bool { flags & 1 != 0 }
        var durationIsPercentage: Bool { flags & 2 != 0 }
        var enableExitTime: Bool { flags & 4 != 0 }
        var exitTimeIsPercentage: Bool { flags & 8 != 0 }
        var pauseOnExit: Bool { flags & 16 != 0 }
        var enableEarlyExit: Bool { flags & 32 != 0 }
    }

    /// What a layer state is.
    enum StateKind {
        case entry, any, exit
        /// An animation state: the animation's index in the artboard (nil when out of range) and its speed.
        case animation(Int?, speed: Double)
        /// A blend state (BlendStates.swift).
        case blend(BlendStateDefinition)
        /// A state the runtime does not play (blend states and others); it stays put.
        case unsupported
    }

    /// A fire action of a state or a transition (`StateMachineFireTrigger`): the view-model
    /// trigger at an absolute path fires when the state starts or ends, or when the transition
    /// is taken or completes (upstream `StateMachineFireOccurance`).
    struct FireAction {
        /// Whether it fires at the end (a state left, a transition's mix complete) rather than the start.
        let atEnd: Bool
        /// The trigger's absolute path `[viewModel, property, nested…]` (empty for an event).
        let path: [Int]
        /// For an event fire (`StateMachineFireEvent`, or a keyed event an animation passed):
        /// the reported Event's artboard-local id.
        var event: Int?
        /// For a listener action scheduled on a state or transition (StateActions.swift): what it does.
        var action: Action?
    }

    /// A layer state with its outgoing transitions.
    struct State {
        let kind: StateKind
        var transitions: [Transition]
        /// What the state fires when it starts and when it ends.
        var fireActions: [FireAction] = []
    }

    /// A layer: its states, and the ids of its entry and any states.
    struct Layer {
        let states: [State]
        let entry: Int?
        let any: Int?
    }

    /// The pointer event a listener reacts to (`ListenerType`).
    enum ListenerType: UInt64 {
        case enter = 0, exit = 1, down = 2, up = 3, move = 4, event = 5, click = 6
        /// Reacts to a change of the view-model property at the listener's path.
        case viewModel = 11
    }

    /// What a listener does.
    enum Action {
        /// Writes a bindable property's value to its view-model source (fires it, for a trigger).
        case viewModelChange(bindable: Int)
        case fireTrigger(input: Int)
        /// Sets a boolean input: 0 false, 1 true, 2 toggle.
        case setBool(input: Int, value: UInt64)
        case setNumber(input: Int, value: Double)
        /// Reports an event of the state machine's artboard (`ListenerFireEvent`).
        case fireEvent(event: Int)
    }

    /// A listener: the component whose shapes it hit-tests, what it reacts to, what it does.
    struct Listener {
        let target: Int?
        let type: ListenerType?
        let actions: [Action]
        /// For a view-model listener, the absolute paths of the properties it watches (one for a
        /// single listener, one per `ListenerInputTypeViewModel` otherwise).
        var viewModelPaths: [[Int]] = []
        /// For an event listener, the artboard-local ids of the events it reacts to (in the
        /// listener's artboard, or in the nested artboard its target hosts).
        var eventIds: [Int] = []
    }

    let name: String
    let inputs: [Input]
    let layers: [Layer]
    let listeners: [Listener]

    /// The name of the state machine an artboard without animations and state machines gets.
    static let autoGeneratedName = "Auto Generated State Machine"

    /// The empty state machine upstream appends to an artboard that has neither linear
    /// animations nor state machines (`Artboard::initialize`, binding-rules.md SM-6): no
    /// inputs, layers or listeners; advancing it applies binds and draws the artboard.
    static let autoGenerated = StateMachineDefinition(name: autoGeneratedName, inputs: [], layers: [], listeners: [])

    /// A machine that only plays the artboard's linear animation `animation` (index in the
    /// artboard) at speed 1 from its first advance: one layer whose entry state goes to the
    /// animation's state at once. It stands for the C++ runtime's `LinearAnimationInstance`
    /// scene, which plays an artboard that has no state machine (`AnimationPlayback`).
    static func playing(animation: Int, name: String) -> StateMachineDefinition {
        let entry = State(kind: .entry, transitions: [Transition(target: 1, flags: 0, duration: 0, exitTime: 0, ease: nil, conditions: [])])
        let play = State(kind: .animation(animation, speed: 1), transitions: [])
        return StateMachineDefinition(name: name, inputs: [], layers: [Layer(states: [entry, play], entry: 0, any: nil)], listeners: [])
    }

    private init(name: String, inputs: [Input], layers: [Layer], listeners: [Listener]) {
        self.name = name
        self.inputs = inputs
        self.layers = layers
        self.listeners = listeners
    }

    /// Reads a state machine; content it cannot play is named in `unsupported`.
    init(_ machine: RiveFileLayout.StateMachine, animationCount: Int, artboard: RiveFileLayout.Artboard,
         document: RiveDocument, unsupported: inout [String]) {
        name = document.objects[machine.objectIndex].string(P.animationName) ?? ""
        inputs = machine.inputs.map { index in
            guard let index else {
                unsupported.append("unknown state-machine input")
                return .unknown
            }
            let object = document.objects[index]
            let name = object.string(P.stateMachineComponentName) ?? ""
            switch object.typeKey {
            case T.stateMachineNumber: return .number(name: name, value: Double(object.float(P.stateMachineNumberValue) ?? 0))
            case T.stateMachineBool: return .bool(name: name, value: object.bool(P.stateMachineBoolValue) ?? false)
            case T.stateMachineTrigger: return .trigger(name: name)
            default:
                unsupported.append(object.typeName)
                return .unknown
            }
        }
        var layers: [Layer] = []
        for layer in machine.layers {
            var states: [State] = []
            for state in layer.states {
                let read = Self.state(state, animationCount: animationCount, artboard: artboard, document: document, unsupported: &unsupported)
                if let index = state.objectIndex, Self.failsImport(document.objects[index], inputs: inputs) {
                    // Upstream deletes the state at import, so the layer's later states move
                    // down one and the state's transitions go to the state read before it.
                    if !states.isEmpty { states[states.count - 1].transitions += read.transitions }
                    continue
                }
                states.append(read)
            }
            layers.append(Layer(states: states,
                                entry: states.firstIndex { if case .entry = $0.kind { true } else { false } },
                                any: states.firstIndex { if case .any = $0.kind { true } else { false } }))
        }
        self.layers = layers
        listeners = machine.listeners.map { Self.listener($0, document: document, unsupported: &unsupported) }
    }

    /// Whether upstream's import of a state fails, so the file reader deletes it
    /// (`File::read` keeps only objects whose `import` succeeds): a 1D blend state naming an
    /// input (`hasValidInputId`) that the machine does not have or that is not a number
    /// (src/animation/blend_state_1d_input.cpp, `BlendState1DInput::import`).
    static func failsImport(_ object: RiveObject, inputs: [Input]) -> Bool {
        guard object.typeKey == T.blendState1DInput, let raw = object.uint(P.blendState1DInputInputId) else { return false }
        let id = UInt32(truncatingIfNeeded: raw)
        guard id != UInt32.max else { return false }
        guard Int(id) < inputs.count, case .number = inputs[Int(id)] else { return true }
        return false
    }

    private static func state(_ state: RiveFileLayout.State, animationCount: Int, artboard: RiveFileLayout.Artboard,
                              document: RiveDocument, unsupported: inout [String]) -> State {
        guard let index = state.objectIndex else {
            unsupported.append("unknown layer state")
            return State(kind: .unsupported, transitions: [])
        }
        let object = document.objects[index]
        let kind: StateKind
        switch object.typeKey {
        case T.entryState: kind = .entry
        case T.anyState: kind = .any
        case T.exitState: kind = .exit
        case T.animationState:
            let animation = object.index(P.animationStateAnimationId)
            kind = .animation(animation.flatMap { $0 < animationCount ? $0 : nil }, speed: Double(object.float(P.advanceableStateSpeed) ?? 1))
        default:
            if let blend = BlendStateDefinition.read(at: index, animationCount: animationCount, document: document, unsupported: &unsupported) {
                kind = .blend(blend)
            } else {
                if !object.isType(T.blendState) { unsupported.append(object.typeName) }
                kind = .unsupported
            }
        }
        let transitions = state.transitions.map { entry in
            var transition = transition(document.objects[entry.objectIndex], conditions: entry.conditions,
                                        artboard: artboard, document: document, unsupported: &unsupported)
            transition.fireActions = fireActions(after: entry.objectIndex, document: document, unsupported: &unsupported)
            return transition
        }
        return State(kind: kind, transitions: transitions, fireActions: fireActions(after: index, document: document, unsupported: &unsupported))
    }

    private static func transition(_ object: RiveObject, conditions: [RiveFileLayout.Condition], artboard: RiveFileLayout.Artboard,
                                   document: RiveDocument, unsupported: inout [String]) -> Transition {
        if object.typeKey != T.stateTransition, object.typeKey != T.blendStateTransition { unsupported.append(object.typeName) }
        var ease: AnimationEase?
        if let interpolator = object.index(P.stateTransitionInterpolatorId) {
            ease = AnimationEase(interpolator: interpolator, artboard: artboard, document: document, unsupported: &unsupported)
        }
        return Transition(
            target: object.index(P.stateTransitionStateToId) ?? -1, flags: object.uint(P.stateTransitionFlags) ?? 0,
            duration: Double(object.uint(P.stateTransitionDuration) ?? 0), exitTime: Double(object.uint(P.stateTransitionExitTime) ?? 0),
            ease: ease, conditions: conditions.map { condition($0, document: document, unsupported: &unsupported) },
            exitBlendAnimation: object.typeKey == T.blendStateTransition
                ? Int(min(object.uint(P.blendStateTransitionExitBlendAnimationId) ?? UInt64(UInt32.max), UInt64(Int32.max))) : nil)
    }

    private static func condition(_ condition: RiveFileLayout.Condition, document: RiveDocument, unsupported: inout [String]) -> Condition {
        let object = document.objects[condition.objectIndex]
        let comparison = Comparison(rawValue: object.uint(object.isType(T.transitionViewModelCondition)
                                                          ? P.transitionViewModelConditionOpValue : P.transitionValueConditionOpValue) ?? 0) ?? .equal
        let input = object.index(P.transitionInputConditionInputId) ?? -1
        switch object.typeKey {
        case T.transitionNumberCondition:
            return .number(input: input, comparison: comparison, value: Double(object.float(P.transitionNumberConditionValue) ?? 0))
        case T.transitionBoolCondition:
            return .bool(input: input, comparison: comparison)
        case T.transitionTriggerCondition:
            return .trigger(input: input)
        case T.transitionViewModelCondition, T.transitionArtboardCondition:
            let operands = condition.comparators.map { operand($0, document: document, unsupported: &unsupported) }
            guard operands.count == 2, let left = operands[0], let right = operands[1] else {
                if operands.count != 2 { unsupported.append("TransitionViewModelCondition with \(operands.count) comparators") }
                return .unsupported
            }
            return .viewModel(comparison: comparison, left: left, right: right)
        default:
            unsupported.append(object.typeName)
            return .unsupported
        }
    }

    private static func operand(_ index: Int, document: RiveDocument, unsupported: inout [String]) -> Operand? {
        let object = document.objects[index]
        switch object.typeKey {
        case T.transitionPropertyViewModelComparator:
            guard let bindable = claimedBindable(before: index, document: document) else {
                unsupported.append("TransitionPropertyViewModelComparator without a BindableProperty")
                return nil
            }
            return .bindable(bindable)
        case T.transitionSelfComparator, T.transitionValueTriggerComparator:
            return .changed
        case T.transitionPropertyArtboardComparator:
            return .artboardProperty(Int(min(object.uint(P.transitionPropertyArtboardComparatorPropertyType) ?? 0, 3)))
        case T.transitionValueNumberComparator:
            return .constant(.float(object.float(P.transitionValueNumberComparatorValue) ?? 0))
        case T.transitionValueBooleanComparator:
            return .constant(.bool(object.bool(P.transitionValueBooleanComparatorValue) ?? false))
        case T.transitionValueStringComparator:
            return .constant(.string(object.string(P.transitionValueStringComparatorValue) ?? ""))
        case T.transitionValueColorComparator:
            return .constant(.color(object.color(P.transitionValueColorComparatorValue) ?? 0xFF1D_1D1D))
        case T.transitionValueEnumComparator, T.transitionValueIdComparator:
            return .constant(.uint(object.uint(P.transitionValueIdComparatorValue) ?? UInt64(UInt32.max)))
        default:
            unsupported.append(object.typeName)
            return nil
        }
    }

    /// The fire actions that belong to the state or transition at `index`: upstream imports
    /// them into the latest state or transition, so they are the fire actions between it and
    /// the next state, transition, layer, listener or state machine. Event fires
    /// (`StateMachineFireEvent`) report their event to the state machine's event listeners.
    private static func fireActions(after index: Int, document: RiveDocument, unsupported: inout [String]) -> [FireAction] {
        var actions: [FireAction] = []
        var scheduled: [FireAction] = []
        var position = index + 1
        while position < document.objects.count {
            let object = document.objects[position]
            if object.isType(T.layerState) || object.isType(T.stateTransition) || object.isType(T.stateMachineLayer)
                || object.isType(T.stateMachineListener) || object.typeKey == T.stateMachineListenerSingle || object.isType(T.stateMachine) || object.isType(T.artboard) { break }
            if object.typeKey == T.stateMachineFireTrigger {
                let path = RiveIDList.decode(object.bytes(P.stateMachineFireTriggerViewModelPathIds) ?? []) ?? []
                if !path.isEmpty {
                    actions.append(FireAction(atEnd: object.uint(P.stateMachineFireActionOccursValue) == 1,
                                              path: path.map { Int(min($0, UInt64(Int32.max))) }))
                }
            } else if object.typeKey == T.stateMachineFireEvent, let event = object.index(P.stateMachineFireEventEventId) {
                actions.append(FireAction(atEnd: object.uint(P.stateMachineFireActionOccursValue) == 1, path: [], event: event))
            } else if object.isType(T.stateMachineFireAction) {
                unsupported.append(object.typeName)
            } else if let action = scheduledListenerAction(object, at: position, document: document, unsupported: &unsupported) {
                scheduled.append(action)
            }
            position += 1
        }
        // Upstream fires a state's or transition's events before it performs its listener actions.
        return actions + scheduled
    }

    /// The BindableProperty an object claims: the latest one read before it (§1.5).
    static func claimedBindable(before index: Int, document: RiveDocument) -> Int? {
        var position = index - 1
        while position >= 0 {
            let object = document.objects[position]
            if object.isType(T.bindableProperty) { return position }
            if object.isType(T.stateMachine) { return nil }
            position -= 1
        }
        return nil
    }

    private static func listener(_ listener: RiveFileLayout.Listener, document: RiveDocument, unsupported: inout [String]) -> Listener {
        let object = document.objects[listener.objectIndex]
        var type = object.uint(P.stateMachineListenerSingleListenerTypeValue).flatMap(ListenerType.init(rawValue:))
        var actions: [Action] = []
        var inputPaths: [[Int]] = []
        var eventIds: [Int] = []
        for child in listener.children {
            let childObject = document.objects[child]
            switch childObject.typeKey {
            case T.listenerViewModelChange:
                if let bindable = claimedBindable(before: child, document: document) {
                    actions.append(.viewModelChange(bindable: bindable))
                } else {
                    unsupported.append("ListenerViewModelChange without a BindableProperty")
                }
            case T.listenerTriggerChange:
                actions.append(.fireTrigger(input: childObject.index(P.listenerInputChangeInputId) ?? -1))
            case T.listenerBoolChange:
                actions.append(.setBool(input: childObject.index(P.listenerInputChangeInputId) ?? -1, value: childObject.uint(P.listenerBoolChangeValue) ?? 1))
            case T.listenerNumberChange:
                actions.append(.setNumber(input: childObject.index(P.listenerInputChangeInputId) ?? -1,
                                          value: Double(childObject.float(P.listenerNumberChangeValue) ?? 0)))
            case T.listenerInputTypeViewModel:
                let ids = RiveIDList.decode(childObject.bytes(P.listenerInputTypeViewModelViewModelPathIds) ?? []) ?? []
                if ids.isEmpty {
                    unsupported.append("ListenerInputTypeViewModel without a path")
                } else {
                    inputPaths.append(ids.map { Int(min($0, UInt64(Int32.max))) })
                }
            case T.listenerFireEvent:
                if let event = childObject.index(P.listenerFireEventEventId) { actions.append(.fireEvent(event: event)) }
            case T.listenerInputTypeEvent:
                if let event = childObject.index(P.listenerInputTypeEventEventId) { eventIds.append(event) }
                type = .event
            case T.listenerInputTypeKeyboard, T.listenerInputTypeText,
                 T.listenerInputTypeSemantic, T.listenerInputTypeGamepad:
                unsupported.append(childObject.typeName)
            default:
                if childObject.isType(T.listenerInputType) {
                    type = childObject.uint(P.listenerInputTypeListenerTypeValue).flatMap(ListenerType.init(rawValue:)) ?? type
                } else {
                    unsupported.append(childObject.typeName)
                }
            }
        }
        if object.typeKey != T.stateMachineListenerSingle, object.typeKey != T.stateMachineListener { unsupported.append(object.typeName) }
        if type == .event, eventIds.isEmpty, let event = object.index(P.stateMachineListenerSingleEventId) { eventIds.append(event) }
        // A listener with view-model inputs reacts to them only (upstream builds a
        // ListenerViewModel for it and does not hit-test it).
        if !inputPaths.isEmpty { type = .viewModel }
        var paths = inputPaths
        if type == .viewModel, paths.isEmpty {
            let ids = RiveIDList.decode(object.bytes(P.stateMachineListenerSingleViewModelPathIds) ?? []) ?? []
            if ids.isEmpty {
                unsupported.append("StateMachineListener (view model) without a path")
            } else {
                paths = [ids.map { Int(min($0, UInt64(Int32.max))) }]
            }
        }
        return Listener(target: object.index(P.stateMachineListenerTargetId), type: type, actions: actions, viewModelPaths: paths, eventIds: eventIds)
    }
}
