import Foundation
import HarnessSupport
import Testing

/// FNV-1a 64 and atomic file writes.
struct HarnessSupportTests {
    @Test("FNV-1a 64 matches the published values")
    func fnv() {
        var empty = FNV1a64()
        empty.combine([])
        #expect(empty.hexDigest == "cbf29ce484222325")
        var letterA = FNV1a64()
        letterA.combine(Array("a".utf8))
        #expect(letterA.hexDigest == "af63dc4c8601ec8c")
    }

    @Test("an atomic write creates the folder, replaces the file and leaves no temporary file")
    func atomicWrite() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("deep/out.txt").path
        try AtomicFile.write(Array("one".utf8), to: path)
        try AtomicFile.write(Array("two".utf8), to: path)
        #expect(FileManager.default.contents(atPath: path) == Data("two".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("deep").path) == ["out.txt"])
    }

    @Test("an atomic write into a path under a regular file fails with the path")
    func atomicWriteFails() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)")
        try Data("x".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(throws: AtomicFileError.self) { try AtomicFile.write([1], to: file.path + "/out.txt") }
    }
}

/// The watchdog that bounds scenario runs and diff dumps.
@MainActor
struct WatchdogTests {
    @Test("work that finishes in time returns its result")
    func finishes() async {
        let result = await Watchdog<Int>.run(seconds: 60) { 42 }
        #expect(result == 42)
    }

    @Test("work that suspends past the timeout is abandoned: the answer is nil")
    func timesOut() async {
        let result = await Watchdog<Int>.run(seconds: 0.05) {
            try? await Task.sleep(for: .seconds(3600))
            return 1
        }
        #expect(result == nil)
    }
}
