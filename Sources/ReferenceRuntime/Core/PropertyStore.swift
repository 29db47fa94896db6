import RiveFormat

/// The current values of an artboard's (or a state machine's) bindable object properties.
///
/// A value is addressed by the object's id (artboard-local for components, the document
/// object index for state-machine bindables) and a property key. Until something writes a
/// property, it reads as the object's authored value or the schema default. Every real write
/// bumps the property's revision, which is how two-way binds see target-side changes; the
/// scene reads the store, and animations and listeners write through it like the binds.
///
/// Values live in one small slot list per object, indexed by the object's id: the first read
/// of a property resolves its authored value once and keeps it in a slot, and later reads and
/// writes find the slot by a short scan of the object's few keys, without hashing or
/// re-reading the document. Changed objects are kept in a flat list with one flag per object.
final class PropertyStore {
    /// One property of one object.
    struct Key: Hashable {
        let object: Int
        let property: UInt32
    }

    /// One property's current value and revision.
    private struct Slot {
        let property: UInt32
        /// `nil` while the object lacks the property and nothing wrote it.
        var value: RivePropertyValue?
        var revision: UInt64 = 0
    }

    private let authoredObject: (Int) -> RiveObject?
    // Exclusivity of `slots`, `isChanged`, `changedList` and `changeCount` is enforced
    // statically only. Every modifying access to them is inside one of the store's own
    // methods and none of those calls out (to a closure, a delegate or another object) while
    // it holds one: `value`/`set` call `authoredObject` and `computedValue` before touching
    // them, and the loop of `takeChangedObjects(_:)` reads the list once and iterates that
    // value (the scene's closure it calls never writes the store). So no access can
    // overlap another, which is what the dynamic check would catch; it cost about 80
    // instructions per write, a third of a bind's apply (docs/reference-runtime.md).

    /// The slots of each existing object, by id (grown as objects are first touched).
    @exclusivity(unchecked)
    private var slots: [[Slot]] = []
    /// Whether an object is in `changedList`, by id (same length as `slots`).
    @exclusivity(unchecked)
    private var isChanged: [Bool] = []
    /// Properties written on ids that name no object (kept so they read back as written).
    private var strays: [Key: Slot] = [:]
    /// The objects whose properties changed since the scene last took them, each once.
    @exclusivity(unchecked)
    private var changedList: [Int] = []
    /// How many real changes the store has seen; a view compares it to know whether to redraw.
    @exclusivity(unchecked)
    private(set) var changeCount: UInt64 = 0
    /// Properties whose changes the real runtime's scene does not see, by object (an empty
    /// list: every property of the object); see LayoutComponents.swift. Filled while the
    /// artboard is set up and read by every real change (`noteChange`, which calls nothing
    /// while it reads), so its exclusivity is enforced statically only.
    @exclusivity(unchecked)
    var inertProperties: [Int: [UInt32]] = [:]
    /// How many of `changeCount`'s changes were to `inertProperties`.
    @exclusivity(unchecked)
    private(set) var inertChangeCount: UInt64 = 0

    /// Creates a store whose unwritten values come from `authoredObject(id)`.
    init(authoredObject: @escaping (Int) -> RiveObject?) {
        self.authoredObject = authoredObject
    }

    /// A solo's selectable children (artboard-local id and name, in child order), set by the
    /// artboard once its scene exists; binds select the active child through it.
    var soloMembers: ((Int) -> [(id: Int, name: String)]?)?

    /// The store that holds the values data binds give keyframes (the playing state machine's
    /// bind store, keyed by keyframe document index), set by that state machine before its
    /// layers apply (KeyFrameKinds.swift).
    var boundKeyFrameValues: PropertyStore?

    /// Reads a node's computed value (`computedWorldX` and the like), which no one writes; set
    /// by the artboard once its scene exists.
    var computedValue: ((Key) -> RivePropertyValue?)?

    /// The property keys of upstream's computed node values (`Node::computedLocalX`…
    /// `computedRootY`): read-only, derived from the transforms, polled by binds every update.
    static let computedKeys: Set<UInt32> = [
        RivePropertyKey.nodeComputedLocalX, RivePropertyKey.nodeComputedLocalY, RivePropertyKey.nodeComputedWorldX,
        RivePropertyKey.nodeComputedWorldY, RivePropertyKey.nodeComputedRootX, RivePropertyKey.nodeComputedRootY,
    ]

    /// Whether `property` is one of `computedKeys` (a switch: no hashing on every read).
    @inline(__always)
    static func isComputed(_ property: UInt32) -> Bool {
        switch property {
        case RivePropertyKey.nodeComputedLocalX, RivePropertyKey.nodeComputedLocalY, RivePropertyKey.nodeComputedWorldX,
             RivePropertyKey.nodeComputedWorldY, RivePropertyKey.nodeComputedRootX, RivePropertyKey.nodeComputedRootY:
            true
        default: false
        }
    }

    /// The bit offset of a `ColorChannels` key within the host color (red 16, green 8, blue 0,
    /// alpha 24), or `nil` for other keys.
    @inline(__always)
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

    /// Where a key's slot is: in `slots[object][index]`, or among the strays.
    private enum Location {
        case slot(index: Int)
        case stray
    }

    /// The index of an existing slot of `property` in `slots[object]`.
    @inline(__always)
    private func slotIndex(_ object: Int, _ property: UInt32) -> Int? {
        guard object >= 0, object < slots.count else { return nil }
        var index = 0
        let count = slots[object].count
        while index < count {
            if slots[object][index].property == property { return index }
            index += 1
        }
        return nil
    }

    /// Finds the slot of a key, creating it from the authored object on first use.
    private func locate(_ key: Key) -> Location {
        if let index = slotIndex(key.object, key.property) { return .slot(index: index) }
        return createSlot(key)
    }

    private func createSlot(_ key: Key) -> Location {
        let object = key.object
        guard object >= 0, let authored = authoredObject(object) else { return .stray }
        if object >= slots.count {
            slots.append(contentsOf: repeatElement([], count: object + 1 - slots.count))
            isChanged.append(contentsOf: repeatElement(false, count: object + 1 - isChanged.count))
        }
        let value = RiveSchema.type(authored.typeKey, hasProperty: key.property) ? authored.value(key.property) : nil
        slots[object].append(Slot(property: key.property, value: value))
        return .slot(index: slots[object].count - 1)
    }

    /// The current value, or `nil` when the object does not exist or lacks the property.
    ///
    /// A color channel (`colorRed`…`colorAlpha`) reads as that byte of its host color;
    /// computed node values come from `computedValue`.
    func value(_ key: Key) -> RivePropertyValue? {
        if let shift = Self.channelShift(key.property) {
            guard let host = hostColorKey(key.object), let color = value(host)?.colorValue else { return nil }
            return .uint(UInt64(color >> shift & 0xFF))
        }
        if Self.isComputed(key.property) { return computedValue?(key) }
        switch locate(key) {
        case .slot(let index): return slots[key.object][index].value
        case .stray: return strays[key]?.value
        }
    }

    /// The revision of a property: 0 until its first real change. A color channel shares its
    /// host color's revision.
    func revision(_ key: Key) -> UInt64 {
        if Self.channelShift(key.property) != nil, let host = hostColorKey(key.object) { return revision(host) }
        switch locate(key) {
        case .slot(let index): return slots[key.object][index].revision
        case .stray: return strays[key]?.revision ?? 0
        }
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
        if Self.isComputed(key.property) { return false }
        switch locate(key) {
        case .slot(let index):
            return write(value, object: key.object, slot: index)
        case .stray:
            guard strays[key]?.value != value else { return false }
            strays[key, default: Slot(property: key.property)].value = value
            strays[key]?.revision &+= 1
            if !changedList.contains(key.object) { changedList.append(key.object) }
        }
        changeCount &+= 1
        return true
    }

    /// Writes a value into an existing slot; an equal value is no change.
    @inline(__always)
    private func write(_ value: RivePropertyValue, object: Int, slot index: Int) -> Bool {
        guard slots[object][index].value != value else { return false }
        slots[object][index].value = value
        noteChange(object: object, slot: index)
        return true
    }

    /// Counts a real change of a slot's value: its revision, the object's changed flag, the store's count.
    @inline(__always)
    private func noteChange(object: Int, slot index: Int) {
        slots[object][index].revision &+= 1
        if !isChanged[object] {
            isChanged[object] = true
            changedList.append(object)
        }
        changeCount &+= 1
        if !inertProperties.isEmpty, let inert = inertProperties[object], inert.isEmpty || inert.contains(slots[object][index].property) {
            inertChangeCount &+= 1
        }
    }

    // MARK: Handles

    /// A property's place in the store, found once with `handle(_:)`: reads and writes
    /// through it go straight to the property's slot, without searching the object's slots.
    /// Color channels, computed values and properties of ids that name no object have no slot
    /// and go through their key as before.
    struct Handle {
        let key: Key
        /// The index in the object's slot list, or -1 for a key without a slot.
        fileprivate let slot: Int
    }

    /// The handle of a key (creating its slot from the authored object on first use). A slot
    /// never moves once created, so a handle stays valid for the store's lifetime.
    func handle(_ key: Key) -> Handle {
        if Self.channelShift(key.property) != nil || Self.isComputed(key.property) { return Handle(key: key, slot: -1) }
        switch locate(key) {
        case .slot(let index): return Handle(key: key, slot: index)
        case .stray: return Handle(key: key, slot: -1)
        }
    }

    /// The current value at a handle (as `value(_:)` for its key).
    @inline(__always)
    func value(_ handle: Handle) -> RivePropertyValue? {
        handle.slot >= 0 ? slots[handle.key.object][handle.slot].value : value(handle.key)
    }

    /// The revision at a handle (as `revision(_:)` for its key).
    @inline(__always)
    func revision(_ handle: Handle) -> UInt64 {
        handle.slot >= 0 ? slots[handle.key.object][handle.slot].revision : revision(handle.key)
    }

    /// Writes a number at a handle whose slot holds a float, compared and written in place
    /// (`set` copies whole values in and out); returns whether it changed, or `nil` when the
    /// slot holds no float, for the caller to take the general path. Equality is by bit
    /// pattern, as `RivePropertyValue`'s.
    func setFloat(_ handle: Handle, to number: Float) -> Bool? {
        guard handle.slot >= 0, case .float(let old)? = slots[handle.key.object][handle.slot].value else { return nil }
        guard old.bitPattern != number.bitPattern else { return false }
        slots[handle.key.object][handle.slot].value = .float(number)
        noteChange(object: handle.key.object, slot: handle.slot)
        return true
    }

    /// Writes a value at a handle (as `set(_:to:)` for its key); returns whether it changed.
    @discardableResult
    func set(_ handle: Handle, to value: RivePropertyValue) -> Bool {
        handle.slot >= 0 ? write(value, object: handle.key.object, slot: handle.slot) : set(handle.key, to: value)
    }

    /// The objects whose properties changed since the last call, which the scene uses to
    /// update only what depends on them.
    func takeChangedObjects() -> Set<Int> {
        guard !changedList.isEmpty else { return [] }
        defer { clearChanged() }
        return Set(changedList)
    }

    /// Whether any object's properties changed since the last take.
    var hasChangedObjects: Bool { !changedList.isEmpty }

    /// Calls `body` with each object whose properties changed since the last take, in the
    /// order they first changed, and clears the list (no allocation).
    func takeChangedObjects(_ body: (Int) -> Void) {
        guard !changedList.isEmpty else { return }
        for object in changedList { body(object) }
        clearChanged()
    }

    private func clearChanged() {
        for object in changedList where object >= 0 && object < isChanged.count { isChanged[object] = false }
        changedList.removeAll(keepingCapacity: true)
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

    /// The current value at a handle as a number (as `double(_:_:_:)`), or `fallback`.
    func double(_ handle: Handle, _ fallback: Double) -> Double {
        switch value(handle) {
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
