/// Part K of N of a run's items: the item at position P of the items sorted by their keys
/// (UTF-8 bytes; equal keys keep their given order) belongs to part (P mod N) + 1.
///
/// `run` keys scenarios by ID, `diff` and `fuzz` files by path, `bench` benchmarks by their
/// name without the adapter; every command partitions through `partition(_:key:)`.
public struct Shard: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The 1-based part.
    public var index: Int
    /// The number of parts.
    public var count: Int

    /// Creates part `index` of `count`, or `nil` unless 1 ≤ index ≤ count.
    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// Parses `K/N` with 1 ≤ K ≤ N.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    /// `K/N`.
    public var description: String { "\(index)/\(count)" }

    /// The message of the usage error for a `--shard` value that is not `K/N`.
    public static func usageMessage(_ text: String) -> String { "--shard needs K/N with 1 ≤ K ≤ N, got '\(text)'" }

    /// Whether the item at `position` of the sorted items belongs to this part.
    public func selects(position: Int) -> Bool { position % count == index - 1 }

    /// The items of this part, in their given order.
    public func partition<Item>(_ items: [Item], key: (Item) -> String) -> [Item] {
        selectedIndices(of: items.map(key)).map { items[$0] }
    }

    /// The indices into `keys` of this part's items, ascending.
    public func selectedIndices(of keys: [String]) -> [Int] {
        let ranks = Self.ranks(keys)
        return keys.indices.filter { selects(position: ranks[$0]) }
    }

    /// Each key's position once the keys are sorted by their UTF-8 bytes, equal keys in their given order.
    static func ranks(_ keys: [String]) -> [Int] {
        let bytes = keys.map { Array($0.utf8) }
        let order = keys.indices.sorted { bytes[$0].lexicographicallyPrecedes(bytes[$1]) || (bytes[$0] == bytes[$1] && $0 < $1) }
        var ranks = [Int](repeating: 0, count: keys.count)
        for (position, index) in order.enumerated() { ranks[index] = position }
        return ranks
    }
}

/// What one part of a sharded run writes into its output so that `rive-harness merge` can
/// check that the parts belong together and put their items back in the unsharded order.
public struct ShardRecord: Sendable, Hashable, Codable {
    /// K, the 1-based part.
    public var index: Int
    /// N, the number of parts.
    public var count: Int
    /// Every item key of the whole run (all parts), in the order the unsharded output lists the items.
    public var keys: [String]
    /// What must be the same in every part, by name: `corpus` (a hash of the corpus or the
    /// files), `adapters` (names and versions), `runtime-commits`, `testbed` (fingerprint) and
    /// `options` (the command's other choices).
    public var identity: [String: String]

    /// Creates the record of part `shard` of the run over `keys`.
    public init(shard: Shard, keys: [String], identity: [String: String]) {
        index = shard.index
        count = shard.count
        self.keys = keys
        self.identity = identity
    }

    /// K/N.
    public var shard: Shard? { Shard(index: index, count: count) }
}

/// Why shards cannot be merged: they are of different kinds or runs, or some are missing or
/// given twice (exit 3, like other unusable input).
public struct ShardMergeError: HarnessError, Equatable {
    /// A stable code: `merge.no-shards`, `merge.bad-record`, `merge.different-count`,
    /// `merge.different-NAME` (an identity name), `merge.different-items`, `merge.duplicate-shard`,
    /// `merge.missing-shards` or `merge.foreign-items` from `ShardMerge`; `merge.not-sharded` or
    /// `merge.different-run` from the kinds' merges.
    public let code: String?
    /// What is wrong, naming the files.
    public let message: String
    /// What to do next.
    public let hint: String?
    /// Always `.badInput`.
    public var exitCode: ExitCode { .badInput }

    /// Creates an error with its code, message and hint.
    public init(code: String, message: String, hint: String) {
        self.code = code
        self.message = message
        self.hint = hint
    }
}

/// One part of a sharded run as `merge` reads it: the file it came from, its record and its items.
public struct ShardPart<Item> {
    /// The file the part was read from, for messages.
    public var file: String
    /// The part's record.
    public var record: ShardRecord
    /// The part's items, in its output's order.
    public var items: [Item]

    /// Creates a part.
    public init(file: String, record: ShardRecord, items: [Item]) {
        self.file = file
        self.record = record
        self.items = items
    }

    /// Creates the part read from `file`, whose record is `nil` when the file is not a shard.
    /// - Parameters:
    ///   - whatItIs: what the file is when it holds no record, after "FILE is ", for the message.
    ///   - hint: which files to pass instead.
    /// - Throws: `ShardMergeError` `merge.not-sharded` when `record` is `nil`.
    public init(file: String, record: ShardRecord?, items: [Item], whatItIs: String, hint: String) throws(ShardMergeError) {
        guard let record else {
            throw ShardMergeError(code: "merge.not-sharded", message: "\(file) is \(whatItIs)", hint: hint)
        }
        self.init(file: file, record: record, items: items)
    }
}

/// The one check that shards form a whole, and the one way their items are put back in order.
public enum ShardMerge {
    /// Checks that the parts are parts 1…N of one run, each once, with the same keys and identity.
    /// - Returns: the parts ordered by K.
    /// - Throws: `ShardMergeError` naming the first problem: a different N, identity or key
    ///   list, a part given twice, or the parts missing (every missing K listed).
    public static func check<Item>(_ parts: [ShardPart<Item>]) throws(ShardMergeError) -> [ShardPart<Item>] {
        guard let first = parts.first else {
            throw ShardMergeError(code: "merge.no-shards", message: "no shard to merge", hint: "pass every shard's file")
        }
        let hint = "merge the outputs of one sharded run: the same command, inputs and machine with --shard 1/N … N/N"
        if let bad = parts.first(where: { $0.record.shard == nil }) {
            throw ShardMergeError(code: "merge.bad-record", message: "\(bad.file) names shard \(bad.record.index)/\(bad.record.count), which is not K/N with 1 ≤ K ≤ N",
                                  hint: "the file was edited or written by another harness version; re-run that shard")
        }
        for part in parts.dropFirst() {
            if part.record.count != first.record.count {
                throw ShardMergeError(code: "merge.different-count", message: "\(part.file) is shard \(part.record.index)/\(part.record.count) but \(first.file) is shard \(first.record.index)/\(first.record.count)", hint: hint)
            }
            for name in Set(first.record.identity.keys).union(part.record.identity.keys).sorted() where part.record.identity[name] != first.record.identity[name] {
                throw ShardMergeError(code: "merge.different-\(name)",
                                      message: "the shards differ in \(name): \(first.file) has \(first.record.identity[name].map { "'\($0)'" } ?? "none") but \(part.file) has \(part.record.identity[name].map { "'\($0)'" } ?? "none")",
                                      hint: hint)
            }
            if part.record.keys != first.record.keys {
                throw ShardMergeError(code: "merge.different-items", message: "\(part.file) and \(first.file) were sharded from different item lists (\(part.record.keys.count) and \(first.record.keys.count) items)", hint: hint)
            }
        }
        var byIndex: [Int: ShardPart<Item>] = [:]
        for part in parts {
            if let earlier = byIndex[part.record.index] {
                throw ShardMergeError(code: "merge.duplicate-shard", message: "shard \(part.record.index)/\(part.record.count) is given twice: \(earlier.file) and \(part.file)", hint: "pass each shard's file once")
            }
            byIndex[part.record.index] = part
        }
        let missing = (1...first.record.count).filter { byIndex[$0] == nil }
        guard missing.isEmpty else {
            throw ShardMergeError(code: "merge.missing-shards",
                                  message: "shard\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(first.record.count)" }.joined(separator: ", ")) \(missing.count == 1 ? "is" : "are") missing (\(parts.count) of \(first.record.count) given)",
                                  hint: "run the missing shard\(missing.count == 1 ? "" : "s") with --shard K/\(first.record.count) and pass every shard's file")
        }
        return (1...first.record.count).map { byIndex[$0]! }
    }

    /// Checks the parts (`check`) and that each holds exactly the items its shard selects, then
    /// returns every item in the unsharded order (the order of the records' keys).
    /// - Throws: `ShardMergeError`; `merge.foreign-items` when a part's items are not its share of the keys.
    public static func interleave<Item>(_ parts: [ShardPart<Item>], key: (Item) -> String) throws(ShardMergeError) -> [Item] {
        let ordered = try check(parts)
        let keys = ordered[0].record.keys
        var slots = [Item?](repeating: nil, count: keys.count)
        for part in ordered {
            let indices = part.record.shard!.selectedIndices(of: keys)
            guard indices.map({ keys[$0] }) == part.items.map(key) else {
                throw ShardMergeError(code: "merge.foreign-items", message: "\(part.file) does not hold exactly the items of shard \(part.record.index)/\(part.record.count) (\(part.items.count) items, \(indices.count) expected)",
                                      hint: "the file was edited or written by another harness version; re-run that shard")
            }
            for (index, item) in zip(indices, part.items) { slots[index] = item }
        }
        return slots.compactMap { $0 }
    }
}
