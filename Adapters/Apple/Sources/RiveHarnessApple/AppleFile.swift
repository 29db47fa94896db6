import RuntimeAPI

/// A RiveRuntime `File`; every call forwards to RiveRuntime's call of the same name, so what
/// RiveRuntime does with a request (an unknown view model, a mismatched stream type) is what
/// the corpus measures.
@MainActor
final class AppleFile: File {
    let rive: RRFile
    /// The worker, kept alive by its files as in RiveRuntime (`File` holds its `Worker`).
    let worker: AppleWorker

    init(_ rive: RRFile, worker: AppleWorker) {
        self.rive = rive
        self.worker = worker
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
        throw .invalidFile("RiveRuntime \(AppleRuntimeAdapter.builtRiveRuntimeVersion) has no File.getGlobalViewModelNames() (global view models appear in the 6.28 documentation)")
    }

    func getInstanceNames(of viewModel: String) async throws(FileError) -> [String] {
        do { return try await rive.getInstanceNames(of: viewModel) } catch { throw fileError(error) }
    }

    func getProperties(of viewModel: String) async throws(FileError) -> [ViewModelProperty] {
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
        return AppleViewModelInstance(instance, file: self)
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

    /// RiveRuntime's property types by case name, so that a RiveRuntime with fewer or more
    /// types than RuntimeAPI still builds (a type RuntimeAPI lacks reads as `.none`).
    private static let dataTypes: [String: DataType] = [
        "none": .none, "string": .string, "number": .number, "boolean": .boolean, "color": .color, "list": .list,
        "enum": .enumType, "trigger": .trigger, "viewModel": .viewModel, "integer": .integer, "symbolListIndex": .symbolListIndex,
        "assetImage": .assetImage, "assetFont": .assetFont, "assetBlob": .assetBlob, "artboard": .artboard, "input": .input, "any": .any,
    ]

    private func dataType(_ type: RRViewModelProperty.DataType) -> DataType {
        Self.dataTypes["\(type)"] ?? .none
    }
}
