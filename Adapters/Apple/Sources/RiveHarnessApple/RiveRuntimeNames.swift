import RiveRuntime

// RiveRuntime and RuntimeAPI both declare File, Artboard, StateMachine, ViewModelInstance,
// Image, Font, Color, the property descriptors and the error enums. This file imports only
// RiveRuntime, so the names below are unambiguous here; every other file of the adapter uses
// these aliases (RR = RiveRuntime) for RiveRuntime's types and the plain names for RuntimeAPI's.
// The prefix is not `Rive`: RiveRuntime's legacy API exports RiveFile, RiveArtboard, RiveFont.

typealias RRWorker = Worker
typealias RRWorkerError = WorkerError
typealias RRSource = Source
typealias RRFile = File
typealias RRFileError = FileError
typealias RRArtboard = Artboard
typealias RRArtboardError = ArtboardError
typealias RRStateMachine = StateMachine
typealias RRViewModelInstance = ViewModelInstance
typealias RRViewModelInstanceError = ViewModelInstanceError
typealias RRViewModelSource = ViewModelSource
typealias RRViewModelInstanceSource = ViewModelInstanceSource
typealias RRViewModelProperty = ViewModelProperty
typealias RRViewModelEnum = ViewModelEnum
typealias RRImage = Image
typealias RRImageError = ImageError
typealias RRFont = Font
typealias RRFontError = FontError
typealias RRColor = Color
typealias RRLogger = RiveLog.Logger
typealias RRLogTag = RiveLog.Tag
typealias RRStringProperty = StringProperty
typealias RRNumberProperty = NumberProperty
typealias RRBoolProperty = BoolProperty
typealias RRColorProperty = ColorProperty
typealias RREnumProperty = EnumProperty
typealias RRTriggerProperty = TriggerProperty
typealias RRListProperty = ListProperty
typealias RRViewModelInstanceProperty = ViewModelInstanceProperty
typealias RRImageProperty = ImageProperty
typealias RRArtboardProperty = ArtboardProperty

/// Installs a logger as RiveRuntime's process-wide logger.
@MainActor func installRiveLogger(_ logger: any RRLogger) { RiveLog.logger = logger }

#if RIVE_RUNTIME_LINUX_BUILD
/// The rive-ios and rive-runtime commits of the module scripts/build-rive-ios built.
let riveRuntimeBuildDescription = "rive-ios \(RiveRuntimeBuildInfo.riveIOSCommit.prefix(12)) over rive-runtime \(RiveRuntimeBuildInfo.runtimeCommit.prefix(12))"

/// One frame's drain of a worker's command-queue messages, through RiveRuntime's message gate.
@MainActor func processMessagesForFrame(_ worker: Worker) { worker.processMessagesForFrame() }
#endif

typealias RRRive = Rive
typealias RRDataBind = DataBind
