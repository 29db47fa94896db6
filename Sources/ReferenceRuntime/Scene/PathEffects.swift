import RiveFormat
import RiveRendering

private typealias T = RiveTypeKey
private typealias P = RivePropertyKey

/// The path effects of an artboard's paints: trim paths, dash paths, group effects reached
/// through target effects, and scripted path effects, applied to a paint's path before it
/// is drawn (upstream `ShapePaint::update` and `ShapePaint::draw`, src/shapes/paint/).
///
/// A paint's effects are its effect children in file order (upstream's `addStrokeEffect`
/// order); each one works on what the one before it produced, and the paint draws the last
/// result (`EffectsContainer::lastEffectPath`). An effect is an upstream `StrokeEffect`:
/// - a `TrimPath` keeps the part between `start` and `end` (plus `offset`) of the path's
///   length, over all contours in turn (sequential) or per contour (synchronized); a trim with
///   another mode is dropped when the file loads, as upstream's `onAddedDirty` refuses it;
/// - a `DashPath` cuts a stroke's path into its `Dash` children's lengths, from its offset
///   (a fill keeps its path);
/// - a `TargetEffect` runs the `GroupEffect` its `targetId` names: that group's own effect
///   children, in order (none gives no result, and the paint keeps what it had);
/// - a `ScriptedPathEffect` gives an empty path: scripting is compiled out of the runtime the
///   harness compares with (no `WITH_RIVE_SCRIPTING`), where its update does nothing and its
///   result stays empty (src/scripted/scripted_path_effect.cpp).
/// Values are read from the store when drawing, so animations and binds move them; results
/// are kept per paint until the source path or an effect value changes.
struct PathEffects {
    /// One effect of a chain.
    indirect enum Effect: Equatable {
        case trim(Int)
        case dash(Int, dashes: [Int])
        case scripted
        /// A group effect's chain (reached through a target effect).
        case group([Effect])
    }

    /// The effect types this file plays (their components are drawn, not reported).
    static let supportedTypes: Set<UInt32> = [T.trimPath, T.dashPath, T.dash, T.targetEffect, T.groupEffect, T.scriptedPathEffect]

    /// Each paint's effects, by paint id.
    private(set) var byPaint: [Int: [Effect]] = [:]
    /// The last result per paint: the path it was computed from, the effect values, the result.
    private var cache: [Int: (source: Path, values: [Float], result: Path?)] = [:]

    /// No effects.
    init() {}

    /// Finds the effects of the paints among an artboard's components (`parent` and
    /// `children` by artboard-local id).
    init(components: [ArtboardScene.Component?], store: PropertyStore) {
        func isPaint(_ id: Int) -> Bool { [.fill, .stroke].contains(components[id]?.kind) }
        func effects(under container: Int, depth: Int) -> [Effect] {
            (components[container]?.children ?? []).compactMap { child in
                guard let component = components[child] else { return nil }
                switch component.typeKey {
                case T.trimPath:
                    let mode = store.uint(child, P.trimPathModeValue, 0)
                    return mode == 1 || mode == 2 ? .trim(child) : nil
                case T.dashPath:
                    return .dash(child, dashes: component.children.filter { components[$0]?.typeKey == T.dash })
                case T.scriptedPathEffect:
                    return .scripted
                case T.targetEffect:
                    let target = Int(truncatingIfNeeded: store.uint(child, P.targetEffectTargetId, UInt64(UInt32.max)))
                    guard depth < 8, components.indices.contains(target), components[target]?.typeKey == T.groupEffect else { return nil }
                    return .group(effects(under: target, depth: depth + 1))
                default:
                    return nil
                }
            }
        }
        for id in components.indices where isPaint(id) {
            let chain = effects(under: id, depth: 0)
            if !chain.isEmpty { byPaint[id] = chain }
        }
    }

    /// Whether any paint has effects.
    var isEmpty: Bool { byPaint.isEmpty }

    /// The path a paint draws after its effects, or `nil` when no effect gives a result (the
    /// paint draws `source`). `isFill` tells a fill from a stroke: a trimmed fill closes each
    /// piece and a dash leaves a fill as it is.
    mutating func apply(paint: Int, to source: Path, isFill: Bool, store: PropertyStore) -> Path? {
        guard let chain = byPaint[paint] else { return nil }
        var values: [Float] = []
        Self.collectValues(chain, store: store, into: &values)
        if let cached = cache[paint], cached.values == values, cached.source == source { return cached.result }
        let result = Self.run(chain, on: source, isFill: isFill, store: store)
        cache[paint] = (source, values, result)
        return result
    }

    /// Runs a chain: each effect works on the previous result; the last result, or `nil`.
    private static func run(_ chain: [Effect], on source: Path, isFill: Bool, store: PropertyStore) -> Path? {
        var path = source
        var last: Path?
        for effect in chain {
            let result: Path?
            switch effect {
            case .trim(let id):
                result = path.trimmed(start: store.float(id, P.trimPathStart, 0), end: store.float(id, P.trimPathEnd, 0),
                                      offset: store.float(id, P.trimPathOffset, 0),
                                      mode: TrimMode(rawValue: UInt32(truncatingIfNeeded: store.uint(id, P.trimPathModeValue, 0))) ?? .sequential,
                                      closeEachSegment: isFill)
            case .dash(let id, let dashes):
                if isFill {
                    result = path
                } else {
                    result = path.dashed(offset: DashLength(length: store.float(id, P.dashPathOffset, 0), isPercentage: store.bool(id, P.dashPathOffsetIsPercentage, false)),
                                         dashes: dashes.map { DashLength(length: store.float($0, P.dashLength, 0), isPercentage: store.bool($0, P.dashLengthIsPercentage, false)) })
                }
            case .scripted:
                result = Path(fillRule: path.fillRule)
            case .group(let inner):
                result = run(inner, on: path, isFill: isFill, store: store)
            }
            if let result {
                path = result
                last = result
            }
        }
        return last
    }

    /// The effect values a chain's result depends on, in a fixed order.
    private static func collectValues(_ chain: [Effect], store: PropertyStore, into values: inout [Float]) {
        for effect in chain {
            switch effect {
            case .trim(let id):
                values += [store.float(id, P.trimPathStart, 0), store.float(id, P.trimPathEnd, 0), store.float(id, P.trimPathOffset, 0)]
            case .dash(let id, let dashes):
                values += [store.float(id, P.dashPathOffset, 0), store.bool(id, P.dashPathOffsetIsPercentage, false) ? 1 : 0]
                for dash in dashes {
                    values += [store.float(dash, P.dashLength, 0), store.bool(dash, P.dashLengthIsPercentage, false) ? 1 : 0]
                }
            case .scripted:
                break
            case .group(let inner):
                collectValues(inner, store: store, into: &values)
            }
        }
    }
}

extension PropertyStore {
    /// A number property as upstream's 32-bit float.
    fileprivate func float(_ id: Int, _ property: UInt32, _ defaultValue: Double) -> Float {
        Float(double(id, property, defaultValue))
    }
}
