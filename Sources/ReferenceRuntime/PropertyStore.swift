import RiveFormat

/// The current values of an artboard's (or a state machine's) bindable object properties.
///
/// A value is addressed by the object's id (artboard-local for components, the document
/// object index for state-machine bindables) and a property key. Until something writes a
/// property, it reads as the object's authored value or the schema default. Every real write
/// bumps the property's revision, which is how two-way binds see target-side changes; the
/// scene reads the store, and animations and listeners write through it like the binds.
final class PropertyStore {
    /// One property of one object.
    struct Key: Hashable {
        let object: Int
        let property: UInt32
    }

    private let authoredObject: (Int) -> RiveObject?
    private var written: [Key: RivePropertyValue] = [:]
    private var revisions: [Key: UInt64] = [:]
    /// The objects whose properties changed since the scene last took them.
    private var changedObjects: Set<Int> = []
    /// How many real changes the store has seen; a view compares it to know whether to redraw.
    private(set) var changeCount: UInt64 = 0

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
        changedObjects.insert(key.object)
        changeCount &+= 1
        return true
    }

    /// The objects whose properties changed since the last call, which the scene uses to
    /// update only what depends on them.
    func takeChangedObjects() -> Set<Int> {
        defer { changedObjects.removeAll(keepingCapacity: true) }
        return changedObjects
    }

    /// The current value as a number (floats, and unsigned or signed integers), or `fallback`.
    func double(_ object: Int, _ property: UInt32, _ fallback: Double = 0) -> Double {
        switch value(Key(object: object, property: property)) {
        case .float(let v)?: Double(v)
        case .uint(let v)?: Double(v)
        case .int(let v)?: Double(v)
        default: fallback
        }
    }

    /// The current value as a boolean, or `fallback`.
    func bool(_ object: Int, _ property: UInt32, _ fallback: Bool) -> Bool {
        value(Key(object: object, property: property))?.boolValue ?? fallback
    }

    /// The current value as an unsigned integer, or `fallback`.
    func uint(_ object: Int, _ property: UInt32, _ fallback: UInt64) -> UInt64 {
        value(Key(object: object, property: property))?.uintValue ?? fallback
    }

    /// The current value as an ARGB color, or `fallback`.
    func color(_ object: Int, _ property: UInt32, _ fallback: UInt32) -> UInt32 {
        value(Key(object: object, property: property))?.colorValue ?? fallback
    }
}
