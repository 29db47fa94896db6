import Foundation
import Testing
@testable import AdapterProtocol

/// How the client reads a child's output when no caller reads it on the spot: a write into
/// a full pipe, a queued request that is never answered, a handshake finished twice, and
/// when payloads go in side files (docs/adapter-protocol.md §5, §9).
@Suite("child connection")
@MainActor
struct ChildConnectionTests {
    /// A child in Python that answers the handshake and then runs `body` for every other request
    /// (`request` is the parsed line, `out` standard output); it ends itself after 30 s, so a
    /// client that would wait for it for ever fails instead.
    private static func child(_ body: String) throws -> (command: String, script: String) {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("child-connection-\(UUID().uuidString).py").path
        // Indented into the loop.
        let indentedBody = body.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")
        let source = """
            import json, signal, sys
            signal.alarm(30)
            out = sys.stdout
            for line in sys.stdin:
                request = json.loads(line)
                if request["op"] == "handshake":
                    out.write(json.dumps({"id": request["id"], "result": {"protocolVersion": 1}}) + "\\n")
                    out.flush()
                    continue
            \(indentedBody)
            """
        try source.write(toFile: script, atomically: true, encoding: .utf8)
        return ("python3 '\(script)'", script)
    }

    @Test("queued requests written while the child is blocked writing early events do not deadlock: the reader drains its output")
    func writeIntoFullPipe() async throws {
        // Each request gets a 16 KB event nobody subscribed to before its answer, so the
        // child's output fills after a few requests and it stops reading its input.
        let (command, script) = try Self.child("""
            out.write(json.dumps({"event": "stream", "stream": 999, "value": "e" * 16000}) + "\\n")
            out.write(json.dumps({"id": request["id"], "result": {}}) + "\\n")
            out.flush()
            """)
        defer { try? FileManager.default.removeItem(atPath: script) }
        let session = try ProcessSession.start(ProcessAdapterConfiguration(command: command, requestTimeoutSeconds: 30)).get().0
        // 100 queued requests of 8 KB: far more than both pipes hold, far fewer than the 256
        // queued answers that wake the reader by themselves.
        let padding = String(repeating: "p", count: 8_000)
        for handle in 0..<100 { session.send(.release, ["handle": .int(handle), "padding": .string(padding)]) }
        let answer = await session.call(.ping, [:])
        #expect((try? answer.get()) != nil, "\(answer)")
        #expect(session.failure == nil, "\(session.failure?.message ?? "")")
    }

    @Test("a queued request the child never answers times out without an awaited request after it")
    func queuedRequestTimesOut() async throws {
        let (command, script) = try Self.child("pass")
        defer { try? FileManager.default.removeItem(atPath: script) }
        let session = try ProcessSession.start(ProcessAdapterConfiguration(command: command, requestTimeoutSeconds: 1)).get().0
        session.send(.release, ["handle": .int(1)])
        for _ in 0..<50 where session.failure == nil { try await Task.sleep(for: .milliseconds(100)) }
        #expect(session.failure?.isTimeout == true)
        #expect(session.failure?.message.contains("no answer to release (request 2) within 1 s") == true, "\(session.failure?.message ?? "no failure")")
    }

    @Test("finishing a launch twice gives the same outcome again instead of waiting for a second answer")
    func launchFinishedTwice() throws {
        let launch = ProcessAdapter.launch(configuration: ProcessAdapterConfiguration(
            command: #"read line; echo '{"id":1,"result":{"protocolVersion":1}}'; sleep 30"#, handshakeTimeoutSeconds: 10))
        for _ in 0..<2 {
            let error = #expect(throws: ProcessAdapterError.self) { _ = try ProcessAdapter(launch: launch) }
            #expect(error?.message.contains("the handshake answer has no string 'adapterName'") == true, "\(error?.message ?? "")")
        }
    }

    @Test("a payload of 64 KiB goes inline to a child that did not declare the frame file (it may not reach the side folder)")
    func inlineWithoutFrameFile() throws {
        let (command, script) = try Self.child(#"out.write(json.dumps({"id": request["id"], "result": {}}) + "\n"); out.flush()"#)
        defer { try? FileManager.default.removeItem(atPath: script) }
        let session = try ProcessSession.start(ProcessAdapterConfiguration(command: command)).get().0
        var params: JSONObject = [:]
        session.bytesParameter([UInt8](repeating: 7, count: ProcessSession.sideFilePayloadBytes), into: &params)
        #expect(params["bytes"] != nil && params["bytesFile"] == nil)
    }
}
