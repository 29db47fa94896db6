import RiveFormat
import RiveRendering

private typealias T = RiveTypeKey
private typealias P = RivePropertyKey

/// Solos: which components a solo collapses, and the solos a component sits in.
extension ArtboardScene {
    /// Whether a component is collapsed by a solo above it: every solo on the way up must have
    /// the branch it sits in as its active child (upstream's `Solo::propagateCollapse`). With
    /// `below`, only the solos under that ancestor count.
    func isCollapsed(_ id: Int, below ancestor: Int? = nil) -> Bool {
        containsSoloLink(of: id, below: ancestor) { solo, member in store.uint(solo, P.soloActiveComponentId, 0) != UInt64(member) }
    }

    /// The solos `id` sits in, innermost first: each solo with its member that `id` is or is
    /// under (what `isCollapsed(_:)` checks; the tree never changes after the scene is built).
    func soloLinks(of id: Int) -> [(solo: Int, member: Int)] {
        var links: [(solo: Int, member: Int)] = []
        _ = containsSoloLink(of: id) { solo, member in
            links.append((solo, member))
            return false
        }
        return links
    }

    /// Whether `test` holds for one of the solos `id` sits in (walked innermost first, with
    /// the member `id` is or is under), up to `ancestor` when given.
    private func containsSoloLink(of id: Int, below ancestor: Int? = nil, where test: (_ solo: Int, _ member: Int) -> Bool) -> Bool {
        guard !soloMembers.isEmpty, components.indices.contains(id) else { return false }
        var current = id
        var steps = 0
        while let parent = components[current]?.parent, parent != ancestor, steps <= components.count {
            if let members = soloMembers[parent], members.contains(where: { $0.id == current }), test(parent, current) {
                return true
            }
            current = parent
            steps += 1
        }
        return false
    }
}
