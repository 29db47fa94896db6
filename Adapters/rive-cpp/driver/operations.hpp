// The adapter protocol's operation names (docs/adapter-protocol.md, "Operations"), one
// constant each: the same list as the Swift client's and server's WireOperation and the
// Python example's Op (RiveHarness's OperationTableTests check that they agree). The driver
// answers the operations of this list that its capabilities cover.
#pragma once

namespace harness::ops
{

// The session
constexpr const char handshake[] = "handshake";
constexpr const char ping[] = "ping";
constexpr const char shutdown[] = "shutdown";
constexpr const char release[] = "release";
// The adapter
constexpr const char adapterMakeWorker[] = "adapter.makeWorker";
// A worker
constexpr const char workerLoadFile[] = "worker.loadFile";
constexpr const char workerDecodeImage[] = "worker.decodeImage";
constexpr const char workerDecodeFont[] = "worker.decodeFont";
constexpr const char workerDecodeBlob[] = "worker.decodeBlob";
constexpr const char workerFlush[] = "worker.flush";
constexpr const char workerTakeLog[] = "worker.takeLog";
constexpr const char workerMakeView[] = "worker.makeView";
// A file
constexpr const char fileGetArtboardNames[] = "file.getArtboardNames";
constexpr const char fileGetViewModelNames[] = "file.getViewModelNames";
constexpr const char fileGetGlobalViewModelNames[] = "file.getGlobalViewModelNames";
constexpr const char fileGetInstanceNames[] = "file.getInstanceNames";
constexpr const char fileGetProperties[] = "file.getProperties";
constexpr const char fileGetViewModelEnums[] = "file.getViewModelEnums";
constexpr const char fileGetDefaultViewModelInfo[] = "file.getDefaultViewModelInfo";
constexpr const char fileCreateArtboard[] = "file.createArtboard";
constexpr const char fileCreateViewModelInstance[] = "file.createViewModelInstance";
constexpr const char fileMakeRive[] = "file.makeRive";
// An artboard
constexpr const char artboardGetStateMachineNames[] = "artboard.getStateMachineNames";
constexpr const char artboardGetSize[] = "artboard.getSize";
constexpr const char artboardGetAnimationNames[] = "artboard.getAnimationNames";
constexpr const char artboardCreateStateMachine[] = "artboard.createStateMachine";
constexpr const char artboardCreateAnimationScene[] = "artboard.createAnimationScene";
// A state machine
constexpr const char stateMachineAdvance[] = "stateMachine.advance";
constexpr const char stateMachineBindViewModelInstance[] = "stateMachine.bindViewModelInstance";
constexpr const char stateMachineBindViewModelInstances[] = "stateMachine.bindViewModelInstances";
constexpr const char stateMachineSettledStream[] = "stateMachine.settledStream";
constexpr const char stateMachineSetInput[] = "stateMachine.setInput";
constexpr const char stateMachineTriggerInput[] = "stateMachine.triggerInput";
// A view-model instance
constexpr const char instanceName[] = "instance.name";
constexpr const char instanceViewModelName[] = "instance.viewModelName";
constexpr const char instanceValue[] = "instance.value";
constexpr const char instanceSetValue[] = "instance.setValue";
constexpr const char instanceValueStream[] = "instance.valueStream";
constexpr const char instanceFire[] = "instance.fire";
constexpr const char instanceStream[] = "instance.stream";
constexpr const char instanceNestedInstance[] = "instance.nestedInstance";
constexpr const char instanceSize[] = "instance.size";
constexpr const char instanceListItem[] = "instance.listItem";
constexpr const char instanceAppendInstance[] = "instance.appendInstance";
constexpr const char instanceInsertInstance[] = "instance.insertInstance";
constexpr const char instanceRemoveInstanceAt[] = "instance.removeInstanceAt";
constexpr const char instanceRemoveInstance[] = "instance.removeInstance";
constexpr const char instanceSwapInstance[] = "instance.swapInstance";
// A view
constexpr const char viewTick[] = "view.tick";
constexpr const char viewDrawDigest[] = "view.drawDigest";
constexpr const char viewRasterize[] = "view.rasterize";
constexpr const char viewSend[] = "view.send";
// A stream
constexpr const char streamCancel[] = "stream.cancel";

} // namespace harness::ops
