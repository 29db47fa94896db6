import AdapterProtocol
import Differential
import Foundation
import HarnessSupport
import PerformanceData
import RuntimeAPI

/// `rive-harness diff`: dumps `.riv` files through two adapters and compares the dumps.
struct DiffCommand: HarnessCommand {
    static let name = "diff"
    static let summary = "compare two adapters on any .riv files (differential testing, no scenario needed)"
    static let options = OptionTable(command: name, positionals: "FILE.riv|FOLDER...", column: 21, options: [
        OptionSpec("--adapters", "A,B", synopsis: "--adapters A,B", help: """
            the two adapters to compare (names as for 'run --adapter'; the
            same name twice compares an adapter with itself)
            """),
        OptionSpec("--frames", "N", help: "the play's last frame, 0…100000 (default 120)"),
        OptionSpec("--at", "LIST", help: """
            frames whose draw commands and pixels are dumped,
            comma-separated, each in 0…N (default 0,1,60,120, limited to N)
            """),
        OptionSpec("--sections", "LIST", help: """
            the sections to dump and compare, comma-separated (default:
            artboards,viewModels,instances,frames,boundValues,draws;
            pixels only when named)
            """),
        OptionSpec("--pixel-tolerance", "N", help: """
            pixels: the largest difference, 0…255, of a premultiplied
            channel of a pixel that matches (default 16)
            """),
        OptionSpec("--min-similarity", "F", help: """
            pixels: the share of matching pixels, 0…1, each frame needs
            for the section to be equal (default 0.99)
            """),
        OptionSpec("--out", "DIR", help: """
            write both dumps as DIR/a-A/FILE.dump and DIR/b-B/FILE.dump, the
            report as DIR/summary.txt and its data as DIR/diff.json, and
            with pixels the worst frame of each file whose pixels differ
            as DIR/pixels/FILE-frame-N.png (A, B, difference; atomically)
            """),
        OptionSpec("--shard", "K/N", help: """
            compare part K of N of the files (by position in path order);
            'rive-harness merge' joins the parts' diff.json files
            """),
        OptionSpec("--timeout", "SECONDS", help: """
            how long one adapter may take for one file (default 60, at most
            86400); a side that times out or crashes is FAIL for that file
            and gets a fresh adapter instance for the next file
            """),
        OptionSpec(group: "adapter options", names: AdapterSelection.optionNames, hidden: true, help: nil),
    ])
    static let help = options.help(about: """
        Loads each file with adapter A and adapter B and prints, through the runtime API only,
        the same canonical line-based dump for both (docs/diff.md): artboards, view models,
        the blank and default instances' values, then a play of the default artboard, state
        machine and default instance (frame 0 advances by 0, each later frame by 1/60 s):
        frame reports, the bound instance's values, and draw commands at chosen frames.
        An artboard without state machines plays its first linear animation when both
        adapters declare animationPlayback (the legacy play); a later artboard with an earlier
        one's name is printed unreachable by name. Numbers are rounded to 4 decimal places.
        Reports the first differing line of each section, then a table of files × sections
        (= equal, DIFF differ, refused both sides refused the file with the same code, n/c
        not comparable: a side lacks what the section needs, FAIL one side failed). What only
        one side declares is dumped as not comparable on both; a section that depends on a
        content feature the file uses (text shaping, layout, scripting, images) which only one
        side declares is not comparable with the reason, e.g. 'not comparable (reference: no
        text shaping)'. A FOLDER stands for the .riv files under it, in path order.

        The pixels section (named in --sections) rasterizes the view at the --at frames on
        both sides (both must declare pixels) and compares the frames, not lines: a pixel
        matches when each premultiplied channel (R, G, B, A, 0…255) differs by at most
        --pixel-tolerance; a frame's similarity is the share of matching pixels (1: all);
        a file's is its lowest frame's, shown in the table ('= 0.9990', 'DIFF 0.9523'), and
        the summary gives their distribution. The tolerance absorbs anti-aliasing; feathered
        (soft) edges and glows differ more (docs/rive-renderer.md, "The pixel oracle"). To
        compare cairo with the Rive Renderer: --adapters rive-cpp,rive-cpp
        --runtime-renderer cairo,vulkan --sections pixels.
        """, footer: """
        Adapter options are passed to each side whose adapter takes them, as 'run' takes
        them: process takes --command 'CMD ARGS' and --adapter-name NAME, rive-cpp takes
        --runtime-commit REV, --runtime-features LIST, --runtime-sanitize LIST and
        --runtime-renderer cairo|vulkan (or one entry per side, 'cairo,vulkan'; empty
        for an adapter that takes none), apple
        takes --ios-commit REV, and all three take --request-timeout S and
        --handshake-timeout S; an option no chosen adapter takes is a usage error. Progress
        goes to stderr, one line per file.

        exit codes: 0 every section of every file is equal, both refused or not comparable; 1
        a section differs or a side failed; 2 usage error (unknown adapter or section, bad number, an adapter option no
        chosen adapter takes); 3 a file or folder is missing or unreadable, no .riv file was
        given, or a process adapter failed its first handshake (or the rive-cpp driver or the
        apple adapter program is not built); 4 a dump could not be written.
        """)


    let paths: [String]
    let dumpOptions: DumpOptions
    let outDirectory: String?
    let timeoutSeconds: Double
    /// This run's part of the files, when sharded.
    let shard: Shard?
    /// The two adapters and their options.
    let selection: AdapterSelection

    init(arguments: inout ArgumentList) throws(UsageError) {
        let hint = "see 'rive-harness diff --help'"
        guard let adaptersText = try arguments.option("--adapters") else {
            throw UsageError(message: "diff needs --adapters A,B", hint: "for example 'rive-harness diff FILE.riv --adapters reference,reference'")
        }
        let names = adaptersText.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard names.count == 2, !names[0].isEmpty, !names[1].isEmpty else {
            throw UsageError(message: "--adapters needs exactly two adapter names separated by a comma, got '\(adaptersText)'", hint: hint)
        }
        let framesText = try arguments.option("--frames") ?? "120"
        guard let frames = Int(framesText), (0...100_000).contains(frames) else {
            throw UsageError(message: "--frames needs a whole number from 0 to 100000, got '\(framesText)'", hint: hint)
        }
        var drawFrames = [0, 1, 60, 120].filter { $0 <= frames }
        if let atText = try arguments.option("--at") {
            let parsed = atText.split(separator: ",", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard !parsed.isEmpty, parsed.allSatisfy({ $0 != nil && (0...frames).contains($0!) }) else {
                throw UsageError(message: "--at needs comma-separated frame numbers from 0 to \(frames) (the --frames value), got '\(atText)'", hint: hint)
            }
            drawFrames = Array(Set(parsed.compactMap { $0 })).sorted()
        }
        var sections = DumpSection.defaultSections
        if let sectionsText = try arguments.option("--sections") {
            switch DumpSection.parseList(sectionsText) {
            case .success(let parsed): sections = parsed
            case .failure(let unknown):
                let suggestion = DumpSection.allCases.map(\.rawValue).closestMatch(to: unknown.name).map { "did you mean \($0)? " } ?? ""
                throw UsageError(message: "unknown section '\(unknown.name)' in --sections", hint: "\(suggestion)sections: " + DumpSection.allCases.map(\.rawValue).joined(separator: ", "))
            }
        }
        var dumpOptions = DumpOptions(frames: frames, drawFrames: drawFrames, sections: sections)
        if let text = try arguments.option("--pixel-tolerance") {
            guard let tolerance = Int(text), (0...255).contains(tolerance) else {
                throw UsageError(message: "--pixel-tolerance needs a whole number from 0 to 255, got '\(text)'", hint: hint)
            }
            dumpOptions.pixelTolerance = tolerance
        }
        if let text = try arguments.option("--min-similarity") {
            guard let similarity = Double(text), (0...1).contains(similarity) else {
                throw UsageError(message: "--min-similarity needs a number from 0 to 1, got '\(text)'", hint: hint)
            }
            dumpOptions.minimumSimilarity = similarity
        }
        self.dumpOptions = dumpOptions
        outDirectory = try arguments.option("--out")
        guard outDirectory != "" else { throw UsageError(message: "--out needs a folder path, got an empty one", hint: hint) }
        let timeoutText = try arguments.option("--timeout") ?? "60"
        guard let timeout = Double(timeoutText), timeout > 0, timeout <= 86_400 else {
            throw UsageError(message: "--timeout needs a positive number of seconds up to 86400 (one day), got '\(timeoutText)'", hint: hint)
        }
        timeoutSeconds = timeout
        shard = try arguments.option("--shard").map { text throws(UsageError) in
            guard let shard = Shard(text) else { throw UsageError(message: Shard.usageMessage(text), hint: hint) }
            return shard
        }
        selection = try AdapterSelection(names: names, arguments: &arguments, command: Self.name, single: false)
        paths = try arguments.positionals()
        guard !paths.isEmpty else {
            throw UsageError(message: "diff needs at least one .riv file or folder", hint: "run 'rive-harness diff FILE.riv --adapters A,B'")
        }
    }

    @MainActor func run() async throws(CommandFailure) -> ExitCode {
        let makeA = try selection.factory(at: 0)
        let makeB = try selection.factory(at: 1)
        let allFiles = try Self.expand(paths)
        let files = shard.map { $0.partition(allFiles) { $0 } } ?? allFiles
        let labels = (a: "a-" + selection.label(at: 0), b: "b-" + selection.label(at: 1))
        if let outDirectory { try Self.prepareOut(outDirectory) }
        let runner = DifferentialRunner(a: .init(label: labels.a, makeAdapter: makeA), b: .init(label: labels.b, makeAdapter: makeB),
                                        options: dumpOptions, timeoutSeconds: timeoutSeconds, outDirectory: outDirectory)
        let adapters = runner.currentAdapters
        let sides = [DiffDocument.Side(label: labels.a, adapter: adapters[0].name, version: adapters[0].version),
                     DiffDocument.Side(label: labels.b, adapter: adapters[1].name, version: adapters[1].version)]
        let shardRecord = try shard.map { shard throws(CommandFailure) in
            ShardRecord(shard: shard, keys: allFiles, identity: [
                "corpus": try Self.fileSetHash(allFiles),
                "adapters": sides.map { "\($0.label): \($0.adapter) \($0.version)" }.joined(separator: "; "),
                "runtime-commits": adapters.map { ($0 as? ProcessAdapter)?.identity.runtimeCommit ?? "none" }.joined(separator: "; "),
                "testbed": BuildIdentity.testbed().fingerprint,
                "options": "frames \(dumpOptions.frames), draws at \(dumpOptions.drawFrames.map(String.init).joined(separator: ",")), sections \(dumpOptions.sections.map(\.rawValue).joined(separator: ","))"
                    + (dumpOptions.sections.contains(.pixels) ? ", pixel tolerance \(dumpOptions.pixelTolerance), min similarity \(dumpOptions.minimumSimilarity)" : ""),
            ])
        }
        print(DiffReport.header(labels: [labels.a, labels.b], fileCount: files.count, frames: dumpOptions.frames, drawFrames: dumpOptions.drawFrames))
        var records: [DiffDocument.File] = []
        for (index, path) in files.enumerated() {
            let bytes = try readFileBytes(path)
            let result: DifferentialRunner.FileResult
            do { result = try await runner.compare(path: path, bytes: bytes) } catch {
                throw CommandFailure(message: "cannot write a dump '\(error.path)': \(error.reason)", hint: "check that --out is a writable folder",
                                     exitCode: .internalError)
            }
            let verdict = result.isBothRefused ? "both refused" : result.isEqual ? "equal"
                : "DIFFERENT (" + result.sections.filter { !$0.status.isAgreement }.map { "\($0.section.rawValue) \($0.status.rawValue)" }.joined(separator: ", ") + ")"
            printError("[\(index + 1)/\(files.count)] \(path): \(verdict) (\(labels.a) \(String(format: "%.3f", result.seconds.a)) s, \(labels.b) \(String(format: "%.3f", result.seconds.b)) s)")
            let record = DiffDocument.File(result, labels: labels)
            DiffReport.lines(record, outDirectory: outDirectory).forEach { print($0) }
            records.append(record)
        }
        let document = DiffDocument(sides: sides, options: dumpOptions, files: records, shard: shardRecord)
        DiffReport.summary(records, sections: dumpOptions.sections, minimumSimilarity: dumpOptions.minimumSimilarity).forEach { print($0) }
        if let outDirectory { try Self.write(document, to: outDirectory) }
        return records.allSatisfy(\.isEqual) ? .success : .failuresFound
    }

    /// Writes `DIR/diff.json` and `DIR/summary.txt` (the report, `DiffReport.text`), each atomically.
    /// - Throws: `CommandFailure` (exit 4) when one cannot be written.
    static func write(_ document: DiffDocument, to directory: String) throws(CommandFailure) {
        try writeFileAtomically(Array(document.json().utf8), to: (directory as NSString).appendingPathComponent("diff.json"))
        try writeFileAtomically(Array(DiffReport.text(document, outDirectory: directory).utf8), to: (directory as NSString).appendingPathComponent("summary.txt"))
    }

    /// The identity of a set of files for `merge`: FNV-1a 64 over each file's path and bytes, in order.
    /// - Throws: `CommandFailure` (exit 3) when a file cannot be read.
    static func fileSetHash(_ files: [String]) throws(CommandFailure) -> String {
        var hash = FNV1a64()
        for path in files {
            hash.combine(Array(path.utf8) + [0])
            hash.combine(try readFileBytes(path))
        }
        return "fnv1a64:" + hash.hexDigest
    }

    /// The `.riv` files the positionals name: a file as given, a folder's `.riv` files
    /// (recursively) in path order. Every file is checked before anything runs: it must be
    /// (or link to) a regular file that can be read; a dangling or looping link, a FIFO or a
    /// device named `*.riv` is reported with every other such path at once.
    /// - Throws: `CommandFailure` with exit code 3 for missing or unreadable paths, or when no `.riv` file remains.
    static func expand(_ paths: [String]) throws(CommandFailure) -> [String] {
        var files: [String] = []
        var problems: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                problems.append(regularFileProblem(path) ?? "'\(path)': no such file or folder")
                continue
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            guard let enumerator = FileManager.default.enumerator(atPath: path) else {
                problems.append("'\(path)': the folder cannot be listed (check its permissions)")
                continue
            }
            var found: [String] = []
            while let relative = enumerator.nextObject() as? String {
                if relative.lowercased().hasSuffix(".riv") { found.append((path as NSString).appendingPathComponent(relative)) }
            }
            files += found.sorted()
        }
        problems += files.compactMap(regularFileProblem)
        guard problems.isEmpty else {
            throw CommandFailure(message: "cannot read \(problems.count) path(s); nothing was compared:\n" + problems.map { "  \($0)" }.joined(separator: "\n"),
                                 hint: "remove or fix these entries, or pass the files to compare one by one", exitCode: .badInput)
        }
        guard !files.isEmpty else {
            throw CommandFailure(message: "no .riv file in \(paths.joined(separator: ", "))", hint: "pass .riv files or folders that hold some", exitCode: .badInput)
        }
        return files
    }

    /// Makes `--out` ready for this run's dumps: creates it, or, when it exists, removes what
    /// an earlier diff wrote there (`summary.txt`, `diff.json`, the `a-*`/`b-*` folders of `.dump` files
    /// and the `pixels` folder of `.png` files),
    /// so no stale dump survives. A folder that holds anything else is refused.
    /// - Throws: `CommandFailure` with exit code 4 when `--out` is a file, holds files the
    ///   harness did not write, or cannot be created or written.
    static func prepareOut(_ directory: String) throws(CommandFailure) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw CommandFailure(message: "--out '\(directory)' is a file, not a folder", hint: "choose a new folder or one an earlier diff wrote", exitCode: .internalError)
            }
            let entries = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
            let foreign = entries.filter { !isOwnedOutEntry(directory, $0) }
            guard foreign.isEmpty else {
                throw CommandFailure(message: "--out '\(directory)' holds files diff did not write: "
                                         + foreign.prefix(5).joined(separator: ", ") + (foreign.count > 5 ? ", …" : ""),
                                     hint: "choose a new or empty folder, or one an earlier diff wrote (its dumps are replaced)", exitCode: .internalError)
            }
            for entry in entries {
                let path = (directory as NSString).appendingPathComponent(entry)
                do { try FileManager.default.removeItem(atPath: path) } catch {
                    throw CommandFailure(message: "cannot remove the earlier dump '\(path)': \(String(cString: strerror(errno)))", hint: "check the folder's permissions", exitCode: .internalError)
                }
            }
        }
        if let reason = AtomicFile.probeFolder(directory) {
            throw CommandFailure(message: "cannot write dumps to --out '\(directory)': \(reason)", hint: "choose a writable folder", exitCode: .internalError)
        }
    }

    /// Whether an entry of `--out` is one diff writes: `summary.txt`, `diff.json`, an `a-NAME`/`b-NAME`
    /// folder holding only `.dump` files and folders of them, or the `pixels` folder holding only `.png` files.
    private static func isOwnedOutEntry(_ directory: String, _ entry: String) -> Bool {
        let path = (directory as NSString).appendingPathComponent(entry)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return false }
        if entry == "summary.txt" || entry == "diff.json" { return !isDirectory.boolValue }
        let suffix = entry == DifferentialRunner.differenceImageFolder ? ".png" : ".dump"
        guard isDirectory.boolValue, entry.hasPrefix("a-") || entry.hasPrefix("b-") || suffix == ".png",
              let enumerator = FileManager.default.enumerator(atPath: path) else { return false }
        while let relative = enumerator.nextObject() as? String {
            let inner = (path as NSString).appendingPathComponent(relative)
            guard FileManager.default.fileExists(atPath: inner, isDirectory: &isDirectory) else { return false }
            if !isDirectory.boolValue, !relative.hasSuffix(suffix) { return false }
        }
        return true
    }
}
