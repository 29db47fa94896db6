// The part of RiveRuntime's public API (rive-ios 6.24.0, the Swift-concurrency API under
// Source/Concurrency/) that the Apple adapter uses: declarations only, so the adapter's
// sources can be type-checked on Linux, where RiveRuntime's xcframework cannot link.
// Nothing here has behaviour; every body stops the program. Each declaration names the
// rive-ios file it mirrors. When the adapter uses another RiveRuntime call, declare it here
// with the same signature as in that file, or scripts/typecheck-apple-adapter fails.

import Foundation

// MARK: Source/Concurrency/Worker/Worker.swift

/// Declaration of RiveRuntime's `Worker` (Source/Concurrency/Worker/Worker.swift).
public final class Worker {
    /// `@MainActor public convenience init() async throws` in Worker.swift.
    @MainActor public init() async throws { fatalError("declaration only") }
    /// `decodeImage(from:)` in Worker.swift.
    @MainActor public func decodeImage(from data: Data) async throws -> Image { fatalError("declaration only") }
    /// `decodeFont(from:)` (the `Data` overload) in Worker.swift.
    @MainActor public func decodeFont(from data: Data) async throws -> Font { fatalError("declaration only") }
}

// MARK: Source/Concurrency/Worker/WorkerError.swift

/// Declaration of `WorkerError` (Source/Concurrency/Worker/WorkerError.swift).
public enum WorkerError: LocalizedError {
    case missingDevice
}

// MARK: Source/Concurrency/File/FileLoader.swift

/// Declaration of `Source` (Source/Concurrency/File/FileLoader.swift); only the case the adapter uses.
public enum Source: Sendable {
    case data(Data)
}

// MARK: Source/Concurrency/File/File.swift

/// Declaration of RiveRuntime's `File` (Source/Concurrency/File/File.swift).
public final class File: Equatable {
    /// `@MainActor public convenience init(source:worker:) async throws` in File.swift.
    @MainActor public init(source: Source, worker: Worker) async throws { fatalError("declaration only") }
    public static func == (lhs: File, rhs: File) -> Bool { fatalError("declaration only") }
    @MainActor public func getArtboardNames() async throws -> [String] { fatalError("declaration only") }
    @MainActor public func createArtboard(_ name: String? = nil) async throws -> Artboard { fatalError("declaration only") }
    @MainActor public func createViewModelInstance(_ source: ViewModelInstanceSource) async throws -> ViewModelInstance { fatalError("declaration only") }
    @MainActor public func getViewModelNames() async throws -> [String] { fatalError("declaration only") }
    @MainActor public func getInstanceNames(of viewModel: String) async throws -> [String] { fatalError("declaration only") }
    @MainActor public func getProperties(of viewModel: String) async throws -> [ViewModelProperty] { fatalError("declaration only") }
    @MainActor public func getViewModelEnums() async throws -> [ViewModelEnum] { fatalError("declaration only") }
    @MainActor public func getDefaultViewModelInfo(for artboard: Artboard) async throws -> (viewModelName: String, instanceName: String) {
        fatalError("declaration only")
    }
}

// MARK: Source/Concurrency/File/FileError.swift

/// Declaration of RiveRuntime's `FileError` (Source/Concurrency/File/FileError.swift).
public enum FileError: LocalizedError {
    case missingFile(String)
    case invalidData(String)
    case missingData(String)
    case invalidFile(String)
    case invalidArtboard(String)
    case invalidViewModel(String)
    case invalidViewModelInstance(String)
    case cancelled
}

// MARK: Source/Concurrency/Artboard/Artboard.swift

/// Declaration of RiveRuntime's `Artboard` (Source/Concurrency/Artboard/Artboard.swift).
public final class Artboard: Equatable {
    public static func == (lhs: Artboard, rhs: Artboard) -> Bool { fatalError("declaration only") }
    @MainActor public func getStateMachineNames() async throws -> [String] { fatalError("declaration only") }
    @MainActor public func createStateMachine(_ name: String? = nil) async throws -> StateMachine { fatalError("declaration only") }
}

// MARK: Source/Concurrency/Artboard/ArtboardError.swift

/// Declaration of RiveRuntime's `ArtboardError` (Source/Concurrency/Artboard/ArtboardError.swift).
public enum ArtboardError: LocalizedError {
    case invalidArtboard(String)
    case invalidStateMachine(String)
    case cancelled
}

// MARK: Source/Concurrency/StateMachine/StateMachine.swift

/// Declaration of RiveRuntime's `StateMachine` (Source/Concurrency/StateMachine/StateMachine.swift).
public final class StateMachine: Equatable {
    public static func == (lhs: StateMachine, rhs: StateMachine) -> Bool { fatalError("declaration only") }
    @MainActor public func advance(by time: TimeInterval) { fatalError("declaration only") }
    @MainActor public func settledStream() -> AsyncStream<Void> { fatalError("declaration only") }
    @MainActor public func bindViewModelInstance(_ viewModelInstance: ViewModelInstance) { fatalError("declaration only") }
}

// MARK: Source/Concurrency/DataBinding/ViewModelInstance.swift

/// Declaration of `ViewModelSource` (Source/Concurrency/DataBinding/ViewModelInstance.swift).
public enum ViewModelSource {
    case artboardDefault(Artboard)
    case name(String)
}

/// Declaration of `ViewModelInstanceSource` (Source/Concurrency/DataBinding/ViewModelInstance.swift).
public enum ViewModelInstanceSource {
    case blank(from: ViewModelSource)
    case viewModelDefault(from: ViewModelSource)
    case name(String, from: ViewModelSource)
}

/// Declaration of RiveRuntime's `ViewModelInstance` (Source/Concurrency/DataBinding/ViewModelInstance.swift).
public final class ViewModelInstance: Equatable {
    public static func == (lhs: ViewModelInstance, rhs: ViewModelInstance) -> Bool { fatalError("declaration only") }
    @MainActor public func viewModelName() async throws -> String { fatalError("declaration only") }
    @MainActor public func name() async throws -> String { fatalError("declaration only") }

    @MainActor public func value(of property: StringProperty) async throws -> StringProperty.Value { fatalError("declaration only") }
    @MainActor public func valueStream(of property: StringProperty) -> AsyncThrowingStream<StringProperty.Value, Error> { fatalError("declaration only") }
    @MainActor public func setValue(of property: StringProperty, to value: StringProperty.Value) { fatalError("declaration only") }

    @MainActor public func value(of property: NumberProperty) async throws -> NumberProperty.Value { fatalError("declaration only") }
    @MainActor public func valueStream(of property: NumberProperty) -> AsyncThrowingStream<NumberProperty.Value, Error> { fatalError("declaration only") }
    @MainActor public func setValue(of property: NumberProperty, to value: NumberProperty.Value) { fatalError("declaration only") }

    @MainActor public func value(of property: BoolProperty) async throws -> BoolProperty.Value { fatalError("declaration only") }
    @MainActor public func valueStream(of property: BoolProperty) -> AsyncThrowingStream<BoolProperty.Value, Error> { fatalError("declaration only") }
    @MainActor public func setValue(of property: BoolProperty, to value: BoolProperty.Value) { fatalError("declaration only") }

    @MainActor public func value(of property: ColorProperty) async throws -> ColorProperty.Value { fatalError("declaration only") }
    @MainActor public func valueStream(of property: ColorProperty) -> AsyncThrowingStream<ColorProperty.Value, Error> { fatalError("declaration only") }
    @MainActor public func setValue(of property: ColorProperty, to value: ColorProperty.Value) { fatalError("declaration only") }

    @MainActor public func value(of property: EnumProperty) async throws -> EnumProperty.Value { fatalError("declaration only") }
    @MainActor public func valueStream(of property: EnumProperty) -> AsyncThrowingStream<EnumProperty.Value, Error> { fatalError("declaration only") }
    @MainActor public func setValue(of property: EnumProperty, to value: EnumProperty.Value) { fatalError("declaration only") }

    @MainActor public func fire(trigger property: TriggerProperty) { fatalError("declaration only") }
    @MainActor public func stream(of property: TriggerProperty) -> AsyncThrowingStream<Void, Error> { fatalError("declaration only") }

    @MainActor public func setValue(of property: ImageProperty, to image: Image?) { fatalError("declaration only") }
    @MainActor public func setValue(of property: ArtboardProperty, to artboard: Artboard?) { fatalError("declaration only") }

    @MainActor public func value(of property: ViewModelInstanceProperty) -> ViewModelInstance { fatalError("declaration only") }
    @MainActor public func setValue(of property: ViewModelInstanceProperty, to instance: ViewModelInstance) { fatalError("declaration only") }

    @MainActor public func size(of property: ListProperty) async throws -> Int { fatalError("declaration only") }
    @MainActor public func appendInstance(_ instance: ViewModelInstance, to list: ListProperty) { fatalError("declaration only") }
    @MainActor public func insertInstance(_ instance: ViewModelInstance, to list: ListProperty, at index: Int32) { fatalError("declaration only") }
    @MainActor public func removeInstance(at index: Int32, from list: ListProperty) { fatalError("declaration only") }
    @MainActor public func removeInstance(_ instance: ViewModelInstance, from list: ListProperty) { fatalError("declaration only") }
    @MainActor public func swapInstance(atIndex: Int32, withIndex: Int32, in list: ListProperty) { fatalError("declaration only") }
    @MainActor public func value(of property: ListProperty, at index: Int32) -> ViewModelInstance { fatalError("declaration only") }
}

/// Declaration of `PropertyValue` (Source/Concurrency/DataBinding/ViewModelInstance.swift).
public protocol PropertyValue {}
extension String: PropertyValue {}
extension Float: PropertyValue {}
extension Bool: PropertyValue {}
extension Color: PropertyValue {}

/// Declaration of `Property` (Source/Concurrency/DataBinding/ViewModelInstance.swift).
public protocol Property {
    var path: String { get }
}

/// Declaration of `ValueProperty` (Source/Concurrency/DataBinding/ViewModelInstance.swift).
public protocol ValueProperty: Property {
    associatedtype Value: PropertyValue
}

/// Declaration of `StringProperty` (Source/Concurrency/DataBinding/ViewModelInstance.swift).
public struct StringProperty: ValueProperty {
    public typealias Value = String
    public let path: String
    public init(path: String) { fatalError("declaration only") }
}

/// Declaration of `NumberProperty` (Source/Concurrency/DataBinding/ViewModelInstance.swift).
public struct NumberProperty: ValueProperty {
    public typealias Value = Float
    public let path: String
    public init(path: String) { fatalError("declaration only") }
}

/// Declaration of `BoolProperty` (Source/Concurrency/DataBinding/ViewModelInstance.swift).
public struct BoolProperty: ValueProperty {
    public typealias Value = Bool
    public let path: String
    public init(path: String) { fatalError("declaration only") }
}

/// Declaration of `ColorProperty` (Source/Concurrency/DataBinding/ViewModelInstance.swift).
public struct ColorProperty: ValueProperty {
    public typealias Value = Color
    public let path: String
    public init(path: String) { fatalError("declaration only") }
}

/// Declaration of `EnumProperty` (Source/Concurrency/DataBinding/ViewModelInstance.swift).
public struct EnumProperty: ValueProperty {
    public typealias Value = String
    public let path: String
    public init(path: String) { fatalError("declaration only") }
}

/// Declaration of `TriggerProperty` (Source/Concurrency/DataBinding/ViewModelInstance.swift).
public struct TriggerProperty: Property {
    public let path: String
    public init(path: String) { fatalError("declaration only") }
}

/// Declaration of `ImageProperty` (Source/Concurrency/DataBinding/ViewModelInstance.swift).
public struct ImageProperty: Property {
    public let path: String
    public init(path: String) { fatalError("declaration only") }
}

/// Declaration of `ArtboardProperty` (Source/Concurrency/DataBinding/ViewModelInstance.swift).
public struct ArtboardProperty: Property {
    public let path: String
    public init(path: String) { fatalError("declaration only") }
}

/// Declaration of `ViewModelInstanceProperty` (Source/Concurrency/DataBinding/ViewModelInstance.swift).
public struct ViewModelInstanceProperty: Property {
    public let path: String
    public init(path: String) { fatalError("declaration only") }
}

/// Declaration of `ListProperty` (Source/Concurrency/DataBinding/ViewModelInstance.swift).
public struct ListProperty: Property {
    public let path: String
    public init(path: String) { fatalError("declaration only") }
}

// MARK: Source/Concurrency/DataBinding/ViewModelInstanceError.swift

/// Declaration of RiveRuntime's `ViewModelInstanceError` (Source/Concurrency/DataBinding/ViewModelInstanceError.swift).
public enum ViewModelInstanceError: LocalizedError {
    case missingData
    case valueMismatch(String, String)
    case error(Error)
    case message(String)
    case cancelled
}

// MARK: Source/Concurrency/DataBinding/ViewModelProperty.swift

/// Declaration of `ViewModelProperty` (Source/Concurrency/DataBinding/ViewModelProperty.swift).
public struct ViewModelProperty: Sendable, Equatable {
    public let type: DataType
    public let name: String
    public let metaData: String

    /// Declaration of `ViewModelProperty.DataType` (same file).
    public enum DataType: Sendable, Equatable {
        case none, string, number, boolean, color, list, `enum`, trigger, viewModel, integer, symbolListIndex
        case assetImage, assetFont, assetBlob, artboard, input, any
    }
}

// MARK: Source/Concurrency/DataBinding/ViewModelEnum.swift

/// Declaration of `ViewModelEnum` (Source/Concurrency/DataBinding/ViewModelEnum.swift).
public struct ViewModelEnum: Sendable, Equatable {
    public let name: String
    public let values: [String]
}

// MARK: Source/Concurrency/DataBinding/Color.swift

/// Declaration of RiveRuntime's `Color` (Source/Concurrency/DataBinding/Color.swift).
public struct Color: Sendable, Equatable {
    public init(_ color: UInt32) { fatalError("declaration only") }
    public var argbValue: UInt32 { fatalError("declaration only") }
}

// MARK: Source/Concurrency/Image/Image.swift, ImageError.swift

/// Declaration of RiveRuntime's `Image` (Source/Concurrency/Image/Image.swift).
public final class Image: Equatable {
    public static func == (lhs: Image, rhs: Image) -> Bool { fatalError("declaration only") }
}

/// Declaration of `ImageError` (Source/Concurrency/Image/ImageError.swift).
public enum ImageError: LocalizedError {
    case failedDecoding(String)
    case cancelled
}

// MARK: Source/Concurrency/Font/Font.swift, FontError.swift

/// Declaration of RiveRuntime's `Font` (Source/Concurrency/Font/Font.swift).
public final class Font: Equatable {
    public static func == (lhs: Font, rhs: Font) -> Bool { fatalError("declaration only") }
}

/// Declaration of `FontError` (Source/Concurrency/Font/FontError.swift).
public enum FontError: LocalizedError {
    case failedDecoding(String)
    case cancelled
}

// MARK: Source/Concurrency/Utilities/RiveLog.swift

/// Declaration of `RiveLog` (Source/Concurrency/Utilities/RiveLog.swift).
public enum RiveLog: Sendable {
    /// `nonisolated public static var logger: any Logger { get set }` in RiveLog.swift.
    nonisolated public static var logger: any Logger {
        get { fatalError("declaration only") }
        set { fatalError("declaration only") }
    }

    /// Declaration of `RiveLog.Tag` (same file).
    public enum Tag: Sendable, Hashable {
        case rive, worker, file, artboard, stateMachine, viewModelInstance, image, font, audio, view
        case custom(String)
    }

    /// Declaration of `RiveLog.Logger` (same file).
    public protocol Logger: Sendable {
        func notice(tag: Tag, _ message: @escaping () -> String)
        func debug(tag: Tag, _ message: @escaping () -> String)
        func trace(tag: Tag, _ message: @escaping () -> String)
        func info(tag: Tag, _ message: @escaping () -> String)
        func error(tag: Tag, error _: (any Error)?, _ message: @escaping () -> String)
        func warning(tag: Tag, _ message: @escaping () -> String)
        func fault(tag: Tag, _ message: @escaping () -> String)
        func critical(tag: Tag, _ message: @escaping () -> String)
    }
}

// MARK: Source/Concurrency/DataBinding/DataBind.swift, View/Rive.swift

/// Declaration of `DataBind` (Source/Concurrency/DataBinding/DataBind.swift).
public enum DataBind {
    case auto
    case instance(ViewModelInstance)
    case none
}

/// Declaration of RiveRuntime's `Rive` (Source/Concurrency/View/Rive.swift); its `fit` and
/// `backgroundColor` parameters have defaults, which the adapter relies on.
@MainActor
public final class Rive {
    public let file: File
    public let artboard: Artboard
    public let stateMachine: StateMachine
    public let viewModelInstance: ViewModelInstance?
    public init(file: File, artboard: Artboard? = nil, stateMachine: StateMachine? = nil, dataBind: DataBind = .auto) async throws {
        fatalError("declaration only")
    }
}

// MARK: Legacy-API names (Source/Renderer/include/RiveFile.h, RiveArtboard.h, Source/Fonts/RiveFont.h)

// RiveRuntime also exports the Objective-C classes of its legacy API. The adapter uses none of
// them; these three are declared (empty) so that an adapter name clashing with them fails here too.

/// The legacy `RiveFile` (Source/Renderer/include/RiveFile.h); not used by the adapter.
public final class RiveFile {}
/// The legacy `RiveArtboard` (Source/Renderer/include/RiveArtboard.h); not used by the adapter.
public final class RiveArtboard {}
/// The legacy `RiveFont` (Source/Fonts/RiveFont.h); not used by the adapter.
public final class RiveFont {}
