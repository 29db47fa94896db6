import HarnessSupport
import Testing

/// The one partition rule (`Shard`) and the one check and reordering of shards (`ShardMerge`).
struct ShardTests {
    private static let keys = ["b", "a/x", "a", "c", "a-b", "é", "a.b", "z"]

    @Test("the parts of a key list are disjoint, cover it, keep the given order and follow the sorted keys' positions")
    func partition() throws {
        let parts = (1...3).map { Shard(index: $0, count: 3)!.partition(Self.keys) { $0 } }
        #expect(parts.flatMap { $0 }.sorted() == Self.keys.sorted())
        #expect(Set(parts[0]).isDisjoint(with: parts[1]) && Set(parts[1]).isDisjoint(with: parts[2]))
        // UTF-8 order: a, a-b, a.b, a/x, b, c, z, é → positions 0…7; part 1 takes 0, 3, 6.
        #expect(parts[0] == ["a/x", "a", "z"], "kept in the given order")
        #expect(parts[1] == ["b", "a-b", "é"])
        #expect(parts[2] == ["c", "a.b"])
        #expect(Shard(index: 2, count: 3)!.partition(Self.keys.reversed()) { $0 } == ["é", "a-b", "b"], "the same items whatever the input order")
        #expect(Shard("0/3") == nil && Shard("4/3") == nil && Shard("1/0") == nil && Shard("x") == nil && Shard("2/3")?.description == "2/3")
    }

    private func parts(_ indices: [Int], count: Int = 3, identity: [String: String] = ["corpus": "c1"]) -> [ShardPart<String>] {
        indices.map { index in
            let shard = Shard(index: index, count: count)!
            return ShardPart(file: "part-\(index).json", record: ShardRecord(shard: shard, keys: Self.keys, identity: identity),
                             items: shard.partition(Self.keys) { $0 })
        }
    }

    @Test("interleaving the parts in any order gives the unsharded order")
    func interleave() throws {
        #expect(try ShardMerge.interleave(parts([3, 1, 2])) { $0 } == Self.keys)
    }

    @Test("missing, duplicate, mismatched and foreign parts are refused with their codes")
    func refusals() {
        func code(_ body: () throws -> Void) -> String? {
            do { try body() } catch let error as ShardMergeError { return error.code } catch { return "\(error)" }
            return nil
        }
        #expect(code { _ = try ShardMerge.interleave(parts([1, 3])) { $0 } } == "merge.missing-shards")
        do {
            _ = try ShardMerge.check(parts([2]))
            Issue.record("one of three shards merged")
        } catch {
            #expect(error.message.contains("shards 1/3, 3/3 are missing"), "\(error.message)")
        }
        #expect(code { _ = try ShardMerge.interleave(parts([1, 2, 2, 3])) { $0 } } == "merge.duplicate-shard")
        #expect(code { _ = try ShardMerge.interleave(parts([1, 2]) + parts([3], identity: ["corpus": "c2"])) { $0 } } == "merge.different-corpus")
        #expect(code { _ = try ShardMerge.interleave(parts([1, 2]) + parts([3], count: 4)) { $0 } } == "merge.different-count")
        var foreign = parts([1, 2, 3])
        foreign[1].items.append("a")
        #expect(code { _ = try ShardMerge.interleave(foreign) { $0 } } == "merge.foreign-items")
    }
}
