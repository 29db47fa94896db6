import RiveFormat
import YAML

extension FixtureCompilation {
    /// The names that always denote a layer's entry, any and exit states.
    static let reservedStateNames = ["entry", "any", "exit"]

    /// Emits a state machine: inputs, then layers (entry, any, exit, then animation states, each
    /// directly followed by its transitions and their conditions), then listeners.
    mutating func emitStateMachine(_ source: StateMachineSource, artboard: ArtboardSource, nodes: [String: NodeEntry]) throws(FixtureError) {
        emit(TypeKey.stateMachine, [(PropertyKey.animationName, .string(source.name.value))], at: source.name.mark)
        var inputs: [(name: String, kind: InputKind)] = []
        for input in source.inputs ?? [] {
            if inputs.contains(where: { $0.name == input.name.value }) {
                throw error(.duplicateName, input.name.mark, "state machine '\(source.name.value)' already has an input '\(input.name.value)'", hint: "give each input its own name")
            }
            inputs.append((input.name.value, input.type))
            switch input.type {
            case .number:
                emit(TypeKey.stateMachineNumber, [(PropertyKey.stateMachineComponentName, .string(input.name.value)),
                                                   (PropertyKey.stateMachineNumberValue, try read(input.value?.node) { node throws(FixtureError) in try number(node, for: input.name.value) }.map { .float($0) })], at: input.name.mark)
            case .boolean:
                emit(TypeKey.stateMachineBool, [(PropertyKey.stateMachineComponentName, .string(input.name.value)),
                                                 (PropertyKey.stateMachineBoolValue, try read(input.value?.node) { node throws(FixtureError) in try bool(node, for: input.name.value) }.map { .bool($0) })], at: input.name.mark)
            case .trigger:
                if let value = input.value {
                    throw error(.typeMismatch, value.node.mark, "trigger input '\(input.name.value)' holds no value", hint: "remove the value")
                }
                emit(TypeKey.stateMachineTrigger, [(PropertyKey.stateMachineComponentName, .string(input.name.value))], at: input.name.mark)
            }
        }
        let animations = (artboard.animations ?? []).map(\.name.value)
        for layer in source.layers ?? [] {
            try emitLayer(layer, inputs: inputs, animations: animations, artboard: artboard.name.value)
        }
        for listener in source.listeners ?? [] {
            try emitListener(listener, inputs: inputs, artboard: artboard.name.value, nodes: nodes)
        }
    }

    private mutating func emitLayer(_ layer: LayerSource, inputs: [(name: String, kind: InputKind)], animations: [String], artboard: String) throws(FixtureError) {
        let states = layer.states ?? []
        var stateNames = Self.reservedStateNames
        for state in states {
            if Self.reservedStateNames.contains(state.name.value) {
                throw error(.invalidValue, state.name.mark, "'\(state.name.value)' is the name of the layer's built-in \(state.name.value) state", hint: "choose another state name")
            }
            if stateNames.contains(state.name.value) {
                throw error(.duplicateName, state.name.mark, "layer '\(layer.name.value)' already has a state '\(state.name.value)'", hint: "give each state its own name")
            }
            stateNames.append(state.name.value)
        }
        emit(TypeKey.stateMachineLayer, [(PropertyKey.stateMachineComponentName, .string(layer.name.value))], at: layer.name.mark)
        emit(TypeKey.entryState, [], at: layer.name.mark)
        try emitTransitions(layer.entry ?? [], stateNames: stateNames, inputs: inputs, artboard: artboard)
        emit(TypeKey.anyState, [], at: layer.name.mark)
        try emitTransitions(layer.any ?? [], stateNames: stateNames, inputs: inputs, artboard: artboard)
        emit(TypeKey.exitState, [], at: layer.name.mark)
        for state in states {
            switch (state.animation, state.blend) {
            case (let animationName?, nil):
                guard let animation = animations.firstIndex(of: animationName.value) else {
                    throw unknown("animation", animationName, among: animations)
                }
                emit(TypeKey.animationState, [
                    (PropertyKey.animationStateAnimationId, .uint(UInt64(animation))),
                    (PropertyKey.advanceableStateSpeed, state.speed.map { .float($0) }),
                ], at: state.name.mark)
            case (nil, let blend?):
                try emitBlendState(blend, named: state.name, inputs: inputs, animations: animations, artboard: artboard)
            default:
                throw error(.invalidValue, state.name.mark, "state '\(state.name.value)' needs exactly one of 'animation:' and 'blend:'",
                            hint: "write animation: NAME, or blend: {property: ViewModel/number, animations: [...]}")
            }
            try emitFireActions(state.fire ?? [], artboard: artboard)
            try emitTransitions(state.transitions ?? [], stateNames: stateNames, inputs: inputs, artboard: artboard)
        }
    }

    /// Emits a 1D blend state: BlendState1DInput, or BindablePropertyNumber → DataBindContext →
    /// BlendState1DViewModel for a view-model number, then one BlendAnimation1D per animation.
    private mutating func emitBlendState(_ blend: BlendSource, named name: Located<String>, inputs: [(name: String, kind: InputKind)],
                                         animations: [String], artboard: String) throws(FixtureError) {
        switch (blend.input, blend.property) {
        case (let input?, nil):
            let index = try inputIndex(input, inputs: inputs)
            guard inputs[index].kind == .number else {
                throw error(.typeMismatch, input.mark, "input '\(input.value)' is a \(inputs[index].kind.rawValue) input; a blend state needs a number", hint: "name a number input")
            }
            emit(TypeKey.blendState1DInput, [(PropertyKey.blendState1DInputInputId, .uint(UInt64(index)))], at: name.mark)
        case (nil, let property?):
            let resolved = try resolvePath(property, reachableFrom: artboard)
            guard resolved.property.kind == .number else {
                throw error(.typeMismatch, property.mark, "'\(property.value)' is a \(resolved.property.kind.rawValue) property; a blend state needs a number", hint: "name a number property")
            }
            emit(TypeKey.bindablePropertyNumber, [], at: property.mark)
            emitDataBind(key: PropertyKey.bindablePropertyNumberPropertyValue, path: resolved, flags: 0, at: property.mark)
            emit(TypeKey.blendState1DViewModel, [], at: name.mark)
        default:
            throw error(.invalidValue, name.mark, "blend state '\(name.value)' needs exactly one of 'input:' and 'property:'",
                        hint: "write blend: {input: level, animations: [...]} or blend: {property: ViewModel/level, animations: [...]}")
        }
        for entry in blend.animations {
            guard let animation = animations.firstIndex(of: entry.animation.value) else {
                throw unknown("animation", entry.animation, among: animations)
            }
            emit(TypeKey.blendAnimation1D, [
                (PropertyKey.blendAnimationAnimationId, .uint(UInt64(animation))),
                (PropertyKey.blendAnimation1DValue, .float(entry.value)),
            ], at: entry.animation.mark)
        }
    }

    private mutating func emitTransitions(_ transitions: [TransitionSource], stateNames: [String], inputs: [(name: String, kind: InputKind)], artboard: String) throws(FixtureError) {
        for transition in transitions {
            guard let target = stateNames.firstIndex(of: transition.to.value) else {
                throw error(.unknownName, transition.to.mark, "transition to a missing state '\(transition.to.value)'",
                            hint: "the layer's states are: \(stateNames.joined(separator: ", "))")
            }
            if target <= 1 {
                throw error(.invalidValue, transition.to.mark, "a transition cannot go to the layer's \(transition.to.value) state", hint: "transition to an animation state or to exit")
            }
            var flags: UInt64 = 0
            if transition.duration?.isPercentage == true { flags |= 2 }
            if let exitTime = transition.exitTime {
                flags |= exitTime.isPercentage ? 4 | 8 : 4
            }
            emit(TypeKey.stateTransition, [
                (PropertyKey.stateTransitionStateToId, .uint(UInt64(target))),
                (PropertyKey.stateTransitionFlags, .uint(flags)),
                (PropertyKey.stateTransitionDuration, transition.duration.map { .uint(UInt64($0.value)) }),
                (PropertyKey.stateTransitionExitTime, transition.exitTime.map { .uint(UInt64($0.value)) }),
            ], at: transition.to.mark)
            for condition in transition.conditions ?? [] {
                try emitCondition(condition, inputs: inputs, artboard: artboard)
            }
            try emitFireActions(transition.fire ?? [], artboard: artboard)
        }
    }

    /// Emits StateMachineFireTrigger actions; they belong to the state or transition just written.
    private mutating func emitFireActions(_ actions: [FireSource], artboard: String) throws(FixtureError) {
        for action in actions {
            let resolved = try resolvePath(action.trigger, reachableFrom: artboard)
            guard resolved.property.kind == .trigger else {
                throw error(.typeMismatch, action.trigger.mark, "'\(action.trigger.value)' is a \(resolved.property.kind.rawValue) property; a fire action fires a trigger",
                            hint: "name a trigger property")
            }
            emit(TypeKey.stateMachineFireTrigger, [
                (PropertyKey.stateMachineFireActionOccursValue, .uint(action.at == .end ? 1 : 0)),
                (PropertyKey.stateMachineFireTriggerViewModelPathIds, .bytes(resolved.encoded)),
            ], at: action.trigger.mark)
        }
    }

    private mutating func emitCondition(_ condition: ConditionSource, inputs: [(name: String, kind: InputKind)], artboard: String) throws(FixtureError) {
        switch (condition.input, condition.property) {
        case (let input?, nil):
            try emitInputCondition(condition, input: input, inputs: inputs)
        case (nil, let property?):
            try emitViewModelCondition(condition, path: property, artboard: artboard)
        default:
            throw error(.invalidValue, condition.mark, "a condition names exactly one of 'input:' or 'property:'", hint: "write {input: mood, op: \"==\", value: 1} or {property: Character/mood, op: \"==\", value: 1}")
        }
    }

    private func inputIndex(_ name: Located<String>, inputs: [(name: String, kind: InputKind)]) throws(FixtureError) -> Int {
        guard let index = inputs.firstIndex(where: { $0.name == name.value }) else { throw unknown("input", name, among: inputs.map(\.name)) }
        return index
    }

    private mutating func emitInputCondition(_ condition: ConditionSource, input: Located<String>, inputs: [(name: String, kind: InputKind)]) throws(FixtureError) {
        let index = try inputIndex(input, inputs: inputs)
        let inputId: (UInt32, RivePropertyValue?) = (PropertyKey.transitionInputConditionInputId, .uint(UInt64(index)))
        switch inputs[index].kind {
        case .trigger:
            if let extra = condition.op?.mark ?? condition.value?.node.mark {
                throw error(.invalidValue, extra, "trigger input '\(input.value)' is a condition by itself; it takes no op or value", hint: "write {input: \(input.value)}")
            }
            emit(TypeKey.transitionTriggerCondition, [inputId], at: condition.mark)
        case .number:
            guard let value = condition.value else {
                throw error(.invalidValue, condition.mark, "a condition on number input '\(input.value)' needs a value", hint: "add value: <number>")
            }
            emit(TypeKey.transitionNumberCondition, [inputId,
                (PropertyKey.transitionValueConditionOpValue, .uint((condition.op?.value ?? .equal).rawValue)),
                (PropertyKey.transitionNumberConditionValue, .float(try number(value.node, for: input.value)))], at: condition.mark)
        case .boolean:
            let expected = try read(condition.value?.node) { node throws(FixtureError) in try bool(node, for: input.value) } ?? true
            let op = try equalityOp(condition, what: "boolean input '\(input.value)'")
            // The runtime passes a bool condition when the input is true for ==, false for !=.
            let passesWhenTrue = expected == (op == .equal)
            emit(TypeKey.transitionBoolCondition, [inputId,
                (PropertyKey.transitionValueConditionOpValue, .uint(passesWhenTrue ? ComparisonOp.equal.rawValue : ComparisonOp.notEqual.rawValue))], at: condition.mark)
        }
    }

    private func equalityOp(_ condition: ConditionSource, what: String) throws(FixtureError) -> ComparisonOp {
        let op = condition.op?.value ?? .equal
        guard op == .equal || op == .notEqual else {
            throw error(.invalidValue, condition.op?.mark ?? condition.mark, "\(what) can only be compared with == or !=", hint: "use \"==\" or \"!=\"")
        }
        return op
    }

    /// Emits condition → bindable property → its data bind → property comparator → value comparator.
    private mutating func emitViewModelCondition(_ condition: ConditionSource, path: Located<String>, artboard: String) throws(FixtureError) {
        let resolved = try resolvePath(path, reachableFrom: artboard)
        let property = resolved.property
        let what = "'\(path.value)'"
        if property.kind == .trigger {
            if let extra = condition.op?.mark ?? condition.value?.node.mark {
                throw error(.invalidValue, extra, "trigger \(what) is a condition by itself (fired this frame); it takes no op or value", hint: "write {property: \(path.value)}")
            }
            emit(TypeKey.transitionViewModelCondition, [(PropertyKey.transitionViewModelConditionOpValue, .uint(ComparisonOp.notEqual.rawValue))], at: condition.mark)
            emit(TypeKey.bindablePropertyTrigger, [], at: condition.mark)
            emitDataBind(key: PropertyKey.bindablePropertyIntegerPropertyValue, path: resolved, flags: 0, at: condition.mark)
            emit(TypeKey.transitionPropertyViewModelComparator, [], at: condition.mark)
            emit(TypeKey.transitionValueTriggerComparator, [], at: condition.mark)
            return
        }
        guard let value = condition.value else {
            throw error(.invalidValue, condition.mark, "a condition on \(what) needs a value to compare with", hint: "add value: ...")
        }
        let node = value.node
        let op: ComparisonOp
        let bindable: (type: UInt32, key: UInt32)
        let comparator: (type: UInt32, key: UInt32, value: RivePropertyValue)
        switch property.kind {
        case .number:
            op = condition.op?.value ?? .equal
            bindable = (TypeKey.bindablePropertyNumber, PropertyKey.bindablePropertyNumberPropertyValue)
            comparator = (TypeKey.transitionValueNumberComparator, PropertyKey.transitionValueNumberComparatorValue, .float(try number(node, for: path.value)))
        case .boolean:
            op = try equalityOp(condition, what: "boolean \(what)")
            bindable = (TypeKey.bindablePropertyBoolean, PropertyKey.bindablePropertyBooleanPropertyValue)
            comparator = (TypeKey.transitionValueBooleanComparator, PropertyKey.transitionValueBooleanComparatorValue, .bool(try bool(node, for: path.value)))
        case .string:
            op = try equalityOp(condition, what: "string \(what)")
            bindable = (TypeKey.bindablePropertyString, PropertyKey.bindablePropertyStringPropertyValue)
            comparator = (TypeKey.transitionValueStringComparator, PropertyKey.transitionValueStringComparatorValue, .string(try text(node, for: path.value)))
        case .color:
            op = try equalityOp(condition, what: "color \(what)")
            bindable = (TypeKey.bindablePropertyColor, PropertyKey.bindablePropertyColorPropertyValue)
            comparator = (TypeKey.transitionValueColorComparator, PropertyKey.transitionValueColorComparatorValue, .color(try color(node, for: path.value)))
        case .enum:
            op = try equalityOp(condition, what: "enum \(what)")
            bindable = (TypeKey.bindablePropertyEnum, PropertyKey.bindablePropertyEnumPropertyValue)
            comparator = (TypeKey.transitionValueEnumComparator, PropertyKey.transitionValueIdComparatorValue, .uint(UInt64(try enumIndex(node, of: property))))
        default:
            throw error(.typeMismatch, path.mark, "\(what) is a \(property.kind.rawValue) property, which transition conditions cannot compare", hint: "compare a number, boolean, string, color, enum or trigger property")
        }
        emit(TypeKey.transitionViewModelCondition, [(PropertyKey.transitionViewModelConditionOpValue, .uint(op.rawValue))], at: condition.mark)
        emit(bindable.type, [], at: condition.mark)
        emitDataBind(key: bindable.key, path: resolved, flags: 0, at: condition.mark)
        emit(TypeKey.transitionPropertyViewModelComparator, [], at: condition.mark)
        emit(comparator.type, [(comparator.key, comparator.value)], at: value.node.mark)
    }

    // MARK: Listeners

    private mutating func emitListener(_ listener: ListenerSource, inputs: [(name: String, kind: InputKind)], artboard: String, nodes: [String: NodeEntry]) throws(FixtureError) {
        guard let targetNode = nodes[listener.target.value], let targetId = targetNode.localIds[.node] else {
            throw unknown("node", listener.target, among: nodes.filter { $0.value.kind != nil }.map(\.key))
        }
        var watched: ResolvedPath?
        if listener.event == .viewModel {
            guard let property = listener.property else {
                throw error(.invalidValue, listener.target.mark, "a view-model listener needs 'property:' naming what it watches", hint: "add property: ViewModel/property")
            }
            watched = try resolvePath(property, reachableFrom: artboard)
        } else {
            if let property = listener.property {
                throw error(.invalidValue, property.mark, "only 'event: viewModel' listeners watch a property", hint: "remove 'property:' or use event: viewModel")
            }
            if targetNode.kind == .list || targetNode.kind == nil {
                throw error(.typeMismatch, listener.target.mark, "listeners hit-test shapes; '\(listener.target.value)' is \(targetNode.kind == nil ? "the artboard" : "a list")", hint: "listen on a shape or a group of shapes")
            }
        }
        emit(TypeKey.stateMachineListenerSingle, [
            (PropertyKey.stateMachineComponentName, listener.name.map { .string($0.value) }),
            (PropertyKey.stateMachineListenerTargetId, .uint(UInt64(targetId))),
            (PropertyKey.stateMachineListenerSingleListenerTypeValue, .uint(Self.listenerType(listener.event))),
            (PropertyKey.stateMachineListenerSingleViewModelPathIds, watched.map { .bytes($0.encoded) }),
        ], at: listener.name?.mark ?? listener.target.mark)
        for action in listener.actions {
            try emitAction(action, inputs: inputs, artboard: artboard)
        }
    }

    private static func listenerType(_ event: PointerEvent) -> UInt64 {
        switch event {
        case .enter: 0
        case .exit: 1
        case .down: 2
        case .up: 3
        case .viewModel: 11
        }
    }

    private mutating func emitAction(_ action: ActionSource, inputs: [(name: String, kind: InputKind)], artboard: String) throws(FixtureError) {
        let chosen = [action.fire, action.set, action.fireInput, action.setInput].compactMap { $0 }
        guard chosen.count == 1 else {
            throw error(.invalidValue, action.mark, "an action is exactly one of fire, set, fireInput or setInput", hint: "write one action per list entry")
        }
        if let path = action.fire {
            let resolved = try resolvePath(path, reachableFrom: artboard)
            guard resolved.property.kind == .trigger else {
                throw error(.typeMismatch, path.mark, "'\(path.value)' is a \(resolved.property.kind.rawValue) property; only triggers can be fired", hint: "use 'set:' with a value instead")
            }
            if let value = action.value { throw error(.invalidValue, value.node.mark, "firing a trigger takes no value", hint: "remove the value") }
            // The editor's layout: the toSource bind counts the trigger up through the trigger
            // converter; the toTarget binds keep the bindable in step with the source.
            emit(TypeKey.bindablePropertyTrigger, [], at: path.mark)
            emitDataBind(key: PropertyKey.bindablePropertyIntegerPropertyValue, path: resolved, flags: 1, converter: triggerConverterIndex, at: path.mark)
            emitDataBind(key: PropertyKey.bindablePropertyIntegerPropertyValue, path: resolved, flags: 0, at: path.mark)
            emitDataBind(key: PropertyKey.bindablePropertyIntegerPropertyValue, path: resolved, flags: 0, at: path.mark)
            emit(TypeKey.listenerViewModelChange, [], at: path.mark)
        } else if let path = action.set {
            let resolved = try resolvePath(path, reachableFrom: artboard)
            guard let value = action.value else {
                throw error(.invalidValue, action.mark, "setting '\(path.value)' needs a value", hint: "add value: ...")
            }
            let node = value.node
            let bindable: (type: UInt32, key: UInt32, value: RivePropertyValue)
            switch resolved.property.kind {
            case .number: bindable = (TypeKey.bindablePropertyNumber, PropertyKey.bindablePropertyNumberPropertyValue, .float(try number(node, for: path.value)))
            case .boolean: bindable = (TypeKey.bindablePropertyBoolean, PropertyKey.bindablePropertyBooleanPropertyValue, .bool(try bool(node, for: path.value)))
            case .string: bindable = (TypeKey.bindablePropertyString, PropertyKey.bindablePropertyStringPropertyValue, .string(try text(node, for: path.value)))
            case .color: bindable = (TypeKey.bindablePropertyColor, PropertyKey.bindablePropertyColorPropertyValue, .color(try color(node, for: path.value)))
            case .enum: bindable = (TypeKey.bindablePropertyEnum, PropertyKey.bindablePropertyEnumPropertyValue, .uint(UInt64(try enumIndex(node, of: resolved.property))))
            default:
                throw error(.typeMismatch, path.mark, "'\(path.value)' is a \(resolved.property.kind.rawValue) property, which a listener cannot set", hint: "set a number, boolean, string, color or enum property")
            }
            emit(bindable.type, [(bindable.key, bindable.value)], at: path.mark)
            emitDataBind(key: bindable.key, path: resolved, flags: 1, at: path.mark)
            emit(TypeKey.listenerViewModelChange, [], at: path.mark)
        } else if let name = action.fireInput {
            let index = try inputIndex(name, inputs: inputs)
            guard inputs[index].kind == .trigger else {
                throw error(.typeMismatch, name.mark, "input '\(name.value)' is a \(inputs[index].kind.rawValue); only trigger inputs can be fired", hint: "use 'setInput:' with a value")
            }
            emit(TypeKey.listenerTriggerChange, [(PropertyKey.listenerInputChangeInputId, .uint(UInt64(index)))], at: name.mark)
        } else if let name = action.setInput {
            let index = try inputIndex(name, inputs: inputs)
            guard let value = action.value else {
                throw error(.invalidValue, action.mark, "setting input '\(name.value)' needs a value", hint: "add value: ...")
            }
            switch inputs[index].kind {
            case .number:
                emit(TypeKey.listenerNumberChange, [(PropertyKey.listenerInputChangeInputId, .uint(UInt64(index))),
                                                     (PropertyKey.listenerNumberChangeValue, .float(try number(value.node, for: name.value)))], at: name.mark)
            case .boolean:
                emit(TypeKey.listenerBoolChange, [(PropertyKey.listenerInputChangeInputId, .uint(UInt64(index))),
                                                   (PropertyKey.listenerBoolChangeValue, .uint(try bool(value.node, for: name.value) ? 1 : 0))], at: name.mark)
            case .trigger:
                throw error(.typeMismatch, name.mark, "input '\(name.value)' is a trigger; fire it with 'fireInput:'", hint: "write fireInput: \(name.value)")
            }
        }
    }
}
