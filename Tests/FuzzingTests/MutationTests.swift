import Foundation
import Fuzzing
import HarnessTestSupport
import RiveFormat
import Testing

/// RiveMutation chains over the corpus's fixtures: structural ones keep files our reader accepts,
/// and the same seed replays the same chains and bytes.
struct MutationTests {
    static func fixtureSeeds() throws -> [FuzzSeed] {
        let folder = SharedMaterial.packageRoot.appendingPathComponent("Corpus/fixtures")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".riv") }.sorted()
        return try names.map { name in
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
            return try #require(FuzzSeed(name: name, bytes: bytes))
        }
    }

    @Test("every structural mutation chain gives a file our reader accepts (byte mutations excepted by design)")
    func structuralMutationsRead() throws {
        let seeds = try Self.fixtureSeeds()
        var engine = MutationEngine(seeds: seeds, seed: 7)
        let applier = MutationApplier(donors: seeds.map(\.document))
        var checked = 0
        for _ in 0..<600 {
            let (seed, mutations) = engine.next()
            guard !mutations.contains(where: \.isByteMutation) else { continue }
            let bytes = applier.apply(mutations, to: seeds[seed].document)
            #expect(throws: Never.self, "\(seeds[seed].name): \(mutations)") { _ = try RiveReader.read(bytes) }
            checked += 1
        }
        #expect(checked > 300)
    }

    @Test("the same generator seed gives the same chains and the same bytes; another seed gives others")
    func deterministic() throws {
        let seeds = try Self.fixtureSeeds()
        let applier = MutationApplier(donors: seeds.map(\.document))
        func run(_ seed: UInt64) -> [[UInt8]] {
            var engine = MutationEngine(seeds: seeds, seed: seed)
            return (0..<50).map { _ in
                let (index, mutations) = engine.next()
                return applier.apply(mutations, to: seeds[index].document)
            }
        }
        #expect(run(42) == run(42))
        #expect(run(42) != run(43))
    }

    @Test("each kind of mutation does what it says on a small document")
    func mutationKinds() throws {
        let shape = RiveObject(typeKey: 3, properties: [RiveProperty(key: 4, value: .string("a"))])
        let document = RiveDocument(objects: [RiveObject(typeKey: 23), RiveObject(typeKey: 1), shape])
        let applier = MutationApplier(donors: [document])
        func objects(_ mutations: [RiveMutation]) throws -> [UInt32] {
            try RiveReader.read(applier.apply(mutations, to: document)).objects.map(\.typeKey)
        }
        #expect(try objects([.deleteObject(1)]) == [23, 3])
        #expect(try objects([.duplicateObject(0)]) == [23, 23, 1, 3])
        #expect(try objects([.swapObjects(0, 2)]) == [3, 1, 23])
        #expect(try objects([.moveObject(from: 0, to: 2)]) == [1, 3, 23])
        #expect(try objects([.truncateObjects(keep: 1)]) == [23])
        #expect(try objects([.spliceObject(donor: 0, donorObject: 2, at: 0)]) == [3, 23, 1, 3])
        #expect(try objects([.deleteObject(9)]) == [23, 1, 3], "an object the file lacks changes nothing")
        let renamed = try RiveReader.read(applier.apply([.setValue(object: 2, key: 4, value: .string("b"))], to: document))
        #expect(renamed.objects[2].string(4) == "b")
        let cut = applier.apply([.truncateBytes(length: 5)], to: document)
        #expect(cut.count == 5)
        let flipped = applier.apply([.flipBit(offset: 0, bit: 0)], to: document)
        #expect(flipped[0] == UInt8(ascii: "R") ^ 1)
    }
}
