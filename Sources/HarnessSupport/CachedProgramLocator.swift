import Foundation

/// A program that one of the build scripts caches by commit: where the build keeps it, which
/// repository's commits name it, and the command that builds it.
public struct CachedProgram: Sendable, Hashable {
    /// The adapter name the program serves, which prefixes the error codes (`rive-cpp`, `apple`).
    public var adapter: String
    /// The repository whose commits key the cache (`rive-runtime`, `rive-ios`).
    public var repository: String
    /// The cache subfolder that holds one folder per cache key (the full commit sha, and
    /// suffixes for the build's variant).
    public var cacheFolder: String
    /// The line of the key folder's manifest that names the program (`driver`, `bench`, `adapter`).
    public var manifestEntry: String
    /// The environment variable that names the repository's git directory.
    public var gitDirectoryVariable: String
    /// The upstream repository the build script clones into the cache when no git directory is given.
    public var upstreamURL: String
    /// The build script and the flags it needs to build the program.
    public var buildCommand: String

    /// `rive-cpp-driver`, built by `scripts/build-rive-cpp` for a rive-runtime commit.
    public static let riveCppDriver = CachedProgram(
        adapter: "rive-cpp", repository: "rive-runtime", cacheFolder: "rive-cpp", manifestEntry: "driver",
        gitDirectoryVariable: "RIVE_RUNTIME_GIT_DIR", upstreamURL: "https://github.com/rive-app/rive-runtime",
        buildCommand: "scripts/build-rive-cpp")

    /// `rive-cpp-bench`, built beside the driver by `scripts/build-rive-cpp`.
    public static let riveCppBench = CachedProgram(
        adapter: "rive-cpp", repository: "rive-runtime", cacheFolder: "rive-cpp", manifestEntry: "bench",
        gitDirectoryVariable: "RIVE_RUNTIME_GIT_DIR", upstreamURL: "https://github.com/rive-app/rive-runtime",
        buildCommand: "scripts/build-rive-cpp")

    /// `rive-harness-apple-adapter`, built by `scripts/build-rive-ios --adapter` for a rive-ios commit.
    public static let appleAdapter = CachedProgram(
        adapter: "apple", repository: "rive-ios", cacheFolder: "rive-ios", manifestEntry: "adapter",
        gitDirectoryVariable: "RIVE_IOS_GIT_DIR", upstreamURL: "https://github.com/rive-app/rive-ios",
        buildCommand: "scripts/build-rive-ios --adapter")
}

/// The `manifest.txt` a build script writes in a cache key folder: one `name value` line per
/// fact (`commit`, `features`, `sanitizers`, and a path relative to the folder for each
/// program it built: `driver`, `bench`, `adapter`); `#` starts a comment line.
public struct CachedBuildManifest: Sendable, Hashable {
    /// The manifest's file name in a cache key folder.
    public static let fileName = "manifest.txt"

    /// The value of each line, by its name.
    public var fields: [String: String]

    /// Parses a manifest's text; a line without a value has an empty one.
    public init(parsing text: String) {
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let name = line.prefix { $0 != " " }
            guard !name.isEmpty else { continue }
            fields[String(name)] = String(line.dropFirst(name.count).drop { $0 == " " })
        }
        self.fields = fields
    }

    /// The manifest of a cache key folder, or nil when the folder has none.
    public static func read(folder: String) -> CachedBuildManifest? {
        guard let data = FileManager.default.contents(atPath: "\(folder)/\(fileName)") else { return nil }
        return CachedBuildManifest(parsing: String(decoding: data, as: UTF8.self))
    }
}

/// Finds a program a build script cached for a commit (`CachedProgram`).
///
/// The build scripts keep each build under `<cache>/<cacheFolder>/<cache key>/` (the full commit
/// sha, then the variant's suffixes) and write there a `manifest.txt` (`CachedBuildManifest`)
/// that names the latest program built for that key. The commit is resolved in the
/// repository's git directory (its environment variable, else the clone the build script keeps
/// in `<cache>/sources/<repository>.git`), so `HEAD`, a branch or a short sha all work; a full
/// 40-digit sha works without a git directory.
public struct CachedProgramLocator: Sendable {
    /// What is looked for.
    public var program: CachedProgram
    /// The cache root (`$RIVE_HARNESS_CACHE`, else `~/.cache/rive-harness`).
    public var cacheRoot: String
    /// The repository's git directory (its environment variable, else the build script's clone in the cache when it exists), if any.
    public var gitDirectory: String?

    /// Creates a locator; `nil` values come from the environment and the cache.
    public init(_ program: CachedProgram, cacheRoot: String? = nil, gitDirectory: String? = nil,
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.program = program
        let home = environment["HOME"] ?? NSHomeDirectory()
        let root = cacheRoot ?? environment["RIVE_HARNESS_CACHE"] ?? "\(home)/.cache/rive-harness"
        self.cacheRoot = root
        let clone = Self.managedClone(program, cacheRoot: root)
        self.gitDirectory = gitDirectory ?? environment[program.gitDirectoryVariable].flatMap { $0.isEmpty ? nil : $0 }
            ?? (FileManager.default.fileExists(atPath: clone) ? clone : nil)
    }

    /// The clone of the program's repository that its build script keeps in the cache
    /// (`scripts/lib/upstream-clone.bash`): `<cache>/sources/<repository>.git`.
    public static func managedClone(_ program: CachedProgram, cacheRoot: String) -> String {
        "\(cacheRoot)/sources/\(program.repository).git"
    }

    /// A located program: its path and the commit it was built from.
    public struct Located: Sendable, Hashable {
        /// The executable.
        public var path: String
        /// The full commit sha.
        public var commit: String

        /// Creates a located program.
        public init(path: String, commit: String) {
            self.path = path
            self.commit = commit
        }
    }

    /// The cached program for a revision (`nil`: the git directory's `HEAD`), built with the
    /// given engine features (`nil`: the program has no feature variants), sanitizers and
    /// renderer (`nil`: none; `vulkan`: the build of `scripts/build-rive-cpp --renderer vulkan`,
    /// whose key ends in `+vulkan`).
    /// - Throws: `CachedProgramError` when the revision cannot be resolved or nothing is cached,
    ///   with the one command that builds it.
    public func locate(revision: String?, features: EngineFeatureSelection? = nil,
                       sanitizers: SanitizerSelection = .none, renderer: String? = nil) throws(CachedProgramError) -> Located {
        let commit = try resolve(revision: revision)
        let command = buildCommand(commit: commit, features: features, sanitizers: sanitizers, renderer: renderer)
        let folder = keyFolder(commit: commit, features: features, sanitizers: sanitizers, renderer: renderer)
        guard let manifest = CachedBuildManifest.read(folder: folder) else {
            if FileManager.default.fileExists(atPath: folder) { throw .noManifest(program, folder: folder, command: command) }
            throw .notBuilt(program, commit: commit, command: command)
        }
        guard let relative = manifest.fields[program.manifestEntry], !relative.isEmpty,
              FileManager.default.isExecutableFile(atPath: "\(folder)/\(relative)") else {
            throw .notBuilt(program, commit: commit, command: command)
        }
        return Located(path: "\(folder)/\(relative)", commit: commit)
    }

    /// The cache key folder of a commit's build with the given engine features, sanitizers and renderer.
    public func keyFolder(commit: String, features: EngineFeatureSelection? = nil, sanitizers: SanitizerSelection = .none,
                          renderer: String? = nil) -> String {
        "\(cacheRoot)/\(program.cacheFolder)/\(commit)\(features?.cacheFolderSuffix ?? "")\(sanitizers.cacheFolderSuffix)\(renderer.map { "+\($0)" } ?? "")"
    }

    /// The command that builds the program for a commit (with `--features` unless shipped).
    public func buildCommand(commit: String, features: EngineFeatureSelection? = nil, sanitizers: SanitizerSelection = .none,
                             renderer: String? = nil) -> String {
        let featureFlag = (features.map { $0 == .shipped ? "" : " --features \($0)" } ?? "")
            + (sanitizers == .none ? "" : " --sanitize \(sanitizers)") + (renderer.map { " --renderer \($0)" } ?? "")
        guard let gitDirectory, gitDirectory != Self.managedClone(program, cacheRoot: cacheRoot) else {
            return "\(program.buildCommand) --commit \(commit)\(featureFlag)"
        }
        return "\(program.buildCommand) --git-dir \(gitDirectory) --commit \(commit)\(featureFlag)"
    }

    /// The full sha of a revision.
    public func resolve(revision: String?) throws(CachedProgramError) -> String {
        let wanted = revision ?? "HEAD"
        var isDirectory: ObjCBool = false
        guard let gitDirectory, FileManager.default.fileExists(atPath: gitDirectory, isDirectory: &isDirectory), isDirectory.boolValue else {
            if Self.isFullSha(wanted) { return wanted.lowercased() }
            throw .noGitDirectory(program, gitDirectory)
        }
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        // No child processes there (Foundation's Process is unavailable); HarnessSupport still
        // builds for them because ConformanceCore, which iOS test targets link, depends on it.
        if Self.isFullSha(wanted) { return wanted.lowercased() }
        throw .noGitDirectory(program, "\(gitDirectory) (git cannot run on this platform)")
        #else
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", gitDirectory, "rev-parse", "--verify", "-q", "\(wanted)^{commit}"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            if Self.isFullSha(wanted) { return wanted.lowercased() }
            throw .noGitDirectory(program, "\(gitDirectory) (git could not run: \(error.localizedDescription))")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let sha = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationStatus == 0, Self.isFullSha(sha) else {
            throw .unknownRevision(program, wanted, gitDirectory: gitDirectory)
        }
        return sha
        #endif
    }

    private static func isFullSha(_ text: String) -> Bool {
        text.count == 40 && text.allSatisfy(\.isHexDigit)
    }
}

/// Why no cached program could be found.
public enum CachedProgramError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The revision is not a commit of the git directory.
    case unknownRevision(CachedProgram, String, gitDirectory: String)
    /// The git directory is not set or does not exist, and the revision is not a full sha.
    case noGitDirectory(CachedProgram, String?)
    /// Nothing is built for the commit.
    case notBuilt(CachedProgram, commit: String, command: String)
    /// The key folder holds a build from before the build scripts wrote `manifest.txt`.
    case noManifest(CachedProgram, folder: String, command: String)

    /// A stable code: `<adapter>.unknown-revision`, `<adapter>.no-git-directory`, `<adapter>.not-built`.
    public var code: String {
        switch self {
        case .unknownRevision(let program, _, _): "\(program.adapter).unknown-revision"
        case .noGitDirectory(let program, _): "\(program.adapter).no-git-directory"
        case .notBuilt(let program, _, _), .noManifest(let program, _, _): "\(program.adapter).not-built"
        }
    }

    /// What went wrong and the next step.
    public var description: String {
        switch self {
        case .unknownRevision(_, let revision, let gitDirectory):
            "'\(revision)' is not a commit of \(gitDirectory); list commits with: git -C \(gitDirectory) log --oneline | head"
        case .noGitDirectory(let program, let directory?):
            "the \(program.repository) git directory \(directory) does not exist; set \(program.gitDirectoryVariable) to a clone, or pass a full 40-digit commit sha"
        case .noGitDirectory(let program, nil):
            "no \(program.repository) git directory is set; set \(program.gitDirectoryVariable) to a clone of rive-app/\(program.repository), "
                + "run \(program.buildCommand) (it clones \(program.upstreamURL) into the cache), or pass a full 40-digit commit sha"
        case .notBuilt(let program, let commit, let command):
            "no \(program.adapter) adapter program is built for \(program.repository) commit \(commit); build it with: \(command)"
        case .noManifest(_, let folder, let command):
            "\(folder) was built before the build scripts wrote \(CachedBuildManifest.fileName), so it names no program; "
                + "rebuild it with: \(command) (a warm rebuild takes seconds)"
        }
    }
}
