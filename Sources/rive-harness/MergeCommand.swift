import Conformance
import Differential
import Foundation
import HarnessSupport
import PerformanceData

/// `rive-harness merge`: joins the outputs of a sharded `run`, `diff` or `bench` into the
/// document the unsharded command writes.
struct MergeCommand: HarnessCommand {
    static let name = "merge"
    static let summary = "join the outputs of a sharded run, diff or bench into the unsharded one"
    static let options = OptionTable(command: name, positionals: "FILE...", column: 16, options: [
        OptionSpec("--out", "PATH", help: """
            where to write the merged document, atomically (default:
            standard output); for diff shards a folder, prepared as
            'diff --out' prepares it, that gets diff.json, summary.txt
            and the dumps and difference images the shards wrote
            """),
    ])
    static let help = options.help(about: """
        Merges the shards of ONE sharded run, each FILE one shard's output:
          run    the --out file of 'run --shard K/N --format json' (docs/results-format.md)
          diff   DIR/diff.json of 'diff --shard K/N --out DIR' (docs/diff.md)
          bench  the results file of 'bench --shard K/N' (docs/benchmarks.md)
        The result is the document the same command without --shard writes, byte for byte
        apart from durations and timestamps (docs/results-format.md, "Sharding and merging";
        scripts/compare-merged checks it). It refuses files of different kinds, of different
        corpora or file sets, adapters or adapter versions, runtime commits, testbeds or
        options, unsharded files, a shard given twice and missing shards (naming each K).
        """, footer: """
        exit codes: 0 merged; 2 usage error (no FILE, unknown option); 3 a FILE cannot be read
        or is not a shard's output, or the shards do not make one run (error[merge.…]); 4 the
        merged document could not be written.
        """)

    let files: [String]
    let out: String?

    init(arguments: inout ArgumentList) throws(UsageError) {
        out = try arguments.option("--out")
        guard out != "" else { throw UsageError(message: "--out needs a path, got an empty one", hint: "see 'rive-harness merge --help'") }
        files = try arguments.positionals()
        guard !files.isEmpty else {
            throw UsageError(message: "merge needs the files of a sharded run's shards", hint: "for example 'rive-harness merge shard-1.json shard-2.json shard-3.json --out merged.json'")
        }
    }

    /// What one FILE is.
    enum ShardOutput {
        /// A conformance results document (`run --format json`).
        case run(ResultsDocument)
        /// A diff document (`diff --out DIR`, `DIR/diff.json`).
        case diff(DiffDocument)
        /// A benchmark run file (`bench`).
        case bench(RunFile)

        /// The kind's name, as messages say it.
        var kind: String {
            switch self {
            case .run: "run results"
            case .diff: "diff"
            case .bench: "bench results"
            }
        }
    }

    @MainActor func run() async throws(CommandFailure) -> ExitCode {
        let shards = try files.map { path throws(CommandFailure) in (path, try Self.read(path)) }
        if let other = shards.first(where: { $0.1.kind != shards[0].1.kind }) {
            throw CommandFailure(code: "merge.mixed-kinds", message: "\(shards[0].0) is a shard of \(shards[0].1.kind) but \(other.0) is a shard of \(other.1.kind)",
                                 hint: "merge the shards of one command at a time", exitCode: .badInput)
        }
        switch shards[0].1 {
        case .run:
            let merged = try Self.merging { () throws(ShardMergeError) in
                try ResultsDocument.merge(shards.compactMap { path, shard in
                    if case .run(let document) = shard { return (path, document) }
                    return nil
                })
            }
            try emit(Array(merged.json().utf8), to: out)
        case .diff:
            let parts = shards.compactMap { path, shard -> (file: String, document: DiffDocument)? in
                if case .diff(let document) = shard { return (path, document) }
                return nil
            }
            let merged = try Self.merging { () throws(ShardMergeError) in try DiffDocument.merge(parts) }
            if let out {
                try DiffCommand.prepareOut(out)
                try Self.copyDumps(parts, into: out)
                try DiffCommand.write(merged, to: out)
            } else {
                try emit(Array(merged.json().utf8), to: nil)
            }
        case .bench:
            let merged = try Self.merging { () throws(ShardMergeError) in
                try RunFile.mergeBenchShards(shards.compactMap { _, shard in
                    if case .bench(let file) = shard { return file }
                    return nil
                })
            }
            try emit(merged.json.serialized(), to: out)
        }
        printError("merge: \(shards.count) shard(s) of \(shards[0].1.kind) merged\(out.map { " into \($0)" } ?? "")")
        return .success
    }

    /// The result of one kind's merge, its refusal reported in the one error shape (exit 3).
    private static func merging<T>(_ body: () throws(ShardMergeError) -> T) throws(CommandFailure) -> T {
        do { return try body() } catch { throw CommandFailure(code: error.code, message: error.message, hint: error.hint, exitCode: error.exitCode) }
    }

    /// Writes the merged document to `path` atomically, or to standard output.
    private func emit(_ bytes: [UInt8], to path: String?) throws(CommandFailure) {
        guard let path else {
            FileHandle.standardOutput.write(Data(bytes))
            return
        }
        try writeFileAtomically(bytes, to: path)
    }

    /// Reads one FILE and tells its kind from its content: `schema` `rive-harness.results` or
    /// `rive-harness.diff`, or a `harness` object of kind `bench`.
    /// - Throws: `CommandFailure` (exit 3) for a file that cannot be read or is none of them.
    static func read(_ path: String) throws(CommandFailure) -> ShardOutput {
        if let problem = regularFileProblem(path) { throw CommandFailure(message: "cannot read \(problem)", hint: "pass the files the shards wrote", exitCode: .badInput) }
        let bytes = try readFileBytes(path)
        let json: JSONValue
        do { json = try JSONValue.parse(bytes) } catch {
            throw CommandFailure(code: "merge.unknown-kind", message: "\(path) is not JSON", hint: "pass the JSON files the shards wrote", exitCode: .badInput)
        }
        func decode<T: Decodable>(_ type: T.Type) throws(CommandFailure) -> T {
            do { return try JSONDecoder().decode(type, from: Data(bytes)) } catch {
                throw CommandFailure(code: "merge.unknown-kind", message: "\(path) says it is \(json["schema"]?.stringValue ?? "a document") but does not decode: \(error)",
                                     hint: "the file was edited or written by another harness version; re-run that shard", exitCode: .badInput)
            }
        }
        switch json["schema"]?.stringValue {
        case "rive-harness.results": return .run(try decode(ResultsDocument.self))
        case "rive-harness.diff": return .diff(try decode(DiffDocument.self))
        default: break
        }
        if json["harness"] != nil {
            do {
                let file = try RunFile(json: json, path: path)
                if file.harness.kind == .bench { return .bench(file) }
            } catch {
                throw CommandFailure(reporting: error, exitCode: .badInput)
            }
            throw CommandFailure(code: "merge.unknown-kind", message: "\(path) is a conformance history file, not the results document of 'run --format json'",
                                 hint: "merge the --out files of 'run --shard K/N --format json --out FILE'", exitCode: .badInput)
        }
        throw CommandFailure(code: "merge.unknown-kind", message: "\(path) is neither run results, a diff document nor bench results (fuzz reports are not merged)",
                             hint: "pass the files of 'run --format json --out', 'diff --out DIR' (DIR/diff.json) or 'bench'", exitCode: .badInput)
    }

    /// Copies each shard's dumps and difference images (the files its `diff.json` lists,
    /// beside it) into `out`, so the merged summary's paths lead to them.
    /// - Throws: `CommandFailure`: exit 3 when two shards name the same dump file or a dump is
    ///   missing, exit 4 when one cannot be written.
    static func copyDumps(_ parts: [(file: String, document: DiffDocument)], into out: String) throws(CommandFailure) {
        var sources: [String: String] = [:]
        for part in parts {
            let folder = (part.file as NSString).deletingLastPathComponent
            for file in part.document.files {
                for relative in [file.dumps?.a, file.dumps?.b, file.pixels?.image].compactMap({ $0 }) {
                    let source = (folder as NSString).appendingPathComponent(relative)
                    if let earlier = sources[relative], earlier != source {
                        throw CommandFailure(code: "merge.dump-name-clash", message: "\(earlier) and \(source) would both be \(relative) in \(out)",
                                             hint: "two files with the same name fell into different shards; run that diff unsharded", exitCode: .badInput)
                    }
                    sources[relative] = source
                }
            }
        }
        for (relative, source) in sources.sorted(by: { $0.key < $1.key }) {
            try writeFileAtomically(try readFileBytes(source), to: (out as NSString).appendingPathComponent(relative))
        }
    }
}
