import RiveFormat

private typealias T = RiveTypeKey
private typealias P = RivePropertyKey

/// Takes out of an artboard the objects upstream's `Artboard::validateObjects` takes out
/// before it initializes: a component whose parent is not a container, a feather whose
/// parent is not a paint, a nested animation outside a nested artboard, a targeted
/// constraint whose target is not a transform component. The check repeats until nothing
/// changes, so the children of a removed object go too.
///
/// Upstream keeps such objects out of the artboard's object list (src/artboard.cpp,
/// `Artboard::validateObjects`, each type's `validate`): they are not drawn, not keyed and
/// not bound. Not modelled: `requiresTarget()` constraints without a target, scroll-bar
/// constraints and text styles, whose own checks differ.
enum ArtboardValidation {
    /// The artboard's local objects with the invalid ones replaced by `nil`.
    static func validObjects(_ localObjects: [Int?], document: RiveDocument) -> [Int?] {
        var objects = localObjects
        var valid = Array(repeating: false, count: objects.count)
        for _ in 0..<100 {
            var changed = false
            for id in objects.indices.dropFirst() {
                guard let index = objects[id] else { continue }
                let isValid = validates(document.objects[index], in: objects, document: document)
                if isValid != valid[id] {
                    changed = true
                    valid[id] = isValid
                }
            }
            guard changed else { break }
            for id in objects.indices.dropFirst() where !valid[id] { objects[id] = nil }
        }
        return objects
    }

    /// Upstream's `validate` of one object, against the objects still in the artboard.
    private static func validates(_ object: RiveObject, in objects: [Int?], document: RiveDocument) -> Bool {
        guard object.isType(T.component) else { return true }
        func resolve(_ id: UInt64?) -> RiveObject? {
            guard let id, id < UInt64(objects.count), let index = objects[Int(id)] else { return nil }
            return document.objects[index]
        }
        guard let parent = resolve(object.uint(P.componentParentId) ?? 0), parent.isType(T.containerComponent) else { return false }
        if object.isType(T.feather) { return parent.isType(T.shapePaint) }
        if object.isType(T.nestedAnimation) { return parent.isType(T.nestedArtboard) }
        if object.isType(T.targetedConstraint), let target = resolve(object.uint(P.targetedConstraintTargetId)) {
            return target.isType(T.transformComponent)
        }
        return true
    }
}
