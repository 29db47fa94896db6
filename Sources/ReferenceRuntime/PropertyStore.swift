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

    /// A solo's selectable children (artboard-local id and name, in child order), set by the
    /// artboard once its scene exists; binds select the active child through it.
    var soloMembers: ((Int) -> [(id: Int, name: String)]?)?

    /// Reads a node's computed value (`computedWorldX` and the like), which no one writes; set
    /// by the artboard once its scene exists.
    var computedValue: ((Key) -> RivePropertyValue?)?

    /// The property keys of upstream's computed node values (`Node::computedLocalX`…
    /// `computedRootY`): read-only, derived from the transforms, polled by binds every update.
    static let computedKeys: Set<UInt32> = [
        RivePropertyKey.nodeComputedLocalX, RivePropertyKey.nodeComputedLocalY, RivePropertyKey.nodeComputedWorldX,
        RivePropertyKey.nodeComputedWorldY, RivePropertyKey.nodeComputedRootX, RivePropertyKey.nodeComputedRootY,
    ]

    /// The bit offset of a `ColorChannels` key within the host color (red 16, green 8, blue 0,
    /// alpha 24), or `nil` for other keys.
    private static func channelShift(_ property: UInt32) -> UInt32? {
        switch property {
        case RivePropertyKey.colorChannelsColorRed: 16
        case RivePropertyKey.colorChannelsColorGreen: 8
        case RivePropertyKey.colorChannelsColorBlue: 0
        case RivePropertyKey.colorChannelsColorAlpha: 24
        default: nil
        }
    }

    /// The color a `ColorChannels` object's channels are a view of (`passthroughForBitmask`).
    private func hostColorKey(_ object: Int) -> Key? {
        guard let authored = authoredObject(object) else { return nil }
        if RiveSchema.type(authored.typeKey, hasProperty: RivePropertyKey.solidColorColorValue) {
            return Key(object: object, property: RivePropertyKey.solidColorColorValue)
        }
        if RiveSchema.type(authored.typeKey, hasProperty: RivePropertyKey.gradientStopColorValue) {
            return Key(object: object, property: RivePropertyKey.gradientStopColorValue)
        }
        return nil
    }

    /// The current value, or `nil` when the object does not exist or lacks the property.
    ///
    /// A color channel (`colorRed`…`colorAlpha`) reads as that byte of its host color;
    /// computed node values come from `computedValue`.
    func value(_ key: Key) -> RivePropertyValue? {
        if let value = written[key] { return value }
        if let shift = Self.channelShift(key.property) {
            guard let host = hostColorKey(key.object), let color = value(host)?.colorValue else { return nil }
            return .uint(UInt64(color >> shift & 0xFF))
        }
        if Self.computedKeys.contains(key.property) { return computedValue?(key) }
        guard let object = authoredObject(key.object), RiveSchema.type(object.typeKey, hasProperty: key.property) else { return nil }
        return object.value(key.property)
    }

    /// The revision of a property: 0 until its first real change. A color channel shares its
    /// host color's revision.
    func revision(_ key: Key) -> UInt64 {
        if Self.channelShift(key.property) != nil, let host = hostColorKey(key.object) { return revisions[host] ?? 0 }
        return revisions[key] ?? 0
    }

    /// Writes a value; an equal value is no change. Returns whether it changed.
    ///
    /// Writing a color channel (0-255, clamped) replaces that byte of the host color; computed
    /// node values cannot be written.
    @discardableResult
    func set(_ key: Key, to value: RivePropertyValue) -> Bool {
        if let shift = Self.channelShift(key.property) {
            guard let host = hostColorKey(key.object), let color = self.value(host)?.colorValue, let channel = value.uintValue else { return false }
            let byte = UInt32(min(channel, 255))
            return set(host, to: .color(color & ~(0xFF << shift) | byte << shift))
        }
        if Self.computedKeys.contains(key.property) { return false }
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
