import RiveFormat
import RiveRendering
import RuntimeAPI

private typealias T = RiveTypeKey
private typealias P = RivePropertyKey

/// One `ArtboardComponentList` of an artboard instance: an artboard instance and a state
/// machine per item of the view-model list bound to its `listSource`.
///
/// It follows upstream (`src/artboard_component_list.cpp`) as built without the layout engine:
/// - **Items** (`updateList`, `findArtboard`): when the bound list changes, items that stay
///   keep their instances; each new item gets an instance of the artboard an
///   `ArtboardListMapRule` child maps its view model to, else of the first artboard whose view
///   model is the item's; an item without such an artboard shows nothing.
/// - **Data context** (`bindArtboard`): each instance is bound to its item with the hosting
///   artboard's context as parent, and its binds apply at once (`updateDataBinds`).
/// - **State machine** (`createStateMachineInstance`): the artboard's default state machine,
///   else its first, in the instance's context; it advances with the host
///   (`advanceComponent`): on a new frame by the elapsed time, on later passes of the same
///   frame only when it can change state; then the instance's own nested artboards.
/// - **Drawing** (`draw`, `updateArtboardsWorldTransform`): under the list's world transform,
///   every item in list order, each as a mounted artboard (no frame origin, clipped to its
///   bounds when it clips) at the list's origin, moved by the item's origin offset
///   (`width × originX`, `height × originY`) when the list's parent is a layout component.
///   Without a layout engine nothing lays the items out, so they overlap.
///
/// - **Virtualized lists** (a virtualizing `ScrollConstraint` on the parent layout): only the
///   items the scroll virtualizer realizes with the scroll at rest get instances (`realize`).
///
/// Not modelled: scrolling a virtualized list, lists bound through a converter group,
/// draw-index ordering, and pointer events on the items.
@MainActor
final class ComponentListHost {
    /// The list component's artboard-local id in the hosting artboard.
    let listID: Int
    private let parent: HostingArtboard
    /// The hosting artboard's binds on the list's `listSource`, in the order `boundList`
    /// searches them (a bind set's binds never change).
    private let listSourceBinds: [LiveBind]
    /// The sources of `listSourceBinds`, with their revisions, when `syncItems()` last took
    /// the list; held strongly, so a source that changes is never mistaken for a new one.
    private var syncedSources: [(source: ValueNode?, revision: UInt64)] = []
    /// Artboard indices by view-model index, from the list's `ArtboardListMapRule` children.
    private let mapRules: [Int: Int]
    /// For a list a virtualizing scroll constraint places, its settings (`nil` otherwise).
    private let virtualization: Virtualization?
    /// Whether the list's parent is a layout component (the tree does not change after load).
    private let parentIsLayout: Bool
    /// For a virtualized list, the realized items in draw order, each with its position
    /// along the list's main axis.
    private var realized: [(index: Int, offset: Double)] = []

    /// One shown list item: its view-model instance, artboard instance and state machine.
    struct Item {
        let node: InstanceNode
        let artboard: ReferenceArtboard?
        let machine: ReferenceStateMachine?
    }
    /// The items shown, in list order.
    var items: [Item] { shown.items }
    /// The items shown with their artboards and state machines unretained for the per-frame passes.
    private final class ShownItems {
        let items: [Item]
        /// The artboards and state machines of the items that have an artboard, in list order;
        /// `items` owns them. In memory of its own, as iterating an array held here would
        /// retain the array around every call out.
        let playing: UnsafeMutableBufferPointer<(artboard: Unmanaged<ReferenceArtboard>, machine: Unmanaged<ReferenceStateMachine>?)>

        init(_ items: [Item]) {
            self.items = items
            let refs = items.compactMap { item in
                item.artboard.map { (Unmanaged.passUnretained($0), item.machine.map(Unmanaged.passUnretained)) }
            }
            playing = .allocate(capacity: refs.count)
            _ = playing.initialize(from: refs)
        }

        deinit {
            playing.deallocate()
        }
    }
    /// The items shown (replaced whole by `syncItems()`).
    private var shown = ShownItems([]) {
        didSet { shownRef = Unmanaged.passUnretained(shown) }
    }
    /// `shown` unretained, for the per-frame passes (`advance`, `updateBinds`): using it costs
    /// no reference counting. Valid while `shown` holds the same object, which only
    /// `syncItems()` replaces, and that runs from the hosting artboard's `updateBinds`, after
    /// this list's own passes, never inside them.
    @exclusivity(unchecked)
    private var shownRef: Unmanaged<ShownItems>
    /// The data context the host last passed down.
    private var hostContext: DataContext?

    private init(listID: Int, parent: HostingArtboard, mapRules: [Int: Int], virtualization: Virtualization?) {
        self.listID = listID
        self.parent = parent
        listSourceBinds = parent.binds.liveBinds(onTarget: listID).filter { $0.definition.propertyKey == P.artboardComponentListListSource }
        shownRef = Unmanaged.passUnretained(shown)
        self.mapRules = mapRules
        self.virtualization = virtualization
        parentIsLayout = parent.scene.components[listID]?.parent.flatMap { parent.scene.components[$0]?.kind } == .layout
    }

    /// The component lists of an artboard instance: every `ArtboardComponentList` attached to
    /// the artboard's tree, with its map rules.
    static func hosts(of artboard: HostingArtboard) -> [ComponentListHost] {
        let local = artboard.file.model.artboards[artboard.index].localObjects
        let document = artboard.file.model.document
        let virtualized = virtualizedLists(localObjects: local, document: document)
        let listIDs = local.indices.filter { id in
            id != 0 && artboard.scene.components[id]?.kind == .componentList && artboard.scene.components[id]?.parent != nil
        }
        guard !listIDs.isEmpty else { return [] }
        var rules: [Int: [Int: Int]] = [:]
        for id in local.indices {
            guard let objectIndex = local[id] else { continue }
            let object = document.objects[objectIndex]
            guard object.typeKey == T.artboardListMapRule, let list = object.index(P.componentParentId),
                  let viewModel = object.index(P.artboardListMapRuleViewModelId), let target = object.index(P.artboardListMapRuleArtboardId) else { continue }
            rules[list, default: [:]][viewModel] = target
        }
        return listIDs.map { ComponentListHost(listID: $0, parent: artboard, mapRules: rules[$0] ?? [:], virtualization: virtualized[$0]) }
    }

    /// How a virtualizing scroll constraint on a list's parent layout realizes its items.
    struct Virtualization {
        /// Items realized on each side of the visible one (`virtualizeBuffer`).
        let buffer: Int
        /// Whether the list wraps around (`infinite`).
        let infinite: Bool
    }

    /// The component lists whose parent layout has a virtualizing scroll constraint (upstream's
    /// `virtualizationEnabled`), by artboard-local id, with the constraint's settings.
    nonisolated static func virtualizedLists(localObjects: [Int?], document: RiveDocument) -> [Int: Virtualization] {
        var parents: [Int: Int] = [:]
        var virtualizingLayouts: [Int: Virtualization] = [:]
        for (id, objectIndex) in localObjects.enumerated() {
            guard let objectIndex else { continue }
            let object = document.objects[objectIndex]
            if object.typeKey == T.artboardComponentList, let parent = object.index(P.componentParentId) {
                parents[id] = parent
            } else if object.typeKey == T.scrollConstraint, object.storedValue(P.scrollConstraintVirtualize)?.boolValue ?? false,
                      let parent = object.index(P.componentParentId) {
                virtualizingLayouts[parent] = Virtualization(buffer: Int(object.uint(P.scrollConstraintVirtualizeBuffer) ?? 0),
                                                             infinite: object.storedValue(P.scrollConstraintInfinite)?.boolValue ?? false)
            }
        }
        return parents.compactMapValues { virtualizingLayouts[$0] }
    }

    /// The items a number-to-list converter made, kept while its count allows (upstream's
    /// converter keeps its items and adds or drops them at the end).
    private var generatedItems: [InstanceNode] = []

    /// The list bound to the list's `listSource`, `nil` while no bind gives one: a list
    /// property, or a number through a number-to-list converter
    /// (`DataConverterNumberToList::convert`: `max(0, floor(n))` default instances of the
    /// converter's view model, none when it names no view model).
    private var boundList: [InstanceNode]? {
        for bind in listSourceBinds {
            switch (bind.definition.converter, bind.source?.value) {
            case (nil, .list(let nodes)?):
                return nodes
            case (.numberToList(let viewModel)?, .number(let number)?):
                let count = number.isFinite ? Int(max(0, min(number.rounded(.down), 100_000))) : 0
                guard let viewModel, parent.file.model.viewModels.indices.contains(viewModel) else {
                    generatedItems = []
                    return []
                }
                while generatedItems.count < count { generatedItems.append(parent.file.defaultInstance(viewModel)) }
                if generatedItems.count > count { generatedItems.removeLast(generatedItems.count - count) }
                return generatedItems
            case (.numberToList?, .list(let nodes)?):
                return nodes
            default:
                continue
            }
        }
        return nil
    }

    /// Takes the bound list when it changed (upstream `updateList`, run when the list bind
    /// applies); returns whether the items changed.
    func syncItems() -> Bool {
        // The bound list depends only on the binds' sources and their values (and on what
        // earlier calls left), so while those are as they were, it is the list taken last.
        if sourcesAreSynced { return false }
        syncedSources = listSourceBinds.map { ($0.source, $0.source?.revision ?? 0) }
        let nodes = boundList ?? []
        guard nodes.count != items.count || nodes.indices.contains(where: { nodes[$0] !== items[$0].node }) else { return false }
        var kept: [ObjectIdentifier: Item] = [:]
        for item in items { kept[ObjectIdentifier(item.node)] = item }
        // Upstream's updateList numbers the items through their list-index symbol first.
        for (index, node) in nodes.enumerated() {
            for case let value? in node.values where value.dataType == .symbolListIndex { value.set(.listIndex(UInt64(index))) }
        }
        guard let virtualization else {
            shown = ShownItems(nodes.map { node in kept.removeValue(forKey: ObjectIdentifier(node)) ?? makeItem(node) })
            return true
        }
        realized = Self.realize(sizes: nodes.map { node in
            artboardIndex(forViewModel: node.viewModel).map { Double(parent.file.model.document.objects[parent.file.model.layout.artboards[$0].objectIndex].float(P.layoutComponentWidth) ?? 0) }
        }, virtualization: virtualization)
        let realizedIndices = Set(realized.map(\.index))
        shown = ShownItems(nodes.enumerated().map { index, node in
            if let item = kept.removeValue(forKey: ObjectIdentifier(node)), item.artboard != nil || !realizedIndices.contains(index) { return item }
            return realizedIndices.contains(index) ? makeItem(node) : Item(node: node, artboard: nil, machine: nil)
        })
        return true
    }

    /// Whether the list binds' sources and their revisions are those `syncItems()` last took.
    /// (A loop, not `contains(where:)`: a closure made here checks the executor on every call.)
    private var sourcesAreSynced: Bool {
        guard syncedSources.count == listSourceBinds.count else { return false }
        for position in listSourceBinds.indices {
            let source = listSourceBinds[position].source, synced = syncedSources[position]
            if source !== synced.source || (source?.revision ?? 0) != synced.revision { return false }
        }
        return true
    }

    /// The artboard an item of a view model is drawn with (upstream `findArtboard`).
    private func artboardIndex(forViewModel viewModel: Int) -> Int? {
        let artboards = parent.file.model.artboards
        if let mapped = mapRules[viewModel] { return artboards.indices.contains(mapped) ? mapped : nil }
        return artboards.firstIndex { $0.viewModel == viewModel }
    }

    /// Instances an item's artboard and state machine and binds them to the item.
    private func makeItem(_ node: InstanceNode) -> Item {
        let chain = parent.hostChain + [parent.index]
        guard let index = artboardIndex(forViewModel: node.viewModel), chain.count <= NestedArtboardHost.maximumNestingDepth else {
            return Item(node: node, artboard: nil, machine: nil)
        }
        let instance = ReferenceArtboard(file: parent.file, index: index, hostChain: chain)
        let hostScene = parent.scene, list = listID, listParentIsLayout = parentIsLayout
        instance.scene.hostRootTransform = { [unowned hostScene, unowned instance] point in
            hostScene.update()
            let itemOffset = Self.itemTransform(of: instance, listParentIsLayout: listParentIsLayout)
            return hostScene.rootPoint((hostScene.worldTransform(list) * itemOffset).apply(point))
        }
        var machine: ReferenceStateMachine?
        let definition = parent.file.model.artboards[index]
        if !instance.content.stateMachines.isEmpty {
            let preferred = definition.defaultStateMachine.flatMap { instance.content.stateMachines.indices.contains($0) ? $0 : nil } ?? 0
            machine = ReferenceStateMachine(artboard: instance, index: preferred)
        }
        let item = Item(node: node, artboard: instance, machine: machine)
        bind(item, reconcileAll: true)
        _ = instance.updateBinds()
        machine?.applyBindsNow()
        return item
    }

    /// Binds an item's instance and state machine to the item with the host's context as parent.
    private func bind(_ item: Item, reconcileAll: Bool) {
        guard let instance = item.artboard else { return }
        let context = DataContext(main: item.node, globals: [:], inherited: hostContext?.ordered ?? [])
        instance.binds.bind(context, resolver: parent.file.resolver, reconcileAll: reconcileAll)
        instance.bindNestedArtboards(context, reconcileAll: reconcileAll)
        item.machine?.adoptNestedContext(context)
    }

    /// Passes the host's data context down to every item.
    func bind(_ context: DataContext?, reconcileAll: Bool) {
        hostContext = context
        for item in items { bind(item, reconcileAll: reconcileAll) }
    }

    /// Advances the items' state machines and their artboards' nested artboards; returns
    /// whether they need more frames (upstream `ArtboardComponentList::advanceComponent`).
    func advance(_ seconds: Double, newFrame: Bool) -> Bool {
        shownRef.borrow { shown in
            guard !shown.items.isEmpty, !parent.scene.isCollapsed(listID) else { return false }
            var keepGoing = false
            for item in shown.playing {
                if item.machine?.borrow({ $0.advanceAsNested(seconds, newFrame: newFrame) }) == true { keepGoing = true }
                item.artboard.borrow { artboard in
                    if artboard.advanceNestedArtboards(seconds, newFrame: newFrame) { keepGoing = true }
                    if newFrame, artboard.binds.advanceConverters(by: Float(seconds)) { keepGoing = true }
                }
            }
            return keepGoing
        }
    }

    /// Applies the items' binds; returns whether one changed a value.
    func updateBinds() -> Bool {
        shownRef.borrow { shown in
            var changed = false
            for item in shown.playing where item.artboard.borrow({ $0.updateBinds() }) { changed = true }
            return changed
        }
    }

    /// Draws every item in the list's space (the renderer is already under the list's world
    /// transform) with the list's render opacity.
    func draw(on renderer: any Renderer, hostOpacity: Double) {
        if virtualization != nil {
            drawRealized(on: renderer, hostOpacity: hostOpacity)
            return
        }
        // The items with an artboard, in list order, unretained (`shown` owns them and only
        // `syncItems()` replaces it, which drawing never runs).
        shownRef.borrow { shown in
            for item in shown.playing {
                item.artboard.borrow { instance in
                    instance.scene.update()
                    renderer.save()
                    renderer.transform(Self.itemTransform(of: instance, listParentIsLayout: parentIsLayout))
                    instance.scene.drawNested(on: renderer, hostOpacity: hostOpacity)
                    renderer.restore()
                }
            }
        }
    }

    /// Draws a virtualized list's realized items under the parent layout's world transform
    /// (upstream draws them there, not under the list's own), each at its realized position
    /// along the main axis, which is the horizontal one without a layout engine
    /// (`LayoutComponent::mainAxisIsColumn` is false), moved by its origin offset.
    private func drawRealized(on renderer: any Renderer, hostOpacity: Double) {
        guard let toParent = parent.scene.localTransform(listID).inverted() else { return }
        renderer.transform(toParent)
        for placement in realized where items.indices.contains(placement.index) {
            guard let instance = items[placement.index].artboard else { continue }
            instance.scene.update()
            let origin = instance.scene.mountedOriginOffset
            renderer.save()
            renderer.transform(.translation(x: placement.offset + origin.x, y: origin.y))
            instance.scene.drawNested(on: renderer, hostOpacity: hostOpacity)
            renderer.restore()
        }
    }

    /// The items a scroll virtualizer realizes with the scroll at rest (offset 0), in draw
    /// order with their main-axis positions (upstream `ScrollVirtualizer::virtualize`): the
    /// viewport is the parent layout's box, empty without a layout engine, and gaps and
    /// paddings are 0, so the visible range is the first item with a positive size, widened by
    /// `virtualizeBuffer` items on each side (wrapping around when infinite). Nothing is
    /// realized while the items' total size is 0. Sizes are the items' artboard widths.
    nonisolated static func realize(sizes: [Double?], virtualization: Virtualization) -> [(index: Int, offset: Double)] {
        let total = sizes.count
        let size = { (index: Int) -> Double in sizes[((index % total) + total) % total] ?? 0 }
        guard total > 0, sizes.reduce(0, { $0 + ($1 ?? 0) }) > 0, let first = (0..<total).first(where: { size($0) > 0 }) else { return [] }
        var start = first, end = first
        var offset = 0.0
        let buffer = min(virtualization.buffer, total)
        if buffer > 0 {
            let maxExtra = max(0, total - 1)
            var before = min(buffer, virtualization.infinite ? maxExtra : start)
            var after = min(buffer, virtualization.infinite ? maxExtra - before : total - 1 - end)
            before = max(0, before)
            after = max(0, after)
            for k in stride(from: 1, through: before, by: 1) { offset -= size(start - k) }
            start -= before
            end += after
        }
        var placements: [(index: Int, offset: Double)] = []
        for index in start...end {
            let actual = ((index % total) + total) % total
            placements.append((actual, offset))
            offset += size(actual)
        }
        return placements
    }

    /// Where an item's artboard sits in the list's space: moved by the artboard's origin
    /// offset when the list's parent is a layout component (its empty layout box less its
    /// mounted origin), else by the artboard's own x and y (upstream
    /// `ArtboardComponentList::updateArtboardsWorldTransform` takes the top left of
    /// `Artboard::worldBounds`, which is 0, 0 unless a bind or an animation moved it).
    private static func itemTransform(of instance: ReferenceArtboard, listParentIsLayout: Bool) -> Transform2D {
        guard listParentIsLayout else {
            return .translation(x: Double(Float(instance.store.double(0, P.nodeX))), y: Double(Float(instance.store.double(0, P.nodeY))))
        }
        let offset = instance.scene.mountedOriginOffset
        return .translation(x: offset.x, y: offset.y)
    }
}
