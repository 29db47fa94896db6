import RuntimeAPI

/// A RiveRuntime `File`, with the view-model schema read once at load.
///
/// The schema lets the adapter refuse two requests RiveRuntime mishandles (see README.md):
/// `getInstanceNames(of:)` of an unknown view model (its reply is routed to no listener, so
/// the call never returns) and value streams whose type differs from the property's (the
/// command server casts the property to the subscribed type).
@MainActor
final class AppleFile: File {
    let rive: RRFile
    /// The worker, kept alive by its files as in RiveRuntime (`File` holds its `Worker`).
    let worker: AppleWorker
    /// Each view model's properties, in file order.
    private(set) var schema: [String: [ViewModelProperty]] = [:]
    private var viewModelNames: [String] = []

    init(_ rive: RRFile, worker: AppleWorker) {
        self.rive = rive
        self.worker = worker
    }

    /// Reads every view model's properties.
    /// - Throws: `FileError` as RiveRuntime reports it.
    func loadSchema() async throws(FileError) {
        viewModelNames = try await getViewModelNames()
        for name in viewModelNames { schema[name] = try await getProperties(of: name) }
    }

    /// The type of the property at a `/`-separated path of a view model, or `nil` when the
    /// schema cannot resolve it (an unknown view model or name, or a segment that is not a
    /// nested view-model property).
    func propertyType(at path: String, in viewModel: String?) -> DataType? {
        guard var current = viewModel else { return nil }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for (index, segment) in segments.enumerated() {
            guard let property = schema[current]?.first(where: { $0.name == segment }) else { return nil }
            if index == segments.count - 1 { return property.type }
            guard property.type == .viewModel else { return nil }
            current = property.metaData
        }
        return nil
    }

    /// The view model a nested view-model property at a path refers to, when the schema knows it.
    func nestedViewModel(at path: String, in viewModel: String?) -> String? {
        guard propertyType(at: path, in: viewModel) == .viewModel, let viewModel else { return nil }
        var current = viewModel
        for segment in path.split(separator: "/", omittingEmptySubsequences: false).map(String.init) {
            guard let next = schema[current]?.first(where: { $0.name == segment })?.metaData else { return nil }
            current = next
        }
        return current
    }

    func getArtboardNames() async throws(FileError) -> [String] {
        do { return try await rive.getArtboardNames() } catch { throw fileError(error) }
    }

    func createArtboard(_ name: String?) async throws(FileError) -> any Artboard {
        let artboard: RRArtboard
        do { artboard = try await rive.createArtboard(name) } catch { throw fileError(error) }
        // RiveRuntime's Artboard has no name; the default artboard is the file's first.
        var resolved = name ?? ""
        if name == nil { resolved = try await getArtboardNames().first ?? "" }
        return AppleArtboard(artboard, name: resolved, file: self)
    }

    func getViewModelNames() async throws(FileError) -> [String] {
        do { return try await rive.getViewModelNames() } catch { throw fileError(error) }
    }

    func getGlobalViewModelNames() async throws(FileError) -> [String] {
        throw .invalidFile("RiveRuntime \(AppleRuntimeAdapter.pinnedRiveRuntimeVersion) has no getGlobalViewModelNames() (global view models appear only in the 6.28 documentation)")
    }

    func getInstanceNames(of viewModel: String) async throws(FileError) -> [String] {
        guard viewModelNames.contains(viewModel) else { throw .invalidViewModel(viewModel) }
        do { return try await rive.getInstanceNames(of: viewModel) } catch { throw fileError(error) }
    }

    func getProperties(of viewModel: String) async throws(FileError) -> [ViewModelProperty] {
        guard viewModelNames.contains(viewModel) else { throw .invalidViewModel(viewModel) }
        do {
            return try await rive.getProperties(of: viewModel).map {
                ViewModelProperty(type: dataType($0.type), name: $0.name, metaData: $0.metaData)
            }
        } catch {
            throw fileError(error)
        }
    }

    func getViewModelEnums() async throws(FileError) -> [ViewModelEnum] {
        do { return try await rive.getViewModelEnums().map { ViewModelEnum(name: $0.name, values: $0.values) } } catch { throw fileError(error) }
    }

    func getDefaultViewModelInfo(for artboard: any Artboard) async throws(ArtboardError) -> DefaultViewModelInfo {
        guard let artboard = artboard as? AppleArtboard else { throw .invalidArtboard("the artboard was not created by the Apple adapter") }
        do {
            let info = try await rive.getDefaultViewModelInfo(for: artboard.rive)
            return DefaultViewModelInfo(viewModelName: info.viewModelName, instanceName: info.instanceName)
        } catch {
            throw artboardError(error)
        }
    }

    func createViewModelInstance(_ source: ViewModelInstanceSource) async throws(FileError) -> any ViewModelInstance {
        let riveSource: RRViewModelInstanceSource
        switch source {
        case .blank(let from): riveSource = .blank(from: try riveViewModelSource(from))
        case .viewModelDefault(let from): riveSource = .viewModelDefault(from: try riveViewModelSource(from))
        case .name(let name, let from): riveSource = .name(name, from: try riveViewModelSource(from))
        }
        let instance: RRViewModelInstance
        do { instance = try await rive.createViewModelInstance(riveSource) } catch { throw fileError(error) }
        let viewModel = try? await instance.viewModelName()
        return AppleViewModelInstance(instance, viewModel: viewModel, file: self)
    }

    private func riveViewModelSource(_ source: ViewModelSource) throws(FileError) -> RRViewModelSource {
        switch source {
        case .name(let name): return .name(name)
        case .artboardDefault(let artboard):
            guard let artboard = artboard as? AppleArtboard else {
                throw .invalidViewModelInstance("the artboard was not created by the Apple adapter")
            }
            return .artboardDefault(artboard.rive)
        }
    }

    private func dataType(_ type: RRViewModelProperty.DataType) -> DataType {
        switch type {
        case .none: .none
        case .string: .string
        case .number: .number
        case .boolean: .boolean
        case .color: .color
        case .list: .list
        case .enum: .enumType
        case .trigger: .trigger
        case .viewModel: .viewModel
        case .integer: .integer
        case .symbolListIndex: .symbolListIndex
        case .assetImage: .assetImage
        case .assetFont: .assetFont
        case .assetBlob: .assetBlob
        case .artboard: .artboard
        case .input: .input
        case .any: .any
        }
    }
}
