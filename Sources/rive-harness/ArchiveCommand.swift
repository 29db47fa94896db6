import Bisection
import BuildArchive
import Foundation
import HarnessSupport

/// `rive-harness archive`: lists, prunes, fills and exports to a build archive of engine builds.
struct ArchiveCommand: HarnessCommand {
    static let name = "archive"
    static let summary = "list, prune, fill or export to the build archive of engine builds"
    static let options = OptionTable(command: name, positionals: "(list | prune | fill GOOD..BAD | export)", column: 24, sections: [
        OptionSection("every subcommand", [
            OptionSpec("--archive", "A", help: """
                the archive: a folder, or an http(s):// URL prefix (read-only:
                list and fill's imports only); default $RIVE_HARNESS_ARCHIVE
                """),
        ]),
        OptionSection("prune (at least one of --keep, --older-than, --programs)", [
            OptionSpec("--keep", "N", help: """
                keep the N newest runtimes of each variant (features and
                sanitizers), with their programs
                """),
            OptionSpec("--older-than", "DAYS", help: "remove entries added more than DAYS days ago"),
            OptionSpec("--programs", "HASH", help: """
                remove programs whose hash is not HASH (older program sources);
                runtimes stay
                """),
            OptionSpec("--dry-run", help: "print what would be removed and change nothing"),
        ]),
        OptionSection("fill", [
            OptionSpec("--git-dir", "DIR", help: """
                the rive-runtime git directory whose first-parent commits of
                GOOD..BAD are built (default $RIVE_RUNTIME_GIT_DIR, else the
                clone scripts/build-rive-cpp keeps in the cache)
                """),
            OptionSpec("--jobs", "N", help: "commits built at once (default 1)"),
            OptionSpec("--build-script", "PATH", help: "the build script (default scripts/build-rive-cpp)"),
            OptionSpec("--build-args", "='ARGS'", help: """
                extra arguments for the build script, split at spaces, for
                example --build-args='--sanitize address'
                """),
        ]),
        OptionSection("export", [
            OptionSpec("--cache-dir", "DIR", help: """
                the build cache whose finished rive-cpp builds are added
                (default $RIVE_HARNESS_CACHE, else ~/.cache/rive-harness)
                """),
        ]),
    ])
    static let help = options.help(about: """
        The build archive (docs/build-archive.md) keeps finished engine builds in two parts: the
        runtime (named by its commit, engine features, sanitizers, compiler and compile flags)
        and our programs built against it (named by that and the hash of their sources), so
        that bisect and the nightly import a build instead of compiling it, or import the
        runtime and compile only our programs when these have changed.
          list     print the entries, oldest first, and their total size
          prune    remove entries from a folder archive (index first, then files)
          fill     build every first-parent commit of GOOD..BAD with the build script and
                   --archive A, so a later bisect over the range imports them all
          export   add the finished builds of the local cache that the archive lacks
        scripts/build-rive-cpp and scripts/build-rive-ios --archive A (or $RIVE_HARNESS_ARCHIVE)
        import and export by themselves (build-rive-ios: the Swift layer's module and the Apple
        adapter program, parts apple-module and apple-adapter); these commands manage the
        archive around them.
        """, footer: """
        exit codes: 0 done; 1 fill or export: some commit did not build or export (each is
        named); 2 usage error; 3 the archive, range or cache cannot be read, or a URL archive
        was asked to change; 4 the index cannot be rewritten.
        """)

    /// The subcommand and its settings.
    enum Action {
        /// Print the entries.
        case list
        /// Remove entries.
        case prune(PrunePolicy, dryRun: Bool)
        /// Build a range into the archive.
        case fill(range: String, gitDirectory: String?, jobs: Int, buildScript: String, buildArguments: [String])
        /// Add the cache's builds.
        case export(cacheDirectory: String?)
    }

    let archive: BuildArchive
    let action: Action

    init(arguments: inout ArgumentList) throws(UsageError) {
        let hint = "see 'rive-harness archive --help'"
        let archiveText = try arguments.option("--archive") ?? ProcessInfo.processInfo.environment[BuildArchive.environmentVariable]
        let keepText = try arguments.option("--keep")
        let olderText = try arguments.option("--older-than")
        let programs = try arguments.option("--programs")
        let dryRun = arguments.flag("--dry-run")
        let gitDirectory = try arguments.option("--git-dir")
        let jobsText = try arguments.option("--jobs")
        let buildScript = try arguments.option("--build-script")
        let buildArgumentsText = try arguments.option("--build-args")
        let cacheDirectory = try arguments.option("--cache-dir")
        let positionals = try arguments.positionals()
        guard let archiveText, !archiveText.isEmpty else {
            throw UsageError(message: "archive needs --archive A (a folder or an http(s):// URL prefix) or $\(BuildArchive.environmentVariable)", hint: hint)
        }
        archive = BuildArchive(archiveText)
        guard let subcommand = positionals.first else { throw UsageError(message: "archive needs a subcommand: list, prune, fill or export", hint: hint) }
        let pruneOnly = keepText != nil || olderText != nil || programs != nil || dryRun
        let fillOnly = gitDirectory != nil || jobsText != nil || buildScript != nil || buildArgumentsText != nil
        if subcommand != "prune", pruneOnly { throw UsageError(message: "--keep, --older-than, --programs and --dry-run belong to prune", hint: hint) }
        if subcommand != "fill", fillOnly { throw UsageError(message: "--git-dir, --jobs, --build-script and --build-args belong to fill", hint: hint) }
        if subcommand != "export", cacheDirectory != nil { throw UsageError(message: "--cache-dir belongs to export", hint: hint) }
        let expectedPositionals = subcommand == "fill" ? 2 : 1
        guard positionals.count == expectedPositionals else {
            throw UsageError(message: subcommand == "fill" ? "archive fill needs one range GOOD..BAD" : "unexpected argument '\(positionals.last ?? "")' after \(subcommand)",
                             hint: hint)
        }
        switch subcommand {
        case "list":
            action = .list
        case "prune":
            var policy = PrunePolicy(programsHash: programs)
            if let keepText {
                guard let keep = Int(keepText), keep >= 0 else { throw UsageError(message: "--keep needs a whole number, got '\(keepText)'", hint: hint) }
                policy.keepPerVariant = keep
            }
            if let olderText {
                guard let days = Double(olderText), days >= 0 else { throw UsageError(message: "--older-than needs a number of days, got '\(olderText)'", hint: hint) }
                policy.addedBefore = Self.isoTime(Date().addingTimeInterval(-days * 86_400))
            }
            guard keepText != nil || olderText != nil || programs != nil else {
                throw UsageError(message: "archive prune needs --keep N, --older-than DAYS or --programs HASH", hint: hint)
            }
            action = .prune(policy, dryRun: dryRun)
        case "fill":
            let jobs = Int(jobsText ?? "1") ?? 0
            guard jobs >= 1, jobs <= 16 else { throw UsageError(message: "--jobs needs a whole number from 1 to 16, got '\(jobsText ?? "")'", hint: hint) }
            action = .fill(range: positionals[1], gitDirectory: gitDirectory, jobs: jobs, buildScript: buildScript ?? "scripts/build-rive-cpp",
                           buildArguments: (buildArgumentsText ?? "").split(separator: " ").map(String.init))
        case "export":
            action = .export(cacheDirectory: cacheDirectory)
        default:
            throw UsageError(message: "unknown archive subcommand '\(subcommand)'", hint: "use list, prune, fill or export")
        }
    }

    @MainActor func run() async throws(CommandFailure) -> ExitCode {
        switch action {
        case .list: return try list()
        case .prune(let policy, let dryRun): return try prune(policy, dryRun: dryRun)
        case .fill(let range, let gitDirectory, let jobs, let buildScript, let buildArguments):
            // Builds run in process groups of their own: Ctrl-C stops them here.
            Subprocess.stopChildrenOnInterrupt(command: "rive-harness archive fill")
            return try await fill(range: range, gitDirectory: gitDirectory, jobs: jobs, buildScript: buildScript, buildArguments: buildArguments)
        case .export(let cacheDirectory): return try export(cacheDirectory: cacheDirectory)
        }
    }

    /// Prints one line per entry and a total.
    private func list() throws(CommandFailure) -> ExitCode {
        let index = try Self.failing { () throws(BuildArchiveError) in try archive.index() }
        for entry in index.entries.sorted(by: { $0.added < $1.added }) {
            let hashes: [String]
            switch entry.part {
            case .appleModule: hashes = ["c" + entry.compilerHash, "m" + entry.programsHash]
            case .appleAdapter: hashes = ["c" + entry.compilerHash, "a" + entry.programsHash]
            case .runtime, .programs, .whole:
                hashes = ["c" + entry.compilerHash] + (entry.runtimeFlagsHash.isEmpty ? [] : ["f" + entry.runtimeFlagsHash])
                    + (entry.programsHash.isEmpty ? [] : ["p" + entry.programsHash])
            }
            print(([String(entry.commit.prefix(10)), entry.variant, entry.part.rawValue] + hashes + [Self.megabytes(entry.bytes), entry.added])
                .joined(separator: "  "))
        }
        let unreadable = index.unreadableLines > 0 ? "; \(index.unreadableLines) unreadable index line(s) ignored" : ""
        print("\(index.entries.count) entries, \(Self.megabytes(index.bytes)) in \(archive.description)\(unreadable)")
        return .success
    }

    /// Removes the entries the policy selects and says which.
    private func prune(_ policy: PrunePolicy, dryRun: Bool) throws(CommandFailure) -> ExitCode {
        let removed = try Self.failing { () throws(BuildArchiveError) in try archive.prune(policy, dryRun: dryRun) }
        for entry in removed { print("\(dryRun ? "would remove" : "removed") \(entry.name)") }
        print("\(dryRun ? "would remove" : "removed") \(removed.count) entries, \(Self.megabytes(removed.reduce(0) { $0 + $1.bytes }))")
        return .success
    }

    /// Builds the range's commits into the archive, `jobs` at once, and says what each gave.
    @MainActor private func fill(range: String, gitDirectory: String?, jobs: Int, buildScript: String, buildArguments: [String])
        async throws(CommandFailure) -> ExitCode
    {
        if case .url = archive.location {
            throw CommandFailure(code: "archive.read-only", message: "\(archive.description) is a URL prefix; fill needs an archive folder to add to",
                                 hint: "fill the folder that is served there", exitCode: .badInput)
        }
        let locator = CachedProgramLocator(.riveCppDriver, gitDirectory: gitDirectory)
        guard let directory = locator.gitDirectory else {
            throw CommandFailure(code: "archive.no-git-directory", message: "no rive-runtime git directory to list \(range) in",
                                 hint: "pass --git-dir DIR, set RIVE_RUNTIME_GIT_DIR, or run scripts/build-rive-cpp once (it clones rive-runtime into the cache)",
                                 exitCode: .badInput)
        }
        let commits: [BisectCandidate]
        do { commits = try BisectSource.candidates(gitDirectory: directory, range: range) } catch {
            throw CommandFailure(reportText: error.message, exitCode: .badInput)
        }
        do { try FileManager.default.createDirectory(atPath: archive.description, withIntermediateDirectories: true) } catch {
            throw CommandFailure(code: "archive.cannot-write", message: "cannot create the archive folder \(archive.description): \(error.localizedDescription)",
                                 hint: "check the path and its permissions", exitCode: .badInput)
        }
        printError("archive fill: \(commits.count) commits of \(range), \(jobs) at once, into \(archive.description)")
        let reports = FileManager.default.temporaryDirectory.appendingPathComponent("rive-harness-archive-fill-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: reports) }
        let archivePath = archive.description
        var failed: [String] = []
        await withTaskGroup(of: (BisectCandidate, String).self) { group in
            var next = 0
            func start() {
                guard next < commits.count else { return }
                let commit = commits[next]
                next += 1
                group.addTask {
                    let report = reports.appendingPathComponent(commit.payload).path
                    let log = reports.appendingPathComponent(commit.payload + ".log").path
                    let arguments = ["--git-dir", directory, "--commit", commit.payload, "--archive", archivePath, "--report", report] + buildArguments
                    do throws(SubprocessError) {
                        let outcome = try await Subprocess.runInBackground(buildScript, arguments, standardErrorFile: log)
                        let text = FileManager.default.contents(atPath: report).map { String(decoding: $0, as: UTF8.self) } ?? ""
                        guard outcome.status == 0, let parsed = BuildReport(parsing: text) else {
                            return (commit, String(format: "FAILED (status %d, %.0f s): %@", outcome.status, outcome.seconds, outcome.errorTail(lines: 2)))
                        }
                        let state = parsed.exported ? "exported" : (parsed.runtime == .imported ? "already archived" : "archived before")
                        return (commit, String(format: "%@, %@ (%.0f s)", parsed.summary, state, outcome.seconds))
                    } catch {
                        return (commit, "FAILED: \(error.message)")
                    }
                }
            }
            for _ in 0..<jobs { start() }
            for await (commit, line) in group {
                printError("  \(commit.label) \(commit.subject.prefix(60)): \(line)")
                if line.hasPrefix("FAILED") { failed.append(commit.label) }
                start()
            }
        }
        printError("archive fill: \(commits.count - failed.count) of \(commits.count) commits in the archive" + (failed.isEmpty ? "" : "; not built: \(failed.joined(separator: ", "))"))
        return failed.isEmpty ? .success : .failuresFound
    }

    /// Adds the cache's finished rive-cpp builds with `build-archive put`, beside the default build script.
    private func export(cacheDirectory: String?) throws(CommandFailure) -> ExitCode {
        if case .url = archive.location {
            throw CommandFailure(code: "archive.read-only", message: "\(archive.description) is a URL prefix; export needs an archive folder",
                                 hint: "export to the folder that is served there", exitCode: .badInput)
        }
        let locator = CachedProgramLocator(.riveCppDriver, cacheRoot: cacheDirectory)
        let folder = locator.cacheRoot + "/" + CachedProgram.riveCppDriver.cacheFolder
        let keys = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        guard !keys.isEmpty else {
            throw CommandFailure(code: "archive.empty-cache", message: "no rive-cpp builds in \(folder)", hint: "build one with scripts/build-rive-cpp, or pass --cache-dir",
                                 exitCode: .badInput)
        }
        let outcome: Subprocess.Outcome
        do { outcome = try Subprocess.run("scripts/build-archive", ["put", archive.description] + keys.map { folder + "/" + $0 }) } catch {
            throw CommandFailure(message: error.message, hint: "run from a RiveHarness checkout (scripts/build-archive)", exitCode: .badInput)
        }
        print(outcome.standardOutput, terminator: "")
        if !outcome.standardError.isEmpty { printError(outcome.standardError.trimmingCharacters(in: .newlines)) }
        return outcome.status == 0 ? .success : .failuresFound
    }

    /// Runs an archive operation, its error reported in the one error shape.
    private static func failing<T>(_ body: () throws(BuildArchiveError) -> T) throws(CommandFailure) -> T {
        do { return try body() } catch { throw CommandFailure(code: error.code, message: error.message, hint: error.hint, exitCode: error.exitCode) }
    }

    /// A size in megabytes with one decimal.
    private static func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }

    /// `2026-12-05T07:09:48Z`, the index's time format.
    static func isoTime(_ date: Date) -> String {
        let format = ISO8601DateFormatter()
        format.formatOptions = [.withInternetDateTime]
        return format.string(from: date)
    }
}
