import RiveRuntime

// RiveRuntime and RuntimeAPI both declare File, Artboard, StateMachine, ViewModelInstance,
// Image, Font, Color, the property descriptors and the error enums. This file imports only
// RiveRuntime, so the names below are unambiguous here; every other file of the adapter uses
// these aliases for RiveRuntime's types and the plain names for RuntimeAPI's.

typealias RiveWorker = Worker
typealias RiveWorkerError = WorkerError
typealias RiveSource = Source
typealias RiveFile = File
typealias RiveFileError = FileError
typealias RiveArtboard = Artboard
typealias RiveArtboardError = ArtboardError
typealias RiveStateMachine = StateMachine
typealias RiveViewModelInstance = ViewModelInstance
typealias RiveViewModelInstanceError = ViewModelInstanceError
typealias RiveViewModelSource = ViewModelSource
typealias RiveViewModelInstanceSource = ViewModelInstanceSource
typealias RiveViewModelProperty = ViewModelProperty
typealias RiveViewModelEnum = ViewModelEnum
typealias RiveImage = Image
typealias RiveImageError = ImageError
typealias RiveFont = Font
typealias RiveFontError = FontError
typealias RiveColor = Color
typealias RiveLogger = RiveLog.Logger
typealias RiveLogTag = RiveLog.Tag
typealias RiveStringProperty = StringProperty
typealias RiveNumberProperty = NumberProperty
typealias RiveBoolProperty = BoolProperty
typealias RiveColorProperty = ColorProperty
typealias RiveEnumProperty = EnumProperty
typealias RiveTriggerProperty = TriggerProperty
typealias RiveListProperty = ListProperty
typealias RiveViewModelInstanceProperty = ViewModelInstanceProperty
typealias RiveImageProperty = ImageProperty
typealias RiveArtboardProperty = ArtboardProperty

/// Installs a logger as RiveRuntime's process-wide logger.
@MainActor func installRiveLogger(_ logger: any RiveLogger) { RiveLog.logger = logger }
