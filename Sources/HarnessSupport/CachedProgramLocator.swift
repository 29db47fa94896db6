import Foundation

/// A program that one of the build scripts caches by commit: where the build keeps it, which
/// repository's commits name it, and the command that builds it.
public struct CachedProgram: Sendable, Hashable {
    /// The adapter name the program serves, which prefixes the error codes (`rive-cpp`, `apple`).
    public var adapter: String
    /// The repository whose commits key the cache (`rive-runtime`, `rive-ios`).
    public var repository: String
    /// The cache subfolder that holds one folder per full commit sha.
    public var cacheFolder: String
    /// The program's path inside a commit's folder (a link the build script keeps current).
    public var pathInCommitFolder: String
    /// The environment variable that names the repository's git directory.
    public var gitDirectoryVariable: String
    /// The git directory used when the variable is unset, if the program has one.
    public var defaultGitDirectory: String?
    /// The build script and the flags it needs to build the program.
    public var buildCommand: String

    /// `rive-cpp-driver`, built by `scripts/build-rive-cpp` for a rive-runtime commit.
    public static let riveCppDriver = CachedProgram(
        adapter: "rive-cpp", repository: "rive-runtime", cacheFolder: "rive-cpp", pathInCommitFolder: "rive-cpp-driver",
        gitDirectoryVariable: "RIVE_RUNTIME_GIT_DIR", defaultGitDirectory: nil,
        buildCommand: "scripts/build-rive-cpp")

    /// `rive-harness-apple-adapter`, built by `scripts/build-rive-ios --adapter` for a rive-ios commit.
    public static let appleAdapter = CachedProgram(
        adapter: "apple", repository: "rive-ios", cacheFolder: "rive-ios", pathInCommitFolder: "current/bin/rive-harness-apple-adapter",
        gitDirectoryVariable: "RIVE_IOS_GIT_DIR", defaultGitDirectory: nil,
        buildCommand: "scripts/build-rive-ios --adapter")
}

/// Finds a program a build script cached for a commit (`CachedProgram`).
///
/// The build scripts keep each build under `<cache>/<cacheFolder>/<full commit sha>/` and keep
/// `pathInCommitFolder` there linked to the latest program built for that commit. The commit is
/// resolved in the repository's git directory, so `HEAD`, a branch or a short sha all work; a
/// full 40-digit sha works without a git directory.
public struct CachedProgramLocator: Sendable {
    /// What is looked for.
    public var program: CachedProgram
    /// The cache root (`$RIVE_HARNESS_CACHE`, else `~/.cache/rive-harness`).
    public var cacheRoot: String
    /// The repository's git directory (its environment variable, else the program's default), if any.
    public var gitDirectory: String?

    /// Creates a locator; `nil` values come from the environment and the program's defaults.
    public init(_ program: CachedProgram, cacheRoot: String? = nil, gitDirectory: String? = nil,
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.program = program
        let home = environment["HOME"] ?? NSHomeDirectory()
        self.cacheRoot = cacheRoot ?? environment["RIVE_HARNESS_CACHE"] ?? "\(home)/.cache/rive-harness"
        self.gitDirectory = gitDirectory ?? environment[program.gitDirectoryVariable].flatMap { $0.isEmpty ? nil : $0 }
            ?? program.defaultGitDirectory
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
    /// given engine features (`nil`: the program has no feature variants).
    /// - Throws: `CachedProgramError` when the revision cannot be resolved or nothing is cached,
    ///   with the one command that builds it.
    public func locate(revision: String?, features: EngineFeatureSelection? = nil,
                       sanitizers: SanitizerSelection = .none) throws(CachedProgramError) -> Located {
        let commit = try resolve(revision: revision)
        let folder = commit + (features?.cacheFolderSuffix ?? "") + sanitizers.cacheFolderSuffix
        let path = "\(cacheRoot)/\(program.cacheFolder)/\(folder)/\(program.pathInCommitFolder)"
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw .notBuilt(program, commit: commit, command: buildCommand(commit: commit, features: features, sanitizers: sanitizers))
        }
        return Located(path: path, commit: commit)
    }

    /// The command that builds the program for a commit (with `--features` unless shipped).
    public func buildCommand(commit: String, features: EngineFeatureSelection? = nil, sanitizers: SanitizerSelection = .none) -> String {
        let featureFlag = (features.map { $0 == .shipped ? "" : " --features \($0)" } ?? "")
            + (sanitizers == .none ? "" : " --sanitize \(sanitizers)")
        guard let gitDirectory, gitDirectory != program.defaultGitDirectory else {
            return program.defaultGitDirectory == nil
                ? "\(program.buildCommand) --git-dir DIR --commit \(commit)\(featureFlag)"
                : "\(program.buildCommand) --commit \(commit)\(featureFlag)"
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

    /// A stable code: `<adapter>.unknown-revision`, `<adapter>.no-git-directory`, `<adapter>.not-built`.
    public var code: String {
        switch self {
        case .unknownRevision(let program, _, _): "\(program.adapter).unknown-revision"
        case .noGitDirectory(let program, _): "\(program.adapter).no-git-directory"
        case .notBuilt(let program, _, _): "\(program.adapter).not-built"
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
            "no \(program.repository) git directory is set; set \(program.gitDirectoryVariable) to a clone of rive-app/\(program.repository), or pass a full 40-digit commit sha"
        case .notBuilt(let program, let commit, let command):
            "no \(program.adapter) adapter program is built for \(program.repository) commit \(commit); build it with: \(command)"
        }
    }
}
