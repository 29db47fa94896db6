import Foundation
import RuntimeAPI
import SystemCalls

/// Serves any in-process `RuntimeAdapter` over the JSON-lines protocol on standard input and
/// output (docs/adapter-protocol.md): `rive-harness serve`.
///
/// Requests are handled one at a time in arrival order; answers and events are buffered and
/// written together when no further request is already waiting in the input, so pipelined
/// requests cost one write. Stream events are written before the answer to `worker.flush`.
@MainActor
public final class AdapterServer {
    /// An object a handle names.
    private enum Served {
        case worker(any Worker)
        case file(any File)
        case artboard(any Artboard)
        case stateMachine(any StateMachine)
        case instance(any ViewModelInstance)
        case image(any Image)
        case font(any Font)
        case blob(any Blob)
        case view(any RuntimeView)
        case rive(any Rive)
    }

    /// A stream the client subscribed to: what it delivered, and whether it ended.
    private struct ServedStream {
        var take: @MainActor () -> [JSONValue?]
        var ending: @MainActor () -> (ended: Bool, error: JSONObject?)
        var cancel: @MainActor () -> Void
    }

    /// Why a request gets an error answer.
    private enum RequestError: Error {
        case runtime(any RuntimeError)
        case protocolError(code: String, message: String)
    }

    private let adapter: any RuntimeAdapter
    private let runtimeCommit: String?
    private let outputDescriptor: Int32
    private var objects: [Int: Served] = [:]
    private var streams: [Int: ServedStream] = [:]
    private var handshaken = false
    private var sideFileDirectory: String?
    /// The client's frame file (§5), open for writing, or -1.
    private var frameFileDescriptor: Int32 = -1
    /// Payloads the client sent with a `bytesKey`, kept for the session (§5, payload reuse).
    private var keptPayloads: [Int: [UInt8]] = [:]
    /// Answer and event lines not yet written.
    private var outputText = ""
    /// When the last profiled `ping` was answered, until its line is written.
    private var profiledAnswerAt: UInt64?
    /// How long the last profiled `ping`'s answer took from answering until its write began, in nanoseconds.
    private var lastProfiledEncode: UInt64 = 0

    /// Creates a server for an adapter, writing to a file descriptor (standard output by default);
    /// the handshake reports `runtimeCommit` as the commit of the runtime the adapter runs, if given.
    public init(adapter: any RuntimeAdapter, runtimeCommit: String? = nil, outputDescriptor: Int32 = 1) {
        self.adapter = adapter
        self.runtimeCommit = runtimeCommit
        self.outputDescriptor = outputDescriptor
    }

    /// Serves requests from a file descriptor (standard input by default) until `shutdown` or end of input.
    /// - Returns: the exit status: 0 after `shutdown` or end of input, 1 after input that is not the protocol
    ///   (the reason goes to standard error).
    public func serve(inputDescriptor: Int32 = 0) async -> Int32 {
        SystemCalls.ignoreBrokenPipes()
        let reader = LineReader(descriptor: inputDescriptor)
        var lastYield: UInt64 = 0
        defer { _ = flush() }
        while true {
            if !reader.hasBufferedLine {
                // About to block on the next request: write the answers so far in one write
                // (requests that arrived together are answered together), and, when the last
                // yield is a millisecond ago or more, let work the runtime queued on the main
                // actor run first. A yield hops through the main queue's dispatch thread, which
                // cost more than the whole pipe round trip when it was taken per request.
                guard flush() else { return 0 }
                let now = ProbeClock.now()
                if now &- lastYield >= 1_000_000 {
                    await Task.yield()
                    lastYield = ProbeClock.now()
                }
            }
            guard let line = reader.next() else { break }
            switch line {
            case .tooLong(let number):
                Self.report("line \(number) is longer than \(adapterProtocolMaximumLineBytes) bytes (docs/adapter-protocol.md §1)")
                return 1
            case .line(let number, let bytes):
                let value: JSONValue
                do { value = try JSONParser.parse(bytes) } catch {
                    Self.report("line \(number) is not JSON (\(error)): \(ChildConnection.excerpt(bytes))")
                    return 1
                }
                guard case .object(let request) = value, let id = request["id"]?.intValue, let op = request["op"]?.stringValue else {
                    Self.report("line \(number) is not a request (an object with an integer 'id' and a string 'op'): \(ChildConnection.excerpt(bytes))")
                    return 1
                }
                let answer: Result<JSONObject, RequestError>
                if op == WireOperation.ping.rawValue, request["profile"]?.boolValue == true {
                    answer = .success(profiledPing(readStartedAt: reader.lastReadStartedAt, readAt: reader.lastReadAt, parsedAt: ProbeClock.now()))
                } else {
                    answer = await self.answer(op, request)
                }
                var response = JSONObject([(key: "id", value: .int(id))])
                switch answer {
                case .success(let result): response["result"] = .object(result)
                case .failure(.runtime(let error)): response["error"] = .object(WireCodec.encode(error))
                case .failure(.protocolError(let code, let message)): response["error"] = .object(["code": .string(code), "message": .string(message)])
                }
                guard write(.object(response)) else { return 0 }
                if op == WireOperation.shutdown.rawValue { return 0 }
            }
        }
        return 0
    }

    /// The answer to a profiled `ping`: when the read that got its line began and returned, when the line was parsed, when it was
    /// answered (`ProbeClock` nanoseconds), and how long the previous profiled answer took to
    /// encode (until its write began).
    private func profiledPing(readStartedAt: UInt64, readAt: UInt64, parsedAt: UInt64) -> JSONObject {
        let answeredAt = ProbeClock.now()
        profiledAnswerAt = answeredAt
        return ["readStartedAt": .int(readStartedAt), "readAt": .int(readAt), "parsedAt": .int(parsedAt), "answeredAt": .int(answeredAt), "lastEncodeNanos": .int(lastProfiledEncode)]
    }

    private static func report(_ message: String) {
        FileHandle.standardError.write(Data("rive-harness serve: \(message)\n".utf8))
    }

    /// Appends a message's line to the output buffer; writes the buffer when it is large.
    /// - Returns: `false` when the client closed its end.
    private func write(_ message: JSONValue) -> Bool {
        message.write(to: &outputText)
        outputText += "\n"
        return outputText.utf8.count < 1 << 20 || flush()
    }

    /// Writes the buffered lines in one write.
    /// - Returns: `false` when the client closed its end.
    private func flush() -> Bool {
        guard !outputText.isEmpty else { return true }
        if let answeredAt = profiledAnswerAt {
            lastProfiledEncode = ProbeClock.now() - answeredAt
            profiledAnswerAt = nil
        }
        defer { outputText.removeAll(keepingCapacity: true) }
        return outputText.withUTF8 { SystemCalls.writeAll(outputDescriptor, UnsafeRawBufferPointer($0)) }
    }

    // MARK: Input

    private enum InputLine: Sendable {
        case line(Int, [UInt8])
        case tooLong(Int)
    }

    /// Reads lines from a file descriptor, spinning briefly before each blocking read
    /// (`SystemCalls.waitReadable`), at most the protocol's line limit each.
    ///
    /// The server reads on the main thread: it handles one request at a time anyway, and a
    /// hop from a reader thread per request would double the round trip.
    private final class LineReader {
        private let descriptor: Int32
        private var buffer = [UInt8](repeating: 0, count: 1 << 16)
        private var start = 0
        private var end = 0
        private var number = 0
        /// When the last read returned, and when it began (`ProbeClock` nanoseconds).
        private(set) var lastReadAt: UInt64 = 0
        private(set) var lastReadStartedAt: UInt64 = 0

        init(descriptor: Int32) { self.descriptor = descriptor }

        /// Whether a whole line is already buffered (the next `next()` does not block).
        var hasBufferedLine: Bool { buffer[start..<end].contains(0x0A) }

        /// The next line without its newline (and a `\r` before it), `nil` at the end of input.
        func next() -> InputLine? {
            var line: [UInt8] = []
            while true {
                if let newline = buffer[start..<end].firstIndex(of: 0x0A) {
                    line.append(contentsOf: buffer[start..<newline])
                    start = newline + 1
                    number += 1
                    guard line.count <= adapterProtocolMaximumLineBytes else { return .tooLong(number) }
                    if line.last == 0x0D { line.removeLast() }
                    return .line(number, line)
                }
                line.append(contentsOf: buffer[start..<end])
                start = 0
                end = 0
                guard line.count <= adapterProtocolMaximumLineBytes else { return .tooLong(number + 1) }
                lastReadStartedAt = ProbeClock.now()
                if SystemCalls.waitReadable(descriptor, spinNanoseconds: SystemCalls.pipeSpinNanoseconds, timeoutMilliseconds: -1) < 0,
                   errno == EINTR { continue }
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return nil }
                lastReadAt = ProbeClock.now()
                end = count
            }
        }
    }

    // MARK: Parameters

    private func bad(_ message: String) -> RequestError { .protocolError(code: "protocol.bad-params", message: message) }

    private func int(_ params: JSONObject, _ key: String) throws(RequestError) -> Int {
        guard let value = params[key]?.intValue else { throw bad("'\(key)' must be an integer") }
        return value
    }

    private func string(_ params: JSONObject, _ key: String) throws(RequestError) -> String {
        guard let value = params[key]?.stringValue else { throw bad("'\(key)' must be a string") }
        return value
    }

    private func optionalString(_ params: JSONObject, _ key: String) throws(RequestError) -> String? {
        guard let value = params[key], !value.isNull else { return nil }
        guard let string = value.stringValue else { throw bad("'\(key)' must be a string or null") }
        return string
    }

    private func double(_ params: JSONObject, _ key: String) throws(RequestError) -> Double {
        guard let value = params[key]?.doubleValue else { throw bad("'\(key)' must be a number") }
        return value
    }

    private func bool(_ params: JSONObject, _ key: String) throws(RequestError) -> Bool {
        guard let value = params[key]?.boolValue else { throw bad("'\(key)' must be a boolean") }
        return value
    }

    private func served(_ params: JSONObject, _ key: String) throws(RequestError) -> Served {
        let handle = try int(params, key)
        guard let object = objects[handle] else {
            throw .protocolError(code: "protocol.unknown-handle", message: "no object has handle \(handle) ('\(key)')")
        }
        return object
    }

    private func wrongKind(_ key: String) -> RequestError {
        .protocolError(code: "protocol.unknown-handle", message: "'\(key)' names an object of another kind")
    }

    private func worker(_ params: JSONObject, _ key: String = "worker") throws(RequestError) -> any Worker {
        guard case .worker(let object) = try served(params, key) else { throw wrongKind(key) }
        return object
    }

    private func file(_ params: JSONObject) throws(RequestError) -> any File {
        guard case .file(let object) = try served(params, "file") else { throw wrongKind("file") }
        return object
    }

    private func artboard(_ params: JSONObject, _ key: String = "artboard") throws(RequestError) -> any Artboard {
        guard case .artboard(let object) = try served(params, key) else { throw wrongKind(key) }
        return object
    }

    /// The artboard a metrics request names; the served adapter's artboards must answer `ArtboardMetrics`.
    private func metrics(_ params: JSONObject) throws(RequestError) -> any ArtboardMetrics {
        guard let metrics = try artboard(params) as? any ArtboardMetrics else {
            throw .protocolError(code: "protocol.unknown-op", message: "this adapter's artboards do not report size and animations (no 'artboardMetrics' capability)")
        }
        return metrics
    }

    private func stateMachine(_ params: JSONObject) throws(RequestError) -> any StateMachine {
        guard case .stateMachine(let object) = try served(params, "stateMachine") else { throw wrongKind("stateMachine") }
        return object
    }

    private func instance(_ params: JSONObject, _ key: String = "instance") throws(RequestError) -> any ViewModelInstance {
        guard case .instance(let object) = try served(params, key) else { throw wrongKind(key) }
        return object
    }

    private func rive(_ params: JSONObject) throws(RequestError) -> any Rive {
        guard case .rive(let object) = try served(params, "rive") else { throw wrongKind("rive") }
        return object
    }

    private func view(_ params: JSONObject) throws(RequestError) -> any RuntimeView {
        guard case .view(let object) = try served(params, "view") else { throw wrongKind("view") }
        return object
    }

    /// The handle a creating request names; it must be new.
    private func newHandle(_ params: JSONObject, _ key: String = "handle") throws(RequestError) -> Int {
        let handle = try int(params, key)
        guard handle > 0 else { throw bad("'\(key)' must be a positive integer") }
        guard objects[handle] == nil, streams[handle] == nil else {
            throw .protocolError(code: "protocol.handle-in-use", message: "handle \(handle) is already in use")
        }
        return handle
    }

    /// The payload of a request: its `bytes` or `bytesFile`, kept under `bytesKey` when it has
    /// one, or the kept payload its `bytesKey` alone names (§5, payload reuse).
    private func bytes(_ params: JSONObject) throws(RequestError) -> [UInt8] {
        guard let keyValue = params["bytesKey"] else { return try sentBytes(params) }
        guard let key = keyValue.intValue, key > 0 else { throw bad("'bytesKey' must be a positive integer") }
        if params["bytes"] == nil, params["bytesFile"] == nil {
            guard let kept = keptPayloads[key] else {
                throw .protocolError(code: "protocol.unknown-bytes-key", message: "no payload was sent with 'bytesKey' \(key)")
            }
            return kept
        }
        guard keptPayloads[key] == nil else { throw .protocolError(code: "protocol.bytes-key-in-use", message: "'bytesKey' \(key) already names a payload") }
        let bytes = try sentBytes(params)
        keptPayloads[key] = bytes
        return bytes
    }

    private func sentBytes(_ params: JSONObject) throws(RequestError) -> [UInt8] {
        if let text = params["bytes"]?.stringValue {
            guard let data = Base64.decode(text) else { throw bad("'bytes' is not base64") }
            return data
        }
        if let path = params["bytesFile"]?.stringValue {
            guard let directory = sideFileDirectory, path.hasPrefix(directory + "/") else { throw bad("'bytesFile' is not in the side-file folder") }
            defer { try? FileManager.default.removeItem(atPath: path) }
            guard let data = FileManager.default.contents(atPath: path) else { throw bad("'bytesFile' cannot be read") }
            return [UInt8](data)
        }
        throw bad("one of 'bytes' or 'bytesFile' is required")
    }

    /// Runs a RuntimeAPI call, turning its error into an error answer.
    private func runtime<T>(_ body: () async throws -> T) async throws(RequestError) -> T {
        do { return try await body() } catch let error as any RuntimeError { throw .runtime(error) } catch {
            throw .protocolError(code: "protocol.internal", message: "the adapter threw a non-RuntimeAPI error: \(error)")
        }
    }

    // MARK: Operations

    private func answer(_ op: String, _ params: JSONObject) async -> Result<JSONObject, RequestError> {
        do throws(RequestError) {
            if op == WireOperation.handshake.rawValue { return .success(try handshake(params)) }
            guard handshaken else { throw bad("the first request must be 'handshake'") }
            return .success(try await perform(op, params))
        } catch {
            return .failure(error)
        }
    }

    private func handshake(_ params: JSONObject) throws(RequestError) -> JSONObject {
        guard params["protocolVersion"]?.intValue == adapterProtocolVersion else {
            throw .protocolError(code: "protocol.unsupported-version",
                                 message: "this server speaks protocol version \(adapterProtocolVersion), not \(params["protocolVersion"]?.serialized ?? "(none)")")
        }
        handshaken = true
        sideFileDirectory = params["sideFileDirectory"]?.stringValue
        var frameFile = false
        if let directory = sideFileDirectory, let path = params["frameFile"]?.stringValue, path.hasPrefix(directory + "/"), !path.contains("/../") {
            frameFileDescriptor = open(path, O_WRONLY | O_CLOEXEC)
            frameFile = frameFileDescriptor >= 0
        }
        return [
            "protocolVersion": .int(adapterProtocolVersion), "adapterName": .string(adapter.name), "adapterVersion": .string(adapter.version),
            "runtimeName": .string(adapter.name), "runtimeVersion": .string(adapter.version), "runtimeCommit": runtimeCommit.map(JSONValue.string) ?? .null,
            "capabilities": .array(adapter.capabilities.capabilityNames.map(JSONValue.string)),
            "payloadReuse": .bool(true), "frameFile": .bool(frameFile),
        ]
    }

    private func perform(_ op: String, _ params: JSONObject) async throws(RequestError) -> JSONObject {
        switch op {
        case WireOperation.ping.rawValue, WireOperation.shutdown.rawValue:
            return [:]
        case WireOperation.release.rawValue:
            let handle = try int(params, "handle")
            objects[handle] = nil
            return [:]
        case WireOperation.adapterMakeWorker.rawValue:
            let handle = try newHandle(params)
            objects[handle] = .worker(try await runtime { try await adapter.makeWorker() })
            return [:]
        case let op where op.hasPrefix("worker."):
            return try await performWorker(op, params)
        case let op where op.hasPrefix("file."):
            return try await performFile(op, params)
        case WireOperation.artboardGetStateMachineNames.rawValue:
            let artboard = try artboard(params)
            return ["names": .array(try await runtime { try await artboard.getStateMachineNames() }.map(JSONValue.string))]
        case WireOperation.artboardGetSize.rawValue:
            let artboard = try metrics(params)
            let size = try await runtime { try await artboard.getSize() }
            return ["width": .float(Float(size.width)), "height": .float(Float(size.height))]
        case WireOperation.artboardGetAnimationNames.rawValue:
            let artboard = try metrics(params)
            return ["names": .array(try await runtime { try await artboard.getAnimationNames() }.map(JSONValue.string))]
        case WireOperation.artboardCreateStateMachine.rawValue, WireOperation.artboardCreateAnimationScene.rawValue:
            let artboard = try artboard(params)
            let handle = try newHandle(params)
            let name = try optionalString(params, "name")
            let binding: DataBind
            switch try string(params, "binding") {
            case "auto": binding = .auto
            case "none": binding = .none
            case "instance": binding = .instance(try instance(params))
            case let other: throw bad("unknown binding '\(other)' (auto, none or instance)")
            }
            let machine: any StateMachine
            if op == WireOperation.artboardCreateAnimationScene.rawValue {
                guard let playback = artboard as? any AnimationPlayback else {
                    throw .protocolError(code: "protocol.unknown-op", message: "this adapter's artboards do not play animations (no 'animationPlayback' capability)")
                }
                machine = try await runtime { try await playback.createAnimationScene(name, binding: binding) }
            } else {
                machine = try await runtime { try await artboard.createStateMachine(name, binding: binding) }
            }
            objects[handle] = .stateMachine(machine)
            return ["name": .string(machine.name)]
        case let op where op.hasPrefix("stateMachine."):
            return try await performStateMachine(op, params)
        case let op where op.hasPrefix("instance."):
            return try await performInstance(op, params)
        case let op where op.hasPrefix("view."):
            return try await performView(op, params)
        case WireOperation.streamCancel.rawValue:
            let handle = try int(params, "stream")
            streams.removeValue(forKey: handle)?.cancel()
            return [:]
        default:
            throw .protocolError(code: "protocol.unknown-op", message: "unknown op '\(op)'")
        }
    }

    private func names(_ list: [String]) -> JSONObject { ["names": .array(list.map(JSONValue.string))] }

    private func performWorker(_ op: String, _ params: JSONObject) async throws(RequestError) -> JSONObject {
        let worker = try worker(params)
        switch op {
        case WireOperation.workerLoadFile.rawValue:
            let handle = try newHandle(params)
            let source: FileSource
            if let path = params["path"]?.stringValue { source = .path(path) } else { source = .data(try bytes(params)) }
            objects[handle] = .file(try await runtime { try await worker.loadFile(source) })
            return [:]
        case WireOperation.workerDecodeImage.rawValue:
            let handle = try newHandle(params)
            let data = try bytes(params)
            let image = try await runtime { try await worker.decodeImage(from: data) }
            objects[handle] = .image(image)
            return ["width": .int(image.width), "height": .int(image.height)]
        case WireOperation.workerDecodeFont.rawValue:
            let handle = try newHandle(params)
            let data = try bytes(params)
            objects[handle] = .font(try await runtime { try await worker.decodeFont(from: data) })
            return [:]
        case WireOperation.workerDecodeBlob.rawValue:
            let handle = try newHandle(params)
            let data = try bytes(params)
            let blob = try await runtime { try await worker.decodeBlob(from: data) }
            objects[handle] = .blob(blob)
            return ["byteCount": .int(blob.byteCount)]
        case WireOperation.workerFlush.rawValue:
            await worker.flush()
            writeStreamEvents()
            return [:]
        case WireOperation.workerTakeLog.rawValue:
            let entries = await worker.takeLog().map { entry in
                JSONValue.object(["level": .string(entry.level.rawValue), "tag": .string(entry.tag), "code": .string(entry.code), "message": .string(entry.message)])
            }
            return ["entries": .array(entries)]
        case WireOperation.workerMakeView.rawValue:
            let handle = try newHandle(params)
            let configuration: ViewConfiguration
            if let riveValue = params["rive"], !riveValue.isNull {
                configuration = ViewConfiguration(rive: try rive(params), width: try int(params, "width"), height: try int(params, "height"))
            } else {
                let instanceValue = params["instance"]
                configuration = ViewConfiguration(
                    artboard: try artboard(params), stateMachine: try stateMachine(params),
                    viewModelInstance: instanceValue == nil || instanceValue!.isNull ? nil : try instance(params),
                    width: try int(params, "width"), height: try int(params, "height"))
            }
            objects[handle] = .view(try await runtime { try await worker.makeView(configuration) })
            return [:]
        default:
            throw .protocolError(code: "protocol.unknown-op", message: "unknown op '\(op)'")
        }
    }

    /// Writes every event delivered to an open stream, in handle order, and the ends of streams that ended.
    private func writeStreamEvents() {
        for handle in streams.keys.sorted() {
            guard let stream = streams[handle] else { continue }
            for value in stream.take() {
                var event: JSONObject = ["event": "stream", "stream": .int(handle)]
                if let value { event["value"] = value }
                _ = write(.object(event))
            }
            let ending = stream.ending()
            if ending.ended {
                streams[handle] = nil
                _ = write(.object(["event": "streamEnd", "stream": .int(handle), "error": ending.error.map(JSONValue.object) ?? .null]))
            }
        }
    }

    private func performFile(_ op: String, _ params: JSONObject) async throws(RequestError) -> JSONObject {
        let file = try file(params)
        switch op {
        case WireOperation.fileGetArtboardNames.rawValue: return names(try await runtime { try await file.getArtboardNames() })
        case WireOperation.fileGetViewModelNames.rawValue: return names(try await runtime { try await file.getViewModelNames() })
        case WireOperation.fileGetGlobalViewModelNames.rawValue: return names(try await runtime { try await file.getGlobalViewModelNames() })
        case WireOperation.fileGetInstanceNames.rawValue:
            let viewModel = try string(params, "viewModel")
            return names(try await runtime { try await file.getInstanceNames(of: viewModel) })
        case WireOperation.fileCreateArtboard.rawValue:
            let handle = try newHandle(params)
            let name = try optionalString(params, "name")
            let artboard = try await runtime { try await file.createArtboard(name) }
            objects[handle] = .artboard(artboard)
            return ["name": .string(artboard.name)]
        case WireOperation.fileGetProperties.rawValue:
            let viewModel = try string(params, "viewModel")
            let properties = try await runtime { try await file.getProperties(of: viewModel) }
            return ["properties": .array(properties.map {
                .object(["type": .string($0.type.description), "name": .string($0.name), "metaData": .string($0.metaData)])
            })]
        case WireOperation.fileGetViewModelEnums.rawValue:
            let enums = try await runtime { try await file.getViewModelEnums() }
            return ["enums": .array(enums.map { .object(["name": .string($0.name), "values": .array($0.values.map(JSONValue.string))]) })]
        case WireOperation.fileGetDefaultViewModelInfo.rawValue:
            let artboard = try artboard(params)
            let info = try await runtime { try await file.getDefaultViewModelInfo(for: artboard) }
            return ["viewModelName": .string(info.viewModelName), "instanceName": .string(info.instanceName)]
        case WireOperation.fileCreateViewModelInstance.rawValue:
            let handle = try newHandle(params)
            let from: ViewModelSource = params["artboard"] != nil ? .artboardDefault(try artboard(params)) : .name(try string(params, "viewModel"))
            let source: ViewModelInstanceSource
            switch try string(params, "kind") {
            case "blank": source = .blank(from: from)
            case "viewModelDefault": source = .viewModelDefault(from: from)
            case "name": source = .name(try string(params, "instanceName"), from: from)
            case let other: throw bad("unknown kind '\(other)' (blank, viewModelDefault or name)")
            }
            objects[handle] = .instance(try await runtime { try await file.createViewModelInstance(source) })
            return [:]
        case WireOperation.fileMakeRive.rawValue:
            let handles = try ["handle", "artboardHandle", "stateMachineHandle", "instanceHandle"].map { (key) throws(RequestError) in try newHandle(params, key) }
            guard Set(handles).count == handles.count else { throw bad("'handle', 'artboardHandle', 'stateMachineHandle' and 'instanceHandle' must differ") }
            let artboard = params["artboard"].map(\.isNull) == false ? try artboard(params) : nil
            let machine = params["stateMachine"].map(\.isNull) == false ? try stateMachine(params) : nil
            let dataBind: DataBind?
            switch try optionalString(params, "dataBind") {
            case nil: dataBind = nil
            case "auto": dataBind = .auto
            case "none": dataBind = DataBind.none
            case "instance": dataBind = .instance(try instance(params))
            case let other?: throw bad("unknown dataBind '\(other)' (null, auto, none or instance)")
            }
            let rive = try await runtime { try await file.makeRive(artboard: artboard, stateMachine: machine, dataBind: dataBind) }
            objects[handles[0]] = .rive(rive)
            objects[handles[1]] = .artboard(rive.artboard)
            objects[handles[2]] = .stateMachine(rive.stateMachine)
            if let exposed = rive.viewModelInstance { objects[handles[3]] = .instance(exposed) }
            return ["artboardName": .string(rive.artboard.name), "stateMachineName": .string(rive.stateMachine.name),
                    "viewModelInstance": .bool(rive.viewModelInstance != nil)]
        default:
            throw .protocolError(code: "protocol.unknown-op", message: "unknown op '\(op)'")
        }
    }

    private func performStateMachine(_ op: String, _ params: JSONObject) async throws(RequestError) -> JSONObject {
        let machine = try stateMachine(params)
        switch op {
        case WireOperation.stateMachineAdvance.rawValue:
            machine.advance(by: try double(params, "seconds"))
        case WireOperation.stateMachineBindViewModelInstance.rawValue:
            machine.bindViewModelInstance(try instance(params))
        case WireOperation.stateMachineBindViewModelInstances.rawValue:
            let main = params["main"].flatMap { $0.isNull ? nil : $0 } == nil ? nil : try instance(params, "main")
            guard let list = params["globals"]?.arrayValue else { throw bad("'globals' must be a list") }
            var globals: [GlobalBinding] = []
            for item in list {
                guard let entry = item.objectValue else { throw bad("'globals' must hold objects {name, instance}") }
                globals.append(GlobalBinding(try string(entry, "name"), try instance(entry)))
            }
            try await runtime { try await machine.bindViewModelInstances(main: main, globals: globals) }
        case WireOperation.stateMachineSettledStream.rawValue:
            let handle = try newHandle(params, "stream")
            let stream = machine.settledStream()
            streams[handle] = ServedStream(take: { stream.takeDelivered().map { _ in nil } }, ending: { (stream.isTerminated, nil) }, cancel: { stream.cancel() })
        case WireOperation.stateMachineSetInput.rawValue:
            let name = try string(params, "name")
            if let flag = params["value"]?.boolValue {
                machine.setInput(name, value: flag)
            } else if let number = params["value"]?.floatValue {
                machine.setInput(name, value: number)
            } else {
                throw bad("'value' must be a number or a boolean")
            }
        case WireOperation.stateMachineTriggerInput.rawValue:
            machine.triggerInput(try string(params, "name"))
        default:
            throw .protocolError(code: "protocol.unknown-op", message: "unknown op '\(op)'")
        }
        return [:]
    }

    private func performInstance(_ op: String, _ params: JSONObject) async throws(RequestError) -> JSONObject {
        let instance = try instance(params)
        switch op {
        case WireOperation.instanceName.rawValue: return ["name": .string(try await runtime { try await instance.name() })]
        case WireOperation.instanceViewModelName.rawValue: return ["name": .string(try await runtime { try await instance.viewModelName() })]
        case WireOperation.instanceValue.rawValue:
            let path = try string(params, "path")
            let value: JSONValue
            switch try string(params, "type") {
            case "number": value = .float(try await runtime { try await instance.value(of: NumberProperty(path: path)) })
            case "string": value = .string(try await runtime { try await instance.value(of: StringProperty(path: path)) })
            case "boolean": value = .bool(try await runtime { try await instance.value(of: BoolProperty(path: path)) })
            case "color": value = .int(try await runtime { try await instance.value(of: ColorProperty(path: path)) }.argbValue)
            case "enum": value = .string(try await runtime { try await instance.value(of: EnumProperty(path: path)) })
            case let other: throw bad("'type' \(other) has no readable value")
            }
            return ["value": value]
        case WireOperation.instanceSetValue.rawValue:
            try setValue(on: instance, params)
        case WireOperation.instanceValueStream.rawValue:
            let path = try string(params, "path")
            let handle = try newHandle(params, "stream")
            switch try string(params, "type") {
            case "number": serve(instance.valueStream(of: NumberProperty(path: path)), as: handle) { .float($0) }
            case "string": serve(instance.valueStream(of: StringProperty(path: path)), as: handle) { .string($0) }
            case "boolean": serve(instance.valueStream(of: BoolProperty(path: path)), as: handle) { .bool($0) }
            case "color": serve(instance.valueStream(of: ColorProperty(path: path)), as: handle) { .int($0.argbValue) }
            case "enum": serve(instance.valueStream(of: EnumProperty(path: path)), as: handle) { .string($0) }
            case let other: throw bad("'type' \(other) has no value stream")
            }
        case WireOperation.instanceFire.rawValue:
            instance.fire(trigger: TriggerProperty(path: try string(params, "path")))
        case WireOperation.instanceStream.rawValue:
            let path = try string(params, "path")
            let handle = try newHandle(params, "stream")
            serve(instance.stream(of: TriggerProperty(path: path)), as: handle) { _ in nil }
        case WireOperation.instanceNestedInstance.rawValue:
            let path = try string(params, "path")
            let handle = try newHandle(params)
            objects[handle] = .instance(instance.value(of: ViewModelInstanceProperty(path: path)))
        case WireOperation.instanceSize.rawValue:
            let path = try string(params, "path")
            return ["size": .int(try await runtime { try await instance.size(of: ListProperty(path: path)) })]
        case WireOperation.instanceListItem.rawValue:
            let list = ListProperty(path: try string(params, "path"))
            let index = try int32(params, "index")
            let handle = try newHandle(params)
            objects[handle] = .instance(instance.value(of: list, at: index))
        case WireOperation.instanceAppendInstance.rawValue:
            instance.appendInstance(try self.instance(params, "item"), to: ListProperty(path: try string(params, "path")))
        case WireOperation.instanceInsertInstance.rawValue:
            instance.insertInstance(try self.instance(params, "item"), to: ListProperty(path: try string(params, "path")), at: try int32(params, "index"))
        case WireOperation.instanceRemoveInstanceAt.rawValue:
            instance.removeInstance(at: try int32(params, "index"), from: ListProperty(path: try string(params, "path")))
        case WireOperation.instanceRemoveInstance.rawValue:
            instance.removeInstance(try self.instance(params, "item"), from: ListProperty(path: try string(params, "path")))
        case WireOperation.instanceSwapInstance.rawValue:
            instance.swapInstance(atIndex: try int32(params, "atIndex"), withIndex: try int32(params, "withIndex"), in: ListProperty(path: try string(params, "path")))
        default:
            throw .protocolError(code: "protocol.unknown-op", message: "unknown op '\(op)'")
        }
        return [:]
    }

    private func int32(_ params: JSONObject, _ key: String) throws(RequestError) -> Int32 {
        guard let value = Int32(exactly: try int(params, key)) else { throw bad("'\(key)' must fit in 32 bits") }
        return value
    }

    private func serve<Element>(_ stream: EventStream<Element, ViewModelInstanceError>, as handle: Int, _ encode: @escaping (Element) -> JSONValue?) {
        streams[handle] = ServedStream(take: { stream.takeDelivered().map(encode) },
                                       ending: { (stream.isTerminated, stream.terminalError.map(WireCodec.encode)) },
                                       cancel: { stream.cancel() })
    }

    private func setValue(on instance: any ViewModelInstance, _ params: JSONObject) throws(RequestError) {
        let path = try string(params, "path")
        let type = try string(params, "type")
        guard let value = params["value"] else { throw bad("'value' is required") }
        func handleValue<T>(_ make: (Served) -> T?) throws(RequestError) -> T? {
            if value.isNull { return nil }
            guard let handle = value.intValue, let object = objects[handle] else {
                throw .protocolError(code: "protocol.unknown-handle", message: "'value' must be a handle or null")
            }
            guard let typed = make(object) else { throw wrongKind("value") }
            return typed
        }
        switch type {
        case "number":
            guard let number = value.floatValue else { throw bad("a number value must be a number") }
            instance.setValue(of: NumberProperty(path: path), to: number)
        case "string":
            guard let text = value.stringValue else { throw bad("a string value must be a string") }
            instance.setValue(of: StringProperty(path: path), to: text)
        case "boolean":
            guard let flag = value.boolValue else { throw bad("a boolean value must be a boolean") }
            instance.setValue(of: BoolProperty(path: path), to: flag)
        case "color":
            guard let argb = value.intValue, let packed = UInt32(exactly: argb) else { throw bad("a color value must be an integer 0…4294967295") }
            instance.setValue(of: ColorProperty(path: path), to: Color(packed))
        case "enum":
            guard let name = value.stringValue else { throw bad("an enum value must be a string") }
            instance.setValue(of: EnumProperty(path: path), to: name)
        case "viewModel":
            guard let nested = try handleValue({ if case .instance(let object) = $0 { object } else { nil } }) else {
                throw bad("a viewModel value must be a handle")
            }
            instance.setValue(of: ViewModelInstanceProperty(path: path), to: nested)
        case "image": instance.setValue(of: ImageProperty(path: path), to: try handleValue { if case .image(let object) = $0 { object } else { nil } })
        case "artboard": instance.setValue(of: ArtboardProperty(path: path), to: try handleValue { if case .artboard(let object) = $0 { object } else { nil } })
        case "blob": instance.setValue(of: BlobProperty(path: path), to: try handleValue { if case .blob(let object) = $0 { object } else { nil } })
        case "font": instance.setValue(of: FontProperty(path: path), to: try handleValue { if case .font(let object) = $0 { object } else { nil } })
        default: throw bad("unknown type '\(type)'")
        }
    }

    private func performView(_ op: String, _ params: JSONObject) async throws(RequestError) -> JSONObject {
        let view = try view(params)
        switch op {
        case WireOperation.viewTick.rawValue:
            let tick = DisplayTick(timestamp: try double(params, "timestamp"), isOnscreen: try bool(params, "isOnscreen"), isPaused: try bool(params, "isPaused"))
            let report = await view.tick(tick)
            return ["advanced": .bool(report.advanced), "advanceSeconds": report.advanceSeconds.map(JSONValue.double) ?? .null,
                    "drew": .bool(report.drew), "settled": .bool(report.settled)]
        case WireOperation.viewDrawDigest.rawValue:
            let digest: DrawDigest
            do { digest = try await view.drawDigest() } catch { throw .runtime(error) }
            return ["commands": .array(digest.commands.map(JSONValue.string)), "hash": .string(digest.hash)]
        case WireOperation.viewRasterize.rawValue:
            let frame: RasterFrame
            do { frame = try await view.rasterize() } catch { throw .runtime(error) }
            let bytes = FramePixels.bytes(of: frame.pixels)
            var result: JSONObject = ["width": .int(frame.width), "height": .int(frame.height)]
            if frameFileDescriptor >= 0, bytes.withUnsafeBytes({ SystemCalls.writeAll(frameFileDescriptor, $0, fileOffset: 0) }) {
                result["pixelsInFrameFile"] = .bool(true)
                return result
            }
            // Frames of 64 KiB and more go through a side file: cheaper than base64 in a JSON line.
            if bytes.count >= 64 * 1024, let directory = sideFileDirectory {
                let path = directory + "/pixels-\(UUID().uuidString).rgba"
                if SideFile.write(bytes, to: path) {
                    result["pixelsFile"] = .string(path)
                    return result
                }
            }
            result["pixels"] = .string(Base64.encode(bytes))
            return result
        case WireOperation.viewSend.rawValue:
            guard let kind = PointerEvent.Kind(rawValue: try string(params, "kind")) else { throw bad("'kind' must be down, move, up or exit") }
            let event = PointerEvent(kind, x: try double(params, "x"), y: try double(params, "y"), pointerID: try int(params, "pointerID"))
            do { try await view.send(event) } catch { throw .runtime(error) }
            return [:]
        default:
            throw .protocolError(code: "protocol.unknown-op", message: "unknown op '\(op)'")
        }
    }
}
