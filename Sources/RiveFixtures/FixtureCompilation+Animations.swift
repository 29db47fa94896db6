import RiveFormat
import YAML

extension FixtureCompilation {
    /// A cubic ease curve's control points, which identify its interpolator.
    struct Ease: Hashable {
        var x1: Float, y1: Float, x2: Float, y2: Float
    }

    /// Emits one CubicEaseInterpolator component per distinct curve the animations use and
    /// returns their artboard-local ids.
    mutating func emitInterpolators(_ animations: [AnimationSource]) throws(FixtureError) -> [Ease: Int] {
        var ids: [Ease: Int] = [:]
        for animation in animations {
            for key in animation.keys ?? [] {
                for frame in key.frames where frame.interpolation == .cubic {
                    let ease = try self.ease(frame)
                    guard ids[ease] == nil else { continue }
                    ids[ease] = emitComponent(TypeKey.cubicEaseInterpolator, [
                        (PropertyKey.cubicInterpolatorX1, .float(ease.x1)), (PropertyKey.cubicInterpolatorY1, .float(ease.y1)),
                        (PropertyKey.cubicInterpolatorX2, .float(ease.x2)), (PropertyKey.cubicInterpolatorY2, .float(ease.y2)),
                    ], at: frame.frame.mark)
                }
            }
        }
        return ids
    }

    private func ease(_ frame: KeyFrameSource) throws(FixtureError) -> Ease {
        guard let points = frame.ease else { return Ease(x1: 0.42, y1: 0, x2: 0.58, y2: 1) }
        guard points.value.count == 4, [points.value[0], points.value[2]].allSatisfy({ (0...1).contains($0) }) else {
            throw error(.invalidValue, points.mark, "a cubic ease is [x1, y1, x2, y2] with x1 and x2 between 0 and 1", hint: "for example [0.42, 0, 0.58, 1]")
        }
        return Ease(x1: points.value[0], y1: points.value[1], x2: points.value[2], y2: points.value[3])
    }

    /// Emits a linear animation: KeyedObject → KeyedProperty → KeyFrames, grouped by object.
    mutating func emitAnimation(_ source: AnimationSource, nodes: [String: NodeEntry], interpolators: [Ease: Int], artboard: String) throws(FixtureError) {
        if source.fps == 0 {
            throw error(.invalidValue, source.name.mark, "animation '\(source.name.value)' has 0 frames per second", hint: "leave fps out (60) or give a positive rate")
        }
        emit(TypeKey.linearAnimation, [
            (PropertyKey.animationName, .string(source.name.value)),
            (PropertyKey.linearAnimationFps, source.fps.map { .uint(UInt64($0)) }),
            (PropertyKey.linearAnimationDuration, .uint(UInt64(source.duration))),
            (PropertyKey.linearAnimationLoopValue, source.loop.map { .uint(Self.loopValue($0)) }),
        ], at: source.name.mark)
        var objectOrder: [Int] = []
        var keysByObject: [Int: [(key: KeySource, target: ResolvedTarget)]] = [:]
        for key in source.keys ?? [] {
            let target = try resolveTarget(key.target, nodes: nodes, forKeyframes: true)
            guard let objectId = nodes[target.node]?.localIds[target.property.role] else {
                throw error(.unknownName, key.target.mark, "'\(key.target.value)' names a node without a name-addressable object", hint: "name the node")
            }
            if keysByObject[objectId]?.contains(where: { $0.target.property.key == target.property.key }) == true {
                throw error(.duplicateName, key.target.mark, "'\(key.target.value)' is keyed twice in animation '\(source.name.value)'", hint: "put all keyframes of a property in one entry")
            }
            if keysByObject[objectId] == nil { objectOrder.append(objectId) }
            keysByObject[objectId, default: []].append((key, target))
        }
        for objectId in objectOrder {
            emit(TypeKey.keyedObject, [(PropertyKey.keyedObjectObjectId, .uint(UInt64(objectId)))], at: keysByObject[objectId]?.first?.key.target.mark ?? source.name.mark)
            for (key, target) in keysByObject[objectId] ?? [] {
                emit(TypeKey.keyedProperty, [(PropertyKey.keyedPropertyPropertyKey, .uint(UInt64(target.property.key)))], at: key.target.mark)
                var previousFrame: UInt32?
                for frame in key.frames {
                    if frame.frame.value > source.duration {
                        throw error(.invalidValue, frame.frame.mark, "frame \(frame.frame.value) is after the end of '\(source.name.value)' (\(source.duration) frames)", hint: "key frames from 0 to \(source.duration)")
                    }
                    if let previousFrame, frame.frame.value <= previousFrame {
                        throw error(.invalidValue, frame.frame.mark, "frame \(frame.frame.value) does not come after frame \(previousFrame)", hint: "list keyframes in increasing frame order")
                    }
                    previousFrame = frame.frame.value
                    try emitKeyFrame(frame, of: target, named: key.target.value, interpolators: interpolators, artboard: artboard)
                }
            }
        }
    }

    private mutating func emitKeyFrame(_ frame: KeyFrameSource, of target: ResolvedTarget, named name: String, interpolators: [Ease: Int],
                                       artboard: String) throws(FixtureError) {
        let interpolation = frame.interpolation ?? .linear
        var common: [(UInt32, RivePropertyValue?)] = [
            (PropertyKey.keyFrameFrame, .uint(UInt64(frame.frame.value))),
            (PropertyKey.interpolatingKeyFrameInterpolationType, .uint(Self.interpolationValue(interpolation))),
        ]
        if interpolation == .cubic {
            common.append((PropertyKey.interpolatingKeyFrameInterpolatorId, interpolators[try ease(frame)].map { .uint(UInt64($0)) }))
        }
        let node = frame.value.node
        let valueKey: UInt32
        switch target.property.kind {
        case .number:
            valueKey = PropertyKey.keyFrameDoubleValue
            emit(TypeKey.keyFrameDouble, common + [(valueKey, .float(try number(node, for: name)))], at: frame.frame.mark)
        case .color:
            valueKey = PropertyKey.keyFrameColorValue
            emit(TypeKey.keyFrameColor, common + [(valueKey, .color(try color(node, for: name)))], at: frame.frame.mark)
        case .boolean:
            valueKey = PropertyKey.keyFrameBoolValue
            emit(TypeKey.keyFrameBool, common + [(valueKey, .bool(try bool(node, for: name)))], at: frame.frame.mark)
        case .list, .soloChoice, .artboard, .string:
            throw error(.typeMismatch, frame.frame.mark, "'\(name)' cannot be keyframed", hint: "bind it instead")
        }
        if let bind = frame.bind {
            // A keyframe value bind: a DataBindContext right after the keyframe, on its value.
            let resolved = try resolvePath(bind, reachableFrom: artboard)
            guard resolved.property.kind == target.property.kind.propertyKind else {
                throw error(.typeMismatch, bind.mark, "'\(bind.value)' is a \(resolved.property.kind.rawValue) property; the keyframe of '\(name)' needs a \(target.property.kind.rawValue)",
                            hint: "bind a property of the keyframe's kind")
            }
            emitDataBind(key: valueKey, path: resolved, flags: 0, at: bind.mark)
        }
    }

    private static func loopValue(_ loop: LoopKind) -> UInt64 {
        switch loop {
        case .oneShot: 0
        case .loop: 1
        case .pingPong: 2
        }
    }

    private static func interpolationValue(_ interpolation: InterpolationKind) -> UInt64 {
        switch interpolation {
        case .hold: 0
        case .linear: 1
        case .cubic: 2
        }
    }
}
