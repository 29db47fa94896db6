import Foundation
import HarnessTestSupport
import RuntimeAPI
import Testing
@testable import AdapterProtocol

/// Payload reuse and the frame file (docs/adapter-protocol.md §5): the wire form, the
/// server's checks and what the Swift client sends.
@Suite("payload transport")
struct PayloadTransportTests {
    @Test("pixels convert between 0xAARRGGBB and RGBA bytes both ways, and a wrong byte count is refused")
    func framePixels() {
        let pixels: [UInt32] = [0xFF11_2233, 0x8040_2010, 0x0000_00FF, 0xFFFF_FFFF]
        let bytes = FramePixels.bytes(of: pixels)
        #expect(bytes == [0x11, 0x22, 0x33, 0xFF, 0x40, 0x20, 0x10, 0x80, 0x00, 0x00, 0xFF, 0x00, 0xFF, 0xFF, 0xFF, 0xFF])
        #expect(bytes.withUnsafeBytes { FramePixels.pixels(fromRGBA: $0, count: 4) } == pixels)
        #expect(bytes.withUnsafeBytes { FramePixels.pixels(fromRGBA: $0, count: 3) } == nil)
        var inPlace = bytes.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
        FramePixels.convertInPlace(&inPlace)
        #expect(inPlace == pixels)
    }

    @Test("the client keeps a payload once, finds an equal one in another array, and stops keeping at the budget")
    func keptPayloads() {
        var kept = KeptPayloads()
        let first: [UInt8] = [1, 2, 3, 4]
        #expect(kept.key(of: first) == nil)
        #expect(kept.keep(first, budget: 10) == 1)
        #expect(kept.key(of: Array([1, 2, 3, 4][...])) == 1)
        #expect(kept.key(of: [1, 2, 3, 5]) == nil, "same length, other bytes")
        #expect(kept.keep([9, 9, 9, 9, 9, 9, 9], budget: 10) == nil, "4 + 7 bytes is past the budget of 10")
        #expect(kept.keep([], budget: 10) == 2)
        #expect(kept.key(of: []) == 2)
        #expect(kept.keptBytes == 4)
    }

    @Test("'rive-harness serve' keeps a keyed payload, refuses unknown and reused keys, and writes frames to the frame file")
    func serveKeepsPayloadsAndWritesFrames() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("payload-transport-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let framePath = folder + "/frames.rgba"
        #expect(FileManager.default.createFile(atPath: framePath, contents: Data()))
        let fixture = try Data(contentsOf: SharedMaterial.packageRoot.appendingPathComponent("Corpus/fixtures/paints.riv"))
        let base64 = fixture.base64EncodedString()
        let lines = [
            #"{"id":1,"op":"handshake","protocolVersion":1,"sideFileDirectory":"\#(folder)","frameFile":"\#(framePath)"}"#,
            #"{"id":2,"op":"adapter.makeWorker","handle":1}"#,
            #"{"id":3,"op":"worker.loadFile","worker":1,"handle":2,"bytes":"\#(base64)","bytesKey":7}"#,
            #"{"id":4,"op":"worker.loadFile","worker":1,"handle":3,"bytesKey":7}"#,
            #"{"id":5,"op":"file.createArtboard","file":3,"handle":4,"name":null}"#,
            #"{"id":6,"op":"artboard.createStateMachine","artboard":4,"handle":5,"name":null,"binding":"none"}"#,
            #"{"id":7,"op":"worker.makeView","worker":1,"handle":6,"artboard":4,"stateMachine":5,"instance":null,"width":20,"height":10}"#,
            #"{"id":8,"op":"view.tick","view":6,"timestamp":0,"isOnscreen":true,"isPaused":false}"#,
            #"{"id":9,"op":"view.rasterize","view":6}"#,
            #"{"id":10,"op":"worker.loadFile","worker":1,"handle":7,"bytesKey":8}"#,
        ]
        let answers = try Self.serve(lines)
        #expect(answers.count == 10, "\(answers)")
        guard answers.count == 10 else { return }
        #expect(answers[0].contains(#""payloadReuse":true"#) && answers[0].contains(#""frameFile":true"#), "\(answers[0])")
        #expect(answers[2] == #"{"id":3,"result":{}}"#)
        #expect(answers[3] == #"{"id":4,"result":{}}"#, "the key alone loads the kept bytes")
        #expect(answers[4] == #"{"id":5,"result":{"name":"Paints"}}"#)
        #expect(answers[8] == #"{"id":9,"result":{"width":20,"height":10,"pixelsInFrameFile":true}}"#)
        #expect(answers[9].hasPrefix(#"{"id":10,"error":{"code":"protocol.unknown-bytes-key""#), "\(answers[9])")
        #expect((try? Data(contentsOf: URL(fileURLWithPath: framePath)).count) == 20 * 10 * 4)

        let reused = try Self.serve([
            #"{"id":1,"op":"handshake","protocolVersion":1}"#,
            #"{"id":2,"op":"adapter.makeWorker","handle":1}"#,
            #"{"id":3,"op":"worker.loadFile","worker":1,"handle":2,"bytes":"\#(base64)","bytesKey":1}"#,
            #"{"id":4,"op":"worker.loadFile","worker":1,"handle":3,"bytes":"\#(base64)","bytesKey":1}"#,
            #"{"id":5,"op":"worker.loadFile","worker":1,"handle":4,"bytesKey":0}"#,
        ])
        #expect(reused.first?.contains(#""frameFile":false"#) == true, "no frame file was named: \(reused.first ?? "")")
        #expect(reused.count == 5 && reused[3].hasPrefix(#"{"id":4,"error":{"code":"protocol.bytes-key-in-use""#), "\(reused)")
        #expect(reused.count == 5 && reused[4].hasPrefix(#"{"id":5,"error":{"code":"protocol.bad-params""#), "\(reused)")
    }

    @Test("through 'rive-harness serve' the client sends a payload it sent before as its key alone, a payload of 64 KiB or more in a side file, and frames come through the frame file")
    @MainActor
    func clientReusesPayloads() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("payload-client-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let requests = folder + "/requests.jsonl"
        let command = "tee '\(requests)' | '\(HarnessProcess.executable.path)' serve"
        let adapter = try ProcessAdapter(configuration: ProcessAdapterConfiguration(command: command))
        let bytes = try [UInt8](Data(contentsOf: SharedMaterial.packageRoot.appendingPathComponent("Corpus/fixtures/paints.riv")))
        let other = try [UInt8](Data(contentsOf: SharedMaterial.packageRoot.appendingPathComponent("Corpus/fixtures/plain.riv")))
        let frame: RasterFrame
        do {
            let worker = try await adapter.makeWorker()
            _ = try await worker.loadFile(.data(bytes))
            _ = try await worker.loadFile(.data(Array(bytes[...])))
            _ = try await worker.loadFile(.data(other))
            let file = try await worker.loadFile(.data(bytes))
            let artboard = try await file.createArtboard()
            let machine = try await artboard.createStateMachine(nil, binding: .none)
            let view = try await worker.makeView(ViewConfiguration(artboard: artboard, stateMachine: machine, viewModelInstance: nil, width: 20, height: 10))
            _ = await view.tick(DisplayTick(timestamp: 0, isOnscreen: true, isPaused: false))
            frame = try await view.rasterize()
            await worker.flush()
            // A payload of 64 KiB or more goes in a side file, keyed like an inline one.
            let large = [UInt8](repeating: 0x5A, count: ProcessSession.sideFilePayloadBytes)
            for _ in 0..<2 {
                await #expect(throws: FileError.self) { _ = try await worker.loadFile(.data(large)) }
            }
        }
        #expect(frame.width == 20 && frame.height == 10 && frame.pixels.count == 200)
        #expect(frame.pixels.contains { $0 != 0 }, "the frame shows the artboard")
        let loads = try String(contentsOfFile: requests, encoding: .utf8).split(separator: "\n").filter { $0.contains(#""op":"worker.loadFile""#) }
        #expect(loads.count == 6)
        guard loads.count == 6 else { return }
        #expect(loads[0].contains(#""bytes":"#) && loads[0].contains(#""bytesKey":1"#))
        #expect(!loads[1].contains(#""bytes":"#) && loads[1].contains(#""bytesKey":1"#), "the same bytes in another array go as the key")
        #expect(loads[2].contains(#""bytes":"#) && loads[2].contains(#""bytesKey":2"#))
        #expect(!loads[3].contains(#""bytes":"#) && loads[3].contains(#""bytesKey":1"#))
        #expect(!loads[4].contains(#""bytes":"#) && loads[4].contains(#""bytesFile":"#) && loads[4].contains(#""bytesKey":3"#), "\(loads[4].prefix(200))")
        #expect(!loads[5].contains(#""bytesFile":"#) && loads[5].contains(#""bytesKey":3"#))
    }

    /// Runs `rive-harness serve` on some request lines and returns its output lines.
    private static func serve(_ lines: [String]) throws -> [String] {
        let process = Process()
        process.executableURL = HarnessProcess.executable
        process.arguments = ["serve"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        try input.fileHandleForWriting.close()
        let answer = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return answer.split(separator: "\n").map(String.init)
    }
}
