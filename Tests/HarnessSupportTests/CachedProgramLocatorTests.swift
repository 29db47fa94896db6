import Foundation
import HarnessSupport
import Testing

/// Finding a program a build script cached by commit (the rive-cpp driver, the Apple adapter).
struct CachedProgramLocatorTests {
    private static let sha = "0123456789abcdef0123456789abcdef01234567"

    private func temporaryCache() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("program-cache-\(UUID().uuidString)").path
    }

    private func makeExecutable(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: path, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755])
    }

    @Test("a full sha without a git directory finds the driver linked in the commit's cache folder")
    func findsCachedDriver() throws {
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let driver = "\(cache)/rive-cpp/\(Self.sha)/rive-cpp-driver"
        try makeExecutable(driver)
        let locator = CachedProgramLocator(.riveCppDriver, cacheRoot: cache, gitDirectory: "/nonexistent/git-dir")
        let found = try locator.locate(revision: Self.sha.uppercased())
        #expect(found == CachedProgramLocator.Located(path: driver, commit: Self.sha))
    }

    @Test("a build with engine features is found in the commit's folder followed by +feature for each, in the build script's order")
    func findsFeatureBuild() throws {
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let shipped = "\(cache)/rive-cpp/\(Self.sha)+text+layout+scripting+audio/rive-cpp-driver"
        try makeExecutable(shipped)
        let locator = CachedProgramLocator(.riveCppDriver, cacheRoot: cache, gitDirectory: "/nonexistent/git-dir")
        #expect(try locator.locate(revision: Self.sha, features: .shipped).path == shipped)
        #expect(try locator.locate(revision: Self.sha, features: EngineFeatureSelection(parsing: "audio,text,layout,scripting")).path == shipped)
        #expect(throws: CachedProgramError.notBuilt(.riveCppDriver, commit: Self.sha,
                                                    command: "scripts/build-rive-cpp --git-dir /nonexistent/git-dir --commit \(Self.sha) --features text,audio")) {
            try locator.locate(revision: Self.sha, features: EngineFeatureSelection(parsing: "audio,text"))
        }
        #expect(throws: CachedProgramError.self) { try locator.locate(revision: Self.sha, features: EngineFeatureSelection.none) }
    }

    @Test("engine feature lists parse shipped, none and names, and name the known features on a bad one")
    func featureSelection() throws {
        #expect(try EngineFeatureSelection(parsing: "shipped").cacheFolderSuffix == "+text+layout+scripting+audio")
        #expect(try EngineFeatureSelection(parsing: "none").cacheFolderSuffix == "")
        #expect(try EngineFeatureSelection(parsing: "audio,text").description == "text,audio")
        #expect(throws: EngineFeatureSelectionError.unknown("fonts")) { try EngineFeatureSelection(parsing: "text,fonts") }
        #expect(throws: EngineFeatureSelectionError.emptyItem("text,")) { try EngineFeatureSelection(parsing: "text,") }
        #expect(EngineFeatureSelectionError.unknown("fonts").description.contains("text, layout, scripting, audio"))
    }

    @Test("the Swift feature order is the build script's, so both name the same cache folder")
    func featureOrderMatchesScript() throws {
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let script = try String(contentsOfFile: packageRoot.appendingPathComponent("scripts/lib/engine-features.bash").path, encoding: .utf8)
        let line = try #require(script.split(separator: "\n").first { $0.hasPrefix("engine_feature_names=(") })
        let names = line.dropFirst("engine_feature_names=(".count).dropLast().split(separator: " ").map(String.init)
        #expect(names == EngineFeatureSelection.names)
    }

    @Test("the Apple adapter is found through its commit's current build link")
    func findsAppleAdapter() throws {
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let program = "\(cache)/rive-ios/\(Self.sha)/current/bin/rive-harness-apple-adapter"
        try makeExecutable(program)
        let locator = CachedProgramLocator(.appleAdapter, cacheRoot: cache, environment: [:])
        #expect(try locator.locate(revision: Self.sha) == CachedProgramLocator.Located(path: program, commit: Self.sha))
        let riveCpp = CachedProgramLocator(.riveCppDriver, cacheRoot: cache, gitDirectory: "/nonexistent/git-dir", environment: [:])
        #expect(throws: CachedProgramError.notBuilt(.riveCppDriver, commit: Self.sha, command: riveCpp.buildCommand(commit: Self.sha))) {
            try riveCpp.locate(revision: Self.sha)
        }
    }

    @Test("a commit without a built program names the one build command")
    func notBuiltNamesCommand() {
        let locator = CachedProgramLocator(.riveCppDriver, cacheRoot: temporaryCache(), gitDirectory: "/nonexistent/git-dir")
        #expect(throws: CachedProgramError.notBuilt(.riveCppDriver, commit: Self.sha,
                                                    command: "scripts/build-rive-cpp --git-dir /nonexistent/git-dir --commit \(Self.sha)")) {
            try locator.locate(revision: Self.sha)
        }
        let error = CachedProgramError.notBuilt(.riveCppDriver, commit: Self.sha, command: "scripts/build-rive-cpp --commit \(Self.sha)")
        #expect(error.code == "rive-cpp.not-built")
        #expect(error.description.contains("build it with: scripts/build-rive-cpp --commit \(Self.sha)"))
        let apple = CachedProgramLocator(.appleAdapter, cacheRoot: temporaryCache(), environment: [:])
        #expect(apple.buildCommand(commit: Self.sha) == "scripts/build-rive-ios --adapter --git-dir DIR --commit \(Self.sha)")
        #expect(throws: CachedProgramError.notBuilt(.appleAdapter, commit: Self.sha, command: apple.buildCommand(commit: Self.sha))) {
            try apple.locate(revision: Self.sha)
        }
    }

    @Test("a short revision needs the git directory; an unknown one is named with the next step")
    func revisionsNeedGit() {
        let missing = CachedProgramLocator(.riveCppDriver, cacheRoot: temporaryCache(), gitDirectory: "/nonexistent/git-dir")
        #expect(throws: CachedProgramError.noGitDirectory(.riveCppDriver, "/nonexistent/git-dir")) { try missing.locate(revision: "HEAD") }
        let unset = CachedProgramLocator(.appleAdapter, cacheRoot: temporaryCache(), environment: [:])
        #expect(throws: CachedProgramError.noGitDirectory(.appleAdapter, nil)) { try unset.locate(revision: "HEAD") }
        #expect(CachedProgramError.noGitDirectory(.appleAdapter, nil).description.contains("set RIVE_IOS_GIT_DIR"))
        let emptyGit = FileManager.default.temporaryDirectory.appendingPathComponent("not-git-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: emptyGit, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: emptyGit) }
        let notGit = CachedProgramLocator(.riveCppDriver, cacheRoot: temporaryCache(), gitDirectory: emptyGit)
        #expect(throws: CachedProgramError.unknownRevision(.riveCppDriver, "no-such-branch", gitDirectory: emptyGit)) {
            try notGit.locate(revision: "no-such-branch")
        }
    }
}
