import Testing
import Foundation
import RuntimeAPI

@Suite("RuntimeAPI value types")
struct ValueTypeTests {
    @Test("Color packs and unpacks ARGB")
    func colorRoundTrip() {
        let color = Color(0x80FF_1020)
        #expect(color.alpha == 0x80 && color.red == 0xFF && color.green == 0x10 && color.blue == 0x20)
        #expect(color.argbValue == 0x80FF_1020)
        #expect(Color(red: 1, green: 2, blue: 3).argbValue == 0xFF01_0203)
        #expect(Color(0x0000_00FF).description == "#000000FF")
    }

    @Test("capability names are unique and parse back")
    func capabilityNames() {
        let names = RuntimeCapabilities.names.map(\.name)
        #expect(Set(names).count == names.count)
        for (name, capability) in RuntimeCapabilities.names {
            #expect(RuntimeCapabilities(name: name) == capability)
        }
        #expect(RuntimeCapabilities(name: "Values") == nil)
        let set: RuntimeCapabilities = [.values, .globals]
        #expect(set.capabilityNames == ["values", "globals"])
        #expect(RuntimeCapabilities().description == "none")
    }

    @Test("error codes are distinct across every error case")
    func errorCodes() {
        let errors: [any RuntimeError] = [
            WorkerError.missingDevice(""),
            FileError.missingFile(""), FileError.invalidData(""), FileError.missingData(""), FileError.invalidFile(""),
            FileError.invalidArtboard(""), FileError.invalidViewModel(""), FileError.invalidViewModelInstance(""), FileError.cancelled,
            ArtboardError.invalidArtboard(""), ArtboardError.invalidStateMachine(""), ArtboardError.cancelled,
            StateMachineError.error(""), StateMachineError.cancelled,
            StateMachineError.invalidGlobalViewModelName(""), StateMachineError.duplicateGlobalViewModelInstance(""),
            ViewModelInstanceError.missingData, ViewModelInstanceError.valueMismatch(expected: "a", actual: "b"),
            ViewModelInstanceError.error(""), ViewModelInstanceError.message(""), ViewModelInstanceError.cancelled,
            AssetError.failedDecoding(""), AssetError.cancelled,
            ObservationError.unsupported(.pixels, ""), ObservationError.failed(""),
        ]
        let codes = errors.map(\.code)
        #expect(Set(codes).count == codes.count)
        for error in errors {
            #expect(!error.hint.isEmpty)
            #expect(error.description.hasPrefix("error[\(error.code)]"))
        }
        #expect(StateMachineError.invalidGlobalViewModelName("Theme").message.contains("\"Theme\""))
    }

    @Test("property descriptors carry their data type")
    func descriptorTypes() {
        #expect(NumberProperty.dataType == .number)
        #expect(EnumProperty.dataType == .enumType)
        #expect(EnumProperty.dataType.description == "enum")
        #expect(TriggerProperty(path: "a/b").path == "a/b")
    }
}

@Suite("EventStream")
@MainActor
struct EventStreamTests {
    @Test("buffered events are taken in order without waiting")
    func takeDelivered() {
        let channel = EventChannel<Int, ViewModelInstanceError>()
        let stream = EventStream(channel)
        #expect(stream.takeDelivered().isEmpty)
        channel.yield(1)
        channel.yield(2)
        #expect(stream.takeDelivered() == [1, 2])
        #expect(stream.takeDelivered().isEmpty)
    }

    @Test("iteration reads buffered events, then ends with the finishing error")
    func iterationEndsWithError() async {
        let channel = EventChannel<Int, ViewModelInstanceError>()
        channel.yield(7)
        channel.finish(throwing: .message("gone"))
        var received: [Int] = []
        var ending: ViewModelInstanceError?
        do {
            for try await value in EventStream(channel) { received.append(value) }
        } catch {
            ending = error
        }
        #expect(received == [7])
        #expect(ending == .message("gone"))
    }

    @Test("a waiting consumer receives an event yielded later")
    func waitingConsumer() async {
        let channel = EventChannel<String, Never>()
        let stream = EventStream(channel)
        let consumer = Task { @MainActor () -> String? in
            var iterator = stream.makeAsyncIterator()
            return await iterator.next()
        }
        await Task.yield()
        channel.yield("hello")
        #expect(await consumer.value == "hello")
    }

    @Test("a second consumer waiting while another waits is a precondition failure, not a lost continuation")
    func secondConcurrentConsumer() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let stream = EventStream(EventChannel<Int, Never>())
                for _ in 0..<2 {
                    Task { @MainActor in
                        var iterator = stream.makeAsyncIterator()
                        _ = await iterator.next()
                    }
                }
            }
            // Both consumers wait on the main actor; the second one must stop the process.
            try await Task.sleep(for: .seconds(5))
        }
    }

    @Test("consumers one after another are fine")
    func sequentialConsumers() async {
        let channel = EventChannel<Int, Never>()
        let stream = EventStream(channel)
        for value in [1, 2] {
            let consumer = Task { @MainActor () -> Int? in
                var iterator = stream.makeAsyncIterator()
                return await iterator.next()
            }
            await Task.yield()
            channel.yield(value)
            #expect(await consumer.value == value)
        }
    }

    @Test("cancelling the consuming task ends the stream and runs the termination handler once")
    func cancellationEnds() async {
        var terminations = 0
        let channel = EventChannel<Int, Never>(onTermination: { terminations += 1 })
        let stream = EventStream(channel)
        let consumer = Task { @MainActor () -> [Int] in
            var seen: [Int] = []
            for await value in stream { seen.append(value) }
            return seen
        }
        await Task.yield()
        consumer.cancel()
        let seen = await consumer.value
        #expect(seen.isEmpty)
        #expect(channel.isTerminated)
        channel.yield(1)
        #expect(stream.takeDelivered().isEmpty)
        channel.finish()
        #expect(terminations == 1)
    }
}

@Suite("The minimal adapter example in docs/runtime-api.md")
@MainActor
struct MinimalAdapterExampleTests {
    @Test("it loads, lists and maps errors to the API's error cases")
    func example() async throws {
        let adapter: any RuntimeAdapter = ListingAdapter()
        #expect(adapter.capabilities == [.introspection])
        let worker = try await adapter.makeWorker()
        let file = try await adapter.openFile(.path("demo.riv"), on: worker)
        #expect(try await file.getArtboardNames() == ["demo.riv"])
        let artboard = try await file.createArtboard()
        await #expect(throws: ArtboardError.invalidStateMachine("the artboard has no state machines")) {
            _ = try await artboard.createStateMachine()
        }
        await #expect(throws: FileError.missingData("0 bytes")) { _ = try await worker.loadFile(.data([])) }
        await #expect(throws: ObservationError.self) {
            _ = try await worker.makeView(ViewConfiguration(artboard: artboard, stateMachine: DummyStateMachine(), viewModelInstance: nil, width: 1, height: 1))
        }
    }
}

/// A state machine that exists only to build a `ViewConfiguration` in the test above.
@MainActor
private final class DummyStateMachine: StateMachine {
    let name = "dummy"
    func advance(by seconds: Double) {}
    func bindViewModelInstance(_ instance: any ViewModelInstance) {}
    func bindViewModelInstances(main: (any ViewModelInstance)?, globals: [GlobalBinding]) async throws(StateMachineError) {}
    func settledStream() -> EventStream<Void, Never> { EventStream(EventChannel()) }
    func setInput(_ name: String, value: Float) {}
    func setInput(_ name: String, value: Bool) {}
    func triggerInput(_ name: String) {}
}

@Suite("docs/runtime-api.md")
struct RuntimeAPIDocTests {
    @Test("the minimal adapter in the doc is the code this test target compiles")
    func docExampleMatchesCompiledCode() throws {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let root = tests.deletingLastPathComponent().deletingLastPathComponent()
        let doc = try String(contentsOf: root.appendingPathComponent("docs/runtime-api.md"), encoding: .utf8)
        let example = try String(contentsOf: tests.appendingPathComponent("MinimalAdapterExample.swift"), encoding: .utf8)
        let code = example.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("//") }.joined(separator: "\n")
        let start = try #require(doc.range(of: "```swift\n"))
        let end = try #require(doc.range(of: "\n```", range: start.upperBound..<doc.endIndex))
        #expect(String(doc[start.upperBound..<end.lowerBound]) + "\n" == code)
    }
}
