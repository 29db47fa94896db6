import Foundation
import RuntimeAPI

/// An object that lives in the child, named by a handle; the child drops it when the proxy goes away.
@MainActor
class ProcessProxy {
    /// The session the object lives in.
    let session: ProcessSession
    /// The object's handle.
    let handle: Int

    init(session: ProcessSession, handle: Int) {
        self.session = session
        self.handle = handle
    }

    isolated deinit { session.send(.release, ["handle": .int(handle)]) }

    /// The answer's result decoded, or the typed error the operation throws.
    ///
    /// A server error becomes the operation's error from its code; a failed connection
    /// becomes the operation's generic error (the worker's log then reports the crash); a
    /// result without what the operation returns is a protocol error.
    func decode<T, E: Error>(_ answer: Result<JSONObject, RequestFailure>, _ op: WireOperation, expecting: String,
                             error: (JSONObject) -> E, generic: (String) -> E, _ read: (JSONObject) -> T?) throws(E) -> T {
        switch answer {
        case .success(let result):
            if let value = read(result) { return value }
            throw generic(session.reject(op, result, expecting: expecting).message)
        case .failure(.runtime(let wire)): throw error(wire.object)
        case .failure(.connection(let failure)): throw generic(failure.message)
        }
    }
}

/// The handle of a proxy, or 0 (which no server holds) for an object from another adapter.
@MainActor
private func wireHandle(_ object: AnyObject?) -> JSONValue {
    guard let object else { return .null }
    return .int((object as? ProcessProxy)?.handle ?? 0)
}

/// The strings of a `names` answer.
private func names(_ result: JSONObject) -> [String]? {
    guard let items = result["names"]?.arrayValue else { return nil }
    let strings = items.compactMap(\.stringValue)
    return strings.count == items.count ? strings : nil
}

/// A worker in the child.
@MainActor
final class ProcessWorker: ProcessProxy, Worker {
    /// What the child declared (its artboards' optional protocols follow it).
    private let capabilities: RuntimeCapabilities

    init(session: ProcessSession, handle: Int, capabilities: RuntimeCapabilities) {
        self.capabilities = capabilities
        super.init(session: session, handle: handle)
        session.liveWorkers += 1
    }

    isolated deinit { session.liveWorkers -= 1 }

    func loadFile(_ source: FileSource) async throws(FileError) -> any File {
        let file = session.makeHandle()
        var params: JSONObject = ["worker": .int(handle), "handle": .int(file)]
        switch source {
        case .data(let bytes): session.bytesParameter(bytes, into: &params)
        case .path(let path): params["path"] = .string(path)
        }
        let answer = await session.call(.workerLoadFile, params)
        return try decode(answer, .workerLoadFile, expecting: "{}", error: WireCodec.fileError, generic: FileError.invalidFile) { _ in
            ProcessFile(session: session, handle: file, capabilities: capabilities)
        }
    }

    private func decodeAsset<T>(_ op: WireOperation, _ bytes: [UInt8], expecting: String, _ make: (Int, JSONObject) -> T?) async throws(AssetError) -> T {
        let asset = session.makeHandle()
        var params: JSONObject = ["worker": .int(handle), "handle": .int(asset)]
        session.bytesParameter(bytes, into: &params)
        let answer = await session.call(op, params)
        return try decode(answer, op, expecting: expecting, error: WireCodec.assetError, generic: AssetError.failedDecoding) { make(asset, $0) }
    }

    func decodeImage(from bytes: [UInt8]) async throws(AssetError) -> any Image {
        try await decodeAsset(.workerDecodeImage, bytes, expecting: "integer 'width' and 'height'") { asset, result in
            guard let width = result["width"]?.intValue, let height = result["height"]?.intValue else { return nil }
            return ProcessImage(session: session, handle: asset, width: width, height: height)
        }
    }

    func decodeFont(from bytes: [UInt8]) async throws(AssetError) -> any Font {
        try await decodeAsset(.workerDecodeFont, bytes, expecting: "{}") { asset, _ in ProcessFont(session: session, handle: asset) }
    }

    func decodeBlob(from bytes: [UInt8]) async throws(AssetError) -> any Blob {
        try await decodeAsset(.workerDecodeBlob, bytes, expecting: "an integer 'byteCount'") { asset, result in
            result["byteCount"]?.intValue.map { ProcessBlob(session: session, handle: asset, byteCount: $0) }
        }
    }

    func flush() async {
        _ = await session.call(.workerFlush, ["worker": .int(handle)], throwing: false)
    }

    func takeLog() async -> [RuntimeLogEntry] {
        var entries = session.takeLogEvents(worker: handle)
        if session.failure == nil, case .success(let result) = await session.call(.workerTakeLog, ["worker": .int(handle)], throwing: false) {
            entries += session.takeLogEvents(worker: handle)
            if let decoded = Self.entries(result) {
                entries += decoded
            } else {
                _ = session.reject(.workerTakeLog, result, expecting: "'entries', a list of {level, tag, code, message}")
            }
        }
        if let failure = session.failure { entries.append(failure.logEntry) }
        return entries
    }

    private static func entries(_ result: JSONObject) -> [RuntimeLogEntry]? {
        guard let items = result["entries"]?.arrayValue else { return nil }
        var entries: [RuntimeLogEntry] = []
        for item in items {
            guard let entry = item.objectValue, let level = entry["level"]?.stringValue.flatMap(RuntimeLogEntry.Level.init(rawValue:)),
                  let tag = entry["tag"]?.stringValue, let code = entry["code"]?.stringValue, let message = entry["message"]?.stringValue else { return nil }
            entries.append(RuntimeLogEntry(level: level, tag: tag, code: code, message: message))
        }
        return entries
    }

    func makeView(_ configuration: ViewConfiguration) async throws(ObservationError) -> any RuntimeView {
        let view = session.makeHandle()
        let params: JSONObject = [
            "worker": .int(handle), "handle": .int(view), "artboard": wireHandle(configuration.artboard),
            "stateMachine": wireHandle(configuration.stateMachine), "instance": wireHandle(configuration.viewModelInstance),
            "width": .int(configuration.width), "height": .int(configuration.height), "rive": wireHandle(configuration.rive),
        ]
        let answer = await session.call(.workerMakeView, params)
        return try decode(answer, .workerMakeView, expecting: "{}", error: WireCodec.observationError, generic: ObservationError.failed) { _ in
            ProcessView(session: session, handle: view)
        }
    }
}

/// A file in the child.
@MainActor
final class ProcessFile: ProcessProxy, File {
    /// What the child declared: artboards are `ProcessMetricsArtboard`s with `artboardMetrics`,
    /// and play animations with `animationPlayback`.
    private let capabilities: RuntimeCapabilities

    init(session: ProcessSession, handle: Int, capabilities: RuntimeCapabilities) {
        self.capabilities = capabilities
        super.init(session: session, handle: handle)
    }

    /// The proxy of an artboard the child created.
    private func artboard(handle: Int, name: String) -> ProcessArtboard {
        let playsAnimations = capabilities.contains(.animationPlayback)
        return capabilities.contains(.artboardMetrics)
            ? ProcessMetricsArtboard(session: session, handle: handle, name: name, playsAnimations: playsAnimations)
            : ProcessArtboard(session: session, handle: handle, name: name, playsAnimations: playsAnimations)
    }

    private func names(_ op: WireOperation, _ params: JSONObject) async throws(FileError) -> [String] {
        let answer = await session.call(op, params)
        return try decode(answer, op, expecting: "'names', a list of strings", error: WireCodec.fileError, generic: FileError.invalidFile, AdapterProtocol.names)
    }

    func getArtboardNames() async throws(FileError) -> [String] { try await names(.fileGetArtboardNames, ["file": .int(handle)]) }
    func getViewModelNames() async throws(FileError) -> [String] { try await names(.fileGetViewModelNames, ["file": .int(handle)]) }
    func getGlobalViewModelNames() async throws(FileError) -> [String] { try await names(.fileGetGlobalViewModelNames, ["file": .int(handle)]) }
    func getInstanceNames(of viewModel: String) async throws(FileError) -> [String] {
        try await names(.fileGetInstanceNames, ["file": .int(handle), "viewModel": .string(viewModel)])
    }

    func createArtboard(_ name: String?) async throws(FileError) -> any Artboard {
        let artboard = session.makeHandle()
        let answer = await session.call(.fileCreateArtboard, ["file": .int(handle), "handle": .int(artboard), "name": name.map(JSONValue.string) ?? .null])
        return try decode(answer, .fileCreateArtboard, expecting: "a string 'name'", error: WireCodec.fileError, generic: FileError.invalidFile) { result in
            result["name"]?.stringValue.map { self.artboard(handle: artboard, name: $0) }
        }
    }

    func getProperties(of viewModel: String) async throws(FileError) -> [ViewModelProperty] {
        let answer = await session.call(.fileGetProperties, ["file": .int(handle), "viewModel": .string(viewModel)])
        return try decode(answer, .fileGetProperties, expecting: "'properties', a list of {type, name, metaData}", error: WireCodec.fileError,
                          generic: FileError.invalidFile) { result in
            guard let items = result["properties"]?.arrayValue else { return nil }
            var properties: [ViewModelProperty] = []
            for item in items {
                guard let object = item.objectValue, let type = object["type"]?.stringValue.flatMap(WireCodec.dataType(named:)),
                      let name = object["name"]?.stringValue else { return nil }
                properties.append(ViewModelProperty(type: type, name: name, metaData: object["metaData"]?.stringValue ?? ""))
            }
            return properties
        }
    }

    func getViewModelEnums() async throws(FileError) -> [ViewModelEnum] {
        let answer = await session.call(.fileGetViewModelEnums, ["file": .int(handle)])
        return try decode(answer, .fileGetViewModelEnums, expecting: "'enums', a list of {name, values}", error: WireCodec.fileError,
                          generic: FileError.invalidFile) { result in
            guard let items = result["enums"]?.arrayValue else { return nil }
            var enums: [ViewModelEnum] = []
            for item in items {
                guard let object = item.objectValue, let name = object["name"]?.stringValue, let values = object["values"]?.arrayValue else { return nil }
                let strings = values.compactMap(\.stringValue)
                guard strings.count == values.count else { return nil }
                enums.append(ViewModelEnum(name: name, values: strings))
            }
            return enums
        }
    }

    func getDefaultViewModelInfo(for artboard: any Artboard) async throws(ArtboardError) -> DefaultViewModelInfo {
        let answer = await session.call(.fileGetDefaultViewModelInfo, ["file": .int(handle), "artboard": wireHandle(artboard)])
        return try decode(answer, .fileGetDefaultViewModelInfo, expecting: "strings 'viewModelName' and 'instanceName'", error: WireCodec.artboardError,
                          generic: ArtboardError.invalidArtboard) { result in
            guard let viewModel = result["viewModelName"]?.stringValue, let instance = result["instanceName"]?.stringValue else { return nil }
            return DefaultViewModelInfo(viewModelName: viewModel, instanceName: instance)
        }
    }

    func createViewModelInstance(_ source: ViewModelInstanceSource) async throws(FileError) -> any ViewModelInstance {
        let instance = session.makeHandle()
        var params: JSONObject = ["file": .int(handle), "handle": .int(instance)]
        let from: ViewModelSource
        switch source {
        case .blank(let origin):
            params["kind"] = "blank"
            from = origin
        case .viewModelDefault(let origin):
            params["kind"] = "viewModelDefault"
            from = origin
        case .name(let name, let origin):
            params["kind"] = "name"
            params["instanceName"] = .string(name)
            from = origin
        }
        switch from {
        case .name(let name): params["viewModel"] = .string(name)
        case .artboardDefault(let artboard): params["artboard"] = wireHandle(artboard)
        }
        let answer = await session.call(.fileCreateViewModelInstance, params)
        return try decode(answer, .fileCreateViewModelInstance, expecting: "{}", error: WireCodec.fileError, generic: FileError.invalidFile) { _ in
            ProcessViewModelInstance(session: session, handle: instance)
        }
    }

    func makeRive(artboard: (any Artboard)?, stateMachine: (any StateMachine)?, dataBind: DataBind?) async throws(RiveError) -> any Rive {
        let rive = session.makeHandle(), artboardHandle = session.makeHandle()
        let machineHandle = session.makeHandle(), instanceHandle = session.makeHandle()
        var params: JSONObject = [
            "file": .int(handle), "handle": .int(rive), "artboardHandle": .int(artboardHandle), "stateMachineHandle": .int(machineHandle),
            "instanceHandle": .int(instanceHandle), "artboard": wireHandle(artboard), "stateMachine": wireHandle(stateMachine),
        ]
        switch dataBind {
        case nil: params["dataBind"] = .null
        case .auto?: params["dataBind"] = "auto"
        case .none?: params["dataBind"] = "none"
        case .instance(let instance)?:
            params["dataBind"] = "instance"
            params["instance"] = wireHandle(instance)
        }
        let answer = await session.call(.fileMakeRive, params)
        return try decode(answer, .fileMakeRive, expecting: "strings 'artboardName' and 'stateMachineName' and a boolean 'viewModelInstance'",
                          error: WireCodec.riveError, generic: { RiveError.file(.invalidFile($0)) }) { result in
            guard let artboardName = result["artboardName"]?.stringValue, let machineName = result["stateMachineName"]?.stringValue,
                  let exposes = result["viewModelInstance"]?.boolValue else { return nil }
            let artboard = self.artboard(handle: artboardHandle, name: artboardName)
            return ProcessRive(session: session, handle: rive, file: self, artboard: artboard,
                               stateMachine: ProcessStateMachine(session: session, handle: machineHandle, name: machineName),
                               viewModelInstance: exposes ? ProcessViewModelInstance(session: session, handle: instanceHandle) : nil)
        }
    }
}

/// A `Rive` object in the child, with proxies of the components it holds (each its own handle).
@MainActor
final class ProcessRive: ProcessProxy, Rive {
    let file: any File
    let artboard: any Artboard
    let stateMachine: any StateMachine
    let viewModelInstance: (any ViewModelInstance)?

    init(session: ProcessSession, handle: Int, file: any File, artboard: any Artboard, stateMachine: any StateMachine,
         viewModelInstance: (any ViewModelInstance)?) {
        self.file = file
        self.artboard = artboard
        self.stateMachine = stateMachine
        self.viewModelInstance = viewModelInstance
        super.init(session: session, handle: handle)
    }
}

/// An artboard in the child; its name came with its creation.
@MainActor
class ProcessArtboard: ProcessProxy, Artboard, AnimationPlayback {
    let name: String
    /// Whether the child declared `animationPlayback` (`artboard.createAnimationScene`).
    private let playsAnimations: Bool

    init(session: ProcessSession, handle: Int, name: String, playsAnimations: Bool) {
        self.name = name
        self.playsAnimations = playsAnimations
        super.init(session: session, handle: handle)
    }

    /// The binding parameters of a request that creates a scene.
    private func bindingParameters(_ binding: DataBind, into params: inout JSONObject) {
        switch binding {
        case .auto: params["binding"] = "auto"
        case .none: params["binding"] = "none"
        case .instance(let instance):
            params["binding"] = "instance"
            params["instance"] = wireHandle(instance)
        }
    }

    /// Plays a linear animation without a state machine (`artboard.createAnimationScene`).
    /// - Throws: `ArtboardError.invalidStateMachine` as the child answers, or when it did not
    ///   declare `animationPlayback`.
    func createAnimationScene(_ name: String?, binding: DataBind) async throws(ArtboardError) -> any StateMachine {
        guard playsAnimations else {
            throw .invalidStateMachine("this adapter does not play animations without a state machine (no 'animationPlayback' capability)")
        }
        let scene = session.makeHandle()
        var params: JSONObject = ["artboard": .int(handle), "handle": .int(scene), "name": name.map(JSONValue.string) ?? .null]
        bindingParameters(binding, into: &params)
        let answer = await session.call(.artboardCreateAnimationScene, params)
        return try decode(answer, .artboardCreateAnimationScene, expecting: "a string 'name'", error: WireCodec.artboardError,
                          generic: ArtboardError.invalidArtboard) { result in
            result["name"]?.stringValue.map { ProcessStateMachine(session: session, handle: scene, name: $0) }
        }
    }

    func getStateMachineNames() async throws(ArtboardError) -> [String] {
        let answer = await session.call(.artboardGetStateMachineNames, ["artboard": .int(handle)])
        return try decode(answer, .artboardGetStateMachineNames, expecting: "'names', a list of strings", error: WireCodec.artboardError,
                          generic: ArtboardError.invalidArtboard, AdapterProtocol.names)
    }

    func createStateMachine(_ name: String?, binding: DataBind) async throws(ArtboardError) -> any StateMachine {
        let machine = session.makeHandle()
        var params: JSONObject = ["artboard": .int(handle), "handle": .int(machine), "name": name.map(JSONValue.string) ?? .null]
        bindingParameters(binding, into: &params)
        let answer = await session.call(.artboardCreateStateMachine, params)
        return try decode(answer, .artboardCreateStateMachine, expecting: "a string 'name'", error: WireCodec.artboardError,
                          generic: ArtboardError.invalidArtboard) { result in
            result["name"]?.stringValue.map { ProcessStateMachine(session: session, handle: machine, name: $0) }
        }
    }
}

/// An artboard in a child that declared `artboardMetrics`: it also answers its size and animations.
@MainActor
final class ProcessMetricsArtboard: ProcessArtboard, ArtboardMetrics {
    func getSize() async throws(ArtboardError) -> ArtboardSize {
        let answer = await session.call(.artboardGetSize, ["artboard": .int(handle)])
        return try decode(answer, .artboardGetSize, expecting: "numbers 'width' and 'height'", error: WireCodec.artboardError,
                          generic: ArtboardError.invalidArtboard) { result in
            // Sizes are 32-bit floats on the wire (§1), widened exactly.
            guard let width = result["width"]?.floatValue, let height = result["height"]?.floatValue else { return nil }
            return ArtboardSize(width: Double(width), height: Double(height))
        }
    }

    func getAnimationNames() async throws(ArtboardError) -> [String] {
        let answer = await session.call(.artboardGetAnimationNames, ["artboard": .int(handle)])
        return try decode(answer, .artboardGetAnimationNames, expecting: "'names', a list of strings", error: WireCodec.artboardError,
                          generic: ArtboardError.invalidArtboard, AdapterProtocol.names)
    }
}

/// A state machine in the child; its name came with its creation.
@MainActor
final class ProcessStateMachine: ProcessProxy, StateMachine {
    let name: String

    init(session: ProcessSession, handle: Int, name: String) {
        self.name = name
        super.init(session: session, handle: handle)
    }

    func advance(by seconds: Double) { session.send(.stateMachineAdvance, ["stateMachine": .int(handle), "seconds": .double(seconds)]) }

    func bindViewModelInstance(_ instance: any ViewModelInstance) {
        session.send(.stateMachineBindViewModelInstance, ["stateMachine": .int(handle), "instance": wireHandle(instance)])
    }

    func bindViewModelInstances(main: (any ViewModelInstance)?, globals: [GlobalBinding]) async throws(StateMachineError) {
        let list = JSONValue.array(globals.map { .object(["name": .string($0.name), "instance": wireHandle($0.instance)]) })
        let answer = await session.call(.stateMachineBindViewModelInstances, ["stateMachine": .int(handle), "main": wireHandle(main), "globals": list])
        try decode(answer, .stateMachineBindViewModelInstances, expecting: "{}", error: WireCodec.stateMachineError, generic: StateMachineError.error) { _ in () }
    }

    func settledStream() -> EventStream<Void, Never> {
        let stream = session.makeHandle()
        let channel = EventChannel<Void, Never>()
        session.register(stream: stream, StreamSink(deliver: { value in
            guard value == nil || value == .null else { return false }
            channel.yield(())
            return true
        }, end: { _ in channel.finish() }))
        channel.onTermination = { [session] in session.cancel(stream: stream) }
        session.send(.stateMachineSettledStream, ["stateMachine": .int(handle), "stream": .int(stream)])
        return EventStream(channel)
    }

    func setInput(_ name: String, value: Float) {
        session.send(.stateMachineSetInput, ["stateMachine": .int(handle), "name": .string(name), "value": .float(value)])
    }

    func setInput(_ name: String, value: Bool) {
        session.send(.stateMachineSetInput, ["stateMachine": .int(handle), "name": .string(name), "value": .bool(value)])
    }

    func triggerInput(_ name: String) { session.send(.stateMachineTriggerInput, ["stateMachine": .int(handle), "name": .string(name)]) }
}

/// A view-model instance in the child.
@MainActor
final class ProcessViewModelInstance: ProcessProxy, ViewModelInstance {
    private func string(_ op: WireOperation) async throws(ViewModelInstanceError) -> String {
        let answer = await session.call(op, ["instance": .int(handle)])
        return try decode(answer, op, expecting: "a string 'name'", error: WireCodec.instanceError, generic: ViewModelInstanceError.error) {
            $0["name"]?.stringValue
        }
    }

    func name() async throws(ViewModelInstanceError) -> String { try await string(.instanceName) }
    func viewModelName() async throws(ViewModelInstanceError) -> String { try await string(.instanceViewModelName) }

    func value<P: ValueProperty>(of property: P) async throws(ViewModelInstanceError) -> P.Value {
        let answer = await session.call(.instanceValue, ["instance": .int(handle), "path": .string(property.path), "type": .string(WireCodec.typeName(P.self))])
        return try decode(answer, .instanceValue, expecting: "a \(WireCodec.typeName(P.self)) 'value'", error: WireCodec.instanceError,
                          generic: ViewModelInstanceError.error) { result in
            result["value"].flatMap { WireCodec.decode($0, as: P.self) }
        }
    }

    func setValue<P: ValueProperty>(of property: P, to value: P.Value) {
        setValue(property.path, WireCodec.typeName(P.self), WireCodec.encode(value))
    }

    private func setValue(_ path: String, _ type: String, _ value: JSONValue) {
        session.send(.instanceSetValue, ["instance": .int(handle), "path": .string(path), "type": .string(type), "value": value])
    }

    func valueStream<P: ValueProperty>(of property: P) -> EventStream<P.Value, ViewModelInstanceError> {
        let stream = session.makeHandle()
        let channel = EventChannel<P.Value, ViewModelInstanceError>()
        session.register(stream: stream, StreamSink(deliver: { value in
            guard let decoded = value.flatMap({ WireCodec.decode($0, as: P.self) }) else { return false }
            channel.yield(decoded)
            return true
        }, end: { error in channel.finish(throwing: error.map(WireCodec.instanceError)) }))
        channel.onTermination = { [session] in session.cancel(stream: stream) }
        session.send(.instanceValueStream, ["instance": .int(handle), "path": .string(property.path), "type": .string(WireCodec.typeName(P.self)),
                                              "stream": .int(stream)])
        return EventStream(channel)
    }

    func fire(trigger property: TriggerProperty) { session.send(.instanceFire, ["instance": .int(handle), "path": .string(property.path)]) }

    func stream(of property: TriggerProperty) -> EventStream<Void, ViewModelInstanceError> {
        let stream = session.makeHandle()
        let channel = EventChannel<Void, ViewModelInstanceError>()
        session.register(stream: stream, StreamSink(deliver: { value in
            guard value == nil || value == .null else { return false }
            channel.yield(())
            return true
        }, end: { error in channel.finish(throwing: error.map(WireCodec.instanceError)) }))
        channel.onTermination = { [session] in session.cancel(stream: stream) }
        session.send(.instanceStream, ["instance": .int(handle), "path": .string(property.path), "stream": .int(stream)])
        return EventStream(channel)
    }

    func value(of property: ViewModelInstanceProperty) -> any ViewModelInstance {
        let nested = session.makeHandle()
        session.send(.instanceNestedInstance, ["instance": .int(handle), "path": .string(property.path), "handle": .int(nested)])
        return ProcessViewModelInstance(session: session, handle: nested)
    }

    func setValue(of property: ViewModelInstanceProperty, to instance: any ViewModelInstance) {
        setValue(property.path, "viewModel", wireHandle(instance))
    }

    func size(of list: ListProperty) async throws(ViewModelInstanceError) -> Int {
        let answer = await session.call(.instanceSize, ["instance": .int(handle), "path": .string(list.path)])
        return try decode(answer, .instanceSize, expecting: "an integer 'size'", error: WireCodec.instanceError, generic: ViewModelInstanceError.error) {
            $0["size"]?.intValue
        }
    }

    func value(of list: ListProperty, at index: Int32) -> any ViewModelInstance {
        let item = session.makeHandle()
        session.send(.instanceListItem, ["instance": .int(handle), "path": .string(list.path), "index": .int(index), "handle": .int(item)])
        return ProcessViewModelInstance(session: session, handle: item)
    }

    func appendInstance(_ instance: any ViewModelInstance, to list: ListProperty) {
        session.send(.instanceAppendInstance, ["instance": .int(handle), "path": .string(list.path), "item": wireHandle(instance)])
    }

    func insertInstance(_ instance: any ViewModelInstance, to list: ListProperty, at index: Int32) {
        session.send(.instanceInsertInstance, ["instance": .int(handle), "path": .string(list.path), "item": wireHandle(instance), "index": .int(index)])
    }

    func removeInstance(at index: Int32, from list: ListProperty) {
        session.send(.instanceRemoveInstanceAt, ["instance": .int(handle), "path": .string(list.path), "index": .int(index)])
    }

    func removeInstance(_ instance: any ViewModelInstance, from list: ListProperty) {
        session.send(.instanceRemoveInstance, ["instance": .int(handle), "path": .string(list.path), "item": wireHandle(instance)])
    }

    func swapInstance(atIndex: Int32, withIndex: Int32, in list: ListProperty) {
        session.send(.instanceSwapInstance, ["instance": .int(handle), "path": .string(list.path), "atIndex": .int(atIndex), "withIndex": .int(withIndex)])
    }

    func setValue(of property: ImageProperty, to image: (any Image)?) { setValue(property.path, "image", wireHandle(image)) }
    func setValue(of property: ArtboardProperty, to artboard: (any Artboard)?) { setValue(property.path, "artboard", wireHandle(artboard)) }
    func setValue(of property: BlobProperty, to blob: (any Blob)?) { setValue(property.path, "blob", wireHandle(blob)) }
    func setValue(of property: FontProperty, to font: (any Font)?) { setValue(property.path, "font", wireHandle(font)) }
}

/// A decoded image in the child; its size came with its decoding.
@MainActor
final class ProcessImage: ProcessProxy, Image {
    let width: Int
    let height: Int

    init(session: ProcessSession, handle: Int, width: Int, height: Int) {
        self.width = width
        self.height = height
        super.init(session: session, handle: handle)
    }
}

/// A decoded font in the child.
@MainActor
final class ProcessFont: ProcessProxy, Font {}

/// A blob in the child; its size came with its decoding.
@MainActor
final class ProcessBlob: ProcessProxy, Blob {
    let byteCount: Int

    init(session: ProcessSession, handle: Int, byteCount: Int) {
        self.byteCount = byteCount
        super.init(session: session, handle: handle)
    }
}

/// A view in the child; every call is an awaited request, so the main actor serves other lanes meanwhile.
@MainActor
final class ProcessView: ProcessProxy, RuntimeView {
    /// The report of a tick that got no answer: nothing happened, settled, so loops end and the crash is reported.
    private static let failedTick = FrameReport(advanced: false, advanceSeconds: nil, drew: false, settled: true)

    func tick(_ tick: DisplayTick) async -> FrameReport {
        let answer = await session.call(.viewTick, ["view": .int(handle), "timestamp": .double(tick.timestamp), "isOnscreen": .bool(tick.isOnscreen),
                                                    "isPaused": .bool(tick.isPaused)], throwing: false)
        guard case .success(let result) = answer else { return Self.failedTick }
        guard let advanced = result["advanced"]?.boolValue, let drew = result["drew"]?.boolValue, let settled = result["settled"]?.boolValue,
              let step = result["advanceSeconds"], step.isNull || step.doubleValue != nil else {
            _ = session.reject(.viewTick, result, expecting: "booleans 'advanced', 'drew', 'settled' and 'advanceSeconds' (a number or null)")
            return Self.failedTick
        }
        return FrameReport(advanced: advanced, advanceSeconds: step.doubleValue, drew: drew, settled: settled)
    }

    func drawDigest() async throws(ObservationError) -> DrawDigest {
        let answer = await session.call(.viewDrawDigest, ["view": .int(handle)])
        return try decode(answer, .viewDrawDigest, expecting: "'commands' (strings) and a string 'hash'", error: WireCodec.observationError,
                          generic: ObservationError.failed) { result in
            guard let items = result["commands"]?.arrayValue, let hash = result["hash"]?.stringValue else { return nil }
            let commands = items.compactMap(\.stringValue)
            return commands.count == items.count ? DrawDigest(commands: commands, hash: hash) : nil
        }
    }

    func rasterize() async throws(ObservationError) -> RasterFrame {
        let answer = await session.call(.viewRasterize, ["view": .int(handle)])
        return try decode(answer, .viewRasterize, expecting: "integer 'width' and 'height' and 'pixels' (base64 RGBA), 'pixelsFile' or 'pixelsInFrameFile'",
                          error: WireCodec.observationError, generic: ObservationError.failed) { result in
            guard let width = result["width"]?.intValue, let height = result["height"]?.intValue, width >= 0, height >= 0,
                  width <= 1 << 15, height <= 1 << 15, let pixels = session.framePixels(result, width: width, height: height) else { return nil }
            return RasterFrame(width: width, height: height, pixels: pixels)
        }
    }

    func send(_ event: PointerEvent) async throws(ObservationError) {
        let answer = await session.call(.viewSend, ["view": .int(handle), "kind": .string(event.kind.rawValue), "x": .double(event.x), "y": .double(event.y),
                                                    "pointerID": .int(event.pointerID)])
        try decode(answer, .viewSend, expecting: "{}", error: WireCodec.observationError, generic: ObservationError.failed) { _ in () }
    }
}
