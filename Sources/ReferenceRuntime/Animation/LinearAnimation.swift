import RiveFormat

private typealias T = RiveTypeKey
private typealias P = RivePropertyKey

/// A linear animation as the file defines it: timing, looping and the keyframes it applies.
///
/// A class, so that a player holds it by reference: copying a player (every layer apply
/// reads one) then copies a pointer, not the whole definition.
final class AnimationDefinition {
    /// How the animation behaves at its end (`LinearAnimation.loopValue`).
    enum Loop: UInt64 {
        case oneShot = 0, loop = 1, pingPong = 2
    }

    /// One keyframe value (KeyFrameKinds.swift reads and writes each kind).
    enum Value: Equatable {
        case double(Double)
        case color(UInt32)
        case bool(Bool)
        /// An id (`KeyFrameId`): held, never mixed.
        case id(UInt64)
        /// An unsigned integer (`KeyFrameUint`): held, except on color channels.
        case uint(UInt64)
        case int(Int64)
        case string(String)
    }

    /// One keyframe: when, what, and how to move to the next one.
    struct KeyFrame {
        let seconds: Double
        let value: Value
        /// `false` for hold (interpolation type 0).
        let interpolates: Bool
        let ease: AnimationEase?
        /// Where the playing state machine holds the keyframe's bound value, when a data bind
        /// targets the keyframe's value (KeyFrameKinds.swift).
        var bound: PropertyStore.Key?
    }

    /// The keyframes of one property of one component.
    ///
    /// A class, so that applying a track borrows it from the animation's list unretained
    /// instead of copying it out (each copy retained its keyframes).
    final class Track {
        /// The artboard-local id of the keyed component.
        let object: Int
        let propertyKey: UInt32
        let keyFrames: [KeyFrame]

        init(object: Int, propertyKey: UInt32, keyFrames: [KeyFrame]) {
            self.object = object
            self.propertyKey = propertyKey
            self.keyFrames = keyFrames
        }
    }

    let name: String
    let fps: Double
    let duration: Double
    let speed: Double
    let loop: Loop
    let workStart: Double?
    let workEnd: Double?
    /// Whether the animation shows only whole frames: upstream's `LinearAnimation::apply`
    /// floors the time to its fps (`floor(time * fps) / fps`, in `Float`).
    let quantize: Bool
    let tracks: [Track]
    /// The keyed events (`KeyFrameCallback` on an Event's `trigger`), one list per keyed
    /// property, each in keyframe order: the event's artboard-local id and the keyframe's time.
    let callbacks: [[(event: Int, seconds: Float)]]

    /// The first frame of the played range (the work area's start when enabled).
    var startFrame: Double { workStart ?? 0 }
    /// The last frame of the played range.
    var endFrame: Double { workEnd ?? duration }
    /// Seconds from the start of the range to its end.
    var durationSeconds: Double { (endFrame - startFrame) / fps }
    /// The start of the range in seconds.
    var startSeconds: Double { startFrame / fps }
    /// The end of the range in seconds.
    var endSeconds: Double { endFrame / fps }
    /// The start of the range in seconds, computed in `Float` as upstream's `startSeconds()`.
    var startSecondsFloat: Float { Float(startFrame) / Float(fps) }
    /// The end of the range in seconds, computed in `Float` as upstream's `endSeconds()`.
    var endSecondsFloat: Float { Float(endFrame) / Float(fps) }

    /// The animation an animation state without one plays: upstream's `AnimationStateInstance`
    /// plays a default `LinearAnimation` then (60 frames at 60 fps, once, nothing keyed;
    /// src/animation/animation_state_instance.cpp), so such a state keeps going for one second.
    static func empty() -> AnimationDefinition { AnimationDefinition() }

    private init() {
        name = ""
        fps = 60
        duration = 60
        speed = 1
        loop = .oneShot
        workStart = nil
        workEnd = nil
        quantize = false
        tracks = []
        callbacks = []
    }

    /// Reads an animation from the layout; keyframes of kinds it cannot apply (and tracks whose
    /// keyframes all are) are left out and named in `unsupported`.
    init(_ animation: RiveFileLayout.Animation, artboard: RiveFileLayout.Artboard, document: RiveDocument, unsupported: inout [String]) {
        let object = document.objects[animation.objectIndex]
        name = object.string(P.animationName) ?? ""
        let fps = Double(object.uint(P.linearAnimationFps) ?? 60)
        self.fps = fps > 0 ? fps : 60
        duration = Double(object.uint(P.linearAnimationDuration) ?? 60)
        speed = Double(object.float(P.linearAnimationSpeed) ?? 1)
        quantize = object.bool(P.linearAnimationQuantize) ?? false
        let loopValue = object.uint(P.linearAnimationLoopValue) ?? 0
        loop = Loop(rawValue: loopValue) ?? .oneShot
        if Loop(rawValue: loopValue) == nil { unsupported.append("LinearAnimation loop \(loopValue)") }
        if object.bool(P.linearAnimationEnableWorkArea) == true {
            workStart = Double(object.uint(P.linearAnimationWorkStart) ?? 0)
            workEnd = Double(object.uint(P.linearAnimationWorkEnd) ?? 0)
        } else {
            workStart = nil
            workEnd = nil
        }
        var tracks: [Track] = []
        var callbacks: [[(event: Int, seconds: Float)]] = []
        for keyedObject in animation.keyedObjects {
            // Upstream drops a whole keyed object, every property it keys, when one of its
            // keyframes names an interpolator that is not one (InterpolatingKeyFrame::onAddedDirty
            // fails, and LinearAnimation::onAddedDirty erases the failed keyed object).
            if keyedObject.keyedProperties.contains(where: { property in
                property.keyFrames.contains { Self.namesMissingInterpolator(document.objects[$0], artboard: artboard, document: document) }
            }) { continue }
            let objectId = document.objects[keyedObject.objectIndex].index(P.keyedObjectObjectId) ?? 0
            for keyedProperty in keyedObject.keyedProperties {
                let key = UInt32(truncatingIfNeeded: document.objects[keyedProperty.objectIndex].uint(P.keyedPropertyPropertyKey) ?? 0)
                var frames: [KeyFrame] = []
                var keyedEvents: [(event: Int, seconds: Float)] = []
                for index in keyedProperty.keyFrames {
                    let frame = document.objects[index]
                    if frame.typeKey == T.keyFrameCallback, key == P.eventTrigger, artboard.localObjects.indices.contains(objectId),
                       let eventIndex = artboard.localObjects[objectId], document.objects[eventIndex].isType(T.event) {
                        // A keyed event (upstream KeyFrameCallback → Event::trigger): reported
                        // when the animation's time passes the keyframe.
                        keyedEvents.append((objectId, Float(frame.uint(P.keyFrameFrame) ?? 0) / Float(self.fps)))
                        continue
                    }
                    guard let value = Value(keyFrame: frame) else {
                        unsupported.append(frame.typeName)
                        continue
                    }
                    let interpolation = frame.uint(P.interpolatingKeyFrameInterpolationType) ?? 0
                    var ease: AnimationEase?
                    if interpolation != 0, let interpolator = frame.index(P.interpolatingKeyFrameInterpolatorId) {
                        ease = AnimationEase(interpolator: interpolator, artboard: artboard, document: document, unsupported: &unsupported)
                    }
                    frames.append(KeyFrame(seconds: Double(frame.uint(P.keyFrameFrame) ?? 0) / self.fps, value: value,
                                           interpolates: interpolation != 0, ease: ease,
                                           bound: KeyFrameValueBinds.boundKey(ofKeyFrame: index, in: document)))
                }
                if !frames.isEmpty { tracks.append(Track(object: objectId, propertyKey: key, keyFrames: frames)) }
                if !keyedEvents.isEmpty { callbacks.append(keyedEvents) }
            }
        }
        self.tracks = tracks
        self.callbacks = callbacks
    }

    /// Whether an interpolating keyframe names an interpolator (any id but upstream's missing
    /// id, whatever its interpolation type) that is no `KeyFrameInterpolator` of the artboard.
    private static func namesMissingInterpolator(_ frame: RiveObject, artboard: RiveFileLayout.Artboard, document: RiveDocument) -> Bool {
        guard frame.isType(T.interpolatingKeyFrame), let id = frame.uint(P.interpolatingKeyFrameInterpolatorId), id != UInt64(UInt32.max) else { return false }
        guard id < UInt64(artboard.localObjects.count), let objectIndex = artboard.localObjects[Int(id)] else { return true }
        return !document.objects[objectIndex].isType(T.keyFrameInterpolator)
    }

    /// Appends the keyed events whose keyframes lie between two times to `events` (no array
    /// is made when none is passed), as upstream's `KeyedProperty::reportKeyedCallbacks`:
    /// moving forward, those after `from` (at `from` too when `from` is the start) up to and
    /// including `to`; moving backward, those from `to` up to before `from` (at `from` too
    /// when it is the start). Nothing when the times are equal.
    func appendEvents(from: Float, to: Float, fromStart: Bool, to events: inout [Int]) {
        guard from != to else { return }
        for keyed in callbacks {
            for callback in keyed {
                let inRange = from <= to
                    ? (callback.seconds > from || (fromStart && callback.seconds == from)) && callback.seconds <= to
                    : callback.seconds >= to && (callback.seconds < from || (fromStart && callback.seconds == from))
                if inRange { events.append(callback.event) }
            }
        }
    }

    /// The places in `store` of the properties the tracks key, in track order.
    func handles(in store: PropertyStore) -> [PropertyStore.Handle] {
        tracks.map { store.handle(PropertyStore.Key(object: $0.object, property: $0.propertyKey)) }
    }

    /// Applies every track at a time (seconds) with a mix (1 replaces, less blends towards the
    /// current values), as `KeyedProperty::apply` does upstream; `handles` are the tracks'
    /// places in `store` (`handles(in:)`).
    func apply(at seconds: Double, mix: Double, to store: PropertyStore, handles: [PropertyStore.Handle]) {
        var time = seconds
        if quantize {
            let fps = Float(self.fps)
            time = Double((Float(seconds) * fps).rounded(.down) / fps)
        }
        // By index, each track unretained (`tracks` holds them): zipping the arrays retained
        // both, and each track read out retained it.
        for index in tracks.indices where handles.indices.contains(index) {
            let handle = handles[index]
            Unmanaged.passUnretained(tracks[index]).borrow { $0.apply(at: time, mix: mix, to: store, at: handle) }
        }
    }
}

extension AnimationDefinition.Track {
    /// Applies the track to its property (at `key` in `store`): before the first keyframe its
    /// value, after the last the last value, between two the first one's hold value or the
    /// interpolation towards the next.
    func apply(at seconds: Double, mix: Double, to store: PropertyStore, at key: PropertyStore.Handle) {
        let next = keyFrames.firstIndex { $0.seconds >= seconds } ?? keyFrames.count
        let value: AnimationDefinition.Value
        if next == 0 {
            value = keyFrames[0].effectiveValue(in: store)
        } else if next == keyFrames.count {
            value = keyFrames[next - 1].effectiveValue(in: store)
        } else {
            let from = keyFrames[next - 1], to = keyFrames[next]
            if seconds == to.seconds || !from.interpolates || to.seconds <= from.seconds {
                value = seconds == to.seconds ? to.effectiveValue(in: store) : from.effectiveValue(in: store)
            } else {
                // Upstream's KeyFrameDouble::applyInterpolation computes the factor in Float.
                let t = Double((Float(seconds) - Float(from.seconds)) / (Float(to.seconds) - Float(from.seconds)))
                value = from.effectiveValue(in: store).interpolated(to: to.effectiveValue(in: store), t, property: propertyKey, ease: from.ease)
            }
        }
        write(value, mix: mix, to: store, at: key)
    }

    private func write(_ value: AnimationDefinition.Value, mix: Double, to store: PropertyStore, at key: PropertyStore.Handle) {
        guard let current = store.value(key), let written = value.written(over: current, mix: mix, property: propertyKey) else { return }
        store.set(key, to: written)
    }
}

/// Blends two ARGB colors channel by channel.
func lerpColor(_ a: UInt32, _ b: UInt32, _ t: Double) -> UInt32 {
    var result: UInt32 = 0
    for shift in stride(from: 0, through: 24, by: 8) {
        let x = Double((a >> UInt32(shift)) & 0xFF), y = Double((b >> UInt32(shift)) & 0xFF)
        let channel = UInt32(max(0, min(255, (x + (y - x) * t).rounded())))
        result |= channel << UInt32(shift)
    }
    return result
}

/// Rive's cubic ease (`CubicEaseInterpolator`): a bezier from (0, 0) to (1, 1) with control
/// points (x1, y1) and (x2, y2); `transform(t)` finds the curve parameter whose x is `t`
/// (Newton steps from a sampled guess, bisection when the slope is flat) and returns its y.
struct CubicEase {
    let x1: Double, y1: Double, x2: Double, y2: Double
    /// Upstream's solver, in Float (FloatMath.swift).
    private let solver: FloatCubicSolver

    init(x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
        solver = FloatCubicSolver(x1: x1, y1: y1, x2: x2, y2: y2)
    }

    /// The ease of the interpolator at artboard-local id `interpolator`, or `nil` (named in
    /// `unsupported`) when it is not a cubic ease.
    init?(interpolator: Int, artboard: RiveFileLayout.Artboard, document: RiveDocument, unsupported: inout [String]) {
        guard artboard.localObjects.indices.contains(interpolator), let objectIndex = artboard.localObjects[interpolator] else { return nil }
        let object = document.objects[objectIndex]
        guard object.typeKey == T.cubicEaseInterpolator else {
            unsupported.append(object.typeName)
            return nil
        }
        self.init(x1: Double(object.float(P.cubicInterpolatorX1) ?? 0.42), y1: Double(object.float(P.cubicInterpolatorY1) ?? 0),
                  x2: Double(object.float(P.cubicInterpolatorX2) ?? 0.58), y2: Double(object.float(P.cubicInterpolatorY2) ?? 1))
    }

    /// The eased value of `t`, as upstream's `CubicEaseInterpolator::transform` computes it in
    /// Float; 0 and 1 (and anything beyond, or not a number) stay exactly the ends.
    func transform(_ t: Double) -> Double {
        guard t > 0 else { return 0 }
        guard t < 1 else { return 1 }
        return Double(solver.transform(Float(t)))
    }

    /// The curve parameter whose x is `t` (upstream's solver `getT`, in Float); 0 and 1 (and
    /// what lies beyond) stay exactly the ends.
    func parameter(_ t: Double) -> Double {
        guard t > 0 else { return 0 }
        guard t < 1 else { return 1 }
        return Double(solver.parameter(Float(t)))
    }
}

/// A playing linear animation (`LinearAnimationInstance` upstream): its time, direction,
/// loop handling and the time that spilled past a one-shot's end.
///
/// Time accumulates in 32-bit floats, exactly as upstream (binding-rules.md SM-7): sixty
/// advances of 1/60 s sum to 0.9999997 s, so a one-second loop has not wrapped after sixty
/// frames. On a wrap the frame becomes `start + fmod(frames - start, range)` in `Float`, and
/// the part of the step past the wrap is kept as spilled time.
struct AnimationPlayer {
    let definition: AnimationDefinition
    /// The places of the tracks' properties in the store the player applies to.
    private let handles: [PropertyStore.Handle]
    /// The definition's timing in `Float`, as every advance reads it, found once.
    private let timing: Timing

    /// An animation's timing as upstream computes with it, in `Float`.
    private struct Timing {
        let speed: Float
        let fps: Float
        let startFrame: Float
        let endFrame: Float
        let startSeconds: Float
        let endSeconds: Float
        let loop: AnimationDefinition.Loop
        /// Whether the animation has keyed events to report.
        let hasEvents: Bool

        init(_ definition: AnimationDefinition) {
            speed = Float(definition.speed)
            fps = Float(definition.fps)
            startFrame = Float(definition.startFrame)
            endFrame = Float(definition.endFrame)
            startSeconds = definition.startSecondsFloat
            endSeconds = definition.endSecondsFloat
            loop = definition.loop
            hasEvents = !definition.callbacks.isEmpty
        }
    }
    private var seconds: Float
    private var total: Float = 0
    private var lastTotal: Float = 0
    private var spilled: Float = 0
    private var direction: Float = 1
    /// The keyed events the advances passed, in order, until taken.
    private var passedEvents: [Int] = []

    /// The current time in seconds.
    var time: Double { Double(seconds) }
    /// Seconds played in total, across loops.
    var totalTime: Double { Double(total) }
    /// `totalTime` before the last advance.
    var lastTotalTime: Double { Double(lastTotal) }
    /// Time the last advance could not use (past a one-shot's end or a loop's wrap).
    var spilledTime: Double { Double(spilled) }

    /// A player of `definition` applying to `store`, at the end it plays from: upstream's
    /// `LinearAnimationInstance` starts at the range's start when the animation's speed and
    /// `speedMultiplier` (an animation state's speed) have one sign, and at its end otherwise
    /// (`startTime()` or `endTime()`), so an animation of speed -1 starts at its last frame.
    init(_ definition: AnimationDefinition, store: PropertyStore, speedMultiplier: Double = 1) {
        self.definition = definition
        handles = definition.handles(in: store)
        timing = Timing(definition)
        let forward = timing.speed >= 0
        seconds = forward == (speedMultiplier >= 0) ? timing.startSeconds : timing.endSeconds
    }

    /// Whether the animation still moves: loops always do, a one-shot until its end.
    var keepGoing: Bool { keepGoing(speed: 1) }

    /// Upstream's `keepGoing(speedMultiplier)`: the advance passes its elapsed seconds, so
    /// only their sign matters.
    private func keepGoing(speed: Float) -> Bool {
        let directed = timing.speed * direction * speed
        return timing.loop != .oneShot
            || (directed > 0 && seconds < timing.endSeconds)
            || (directed < 0 && seconds > timing.startSeconds)
    }

    /// The keyed events the advances since the last call passed (upstream reports them to the
    /// state machine as keyed callbacks).
    mutating func takePassedEvents() -> [Int] {
        guard !passedEvents.isEmpty else { return [] }
        defer { passedEvents.removeAll() }
        return passedEvents
    }

    /// Records the keyed events between two times (upstream `LinearAnimation::reportKeyedCallbacks`):
    /// none when starting a ping-pong bounce at the time the animation starts from (the range's
    /// start when the animation's speed and `speedDirection` have one sign, else its end).
    private mutating func passEvents(from: Float, to: Float, speedDirection: Float, fromPong: Bool) {
        guard timing.hasEvents else { return }
        let startTime = timing.speed * speedDirection >= 0 ? timing.startSeconds : timing.endSeconds
        let fromStart = startTime == from
        if fromStart, fromPong { return }
        // The definition is read unretained: this player holds it.
        Unmanaged.passUnretained(definition).borrow { $0.appendEvents(from: from, to: to, fromStart: fromStart, to: &passedEvents) }
    }

    /// Advances by `elapsed` seconds (scaled by the animation's speed, times `speed`); returns
    /// `keepGoing`. The step is rounded to a `Float` first, as upstream's API takes one. The
    /// keyed events passed on the way are kept for `takePassedEvents()`.
    @discardableResult
    mutating func advance(_ elapsed: Double, speed: Double = 1) -> Bool {
        let elapsedSeconds = Float(elapsed) * Float(speed)
        let delta = elapsedSeconds * timing.speed * direction
        spilled = 0
        guard delta != 0 else { return false }
        lastTotal = total
        total += abs(delta)
        let killSpilledTime = !keepGoing(speed: elapsedSeconds)
        let speedDirection: Float = speed >= 0 ? 1 : -1
        var lastTime = seconds
        seconds += delta
        passEvents(from: lastTime, to: seconds, speedDirection: speedDirection, fromPong: false)
        let fps = timing.fps
        var frames = seconds * fps
        let start = timing.startFrame, end = timing.endFrame
        let range = end - start
        var step: Float = delta < 0 ? -1 : 1
        switch timing.loop {
        case .oneShot:
            if step > 0, frames > end {
                spilled = (frames - end) / (delta * fps) * elapsedSeconds
                seconds = end / fps
            } else if step < 0, frames < start {
                spilled = (start - frames) / abs(delta * fps) * elapsedSeconds
                seconds = start / fps
            }
        case .loop:
            if step > 0, frames >= end {
                let remainder = (frames - start).truncatingRemainder(dividingBy: range)
                spilled = remainder / (delta * fps) * elapsedSeconds
                seconds = (start + remainder) / fps
                passEvents(from: 0, to: seconds, speedDirection: speedDirection, fromPong: false)
            } else if step < 0, frames <= start {
                let remainder = abs((start - frames).truncatingRemainder(dividingBy: range))
                spilled = abs(remainder / (delta * fps)) * elapsedSeconds
                seconds = (end - remainder) / fps
                passEvents(from: end / fps, to: seconds, speedDirection: speedDirection, fromPong: false)
            }
        case .pingPong:
            var fromPong = true
            while range > 0 {
                if step > 0, frames >= end {
                    spilled = (frames - end) / fps
                    frames = end + (end - frames)
                    lastTime = end / fps
                } else if step < 0, frames < start {
                    spilled = (start - frames) / fps
                    frames = start + (start - frames)
                    lastTime = start / fps
                } else {
                    break
                }
                seconds = frames / fps
                direction *= -1
                step *= -1
                passEvents(from: lastTime, to: seconds, speedDirection: speedDirection, fromPong: fromPong)
                fromPong.toggle()
            }
        }
        if killSpilledTime { spilled = 0 }
        return keepGoing(speed: elapsedSeconds)
    }

    /// Moves the animation to `value` seconds (upstream `LinearAnimationInstance::time`): the
    /// total times keep their last step between them, measured from the work area's start as
    /// upstream measures it, and the direction is forward again. Nothing changes when the
    /// animation is already there.
    mutating func seek(to value: Float) {
        guard seconds != value else { return }
        seconds = value
        let step = total - lastTotal
        total = value - timing.startFrame * timing.fps
        lastTotal = total - step
        direction = 1
    }

    /// Where in the animation a time measured from its start falls (upstream
    /// `LinearAnimation::globalToLocalSeconds`, in `Float`): past the end of a one-shot as is,
    /// wrapped into the range for a loop, and bouncing between the ends for a ping-pong.
    func localSeconds(_ global: Float) -> Float {
        let duration = abs(timing.endSeconds - timing.startSeconds)
        let startTime = timing.speed >= 0 ? timing.startSeconds : timing.endSeconds
        let endTime = timing.speed >= 0 ? timing.endSeconds : timing.startSeconds
        func positiveModulo(_ value: Float, _ range: Float) -> Float {
            let remainder = value.truncatingRemainder(dividingBy: range)
            return remainder < 0 ? remainder + range : remainder
        }
        switch timing.loop {
        case .oneShot:
            return global + startTime
        case .loop:
            return positiveModulo(global, duration) + startTime
        case .pingPong:
            let local = positiveModulo(global, duration)
            let quotient = global / duration
            // Upstream's `(int)(seconds / duration) % 2`; a quotient out of `Int`'s range counts as even.
            let direction = quotient.isFinite && abs(quotient) < 1e18 ? Int(quotient) % 2 : 0
            return direction == 0 ? local + startTime : endTime - local
        }
    }

    /// The animation's duration in seconds, in `Float` (upstream `durationSeconds()`).
    var durationSecondsFloat: Float { abs(timing.endSeconds - timing.startSeconds) }

    /// Applies the animation at its current time (to the store it was made for).
    func apply(mix: Double, to store: PropertyStore) {
        definition.apply(at: time, mix: mix, to: store, handles: handles)
    }
}
