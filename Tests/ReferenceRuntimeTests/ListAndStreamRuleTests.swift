import Testing
import RiveFormat
import RuntimeAPI
@testable import ReferenceRuntime

@Suite("LIST: list properties")
@MainActor
struct ListRuleTests {
    private let items = ListProperty(path: "items")
    private let volume = NumberProperty(path: "volume")

    private func volumes(_ main: ReferenceViewModelInstance) async throws -> [Float] {
        var result: [Float] = []
        for index in 0..<(try await main.size(of: items)) {
            result.append(try await main.value(of: items, at: Int32(index)).value(of: volume))
        }
        return result
    }

    private func child(_ f: Fixture, _ value: Float) throws -> ReferenceViewModelInstance {
        let child = try f.instance(.blank(from: .name("Child")))
        child.setValue(of: volume, to: value)
        return child
    }

    @Test("LIST-1 append adds at the end, insert at an index, size counts")
    func appendAndInsert() async throws {
        let f = try Fixture()
        let main = try f.instance(.viewModelDefault(from: .name("Main")))
        #expect(try await volumes(main) == [7, 5])
        main.appendInstance(try child(f, 1), to: items)
        main.insertInstance(try child(f, 2), to: items, at: 0)
        main.insertInstance(try child(f, 3), to: items, at: 4)
        #expect(try await volumes(main) == [2, 7, 5, 1, 3])
    }

    @Test("LIST-2 swap exchanges two items")
    func swap() async throws {
        let f = try Fixture()
        let main = try f.instance(.viewModelDefault(from: .name("Main")))
        main.swapInstance(atIndex: 0, withIndex: 1, in: items)
        #expect(try await volumes(main) == [5, 7])
    }

    @Test("LIST-3 remove by index and by identity")
    func remove() async throws {
        let f = try Fixture()
        let main = try f.instance(.viewModelDefault(from: .name("Main")))
        let extra = try child(f, 9)
        main.appendInstance(extra, to: items)
        main.appendInstance(extra, to: items)
        main.removeInstance(at: 0, from: items)
        #expect(try await volumes(main) == [5, 9, 9])
        main.removeInstance(extra, from: items)
        #expect(try await volumes(main) == [5])
    }

    @Test("LIST-4 an item exposes its own property API and shares the instance")
    func itemAPI() async throws {
        let f = try Fixture()
        let main = try f.instance(.viewModelDefault(from: .name("Main")))
        let item = main.value(of: items, at: 1)
        #expect(try await item.viewModelName() == "Child")
        item.setValue(of: volume, to: 50)
        #expect(try await main.value(of: NumberProperty(path: "child/volume")) == 50, "item 1 is the copy of c1 that child also holds")
        let appended = try child(f, 1)
        main.appendInstance(appended, to: items)
        appended.setValue(of: volume, to: 2)
        #expect(try await main.value(of: items, at: 2).value(of: volume) == 2)
    }

    @Test("LIST-5 an out-of-range index fails clearly and leaves the list unchanged")
    func outOfRange() async throws {
        let f = try Fixture()
        let main = try f.instance(.viewModelDefault(from: .name("Main")))
        main.insertInstance(try child(f, 1), to: items, at: 3)
        main.removeInstance(at: 2, from: items)
        main.removeInstance(at: -1, from: items)
        main.swapInstance(atIndex: 0, withIndex: 2, in: items)
        #expect(try await volumes(main) == [7, 5])
        let log = f.worker.takeLog()
        #expect(log.count == 4)
        #expect(log.allSatisfy { $0.code == "view-model-instance.list-index-out-of-range" })
        let missing = main.value(of: items, at: 2)
        do {
            _ = try await missing.value(of: volume)
            Issue.record("an item past the end must not read")
        } catch {
            #expect(error.message.contains("index 2"))
        }
    }
}

@Suite("STR: observing changes")
@MainActor
struct StreamRuleTests {
    private let count = NumberProperty(path: "count")

    @Test("STR-1 a value stream emits each change and nothing before the first")
    func emitsChanges() async throws {
        let f = try Fixture()
        let main = try f.instance(.viewModelDefault(from: .name("Main")))
        main.setValue(of: count, to: 10)
        let stream = main.valueStream(of: count)
        await f.worker.flush()
        #expect(stream.takeDelivered().isEmpty, "no initial emission, even after an earlier change")
        main.setValue(of: count, to: 11)
        await f.worker.flush()
        main.setValue(of: count, to: 12)
        main.setValue(of: count, to: 13)
        await f.worker.flush()
        #expect(stream.takeDelivered() == [11, 13], "changes between two flushes coalesce to the latest")
        let strings = main.valueStream(of: StringProperty(path: "title"))
        let enums = main.valueStream(of: EnumProperty(path: "mood"))
        let colors = main.valueStream(of: ColorProperty(path: "tint"))
        let bools = main.valueStream(of: BoolProperty(path: "on"))
        main.setValue(of: StringProperty(path: "title"), to: "")
        main.setValue(of: EnumProperty(path: "mood"), to: "calm")
        main.setValue(of: ColorProperty(path: "tint"), to: Color(0xFF00_00FF))
        main.setValue(of: BoolProperty(path: "on"), to: false)
        await f.worker.flush()
        #expect(strings.takeDelivered() == [""])
        #expect(enums.takeDelivered() == ["calm"])
        #expect(colors.takeDelivered() == [Color(0xFF00_00FF)])
        #expect(bools.takeDelivered() == [false])
    }

    @Test("STR-2 changes written by the state machine are emitted")
    func stateMachineChanges() throws {
        let f = try Fixture()
        let main = try f.instance(.viewModelDefault(from: .name("Main")))
        let machine = try f.artboard().makeStateMachine(nil, binding: .instance(main))
        let stream = main.valueStream(of: NumberProperty(path: "other/volume"))
        machine.advance(by: 0)
        #expect(stream.takeDelivered() == [9])
    }

    @Test("STR-3 a trigger stream emits once per fire")
    func triggerStream() async throws {
        let f = try Fixture()
        let main = try f.instance(.viewModelDefault(from: .name("Main")))
        let machine = try f.artboard().makeStateMachine(nil, binding: .instance(main))
        let ping = TriggerProperty(path: "ping")
        let stream = main.stream(of: ping)
        main.fire(trigger: ping)
        main.fire(trigger: ping)
        await f.worker.flush()
        #expect(stream.takeDelivered().count == 2)
        main.fire(trigger: ping)
        machine.advance(by: 0.016)
        machine.advance(by: 0.016)
        #expect(stream.takeDelivered().count == 1, "the reset after the advance is not a fire")
    }

    @Test("STR-4 a stream on an unknown path or with the wrong type ends with ViewModelInstanceError")
    func badStreamEnds() async throws {
        let f = try Fixture()
        let main = try f.instance(.viewModelDefault(from: .name("Main")))
        for stream in [main.valueStream(of: NumberProperty(path: "nope")), main.valueStream(of: NumberProperty(path: "title"))] {
            do {
                for try await _ in stream { Issue.record("no value expected") }
                Issue.record("the stream must end with an error")
            } catch {
                #expect(error.code == "view-model-instance.message")
            }
        }
        let trigger = main.stream(of: TriggerProperty(path: "count"))
        #expect(trigger.isTerminated)
        #expect(trigger.terminalError != nil)
    }

    @Test("STR-5 cancelling the consuming task ends the stream")
    func cancellation() async throws {
        let f = try Fixture()
        let main = try f.instance(.viewModelDefault(from: .name("Main")))
        let stream = main.valueStream(of: count)
        let consumer = Task { @MainActor () -> [Float] in
            var seen: [Float] = []
            for try await value in stream { seen.append(value) }
            return seen
        }
        await Task.yield()
        consumer.cancel()
        #expect(try await consumer.value.isEmpty)
        main.setValue(of: count, to: 99)
        await f.worker.flush()
        #expect(stream.takeDelivered().isEmpty)
        #expect(stream.isTerminated)
    }

    @Test("STR-6 two streams on the same property both receive every change")
    func twoSubscribers() async throws {
        let f = try Fixture()
        let main = try f.instance(.viewModelDefault(from: .name("Main")))
        let first = main.valueStream(of: count)
        let second = main.valueStream(of: count)
        main.setValue(of: count, to: 1)
        await f.worker.flush()
        main.setValue(of: count, to: 2)
        await f.worker.flush()
        #expect(first.takeDelivered() == [1, 2])
        #expect(second.takeDelivered() == [1, 2])
    }

    @Test("a stream follows nested replacement along its path")
    func followsReplacement() async throws {
        let f = try Fixture()
        let main = try f.instance(.viewModelDefault(from: .name("Main")))
        let stream = main.valueStream(of: NumberProperty(path: "other/volume"))
        main.setValue(of: ViewModelInstanceProperty(path: "other"), to: try f.instance(.name("c2", from: .name("Child"))))
        await f.worker.flush()
        #expect(stream.takeDelivered() == [7])
    }
}
