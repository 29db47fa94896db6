/// Where a file's bytes come from.
///
/// The Apple runtime's `Source` also loads from a bundle or a URL; a harness has the bytes
/// or a path, so those two are what adapters translate.
public enum FileSource: Sendable, Hashable {
    /// The bytes of a `.riv` file.
    case data([UInt8])
    /// A path on the local file system.
    case path(String)
}

/// Which view model an instance is created from.
public enum ViewModelSource: Sendable {
    /// The view model the file assigns to an artboard.
    case artboardDefault(any Artboard)
    /// The first view model with this name.
    case name(String)
}

/// How `File.createViewModelInstance(_:)` fills a new instance.
public enum ViewModelInstanceSource: Sendable {
    /// Type defaults for every property; the instance name is `""`.
    case blank(from: ViewModelSource)
    /// A copy of the view model's default (first) instance with its authored name, or a blank instance named `""` when it has none (SRC-2).
    case viewModelDefault(from: ViewModelSource)
    /// A copy of the authored instance with this name.
    case name(String, from: ViewModelSource)
}

/// What `Artboard.createStateMachine(_:binding:)` binds.
public enum DataBind: Sendable {
    /// The file's authored default instances: the artboard's view model and every global.
    case auto
    /// This instance as the main instance; globals get their authored defaults.
    case instance(any ViewModelInstance)
    /// Nothing; bind later with `bindViewModelInstances(main:globals:)`.
    case none
}

/// One global view-model binding: the global view model's name and the instance for its slot.
///
/// Calls take an ordered list of these, so a duplicate name can be expressed (and rejected).
public struct GlobalBinding: Sendable {
    /// The global view model's name, case-sensitive.
    public var name: String
    /// The instance to bind in that slot; its view model is not checked.
    public var instance: any ViewModelInstance

    /// Creates a binding.
    public init(_ name: String, _ instance: any ViewModelInstance) {
        self.name = name
        self.instance = instance
    }
}
