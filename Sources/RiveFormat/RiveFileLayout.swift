/// Where each object of a document belongs, as object indices: the import structure the
/// runtime rebuilds from the flat object list.
///
/// Runtimes and compilers use this instead of re-deriving the import rules. Every index is a
/// position in `RiveDocument.objects`. Lists keep file order, so positions in them are the
/// ids the format uses (artboard-local ids, input ids, state ids, view-model property ids).
public struct RiveFileLayout: Sendable, Equatable {
    /// The artboards in file order.
    public var artboards: [Artboard] = []
    /// The view models in file order.
    public var viewModels: [ViewModel] = []
    /// Every view-model instance in file order, file-level and embedded.
    public var instances: [Instance] = []
    /// The collected enums (DataEnumCustom and plain DataEnum, not system enums) in file order.
    public var enums: [DataEnum] = []
    /// The file assets (the manifest excluded) in file order.
    public var assets: [Int] = []

    /// An artboard: its object and everything attached to it.
    public struct Artboard: Sendable, Equatable {
        /// The Artboard object.
        public var objectIndex: Int
        /// The artboard-local id space: index 0 is the artboard, then components in file order;
        /// `nil` marks a placeholder for an object the schema does not know.
        public var localObjects: [Int?]
        /// The type key of each placeholder in `localObjects`, by its local id.
        public var unknownTypeKeys: [Int: UInt32] = [:]
        /// The linear animations.
        public var animations: [Animation] = []
        /// The state machines.
        public var stateMachines: [StateMachine] = []
        /// The data binds that bind artboard components, with their targets.
        public var dataBinds: [DataBind] = []
    }

    /// A linear animation and its keyed objects.
    public struct Animation: Sendable, Equatable {
        /// The LinearAnimation object.
        public var objectIndex: Int
        /// The keyed objects in file order.
        public var keyedObjects: [KeyedObject] = []
    }

    /// A keyed object: which component an animation drives, and how.
    public struct KeyedObject: Sendable, Equatable {
        /// The KeyedObject object.
        public var objectIndex: Int
        /// The keyed properties in file order.
        public var keyedProperties: [KeyedProperty] = []
    }

    /// A keyed property and its keyframes.
    public struct KeyedProperty: Sendable, Equatable {
        /// The KeyedProperty object.
        public var objectIndex: Int
        /// The keyframe objects in file order.
        public var keyFrames: [Int] = []
    }

    /// A state machine and what belongs to it.
    public struct StateMachine: Sendable, Equatable {
        /// The StateMachine object.
        public var objectIndex: Int
        /// The inputs in input-id order; `nil` marks a placeholder.
        public var inputs: [Int?] = []
        /// The layers.
        public var layers: [Layer] = []
        /// The listeners.
        public var listeners: [Listener] = []
        /// Objects that belong to the state machine but to no layer or listener
        /// (bindable properties and the data binds that target them, conditions' comparators).
        public var dataBinds: [DataBind] = []
    }

    /// A layer and its states.
    public struct Layer: Sendable, Equatable {
        /// The StateMachineLayer object.
        public var objectIndex: Int
        /// The states in state-id order.
        public var states: [State] = []
    }

    /// A layer state and its outgoing transitions.
    public struct State: Sendable, Equatable {
        /// The state object, or `nil` for a placeholder (the runtime keeps a blank state).
        public var objectIndex: Int?
        /// The outgoing transitions in file order.
        public var transitions: [Transition] = []
    }

    /// A transition and its conditions.
    public struct Transition: Sendable, Equatable {
        /// The StateTransition object.
        public var objectIndex: Int
        /// The condition objects in file order; each view-model condition is followed by the
        /// comparators that belong to it (left first, then right).
        public var conditions: [Condition] = []
    }

    /// A transition condition.
    public struct Condition: Sendable, Equatable {
        /// The condition object.
        public var objectIndex: Int
        /// For a view-model condition, its comparator objects: the first read is the left side.
        public var comparators: [Int] = []
    }

    /// A listener and the objects attached to it (input types and actions).
    public struct Listener: Sendable, Equatable {
        /// The StateMachineListener object.
        public var objectIndex: Int
        /// Listener input types and actions, in file order.
        public var children: [Int] = []
    }

    /// A data bind and the object it binds.
    public struct DataBind: Sendable, Equatable {
        /// The DataBind (or DataBindContext) object.
        public var objectIndex: Int
        /// The object just before it that it binds.
        public var targetIndex: Int

        /// A bind at document index `objectIndex` on the object at `targetIndex`.
        public init(objectIndex: Int, targetIndex: Int) {
            self.objectIndex = objectIndex
            self.targetIndex = targetIndex
        }
    }

    /// A view model and its properties.
    public struct ViewModel: Sendable, Equatable {
        /// The ViewModel object.
        public var objectIndex: Int
        /// The property objects in property-id order.
        public var properties: [Int] = []
        /// Positions in `RiveFileLayout.instances` of this view model's instances, in file
        /// order; the first is the default instance.
        public var instances: [Int] = []
    }

    /// A view-model instance and its values.
    public struct Instance: Sendable, Equatable {
        /// The ViewModelInstance object.
        public var objectIndex: Int
        /// The view model it belongs to, when that index exists.
        public var viewModel: Int?
        /// The artboard it is embedded in, or `nil` for a file-level instance.
        public var artboard: Int?
        /// The value objects in file order.
        public var values: [InstanceValue] = []
    }

    /// One value of an instance; list values carry their item objects.
    public struct InstanceValue: Sendable, Equatable {
        /// The ViewModelInstanceValue object.
        public var objectIndex: Int
        /// The ViewModelInstanceListItem objects, for a list value.
        public var listItems: [Int] = []
    }

    /// An enum and its value objects.
    public struct DataEnum: Sendable, Equatable {
        /// The enum object.
        public var objectIndex: Int
        /// The DataEnumValue objects in index order.
        public var values: [Int] = []
    }
}
