import BuildArchive
import Foundation
import HarnessSupport
import HarnessTestSupport
import Testing

/// The build archive's index, prune policy and folder pruning, and the build scripts' side of
/// it (scripts/lib/build-archive.bash): packing a build folder, unpacking it from a folder or
/// over HTTP with its sha256 checked. No engine build is needed: the build folders are made up.
struct BuildArchiveTests {
    static func entry(_ name: String, part: ArchiveEntry.Part = .whole, commit: String = String(repeating: "a", count: 40), features: [String] = ["text"],
                      sanitizers: [String] = [], programs: String = "p1", added: String) -> ArchiveEntry {
        ArchiveEntry(name: name, part: part, commit: commit, features: features, sanitizers: sanitizers, programsHash: part == .runtime ? "" : programs,
                     compilerHash: "c1", compiler: "clang version 21", runtimeFlagsHash: part == .whole ? "" : "f1", bytes: 1000,
                     sha256: String(repeating: "0", count: 64), added: added)
    }

    @Test func indexLinesOfRuntimeAndProgramsPartsAndOfWholeBuildsReadBack() throws {
        let sum = String(repeating: "5", count: 64)
        let runtime = "K--cc1--ff1"
        let lines = [
            "\(runtime)\tC\ttext,audio\tnone\tnone\tc1\tclang 21\t10\t\(sum)\t2026-01-01T00:00:00Z\truntime\tf1",
            "\(runtime)--pp1\tC\ttext,audio\tnone\tp1\tc1\tclang 21\t20\t\(sum)\t2026-01-01T00:00:01Z\tprograms\tf1",
            "K--pp0--cc1\tC\ttext,audio\tnone\tp0\tc1\tclang 21\t30\t\(sum)\t2025-01-01T00:00:00Z",
            "K--pp2--cc1\tC\ttext\tnone\tp2\tc1\tclang 21\t30\t\(sum)\t2025-01-01T00:00:00Z\twhole\tf1",
            "K--pp3--cc1\tC\ttext\tnone\tp3\tc1\tclang 21\t30\t\(sum)\t2025-01-01T00:00:00Z\tprograms",
        ]
        let index = ArchiveIndex(parsing: lines.joined(separator: "\n"))
        #expect(index.entries.map(\.part) == [.runtime, .programs, .whole])
        #expect(index.unreadableLines == 2, "a twelve-field line naming 'whole', and eleven fields, are not entries")
        let (first, second, third) = (index.entries[0], index.entries[1], index.entries[2])
        #expect(first.programsHash.isEmpty && first.runtimeFlagsHash == "f1" && first.baseEntry == nil)
        #expect(second.programsHash == "p1" && second.baseEntry == runtime)
        #expect(third.programsHash == "p0" && third.runtimeFlagsHash.isEmpty && third.baseEntry == nil)
        #expect(index.entries.map(\.indexLine) == Array(lines.prefix(3)))
    }

    @Test func pruneTakesProgramsWithTheirRuntimeAndKeepsRuntimesForOtherPrograms() {
        let index = ArchiveIndex(entries: [
            Self.entry("old--cc1--ff1", part: .runtime, added: "2026-01-01T00:00:00Z"),
            Self.entry("old--cc1--ff1--pp1", part: .programs, added: "2026-01-05T00:00:00Z"),
            Self.entry("new--cc1--ff1", part: .runtime, added: "2026-01-03T00:00:00Z"),
            Self.entry("new--cc1--ff1--pp1", part: .programs, added: "2026-01-03T00:00:00Z"),
            Self.entry("new--cc1--ff1--pp2", part: .programs, programs: "p2", added: "2026-01-04T00:00:00Z"),
            Self.entry("whole--pp1--cc1", added: "2026-01-02T00:00:00Z"),
        ])
        #expect(PrunePolicy(keepPerVariant: 1).removals(from: index).map(\.name) == ["old--cc1--ff1", "old--cc1--ff1--pp1", "whole--pp1--cc1"],
                "programs do not count as runtimes, and go with theirs")
        #expect(PrunePolicy(keepPerVariant: 2).removals(from: index).map(\.name) == ["old--cc1--ff1", "old--cc1--ff1--pp1"])
        #expect(PrunePolicy(programsHash: "p2").removals(from: index).map(\.name) == ["old--cc1--ff1--pp1", "new--cc1--ff1--pp1", "whole--pp1--cc1"],
                "runtime parts stay for later programs")
        #expect(PrunePolicy(addedBefore: "2026-01-02T00:00:00Z").removals(from: index).map(\.name) == ["old--cc1--ff1", "old--cc1--ff1--pp1"],
                "newer programs of an older runtime go with it")
    }

    @Test func appleModuleAndAdapterPartsReadBackAndPruneTogether() {
        let sum = String(repeating: "5", count: 64)
        let module = "rive-ios-I--cs1--mm1"
        let lines = [
            "\(module)\tI\tnone\tnone\tm1\ts1\tSwift version 6\t10\t\(sum)\t2026-01-01T00:00:00Z\tapple-module\tnone",
            "\(module)--aa1\tI\tnone\tnone\ta1\ts1\tSwift version 6\t20\t\(sum)\t2026-01-01T00:00:01Z\tapple-adapter\tnone",
            "K--cc1--ff1\tC\tnone\tnone\tnone\tc1\tclang 21\t10\t\(sum)\t2026-01-02T00:00:00Z\truntime\tf1",
            "rive-ios-J--cs1--mm1\tJ\tnone\tnone\tm1\ts1\tSwift version 6\t10\t\(sum)\t2026-01-03T00:00:00Z\tapple-module\tnone",
        ]
        let index = ArchiveIndex(parsing: lines.joined(separator: "\n"))
        #expect(index.entries.map(\.part) == [.appleModule, .appleAdapter, .runtime, .appleModule])
        #expect(index.entries[1].baseEntry == module && index.entries[0].baseEntry == nil)
        #expect(index.entries[0].variant == "rive-ios" && index.entries[2].variant == "none", "the Swift layer is not a runtime of the reduced engine")
        #expect(index.entries.map(\.indexLine) == lines)
        #expect(PrunePolicy(keepPerVariant: 1).removals(from: index).map(\.name) == [module, module + "--aa1"],
                "the older module goes with its adapter; the runtime is the newest of its own variant")
        #expect(PrunePolicy(programsHash: "p9").removals(from: index).isEmpty, "the programs hash names rive-cpp programs only")
    }

    @Test func indexKeepsTheLastLineOfEachNameAndCountsUnreadableLines() {
        let first = Self.entry("one", added: "2026-01-01T00:00:00Z")
        var again = first
        again.bytes = 2000
        let second = Self.entry("two", added: "2026-01-02T00:00:00Z")
        let text = [ArchiveIndex.header, first.indexLine, second.indexLine, "not an entry", again.indexLine, ""].joined(separator: "\n")
        let index = ArchiveIndex(parsing: text)
        #expect(index.entries.map(\.name) == ["one", "two"])
        #expect(index.entries[0].bytes == 2000)
        #expect(index.unreadableLines == 1)
        #expect(ArchiveIndex(parsing: index.text) == ArchiveIndex(entries: index.entries))
    }

    @Test func pruneKeepsTheNewestOfEachVariantAndRemovesByAgeAndProgramsHash() {
        let index = ArchiveIndex(entries: [
            Self.entry("old-text", added: "2026-01-01T00:00:00Z"),
            Self.entry("new-text", added: "2026-01-03T00:00:00Z"),
            Self.entry("mid-text", added: "2026-01-02T00:00:00Z"),
            Self.entry("old-asan", sanitizers: ["address"], added: "2026-01-01T00:00:00Z"),
            Self.entry("new-other-programs", programs: "p2", added: "2026-01-04T00:00:00Z"),
        ])
        #expect(PrunePolicy(keepPerVariant: 2).removals(from: index).map(\.name) == ["old-text", "mid-text"])
        #expect(PrunePolicy(keepPerVariant: 1).removals(from: index).map(\.name) == ["old-text", "new-text", "mid-text"])
        #expect(PrunePolicy(addedBefore: "2026-01-02T00:00:00Z").removals(from: index).map(\.name) == ["old-text", "old-asan"])
        #expect(PrunePolicy(programsHash: "p2").removals(from: index).map(\.name) == ["old-text", "new-text", "mid-text", "old-asan"])
        #expect(PrunePolicy().removals(from: index).isEmpty)
    }

    /// A made-up finished build folder as scripts/build-rive-cpp leaves one: library, headers,
    /// feature flags naming a header of its own and a third-party header folder outside it,
    /// manifest naming its archive entries (`runtime-entry`, `programs-entry`; or, for a
    /// folder built before the split, `archive-entry`) and driver.
    static func makeBuild(in folder: URL, entries: String) throws -> URL {
        let build = folder.appendingPathComponent("cache/rive-cpp/\(String(repeating: "b", count: 40))+text")
        let thirdParty = folder.appendingPathComponent("cache/deps/harfbuzz/src")
        try FileManager.default.createDirectory(at: thirdParty, withIntermediateDirectories: true)
        try Data("// hb".utf8).write(to: thirdParty.appendingPathComponent("hb.h"))
        try Data("// source".utf8).write(to: thirdParty.appendingPathComponent("hb.cc"))
        try FileManager.default.createDirectory(at: build.appendingPathComponent("deps-include"), withIntermediateDirectories: true)
        try Data("// renames".utf8).write(to: build.appendingPathComponent("deps-include/renames.h"))
        try Data("-DWITH_RIVE_TEXT\n-I\(thirdParty.path)\n-include\n\(build.path)/deps-include/renames.h\n".utf8)
            .write(to: build.appendingPathComponent("feature-flags.txt"))
        try FileManager.default.createDirectory(at: build.appendingPathComponent("include/rive"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: build.appendingPathComponent("programs/k1/obj"), withIntermediateDirectories: true)
        try Data("library".utf8).write(to: build.appendingPathComponent("librive.a"))
        try Data("// header".utf8).write(to: build.appendingPathComponent("include/rive/file.hpp"))
        try Data("object".utf8).write(to: build.appendingPathComponent("programs/k1/obj/driver.o"))
        let driver = build.appendingPathComponent("programs/k1/rive-cpp-driver")
        try Data("#!/bin/sh\necho driver\n".utf8).write(to: driver)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: driver.path)
        try Data("""
            commit \(String(repeating: "b", count: 40))
            features text,layout
            built text
            sanitizers none
            compiler clang version 21
            \(entries)
            driver programs/k1/rive-cpp-driver

            """.utf8).write(to: build.appendingPathComponent("manifest.txt"))
        return build
    }

    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rive-harness-archive-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static let scripts = SharedMaterial.packageRoot.appendingPathComponent("scripts")

    /// Runs `archive_get ARCHIVE ENTRY DEST` of the build scripts' library.
    static func archiveGet(_ archive: String, _ entry: String, into destination: URL) throws -> Subprocess.Outcome {
        try Subprocess.run("/bin/bash", ["-c", ". \"$0\"; archive_get \"$1\" \"$2\" \"$3\"",
                                         scripts.appendingPathComponent("lib/build-archive.bash").path, archive, entry, destination.path])
    }

    static let runtimeName = "\(String(repeating: "b", count: 40))+text--c01234567--f89abcdef"
    static let programsName = runtimeName + "--p0123456789abcdef"
    static let entryLines = "runtime-entry \(runtimeName)\nprograms-entry \(programsName)"

    @Test func aBuildFolderGoesIntoAFolderArchiveInTwoPartsAndComesBackCheckedAndPrunesAway() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let build = try Self.makeBuild(in: folder, entries: Self.entryLines)
        let archive = folder.appendingPathComponent("archive")
        let put = try Subprocess.run(Self.scripts.appendingPathComponent("build-archive").path, ["put", archive.path, build.path])
        #expect(put.status == 0, "\(put.standardError)")
        #expect(put.standardOutput == "exported \(Self.runtimeName)\nexported \(Self.programsName)\n")
        let again = try Subprocess.run(Self.scripts.appendingPathComponent("build-archive").path, ["put", archive.path, build.path])
        #expect(again.standardOutput == "present \(Self.runtimeName)\npresent \(Self.programsName)\n")

        let index = try BuildArchive(archive.path).index()
        #expect(index.entries.map(\.name) == [Self.runtimeName, Self.programsName])
        #expect(index.entries.map(\.part) == [.runtime, .programs])
        let entry = try #require(index.entries.first)
        #expect(entry.features == ["text"] && entry.sanitizers.isEmpty && entry.programsHash.isEmpty, "the features built, not those asked for")
        #expect(entry.compilerHash == "01234567" && entry.runtimeFlagsHash == "89abcdef" && entry.compiler == "clang version 21")
        #expect(index.entries[1].programsHash == "0123456789abcdef" && index.entries[1].baseEntry == Self.runtimeName)

        // The runtime part: library, headers and the third-party headers its flags name (no
        // sources), flags pointing at wherever it is settled; no programs, no manifest.
        let unpacked = folder.appendingPathComponent("unpacked")
        let get = try Self.archiveGet(archive.path, Self.runtimeName, into: unpacked)
        #expect(get.status == 0, "\(get.standardError)")
        #expect(FileManager.default.contents(atPath: unpacked.appendingPathComponent("librive.a").path) == Data("library".utf8))
        #expect(FileManager.default.fileExists(atPath: unpacked.appendingPathComponent("deps-include/headers-1/hb.h").path))
        #expect(!FileManager.default.fileExists(atPath: unpacked.appendingPathComponent("deps-include/headers-1/hb.cc").path))
        #expect(!FileManager.default.fileExists(atPath: unpacked.appendingPathComponent("programs").path))
        #expect(!FileManager.default.fileExists(atPath: unpacked.appendingPathComponent("manifest.txt").path))
        let settle = try Subprocess.run("/bin/bash", ["-c", ". \"$0\"; archive_settle \"$1\"",
                                                      Self.scripts.appendingPathComponent("lib/build-archive.bash").path, unpacked.path])
        #expect(settle.status == 0)
        let flags = try String(contentsOf: unpacked.appendingPathComponent("feature-flags.txt"), encoding: .utf8)
        #expect(flags == "-DWITH_RIVE_TEXT\n-I\(unpacked.path)/deps-include/headers-1\n-include\n\(unpacked.path)/deps-include/renames.h\n")

        // The programs part: the manifest and the programs, without objects.
        let programs = folder.appendingPathComponent("programs")
        #expect(try Self.archiveGet(archive.path, Self.programsName, into: programs).status == 0)
        #expect(FileManager.default.isExecutableFile(atPath: programs.appendingPathComponent("programs/k1/rive-cpp-driver").path))
        #expect(FileManager.default.fileExists(atPath: programs.appendingPathComponent("manifest.txt").path))
        #expect(!FileManager.default.fileExists(atPath: programs.appendingPathComponent("programs/k1/obj").path), "objects stay out of the archive")
        #expect(!FileManager.default.fileExists(atPath: programs.appendingPathComponent("librive.a").path))
        #expect(try Self.archiveGet(archive.path, "missing", into: folder.appendingPathComponent("none")).status != 0)
        let name = Self.runtimeName
        // A damaged file is refused.
        let file = archive.appendingPathComponent(entry.filePath)
        let original = try Data(contentsOf: file)
        try Data("damaged".utf8).write(to: file)
        let damaged = try Self.archiveGet(archive.path, name, into: folder.appendingPathComponent("damaged"))
        #expect(damaged.status != 0 && damaged.standardError.contains("damaged"))
        try original.write(to: file)

        let dryRun = try BuildArchive(archive.path).prune(PrunePolicy(keepPerVariant: 0), dryRun: true)
        #expect(dryRun.map(\.name) == [name, Self.programsName] && FileManager.default.fileExists(atPath: file.path))
        let removed = try BuildArchive(archive.path).prune(PrunePolicy(keepPerVariant: 0), dryRun: false)
        #expect(removed.map(\.name) == [name, Self.programsName])
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(try BuildArchive(archive.path).index().entries.isEmpty)
    }

    @Test func aURLArchiveIsReadOverHTTPAndCannotBePruned() throws {
        guard let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            print("skipped: no python3 to serve the archive over HTTP (apt-get install -y python3)")
            return
        }
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = Self.runtimeName
        let build = try Self.makeBuild(in: folder, entries: Self.entryLines)
        let archive = folder.appendingPathComponent("archive")
        #expect(try Subprocess.run(Self.scripts.appendingPathComponent("build-archive").path, ["put", archive.path, build.path]).status == 0)

        // The server binds a free port, writes it to a file and answers requests until the stop
        // file appears or 60 s have passed, whichever is first: it ends by itself, with no signal
        // to send (children of the test process may inherit blocked signals, so a SIGTERM
        // could wait for ever). Its output goes to /dev/null, never to a pipe this process
        // reads, and the test waits for it on every path.
        let portFile = folder.appendingPathComponent("port")
        let stopFile = folder.appendingPathComponent("stop")
        let server = Process()
        server.executableURL = URL(fileURLWithPath: python)
        server.arguments = ["-c", """
            import functools, http.server, os, sys, time
            handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
            handler.log_message = lambda *args: None
            server = http.server.HTTPServer(('127.0.0.1', 0), handler)
            server.timeout = 0.1
            open(sys.argv[2] + '.tmp', 'w').write(str(server.server_address[1]))
            os.rename(sys.argv[2] + '.tmp', sys.argv[2])
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline and not os.path.exists(sys.argv[3]):
                server.handle_request()
            """, archive.path, portFile.path, stopFile.path]
        server.standardInput = FileHandle.nullDevice
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer {
            FileManager.default.createFile(atPath: stopFile.path, contents: nil)
            server.waitUntilExit()
        }
        var port: String?
        for _ in 0..<100 where port == nil {
            port = try? String(contentsOf: portFile, encoding: .utf8)
            if port == nil { Thread.sleep(forTimeInterval: 0.05) }
        }
        let served = try #require(port, "the HTTP server did not start within 5 s")
        let url = "http://127.0.0.1:\(served)"

        let index = try BuildArchive(url).index()
        #expect(index.entries.map(\.name) == [name, Self.programsName])
        let unpacked = folder.appendingPathComponent("unpacked")
        let get = try Self.archiveGet(url, name, into: unpacked)
        #expect(get.status == 0, "\(get.standardError)")
        #expect(FileManager.default.contents(atPath: unpacked.appendingPathComponent("librive.a").path) == Data("library".utf8))
        #expect(try Self.archiveGet(url, "missing", into: folder.appendingPathComponent("none")).status != 0)
        #expect(throws: BuildArchiveError.self) { try BuildArchive(url).prune(PrunePolicy(keepPerVariant: 0), dryRun: false) }
        #expect(throws: BuildArchiveError.self) { try BuildArchive("http://127.0.0.1:1").index() }
    }

    @Test func aBuildReportSaysWhereTheBuildCameFrom() {
        let report = BuildReport(parsing: "entry E\nruntime imported\nprograms imported\nexported no\n")
        #expect(report == BuildReport(entry: "E", runtime: .imported, programs: .imported, exported: false))
        #expect(report?.summary == "imported" && report?.compiled == false)
        #expect(BuildReport(parsing: "entry E\nruntime cached\nprograms built\nexported yes\n")?.summary == "compiled")
        #expect(BuildReport(parsing: "entry E\nruntime built\nprograms built\nexported yes\n")?.summary == "compiled")
        #expect(BuildReport(parsing: "entry E\nruntime imported\nprograms built\nexported yes\n")?.summary == "relinked")
        #expect(BuildReport(parsing: "entry E\nruntime fetched\nprograms built\nexported yes\n") == nil)
    }

    @Test func aFolderBuiltBeforeTheSplitIsExportedUnderTheRuntimeFlagsOfTheBuildScript() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let build = try Self.makeBuild(in: folder, entries: "archive-entry \(String(repeating: "b", count: 40))+text--p0123456789abcdef--c01234567")
        // The name the build script gives the same runtime today, from the same flags library.
        let expected = try Subprocess.run("/bin/bash", ["-c", ". \"$0/lib/build-archive.bash\"; . \"$0/lib/rive-cpp-flags.bash\"; rive_cpp_flags ''; "
                                                        + "archive_runtime_entry \"$1\" 'clang version 21' \"${runtime_flags[@]}\"",
                                                        Self.scripts.path, build.lastPathComponent])
        let runtime = expected.standardOutput.trimmingCharacters(in: .newlines)
        #expect(runtime.hasPrefix(build.lastPathComponent + "--c") && runtime.contains("--f"))
        let archive = folder.appendingPathComponent("archive")
        let put = try Subprocess.run(Self.scripts.appendingPathComponent("build-archive").path, ["put", archive.path, build.path])
        #expect(put.status == 0, "\(put.standardError)")
        #expect(put.standardOutput == "exported \(runtime)\nexported \(runtime)--p0123456789abcdef\n")
    }
}
