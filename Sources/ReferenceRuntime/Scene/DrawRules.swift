import RiveFormat

private typealias T = RiveTypeKey
private typealias P = RivePropertyKey

/// Draw rules and draw targets (upstream src/draw_rules.cpp, src/draw_target.cpp and the
/// draw-target part of `Artboard::initialize` and `Artboard::sortDrawOrder`).
///
/// A `DrawRules` child of a component applies to every drawable at or under that component
/// (the nearest rules up the tree win). Its `drawTargetId` names its active `DrawTarget` (one
/// of its children, or `nil`); a target names a drawable and a placement. The drawables whose
/// rules have an active target leave the draw list and are chained, in file order, to that
/// target; each chain is then spliced in just before (placement 0) or after (1) its target's
/// drawable, in file order, with targets applied in the order of their dependencies (a target
/// whose drawable has rules of its own comes after those rules' targets). Draw order is the
/// reverse of the resulting list, as everywhere else (the last drawable of the list first).
struct DrawRules {
    /// One draw target: the drawable it places its rules' drawables next to, and its rules.
    struct Target {
        let id: Int
        let rules: Int
        let drawable: Int
    }

    /// Each drawable's rules (nearest up the tree), by drawable id.
    private var rulesOfDrawable: [Int: Int] = [:]
    /// The targets in the order upstream applies them.
    private(set) var targets: [Target] = []
    /// The ids of every rules and target object, whose changes re-sort the draw order.
    private(set) var objects: Set<Int> = []

    /// Whether the artboard has any draw rules.
    var isEmpty: Bool { targets.isEmpty }

    /// No draw rules.
    init() {}

    /// Reads the rules of an artboard: `parent(id)` is a component's parent, `drawables`
    /// the drawables in file order.
    init(localObjects: [Int?], document: RiveDocument, parent: (Int) -> Int?, drawables: [Int]) {
        var rulesOfComponent: [Int: Int] = [:]
        var rulesInOrder: [Int] = []
        var targetObjects: [Target] = []
        for (id, objectIndex) in localObjects.enumerated() {
            guard let objectIndex else { continue }
            let object = document.objects[objectIndex]
            switch object.typeKey {
            case T.drawRules:
                guard let component = parent(id) else { continue }
                rulesOfComponent[component] = id
                objects.insert(id)
            case T.drawTarget:
                guard let rules = parent(id), let drawable = object.index(P.drawTargetDrawableId), drawables.contains(drawable) else { continue }
                targetObjects.append(Target(id: id, rules: rules, drawable: drawable))
                objects.insert(id)
            default:
                break
            }
        }
        guard !targetObjects.isEmpty else { return }
        // The rules in the order of the components they are on (upstream walks m_Objects).
        rulesInOrder = rulesOfComponent.keys.sorted().compactMap { rulesOfComponent[$0] }
        for drawable in drawables {
            var current: Int? = drawable
            var steps = 0
            while let id = current, steps <= localObjects.count {
                if let rules = rulesOfComponent[id] {
                    rulesOfDrawable[drawable] = rules
                    break
                }
                current = parent(id)
                steps += 1
            }
        }
        // Upstream's dependency graph: a root with every target as a dependent, and each
        // target a dependent of the targets of the rules on its drawable; sorted depth first.
        var dependents: [Int: [Int]] = [:]  // target id → dependent target ids, in insertion order
        var rootDependents: [Int] = []
        func addUnique(_ value: Int, to list: inout [Int]) { if !list.contains(value) { list.append(value) } }
        for rules in rulesInOrder {
            for target in targetObjects where target.rules == rules {
                addUnique(target.id, to: &rootDependents)
                if let dependentRules = rulesOfDrawable[target.drawable] {
                    for other in targetObjects where other.rules == dependentRules {
                        addUnique(target.id, to: &dependents[other.id, default: []])
                    }
                }
            }
        }
        var order: [Int] = []
        var permanent: Set<Int> = [], temporary: Set<Int> = []
        func visit(_ id: Int) -> Bool {
            if permanent.contains(id) { return true }
            if temporary.contains(id) { return false }
            temporary.insert(id)
            for dependent in dependents[id] ?? [] where !visit(dependent) { return false }
            permanent.insert(id)
            order.insert(id, at: 0)
            return true
        }
        for id in rootDependents where !visit(id) { break }
        let byID = Dictionary(uniqueKeysWithValues: targetObjects.map { ($0.id, $0) })
        targets = order.compactMap { byID[$0] }
    }

    /// The draw order (bottom first) of `drawables` (file order) with each rules' active
    /// target read through `activeTarget(rules)` and each target's placement through
    /// `placement(target)`.
    func drawOrder(of drawables: [Int], activeTarget: (Int) -> Int?, placement: (Int) -> UInt64) -> [Int] {
        var next: [Int: Int] = [:], previous: [Int: Int] = [:]
        var first: Int?, last: Int?
        var chainFirst: [Int: Int] = [:], chainLast: [Int: Int] = [:]
        let targetIDs = Set(targets.map(\.id))
        for drawable in drawables {
            if let rules = rulesOfDrawable[drawable], let target = activeTarget(rules), targetIDs.contains(target) {
                if let tail = chainLast[target] {
                    next[tail] = drawable
                    previous[drawable] = tail
                } else {
                    chainFirst[target] = drawable
                }
                chainLast[target] = drawable
            } else {
                if let tail = last {
                    next[tail] = drawable
                    previous[drawable] = tail
                } else {
                    first = drawable
                }
                last = drawable
            }
        }
        for target in targets {
            guard let head = chainFirst[target.id], let tail = chainLast[target.id] else { continue }
            let anchor = target.drawable
            if placement(target.id) == 0 {
                // Before the target's drawable in list order: drawn just above it.
                if let before = previous[anchor] {
                    next[before] = head
                    previous[head] = before
                } else {
                    previous[head] = nil
                }
                if first == anchor { first = head }
                previous[anchor] = tail
                next[tail] = anchor
            } else {
                if let after = next[anchor] {
                    previous[after] = tail
                    next[tail] = after
                } else {
                    next[tail] = nil
                }
                if last == anchor { last = tail }
                next[anchor] = head
                previous[head] = anchor
            }
        }
        var order: [Int] = []
        var current = last
        var steps = 0
        while let id = current, steps <= drawables.count {
            order.append(id)
            current = previous[id]
            steps += 1
        }
        return order
    }
}
