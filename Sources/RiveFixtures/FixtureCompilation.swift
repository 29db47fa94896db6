import RiveFormat
import YAML

typealias TypeKey = RiveTypeKey
typealias PropertyKey = RivePropertyKey

/// The state of one compilation: the objects emitted so far, where each came from, and the
/// name tables that turn fixture names into file indices.
struct FixtureCompilation {
    /// A view model's file index, kind and properties, by name.
    struct ViewModelEntry {
        var index: Int
        var isGlobal: Bool
        var source: ViewModelSource
        var properties: [PropertyEntry] = []
        var instanceNames: [Located<String>] = []
    }

    /// A view-model property's index, type and what it refers to.
    struct PropertyEntry {
        var index: Int
        var name: String
        var kind: PropertyKind
        var enumIndex: Int?
        var referencedViewModel: String?
    }

    /// A resolved view-model path: its ids and the property it ends at.
    struct ResolvedPath {
        var ids: [Int]
        var property: PropertyEntry
        var viewModelName: String

        /// The ids as the format stores them: varuints, one after another.
        var encoded: [UInt8] { RiveIDList.encode(ids.map { UInt64($0) }) }
    }

    let file: String
    private(set) var objects: [RiveObject] = []
    private(set) var objectMarks: [Mark] = []
    var enums: [String: (index: Int, keys: [String])] = [:]
    var viewModels: [String: ViewModelEntry] = [:]
    var artboardIndices: [String: Int] = [:]
    var artboardViewModels: [String: String] = [:]
    /// Every artboard's source, to check the artboards that lists draw their items with.
    var artboardSources: [ArtboardSource] = []
    /// The file-level converter that turns a listener action into a trigger fire, when one is needed.
    var triggerConverterIndex: Int?
    /// A converter of the fixture's `converters`: its index in the file's converter list.
    struct ConverterEntry {
        var index: Int
        var source: ConverterSource
        /// A formula converter's tokens, checked when the converters are collected.
        var formulaTokens: [FormulaSourceToken] = []
    }
    /// The fixture's converters by name.
    var converterEntries: [String: ConverterEntry] = [:]
    /// Artboard-local ids handed out so far in the current artboard (the artboard itself is 0).
    var localObjectCount = 0
    /// The fixture's fonts by name.
    var fonts: [String: FontEntry] = [:]
    /// Reads a file the fixture names (a font), by its path relative to the fixture's folder.
    let readAsset: (String) -> [UInt8]?

    init(file: String, readAsset: @escaping (String) -> [UInt8]? = { _ in nil }) {
        self.file = file
        self.readAsset = readAsset
    }

    /// The compiled document.
    var document: RiveDocument { RiveDocument(header: RiveHeader(), objects: objects) }

    // MARK: Emitting objects

    /// Appends an object, leaving out properties that are absent or equal to their schema default.
    @discardableResult
    mutating func emit(_ typeKey: UInt32, _ properties: [(UInt32, RivePropertyValue?)], at mark: Mark) -> Int {
        var kept: [RiveProperty] = []
        for (key, value) in properties {
            guard let value, value != RiveSchema.defaultValue(of: key) else { continue }
            kept.append(RiveProperty(key: key, value: value))
        }
        objects.append(RiveObject(typeKey: typeKey, properties: kept))
        objectMarks.append(mark)
        return objects.count - 1
    }

    /// Sets a property of an object already emitted (a value known only after its children).
    mutating func setProperty(_ key: UInt32, to value: RivePropertyValue, ofObject index: Int) {
        objects[index].properties.removeAll { $0.key == key }
        objects[index].properties.append(RiveProperty(key: key, value: value))
    }

    /// Appends an artboard component and returns its artboard-local id.
    mutating func emitComponent(_ typeKey: UInt32, _ properties: [(UInt32, RivePropertyValue?)], at mark: Mark) -> Int {
        emit(typeKey, properties, at: mark)
        localObjectCount += 1
        return localObjectCount - 1
    }

    /// Appends a DataBindContext that binds `key` of the object just emitted to a view-model path.
    mutating func emitDataBind(key: UInt32, path: ResolvedPath, flags: UInt64, converter: Int? = nil, at mark: Mark) {
        emit(TypeKey.dataBindContext, [
            (PropertyKey.dataBindPropertyKey, .uint(UInt64(key))),
            (PropertyKey.dataBindFlags, .uint(flags)),
            (PropertyKey.dataBindConverterId, converter.map { .uint(UInt64($0)) }),
            (PropertyKey.dataBindContextSourcePathIds, .bytes(path.encoded)),
        ], at: mark)
    }

    /// Turns a writer error into a fixture error at the element that produced the object.
    func locate(_ error: RiveFormatError) -> FixtureError {
        var mark = Mark.start
        for part in error.path where part.hasPrefix("object #") {
            let digits = part.dropFirst("object #".count).prefix { $0.isNumber }
            if let index = Int(digits), objectMarks.indices.contains(index) { mark = objectMarks[index] }
        }
        return FixtureError(.formatRule, file: file, at: mark, "the compiled file breaks a format rule: \(error.message)",
                            hint: "\(error.hint); this usually means the compiler needs fixing, so please report it with the fixture")
    }

    // MARK: Errors

    /// An error at a location in this compilation's file.
    func error(_ code: FixtureError.Code, _ mark: Mark, _ message: String, hint: String) -> FixtureError {
        FixtureError(code, file: file, at: mark, message, hint: hint)
    }

    /// An "unknown name" error listing the names that would have been valid.
    func unknown(_ what: String, _ name: Located<String>, among candidates: [String]) -> FixtureError {
        let listed = candidates.isEmpty ? "there are none" : "known: " + candidates.sorted().joined(separator: ", ")
        let suggestion = candidates.closestMatch(to: name.value).map { " (did you mean '\($0)'?)" } ?? ""
        return error(.unknownName, name.mark, "no \(what) is named '\(name.value)'\(suggestion)", hint: listed)
    }

    // MARK: The whole file

    /// Compiles a whole fixture: file-level objects, then every artboard.
    mutating func compile(_ source: FixtureSource) throws(FixtureError) {
        try collectNames(source)
        try collectFonts(source.fonts ?? [])
        emit(TypeKey.backboard, [], at: .start)
        emitFonts(source.fonts ?? [])
        try emitEnums(source.enums ?? [])
        if needsTriggerConverter(source) {
            triggerConverterIndex = 0
            emit(TypeKey.dataConverterTrigger, [(PropertyKey.dataConverterName, .string("Fire trigger"))], at: .start)
        }
        try collectConverters(source.converters ?? [], firstIndex: triggerConverterIndex == nil ? 0 : 1)
        emitConverters(source.converters ?? [])
        try emitViewModels(source.viewModels ?? [])
        for artboard in source.artboards {
            try emitArtboard(artboard)
        }
    }

    private func needsTriggerConverter(_ source: FixtureSource) -> Bool {
        source.artboards.contains { artboard in
            (artboard.stateMachines ?? []).contains { machine in
                (machine.listeners ?? []).contains { listener in listener.actions.contains { $0.fire != nil } }
            }
        }
    }

    /// Fills the name tables first, so that references may point forwards.
    private mutating func collectNames(_ source: FixtureSource) throws(FixtureError) {
        for (index, source) in (source.enums ?? []).enumerated() {
            guard enums[source.name.value] == nil else {
                throw error(.duplicateName, source.name.mark, "a second enum is named '\(source.name.value)'", hint: "give each enum its own name")
            }
            var keys: [String] = []
            for value in source.values {
                if keys.contains(value.key.value) {
                    throw error(.duplicateName, value.key.mark, "enum '\(source.name.value)' already has the value '\(value.key.value)'", hint: "give each value its own key")
                }
                keys.append(value.key.value)
            }
            enums[source.name.value] = (index, keys)
        }
        for (index, source) in (source.viewModels ?? []).enumerated() {
            guard viewModels[source.name.value] == nil else {
                throw error(.duplicateName, source.name.mark, "a second view model is named '\(source.name.value)'", hint: "give each view model its own name; the runtime finds view models by their first name match")
            }
            viewModels[source.name.value] = ViewModelEntry(index: index, isGlobal: source.global ?? false, source: source)
        }
        artboardSources = source.artboards
        for (index, source) in source.artboards.enumerated() {
            guard artboardIndices[source.name.value] == nil else {
                throw error(.duplicateName, source.name.mark, "a second artboard is named '\(source.name.value)'", hint: "give each artboard its own name")
            }
            artboardIndices[source.name.value] = index
        }
        for viewModelSource in source.viewModels ?? [] {
            let name = viewModelSource.name.value
            guard let entry = viewModels[name] else { continue }
            var properties: [PropertyEntry] = []
            for (index, property) in (entry.source.properties ?? []).enumerated() {
                if properties.contains(where: { $0.name == property.name.value }) {
                    throw error(.duplicateName, property.name.mark, "view model '\(name)' already has a property '\(property.name.value)'", hint: "give each property its own name")
                }
                properties.append(try resolveProperty(property, index: index, in: name))
            }
            var instanceNames: [Located<String>] = []
            let instances = entry.source.instances ?? []
            for (index, instance) in instances.enumerated() {
                let instanceName = instance.name ?? Located(index == 0 ? "Default" : "", at: instance.mark)
                if instance.name == nil, index > 0 {
                    throw error(.invalidValue, instance.mark, "only the first (default) instance may leave out its name", hint: "add 'name:' to this instance")
                }
                if instanceNames.contains(where: { $0.value == instanceName.value }) {
                    throw error(.duplicateName, instanceName.mark, "view model '\(name)' already has an instance '\(instanceName.value)'", hint: "give each instance its own name; the runtime finds instances by their first name match")
                }
                instanceNames.append(instanceName)
            }
            // Left out, `instances` means one blank "Default"; an explicit `[]` means none at all
            // (a view model whose default instance is blank and named "", SRC-2).
            if entry.source.instances == nil { instanceNames = [Located("Default", at: entry.source.name.mark)] }
            viewModels[name]?.properties = properties
            viewModels[name]?.instanceNames = instanceNames
        }
        for source in source.artboards {
            if let viewModel = source.viewModel {
                guard viewModels[viewModel.value] != nil else { throw unknown("view model", viewModel, among: Array(viewModels.keys)) }
                artboardViewModels[source.name.value] = viewModel.value
            }
        }
    }

    private func resolveProperty(_ property: PropertySource, index: Int, in viewModel: String) throws(FixtureError) -> PropertyEntry {
        var entry = PropertyEntry(index: index, name: property.name.value, kind: property.type.value)
        if property.name.value.contains("/") {
            throw error(.invalidValue, property.name.mark, "property names cannot contain '/', which separates path segments", hint: "rename the property")
        }
        switch property.type.value {
        case .enum:
            guard let enumName = property.enum else {
                throw error(.invalidValue, property.type.mark, "an enum property needs 'enum:' naming its enum", hint: "add 'enum: <name of an enum in this file>'")
            }
            guard let found = enums[enumName.value] else { throw unknown("enum", enumName, among: Array(enums.keys)) }
            entry.enumIndex = found.index
        case .viewModel, .list:
            guard let referenced = property.viewModel else {
                throw error(.invalidValue, property.type.mark, "a \(property.type.value.rawValue) property needs 'viewModel:' naming the view model of its \(property.type.value == .list ? "items" : "value")", hint: "add 'viewModel: <name of a view model in this file>'")
            }
            guard viewModels[referenced.value] != nil else { throw unknown("view model", referenced, among: Array(viewModels.keys)) }
            entry.referencedViewModel = referenced.value
        default:
            if let extra = property.enum ?? property.viewModel {
                throw error(.invalidValue, extra.mark, "a \(property.type.value.rawValue) property refers to no enum or view model", hint: "remove this key, or change the property's type")
            }
        }
        return entry
    }

    // MARK: View-model paths

    /// Resolves `ViewModel/property[/nested…]` into absolute path ids.
    ///
    /// - Parameter reachableFrom: the artboard whose binds use the path; the path must start at
    ///   that artboard's view model or at a global view model, or the runtime will never find it.
    func resolvePath(_ path: Located<String>, reachableFrom artboard: String) throws(FixtureError) -> ResolvedPath {
        let segments = path.value.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard segments.count >= 2, !segments.contains("") else {
            throw error(.invalidValue, path.mark, "'\(path.value)' is not a view-model path", hint: "write ViewModel/property, or ViewModel/nested/property for a nested view model")
        }
        guard var viewModel = viewModels[segments[0]] else {
            throw unknown("view model", Located(segments[0], at: path.mark), among: Array(viewModels.keys))
        }
        let root = viewModel
        if !root.isGlobal, artboardViewModels[artboard] != segments[0] {
            throw error(.unreachablePath, path.mark, "view model '\(segments[0])' is neither the view model of artboard '\(artboard)' nor global, so the runtime would never resolve '\(path.value)'",
                        hint: artboardViewModels[artboard].map { "start the path at '\($0)' or at a global view model" } ?? "give the artboard 'viewModel: \(segments[0])', or make the view model global")
        }
        var ids = [viewModel.index]
        for (position, name) in segments.dropFirst().enumerated() {
            guard let property = viewModel.properties.first(where: { $0.name == name }) else {
                throw unknown("property of view model '\(viewModel.source.name.value)'", Located(name, at: path.mark), among: viewModel.properties.map(\.name))
            }
            ids.append(property.index)
            if position == segments.count - 2 {
                return ResolvedPath(ids: ids, property: property, viewModelName: root.source.name.value)
            }
            guard property.kind == .viewModel, let next = property.referencedViewModel.flatMap({ viewModels[$0] }) else {
                throw error(.typeMismatch, path.mark, "'\(name)' in '\(path.value)' is a \(property.kind.rawValue) property, so the path cannot continue through it", hint: "only nested view-model properties can be walked through")
            }
            viewModel = next
        }
        throw error(.invalidValue, path.mark, "'\(path.value)' is not a view-model path", hint: "write ViewModel/property")
    }
}

