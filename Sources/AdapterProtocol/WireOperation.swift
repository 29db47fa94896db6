/// The adapter protocol's operations by their wire names (docs/adapter-protocol.md,
/// "Operations"): the one list the Swift client (`ProcessAdapter`) and server
/// (`AdapterServer`) spell requests from. The rive-cpp driver (Adapters/rive-cpp/driver/
/// operations.hpp) and the Python example (Examples/python-adapter/toy_adapter.py, `Op`)
/// keep the same list, which `OperationTableTests` checks.
public enum WireOperation: String, CaseIterable, Sendable {
    // The session
    case handshake
    case ping
    case shutdown
    case release
    // The adapter
    case adapterMakeWorker = "adapter.makeWorker"
    // A worker
    case workerLoadFile = "worker.loadFile"
    case workerDecodeImage = "worker.decodeImage"
    case workerDecodeFont = "worker.decodeFont"
    case workerDecodeBlob = "worker.decodeBlob"
    case workerFlush = "worker.flush"
    case workerTakeLog = "worker.takeLog"
    case workerMakeView = "worker.makeView"
    // A file
    case fileGetArtboardNames = "file.getArtboardNames"
    case fileGetViewModelNames = "file.getViewModelNames"
    case fileGetGlobalViewModelNames = "file.getGlobalViewModelNames"
    case fileGetInstanceNames = "file.getInstanceNames"
    case fileGetProperties = "file.getProperties"
    case fileGetViewModelEnums = "file.getViewModelEnums"
    case fileGetDefaultViewModelInfo = "file.getDefaultViewModelInfo"
    case fileCreateArtboard = "file.createArtboard"
    case fileCreateViewModelInstance = "file.createViewModelInstance"
    case fileMakeRive = "file.makeRive"
    // An artboard
    case artboardGetStateMachineNames = "artboard.getStateMachineNames"
    case artboardGetSize = "artboard.getSize"
    case artboardGetAnimationNames = "artboard.getAnimationNames"
    case artboardCreateStateMachine = "artboard.createStateMachine"
    case artboardCreateAnimationScene = "artboard.createAnimationScene"
    // A state machine
    case stateMachineAdvance = "stateMachine.advance"
    case stateMachineBindViewModelInstance = "stateMachine.bindViewModelInstance"
    case stateMachineBindViewModelInstances = "stateMachine.bindViewModelInstances"
    case stateMachineSettledStream = "stateMachine.settledStream"
    case stateMachineSetInput = "stateMachine.setInput"
    case stateMachineTriggerInput = "stateMachine.triggerInput"
    // A view-model instance
    case instanceName = "instance.name"
    case instanceViewModelName = "instance.viewModelName"
    case instanceValue = "instance.value"
    case instanceSetValue = "instance.setValue"
    case instanceValueStream = "instance.valueStream"
    case instanceFire = "instance.fire"
    case instanceStream = "instance.stream"
    case instanceNestedInstance = "instance.nestedInstance"
    case instanceSize = "instance.size"
    case instanceListItem = "instance.listItem"
    case instanceAppendInstance = "instance.appendInstance"
    case instanceInsertInstance = "instance.insertInstance"
    case instanceRemoveInstanceAt = "instance.removeInstanceAt"
    case instanceRemoveInstance = "instance.removeInstance"
    case instanceSwapInstance = "instance.swapInstance"
    // A view
    case viewTick = "view.tick"
    case viewDrawDigest = "view.drawDigest"
    case viewRasterize = "view.rasterize"
    case viewSend = "view.send"
    // A stream
    case streamCancel = "stream.cancel"
}
