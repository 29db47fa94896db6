/// The structural view of a document: artboards, state machines, view models, enums and assets.
///
/// It is derived the way the upstream importer derives structure from the flat object list:
/// each object attaches to the latest object of the kind that owns it (a state to the latest
/// layer, a view-model value to the latest instance), unknown objects become placeholders
/// where the runtime keeps indices aligned, and ids are resolved against those indices.
public struct RiveFileSummary: Sendable, Equatable, Codable {
    /// The artboards in file order; the first is the file's default artboard.
    public var artboards: [Artboard]
    /// The view models in file order; a view model's position is its index.
    public var viewModels: [ViewModel]
    /// The enums in file order (system enums are not listed, as upstream does not collect them).
    public var enums: [DataEnum]
    /// The file assets in file order (the manifest is not one of them).
    public var assets: [Asset]

    /// An artboard and what it holds.
    public struct Artboard: Sendable, Equatable, Codable {
        /// The artboard's name.
        public var name: String
        /// Width in artboard units.
        public var width: Float
        /// Height in artboard units.
        public var height: Float
        /// The name of the default state machine, when the artboard names one that exists.
        public var defaultStateMachine: String?
        /// The name of the view model assigned to the artboard, when there is one.
        public var viewModel: String?
        /// How many objects the artboard holds (its local id space, the artboard itself included).
        public var objectCount: Int
        /// The linear animations.
        public var animations: [Animation]
        /// The state machines.
        public var stateMachines: [StateMachine]
    }

    /// A linear animation.
    public struct Animation: Sendable, Equatable, Codable {
        /// The animation's name.
        public var name: String
        /// Frames per second.
        public var fps: UInt64
        /// Duration in frames.
        public var duration: UInt64
        /// `oneShot`, `loop` or `pingPong` (or the raw number when unknown).
        public var loop: String
    }

    /// A state machine with its inputs, layers and listeners.
    public struct StateMachine: Sendable, Equatable, Codable {
        /// The state machine's name.
        public var name: String
        /// The inputs in input-id order; unknown inputs are kept as placeholders.
        public var inputs: [Input]
        /// The layers.
        public var layers: [Layer]
        /// The listeners.
        public var listeners: [Listener]
        /// How many data binds belong to the state machine (conditions, bindable properties).
        public var dataBindCount: Int
    }

    /// A state-machine input.
    public struct Input: Sendable, Equatable, Codable {
        /// The input's name.
        public var name: String
        /// `number`, `boolean`, `trigger`, or the type name of an input the schema does not describe.
        public var type: String
        /// The default value for number and boolean inputs.
        public var defaultValue: String?
    }

    /// A state-machine layer.
    public struct Layer: Sendable, Equatable, Codable {
        /// The layer's name.
        public var name: String
        /// The states in state-id order.
        public var states: [State]
    }

    /// A layer state.
    public struct State: Sendable, Equatable, Codable {
        /// `entry`, `any`, `exit`, `animation`, or the type name of another state kind.
        public var kind: String
        /// The animation an animation state plays, by name.
        public var animation: String?
        /// The target state index of each outgoing transition.
        public var transitionsTo: [Int]
    }

    /// A state-machine listener.
    public struct Listener: Sendable, Equatable, Codable {
        /// The listener's name.
        public var name: String
        /// The name (or type) of the artboard object it listens on, when it has a target.
        public var target: String?
    }

    /// A view model.
    public struct ViewModel: Sendable, Equatable, Codable {
        /// The view model's name.
        public var name: String
        /// Whether it is a global view model.
        public var isGlobal: Bool
        /// The properties in property-id order.
        public var properties: [Property]
        /// The instances in file order; the first is the default instance.
        public var instances: [Instance]
    }

    /// A view-model property.
    public struct Property: Sendable, Equatable, Codable {
        /// The property's name.
        public var name: String
        /// `number`, `string`, `boolean`, `color`, `enum`, `trigger`, `viewModel`, `list`,
        /// `image`, `font`, `blob`, `artboard`, `listIndex`, or the type name of another kind.
        public var type: String
        /// The enum's name, for enum properties.
        public var enumName: String?
        /// The referenced view model's name, for view-model properties.
        public var viewModelName: String?
    }

    /// A view-model instance as authored in the file.
    public struct Instance: Sendable, Equatable, Codable {
        /// The instance's name.
        public var name: String
        /// Whether the instance is embedded in an artboard rather than at file level.
        public var isEmbedded: Bool
        /// The authored values, one per value record, in file order.
        public var values: [InstanceValue]
    }

    /// One authored value of an instance.
    public struct InstanceValue: Sendable, Equatable, Codable {
        /// The property's name (or `#N` when the id does not resolve).
        public var property: String
        /// The value rendered for people: numbers as written, colors `#AARRGGBB`, enums by key,
        /// nested instances by name, lists as their item instance names.
        public var value: String
    }

    /// An enum and its values.
    public struct DataEnum: Sendable, Equatable, Codable {
        /// The enum's name.
        public var name: String
        /// The values in index order.
        public var values: [EnumValue]
    }

    /// An enum value: its key and display value.
    public struct EnumValue: Sendable, Equatable, Codable {
        /// The key, which the runtime API uses as the case name.
        public var key: String
        /// The display value.
        public var value: String
    }

    /// A file asset.
    public struct Asset: Sendable, Equatable, Codable {
        /// The asset's type name, for example `ImageAsset`.
        public var type: String
        /// The asset's name.
        public var name: String
        /// The number of in-band content bytes (0 when the asset is referenced out of band).
        public var contentBytes: Int
    }
}
