import Foundation

/// Finds the `rive-cpp-driver` program that `scripts/build-rive-cpp` cached for a runtime commit.
///
/// The build script keeps each build under `<cache>/rive-cpp/<full commit sha>/` and links
/// `rive-cpp-driver` there to the latest driver it built for that commit. The commit is
/// resolved in the runtime's git directory (the mirror by default), so `HEAD`, a branch or
/// a short sha all work; a full 40-digit sha works without a git directory.
public struct RiveCppDriverLocator: Sendable {
    /// The cache root (`$RIVE_HARNESS_CACHE`, else `~/.cache/rive-harness`).
    public var cacheRoot: String
    /// The runtime's git directory (`$RIVE_RUNTIME_GIT_DIR`, else the mirror), when it exists.
    public var gitDirectory: String

    /// The default mirror of `rive-app/rive-runtime` on this machine.
    public static let defaultGitDirectory = "/work/.mirror/rive-app+rive-runtime/repo"

    /// Creates a locator; `nil` values come from the environment and the defaults.
    public init(cacheRoot: String? = nil, gitDirectory: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let home = environment["HOME"] ?? NSHomeDirectory()
        self.cacheRoot = cacheRoot ?? environment["RIVE_HARNESS_CACHE"] ?? "\(home)/.cache/rive-harness"
        self.gitDirectory = gitDirectory ?? environment["RIVE_RUNTIME_GIT_DIR"] ?? Self.defaultGitDirectory
    }

    /// A located driver: its path and the runtime commit it was built from.
    public struct Driver: Sendable, Hashable {
        /// The executable.
        public var path: String
        /// The full commit sha of the runtime.
        public var commit: String

        /// Creates a located driver.
        public init(path: String, commit: String) {
            self.path = path
            self.commit = commit
        }
    }

    /// The cached driver for a revision (`nil`: the git directory's `HEAD`).
    /// - Throws: `RiveCppDriverError` when the revision cannot be resolved or no driver is cached,
    ///   with the one command that builds it.
    public func locate(revision: String?) throws(RiveCppDriverError) -> Driver {
        let commit = try resolve(revision: revision)
        let path = "\(cacheRoot)/rive-cpp/\(commit)/rive-cpp-driver"
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw .notBuilt(commit: commit, command: buildCommand(commit: commit))
        }
        return Driver(path: path, commit: commit)
    }

    /// The command that builds the driver for a commit.
    public func buildCommand(commit: String) -> String {
        gitDirectory == Self.defaultGitDirectory
            ? "scripts/build-rive-cpp --commit \(commit)"
            : "scripts/build-rive-cpp --git-dir \(gitDirectory) --commit \(commit)"
    }

    /// The full sha of a revision.
    public func resolve(revision: String?) throws(RiveCppDriverError) -> String {
        let wanted = revision ?? "HEAD"
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: gitDirectory, isDirectory: &isDirectory), isDirectory.boolValue else {
            if Self.isFullSha(wanted) { return wanted.lowercased() }
            throw .noGitDirectory(gitDirectory)
        }
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        // No child processes there (Foundation's Process is unavailable); HarnessSupport still
        // builds for them because ConformanceCore, which iOS test targets link, depends on it.
        if Self.isFullSha(wanted) { return wanted.lowercased() }
        throw .noGitDirectory("\(gitDirectory) (git cannot run on this platform)")
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
            throw .noGitDirectory("\(gitDirectory) (git could not run: \(error.localizedDescription))")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let sha = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationStatus == 0, Self.isFullSha(sha) else {
            throw .unknownRevision(wanted, gitDirectory: gitDirectory)
        }
        return sha
        #endif
    }

    private static func isFullSha(_ text: String) -> Bool {
        text.count == 40 && text.allSatisfy(\.isHexDigit)
    }
}

/// Why no `rive-cpp-driver` could be found.
public enum RiveCppDriverError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The revision is not a commit of the git directory.
    case unknownRevision(String, gitDirectory: String)
    /// The git directory does not exist and the revision is not a full sha.
    case noGitDirectory(String)
    /// The driver for the commit has not been built.
    case notBuilt(commit: String, command: String)

    /// A stable code: `rive-cpp.unknown-revision`, `rive-cpp.no-git-directory`, `rive-cpp.not-built`.
    public var code: String {
        switch self {
        case .unknownRevision: "rive-cpp.unknown-revision"
        case .noGitDirectory: "rive-cpp.no-git-directory"
        case .notBuilt: "rive-cpp.not-built"
        }
    }

    /// What went wrong and the next step.
    public var description: String {
        switch self {
        case .unknownRevision(let revision, let gitDirectory):
            "'\(revision)' is not a commit of \(gitDirectory); list commits with: git -C \(gitDirectory) log --oneline | head"
        case .noGitDirectory(let directory):
            "the rive-runtime git directory \(directory) does not exist; set RIVE_RUNTIME_GIT_DIR to a clone, or pass a full 40-digit commit sha"
        case .notBuilt(let commit, let command):
            "no rive-cpp driver is built for runtime commit \(commit); build it with: \(command)"
        }
    }
}
