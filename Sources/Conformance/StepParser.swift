import ConformanceCore
import RuntimeAPI
import YAML

/// The kind of object a handle names; steps check that each handle they use has the right kind.
enum HandleKind: String, Sendable {
    case file, artboard, stateMachine, instance, stream, view, worker, image, font, blob, rive
}

/// Parses the `steps:` list of a scenario, tracking the handles steps create and use.
struct StepParser {
    /// The longest time step `advance by:` accepts: one day, in seconds.
    static let maximumAdvanceSeconds: Double = 86_400

    let file: String
    let defaultFixture: String?
    /// Whether the scenario has a `fixture:` key, valid or not (an invalid one is already diagnosed).
    let scenarioNamesFixture: Bool
    let loader: ScenarioLoader
    private var handles: [String: (kind: HandleKind, stream: StreamKind?)] = [:]
    private var implied: RuntimeCapabilities = []

    init(file: String, defaultFixture: String?, scenarioNamesFixture: Bool, loader: ScenarioLoader) {
        self.file = file
        self.defaultFixture = defaultFixture
        self.scenarioNamesFixture = scenarioNamesFixture
        self.loader = loader
    }

    /// The keyword of every action, in the order the documentation lists them.
    static let keywords = ["worker", "load", "artboard", "stateMachine", "instance", "bind", "bindInstance", "set", "fire", "get",
                           "nested", "replaceNested", "listSize", "listItem", "append", "insert", "remove", "swap",
                           "subscribe", "emissions", "cancel", "advance", "input", "triggerInput", "decode", "assign", "rive", "view",
                           "tick", "settle", "pointer", "probe", "digest", "introspect", "log", "release"]

    /// The error enums each throwing action can throw; other actions never throw.
    static let throwingActions: [String: [String]] = [
        "load": ["FileError"], "artboard": ["FileError"], "stateMachine": ["ArtboardError"], "instance": ["FileError"],
        "bind": ["StateMachineError"], "get": ["ViewModelInstanceError"], "listSize": ["ViewModelInstanceError"],
        "introspect": ["FileError", "ArtboardError", "ViewModelInstanceError"], "decode": ["AssetError"],
        "rive": ["FileError", "ArtboardError"],
    ]

    /// The most ticks a `settle` step may wait for (`within`): about 28 minutes of 60 Hz frames.
    static let maximumSettleTicks = 100_000

    /// Names that cannot be handles because `binding:` gives them a meaning.
    static let reservedHandles = ["auto", "none"]

    mutating func parseSteps(_ node: YAMLNode) -> (steps: [Step], implied: RuntimeCapabilities, diagnostics: [Diagnostic]) {
        guard let elements = node.sequence, !elements.isEmpty else {
            let diagnostic = Diagnostic(file: file, mark: node.mark, code: "scenario.no-steps", message: "'steps' must be a non-empty list",
                                        hint: "list the steps, each starting with an action such as '- load: file'")
            return ([], [], [diagnostic])
        }
        var steps: [Step] = []
        var diagnostics: [Diagnostic] = []
        for (index, element) in elements.enumerated() {
            do { steps.append(try parseStep(element, number: index + 1)) } catch { diagnostics.append(error) }
        }
        return (steps, implied, diagnostics)
    }

    private mutating func parseStep(_ node: YAMLNode, number: Int) throws(Diagnostic) -> Step {
        let fields = try MappingReader(node, file: file, what: "step \(number)")
        // The first key is the action; later keys are its parameters (some share names with actions, like 'artboard').
        guard let action = fields.keys.first, Self.keywords.contains(action.value) else {
            let first = fields.keys.first
            let suggestion = first.flatMap { Self.keywords.closestMatch(to: $0.value) }.map { "did you mean '\($0)'? " } ?? ""
            throw Diagnostic(file: file, mark: first?.mark ?? node.mark, code: "scenario.unknown-step",
                             message: "step \(number) does not start with an action\(first.map { " ('\($0.value)' is not one)" } ?? "")",
                             hint: "\(suggestion)start the step with one of: \(Self.keywords.joined(separator: ", "))")
        }
        var expectedError: ErrorCase?
        if let thrown = try fields.string("throws") {
            expectedError = try errorCase(thrown, allowed: Self.throwingActions[action.value], action: action.value)
        }
        let stepAction = try parseAction(action.value, fields, number: number, expectsError: expectedError != nil)
        return Step(number: number, mark: node.mark, action: stepAction, expectedError: expectedError)
    }

    private func errorCase(_ name: Located<String>, allowed: [String]?, action: String) throws(Diagnostic) -> ErrorCase {
        guard let allowed else {
            throw Diagnostic(file: file, mark: name.mark, code: "scenario.cannot-throw",
                             message: "'\(action)' never throws, so it cannot expect \(name.value)",
                             hint: "mutators queue and return; check their effect with 'get', or failures with 'log'")
        }
        guard let errorCase = ErrorCase(name: name.value) else {
            let known = ErrorCase.catalog.map(\.description)
            let suggestion = known.closestMatch(to: name.value).map { "did you mean \($0)? " } ?? ""
            throw Diagnostic(file: file, mark: name.mark, code: "scenario.unknown-error",
                             message: "unknown error case '\(name.value)'", hint: "\(suggestion)write Enum.case, for example FileError.invalidArtboard")
        }
        guard allowed.contains(errorCase.enumName) else {
            throw Diagnostic(file: file, mark: name.mark, code: "scenario.impossible-error",
                             message: "'\(action)' cannot throw \(errorCase.enumName)",
                             hint: "'\(action)' throws \(allowed.joined(separator: " or "))")
        }
        return errorCase
    }

    // MARK: Handles

    /// Registers a handle a step creates; a step expected to throw creates nothing.
    private mutating func define(_ name: Located<String>, _ kind: HandleKind, stream: StreamKind? = nil, when created: Bool) throws(Diagnostic) {
        guard !Self.reservedHandles.contains(name.value) else {
            throw Diagnostic(file: file, mark: name.mark, code: "scenario.reserved-handle",
                             message: "'\(name.value)' cannot be a handle name", hint: "'auto' and 'none' are binding choices; pick another name")
        }
        if let existing = handles[name.value] {
            throw Diagnostic(file: file, mark: name.mark, code: "scenario.duplicate-handle",
                             message: "handle '\(name.value)' already names \(article(existing.kind.rawValue)) \(existing.kind.rawValue)", hint: "give each object its own handle name")
        }
        if created { handles[name.value] = (kind, stream) }
    }

    /// Checks that a handle was created earlier with the right kind.
    private func use(_ name: Located<String>, _ kind: HandleKind) throws(Diagnostic) -> String {
        guard let existing = handles[name.value] else {
            let suggestion = handles.filter { $0.value.kind == kind }.map(\.key).sorted().closestMatch(to: name.value).map { "did you mean '\($0)'? " } ?? ""
            throw Diagnostic(file: file, mark: name.mark, code: "scenario.unknown-handle",
                             message: "no \(kind.rawValue) handle '\(name.value)' was created by an earlier step",
                             hint: "\(suggestion)create it first (a step expected to throw creates no handle)")
        }
        guard existing.kind == kind else {
            throw Diagnostic(file: file, mark: name.mark, code: "scenario.handle-kind",
                             message: "'\(name.value)' is \(article(existing.kind.rawValue)) \(existing.kind.rawValue) handle, not \(article(kind.rawValue)) \(kind.rawValue) handle",
                             hint: "use a \(kind.rawValue) handle here")
        }
        return name.value
    }

    private func required(_ fields: MappingReader, _ key: String, _ kind: HandleKind) throws(Diagnostic) -> String {
        try use(fields.requiredString(key, hint: "name the \(kind.rawValue) handle under '\(key)'"), kind)
    }

    // MARK: Actions

    private mutating func parseAction(_ keyword: String, _ fields: MappingReader, number: Int, expectsError: Bool) throws(Diagnostic) -> StepAction {
        if keyword == "log" {
            // The only action whose value is not a handle: the list of expected log codes.
            try fields.rejectUnknownKeys(["log"], context: "a 'log' step")
            implied.insert(.log)
            let codes = try MappingReader.decode([String].self, fields.required("log", hint: "list the expected codes"), file: file)
            return .log(expectedCodes: codes)
        }
        let subject = try fields.requiredString(keyword, hint: "write '\(keyword): HANDLE'")
        func allow(_ keys: [String]) throws(Diagnostic) {
            try fields.rejectUnknownKeys([keyword] + keys + (Self.throwingActions[keyword] == nil ? [] : ["throws"]), context: "\(article(keyword)) '\(keyword)' step")
        }
        func text(_ key: String, _ hint: String) throws(Diagnostic) -> String { try fields.requiredString(key, hint: hint).value }
        func index(_ key: String) throws(Diagnostic) -> Int32 {
            try MappingReader.decode(Int32.self, fields.required(key, hint: "write the index under '\(key)'"), file: file)
        }
        let created = !expectsError
        switch keyword {
        case "worker":
            try allow([])
            try define(subject, .worker, when: true)
            return .createWorker(handle: subject.value)
        case "load":
            try allow(["fixture", "worker"])
            let fixture = try loader.fixtureName(fields.string("fixture"), file: file) ?? defaultFixture
            // A scenario-level 'fixture:' that was diagnosed as invalid is not also missing here;
            // the step still defines its handle so later steps give no spurious diagnostics.
            guard let fixture = fixture ?? (scenarioNamesFixture ? "" : nil) else {
                throw Diagnostic(file: file, mark: subject.mark, code: "scenario.missing-key", message: "missing key 'fixture'",
                                 hint: "name the fixture on the step or in the scenario's 'fixture:'")
            }
            let worker = try fields.string("worker").map { (name) throws(Diagnostic) in try use(name, .worker) }
            try define(subject, .file, when: created)
            return .load(handle: subject.value, fixture: fixture, worker: worker)
        case "artboard":
            try allow(["file", "name"])
            let fileHandle = try required(fields, "file", .file)
            try define(subject, .artboard, when: created)
            return .createArtboard(handle: subject.value, file: fileHandle, name: try fields.string("name")?.value)
        case "stateMachine":
            try allow(["artboard", "name", "binding"])
            let artboard = try required(fields, "artboard", .artboard)
            let binding: BindingChoice
            switch try fields.string("binding") {
            case nil: binding = .auto
            case let choice? where choice.value == "auto": binding = .auto
            case let choice? where choice.value == "none": binding = .none
            case let choice?: binding = .instance(try use(choice, .instance))
            }
            try define(subject, .stateMachine, when: created)
            return .createStateMachine(handle: subject.value, artboard: artboard, name: try fields.string("name")?.value, binding: binding)
        case "instance":
            try allow(["file", "source", "viewModel", "artboard", "name"])
            let fileHandle = try required(fields, "file", .file)
            let source = try instanceSource(fields)
            try define(subject, .instance, when: created)
            return .createInstance(handle: subject.value, file: fileHandle, source: source)
        case "bind":
            try allow(["main", "globals"])
            let machine = try use(subject, .stateMachine)
            let main = try fields.string("main").map { (name) throws(Diagnostic) in try use(name, .instance) }
            let globals = try globalPairs(fields)
            if !globals.isEmpty { implied.insert(.globals) }
            return .bindInstances(stateMachine: machine, main: main, globals: globals)
        case "bindInstance":
            try allow(["instance"])
            return .bindInstance(stateMachine: try use(subject, .stateMachine), instance: try required(fields, "instance", .instance))
        case "set":
            try allow(["property", "type", "value"])
            implied.insert(.values)
            let kind = try valueKind(fields)
            let value = try typedValue(fields.required("value", hint: "write the value to set under 'value'"), kind)
            return .setValue(instance: try use(subject, .instance), property: try text("property", "write the property path"), value: value)
        case "fire":
            try allow(["trigger"])
            implied.insert(.values)
            return .fire(instance: try use(subject, .instance), trigger: try text("trigger", "write the trigger's path under 'trigger'"))
        case "get":
            try allow(["property", "type", "expect", "compare"])
            implied.insert(.values)
            let kind = try valueKind(fields)
            let instance = try use(subject, .instance)
            let property = try text("property", "write the property path")
            if expectsError {
                guard !fields.has("expect") else {
                    throw Diagnostic(file: file, mark: fields.value("expect")!.mark, code: "scenario.expect-with-throws",
                                     message: "a step that must throw has no value to expect", hint: "remove 'expect' or 'throws'")
                }
                return .getValue(instance: instance, property: property, expected: placeholder(kind), comparison: .exact)
            }
            let expected = try typedValue(fields.required("expect", hint: "write the expected value under 'expect'"), kind)
            let comparison = try comparison(fields, for: kind)
            return .getValue(instance: instance, property: property, expected: expected, comparison: comparison)
        case "nested":
            try allow(["from", "property"])
            implied.insert(.nestedInstances)
            let parent = try required(fields, "from", .instance)
            try define(subject, .instance, when: true)
            return .getNested(handle: subject.value, instance: parent, property: try text("property", "write the nested property's path"))
        case "replaceNested":
            try allow(["property", "with"])
            implied.insert(.nestedInstances)
            return .replaceNested(instance: try use(subject, .instance), property: try text("property", "write the nested property's path"),
                                  replacement: try required(fields, "with", .instance))
        case "listSize":
            try allow(["list", "expect"])
            implied.insert(.lists)
            let instance = try use(subject, .instance)
            let list = try text("list", "write the list's path under 'list'")
            let expected = expectsError ? 0 : try MappingReader.decode(Int.self, fields.required("expect", hint: "write the expected size"), file: file)
            return .listSize(instance: instance, list: list, expected: expected)
        case "listItem":
            try allow(["from", "list", "index"])
            implied.insert(.lists)
            let parent = try required(fields, "from", .instance)
            let list = try text("list", "write the list's path under 'list'")
            let position = try index("index")
            try define(subject, .instance, when: true)
            return .listItem(handle: subject.value, instance: parent, list: list, index: position)
        case "append":
            try allow(["list", "item"])
            implied.insert(.lists)
            return .listAppend(instance: try use(subject, .instance), list: try text("list", "write the list's path"), item: try required(fields, "item", .instance))
        case "insert":
            try allow(["list", "item", "index"])
            implied.insert(.lists)
            return .listInsert(instance: try use(subject, .instance), list: try text("list", "write the list's path"),
                               item: try required(fields, "item", .instance), index: try index("index"))
        case "remove":
            try allow(["list", "index", "item"])
            implied.insert(.lists)
            let instance = try use(subject, .instance)
            let list = try text("list", "write the list's path")
            switch (fields.has("index"), fields.has("item")) {
            case (true, false): return .listRemoveAt(instance: instance, list: list, index: try index("index"))
            case (false, true): return .listRemoveItem(instance: instance, list: list, item: try required(fields, "item", .instance))
            default:
                throw Diagnostic(file: file, mark: fields.node.mark, code: "scenario.invalid-remove",
                                 message: "'remove' needs exactly one of 'index' and 'item'", hint: "remove by position with 'index: 0' or by identity with 'item: HANDLE'")
            }
        case "swap":
            try allow(["list", "indices"])
            implied.insert(.lists)
            let instance = try use(subject, .instance)
            let list = try text("list", "write the list's path")
            let indicesNode = try fields.required("indices", hint: "write 'indices: [0, 1]'")
            let indices = try MappingReader.decode([Int32].self, indicesNode, file: file)
            guard indices.count == 2 else {
                throw Diagnostic(file: file, mark: indicesNode.mark, code: "scenario.invalid-value",
                                 message: "'indices' needs two indices, got \(indices.count)", hint: "write 'indices: [0, 1]'")
            }
            return .listSwap(instance: instance, list: list, first: indices[0], second: indices[1])
        case "subscribe":
            try allow(["to", "property", "type"])
            implied.insert(.streams)
            let instance = try required(fields, "to", .instance)
            let property = try text("property", "write the property path")
            let typeName = try fields.requiredString("type", hint: "write the property's type: \(ValueKind.allCases.map(\.rawValue).joined(separator: ", ")) or trigger")
            let kind: StreamKind = typeName.value == "trigger" ? .trigger : .value(try valueKind(typeName))
            try define(subject, .stream, stream: kind, when: true)
            return .subscribe(handle: subject.value, instance: instance, property: property, kind: kind)
        case "emissions":
            try allow(["expect", "count", "none", "endsWith"])
            implied.insert(.streams)
            let stream = try use(subject, .stream)
            let expectation = try emissionExpectation(fields, kind: handles[stream]?.stream ?? .trigger)
            let ending = try fields.string("endsWith").map { (name) throws(Diagnostic) -> StreamEnding in
                name.value == "finished" ? .finished : .failed(try errorCase(name, allowed: ["ViewModelInstanceError"], action: "a stream"))
            }
            return .assertEmissions(stream: stream, expectation: expectation, endsWith: ending)
        case "cancel":
            try allow(["by"])
            implied.insert(.streams)
            let stream = try use(subject, .stream)
            let how = try fields.string("by")
            guard let stop = how.map({ StreamStop(rawValue: $0.value) }) ?? .task else {
                throw Diagnostic(file: file, mark: how!.mark, code: "scenario.invalid-value", message: "unknown way to stop a stream '\(how!.value)'",
                                 hint: "write 'by: task' (cancel the consuming task, the default) or 'by: break' (break after the next event)")
            }
            return .cancelStream(stream: stream, by: stop)
        case "advance":
            try allow(["by"])
            let byNode = try fields.required("by", hint: "write the time step in seconds, for example 'by: 0.016'")
            let seconds = try MappingReader.decode(Double.self, byNode, file: file)
            // A time step is a finite, non-negative number of seconds no longer than a day.
            guard seconds.isFinite, seconds >= 0, seconds <= Self.maximumAdvanceSeconds else {
                throw Diagnostic(file: file, mark: byNode.mark, code: "scenario.invalid-value",
                                 message: "'advance by' needs a time step from 0 to \(Int(Self.maximumAdvanceSeconds)) seconds, got \(byNode.scalar?.text ?? String(seconds))",
                                 hint: "write a finite, non-negative number of seconds, for example 'by: 0.016'")
            }
            return .advance(stateMachine: try use(subject, .stateMachine), seconds: seconds)
        case "input":
            try allow(["name", "type", "value"])
            implied.insert(.inputs)
            let machine = try use(subject, .stateMachine)
            let name = try text("name", "write the input's name under 'name'")
            let typeName = try fields.requiredString("type", hint: "write 'type: number' or 'type: boolean'; fire trigger inputs with 'triggerInput'")
            let valueNode = try fields.required("value", hint: "write the input's new value under 'value'")
            let value: InputValue
            switch typeName.value {
            case "number": value = .number(try floatValue(valueNode))
            case "boolean": value = .boolean(try MappingReader.decode(Bool.self, valueNode, file: file))
            default:
                throw Diagnostic(file: file, mark: typeName.mark, code: "scenario.unknown-type", message: "an input is a number or a boolean, not '\(typeName.value)'",
                                 hint: "write 'type: number' or 'type: boolean'; fire trigger inputs with 'triggerInput'")
            }
            return .setInput(stateMachine: machine, name: name, value: value)
        case "triggerInput":
            try allow(["name"])
            implied.insert(.inputs)
            return .triggerInput(stateMachine: try use(subject, .stateMachine), name: try text("name", "write the trigger input's name under 'name'"))
        case "decode":
            try allow(["kind", "asset", "worker"])
            implied.insert(.assets)
            let kindName = try fields.requiredString("kind", hint: "write image, font or blob")
            guard let kind = AssetKind(rawValue: kindName.value) else {
                throw Diagnostic(file: file, mark: kindName.mark, code: "scenario.unknown-type", message: "unknown asset kind '\(kindName.value)'",
                                 hint: "write image, font or blob")
            }
            let asset = try loader.assetName(fields.requiredString("asset", hint: "name a file in \(loader.fixturesDirectory)/assets/"), file: file)
            let worker = try fields.string("worker").map { (name) throws(Diagnostic) in try use(name, .worker) }
            let handleKind: HandleKind = switch kind {
            case .image: .image
            case .font: .font
            case .blob: .blob
            }
            try define(subject, handleKind, when: created)
            return .decode(handle: subject.value, kind: kind, asset: asset, worker: worker)
        case "assign":
            try allow(["property", "type", "value"])
            implied.insert(.assets)
            let instance = try use(subject, .instance)
            let property = try text("property", "write the property path")
            let typeName = try fields.requiredString("type", hint: "write image, font, blob or artboard")
            guard let kind = AssignableKind(rawValue: typeName.value) else {
                throw Diagnostic(file: file, mark: typeName.mark, code: "scenario.unknown-type", message: "'assign' sets image, font, blob or artboard properties, not '\(typeName.value)'",
                                 hint: "write image, font, blob or artboard; set value properties with 'set'")
            }
            let valueName = try fields.requiredString("value", hint: "write a \(kind.rawValue) handle, or 'none' to clear the property")
            let handleKind: HandleKind = switch kind {
            case .image: .image
            case .font: .font
            case .blob: .blob
            case .artboard: .artboard
            }
            let value = valueName.value == "none" ? nil : try use(valueName, handleKind)
            return .assign(instance: instance, property: property, kind: kind, value: value)
        case "rive":
            try allow(["file", "artboard", "stateMachine", "dataBind", "viewModelInstance"])
            implied.insert(.riveObject)
            let fileHandle = try required(fields, "file", .file)
            let artboard = try fields.string("artboard").map { (name) throws(Diagnostic) in try use(name, .artboard) }
            let machine = try fields.string("stateMachine")
            if let machine, artboard == nil {
                throw Diagnostic(file: file, mark: machine.mark, code: "scenario.invalid-rive",
                                 message: "a Rive object given a state machine needs its artboard too",
                                 hint: "add 'artboard: HANDLE' (the state machine's artboard); the documented forms are Rive(file:), Rive(file:artboard:) and Rive(file:artboard:stateMachine:)")
            }
            let stateMachine = try machine.map { (name) throws(Diagnostic) in try use(name, .stateMachine) }
            let dataBind: BindingChoice? = switch try fields.string("dataBind") {
            case nil: nil
            case let choice? where choice.value == "auto": .auto
            case let choice? where choice.value == "none": BindingChoice.none
            case let choice?: .instance(try use(choice, .instance))
            }
            var exposes: RiveExposure?
            if let exposed = try fields.string("viewModelInstance") {
                if exposed.value == "none" {
                    exposes = RiveExposure.none
                } else {
                    try define(exposed, .instance, when: created)
                    exposes = .instance(exposed.value)
                }
            }
            if expectsError, exposes != nil {
                throw Diagnostic(file: file, mark: fields.value("viewModelInstance")!.mark, code: "scenario.expect-with-throws",
                                 message: "a step that must throw makes no Rive object to expect an instance of", hint: "remove 'viewModelInstance' or 'throws'")
            }
            try define(subject, .rive, when: created)
            return .makeRive(handle: subject.value, file: fileHandle, artboard: artboard, stateMachine: stateMachine, dataBind: dataBind, exposes: exposes)
        case "view" where fields.has("rive"):
            try fields.rejectUnknownKeys(["view", "rive", "size"], context: "a 'view' step made from a Rive object (it takes the object's artboard, state machine and instance)")
            let rive = try required(fields, "rive", .rive)
            let (width, height) = try pair(fields, "size", hint: "write 'size: [WIDTH, HEIGHT]' in pixels")
            try define(subject, .view, when: true)
            return .makeRiveView(handle: subject.value, rive: rive, width: width, height: height)
        case "view":
            try allow(["artboard", "stateMachine", "instance", "size"])
            let artboard = try required(fields, "artboard", .artboard)
            let machine = try required(fields, "stateMachine", .stateMachine)
            let instance = try fields.string("instance").map { (name) throws(Diagnostic) in try use(name, .instance) }
            let (width, height) = try pair(fields, "size", hint: "write 'size: [WIDTH, HEIGHT]' in pixels")
            try define(subject, .view, when: true)
            return .makeView(handle: subject.value, artboard: artboard, stateMachine: machine, instance: instance, width: width, height: height)
        case "tick":
            try allow(["at", "paused", "onscreen", "expect"])
            let view = try use(subject, .view)
            let timestamp = try MappingReader.decode(Double.self, fields.required("at", hint: "write the tick's timestamp in seconds"), file: file)
            let tick = DisplayTick(timestamp: timestamp, isOnscreen: try fields.decode(Bool.self, "onscreen") ?? true,
                                   isPaused: try fields.decode(Bool.self, "paused") ?? false)
            return .tick(view: view, tick: tick, expected: try frameExpectation(fields))
        case "settle":
            try allow(["from", "every", "within"])
            implied.formUnion([.redrawReports, .frameReports])
            let view = try use(subject, .view)
            let from = try MappingReader.decode(Double.self, fields.required("from", hint: "write the first tick's timestamp in seconds"), file: file)
            let every = try fields.decode(Double.self, "every") ?? 1.0 / 60
            let within = try fields.decode(Int.self, "within") ?? 60
            guard every > 0, every.isFinite else {
                throw Diagnostic(file: file, mark: fields.value("every")?.mark ?? fields.node.mark, code: "scenario.invalid-value",
                                 message: "'every' must be a positive number of seconds", hint: "write for example 'every: 0.0166667'")
            }
            guard (1...Self.maximumSettleTicks).contains(within) else {
                throw Diagnostic(file: file, mark: fields.value("within")?.mark ?? fields.node.mark, code: "scenario.invalid-value",
                                 message: "'within' must be between 1 and \(Self.maximumSettleTicks) ticks, not \(within)",
                                 hint: "write for example 'within: 60'")
            }
            return .settle(view: view, from: from, every: every, within: within)
        case "pointer":
            try allow(["kind", "at", "id"])
            implied.insert(.pointerEvents)
            let view = try use(subject, .view)
            let kindName = try fields.requiredString("kind", hint: "write down, move, up or exit")
            guard let kind = PointerEvent.Kind(rawValue: kindName.value) else {
                throw Diagnostic(file: file, mark: kindName.mark, code: "scenario.invalid-value",
                                 message: "unknown pointer kind '\(kindName.value)'", hint: "write down, move, up or exit")
            }
            let at = try MappingReader.decode([Double].self, fields.required("at", hint: "write 'at: [X, Y]' in pixels"), file: file)
            guard at.count == 2 else {
                throw Diagnostic(file: file, mark: fields.value("at")!.mark, code: "scenario.invalid-value",
                                 message: "'at' needs two coordinates, got \(at.count)", hint: "write 'at: [X, Y]'")
            }
            return .pointer(view: view, event: PointerEvent(kind, x: at[0], y: at[1], pointerID: try fields.decode(Int.self, "id") ?? 0))
        case "probe":
            try allow(["at", "expect", "compare"])
            implied.insert(.pixels)
            let view = try use(subject, .view)
            let (x, y) = try pair(fields, "at", hint: "write 'at: [X, Y]' in pixels")
            let color = try colorValue(fields.required("expect", hint: "write the expected color, for example '#FFFF0000'"))
            return .probe(view: view, x: x, y: y, expected: color, comparison: try comparison(fields, for: .color))
        case "digest":
            try allow(["save", "equals", "differs", "golden"])
            implied.insert(.drawDigest)
            return .digest(view: try use(subject, .view), check: try digestCheck(fields))
        case "introspect":
            try allow(["query", "of", "expect"])
            implied.insert(.introspection)
            return try introspection(subject, fields, expectsError: expectsError)
        default: // "release"
            try allow([])
            guard handles.removeValue(forKey: subject.value) != nil else {
                throw Diagnostic(file: file, mark: subject.mark, code: "scenario.unknown-handle",
                                 message: "no handle '\(subject.value)' to release", hint: "release a handle an earlier step created")
            }
            return .release(handle: subject.value)
        }
    }

    // MARK: Values

    private func valueKind(_ fields: MappingReader) throws(Diagnostic) -> ValueKind {
        try valueKind(fields.requiredString("type", hint: "write the property's type: \(ValueKind.allCases.map(\.rawValue).joined(separator: ", "))"))
    }

    private func valueKind(_ name: Located<String>) throws(Diagnostic) -> ValueKind {
        guard let kind = ValueKind(rawValue: name.value) else {
            let known = ValueKind.allCases.map(\.rawValue)
            let suggestion = known.closestMatch(to: name.value).map { "did you mean '\($0)'? " } ?? ""
            throw Diagnostic(file: file, mark: name.mark, code: "scenario.unknown-type",
                             message: "unknown value type '\(name.value)'", hint: "\(suggestion)types: \(known.joined(separator: ", "))")
        }
        return kind
    }

    private func placeholder(_ kind: ValueKind) -> TypedValue {
        switch kind {
        case .number: .number(0)
        case .string: .string("")
        case .boolean: .boolean(false)
        case .color: .color(Color(0))
        case .enumCase: .enumCase("")
        }
    }

    private func typedValue(_ node: YAMLNode, _ kind: ValueKind) throws(Diagnostic) -> TypedValue {
        switch kind {
        case .number: return .number(try floatValue(node))
        case .string: return .string(try MappingReader.string(node, file: file, what: "a string value").value)
        case .boolean: return .boolean(try MappingReader.decode(Bool.self, node, file: file))
        case .enumCase: return .enumCase(try MappingReader.string(node, file: file, what: "an enum case").value)
        case .color: return .color(try colorValue(node))
        }
    }

    /// A YAML number rounded to the nearest Float; it must be finite as a Float.
    private func floatValue(_ node: YAMLNode) throws(Diagnostic) -> Float {
        let value = try MappingReader.decode(Double.self, node, file: file)
        guard value.isFinite, Float(value).isFinite else {
            throw Diagnostic(file: file, mark: node.mark, code: "scenario.invalid-value",
                             message: "\(value) is not a finite 32-bit float", hint: "number properties and inputs hold Float values")
        }
        return Float(value)
    }

    private func colorValue(_ node: YAMLNode) throws(Diagnostic) -> Color {
        let text = try MappingReader.string(node, file: file, what: "a color").value
        let hex = text.hasPrefix("#") ? String(text.dropFirst()) : nil
        if let hex, hex.count == 8 || hex.count == 6, let packed = UInt32(hex, radix: 16) {
            return Color(hex.count == 6 ? 0xFF00_0000 | packed : packed)
        }
        if hex == nil, let packed = try? MappingReader.decode(UInt32.self, node, file: file) { return Color(packed) }
        throw Diagnostic(file: file, mark: node.mark, code: "scenario.invalid-value", message: "'\(text)' is not a color",
                         hint: "write '#AARRGGBB' (quoted), '#RRGGBB' for opaque, or 0xAARRGGBB")
    }

    private func comparison(_ fields: MappingReader, for kind: ValueKind) throws(Diagnostic) -> Comparison {
        guard let node = fields.value("compare") else { return .exact }
        let result: Comparison
        if let text = node.scalar?.text, text == "exact" {
            result = .exact
        } else if let entries = node.mapping, entries.count == 1, let key = entries[0].key.scalar?.text, key == "absolute" || key == "colorChannel" {
            if key == "absolute" {
                let tolerance = try MappingReader.decode(Double.self, entries[0].value, file: file)
                guard tolerance >= 0 else {
                    throw Diagnostic(file: file, mark: entries[0].value.mark, code: "scenario.invalid-comparison",
                                     message: "a tolerance cannot be negative", hint: "write for example '{absolute: 1e-4}'")
                }
                result = .absolute(tolerance)
            } else {
                let tolerance = try MappingReader.decode(Int.self, entries[0].value, file: file)
                guard (0...255).contains(tolerance) else {
                    throw Diagnostic(file: file, mark: entries[0].value.mark, code: "scenario.invalid-comparison",
                                     message: "a channel tolerance is 0 to 255, not \(tolerance)", hint: "write for example '{colorChannel: 2}'")
                }
                result = .colorChannel(tolerance)
            }
        } else {
            throw Diagnostic(file: file, mark: node.mark, code: "scenario.invalid-comparison", message: "unknown comparison",
                             hint: "write 'exact', '{absolute: TOLERANCE}' for numbers or '{colorChannel: TOLERANCE}' for colors")
        }
        guard result.applies(to: kind) else {
            throw Diagnostic(file: file, mark: node.mark, code: "scenario.invalid-comparison",
                             message: "\(result) does not apply to \(kind.rawValue) values",
                             hint: "absolute applies to numbers, colorChannel to colors, exact to everything")
        }
        return result
    }

    private func instanceSource(_ fields: MappingReader) throws(Diagnostic) -> InstanceSourceSpec {
        let kindName = try fields.requiredString("source", hint: "write blank, viewModelDefault or name")
        guard let kind = InstanceSourceSpec.Kind(rawValue: kindName.value) else {
            throw Diagnostic(file: file, mark: kindName.mark, code: "scenario.invalid-source", message: "unknown instance source '\(kindName.value)'",
                             hint: "write blank, viewModelDefault or name; take the view model from 'viewModel: NAME' or 'artboard: HANDLE' (artboardDefault)")
        }
        let viewModel: InstanceSourceSpec.ViewModel
        switch (try fields.string("viewModel"), try fields.string("artboard")) {
        case (let name?, nil): viewModel = .named(name.value)
        case (nil, let artboard?): viewModel = .artboardDefault(try use(artboard, .artboard))
        default:
            throw Diagnostic(file: file, mark: fields.node.mark, code: "scenario.invalid-source",
                             message: "an instance needs exactly one of 'viewModel' and 'artboard'",
                             hint: "'viewModel: NAME' names the view model; 'artboard: HANDLE' uses the artboard's default view model")
        }
        let instanceName = try fields.string("name")
        switch (kind, instanceName) {
        case (.name, nil):
            throw Diagnostic(file: file, mark: kindName.mark, code: "scenario.invalid-source",
                             message: "'source: name' needs the instance's 'name'", hint: "add 'name: INSTANCE'")
        case (.blank, let name?), (.viewModelDefault, let name?):
            throw Diagnostic(file: file, mark: name.mark, code: "scenario.invalid-source",
                             message: "'name' only applies to 'source: name'", hint: "remove 'name' or write 'source: name'")
        default:
            return InstanceSourceSpec(kind: kind, viewModel: viewModel, instanceName: instanceName?.value)
        }
    }

    private func globalPairs(_ fields: MappingReader) throws(Diagnostic) -> [GlobalPair] {
        guard let node = fields.value("globals") else { return [] }
        guard let elements = node.sequence else {
            throw Diagnostic(file: file, mark: node.mark, code: "scenario.type-mismatch", message: "'globals' must be a list of 'NAME: HANDLE' pairs",
                             hint: "write 'globals: [{Theme: theme}]'; the order is kept and a name may repeat")
        }
        var pairs: [GlobalPair] = []
        for element in elements {
            guard let entries = element.mapping, entries.count == 1, let name = entries[0].key.scalar?.text else {
                throw Diagnostic(file: file, mark: element.mark, code: "scenario.type-mismatch", message: "each global is one 'NAME: HANDLE' pair",
                                 hint: "write '{Theme: theme}'")
            }
            let handle = try MappingReader.string(entries[0].value, file: file, what: "a global's instance")
            pairs.append(GlobalPair(name: name, instance: try use(handle, .instance)))
        }
        return pairs
    }

    private func emissionExpectation(_ fields: MappingReader, kind: StreamKind) throws(Diagnostic) -> EmissionExpectation {
        let given = ["expect", "count", "none"].filter(fields.has)
        guard given.count == 1 else {
            throw Diagnostic(file: file, mark: fields.node.mark, code: "scenario.invalid-emissions",
                             message: "'emissions' needs exactly one of 'expect', 'count' and 'none'",
                             hint: "'expect: [1, 2]' lists values in order, 'count: 2' counts events, 'none: true' expects nothing")
        }
        switch given[0] {
        case "expect":
            let node = try fields.required("expect", hint: "")
            guard case .value(let valueKind) = kind else {
                throw Diagnostic(file: file, mark: node.mark, code: "scenario.invalid-emissions",
                                 message: "a trigger stream's events carry no values", hint: "use 'count: N' for trigger streams")
            }
            guard let elements = node.sequence else {
                throw Diagnostic(file: file, mark: node.mark, code: "scenario.type-mismatch", message: "'expect' must be a list of values",
                                 hint: "write 'expect: [1, 2]'")
            }
            var values: [TypedValue] = []
            for element in elements { values.append(try typedValue(element, valueKind)) }
            return .exactly(values)
        case "count":
            let count = try fields.decode(Int.self, "count") ?? 0
            guard count >= 0 else {
                throw Diagnostic(file: file, mark: fields.value("count")!.mark, code: "scenario.invalid-emissions",
                                 message: "a count cannot be negative", hint: "write 'count: 0' or more")
            }
            return .count(count)
        default:
            guard try fields.decode(Bool.self, "none") == true else {
                throw Diagnostic(file: file, mark: fields.value("none")!.mark, code: "scenario.invalid-emissions",
                                 message: "'none' can only be true", hint: "write 'none: true', or use 'count'")
            }
            return .nothing
        }
    }

    private mutating func frameExpectation(_ fields: MappingReader) throws(Diagnostic) -> FrameExpectation? {
        guard let node = fields.value("expect") else { return nil }
        let expect = try MappingReader(node, file: file, what: "a frame expectation")
        try expect.rejectUnknownKeys(["advanced", "drew", "settled", "advanceSeconds"], context: "a frame expectation")
        let expectation = FrameExpectation(advanced: try expect.decode(Bool.self, "advanced"), drew: try expect.decode(Bool.self, "drew"),
                                           settled: try expect.decode(Bool.self, "settled"), advanceSeconds: try expect.decode(Double.self, "advanceSeconds"))
        if expectation.advanced != nil || expectation.drew != nil { implied.insert(.redrawReports) }
        if expectation.settled != nil || expectation.advanceSeconds != nil { implied.insert(.frameReports) }
        return expectation
    }

    private func pair(_ fields: MappingReader, _ key: String, hint: String) throws(Diagnostic) -> (Int, Int) {
        let node = try fields.required(key, hint: hint)
        let values = try MappingReader.decode([Int].self, node, file: file)
        guard values.count == 2, values.allSatisfy({ $0 >= 0 }) else {
            throw Diagnostic(file: file, mark: node.mark, code: "scenario.invalid-value",
                             message: "'\(key)' needs two non-negative integers, got \(values)", hint: hint)
        }
        return (values[0], values[1])
    }

    private func digestCheck(_ fields: MappingReader) throws(Diagnostic) -> DigestCheck {
        let given = ["save", "equals", "differs", "golden"].filter(fields.has)
        guard given.count == 1, let name = try fields.string(given[0]) else {
            throw Diagnostic(file: file, mark: fields.node.mark, code: "scenario.invalid-digest",
                             message: "'digest' needs exactly one of 'save', 'equals', 'differs' and 'golden'",
                             hint: "'save: NAME' remembers the frame; 'equals'/'differs: NAME' compare with it; 'golden: NAME' compares with Corpus/expected")
        }
        guard name.value.wholeMatch(of: /[A-Za-z0-9_-]+/) != nil else {
            throw Diagnostic(file: file, mark: name.mark, code: "scenario.invalid-digest",
                             message: "'\(name.value)' is not a digest name", hint: "use letters, digits, '-' and '_'")
        }
        switch given[0] {
        case "save": return .save(name.value)
        case "equals": return .equals(name.value)
        case "differs": return .differs(name.value)
        default: return .golden(name.value)
        }
    }

    private func introspection(_ subject: Located<String>, _ fields: MappingReader, expectsError: Bool) throws(Diagnostic) -> StepAction {
        let queryName = try fields.requiredString("query", hint: "write the question, for example 'query: artboardNames'")
        let of = try fields.string("of")
        func needsOf(_ kind: String) throws(Diagnostic) -> Located<String> {
            guard let of else {
                throw Diagnostic(file: file, mark: queryName.mark, code: "scenario.missing-key", message: "'\(queryName.value)' needs 'of'",
                                 hint: "name the \(kind) under 'of'")
            }
            return of
        }
        let query: IntrospectionQuery
        let targetKind: HandleKind
        switch queryName.value {
        case "artboardNames": (query, targetKind) = (.artboardNames, .file)
        case "viewModelNames": (query, targetKind) = (.viewModelNames, .file)
        case "globalViewModelNames": (query, targetKind) = (.globalViewModelNames, .file)
        case "enums": (query, targetKind) = (.enums, .file)
        case "instanceNames": (query, targetKind) = (.instanceNames(viewModel: try needsOf("view model").value), .file)
        case "properties": (query, targetKind) = (.properties(viewModel: try needsOf("view model").value), .file)
        case "defaultViewModelInfo": (query, targetKind) = (.defaultViewModelInfo(artboard: try use(needsOf("artboard handle"), .artboard)), .file)
        case "stateMachineNames": (query, targetKind) = (.stateMachineNames, .artboard)
        case "instanceName": (query, targetKind) = (.instanceName, .instance)
        case "viewModelName": (query, targetKind) = (.viewModelName, .instance)
        default:
            let known = ["artboardNames", "viewModelNames", "globalViewModelNames", "enums", "instanceNames", "properties",
                         "defaultViewModelInfo", "stateMachineNames", "instanceName", "viewModelName"]
            let suggestion = known.closestMatch(to: queryName.value).map { "did you mean '\($0)'? " } ?? ""
            throw Diagnostic(file: file, mark: queryName.mark, code: "scenario.unknown-query", message: "unknown query '\(queryName.value)'",
                             hint: "\(suggestion)queries: \(known.joined(separator: ", "))")
        }
        let target = try use(subject, targetKind)
        let expected = expectsError ? [] : try MappingReader.decode([String].self, fields.required("expect", hint: "list the expected answer"), file: file)
        return .introspect(target: target, query: query, expected: expected)
    }
}

/// `an` before a word that starts with a vowel letter, else `a`.
func article(_ word: String) -> String {
    word.first.map { "aeiouAEIOU".contains($0) } == true ? "an" : "a"
}
