import RiveFormat
import RuntimeAPI

/// A file loaded by the reference runtime: introspection and creation of artboards and
/// view-model instances.
@MainActor
public final class ReferenceFile: File {
    let model: FileModel
    let worker: ReferenceWorker
    let factory: InstanceFactory
    let resolver: PathResolver
    private var contents: [Int: ArtboardContent] = [:]
    /// A number no other file loaded in this process has (never 0), which tells a file's
    /// artboards from another file's when an app assigns one to an artboard property.
    let serial: UInt64

    private static var loadedCount: UInt64 = 0

    init(model: FileModel, worker: ReferenceWorker) {
        Self.loadedCount += 1
        serial = Self.loadedCount
        self.model = model
        self.worker = worker
        factory = InstanceFactory(model: model)
        resolver = PathResolver(model: model)
    }

    /// Descriptions of the data binds the runtime does not apply (binds through converters),
    /// for reports.
    public var unappliedBinds: [String] { model.unappliedBinds }

    public func getArtboardNames() async throws(FileError) -> [String] {
        if Task.isCancelled { throw .cancelled }
        return model.artboards.map(\.name)
    }

    public func createArtboard(_ name: String?) async throws(FileError) -> any Artboard {
        if Task.isCancelled { throw .cancelled }
        return try makeArtboard(name)
    }

    /// Creates an artboard synchronously; `createArtboard(_:)` is the API form.
    /// - Throws: `FileError.invalidArtboard` for an unknown name or a file without artboards (BIND-7).
    public func makeArtboard(_ name: String?) throws(FileError) -> ReferenceArtboard {
        guard !model.artboards.isEmpty else { throw .invalidArtboard("the file has no artboards") }
        guard let name else { return ReferenceArtboard(file: self, index: 0) }
        guard let index = model.artboards.firstIndex(where: { $0.name == name }) else {
            throw .invalidArtboard("no artboard named \"\(name)\"; the file has \(model.artboards.map { "\"\($0.name)\"" }.joined(separator: ", "))")
        }
        return ReferenceArtboard(file: self, index: index)
    }

    public func getViewModelNames() async throws(FileError) -> [String] {
        if Task.isCancelled { throw .cancelled }
        return model.viewModels.map(\.name)
    }

    public func getGlobalViewModelNames() async throws(FileError) -> [String] {
        if Task.isCancelled { throw .cancelled }
        return model.viewModels.filter(\.isGlobal).map(\.name)
    }

    public func getInstanceNames(of viewModel: String) async throws(FileError) -> [String] {
        if Task.isCancelled { throw .cancelled }
        return model.viewModels[try viewModelIndex(viewModel)].instances.map(\.name)
    }

    public func getProperties(of viewModel: String) async throws(FileError) -> [ViewModelProperty] {
        if Task.isCancelled { throw .cancelled }
        return model.viewModels[try viewModelIndex(viewModel)].properties.map { property in
            var metaData = ""
            if let enumIndex = property.enumIndex { metaData = model.enums[enumIndex].name }
            if let referenced = property.referencedViewModel, model.viewModels.indices.contains(referenced) {
                metaData = model.viewModels[referenced].name
            }
            return ViewModelProperty(type: property.dataType, name: property.name, metaData: metaData)
        }
    }

    public func getViewModelEnums() async throws(FileError) -> [ViewModelEnum] {
        if Task.isCancelled { throw .cancelled }
        return model.enums.map { ViewModelEnum(name: $0.name, values: $0.keys) }
    }

    public func getDefaultViewModelInfo(for artboard: any Artboard) async throws(ArtboardError) -> DefaultViewModelInfo {
        if Task.isCancelled { throw .cancelled }
        guard let artboard = artboard as? ReferenceArtboard, artboard.file === self else {
            throw .invalidArtboard("the artboard was not created from this file")
        }
        guard let viewModel = artboard.viewModel else {
            throw .invalidArtboard("artboard \"\(artboard.name)\" has no view model")
        }
        return DefaultViewModelInfo(viewModelName: model.viewModels[viewModel].name, instanceName: factory.defaultInstanceName(viewModel))
    }

    public func createViewModelInstance(_ source: ViewModelInstanceSource) async throws(FileError) -> any ViewModelInstance {
        if Task.isCancelled { throw .cancelled }
        return try makeViewModelInstance(source)
    }

    /// Creates an instance synchronously; `createViewModelInstance(_:)` is the API form.
    /// - Throws: `FileError.invalidViewModelInstance` for an unknown view model or instance
    ///   name, or an artboard without a view model (SRC-3, SRC-4).
    public func makeViewModelInstance(_ source: ViewModelInstanceSource) throws(FileError) -> ReferenceViewModelInstance {
        let node: InstanceNode
        switch source {
        case .blank(let from):
            node = factory.blank(try viewModelIndex(from))
        case .viewModelDefault(let from):
            node = factory.defaultInstance(try viewModelIndex(from))
        case .name(let name, let from):
            let viewModel = try viewModelIndex(from)
            guard let instance = model.viewModels[viewModel].instances.firstIndex(where: { $0.name == name }) else {
                throw .invalidViewModelInstance("view model \"\(model.viewModels[viewModel].name)\" has no instance named \"\(name)\"")
            }
            node = factory.copy(viewModel, instance: instance)
        }
        return ReferenceViewModelInstance(file: self, node: node)
    }

    // MARK: Internal

    private func viewModelIndex(_ name: String) throws(FileError) -> Int {
        guard let index = model.viewModelIndex(named: name) else { throw .invalidViewModel("no view model named \"\(name)\"") }
        return index
    }

    private func viewModelIndex(_ source: ViewModelSource) throws(FileError) -> Int {
        switch source {
        case .name(let name):
            guard let index = model.viewModelIndex(named: name) else { throw .invalidViewModelInstance("no view model named \"\(name)\"") }
            return index
        case .artboardDefault(let artboard):
            guard let artboard = artboard as? ReferenceArtboard, artboard.file === self else {
                throw .invalidViewModelInstance("the artboard was not created from this file")
            }
            guard let index = artboard.viewModel else {
                throw .invalidViewModelInstance("artboard \"\(artboard.name)\" has no view model")
            }
            return index
        }
    }

    /// What the runtime plays of an artboard, read once per file.
    func content(ofArtboard index: Int) -> ArtboardContent {
        if let content = contents[index] { return content }
        let content = ArtboardContent(artboard: index, model: model)
        contents[index] = content
        return content
    }

    /// The content of each artboard the runtime does not support, by artboard name: type names
    /// with their counts (`name ×count`), empty when the artboard is fully supported.
    public var unsupportedContent: [(artboard: String, types: [String])] {
        model.artboards.indices.map { (model.artboards[$0].name, content(ofArtboard: $0).unsupportedSummary) }
    }

    /// The file's default instance of a view model, used to fill empty binding slots.
    func defaultInstance(_ viewModel: Int) -> InstanceNode { factory.defaultInstance(viewModel) }

    /// The slot key of each global view model: the file index of the first view model with
    /// its name (later view models with the same name get no slot).
    var globalSlots: [Int] {
        model.viewModels.indices.filter { model.viewModels[$0].isGlobal && model.viewModelIndex(named: model.viewModels[$0].name) == $0 }
    }
}
