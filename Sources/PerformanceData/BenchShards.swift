import Foundation
import HarnessSupport

extension RunFile {
    /// The top-level key under which a sharded `bench` run file keeps its `ShardRecord`.
    public static let shardKey = "shard"

    /// The shard record of a sharded benchmark run, or `nil` when the file has none or it is not a record.
    public var shardRecord: ShardRecord? {
        get {
            guard let value = otherKeys[Self.shardKey] else { return nil }
            return try? JSONDecoder().decode(ShardRecord.self, from: Data(value.serialized()))
        }
        set {
            // Encoding a record of strings and numbers cannot fail, nor can parsing what JSONEncoder wrote.
            otherKeys[Self.shardKey] = newValue.flatMap { try? JSONEncoder().encode($0) }.flatMap { try? JSONValue.parse([UInt8]($0)) }
        }
    }

    /// The run file the unsharded `bench` run writes, made from the run files of its shards:
    /// every benchmark's repetitions in the unsharded order (adapter by adapter, each in plan
    /// order), with aggregates and family indices recomputed as `RepetitionMerger` makes them;
    /// the first shard's Google Benchmark context, the earliest start time, and no shard record.
    /// - Throws: `ShardMergeError` when the parts are not one run's shards 1…N (`ShardMerge`),
    ///   differ in their harness context other than the start time (`merge.different-run`), or
    ///   hold a row of a benchmark their shard does not select (`merge.foreign-items`).
    public static func mergeBenchShards(_ parts: [RunFile]) throws(ShardMergeError) -> RunFile {
        var shardParts: [ShardPart<BenchmarkRow>] = []
        for part in parts {
            shardParts.append(try ShardPart(file: part.path, record: part.harness.kind == .bench ? part.shardRecord : nil, items: part.rows.filter(\.isIteration),
                                            whatItIs: "not the results file of a sharded benchmark run", hint: "pass the files of 'rive-harness bench --shard K/N'"))
        }
        let ordered = try ShardMerge.check(shardParts)
        var first = parts[0].harness
        for part in parts.dropFirst() {
            var other = part.harness
            other.createdAt = first.createdAt
            guard other == first else {
                throw ShardMergeError(code: "merge.different-run", message: "\(part.path) and \(parts[0].path) differ in their harness context (adapters, metric, corpus, testbed or harness commit)",
                                      hint: "merge the shards of one benchmark run: the same command, files and machine with --shard 1/N … N/N")
            }
        }
        first.createdAt = parts.map(\.harness.createdAt).min() ?? first.createdAt
        let keys = ordered[0].record.keys
        let adapters = first.adapters.map(\.name)
        /// The adapter's position and the benchmark's key of a row: `reference/load/x.riv` is
        /// (reference's index, `load/x.riv`); a name without an adapter (`shim/empty`) is the first adapter's.
        func place(_ row: BenchmarkRow) -> (adapter: Int, key: String) {
            for (index, adapter) in adapters.enumerated() where row.runName.hasPrefix(adapter + "/") {
                return (index, String(row.runName.dropFirst(adapter.count + 1)))
            }
            return (0, row.runName)
        }
        var placed: [(adapter: Int, position: Int, order: Int, row: BenchmarkRow)] = []
        for part in ordered {
            let selected = part.record.shard.map { Set($0.selectedIndices(of: keys)) } ?? []
            var positions: [String: Int] = [:]
            for index in selected.sorted() where positions[keys[index]] == nil { positions[keys[index]] = index }
            for row in part.items {
                let (adapter, key) = place(row)
                guard let position = positions[key] else {
                    throw ShardMergeError(code: "merge.foreign-items", message: "\(part.file) has a row '\(row.name)' that shard \(part.record.index)/\(part.record.count) does not select",
                                          hint: "the file was edited or written by another harness version; re-run that shard")
                }
                placed.append((adapter, position, placed.count, row))
            }
        }
        var merger = RepetitionMerger()
        for entry in placed.sorted(by: { ($0.adapter, $0.position, $0.order) < ($1.adapter, $1.position, $1.order) }) {
            merger.add(row: entry.row.fields, name: entry.row.runName)
        }
        var merged = RunFile(benchmarkContext: parts[0].context, rows: merger.rows, harness: first)
        merged.otherKeys = parts[0].otherKeys
        merged.shardRecord = nil
        return merged
    }
}
