import RiveFormat
import RiveRendering

private typealias T = RiveTypeKey
private typealias P = RivePropertyKey

/// A `Joystick` (upstream src/joystick.cpp): maps its `x` and `y` (−1…1) onto the times of two
/// linear animations of its artboard and applies them, fully mixed, on every update pass.
///
/// The time is `(x + 1) / 2` of the animation's duration (from 0, not from a work area's
/// start, as upstream's `LinearAnimation::apply`), with `x` negated when the joystick inverts
/// that axis (flag 1 for x, 2 for y). A joystick with a handle source first sets `x` and `y`
/// from where the handle's world position falls in its box (`posX`, `posY`, width, height and
/// origin, under its parent's world transform: `Joystick::update`, `AABB::factorFrom`).
/// Upstream drops a joystick whose handle source is not a transform component.
struct Joystick {
    let id: Int
    let xAnimation: Int?
    let yAnimation: Int?
    let handle: Int?
    let parent: Int?

    /// The joysticks of an artboard, in file order.
    static func joysticks(in scene: ArtboardScene, store: PropertyStore, animationCount: Int) -> [Joystick] {
        scene.components.indices.compactMap { id in
            guard let component = scene.components[id], component.typeKey == T.joystick else { return nil }
            func animation(_ property: UInt32) -> Int? {
                let index = store.uint(id, property, UInt64(UInt32.max))
                return index < UInt64(animationCount) ? Int(index) : nil
            }
            var handle: Int?
            let handleID = store.uint(id, P.joystickHandleSourceId, UInt64(UInt32.max))
            if handleID != UInt64(UInt32.max) {
                guard handleID < UInt64(scene.components.count),
                      let kind = scene.components[Int(handleID)]?.kind, [.node, .shape, .nestedArtboard].contains(kind) else { return nil }
                handle = Int(handleID)
            }
            return Joystick(id: id, xAnimation: animation(P.joystickXId), yAnimation: animation(P.joystickYId), handle: handle, parent: component.parent)
        }
    }
}

extension ReferenceArtboard {
    /// Applies the artboard's joysticks (upstream's `Artboard::updatePass`, after the data
    /// binds); returns whether a value changed.
    func applyJoysticks() -> Bool {
        guard !joysticks.isEmpty else { return false }
        let changesBefore = store.changeCount
        for joystick in joysticks {
            if let handle = joystick.handle { followHandle(joystick, handle: handle) }
            let flags = store.uint(joystick.id, P.joystickJoystickFlags, 0)
            for (index, property, invert) in [(joystick.xAnimation, P.joystickX, flags & 1 != 0), (joystick.yAnimation, P.joystickY, flags & 2 != 0)] {
                guard let index else { continue }
                let animation = content.animations[index]
                let value = Float(store.double(joystick.id, property, 0))
                let time = ((invert ? -value : value) + 1) / 2 * Float(animation.durationSeconds)
                animation.apply(at: Double(time), mix: 1, to: store, handles: animation.handles(in: store))
            }
        }
        return store.changeCount != changesBefore
    }

    /// Sets a joystick's `x` and `y` from its handle's world position.
    private func followHandle(_ joystick: Joystick, handle: Int) {
        scene.update()
        let id = joystick.id
        var world = Transform2D.translation(x: store.double(id, P.joystickPosX), y: store.double(id, P.joystickPosY))
        if let parent = joystick.parent { world = scene.worldTransform(parent) * world }
        let handleWorld = scene.worldTransform(handle)
        let position = (world.inverted() ?? .identity).apply(Point(x: handleWorld.tx, y: handleWorld.ty))
        let width = Float(store.double(id, P.joystickWidth, 100)), height = Float(store.double(id, P.joystickHeight, 100))
        let left = -width * Float(store.double(id, P.joystickOriginX, 0.5)), top = -height * Float(store.double(id, P.joystickOriginY, 0.5))
        let x: Float = width == 0 ? 0 : (Float(position.x) - left) * 2 / width - 1
        // Upstream's AABB::factorFrom tests the height only around the offset (a zero height gives NaN).
        let y: Float = (height == 0 ? 0 : Float(position.y) - top) * 2 / height - 1
        _ = store.set(PropertyStore.Key(object: id, property: P.joystickX), to: .float(x))
        _ = store.set(PropertyStore.Key(object: id, property: P.joystickY), to: .float(y))
    }
}
