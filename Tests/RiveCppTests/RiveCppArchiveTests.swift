import AdapterProtocol
import BuildArchive
import Foundation
import HarnessSupport
import HarnessTestSupport
import Testing

/// The build archive with the real engine (docs/build-archive.md): the cached build of the HEAD
/// of `$RIVE_RUNTIME_GIT_DIR` is archived, and empty caches import it.
@Suite("rive-cpp build archive", .enabled(if: RiveCppDriver.isBuilt, Comment(rawValue: RiveCppDriver.absentComment)))
@MainActor
struct RiveCppArchiveTests {
    static let scripts = SharedMaterial.packageRoot.appendingPathComponent("scripts")

    /// Runs `scripts/build-rive-cpp` for the commit into an empty cache with the archive, and reads its report.
    /// The build runs on a thread of its own: the main actor stays free for the other suites meanwhile.
    static func build(commit: String, cache: URL, archive: URL, report: URL) async throws -> (driver: String, report: BuildReport?, log: String) {
        let outcome = try await Subprocess.runInBackground(scripts.appendingPathComponent("build-rive-cpp").path,
                                                           ["--commit", commit, "--cache-dir", cache.path, "--archive", archive.path, "--report", report.path])
        let text = FileManager.default.contents(atPath: report.path).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let driver = outcome.status == 0 ? outcome.standardOutput.split(separator: "\n").last.map(String.init) ?? "" : ""
        return (driver, BuildReport(parsing: text), outcome.errorTail(lines: 20))
    }

    @Test("a runtime archived without programs of our sources is imported and our programs compiled against it (a working driver); the next empty cache imports both parts and compiles nothing")
    func runtimeServesOurPrograms() async throws {
        let located = try #require(RiveCppDriver.located)
        let keyFolder = CachedProgramLocator(.riveCppDriver).keyFolder(commit: located.commit, features: .shipped)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rive-harness-archive-relink-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let archive = folder.appendingPathComponent("archive")
        let put = try await Subprocess.runInBackground(Self.scripts.appendingPathComponent("build-archive").path, ["put", archive.path, keyFolder])
        #expect(put.status == 0, "\(put.standardOutput)\(put.standardError)")
        // Only the runtime part stays: as after a merge changed our programs.
        let index = try BuildArchive(archive.path).index()
        let runtime = try #require(index.entries.first { $0.part == .runtime })
        try Data(ArchiveIndex(entries: [runtime]).text.utf8).write(to: archive.appendingPathComponent("index.tsv"))

        let first = try await Self.build(commit: located.commit, cache: folder.appendingPathComponent("cache1"), archive: archive,
                                   report: folder.appendingPathComponent("report1"))
        let firstReport = try #require(first.report, "\(first.log)")
        #expect(firstReport.runtime == .imported && firstReport.programs == .built && firstReport.exported, "\(first.log)")
        #expect(firstReport.summary == "relinked")
        #expect(first.driver.hasPrefix(folder.appendingPathComponent("cache1").path), "\(first.driver)")
        let adapter = try ProcessAdapter(configuration: ProcessAdapterConfiguration(command: "'\(first.driver)'", requestTimeoutSeconds: 20))
        #expect(adapter.identity.runtimeCommit == located.commit)

        let parts = try BuildArchive(archive.path).index().entries
        #expect(parts.map(\.part) == [.runtime, .programs] && parts[1].baseEntry == runtime.name)
        let second = try await Self.build(commit: located.commit, cache: folder.appendingPathComponent("cache2"), archive: archive,
                                    report: folder.appendingPathComponent("report2"))
        let secondReport = try #require(second.report, "\(second.log)")
        #expect(secondReport.runtime == .imported && secondReport.programs == .imported && !secondReport.exported, "\(second.log)")
        #expect(FileManager.default.isExecutableFile(atPath: second.driver), "\(second.driver)")
    }
}
