import Foundation
import Fuzzing
import RiveFormat
import Testing

/// Bucket signatures from adapter failure text, and reduction on planted predicates.
@MainActor
struct SignatureAndReducerTests {
    @Test("an AddressSanitizer report buckets by problem, first runtime frame and source line, whatever the build folder")
    func asanSignature() {
        func report(_ folder: String, address: String) -> String {
            """
            the adapter failed: adapter.crashed: the adapter exited (signal 6)
            stderr (last lines): ==123==ERROR: AddressSanitizer: heap-use-after-free on address \(address)
                #0 \(address) in rive::CommandServer::processMessages() \(folder)/src/command_server.cpp:812:9
                #1 0x55aa in main /home/user/RiveHarness/Adapters/rive-cpp/driver/driver.cpp:10:3
            SUMMARY: AddressSanitizer: heap-use-after-free \(folder)/src/command_server.cpp:812:9 in rive::CommandServer::processMessages()
            """
        }
        let one = FailureSignature.crash(adapter: "rive-cpp", message: report("/tmp/rive-runtime-abc.X1", address: "0x6020000000f0"))
        let two = FailureSignature.crash(adapter: "rive-cpp", message: report("/tmp/rive-runtime-abc.Y2", address: "0x6020000001a0"))
        #expect(one.kind == .sanitizer)
        #expect(one.signature == "asan heap-use-after-free in rive::CommandServer::processMessages src/command_server.cpp:812")
        #expect(one.signature == two.signature)
    }

    @Test("UBSan and plain crashes get signatures too; a divergence buckets by the shape of its lines")
    func otherSignatures() {
        let ubsan = FailureSignature.crash(adapter: "rive-cpp", message: "stderr (last lines): /tmp/x/src/math/mat2d.cpp:40:12: runtime error: division by zero")
        #expect(ubsan.kind == .sanitizer)
        #expect(ubsan.signature == "ubsan division by zero src/math/mat2d.cpp:40")
        let ubsanAbort = FailureSignature.crash(adapter: "rive-cpp", message: """
            stderr (last lines): unity/../src/data_bind/context/context_value_number.cpp:29:59: runtime error: -1 is outside the range of representable values of type 'unsigned long'
            SUMMARY: UndefinedBehaviorSanitizer: undefined-behavior unity/../src/data_bind/context/context_value_number.cpp:29:59
            """)
        #expect(ubsanAbort.signature == "ubsan N is outside the range of representable values of type 'unsigned long' src/data_bind/context/context_value_number.cpp:29")
        // One uninitialised bool read, whatever garbage it found: one bucket (a fuzz run made three).
        let bools = [32, 96, 224].map { value in
            FailureSignature.crash(adapter: "rive-cpp", message: "stderr (last lines): unity/../src/animation/linear_animation_instance.cpp:53:9: runtime error: load of value \(value), which is not a valid value for type 'bool'").signature
        }
        #expect(Set(bools) == ["ubsan load of value N, which is not a valid value for type 'bool' src/animation/linear_animation_instance.cpp:53"], "\(bools)")
        let plain = FailureSignature.crash(adapter: "rive-cpp", message: "the adapter failed: adapter.crashed: the adapter process was killed by signal 11 (Segmentation fault)")
        #expect(plain.kind == .crash)
        #expect(plain.signature == "rive-cpp crashed (signal 11 (Segmentation fault))")
        let framed = FailureSignature.crash(adapter: "rive-cpp", message: """
            the adapter failed: adapter.crashed: the adapter process was killed by signal 11 (Segmentation fault)
            stderr (last lines): rive-cpp-driver: fatal signal 11 (Segmentation fault)
                #0 0x55e1 in (anonymous namespace)::reportFatalSignal(int)
                #1 0x7f10 in ?
                #2 0x55a2 in rive::LayoutComponent::update(rive::ComponentDirt)
                #3 0x55a3 in rive::Artboard::updateComponents()
            """)
        #expect(framed.signature == "rive-cpp crashed (signal 11 (Segmentation fault)) in rive::LayoutComponent::update")
        let a = FailureSignature.divergence(section: "draws", left: "frame 1 #3 fill nonZero srcOver solid #FF00FF00 bounds 0 0 10.5 20", right: "frame 1 commands 2")
        let b = FailureSignature.divergence(section: "draws", left: "frame 60 #9 fill nonZero srcOver solid #FF00FF00 bounds 1 2 3 4", right: "frame 60 commands 7")
        #expect(a == b)
        #expect(FailureSignature.shape(#"x "a\"b" 12.5 -3"#) == "x S N N")
    }

    /// A document of a backboard, an artboard and ten nodes named n0…n9 under it.
    static func nodes() -> RiveDocument {
        let backboard = RiveSchema.typeKeysByName["Backboard"]!
        let artboard = RiveSchema.typeKeysByName["Artboard"]!
        let node = RiveSchema.typeKeysByName["Node"]!
        let nameKey = RiveSchema.propertiesByKey.values.first { $0.name == "name" && $0.ownerKey == RiveSchema.typeKeysByName["Component"]! }!.key
        let xKey = RiveSchema.propertiesByKey.values.first { $0.name == "x" && $0.ownerKey == node }?.key
        var objects = [RiveObject(typeKey: backboard), RiveObject(typeKey: artboard, properties: [RiveProperty(key: nameKey, value: .string("A"))])]
        for index in 0..<10 {
            var properties = [RiveProperty(key: nameKey, value: .string("n\(index)"))]
            if let xKey { properties.append(RiveProperty(key: xKey, value: .float(Float(index)))) }
            objects.append(RiveObject(typeKey: node, properties: properties))
        }
        return RiveDocument(objects: objects)
    }

    static func names(_ bytes: [UInt8]) -> Set<String> {
        Set(((try? RiveReader.read(bytes))?.objects ?? []).compactMap { $0.properties.first { $0.name == "name" }?.value.stringValue })
    }

    @Test("reduce on a planted predicate (nodes n3 and n7 present) keeps exactly those nodes and what the file needs around them")
    func plantedReduction() async throws {
        var steps: [Reducer.Step] = []
        var reducer = Reducer(predicate: { bytes in Self.names(bytes).isSuperset(of: ["n3", "n7"]) }, onStep: { steps.append($0) })
        let result = try await reducer.reduce(Self.nodes())
        #expect(Self.names(result.bytes) == ["A", "n3", "n7"] || Self.names(result.bytes) == ["n3", "n7"])
        let nodeKey = RiveSchema.typeKeysByName["Node"]!
        #expect(result.document?.objects.filter { $0.typeKey == nodeKey }.count == 2)
        #expect(result.document?.objects.allSatisfy { object in object.properties.allSatisfy { $0.name == "name" } } == true)
        #expect(!steps.isEmpty)
        #expect(steps.last!.bytes == result.bytes.count)
        var again = Reducer(predicate: { bytes in Self.names(bytes).isSuperset(of: ["n3", "n7"]) })
        #expect(try await again.reduce(Self.nodes()).bytes == result.bytes, "deterministic")
    }

    @Test("an embedded payload the failure needs is cut to its start: a 4,096-byte blob whose first 4 bytes matter keeps 4 to 7")
    func payloadIsHalved() async throws {
        var document = Self.nodes()
        let contents = try #require(RiveSchema.typeKeysByName["FileAssetContents"])
        let bytesKey = try #require(RiveSchema.propertiesByKey.values.first { $0.name == "bytes" && $0.ownerKey == contents }?.key)
        let marker: [UInt8] = [0x52, 0x49, 0x56, 0x45]
        document.objects.insert(RiveObject(typeKey: contents, properties: [RiveProperty(key: bytesKey, value: .bytes(marker + [UInt8](repeating: 7, count: 4092)))]), at: 1)
        func payload(_ bytes: [UInt8]) -> [UInt8]? {
            (try? RiveReader.read(bytes))?.objects.lazy.compactMap { $0.properties.first { $0.key == bytesKey } }.first.flatMap {
                if case .bytes(let value) = $0.value { value } else { nil }
            }
        }
        var reducer = Reducer(predicate: { bytes in payload(bytes)?.starts(with: marker) == true })
        let result = try await reducer.reduce(document)
        let kept = try #require(payload(result.bytes))
        #expect(kept.starts(with: marker) && kept.count >= 4 && kept.count < 8, "\(kept.count) bytes kept")
    }

    @Test("an input that breaks a structural rule (no Backboard) is reduced with readable candidates, and the result says which rule")
    func structurallyInvalidInput() async throws {
        var document = Self.nodes()
        document.objects.removeFirst()
        #expect(throws: (any Error).self) { _ = try RiveWriter.write(document) }
        var reducer = Reducer(predicate: { bytes in Self.names(bytes).isSuperset(of: ["n5"]) })
        let result = try await reducer.reduce(document)
        #expect(!result.validated)
        #expect(result.inputProblem?.contains("Backboard") == true)
        #expect(Self.names(result.bytes).contains("n5"))
        #expect((result.document?.objects.count ?? .max) < document.objects.count)
        #expect(throws: Never.self) { _ = try RiveReader.read(result.bytes) }
        var valid = Reducer(predicate: { bytes in Self.names(bytes).isSuperset(of: ["n5"]) })
        #expect(try await valid.reduce(Self.nodes()).validated)
    }

    @Test("a file our reader does not read is reduced as bytes: a planted 4-byte marker inside junk is all that is left")
    func unreadableInputReducedAsBytes() async throws {
        let marker: [UInt8] = [0xDE, 0xAD, 0xBE, 0xEF]
        let valid = try RiveWriter.write(Self.nodes())
        let input = Array(valid.prefix(40)) + [0xFF, 0xFF, 0xFF] + marker + Array(valid.dropFirst(40))
        #expect(throws: (any Error).self) { _ = try RiveReader.read(input) }
        let holds: @MainActor ([UInt8]) async -> Bool = { bytes in
            bytes.count >= marker.count && (0...(bytes.count - marker.count)).contains { Array(bytes[$0..<($0 + marker.count)]) == marker }
        }
        var steps: [Reducer.Step] = []
        var reducer = Reducer(predicate: holds, onStep: { steps.append($0) })
        let result = try await reducer.reduce(bytes: input)
        #expect(result.bytes == marker)
        #expect(result.document == nil)
        #expect(result.unreadableInput != nil)
        #expect(steps.contains { $0.pass == "tail" } && steps.contains { $0.pass == "bytes" })
        #expect(steps.allSatisfy { $0.objects == nil })
        var again = Reducer(predicate: holds)
        #expect(try await again.reduce(bytes: input).steps.map(\.bytes) == steps.map(\.bytes), "deterministic")
    }

    @Test("cutting the tail stops at one byte when every cut still fails (a cut longer than what is left is not tried)")
    func tailCutDownToOneByte() async throws {
        let input: [UInt8] = [0xAB, 1, 2, 3, 4, 5, 6]
        var reducer = Reducer(predicate: { bytes in bytes.first == 0xAB })
        let result = try await reducer.reduce(bytes: input)
        #expect(result.bytes == [0xAB])
    }

    @Test("reduce(bytes:) of a file our reader reads is the structural reduction")
    func readableBytesReducedStructurally() async throws {
        var fromBytes = Reducer(predicate: { bytes in Self.names(bytes).isSuperset(of: ["n3", "n7"]) })
        var fromDocument = Reducer(predicate: { bytes in Self.names(bytes).isSuperset(of: ["n3", "n7"]) })
        let result = try await fromBytes.reduce(bytes: try RiveWriter.write(Self.nodes()))
        #expect(result.bytes == (try await fromDocument.reduce(Self.nodes())).bytes)
        #expect(result.unreadableInput == nil)
    }

    @Test("reduce refuses a predicate that is false on the input")
    func falsePredicate() async {
        var reducer = Reducer(predicate: { _ in false })
        await #expect(throws: Reducer.Failure.predicateFalseOnInput) { _ = try await reducer.reduce(Self.nodes()) }
    }
}
