/// A typed handle on a view-model property, addressed by a `/`-separated path.
///
/// A path names nested view-model properties segment by segment and the property itself
/// last: `"settings/volume"`. Paths are case-sensitive. A descriptor carries no value and
/// is not bound to an instance; the same descriptor works on any instance.
public protocol Property: Sendable, Hashable {
    /// The `/`-separated path from the instance to the property.
    var path: String { get }
    /// The kind of property the descriptor expects at `path`.
    static var dataType: DataType { get }
}

/// A Swift type that a readable, writable and observable property holds.
public protocol PropertyValue: Sendable, Equatable {}

extension String: PropertyValue {}
extension Float: PropertyValue {}
extension Bool: PropertyValue {}
extension Color: PropertyValue {}

/// A property whose value can be read, set and observed: number, string, boolean, color, enum.
public protocol ValueProperty: Property {
    /// The Swift type of the property's value.
    associatedtype Value: PropertyValue
}

/// A number property; values are 32-bit floats.
public struct NumberProperty: ValueProperty {
    /// Values are `Float`.
    public typealias Value = Float
    /// Always `.number`.
    public static var dataType: DataType { .number }
    /// The property's path from the instance, `/` between nested properties.
    public let path: String
    /// Creates a descriptor for the number property at `path`.
    public init(path: String) { self.path = path }
}

/// A string property.
public struct StringProperty: ValueProperty {
    /// Values are `String`.
    public typealias Value = String
    /// Always `.string`.
    public static var dataType: DataType { .string }
    /// The property's path from the instance, `/` between nested properties.
    public let path: String
    /// Creates a descriptor for the string property at `path`.
    public init(path: String) { self.path = path }
}

/// A boolean property.
public struct BoolProperty: ValueProperty {
    /// Values are `Bool`.
    public typealias Value = Bool
    /// Always `.boolean`.
    public static var dataType: DataType { .boolean }
    /// The property's path from the instance, `/` between nested properties.
    public let path: String
    /// Creates a descriptor for the boolean property at `path`.
    public init(path: String) { self.path = path }
}

/// A color property; values are ARGB.
public struct ColorProperty: ValueProperty {
    /// Values are `Color`.
    public typealias Value = Color
    /// Always `.color`.
    public static var dataType: DataType { .color }
    /// The property's path from the instance, `/` between nested properties.
    public let path: String
    /// Creates a descriptor for the color property at `path`.
    public init(path: String) { self.path = path }
}

/// An enum property; values are the enum's case names (its value keys).
public struct EnumProperty: ValueProperty {
    /// Values are `String`.
    public typealias Value = String
    /// Always `.enumType`.
    public static var dataType: DataType { .enumType }
    /// The property's path from the instance, `/` between nested properties.
    public let path: String
    /// Creates a descriptor for the enum property at `path`.
    public init(path: String) { self.path = path }
}

/// A trigger property: it has no readable value; it can be fired and observed.
public struct TriggerProperty: Property {
    /// Always `.trigger`.
    public static var dataType: DataType { .trigger }
    /// The property's path from the instance, `/` between nested properties.
    public let path: String
    /// Creates a descriptor for the trigger property at `path`.
    public init(path: String) { self.path = path }
}

/// A list property: an ordered list of view-model instances.
public struct ListProperty: Property {
    /// Always `.list`.
    public static var dataType: DataType { .list }
    /// The property's path from the instance, `/` between nested properties.
    public let path: String
    /// Creates a descriptor for the list property at `path`.
    public init(path: String) { self.path = path }
}

/// A nested view-model property: it holds a reference to another instance.
public struct ViewModelInstanceProperty: Property {
    /// Always `.viewModel`.
    public static var dataType: DataType { .viewModel }
    /// The property's path from the instance, `/` between nested properties.
    public let path: String
    /// Creates a descriptor for the nested view-model property at `path`.
    public init(path: String) { self.path = path }
}

/// An image property; write-only, `nil` clears it.
public struct ImageProperty: Property {
    /// Always `.assetImage`.
    public static var dataType: DataType { .assetImage }
    /// The property's path from the instance, `/` between nested properties.
    public let path: String
    /// Creates a descriptor for the image property at `path`.
    public init(path: String) { self.path = path }
}

/// An artboard property; write-only, `nil` clears it.
public struct ArtboardProperty: Property {
    /// Always `.artboard`.
    public static var dataType: DataType { .artboard }
    /// The property's path from the instance, `/` between nested properties.
    public let path: String
    /// Creates a descriptor for the artboard property at `path`.
    public init(path: String) { self.path = path }
}

/// A blob property; write-only, `nil` clears it.
public struct BlobProperty: Property {
    /// Always `.assetBlob`.
    public static var dataType: DataType { .assetBlob }
    /// The property's path from the instance, `/` between nested properties.
    public let path: String
    /// Creates a descriptor for the blob property at `path`.
    public init(path: String) { self.path = path }
}

/// A font property; write-only, `nil` clears it.
public struct FontProperty: Property {
    /// Always `.assetFont`.
    public static var dataType: DataType { .assetFont }
    /// The property's path from the instance, `/` between nested properties.
    public let path: String
    /// Creates a descriptor for the font property at `path`.
    public init(path: String) { self.path = path }
}

/// The kind of a view-model property, with the ids the upstream runtime uses on its command queue.
public enum DataType: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// No type: the property is missing or unknown.
    case none = 0
    /// A string.
    case string = 1
    /// A number (32-bit float).
    case number = 2
    /// A boolean.
    case boolean = 3
    /// An ARGB color.
    case color = 4
    /// A list of view-model instances.
    case list = 5
    /// An enum value, named by its key.
    case enumType = 6
    /// A trigger, fired rather than set.
    case trigger = 7
    /// A nested view-model instance.
    case viewModel = 8
    /// An integer (used upstream for list indices).
    case integer = 9
    /// A list item's index, bound by symbol.
    case symbolListIndex = 10
    /// An image asset.
    case assetImage = 11
    /// An artboard reference.
    case artboard = 12
    /// A font asset.
    case assetFont = 13
    /// A blob asset.
    case assetBlob = 14
    /// A state-machine input (upstream command-queue id).
    case input = 99
    /// Any type (upstream wildcard id).
    case any = 100

    /// A lower-case name for reports: `number`, `enum`, `viewModel`, `image`, and so on.
    public var description: String {
        switch self {
        case .none: "none"
        case .string: "string"
        case .number: "number"
        case .boolean: "boolean"
        case .color: "color"
        case .list: "list"
        case .enumType: "enum"
        case .trigger: "trigger"
        case .viewModel: "viewModel"
        case .integer: "integer"
        case .symbolListIndex: "listIndex"
        case .assetImage: "image"
        case .artboard: "artboard"
        case .assetFont: "font"
        case .assetBlob: "blob"
        case .input: "input"
        case .any: "any"
        }
    }
}

/// One property of a view model as the file declares it.
public struct ViewModelProperty: Sendable, Hashable {
    /// The property's kind.
    public var type: DataType
    /// The property's name.
    public var name: String
    /// The enum's name for enum properties, the referenced view model's name for nested
    /// view-model properties, and `""` otherwise.
    public var metaData: String

    /// Creates a property description.
    public init(type: DataType, name: String, metaData: String = "") {
        self.type = type
        self.name = name
        self.metaData = metaData
    }
}

/// An enum the file declares: its name and its case names in index order.
public struct ViewModelEnum: Sendable, Hashable {
    /// The enum's name.
    public var name: String
    /// The case names (the enum's value keys), in index order.
    public var values: [String]

    /// Creates an enum description.
    public init(name: String, values: [String]) {
        self.name = name
        self.values = values
    }
}

/// The view model assigned to an artboard and the name of the instance its default creates.
public struct DefaultViewModelInfo: Sendable, Hashable {
    /// The view model's name.
    public var viewModelName: String
    /// The name `.viewModelDefault(from: .artboardDefault(artboard))` gives its instance.
    public var instanceName: String

    /// Creates the description.
    public init(viewModelName: String, instanceName: String) {
        self.viewModelName = viewModelName
        self.instanceName = instanceName
    }
}
