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
        _ = FileManager.default.createFile(atPath: path, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755])
    }

    /// Makes an executable at `relative` inside a cache key folder and a manifest naming it, as the build scripts do.
    private func makeBuild(folder: String, entry: String, relative: String) throws -> String {
        let path = "\(folder)/\(relative)"
        try makeExecutable(path)
        try "# test manifest\ncommit \(Self.sha)\n\(entry) \(relative)\n".write(toFile: "\(folder)/manifest.txt", atomically: true, encoding: .utf8)
        return path
    }

    @Test("a full sha without a git directory finds the driver the commit's cache folder's manifest names")
    func findsCachedDriver() throws {
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let driver = try makeBuild(folder: "\(cache)/rive-cpp/\(Self.sha)", entry: "driver", relative: "programs/0123/rive-cpp-driver")
        let locator = CachedProgramLocator(.riveCppDriver, cacheRoot: cache, gitDirectory: "/nonexistent/git-dir")
        let found = try locator.locate(revision: Self.sha.uppercased())
        #expect(found == CachedProgramLocator.Located(path: driver, commit: Self.sha))
    }

    @Test("a build with engine features is found in the commit's folder followed by +feature for each, in the build script's order")
    func findsFeatureBuild() throws {
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let shipped = try makeBuild(folder: "\(cache)/rive-cpp/\(Self.sha)+text+layout+scripting+audio", entry: "driver",
                                    relative: "programs/0123/rive-cpp-driver")
        let locator = CachedProgramLocator(.riveCppDriver, cacheRoot: cache, gitDirectory: "/nonexistent/git-dir")
        #expect(try locator.locate(revision: Self.sha, features: .shipped).path == shipped)
        #expect(try locator.locate(revision: Self.sha, features: EngineFeatureSelection(parsing: "audio,text,layout,scripting")).path == shipped)
        #expect(throws: CachedProgramError.notBuilt(.riveCppDriver, commit: Self.sha,
                                                    command: "scripts/build-rive-cpp --git-dir /nonexistent/git-dir --commit \(Self.sha) --features text,audio")) {
            try locator.locate(revision: Self.sha, features: EngineFeatureSelection(parsing: "audio,text"))
        }
        #expect(throws: CachedProgramError.self) { try locator.locate(revision: Self.sha, features: EngineFeatureSelection.none) }
    }

    @Test("a build with the Rive Renderer is found in the key folder followed by +vulkan, and its build command says --renderer vulkan")
    func findsRendererBuild() throws {
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let plain = try makeBuild(folder: "\(cache)/rive-cpp/\(Self.sha)+text+layout+scripting+audio", entry: "driver",
                                  relative: "programs/0123/rive-cpp-driver")
        let locator = CachedProgramLocator(.riveCppDriver, cacheRoot: cache, gitDirectory: "/nonexistent/git-dir")
        #expect(throws: CachedProgramError.notBuilt(.riveCppDriver, commit: Self.sha,
                                                    command: "scripts/build-rive-cpp --git-dir /nonexistent/git-dir --commit \(Self.sha) --renderer vulkan")) {
            try locator.locate(revision: Self.sha, features: .shipped, renderer: "vulkan")
        }
        let vulkan = try makeBuild(folder: "\(cache)/rive-cpp/\(Self.sha)+text+layout+scripting+audio+vulkan", entry: "driver",
                                   relative: "programs/4567/rive-cpp-driver")
        #expect(try locator.locate(revision: Self.sha, features: .shipped, renderer: "vulkan").path == vulkan)
        #expect(try locator.locate(revision: Self.sha, features: .shipped).path == plain)
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

    @Test("the Apple adapter is found through its commit's manifest")
    func findsAppleAdapter() throws {
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let program = try makeBuild(folder: "\(cache)/rive-ios/\(Self.sha)", entry: "adapter", relative: "0123/bin/4567/rive-harness-apple-adapter")
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
        #expect(apple.buildCommand(commit: Self.sha) == "scripts/build-rive-ios --adapter --commit \(Self.sha)")
        #expect(throws: CachedProgramError.notBuilt(.appleAdapter, commit: Self.sha, command: apple.buildCommand(commit: Self.sha))) {
            try apple.locate(revision: Self.sha)
        }
    }

    @Test("a key folder built before manifests, or a manifest without the program, names the rebuild command")
    func missingManifest() throws {
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let locator = CachedProgramLocator(.riveCppDriver, cacheRoot: cache, gitDirectory: "/nonexistent/git-dir")
        try makeExecutable("\(cache)/rive-cpp/\(Self.sha)/rive-cpp-driver")
        let command = locator.buildCommand(commit: Self.sha)
        #expect(throws: CachedProgramError.noManifest(.riveCppDriver, folder: "\(cache)/rive-cpp/\(Self.sha)", command: command)) {
            try locator.locate(revision: Self.sha)
        }
        #expect(CachedProgramError.noManifest(.riveCppDriver, folder: "F", command: command).description.contains("rebuild it with: \(command)"))
        _ = try makeBuild(folder: "\(cache)/rive-cpp/\(Self.sha)", entry: "driver", relative: "programs/0123/rive-cpp-driver")
        #expect(throws: CachedProgramError.notBuilt(.riveCppBench, commit: Self.sha, command: command)) {
            try CachedProgramLocator(.riveCppBench, cacheRoot: cache, gitDirectory: "/nonexistent/git-dir").locate(revision: Self.sha)
        }
    }

    @Test("without a git directory the locator uses the build script's clone in the cache, and its build command needs no --git-dir")
    func managedClone() throws {
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let clone = CachedProgramLocator.managedClone(.riveCppDriver, cacheRoot: cache)
        #expect(clone == "\(cache)/sources/rive-runtime.git")
        try FileManager.default.createDirectory(atPath: clone, withIntermediateDirectories: true)
        let locator = CachedProgramLocator(.riveCppDriver, cacheRoot: cache, environment: [:])
        #expect(locator.gitDirectory == clone)
        #expect(locator.buildCommand(commit: Self.sha) == "scripts/build-rive-cpp --commit \(Self.sha)")
        #expect(CachedProgramError.noGitDirectory(.riveCppDriver, nil).description.contains("clones https://github.com/rive-app/rive-runtime"))
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
