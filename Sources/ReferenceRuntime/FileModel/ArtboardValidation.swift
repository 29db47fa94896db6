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

    /// Whether upstream's `Artboard::sortDependencies` meets a dependency cycle from the
    /// artboard, for the one cycle modelled: a path under a Feather (through transform
    /// components other than shapes) whose paint belongs to the path's own shape. The path
    /// depends on its parent and updates its shape's path composer
    /// (`PathComposer::buildDependencies`), and the feather depends on that composer
    /// (`Feather::buildDependencies`), so the sort (`DependencySorter::visit`) stops with
    /// "Dependency cycle!" before it places the artboard: the artboard is never updated, its
    /// render opacity stays 0 and it draws nothing (`Artboard::drawInternal`). The cycle
    /// counts only when the shape is reached from the artboard through transform components.
    static func hasDependencyCycle(_ objects: [Int?], document: RiveDocument) -> Bool {
        func object(_ id: Int) -> RiveObject? {
            guard objects.indices.contains(id), let index = objects[id] else { return nil }
            return document.objects[index]
        }
        func parent(_ id: Int) -> Int? {
            guard id != 0, let object = object(id) else { return nil }
            let parent = Int(object.uint(P.componentParentId) ?? 0)
            return objects.indices.contains(parent) ? parent : nil
        }
        func isReached(_ id: Int) -> Bool {
            var current = id
            for _ in 0..<objects.count {
                if current == 0 { return true }
                guard let next = parent(current), let object = object(next),
                      next == 0 || object.isType(T.transformComponent) else { return false }
                current = next
            }
            return false
        }
        for id in objects.indices.dropFirst() {
            guard let path = object(id), path.isType(T.path) else { continue }
            // Up through transform components to a feather, then its paint, then the shape.
            var current = id
            var feather: Int?
            for _ in 0..<objects.count {
                guard let next = parent(current), let object = object(next) else { break }
                if object.isType(T.feather) { feather = next; break }
                guard object.isType(T.transformComponent), !object.isType(T.shape) else { break }
                current = next
            }
            guard let feather, let paint = parent(feather), let paintObject = object(paint), paintObject.isType(T.shapePaint),
                  let shape = parent(paint), let shapeObject = object(shape), shapeObject.isType(T.shape) else { continue }
            if isReached(shape) { return true }
        }
        return false
    }
}
