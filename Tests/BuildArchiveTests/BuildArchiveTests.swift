import BuildArchive
import Foundation
import HarnessSupport
import HarnessTestSupport
import Testing

/// The build archive's index, prune policy and folder pruning, and the build scripts' side of
/// it (scripts/lib/build-archive.bash): packing a build folder, unpacking it from a folder or
/// over HTTP with its sha256 checked. No engine build is needed: the build folders are made up.
struct BuildArchiveTests {
    static func entry(_ name: String, commit: String = String(repeating: "a", count: 40), features: [String] = ["text"],
                      sanitizers: [String] = [], programs: String = "p1", added: String) -> ArchiveEntry {
        ArchiveEntry(name: name, commit: commit, features: features, sanitizers: sanitizers, programsHash: programs, compilerHash: "c1",
                     compiler: "clang version 21", bytes: 1000, sha256: String(repeating: "0", count: 64), added: added)
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
    /// manifest naming its archive entry and driver.
    static func makeBuild(in folder: URL, entry: String) throws -> URL {
        let build = folder.appendingPathComponent("cache/rive-cpp/\(String(repeating: "b", count: 40))+text")
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
            features text
            sanitizers none
            compiler clang version 21
            archive-entry \(entry)
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

    @Test func aBuildFolderGoesIntoAFolderArchiveAndComesBackCheckedAndPrunesAway() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = "\(String(repeating: "b", count: 40))+text--p0123456789abcdef--c01234567"
        let build = try Self.makeBuild(in: folder, entry: name)
        let archive = folder.appendingPathComponent("archive")
        let put = try Subprocess.run(Self.scripts.appendingPathComponent("build-archive").path, ["put", archive.path, build.path])
        #expect(put.status == 0, "\(put.standardError)")
        #expect(put.standardOutput == "exported \(name)\n")
        let again = try Subprocess.run(Self.scripts.appendingPathComponent("build-archive").path, ["put", archive.path, build.path])
        #expect(again.standardOutput == "present \(name)\n")

        let index = try BuildArchive(archive.path).index()
        #expect(index.entries.count == 1)
        let entry = try #require(index.entries.first)
        #expect(entry.name == name && entry.features == ["text"] && entry.sanitizers.isEmpty)
        #expect(entry.programsHash == "0123456789abcdef" && entry.compilerHash == "01234567" && entry.compiler == "clang version 21")

        let unpacked = folder.appendingPathComponent("unpacked")
        let get = try Self.archiveGet(archive.path, name, into: unpacked)
        #expect(get.status == 0, "\(get.standardError)")
        #expect(FileManager.default.contents(atPath: unpacked.appendingPathComponent("librive.a").path) == Data("library".utf8))
        #expect(FileManager.default.isExecutableFile(atPath: unpacked.appendingPathComponent("programs/k1/rive-cpp-driver").path))
        #expect(!FileManager.default.fileExists(atPath: unpacked.appendingPathComponent("programs/k1/obj").path), "objects stay out of the archive")
        #expect(try Self.archiveGet(archive.path, "missing", into: folder.appendingPathComponent("none")).status != 0)

        // A damaged file is refused.
        let file = archive.appendingPathComponent(entry.filePath)
        let original = try Data(contentsOf: file)
        try Data("damaged".utf8).write(to: file)
        let damaged = try Self.archiveGet(archive.path, name, into: folder.appendingPathComponent("damaged"))
        #expect(damaged.status != 0 && damaged.standardError.contains("damaged"))
        try original.write(to: file)

        let dryRun = try BuildArchive(archive.path).prune(PrunePolicy(keepPerVariant: 0), dryRun: true)
        #expect(dryRun.map(\.name) == [name] && FileManager.default.fileExists(atPath: file.path))
        let removed = try BuildArchive(archive.path).prune(PrunePolicy(keepPerVariant: 0), dryRun: false)
        #expect(removed.map(\.name) == [name])
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
        let name = "\(String(repeating: "b", count: 40))+text--p0123456789abcdef--c01234567"
        let build = try Self.makeBuild(in: folder, entry: name)
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
        #expect(index.entries.map(\.name) == [name])
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
        #expect(BuildReport(parsing: "entry E\nruntime fetched\nprograms built\nexported yes\n") == nil)
    }
}
