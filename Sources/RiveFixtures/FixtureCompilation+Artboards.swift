import Foundation
import RiveFormat
import YAML

/// Which object of a node a property lives on: a shape is a Shape with a path, a fill and a
/// stroke, each paint with its SolidColor.
enum TargetRole: Hashable {
    case node, path, fill, fillColor, stroke, strokeColor
    /// A text's style (TextStylePaint) and its run (TextValueRun).
    case style, run
}

/// The kind of value a node property holds, which decides the view-model type it binds to.
enum TargetValueKind: String {
    case number, color, boolean, list, string
    /// A solo's active child: chosen by a number (index), a string (name) or an enum (value name).
    case soloChoice
    /// A nested artboard's artboard (`NestedArtboard.artboardId`), from an artboard property.
    case artboard

    /// The view-model property kind a bind source must have.
    var propertyKind: PropertyKind {
        switch self {
        case .number: .number
        case .color: .color
        case .boolean: .boolean
        case .list: .list
        case .string: .string
        case .soloChoice: .number
        case .artboard: .artboard
        }
    }
}

/// A bindable and keyframeable node property: the object it lives on, its key and value kind.
struct TargetProperty {
    var role: TargetRole
    var key: UInt32
    var kind: TargetValueKind
}

/// A resolved `Node.property` reference.
struct ResolvedTarget {
    var node: String
    var property: TargetProperty
}

/// What the compiler knows about one named node of an artboard while laying it out.
struct NodeEntry {
    var kind: NodeKind?
    var hasFill = false
    var hasStroke = false
    /// Whether the fill or stroke paints with a gradient (so it has no solid color to bind).
    var fillIsGradient = false
    var strokeIsGradient = false
    var localIds: [TargetRole: Int] = [:]
}

extension FixtureCompilation {
    /// The computed node positions: binds may only read them (`direction: toSource`).
    static let computedKeys: Set<UInt32> = [
        PropertyKey.nodeComputedWorldX, PropertyKey.nodeComputedWorldY, PropertyKey.nodeComputedLocalX,
        PropertyKey.nodeComputedLocalY, PropertyKey.nodeComputedRootX, PropertyKey.nodeComputedRootY,
    ]

    /// The properties each node kind offers to binds and keyframes; `nil` kind is the artboard.
    static func targetProperties(of kind: NodeKind?) -> [String: TargetProperty] {
        var table: [String: TargetProperty] = [
            "x": TargetProperty(role: .node, key: PropertyKey.nodeX, kind: .number),
            "y": TargetProperty(role: .node, key: PropertyKey.nodeY, kind: .number),
            "rotation": TargetProperty(role: .node, key: PropertyKey.transformComponentRotation, kind: .number),
            "scaleX": TargetProperty(role: .node, key: PropertyKey.transformComponentScaleX, kind: .number),
            "scaleY": TargetProperty(role: .node, key: PropertyKey.transformComponentScaleY, kind: .number),
            "opacity": TargetProperty(role: .node, key: PropertyKey.worldTransformComponentOpacity, kind: .number),
        ]
        if kind != nil {
            // Computed positions (upstream Node::computedWorldX…): read-only, for toSource binds.
            table["worldX"] = TargetProperty(role: .node, key: PropertyKey.nodeComputedWorldX, kind: .number)
            table["worldY"] = TargetProperty(role: .node, key: PropertyKey.nodeComputedWorldY, kind: .number)
            table["localX"] = TargetProperty(role: .node, key: PropertyKey.nodeComputedLocalX, kind: .number)
            table["localY"] = TargetProperty(role: .node, key: PropertyKey.nodeComputedLocalY, kind: .number)
            table["rootX"] = TargetProperty(role: .node, key: PropertyKey.nodeComputedRootX, kind: .number)
            table["rootY"] = TargetProperty(role: .node, key: PropertyKey.nodeComputedRootY, kind: .number)
        }
        switch kind {
        case .rectangle?, .ellipse?, .path?:
            if kind != .path {
                table["width"] = TargetProperty(role: .path, key: PropertyKey.parametricPathWidth, kind: .number)
                table["height"] = TargetProperty(role: .path, key: PropertyKey.parametricPathHeight, kind: .number)
            }
            if kind == .rectangle {
                table["cornerRadius"] = TargetProperty(role: .path, key: PropertyKey.rectangleCornerRadiusTL, kind: .number)
            }
            table["fill.color"] = TargetProperty(role: .fillColor, key: PropertyKey.solidColorColorValue, kind: .color)
            table["fill.visible"] = TargetProperty(role: .fill, key: PropertyKey.shapePaintIsVisible, kind: .boolean)
            table["stroke.color"] = TargetProperty(role: .strokeColor, key: PropertyKey.solidColorColorValue, kind: .color)
            table["stroke.visible"] = TargetProperty(role: .stroke, key: PropertyKey.shapePaintIsVisible, kind: .boolean)
            table["stroke.thickness"] = TargetProperty(role: .stroke, key: PropertyKey.strokeThickness, kind: .number)
            // Color channels (ColorChannels): 0-255 views of one byte of the paint's color.
            for (paint, role) in [("fill", TargetRole.fillColor), ("stroke", TargetRole.strokeColor)] {
                for (channel, key) in [("red", PropertyKey.colorChannelsColorRed), ("green", PropertyKey.colorChannelsColorGreen),
                                       ("blue", PropertyKey.colorChannelsColorBlue), ("alpha", PropertyKey.colorChannelsColorAlpha)] {
                    table["\(paint).\(channel)"] = TargetProperty(role: role, key: key, kind: .number)
                }
            }
        case .list?:
            table["items"] = TargetProperty(role: .node, key: PropertyKey.artboardComponentListListSource, kind: .list)
        case .solo?:
            table["active"] = TargetProperty(role: .node, key: PropertyKey.soloActiveComponentId, kind: .soloChoice)
        case .nested?:
            table["artboard"] = TargetProperty(role: .node, key: PropertyKey.nestedArtboardArtboardId, kind: .artboard)
        case .text?:
            table["text"] = TargetProperty(role: .run, key: PropertyKey.textValueRunText, kind: .string)
            table["fontSize"] = TargetProperty(role: .style, key: PropertyKey.textStyleFontSize, kind: .number)
            table["width"] = TargetProperty(role: .node, key: PropertyKey.textWidth, kind: .number)
            table["height"] = TargetProperty(role: .node, key: PropertyKey.textHeight, kind: .number)
            table["fill.color"] = TargetProperty(role: .fillColor, key: PropertyKey.solidColorColorValue, kind: .color)
            table["fill.visible"] = TargetProperty(role: .fill, key: PropertyKey.shapePaintIsVisible, kind: .boolean)
        case .layout?:
            table["width"] = TargetProperty(role: .node, key: PropertyKey.layoutComponentWidth, kind: .number)
            table["height"] = TargetProperty(role: .node, key: PropertyKey.layoutComponentHeight, kind: .number)
            table["fill.color"] = TargetProperty(role: .fillColor, key: PropertyKey.solidColorColorValue, kind: .color)
            table["fill.visible"] = TargetProperty(role: .fill, key: PropertyKey.shapePaintIsVisible, kind: .boolean)
        case .group?, nil:
            break
        }
        return table
    }

    /// Resolves `Node.property` against the artboard's nodes (the artboard's own name names the artboard).
    func resolveTarget(_ target: Located<String>, nodes: [String: NodeEntry], forKeyframes: Bool) throws(FixtureError) -> ResolvedTarget {
        guard let dot = target.value.firstIndex(of: ".") else {
            throw error(.invalidValue, target.mark, "'\(target.value)' does not name a property", hint: "write Node.property, for example Panel.x or Panel.fill.color")
        }
        let nodeName = String(target.value[..<dot])
        let propertyName = String(target.value[target.value.index(after: dot)...])
        guard let node = nodes[nodeName] else {
            throw unknown("node", Located(nodeName, at: target.mark), among: Array(nodes.keys))
        }
        let table = Self.targetProperties(of: node.kind)
        guard let property = table[propertyName] else {
            throw error(.unknownName, target.mark, "'\(propertyName)' is not a property of \(node.kind.map { "\($0.rawValue) '\(nodeName)'" } ?? "the artboard")",
                        hint: "use one of: \(table.keys.sorted().joined(separator: ", "))")
        }
        if forKeyframes, property.kind == .string {
            throw error(.typeMismatch, target.mark, "'\(propertyName)' is a string, which the fixture compiler does not keyframe", hint: "bind it to a string property instead")
        }
        if forKeyframes, property.kind == .list {
            throw error(.typeMismatch, target.mark, "a list's items cannot be keyframed", hint: "bind the list to a view-model list instead")
        }
        if forKeyframes, property.kind == .artboard {
            throw error(.typeMismatch, target.mark, "a nested artboard's artboard cannot be keyframed", hint: "bind it to an artboard property instead")
        }
        if forKeyframes, property.kind == .soloChoice {
            throw error(.typeMismatch, target.mark, "a solo's active child cannot be keyframed by the fixture compiler", hint: "bind it instead")
        }
        if forKeyframes, Self.computedKeys.contains(property.key) {
            throw error(.typeMismatch, target.mark, "'\(propertyName)' is computed from the transforms and cannot be keyframed", hint: "key x or y instead")
        }
        if let needed = Self.requiredPaint(property.role), (needed == .fill ? nodes[nodeName]?.hasFill : nodes[nodeName]?.hasStroke) == false {
            throw error(.unknownName, target.mark, "'\(nodeName)' has no \(needed == .fill ? "fill" : "stroke")", hint: "add '\(needed == .fill ? "fill" : "stroke"):' to the node")
        }
        if (property.role == .fillColor && nodes[nodeName]?.fillIsGradient == true) || (property.role == .strokeColor && nodes[nodeName]?.strokeIsGradient == true) {
            throw error(.typeMismatch, target.mark, "'\(nodeName)' paints with a gradient, so '\(propertyName)' has no solid color to reach", hint: "give the paint a color instead of a gradient")
        }
        return ResolvedTarget(node: nodeName, property: property)
    }

    /// Emits the clipping shapes of every node, after all nodes so a clip may name any node as
    /// its source; each is parented to its node.
    private mutating func emitClips(_ sources: [NodeSource], nodes: [String: NodeEntry]) throws(FixtureError) {
        for source in sources {
            if let clips = source.clips, !clips.isEmpty {
                guard let name = source.name, let owner = nodes[name.value]?.localIds[.node] else {
                    throw error(.invalidValue, source.type.mark, "a node with clips needs a name", hint: "add 'name:' to the node")
                }
                for clip in clips {
                    guard let sourceId = nodes[clip.source.value]?.localIds[.node], nodes[clip.source.value]?.kind != nil else {
                        throw unknown("node", clip.source, among: nodes.filter { $0.value.kind != nil }.map(\.key))
                    }
                    _ = emitComponent(TypeKey.clippingShape, [
                        (PropertyKey.componentParentId, .uint(UInt64(owner))),
                        (PropertyKey.clippingShapeSourceId, .uint(UInt64(sourceId))),
                        (PropertyKey.clippingShapeFillRule, clip.rule == .evenOdd ? .uint(1) : nil),
                        (PropertyKey.clippingShapeIsVisible, clip.visible.map { .bool($0) }),
                    ], at: clip.source.mark)
                }
            }
            try emitClips(source.children ?? [], nodes: nodes)
        }
    }

    /// Emits a paint's shader under it: a SolidColor, or a gradient with its stops. Returns the
    /// shader's local id.
    mutating func emitShader(_ paint: PaintSource, parent: Int, at mark: Mark) throws(FixtureError) -> Int {
        guard let gradient = paint.gradient else {
            return emitComponent(TypeKey.solidColor, [
                (PropertyKey.componentParentId, .uint(UInt64(parent))),
                (PropertyKey.solidColorColorValue, paint.color.map { .color($0.argb) }),
            ], at: mark)
        }
        if paint.color != nil {
            throw error(.invalidValue, mark, "a paint has either 'color:' or 'gradient:'", hint: "remove one of them")
        }
        guard gradient.start.count == 2, gradient.end.count == 2 else {
            throw error(.invalidValue, mark, "a gradient's start and end are points [x, y]", hint: "write start: [0, 0], end: [100, 0]")
        }
        guard !gradient.stops.isEmpty else {
            throw error(.invalidValue, mark, "a gradient needs at least one stop", hint: "add stops: [{color: \"#FF000000\", position: 0}, …]")
        }
        let id = emitComponent(gradient.type == .linear ? TypeKey.linearGradient : TypeKey.radialGradient, [
            (PropertyKey.componentParentId, .uint(UInt64(parent))),
            (PropertyKey.linearGradientStartX, .float(gradient.start[0])), (PropertyKey.linearGradientStartY, .float(gradient.start[1])),
            (PropertyKey.linearGradientEndX, .float(gradient.end[0])), (PropertyKey.linearGradientEndY, .float(gradient.end[1])),
            (PropertyKey.linearGradientOpacity, gradient.opacity.map { .float($0) }),
        ], at: mark)
        for stop in gradient.stops {
            _ = emitComponent(TypeKey.gradientStop, [
                (PropertyKey.componentParentId, .uint(UInt64(id))),
                (PropertyKey.gradientStopColorValue, .color(stop.color.argb)),
                (PropertyKey.gradientStopPosition, .float(stop.position)),
            ], at: mark)
        }
        return id
    }

    private static func requiredPaint(_ role: TargetRole) -> TargetRole? {
        switch role {
        case .fill, .fillColor: .fill
        case .stroke, .strokeColor: .stroke
        case .node, .path, .style, .run: nil
        }
    }

    // MARK: Artboards

    /// Emits an artboard, its components (with their binds), animations and state machines.
    mutating func emitArtboard(_ source: ArtboardSource) throws(FixtureError) {
        let artboardName = source.name.value
        var nodes: [String: NodeEntry] = [artboardName: NodeEntry(kind: nil)]
        try collectNodes(source.nodes ?? [], into: &nodes)

        var binds: [String: [TargetRole: [(key: UInt32, path: ResolvedPath, flags: UInt64, converter: Int?, mark: Mark)]]] = [:]
        for bind in source.binds ?? [] {
            let target = try resolveTarget(bind.target, nodes: nodes, forKeyframes: false)
            let path = try resolvePath(bind.source, reachableFrom: artboardName)
            var converter: Int?
            if let name = bind.converter {
                guard let entry = converterEntries[name.value] else { throw unknown("converter", name, among: Array(converterEntries.keys)) }
                converter = entry.index
            }
            // Through a converter, its output must be what the bind writes: the target's kind
            // for binds toward the target, the source's kind for toSource binds.
            let output = bind.converter.flatMap { outputKind(ofConverter: $0.value) }
            if let output, let name = bind.converter {
                let toSource = bind.direction == .toSource
                let needed = toSource ? path.property.kind : target.property.kind.propertyKind
                guard output == needed else {
                    throw error(.typeMismatch, name.mark, "converter '\(name.value)' outputs a \(output.rawValue) but \(toSource ? "'\(bind.source.value)'" : "'\(bind.target.value)'") needs a \(needed.rawValue)",
                                hint: "use a converter that ends in a \(needed.rawValue), or bind another property")
                }
            } else if target.property.kind == .soloChoice {
                guard [.number, .string, .enum].contains(path.property.kind) else {
                    throw error(.typeMismatch, bind.source.mark, "'\(bind.source.value)' is a \(path.property.kind.rawValue) property; a solo's active child is chosen by a number, a string or an enum",
                                hint: "bind a number (index), string (name) or enum (value name)")
                }
            } else if path.property.kind != target.property.kind.propertyKind {
                throw error(.typeMismatch, bind.source.mark, "'\(bind.source.value)' is a \(path.property.kind.rawValue) property but '\(bind.target.value)' needs a \(target.property.kind.propertyKind.rawValue)",
                            hint: "bind a \(target.property.kind.propertyKind.rawValue) property to '\(bind.target.value)'")
            }
            if target.property.kind == .list {
                try checkItemArtboard(for: path, at: bind.source.mark)
            }
            if target.property.kind == .artboard, (bind.direction ?? .toTarget) != .toTarget {
                throw error(.invalidValue, bind.target.mark, "a nested artboard's artboard can only be set from the view model", hint: "remove 'direction:' (toTarget)")
            }
            if Self.computedKeys.contains(target.property.key), bind.direction != .toSource {
                throw error(.invalidValue, bind.target.mark, "'\(bind.target.value)' is computed from the transforms, so it can only be read", hint: "add 'direction: toSource'")
            }
            if bind.sourceFirst == true, bind.direction != .twoWay {
                throw error(.invalidValue, bind.target.mark, "'sourceFirst' only applies to two-way binds", hint: "add 'direction: twoWay' or remove 'sourceFirst'")
            }
            let flags: UInt64 = switch bind.direction ?? .toTarget {
            case .toTarget: 0
            case .toSource: 1
            case .twoWay: bind.sourceFirst == true ? 2 | 8 : 2
            }
            binds[target.node, default: [:]][target.property.role, default: []].append((target.property.key, path, flags, converter, bind.target.mark))
        }

        let machineNames = (source.stateMachines ?? []).map(\.name.value)
        var defaultMachine: Int? = machineNames.isEmpty ? nil : 0
        if let named = source.defaultStateMachine {
            guard let index = machineNames.firstIndex(of: named.value) else { throw unknown("state machine", named, among: machineNames) }
            defaultMachine = index
        }
        localObjectCount = 0
        _ = emitComponent(TypeKey.artboard, [
            (PropertyKey.componentName, .string(artboardName)),
            (PropertyKey.layoutComponentWidth, .float(source.width)),
            (PropertyKey.layoutComponentHeight, .float(source.height)),
            (PropertyKey.layoutComponentClip, source.clip.map { .bool($0) }),
            (PropertyKey.artboardDefaultStateMachineId, defaultMachine.map { .uint(UInt64($0)) }),
            (PropertyKey.artboardViewModelId, source.viewModel.flatMap { viewModels[$0.value] }.map { .uint(UInt64($0.index)) }),
        ], at: source.name.mark)
        nodes[artboardName]?.localIds[.node] = 0
        emitBinds(binds[artboardName]?[.node] ?? [])
        if let background = source.background {
            let fill = emitComponent(TypeKey.fill, [(PropertyKey.componentName, .string("Background"))], at: source.name.mark)
            _ = emitComponent(TypeKey.solidColor, [
                (PropertyKey.componentParentId, .uint(UInt64(fill))),
                (PropertyKey.solidColorColorValue, .color(background.argb)),
            ], at: source.name.mark)
        }
        for node in source.nodes ?? [] {
            try emitNode(node, parent: 0, artboard: artboardName, nodes: &nodes, binds: binds)
        }
        try emitClips(source.nodes ?? [], nodes: nodes)
        let interpolators = try emitInterpolators(source.animations ?? [])
        for animation in source.animations ?? [] {
            try emitAnimation(animation, nodes: nodes, interpolators: interpolators, artboard: artboardName)
        }
        for machine in source.stateMachines ?? [] {
            try emitStateMachine(machine, artboard: source, nodes: nodes)
        }
    }

    /// A list draws each item with the first artboard whose view model is the item's, and
    /// starts that artboard's first state machine; both must exist.
    private func checkItemArtboard(for path: ResolvedPath, at mark: Mark) throws(FixtureError) {
        let itemViewModel = path.property.referencedViewModel ?? ""
        guard let itemArtboard = artboardSources.first(where: { $0.viewModel?.value == itemViewModel }) else {
            throw error(.unknownName, mark, "no artboard draws the items of this list: none has view model '\(itemViewModel)'",
                        hint: "add an artboard with 'viewModel: \(itemViewModel)' to draw one item")
        }
        if (itemArtboard.stateMachines ?? []).isEmpty {
            throw error(.invalidValue, itemArtboard.name.mark, "artboard '\(itemArtboard.name.value)' draws list items, so it needs a state machine (the list starts the first one for each item)",
                        hint: "add a state machine to '\(itemArtboard.name.value)'")
        }
    }

    private func collectNodes(_ sources: [NodeSource], into nodes: inout [String: NodeEntry]) throws(FixtureError) {
        for source in sources {
            let kind = source.type.value
            if let name = source.name {
                if name.value.contains(".") {
                    throw error(.invalidValue, name.mark, "node names cannot contain '.', which separates a node from its property", hint: "rename the node")
                }
                guard nodes[name.value] == nil else {
                    throw error(.duplicateName, name.mark, "the artboard already has a node (or is itself) named '\(name.value)'", hint: "give each node its own name")
                }
                var entry = NodeEntry(kind: kind)
                entry.hasFill = source.fill != nil
                entry.hasStroke = source.stroke != nil
                entry.fillIsGradient = source.fill?.gradient != nil
                entry.strokeIsGradient = source.stroke?.gradient != nil
                nodes[name.value] = entry
            }
            let isShape = kind == .rectangle || kind == .ellipse || kind == .path || kind == .layout
            if !isShape, kind != .text, source.fill != nil || source.stroke != nil {
                throw error(.invalidValue, source.type.mark, "a \(kind.rawValue) has no fill or stroke", hint: "give fills and strokes to rectangles, ellipses, paths, layouts and texts")
            }
            if kind != .group, kind != .solo, kind != .layout, let children = source.children, !children.isEmpty {
                throw error(.invalidValue, source.type.mark, "only groups, solos and layouts have children", hint: "wrap the nodes in a group")
            }
            if let active = source.active {
                guard kind == .solo else { throw error(.invalidValue, active.mark, "only solos have an active child", hint: "use type: solo") }
                guard (source.children ?? []).contains(where: { $0.name?.value == active.value }) else {
                    throw unknown("child of solo '\(source.name?.value ?? "")'", active, among: (source.children ?? []).compactMap { $0.name?.value })
                }
            }
            try checkNestedFields(source)
            try checkTextAndLayoutFields(source)
            if (kind == .path) != (source.vertices != nil) {
                throw error(.invalidValue, source.type.mark, kind == .path ? "a path needs 'vertices:'" : "only paths have vertices", hint: "use type: path with a list of vertices")
            }
            if kind == .rectangle || kind == .ellipse, source.width == nil || source.height == nil {
                throw error(.invalidValue, source.type.mark, "a \(kind.rawValue) needs 'width:' and 'height:'", hint: "add both sizes")
            }
            try collectNodes(source.children ?? [], into: &nodes)
        }
    }

    mutating func emitBinds(_ binds: [(key: UInt32, path: ResolvedPath, flags: UInt64, converter: Int?, mark: Mark)]) {
        for bind in binds {
            emitDataBind(key: bind.key, path: bind.path, flags: bind.flags, converter: bind.converter, at: bind.mark)
        }
    }

    private mutating func emitNode(_ source: NodeSource, parent: Int, artboard hostArtboard: String, nodes: inout [String: NodeEntry],
                                   binds: [String: [TargetRole: [(key: UInt32, path: ResolvedPath, flags: UInt64, converter: Int?, mark: Mark)]]]) throws(FixtureError) {
        let mark = source.name?.mark ?? source.type.mark
        let name = source.name?.value
        let nodeBinds = name.flatMap { binds[$0] } ?? [:]
        let typeKey: UInt32 = switch source.type.value {
        case .group: TypeKey.node
        case .solo: TypeKey.solo
        case .nested: TypeKey.nestedArtboard
        case .list: TypeKey.artboardComponentList
        case .rectangle, .ellipse, .path: TypeKey.shape
        case .text: TypeKey.text
        case .layout: TypeKey.layoutComponent
        }
        let transform: [(UInt32, RivePropertyValue?)] = [
            (PropertyKey.componentName, name.map { .string($0) }),
            (PropertyKey.componentParentId, .uint(UInt64(parent))),
            (PropertyKey.nodeX, source.x.map { .float($0) }),
            (PropertyKey.nodeY, source.y.map { .float($0) }),
            (PropertyKey.transformComponentRotation, source.rotation.map { .float($0) }),
            (PropertyKey.transformComponentScaleX, (source.scaleX ?? source.scale).map { .float($0) }),
            (PropertyKey.transformComponentScaleY, (source.scaleY ?? source.scale).map { .float($0) }),
            (PropertyKey.worldTransformComponentOpacity, source.opacity.map { .float($0) }),
        ] + (try nestedArtboardProperties(source, host: hostArtboard)) + textAndLayoutProperties(source)
        let id = emitComponent(typeKey, transform, at: mark)
        let objectIndex = objects.count - 1
        if let name { nodes[name]?.localIds[.node] = id }
        emitBinds(nodeBinds[.node] ?? [])

        switch source.type.value {
        case .group, .solo:
            for child in source.children ?? [] {
                try emitNode(child, parent: id, artboard: hostArtboard, nodes: &nodes, binds: binds)
            }
            // A solo's active child is known once its children have their ids; without one the
            // id stays 0 (the artboard), which selects no child.
            if let active = source.active, let activeId = nodes[active.value]?.localIds[.node] {
                setProperty(PropertyKey.soloActiveComponentId, to: .uint(UInt64(activeId)), ofObject: objectIndex)
            }
        case .list:
            break
        case .text:
            try emitTextContents(source, text: id, nodes: &nodes, binds: nodeBinds)
        case .layout:
            let styleId = emitLayoutStyle(source, layout: id)
            setProperty(PropertyKey.layoutComponentStyleId, to: .uint(UInt64(styleId)), ofObject: objectIndex)
            try emitPaints(source, shape: id, nodes: &nodes, binds: nodeBinds)
            for child in source.children ?? [] {
                try emitNode(child, parent: id, artboard: hostArtboard, nodes: &nodes, binds: binds)
            }
        case .nested:
            try emitNestedStateMachine(source, parent: id, at: mark)
        case .rectangle, .ellipse, .path:
            let pathId: Int
            if source.type.value == .path {
                pathId = emitComponent(TypeKey.pointsPath, [
                    (PropertyKey.componentParentId, .uint(UInt64(id))),
                    (PropertyKey.pointsCommonPathIsClosed, .bool(source.closed ?? true)),
                ], at: mark)
                for vertex in source.vertices ?? [] {
                    try emitVertex(vertex, parent: pathId, at: mark)
                }
            } else {
                pathId = emitComponent(source.type.value == .rectangle ? TypeKey.rectangle : TypeKey.ellipse, [
                    (PropertyKey.componentParentId, .uint(UInt64(id))),
                    (PropertyKey.parametricPathWidth, source.width.map { .float($0) }),
                    (PropertyKey.parametricPathHeight, source.height.map { .float($0) }),
                    (PropertyKey.rectangleCornerRadiusTL, source.type.value == .rectangle ? source.cornerRadius.map { .float($0) } : nil),
                ], at: mark)
            }
            if let name { nodes[name]?.localIds[.path] = pathId }
            emitBinds(nodeBinds[.path] ?? [])
            try emitPaints(source, shape: id, nodes: &nodes, binds: nodeBinds)
        }
    }

    /// Emits a shape's or a layout's fill and stroke (each with its shader) under it, with their binds.
    private mutating func emitPaints(_ source: NodeSource, shape id: Int, nodes: inout [String: NodeEntry],
                                     binds nodeBinds: [TargetRole: [(key: UInt32, path: ResolvedPath, flags: UInt64, converter: Int?, mark: Mark)]]) throws(FixtureError) {
        let mark = source.name?.mark ?? source.type.mark
        let name = source.name?.value
        if let fill = source.fill {
            let fillId = emitComponent(TypeKey.fill, [
                (PropertyKey.componentParentId, .uint(UInt64(id))),
                (PropertyKey.fillFillRule, fill.rule == .evenOdd ? .uint(1) : nil),
                (PropertyKey.shapePaintIsVisible, fill.visible.map { .bool($0) }),
            ], at: mark)
            emitBinds(nodeBinds[.fill] ?? [])
            let colorId = try emitShader(fill, parent: fillId, at: mark)
            emitBinds(nodeBinds[.fillColor] ?? [])
            if let name {
                nodes[name]?.localIds[.fill] = fillId
                nodes[name]?.localIds[.fillColor] = colorId
            }
        }
        if let stroke = source.stroke {
            let strokeId = emitComponent(TypeKey.stroke, [
                (PropertyKey.componentParentId, .uint(UInt64(id))),
                (PropertyKey.strokeThickness, stroke.thickness.map { .float($0) }),
                (PropertyKey.strokeCap, stroke.cap.map { .uint(Self.capValue($0)) }),
                (PropertyKey.strokeJoin, stroke.join.map { .uint(Self.joinValue($0)) }),
                (PropertyKey.shapePaintIsVisible, stroke.visible.map { .bool($0) }),
            ], at: mark)
            emitBinds(nodeBinds[.stroke] ?? [])
            let colorId = try emitShader(stroke, parent: strokeId, at: mark)
            emitBinds(nodeBinds[.strokeColor] ?? [])
            if let name {
                nodes[name]?.localIds[.stroke] = strokeId
                nodes[name]?.localIds[.strokeColor] = colorId
            }
        }
    }

    /// Emits a straight vertex, or a detached cubic vertex whose absolute control points are
    /// turned into the angle and distance the format stores.
    private mutating func emitVertex(_ vertex: VertexSource, parent: Int, at mark: Mark) throws(FixtureError) {
        let parentId: (UInt32, RivePropertyValue?) = (PropertyKey.componentParentId, .uint(UInt64(parent)))
        guard vertex.in != nil || vertex.out != nil else {
            _ = emitComponent(TypeKey.straightVertex, [parentId, (PropertyKey.vertexX, .float(vertex.x)), (PropertyKey.vertexY, .float(vertex.y))], at: mark)
            return
        }
        func polar(_ point: [Float]?) throws(FixtureError) -> (rotation: Float, distance: Float) {
            guard let point else { return (0, 0) }
            guard point.count == 2 else {
                throw error(.invalidValue, mark, "a control point is [x, y], found \(point.count) number(s)", hint: "write in: [x, y] and out: [x, y] in artboard units")
            }
            let dx = point[0] - vertex.x, dy = point[1] - vertex.y
            return (Float(atan2(Double(dy), Double(dx))), (dx * dx + dy * dy).squareRoot())
        }
        let inPoint = try polar(vertex.in), outPoint = try polar(vertex.out)
        _ = emitComponent(TypeKey.cubicDetachedVertex, [
            parentId, (PropertyKey.vertexX, .float(vertex.x)), (PropertyKey.vertexY, .float(vertex.y)),
            (PropertyKey.cubicDetachedVertexInRotation, .float(inPoint.rotation)),
            (PropertyKey.cubicDetachedVertexInDistance, .float(inPoint.distance)),
            (PropertyKey.cubicDetachedVertexOutRotation, .float(outPoint.rotation)),
            (PropertyKey.cubicDetachedVertexOutDistance, .float(outPoint.distance)),
        ], at: mark)
    }

    private static func capValue(_ cap: StrokeCap) -> UInt64 {
        switch cap {
        case .butt: 0
        case .round: 1
        case .square: 2
        }
    }

    private static func joinValue(_ join: StrokeJoin) -> UInt64 {
        switch join {
        case .miter: 0
        case .round: 1
        case .bevel: 2
        }
    }
}
