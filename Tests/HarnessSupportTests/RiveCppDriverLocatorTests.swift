import Foundation
import HarnessSupport
import Testing

/// Finding the cached rive-cpp driver by commit.
struct RiveCppDriverLocatorTests {
    private static let sha = "0123456789abcdef0123456789abcdef01234567"

    private func temporaryCache() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("rive-cpp-cache-\(UUID().uuidString)").path
    }

    @Test("a full sha without a git directory finds the driver linked in the commit's cache folder")
    func findsCachedDriver() throws {
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let folder = "\(cache)/rive-cpp/\(Self.sha)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let driver = "\(folder)/rive-cpp-driver"
        FileManager.default.createFile(atPath: driver, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755])
        let locator = RiveCppDriverLocator(cacheRoot: cache, gitDirectory: "/nonexistent/git-dir")
        let found = try locator.locate(revision: Self.sha.uppercased())
        #expect(found == RiveCppDriverLocator.Driver(path: driver, commit: Self.sha))
    }

    @Test("a commit without a built driver names the one build command")
    func notBuiltNamesCommand() {
        let locator = RiveCppDriverLocator(cacheRoot: temporaryCache(), gitDirectory: "/nonexistent/git-dir")
        #expect(throws: RiveCppDriverError.notBuilt(commit: Self.sha,
                                                    command: "scripts/build-rive-cpp --git-dir /nonexistent/git-dir --commit \(Self.sha)")) {
            try locator.locate(revision: Self.sha)
        }
        let error = RiveCppDriverError.notBuilt(commit: Self.sha, command: "scripts/build-rive-cpp --commit \(Self.sha)")
        #expect(error.code == "rive-cpp.not-built")
        #expect(error.description.contains("build it with: scripts/build-rive-cpp --commit \(Self.sha)"))
    }

    @Test("a short revision needs the git directory; an unknown one is named with the next step")
    func revisionsNeedGit() {
        let missing = RiveCppDriverLocator(cacheRoot: temporaryCache(), gitDirectory: "/nonexistent/git-dir")
        #expect(throws: RiveCppDriverError.noGitDirectory("/nonexistent/git-dir")) { try missing.locate(revision: "HEAD") }
        let emptyGit = FileManager.default.temporaryDirectory.appendingPathComponent("not-git-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: emptyGit, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: emptyGit) }
        let notGit = RiveCppDriverLocator(cacheRoot: temporaryCache(), gitDirectory: emptyGit)
        #expect(throws: RiveCppDriverError.unknownRevision("no-such-branch", gitDirectory: emptyGit)) {
            try notGit.locate(revision: "no-such-branch")
        }
    }
}
