import RiveFormat
import YAML

extension FixtureCompilation {
    /// Emits every enum with its values.
    mutating func emitEnums(_ sources: [EnumSource]) throws(FixtureError) {
        for source in sources {
            emit(TypeKey.dataEnumCustom, [(PropertyKey.dataEnumCustomName, .string(source.name.value))], at: source.name.mark)
            for value in source.values {
                emit(TypeKey.dataEnumValue, [
                    (PropertyKey.dataEnumValueKey, .string(value.key.value)),
                    (PropertyKey.dataEnumValueValue, value.text.map { .string($0) }),
                ], at: value.key.mark)
            }
        }
    }

    /// Emits every view model, directly followed by its properties, then its instances and their values.
    mutating func emitViewModels(_ sources: [ViewModelSource]) throws(FixtureError) {
        for source in sources {
            guard let entry = viewModels[source.name.value] else { continue }
            emit(TypeKey.viewModel, [
                (PropertyKey.viewModelComponentName, .string(source.name.value)),
                (PropertyKey.viewModelViewModelType, entry.isGlobal ? .uint(2) : nil),
            ], at: source.name.mark)
            for (property, propertySource) in zip(entry.properties, source.properties ?? []) {
                emit(Self.propertyTypeKey(property.kind), [
                    (PropertyKey.viewModelComponentName, .string(property.name)),
                    (PropertyKey.viewModelPropertyEnumCustomEnumId, property.enumIndex.map { .uint(UInt64($0)) }),
                    (PropertyKey.viewModelPropertyViewModelViewModelReferenceId,
                     property.kind == .viewModel ? property.referencedViewModel.flatMap { viewModels[$0] }.map { .uint(UInt64($0.index)) } : nil),
                ], at: propertySource.name.mark)
            }
            let instances = source.instances ?? []
            for (index, instanceName) in entry.instanceNames.enumerated() {
                let values = index < instances.count ? instances[index].values?.entries ?? [] : []
                try emitInstance(named: instanceName, of: entry, values: values)
            }
        }
    }

    private mutating func emitInstance(named name: Located<String>, of viewModel: ViewModelEntry, values: [(name: Located<String>, value: YAMLNode)]) throws(FixtureError) {
        emit(TypeKey.viewModelInstance, [
            (PropertyKey.viewModelInstanceViewModelId, .uint(UInt64(viewModel.index))),
            (PropertyKey.componentName, .string(name.value)),
        ], at: name.mark)
        var given: [String: (name: Located<String>, value: YAMLNode)] = [:]
        for value in values {
            guard viewModel.properties.contains(where: { $0.name == value.name.value }) else {
                throw unknown("property of view model '\(viewModel.source.name.value)'", value.name, among: viewModel.properties.map(\.name))
            }
            given[value.name.value] = value
        }
        // Every property gets a value record, as the editor writes them; unset ones carry the default.
        for property in viewModel.properties {
            let authored = given[property.name]
            let mark = authored?.value.mark ?? name.mark
            let propertyId: (UInt32, RivePropertyValue?) = (PropertyKey.viewModelInstanceValueViewModelPropertyId, .uint(UInt64(property.index)))
            switch property.kind {
            case .number:
                emit(TypeKey.viewModelInstanceNumber, [propertyId, (PropertyKey.viewModelInstanceNumberPropertyValue, try read(authored?.value) { node throws(FixtureError) in try number(node, for: property.name) }.map { .float($0) })], at: mark)
            case .string:
                emit(TypeKey.viewModelInstanceString, [propertyId, (PropertyKey.viewModelInstanceStringPropertyValue, try read(authored?.value) { node throws(FixtureError) in try text(node, for: property.name) }.map { .string($0) })], at: mark)
            case .boolean:
                emit(TypeKey.viewModelInstanceBoolean, [propertyId, (PropertyKey.viewModelInstanceBooleanPropertyValue, try read(authored?.value) { node throws(FixtureError) in try bool(node, for: property.name) }.map { .bool($0) })], at: mark)
            case .color:
                emit(TypeKey.viewModelInstanceColor, [propertyId, (PropertyKey.viewModelInstanceColorPropertyValue, try read(authored?.value) { node throws(FixtureError) in try color(node, for: property.name) }.map { .color($0) })], at: mark)
            case .enum:
                emit(TypeKey.viewModelInstanceEnum, [propertyId, (PropertyKey.viewModelInstanceEnumPropertyValue, try read(authored?.value) { node throws(FixtureError) in try enumIndex(node, of: property) }.map { .uint(UInt64($0)) })], at: mark)
            case .trigger:
                if let authored {
                    throw error(.typeMismatch, authored.value.mark, "'\(property.name)' is a trigger, which holds no authored value", hint: "remove the value; triggers are fired, not set")
                }
                emit(TypeKey.viewModelInstanceTrigger, [propertyId], at: mark)
            case .viewModel:
                let instance = try authored.map { value throws(FixtureError) in try instanceIndex(value.value, of: property.referencedViewModel ?? "", for: property.name) }
                emit(TypeKey.viewModelInstanceViewModel, [propertyId, (PropertyKey.viewModelInstanceViewModelPropertyValue, instance.map { .uint(UInt64($0)) })], at: mark)
            case .list:
                emit(TypeKey.viewModelInstanceList, [propertyId], at: mark)
                guard let authored else { break }
                guard let items = FixtureValueParser.names(authored.value) else {
                    throw error(.typeMismatch, authored.value.mark, "'\(property.name)' is a list, so its value is a list of instance names, not \(FixtureValueParser.describe(authored.value))", hint: "write [First, Second] with instances of '\(property.referencedViewModel ?? "")'")
                }
                for item in items {
                    // `Instance` is an instance of the list's item view model; `ViewModel/Instance`
                    // an item of another view model (a list may mix them, LIST-6).
                    var viewModelName = property.referencedViewModel ?? ""
                    var instanceName = item
                    if let slash = item.value.firstIndex(of: "/") {
                        viewModelName = String(item.value[..<slash])
                        instanceName = Located(String(item.value[item.value.index(after: slash)...]), at: item.mark)
                        guard viewModels[viewModelName] != nil else {
                            throw unknown("view model", Located(viewModelName, at: item.mark), among: Array(viewModels.keys))
                        }
                    }
                    let itemViewModel = viewModels[viewModelName]
                    let index = try instanceIndex(of: instanceName, in: viewModelName)
                    emit(TypeKey.viewModelInstanceListItem, [
                        (PropertyKey.viewModelInstanceListItemViewModelId, itemViewModel.map { .uint(UInt64($0.index)) }),
                        (PropertyKey.viewModelInstanceListItemViewModelInstanceId, .uint(UInt64(index))),
                    ], at: item.mark)
                }
            case .image, .font, .blob:
                if let authored {
                    throw error(.invalidValue, authored.value.mark, "'\(property.name)' is an \(property.kind.rawValue) property; fixtures embed no assets, so it cannot have an authored value", hint: "remove the value; the runtime API assigns \(property.kind.rawValue)s at run time")
                }
                emit(Self.assetValueTypeKey(property.kind), [propertyId], at: mark)
            case .artboard:
                let artboard = try authored.map { value throws(FixtureError) -> Int in
                    guard let text = FixtureValueParser.text(value.value) else {
                        throw error(.typeMismatch, value.value.mark, "'\(property.name)' is an artboard property, so its value is an artboard name", hint: "write the name of an artboard in this file")
                    }
                    guard let index = artboardIndices[text] else { throw unknown("artboard", Located(text, at: value.value.mark), among: Array(artboardIndices.keys)) }
                    return index
                }
                emit(TypeKey.viewModelInstanceArtboard, [propertyId, (PropertyKey.viewModelInstanceArtboardPropertyValue, artboard.map { .uint(UInt64($0)) })], at: mark)
            }
        }
    }

    // MARK: Reading typed values

    /// Reads an optional node with `reader`, keeping the typed error.
    func read<Value>(_ node: YAMLNode?, _ reader: (YAMLNode) throws(FixtureError) -> Value) throws(FixtureError) -> Value? {
        guard let node else { return nil }
        return try reader(node)
    }

    /// A number value, or a located type error.
    func number(_ node: YAMLNode, for what: String) throws(FixtureError) -> Float {
        try typed(node, what, needs: "a number", FixtureValueParser.number, hint: "write an unquoted number such as 4 or 0.5")
    }

    /// A boolean value, or a located type error.
    func bool(_ node: YAMLNode, for what: String) throws(FixtureError) -> Bool {
        try typed(node, what, needs: "a boolean", FixtureValueParser.bool, hint: "write true or false")
    }

    /// A text value, or a located type error.
    func text(_ node: YAMLNode, for what: String) throws(FixtureError) -> String {
        try typed(node, what, needs: "a string", FixtureValueParser.text, hint: "write the text, quoted if it could be read as something else")
    }

    /// An ARGB color value, or a located type error.
    func color(_ node: YAMLNode, for what: String) throws(FixtureError) -> UInt32 {
        try typed(node, what, needs: "a color", FixtureValueParser.color, hint: "write \"#RRGGBB\", \"#AARRGGBB\" (quoted) or 0xAARRGGBB")
    }

    /// The value `parse` reads from `node`, or a located type error saying what `what` needs.
    private func typed<Value>(_ node: YAMLNode, _ what: String, needs kind: String, _ parse: (YAMLNode) -> Value?, hint: String) throws(FixtureError) -> Value {
        guard let value = parse(node) else {
            throw error(.typeMismatch, node.mark, "'\(what)' needs \(kind), found \(FixtureValueParser.describe(node))", hint: hint)
        }
        return value
    }

    /// The index of an enum value named by its key.
    func enumIndex(_ node: YAMLNode, of property: PropertyEntry) throws(FixtureError) -> Int {
        let keys = property.enumIndex.flatMap { index in enums.values.first { $0.index == index }?.keys } ?? []
        guard let key = FixtureValueParser.text(node) else {
            throw error(.typeMismatch, node.mark, "'\(property.name)' is an enum, so its value is one of its keys", hint: "write one of: \(keys.joined(separator: ", "))")
        }
        guard let index = keys.firstIndex(of: key) else {
            throw error(.unknownEnumValue, node.mark, "'\(key)' is not a value of the enum of '\(property.name)'", hint: "write one of: \(keys.joined(separator: ", "))")
        }
        return index
    }

    private func instanceIndex(_ node: YAMLNode, of viewModel: String, for property: String) throws(FixtureError) -> Int {
        guard let name = FixtureValueParser.text(node) else {
            throw error(.typeMismatch, node.mark, "'\(property)' is a nested view model, so its value is the name of an instance of '\(viewModel)'", hint: "write an instance name")
        }
        return try instanceIndex(of: Located(name, at: node.mark), in: viewModel)
    }

    private func instanceIndex(of name: Located<String>, in viewModel: String) throws(FixtureError) -> Int {
        let names = viewModels[viewModel]?.instanceNames.map(\.value) ?? []
        guard let index = names.firstIndex(of: name.value) else {
            throw unknown("instance of view model '\(viewModel)'", name, among: names)
        }
        return index
    }

    // MARK: Type keys by property kind

    static func propertyTypeKey(_ kind: PropertyKind) -> UInt32 {
        switch kind {
        case .number: TypeKey.viewModelPropertyNumber
        case .string: TypeKey.viewModelPropertyString
        case .boolean: TypeKey.viewModelPropertyBoolean
        case .color: TypeKey.viewModelPropertyColor
        case .enum: TypeKey.viewModelPropertyEnumCustom
        case .trigger: TypeKey.viewModelPropertyTrigger
        case .viewModel: TypeKey.viewModelPropertyViewModel
        case .list: TypeKey.viewModelPropertyList
        case .image: TypeKey.viewModelPropertyAssetImage
        case .font: TypeKey.viewModelPropertyAssetFont
        case .blob: TypeKey.viewModelPropertyAssetBlob
        case .artboard: TypeKey.viewModelPropertyArtboard
        }
    }

    private static func assetValueTypeKey(_ kind: PropertyKind) -> UInt32 {
        switch kind {
        case .font: TypeKey.viewModelInstanceAssetFont
        case .blob: TypeKey.viewModelInstanceAssetBlob
        default: TypeKey.viewModelInstanceAssetImage
        }
    }
}
