// The minimal adapter that docs/runtime-api.md shows, kept here so that it really compiles
// and runs. It serves a runtime that can only list artboards: every file it "loads" has one
// artboard named after the source, no state machines and no view models.
import RuntimeAPI

@MainActor
final class ListingAdapter: RuntimeAdapter {
    let name = "listing-example"
    let version = "1.0"
    let capabilities: RuntimeCapabilities = [.introspection]

    func makeWorker() async throws(WorkerError) -> any Worker { ListingWorker() }
}

@MainActor
final class ListingWorker: Worker {
    func loadFile(_ source: FileSource) async throws(FileError) -> any File {
        switch source {
        case .data(let bytes):
            guard !bytes.isEmpty else { throw .missingData("0 bytes") }
            return ListingFile(artboardName: "from-data")
        case .path(let path):
            return ListingFile(artboardName: path)
        }
    }

    func decodeImage(from bytes: [UInt8]) async throws(AssetError) -> any Image { throw .failedDecoding("assets are not supported") }
    func decodeFont(from bytes: [UInt8]) async throws(AssetError) -> any Font { throw .failedDecoding("assets are not supported") }
    func decodeBlob(from bytes: [UInt8]) async throws(AssetError) -> any Blob { throw .failedDecoding("assets are not supported") }

    // Every call completes synchronously, so there is nothing to wait for.
    func flush() async {}
    func takeLog() -> [RuntimeLogEntry] { [] }

    func makeView(_ configuration: ViewConfiguration) throws(ObservationError) -> any RuntimeView {
        throw .unsupported([.redrawReports, .pixels], "this runtime does not draw")
    }
}

@MainActor
final class ListingFile: File {
    let artboardName: String
    init(artboardName: String) { self.artboardName = artboardName }

    func getArtboardNames() async throws(FileError) -> [String] { [artboardName] }
    func createArtboard(_ name: String?) async throws(FileError) -> any Artboard {
        guard name == nil || name == artboardName else { throw .invalidArtboard(name ?? "") }
        return ListingArtboard(name: artboardName)
    }
    func getViewModelNames() async throws(FileError) -> [String] { [] }
    func getGlobalViewModelNames() async throws(FileError) -> [String] { [] }
    func getInstanceNames(of viewModel: String) async throws(FileError) -> [String] { throw .invalidViewModel(viewModel) }
    func getProperties(of viewModel: String) async throws(FileError) -> [ViewModelProperty] { throw .invalidViewModel(viewModel) }
    func getViewModelEnums() async throws(FileError) -> [ViewModelEnum] { [] }
    func getDefaultViewModelInfo(for artboard: any Artboard) async throws(ArtboardError) -> DefaultViewModelInfo {
        throw .invalidArtboard("the artboard has no view model")
    }
    func createViewModelInstance(_ source: ViewModelInstanceSource) async throws(FileError) -> any ViewModelInstance {
        throw .invalidViewModelInstance("the file has no view models")
    }
}

@MainActor
final class ListingArtboard: Artboard {
    let name: String
    init(name: String) { self.name = name }

    func getStateMachineNames() async throws(ArtboardError) -> [String] { [] }
    func createStateMachine(_ name: String?, binding: DataBind) async throws(ArtboardError) -> any StateMachine {
        throw .invalidStateMachine("the artboard has no state machines")
    }
}
