import RiveFormat

/// The current values of an artboard's (or a state machine's) bindable object properties.
///
/// A value is addressed by the object's id (artboard-local for components, the document
/// object index for state-machine bindables) and a property key. Until something writes a
/// property, it reads as the object's authored value or the schema default. Every real write
/// bumps the property's revision, which is how two-way binds see target-side changes; the
/// scene, animations and listeners of part 2 write through the same store.
final class PropertyStore {
    /// One property of one object.
    struct Key: Hashable {
        let object: Int
        let property: UInt32
    }

    private let authoredObject: (Int) -> RiveObject?
    private var written: [Key: RivePropertyValue] = [:]
    private var revisions: [Key: UInt64] = [:]

    /// Creates a store whose unwritten values come from `authoredObject(id)`.
    init(authoredObject: @escaping (Int) -> RiveObject?) {
        self.authoredObject = authoredObject
    }

    /// The current value, or `nil` when the object does not exist or lacks the property.
    func value(_ key: Key) -> RivePropertyValue? {
        if let value = written[key] { return value }
        guard let object = authoredObject(key.object), RiveSchema.type(object.typeKey, hasProperty: key.property) else { return nil }
        return object.value(key.property)
    }

    /// The revision of a property: 0 until its first real change.
    func revision(_ key: Key) -> UInt64 { revisions[key] ?? 0 }

    /// Writes a value; an equal value is no change. Returns whether it changed.
    @discardableResult
    func set(_ key: Key, to value: RivePropertyValue) -> Bool {
        guard self.value(key) != value else { return false }
        written[key] = value
        revisions[key, default: 0] &+= 1
        return true
    }
}
