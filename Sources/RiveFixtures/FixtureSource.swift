import YAML

// The fixture language as written: plain `Decodable` values that keep the location of every
// name, so the compiler can report a mistake where it was made. docs/fixture-format.md
// describes each key; the compiler (FixtureCompilation) resolves the names.

/// One fixture file: enums, view models and artboards, referred to by name.
struct FixtureSource: Decodable {
    var fonts: [FontSource]?
    var enums: [EnumSource]?
    var converters: [ConverterSource]?
    var viewModels: [ViewModelSource]?
    var artboards: [ArtboardSource]
}

/// A font embedded in the file: a FontAsset with its bytes in a FileAssetContents.
struct FontSource: Decodable {
    /// The name text nodes refer to it by (and the asset's name in the file).
    var name: Located<String>
    /// The font file, relative to the fixture's folder (for example `assets/boxes.ttf`).
    var file: Located<String>
}

/// An enum and its values.
struct EnumSource: Decodable {
    var name: Located<String>
    var values: [EnumValueSource]
}

/// An enum value: a key (the case name the runtime API uses) and optional display text.
///
/// Written either as a bare key (`happy`) or as a mapping (`{key: happy, text: Happy!}`).
struct EnumValueSource: Decodable {
    var key: Located<String>
    var text: String?

    private enum CodingKeys: String, CodingKey { case key, text }

    init(from decoder: any Decoder) throws {
        if decoder.yamlNode?.scalar != nil {
            key = try Located(from: decoder)
            text = nil
        } else {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            key = try container.decode(Located<String>.self, forKey: .key)
            text = try container.decodeIfPresent(String.self, forKey: .text)
        }
    }
}

/// A view model: its properties and authored instances.
struct ViewModelSource: Decodable {
    var name: Located<String>
    var global: Bool?
    var properties: [PropertySource]?
    var instances: [InstanceSource]?
}

/// The type of a view-model property.
enum PropertyKind: String, Decodable, CaseIterable {
    case number, string, boolean, color, `enum`, trigger, viewModel, list, image, font, blob, artboard
}

/// A view-model property: its name, type, and the enum or view model it refers to.
struct PropertySource: Decodable {
    var name: Located<String>
    var type: Located<PropertyKind>
    /// The enum of an `enum` property.
    var `enum`: Located<String>?
    /// The referenced view model of a `viewModel` property, or the item view model of a `list`.
    var viewModel: Located<String>?
}

/// An authored instance: its name and values by property name, in the order written.
struct InstanceSource: Decodable {
    var name: Located<String>?
    var values: FixtureMapping?
    var mark: Mark

    private enum CodingKeys: String, CodingKey { case name, values }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(Located<String>.self, forKey: .name)
        values = try container.decodeIfPresent(FixtureMapping.self, forKey: .values)
        mark = decoder.yamlMark ?? .start
    }
}

/// A raw YAML node, kept for values whose type is known only once names are resolved.
struct FixtureNode: Decodable {
    var node: YAMLNode

    init(from decoder: any Decoder) throws {
        guard let node = decoder.yamlNode else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "fixtures are read with YAMLDecoder only"))
        }
        self.node = node
    }
}

/// A YAML mapping from names to raw values, in the order written.
struct FixtureMapping: Decodable {
    var entries: [(name: Located<String>, value: YAMLNode)]

    init(from decoder: any Decoder) throws {
        guard let mapping = decoder.yamlNode?.mapping else {
            throw DecodingError.typeMismatch(FixtureMapping.self, .init(codingPath: decoder.codingPath, debugDescription: "expected a mapping from property names to values"))
        }
        entries = try mapping.map { entry in
            guard let key = entry.key.scalar?.text else {
                throw DecodingError.typeMismatch(String.self, .init(codingPath: decoder.codingPath, debugDescription: "property names must be plain text"))
            }
            return (Located(key, at: entry.key.mark), entry.value)
        }
    }
}

/// An ARGB color written as `"#RRGGBB"`, `"#AARRGGBB"` or an integer such as `0xFF00FF00`.
struct FixtureColor: Decodable {
    var argb: UInt32

    init(from decoder: any Decoder) throws {
        guard let node = decoder.yamlNode, let argb = FixtureValueParser.color(node) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected a color such as \"#FF3366\", \"#80FF3366\" or 0xFFFF3366"))
        }
        self.argb = argb
    }
}

/// An artboard: size, view model, default state machine, nodes, binds, animations, state machines.
struct ArtboardSource: Decodable {
    var name: Located<String>
    var width: Float
    var height: Float
    var viewModel: Located<String>?
    var defaultStateMachine: Located<String>?
    var background: FixtureColor?
    /// Whether the artboard clips what it draws to its bounds (default: no, the runtime default).
    var clip: Bool?
    var nodes: [NodeSource]?
    var binds: [BindSource]?
    var animations: [AnimationSource]?
    var stateMachines: [StateMachineSource]?
}

/// What a node is.
enum NodeKind: String, Decodable, CaseIterable {
    case group, rectangle, ellipse, path, list
    /// A group that shows only its active child (`Solo`).
    case solo
    /// A nested artboard (`NestedArtboard`): draws an instance of another artboard.
    case nested
    /// A text object (`Text`) with one style (`TextStylePaint`) and one run (`TextValueRun`).
    case text
    /// A layout component (`LayoutComponent`) with its style (`LayoutComponentStyle`).
    case layout
}

/// How a text object sizes itself (`TextSizing`: autoWidth 0, autoHeight 1, fixed 2).
enum TextSizingName: String, Decodable, CaseIterable {
    case autoWidth, autoHeight, fixed
}

/// How a text object aligns its lines (`TextAlign`: left 0, right 1, center 2).
enum TextAlignName: String, Decodable, CaseIterable {
    case left, right, center
}

/// The main axis of a layout component's children (Yoga's `FlexDirection`: column 0,
/// columnReverse 1, row 2, rowReverse 3).
enum LayoutDirection: String, Decodable, CaseIterable {
    case column, columnReverse, row, rowReverse
}

/// A layout component's style: the direction its children flow in, the gap between them and
/// the padding inside its box (artboard units).
struct LayoutStyleSource: Decodable {
    var direction: LayoutDirection?
    var gap: Float?
    var padding: Float?
}

/// A node of the artboard tree: a group, a shape (rectangle, ellipse, path), a list, a solo or a nested artboard.
struct NodeSource: Decodable {
    var name: Located<String>?
    var type: Located<NodeKind>
    var x: Float?
    var y: Float?
    var rotation: Float?
    var scale: Float?
    var scaleX: Float?
    var scaleY: Float?
    var opacity: Float?
    var width: Float?
    var height: Float?
    var cornerRadius: Float?
    var closed: Bool?
    var vertices: [VertexSource]?
    var fill: PaintSource?
    var stroke: PaintSource?
    var children: [NodeSource]?
    /// Clipping shapes: everything under this node is clipped to the shapes under each source.
    var clips: [ClipSource]?
    /// For a solo: the name of the child shown first (default: none, so nothing shows).
    var active: Located<String>?
    /// For a nested artboard: the artboard it shows.
    var artboard: Located<String>?
    /// For a nested artboard: the state machine of that artboard it plays (default: none).
    var stateMachine: Located<String>?
    /// For a nested artboard: a path to a nested view-model property of the host's view
    /// model whose instance the nested artboard binds to (default: it shares the host's context).
    var dataPath: Located<String>?
    /// For a nested artboard: whether it is paused, and the speed of its time.
    var paused: Bool?
    var speed: Float?
    /// For a text: the run's text, the font (a name from the file's `fonts`), its size, how the
    /// text sizes itself (with `width:`/`height:` for a fixed box) and how it aligns.
    var text: String?
    var font: Located<String>?
    var fontSize: Float?
    var sizing: TextSizingName?
    var align: TextAlignName?
    /// For a layout: its style (direction, gap, padding).
    var style: LayoutStyleSource?
}

/// A clipping shape (`ClippingShape`): the node whose shapes make the clip, its fill rule and
/// whether it clips at all.
struct ClipSource: Decodable {
    var source: Located<String>
    var rule: FillRule?
    var visible: Bool?
}

/// A vertex of a point path; `in` and `out` are absolute control points of a cubic vertex.
struct VertexSource: Decodable {
    var x: Float
    var y: Float
    var `in`: [Float]?
    var out: [Float]?
}

/// How a fill decides what is inside.
enum FillRule: String, Decodable, CaseIterable {
    case nonZero, evenOdd
}

/// The end of an open stroke.
enum StrokeCap: String, Decodable, CaseIterable {
    case butt, round, square
}

/// The corner of a stroke.
enum StrokeJoin: String, Decodable, CaseIterable {
    case miter, round, bevel
}

/// A fill or a stroke with a solid color.
struct PaintSource: Decodable {
    var color: FixtureColor?
    /// A gradient instead of a solid color.
    var gradient: GradientSource?
    var visible: Bool?
    var rule: FillRule?
    var thickness: Float?
    var cap: StrokeCap?
    var join: StrokeJoin?
}

/// The kind of a gradient.
enum GradientKind: String, Decodable, CaseIterable {
    case linear, radial
}

/// A gradient paint: its points in the shape's space (a radial gradient is centred on
/// `start` and reaches `end`), its opacity and its color stops.
struct GradientSource: Decodable {
    var type: GradientKind
    var start: [Float]
    var end: [Float]
    var opacity: Float?
    var stops: [GradientStopSource]
}

/// One stop of a gradient: a color at a position from 0 to 1.
struct GradientStopSource: Decodable {
    var color: FixtureColor
    var position: Float
}

/// Which way a data bind moves values.
enum BindDirection: String, Decodable, CaseIterable {
    case toTarget, toSource, twoWay
}

/// A data bind from a view-model property path to a node property.
struct BindSource: Decodable {
    /// `Node.property`, for example `Panel.x` or `Panel.fill.color`.
    var target: Located<String>
    /// `ViewModel/property[/nested…]`.
    var source: Located<String>
    var direction: BindDirection?
    /// For two-way binds: apply source→target before target→source within one update.
    var sourceFirst: Bool?
    /// The name of a converter of the file's `converters` that the bind applies.
    var converter: Located<String>?
}

/// What a data converter does (the upstream `DataConverter` subtypes the compiler writes).
enum ConverterKind: String, Decodable, CaseIterable {
    case toString, toNumber, negate, operation, degsToRads, rangeMapper, rounder, trim, pad, removeZeros, formula, interpolator, group
}

/// An arithmetic operation of an operation converter (`ArithmeticOperation`, in raw-value order).
enum ArithmeticOperationName: String, Decodable, CaseIterable {
    case add, subtract, multiply, divide, modulo, squareRoot, power, exp, log, cosine, sine, tangent,
         acosine, asine, atangent, atangent2, round, floor, ceil
}

/// How a range mapper eases between its outputs.
enum RangeInterpolation: String, Decodable, CaseIterable {
    case hold, linear, cubic
}

/// Which ends a trim converter trims (`TrimType`: none 0, start 1, end 2, all 3).
enum TrimKind: String, Decodable, CaseIterable {
    case none, start, end, all
}

/// Which side a pad converter pads.
enum PadSide: String, Decodable, CaseIterable {
    case start, end
}

/// A file-level data converter; each kind reads only its own keys (docs/fixture-format.md).
struct ConverterSource: Decodable {
    var name: Located<String>
    var type: Located<ConverterKind>
    // operation, degsToRads
    var op: ArithmeticOperationName?
    var value: Float?
    // toString, rounder
    var decimals: UInt32?
    var round: Bool?
    var trailingZeros: Bool?
    var commas: Bool?
    var colorFormat: String?
    // rangeMapper
    var minInput: Float?
    var maxInput: Float?
    var minOutput: Float?
    var maxOutput: Float?
    var clampLower: Bool?
    var clampUpper: Bool?
    var modulo: Bool?
    var reverse: Bool?
    var interpolation: RangeInterpolation?
    var ease: [Float]?
    // trim, pad
    var trim: TrimKind?
    var length: UInt32?
    var text: String?
    var side: PadSide?
    // formula
    var formula: Located<String>?
    // interpolator (with interpolation and ease)
    var duration: Float?
    // group
    var items: [Located<String>]?

    /// The keys given, by name, to check them against the kind.
    var givenKeys: [String] {
        let keys: [(String, Bool)] = [
            ("op", op != nil), ("value", value != nil), ("decimals", decimals != nil), ("round", round != nil),
            ("trailingZeros", trailingZeros != nil), ("commas", commas != nil), ("colorFormat", colorFormat != nil),
            ("minInput", minInput != nil), ("maxInput", maxInput != nil), ("minOutput", minOutput != nil), ("maxOutput", maxOutput != nil),
            ("clampLower", clampLower != nil), ("clampUpper", clampUpper != nil), ("modulo", modulo != nil), ("reverse", reverse != nil),
            ("interpolation", interpolation != nil), ("ease", ease != nil), ("trim", trim != nil), ("length", length != nil),
            ("text", text != nil), ("side", side != nil), ("formula", formula != nil), ("duration", duration != nil), ("items", items != nil),
        ]
        return keys.filter(\.1).map(\.0)
    }
}

/// How a linear animation ends.
enum LoopKind: String, Decodable, CaseIterable {
    case oneShot, loop, pingPong
}

/// A linear animation with keyframes.
struct AnimationSource: Decodable {
    var name: Located<String>
    var fps: UInt32?
    var duration: UInt32
    var loop: LoopKind?
    var keys: [KeySource]?
}

/// The keyframes of one property of one node.
struct KeySource: Decodable {
    var target: Located<String>
    var frames: [KeyFrameSource]
}

/// How a keyframe moves to the next one.
enum InterpolationKind: String, Decodable, CaseIterable {
    case hold, linear, cubic
}

/// One keyframe: frame number, value, and the interpolation towards the next keyframe.
struct KeyFrameSource: Decodable {
    var frame: Located<UInt32>
    var value: FixtureNode
    var interpolation: InterpolationKind?
    /// The cubic curve's control points `[x1, y1, x2, y2]`.
    var ease: Located<[Float]>?
    /// A view-model property (`ViewModel/property`) whose value the keyframe applies instead
    /// of its own: a data bind on the keyframe's value.
    var bind: Located<String>?
}

/// A state machine: inputs, layers and listeners.
struct StateMachineSource: Decodable {
    var name: Located<String>
    var inputs: [InputSource]?
    var layers: [LayerSource]?
    var listeners: [ListenerSource]?
}

/// The type of a state-machine input.
enum InputKind: String, Decodable, CaseIterable {
    case number, boolean, trigger
}

/// A state-machine input with its initial value.
struct InputSource: Decodable {
    var name: Located<String>
    var type: InputKind
    var value: FixtureNode?
}

/// A layer: transitions from its entry and any states, and its animation states.
struct LayerSource: Decodable {
    var name: Located<String>
    var entry: [TransitionSource]?
    var any: [TransitionSource]?
    var states: [StateSource]?
}

/// An animation state or a 1D blend state, and the transitions that leave it.
struct StateSource: Decodable {
    var name: Located<String>
    /// The animation an animation state plays (exactly one of `animation` and `blend`).
    var animation: Located<String>?
    /// What a 1D blend state mixes.
    var blend: BlendSource?
    var speed: Float?
    /// View-model triggers the state fires when it starts or ends.
    var fire: [FireSource]?
    var transitions: [TransitionSource]?
}

/// A 1D blend state: one number, from a number input or a view-model number property, places
/// itself between the two animations whose values surround it.
struct BlendSource: Decodable {
    /// A number input of the state machine (exactly one of `input` and `property`).
    var input: Located<String>?
    /// A view-model number property (`ViewModel/property`), bound to the state.
    var property: Located<String>?
    var animations: [BlendAnimationSource]
}

/// An animation of a 1D blend state and its position on the blend axis.
struct BlendAnimationSource: Decodable {
    var animation: Located<String>
    var value: Float
}

/// When a fire action of a state or transition fires.
enum FireMoment: String, Decodable, CaseIterable {
    case start, end
}

/// A fire action (`StateMachineFireTrigger`): a view-model trigger fired when a state starts
/// or ends, or when a transition is taken (start) or completes its mix (end).
struct FireSource: Decodable {
    /// `ViewModel/trigger[/nested…]`.
    var trigger: Located<String>
    var at: FireMoment?
}

/// A time: a number of milliseconds, or a string `"N%"` for a percentage of the animation.
struct FixtureTime: Decodable {
    var value: UInt32
    var isPercentage: Bool

    init(from decoder: any Decoder) throws {
        guard let scalar = decoder.yamlNode?.scalar else {
            throw DecodingError.typeMismatch(FixtureTime.self, .init(codingPath: decoder.codingPath, debugDescription: "expected milliseconds (250) or a percentage (\"100%\")"))
        }
        let text = scalar.text
        isPercentage = text.hasSuffix("%")
        guard let number = UInt32(isPercentage ? String(text.dropLast()) : text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected whole milliseconds (250) or a whole percentage (\"100%\"), found '\(text)'"))
        }
        value = number
    }
}

/// A transition to a state, with its timing and conditions.
struct TransitionSource: Decodable {
    var to: Located<String>
    var duration: FixtureTime?
    var exitTime: FixtureTime?
    var conditions: [ConditionSource]?
    /// View-model triggers the transition fires when taken (start) or when its mix completes (end).
    var fire: [FireSource]?
}

/// A comparison operator, written as a symbol (`"=="`, `"<"`) or a word (`eq`, `lt`).
enum ComparisonOp: UInt64, Decodable, CaseIterable {
    case equal = 0, notEqual, lessOrEqual, greaterOrEqual, less, greater

    init(from decoder: any Decoder) throws {
        let text = try String(from: decoder)
        let names: [String: ComparisonOp] = [
            "==": .equal, "eq": .equal, "!=": .notEqual, "ne": .notEqual, "<=": .lessOrEqual, "le": .lessOrEqual,
            ">=": .greaterOrEqual, "ge": .greaterOrEqual, "<": .less, "lt": .less, ">": .greater, "gt": .greater,
        ]
        guard let op = names[text] else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown comparison '\(text)'; use ==, !=, <, <=, >, >= (quoted) or eq, ne, lt, le, gt, ge"))
        }
        self = op
    }
}

/// A transition condition on an input or on a view-model property.
struct ConditionSource: Decodable {
    var input: Located<String>?
    var property: Located<String>?
    var op: Located<ComparisonOp>?
    var value: FixtureNode?
    var mark: Mark

    private enum CodingKeys: String, CodingKey { case input, property, op, value }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        input = try container.decodeIfPresent(Located<String>.self, forKey: .input)
        property = try container.decodeIfPresent(Located<String>.self, forKey: .property)
        op = try container.decodeIfPresent(Located<ComparisonOp>.self, forKey: .op)
        value = try container.decodeIfPresent(FixtureNode.self, forKey: .value)
        mark = decoder.yamlMark ?? .start
    }
}

/// The pointer event a listener reacts to; raw values are the format's listener types.
enum PointerEvent: String, Decodable, CaseIterable {
    case enter, exit, down, up
    /// Not a pointer event: a change of the view-model property the listener names.
    case viewModel
}

/// A listener on a node and the actions it performs.
struct ListenerSource: Decodable {
    var name: Located<String>?
    /// The node whose shapes a pointer listener hit-tests; a view-model listener may name the artboard.
    var target: Located<String>
    var event: PointerEvent
    /// For `event: viewModel`: the `ViewModel/property[/nested…]` whose changes it reacts to.
    var property: Located<String>?
    var actions: [ActionSource]
}

/// One listener action: fire or set a view-model property, or fire or set an input.
struct ActionSource: Decodable {
    var fire: Located<String>?
    var set: Located<String>?
    var fireInput: Located<String>?
    var setInput: Located<String>?
    var value: FixtureNode?
    var mark: Mark

    private enum CodingKeys: String, CodingKey { case fire, set, fireInput, setInput, value }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        fire = try container.decodeIfPresent(Located<String>.self, forKey: .fire)
        set = try container.decodeIfPresent(Located<String>.self, forKey: .set)
        fireInput = try container.decodeIfPresent(Located<String>.self, forKey: .fireInput)
        setInput = try container.decodeIfPresent(Located<String>.self, forKey: .setInput)
        value = try container.decodeIfPresent(FixtureNode.self, forKey: .value)
        mark = decoder.yamlMark ?? .start
    }
}
