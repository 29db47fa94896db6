import RiveFormat
import RuntimeAPI

/// The data context of a state machine: a main instance and one slot per global view model.
///
/// Binds search its instances in the canonical order [main, globals by ascending slot key]
/// (riv-format-and-binding.md §3.3), whatever order they were bound in.
struct DataContext {
    var main: InstanceNode?
    /// Global instances by slot key (the global view model's file index).
    var globals: [Int: InstanceNode] = [:]
    /// The parent context's instances, searched after this context's own (a nested artboard
    /// bound to an instance of its host's context keeps the host's context as its parent).
    var inherited: [InstanceNode] = []

    /// The instances in resolution order.
    var ordered: [InstanceNode] {
        (main.map { [$0] } ?? []) + globals.keys.sorted().compactMap { globals[$0] } + inherited
    }
}

/// One data bind of a file, live: its resolved source and what it has applied.
final class LiveBind {
    let definition: FileModel.Bind
    /// The resolved source. Only read and assigned whole (a reference), so its exclusivity is
    /// enforced statically only: conditions read it for every view-model condition.
    @exclusivity(unchecked)
    private(set) var source: ValueNode?
    private var appliedSourceRevision: UInt64 = 0
    private var appliedTargetRevision: UInt64 = 0
    private var pendingToTarget = false
    private var pendingToSource = false

    /// Whether the target is a computed node value, which has no revision and is polled.
    let pollsComputedValue: Bool
    /// The bind's own interpolator converter state (upstream clones converters per bind).
    /// Advanced in place every frame, so its exclusivity is enforced statically only: its
    /// advance is plain arithmetic on the state and calls out to nothing.
    @exclusivity(unchecked)
    private var interpolator: InterpolatorState?
    /// The source of the bind on the interpolator's own `duration`, resolved in this bind's
    /// context (upstream's `DataConverter::bindFromContext` binds a converter's binds to the
    /// context of the bind that uses it); `nil` when it has none or it does not resolve.
    private var durationSource: ValueNode?

    /// Whether binding pushes the target's value to the source (target-to-source binds);
    /// `false` for one that waits for the target to change.
    private let pushesWhenBound: Bool

    init(_ definition: FileModel.Bind, pushesWhenBound: Bool = true) {
        self.definition = definition
        self.pushesWhenBound = pushesWhenBound
        pollsComputedValue = PropertyStore.isComputed(definition.propertyKey)
            && (definition.flags & DataBindFlags.twoWay != 0 || definition.flags & DataBindFlags.toSource != 0)
        if case .interpolator(let duration, let ease, _)? = definition.converter {
            interpolator = InterpolatorState(duration: duration, ease: ease)
        }
    }

    /// Writes the bound duration, if any, into the interpolator: a number source sets it, as
    /// the converter's own bind does upstream before the converter next runs.
    private func applyConverterBinds() {
        guard let durationSource, interpolator != nil, case .number(let seconds) = durationSource.value else { return }
        interpolator!.duration = seconds
    }

    /// Whether the bind animates through an interpolator converter.
    var hasInterpolator: Bool { interpolator != nil }

    /// Advances the bind's interpolator (upstream's `DataBind::advance`, for a bound bind);
    /// returns whether it needs more frames and whether its value moved, in which case the
    /// bind applies again.
    func advanceConverter(by seconds: Float) -> (keepGoing: Bool, changed: Bool) {
        guard source != nil, interpolator != nil else { return (false, false) }
        applyConverterBinds()
        let (keepGoing, changed) = interpolator!.advance(by: seconds)
        if changed, toTarget { pendingToTarget = true }
        return (keepGoing, changed && toTarget)
    }

    private var flags: UInt64 { definition.flags }
    var toTarget: Bool { flags & DataBindFlags.twoWay != 0 || flags & DataBindFlags.toSource == 0 }
    var toSource: Bool { flags & DataBindFlags.twoWay != 0 || flags & DataBindFlags.toSource != 0 }
    private var key: PropertyStore.Key { PropertyStore.Key(object: definition.target, property: definition.propertyKey) }
    /// The target's place in the store (found on the first update; a bind set has one store).
    private var place: PropertyStore.Handle?

    /// The target's handle in `store`, found once.
    private func handle(_ store: PropertyStore) -> PropertyStore.Handle {
        if let place { return place }
        let found = store.handle(key)
        place = found
        return found
    }

    /// Resolves the source in a context. After a new binding (`reconcileAll`) or when the
    /// source changed, both directions are marked for reconciliation, as a bind does
    /// upstream; a bind with no source is unbound and its target keeps its value.
    ///
    /// Upstream also re-marks binds whose source did not change when a nested instance is
    /// replaced anywhere above them; the reference runtime does not, so an unrelated
    /// replacement never pushes a two-way bind's target back into its source.
    func bind(in context: DataContext, resolver: PathResolver, reconcileAll: Bool) {
        let previous = source
        source = resolve(definition.source, in: context, resolver: resolver)
        if case .interpolator(_, _, let path?)? = definition.converter {
            durationSource = resolve(path, in: context, resolver: resolver)
        }
        guard reconcileAll || source !== previous else { return }
        interpolator?.reset()
        pendingToTarget = source != nil && toTarget
        pendingToSource = source != nil && toSource && pushesWhenBound
    }

    /// The first instance of a context, in resolution order, where a path resolves.
    private func resolve(_ path: FileModel.SourcePath, in context: DataContext, resolver: PathResolver) -> ValueNode? {
        for instance in context.ordered {
            let found: ValueNode? = switch path {
            case .ids(let ids): resolver.resolve(ids: ids, in: instance)
            case .names(let names): resolver.resolve(names: names, in: instance)
            }
            if let found { return found }
        }
        return nil
    }

    /// Unbinds: the target keeps its last value.
    func unbind() {
        source = nil
        durationSource = nil
        pendingToTarget = false
        pendingToSource = false
    }

    /// Applies the bind in both directions as needed; returns whether it changed the target
    /// or the source.
    ///
    /// Source → target runs when the source changed since the bind last applied it (not for
    /// Once binds) or after a (re)bind; target → source when the target changed since the
    /// bind last wrote or read it. By default target → source runs first; the
    /// `sourceToTargetRunsFirst` flag reverses that.
    func update(store: PropertyStore) -> Bool {
        // Unretained: this bind holds its source, and nothing an update calls rebinds it.
        guard let source = source.map(Unmanaged.passUnretained) else { return false }
        return source.borrow { update(source: $0, store: store) }
    }

    private func update(source: ValueNode, store: PropertyStore) -> Bool {
        if toTarget, flags & DataBindFlags.once == 0, source.revision != appliedSourceRevision { pendingToTarget = true }
        // Computed node values (world and local positions) have no revisions: upstream polls
        // them on every update, and so does this (an equal value is no change to the source).
        if toSource, pollsComputedValue || store.revision(handle(store)) != appliedTargetRevision {
            pendingToSource = true
        }
        if flags & DataBindFlags.sourceToTargetRunsFirst != 0 {
            let targetChanged = applyToTarget(source, store)
            return applyToSource(source, store) || targetChanged
        }
        let sourceChanged = applyToSource(source, store)
        return applyToTarget(source, store) || sourceChanged
    }

    private func applyToTarget(_ source: ValueNode, _ store: PropertyStore) -> Bool {
        guard pendingToTarget else { return false }
        pendingToTarget = false
        appliedSourceRevision = source.revision
        let place = handle(store)
        // The common case, a number into a float property with no converter, compared and
        // written in place (what the general path below does, without copying values).
        if definition.converter == nil, case .number(let number) = source.value, let changed = store.setFloat(place, to: number) {
            appliedTargetRevision = store.revision(place)
            return changed
        }
        guard let current = store.value(place), let value = convertedForTarget(source) else { return false }
        if definition.propertyKey == RivePropertyKey.soloActiveComponentId, let members = store.soloMembers?(definition.target) {
            // Upstream's Solo::updateByIndex / updateByName: a number picks the child at that
            // index, a string the child with that name, an enum the child named by its value.
            guard let chosen = Self.soloChoice(value, members: members, enumNames: source.enumNames) else { return false }
            let changed = store.set(place, to: .uint(UInt64(chosen)))
            appliedTargetRevision = store.revision(place)
            return changed
        }
        guard let converted = Self.targetValue(value, like: current) else { return false }
        let changed = store.set(place, to: converted)
        appliedTargetRevision = store.revision(place)
        return changed
    }

    private func applyToSource(_ source: ValueNode, _ store: PropertyStore) -> Bool {
        guard pendingToSource else { return false }
        pendingToSource = false
        let place = handle(store)
        appliedTargetRevision = store.revision(place)
        guard let target = store.value(place) else { return false }
        let before = source.revision
        if definition.propertyKey == RivePropertyKey.soloActiveComponentId, let members = store.soloMembers?(definition.target) {
            // Upstream reads a solo back as its active child's index (numbers) or name (strings).
            guard case .uint(let active) = target, let index = members.firstIndex(where: { UInt64($0.id) == active }) else {
                appliedSourceRevision = source.revision
                return false
            }
            switch source.dataType {
            case .number: source.set(.number(Float(index)))
            case .string: source.set(.string(members[index].name))
            default: break
            }
        } else if let converter = definition.converter {
            // Upstream's `calculateValueAndApply`: the target value through the converter
            // (forwards for a toSource bind, backwards for a two-way one), applied only when it
            // comes out as the source's kind.
            let input = ConverterValue(target)
            let output = flags & DataBindFlags.toSource != 0
                ? converter.convert(input, bindToSource: true) : converter.reverseConvert(input, bindToSource: false)
            if output.dataType == source.dataType, let value = output.runtimeValue {
                if source.dataType == .trigger {
                    if case .trigger(let counter) = value, counter != 0 { source.fire() }
                } else {
                    source.set(value)
                }
            }
        } else if source.dataType == .trigger {
            if case .uint(let counter) = target, counter != 0, store.revision(place) != 0 { source.fire() }
        } else if let converted = Self.sourceValue(target, for: source) {
            source.set(converted)
        }
        appliedSourceRevision = source.revision
        return source.revision != before
    }

    /// The source's value on its way to the target, through the bind's converter when it has
    /// one: forwards when the bind's main direction is source → target, backwards otherwise
    /// (a two-way bind whose main direction is toSource). As upstream's `calculateValue`, a
    /// result of another kind than the bind's output kind (the converter's, or the source's
    /// when the converter passes its input's kind through) gives that kind's default value.
    private func convertedForTarget(_ source: ValueNode) -> RuntimeValue? {
        guard let converter = definition.converter else { return source.value }
        let input = ConverterValue(source.value, enumKeys: source.enumKeys)
        if interpolator != nil {
            applyConverterBinds()
            return interpolator!.convert(input).runtimeValue
        }
        let outputKind = converter.outputType ?? source.dataType
        let output = flags & DataBindFlags.toSource == 0
            ? converter.convert(input, bindToSource: false) : converter.reverseConvert(input, bindToSource: true)
        return (output.dataType == outputKind ? output : ConverterValue.defaultValue(of: outputKind)).runtimeValue
    }

    /// The artboard-local id of the solo child a value selects, or `nil` when it selects none
    /// (an index out of range or negative, a name no child has).
    static func soloChoice(_ value: RuntimeValue, members: [(id: Int, name: String)], enumNames: [String]?) -> Int? {
        switch value {
        case .number(let v):
            let index = v.rounded(.toNearestOrAwayFromZero)
            guard index.isFinite, index >= 0, index < Float(members.count) else { return nil }
            return members[Int(index)].id
        case .string(let name):
            return members.first { $0.name == name }?.id
        case .enumIndex(let index):
            guard let enumNames, enumNames.indices.contains(index) else { return nil }
            return members.first { $0.name == enumNames[index] }?.id
        default:
            return nil
        }
    }

    /// Converts a view-model value to the kind of the target property
    /// (riv-format-and-binding.md §3.5): numbers round and clamp for unsigned targets,
    /// enums and triggers write their index or counter.
    static func targetValue(_ value: RuntimeValue, like current: RivePropertyValue) -> RivePropertyValue? {
        switch (value, current) {
        case (.number(let v), .float): .float(v)
        case (.number(let v), .uint): .uint(v.isFinite ? UInt64(max(0, v.rounded())) : 0)
        case (.number(let v), .int): .int(v.isFinite ? Int64(v.rounded()) : 0)
        case (.string(let v), .string): .string(v)
        case (.bool(let v), .bool): .bool(v)
        case (.color(let v), .color): .color(v)
        case (.enumIndex(let v), .uint): .uint(UInt64(max(0, v)))
        case (.trigger(let v), .uint): .uint(UInt64(v))
        case (.artboard(let file, let assigned), .uint):
            .uint(file.map { UInt64($0) } ?? (assigned as? ReferenceArtboard)?.assignmentToken ?? (assigned == nil ? NestedArtboardHost.noArtboard : NestedArtboardHost.unresolvedArtboard))
        default: nil
        }
    }

    /// Converts a target property's value back to the source's kind, or `nil` when the kinds
    /// do not meet (the source then keeps its value).
    static func sourceValue(_ value: RivePropertyValue, for source: ValueNode) -> RuntimeValue? {
        switch (source.dataType, value) {
        case (.number, .float(let v)): .number(v)
        case (.number, .uint(let v)): .number(Float(v))
        case (.number, .int(let v)): .number(Float(v))
        case (.string, .string(let v)): .string(v)
        case (.boolean, .bool(let v)): .bool(v)
        case (.color, .color(let v)): .color(v)
        case (.enumType, .uint(let v)): .enumIndex(Int(min(v, UInt64(Int32.max))))
        default: nil
        }
    }
}

/// The binds of one artboard or state machine with the store they write.
final class BindSet {
    let store: PropertyStore
    /// The binds in update order: those that write to the source first, as upstream sorts them.
    private let binds: [LiveBind]

    /// Binds that are resolved but never applied: those of listener actions' bindable
    /// properties, whose value reaches the view model only when the listener performs.
    private let performedBinds: [LiveBind]

    /// The distinct sources of the applied binds, found when they resolve.
    private var sources: [ValueNode] = []
    /// The store's change count and the sum of the sources' revisions after the last update
    /// in which no bind had anything to do and nothing changed; `nil` until there is one.
    ///
    /// A bind's update depends only on its source's revision, its target's revision and what
    /// its last update or (re)bind left pending, so while the store and every source are as
    /// they were then, another update would again do nothing and is skipped. A bind whose
    /// result depended on anything else (time, for example) would have to clear this.
    private var settledState: (changeCount: UInt64, sourceRevisions: UInt64)?
    /// Whether a bind writes a computed node value (a world position, say) to its source.
    /// Those values change with the transforms, which the scene updates after the binds, with
    /// no store change or revision to see, so such a set is never skipped (upstream polls
    /// them on every update too).
    private let pollsComputedValues: Bool

    /// How many binds at the front of `binds` write to their source; an update checks each
    /// of them (their targets may have changed). The binds after them only write targets.
    private let toSourceCount: Int
    /// The target-only binds of each source in `sources`, as positions in `binds` (ascending).
    /// Such a bind has work only when its source's revision moved since it applied it, or
    /// when a rebind or a collapsed target left it pending, so an update visits only the
    /// groups whose source moved or that may have work left.
    ///
    /// Stored flat (each group a range of `groupPositions`): collecting a group's binds is
    /// one copy of a slice of plain numbers.
    @exclusivity(unchecked)
    private var groupRanges: [Range<Int>] = []
    @exclusivity(unchecked)
    private var groupPositions: [Int] = []
    /// Per group: the source revision its binds were all applied at, or `nil` while one of
    /// them may have work left (after a rebind, or when one was skipped as collapsed).
    /// Read and written around converter advances every frame, so its exclusivity is enforced
    /// statically only: every write is a subscript assignment of a value known beforehand.
    @exclusivity(unchecked)
    private var appliedGroupRevisions: [UInt64?] = []
    /// The group of each bind position, -1 for binds in no group (toSource or unbound).
    /// Written only when the binds are grouped (element assignments of known values), so its
    /// exclusivity is enforced statically only.
    @exclusivity(unchecked)
    private var groupOfPosition: [Int] = []
    /// Work lists of `update()`, kept for their storage: positions to visit, and the groups
    /// visited with the revision their source had. `update()` moves each into a local at its
    /// start and back at its end (whole assignments, nothing called in between holds them),
    /// so their exclusivity is enforced statically only.
    @exclusivity(unchecked)
    private var visiting: [Int] = []
    @exclusivity(unchecked)
    private var visitedGroups: [(group: Int, revision: UInt64, complete: Bool)] = []

    /// Creates the binds; those targeting `performedTargets` are only resolved, never applied,
    /// and those targeting `quietTargets` push their target to the source only once it changed.
    init(_ definitions: [FileModel.Bind], store: PropertyStore, performedTargets: Set<Int> = [], quietTargets: Set<Int> = []) {
        self.store = store
        let live = definitions.filter { !performedTargets.contains($0.target) }.map { LiveBind($0, pushesWhenBound: !quietTargets.contains($0.target)) }
        let toSource = live.filter(\.toSource)
        let ordered = toSource + live.filter { !$0.toSource }
        binds = ordered
        toSourceCount = toSource.count
        performedBinds = definitions.filter { performedTargets.contains($0.target) }.map { LiveBind($0) }
        pollsComputedValues = ordered.contains(where: \.pollsComputedValue)
        interpolatingPositions = ordered.indices.filter { ordered[$0].hasInterpolator }
    }

    /// Resolves every bind's source in a context, or unbinds all of them for `nil`.
    func bind(_ context: DataContext?, resolver: PathResolver, reconcileAll: Bool) {
        for bind in binds + performedBinds {
            if let context { bind.bind(in: context, resolver: resolver, reconcileAll: reconcileAll) } else { bind.unbind() }
        }
        var seen: Set<ObjectIdentifier> = []
        sources = binds.compactMap(\.source).filter { seen.insert(ObjectIdentifier($0)).inserted }
        settledState = nil
        var groupOfSource: [ObjectIdentifier: Int] = [:]
        for (group, source) in sources.enumerated() { groupOfSource[ObjectIdentifier(source)] = group }
        var groups = Array(repeating: [Int](), count: sources.count)
        groupOfPosition = Array(repeating: -1, count: binds.count)
        for position in toSourceCount..<binds.count {
            guard let source = binds[position].source, let group = groupOfSource[ObjectIdentifier(source)] else { continue }
            groups[group].append(position)
            groupOfPosition[position] = group
        }
        groupPositions = groups.flatMap { $0 }
        var start = 0
        groupRanges = groups.map { group in
            defer { start += group.count }
            return start..<start + group.count
        }
        appliedGroupRevisions = Array(repeating: nil, count: sources.count)
    }

    /// The resolved source of the first bind on a target (a state machine's bindable property).
    func source(ofTarget target: Int) -> ValueNode? {
        (binds + performedBinds).first { $0.definition.target == target && $0.source != nil }?.source
    }

    /// The binds on a target in the order `source(ofTarget:)` searches them; the first of
    /// them with a source is the target's source.
    func liveBinds(onTarget target: Int) -> [LiveBind] {
        bindsByTarget[target] ?? []
    }

    /// The binds grouped by target, each group in `source(ofTarget:)` order.
    private lazy var bindsByTarget: [Int: [LiveBind]] = Dictionary(grouping: binds + performedBinds) { $0.definition.target }

    /// Whether a target is collapsed (a solo's inactive child or below one); set by the
    /// artboard for its component binds. Set once and read on every update, so its exclusivity
    /// is enforced statically only (calling it reads the closure out first).
    @exclusivity(unchecked)
    var isCollapsed: ((Int) -> Bool)?

    /// The positions of the binds with an interpolator converter: their value moves with
    /// time, not with the source's revision.
    private let interpolatingPositions: [Int]

    /// Advances the binds' interpolators (upstream's `advanceDataBinds`); returns whether one
    /// still animates. A bind whose value moved applies on the next update.
    ///
    /// Only a bind whose value moved has work, so only then is the settled skip cleared and
    /// its group visited again (a settled interpolator costs nothing more per frame).
    func advanceConverters(by seconds: Float) -> Bool {
        var keepGoing = false
        for position in interpolatingPositions {
            // Unretained: `binds` holds the bind and is never reassigned.
            let bind = Unmanaged.passUnretained(binds[position])
            if let isCollapsed, isCollapsed(bind.borrow { $0.definition.target }) { continue }
            let (animating, changed) = bind.borrow { $0.advanceConverter(by: seconds) }
            if animating { keepGoing = true }
            guard changed else { continue }
            settledState = nil
            if groupOfPosition.indices.contains(position), groupOfPosition[position] >= 0 {
                appliedGroupRevisions[groupOfPosition[position]] = nil
            }
        }
        return keepGoing
    }

    /// Applies every bind once; returns whether any bind changed its target or its source.
    ///
    /// Binds on collapsed targets are skipped, as upstream's `DataBind::canSkip`: whatever
    /// changed meanwhile stays pending and applies once the target is no longer collapsed.
    ///
    /// Binds run in `binds` order: every bind that writes to its source, then the target-only
    /// binds of the groups whose source moved (or that have work left), in their order.
    func update() -> Bool {
        let before = (changeCount: store.changeCount, sourceRevisions: sourceRevisionSum())
        if let settledState, settledState == before { return false }
        var changed = false
        let isCollapsed = self.isCollapsed
        // The binds are read unretained: `binds` holds them and is never reassigned.
        for position in 0..<toSourceCount {
            let bind = Unmanaged.passUnretained(binds[position])
            if let isCollapsed, isCollapsed(bind.borrow { $0.definition.target }) { continue }
            if bind.borrow({ $0.update(store: store) }) { changed = true }
        }
        // Target-only binds never write a source, so the groups to visit are known once the
        // binds that do have run.
        var visiting = self.visiting
        var visitedGroups = self.visitedGroups
        self.visiting = []
        self.visitedGroups = []
        for group in groupRanges.indices {
            let revision = sources[group].revision
            guard appliedGroupRevisions[group] != revision else { continue }
            visitedGroups.append((group, revision, true))
            visiting.append(contentsOf: groupPositions[groupRanges[group]])
        }
        if visitedGroups.count > 1 { visiting.sort() }
        for position in visiting {
            let bind = Unmanaged.passUnretained(binds[position])
            if let isCollapsed, isCollapsed(bind.borrow { $0.definition.target }) {
                // Left pending: the group keeps being visited until the bind has applied.
                if let visit = visitedGroups.firstIndex(where: { $0.group == groupOfPosition[position] }) { visitedGroups[visit].complete = false }
                continue
            }
            if bind.borrow({ $0.update(store: store) }) { changed = true }
        }
        for visit in visitedGroups { appliedGroupRevisions[visit.group] = visit.complete ? visit.revision : nil }
        visiting.removeAll(keepingCapacity: true)
        visitedGroups.removeAll(keepingCapacity: true)
        self.visiting = visiting
        self.visitedGroups = visitedGroups
        let after = (changeCount: store.changeCount, sourceRevisions: sourceRevisionSum())
        settledState = !pollsComputedValues && !changed && after == before ? after : nil
        return changed
    }

    /// The sum of the sources' revisions, which only grow, so any source change changes it.
    private func sourceRevisionSum() -> UInt64 {
        var sum: UInt64 = 0
        for source in sources { sum &+= source.revision }
        return sum
    }
}
