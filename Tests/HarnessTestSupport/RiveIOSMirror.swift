import Foundation

/// Locates a rive-ios git directory for tests that read its files at a commit.
///
/// The directory comes from `RIVE_IOS_GIT_DIR` only (a bare or mirror git dir works); tests
/// that need it are skipped with `absentComment` when it is unset or is not a directory.
/// Files are read with `git show COMMIT:PATH` and never copied into the project.
public enum RiveIOSMirror {
    /// The git directory named by `RIVE_IOS_GIT_DIR`, when it exists.
    public static let gitDirectory: URL? = {
        guard let path = ProcessInfo.processInfo.environment["RIVE_IOS_GIT_DIR"], !path.isEmpty else { return nil }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { return nil }
        return URL(fileURLWithPath: path)
    }()

    /// Whether a rive-ios git directory is available.
    public static var isAvailable: Bool { gitDirectory != nil }

    /// The comment shown when a test is skipped because no rive-ios git directory is given.
    public static let absentComment = "skipped: set RIVE_IOS_GIT_DIR to a rive-ios git directory (for example a mirror) to run this test"

    /// The paths of the files under `folder` at `commit`, sorted.
    /// - Throws: when git fails.
    public static func files(under folder: String, at commit: String = "HEAD") throws -> [String] {
        try git(["ls-tree", "-r", "--name-only", commit, folder]).split(separator: "\n").map(String.init).sorted()
    }

    /// The text of one file at `commit`.
    /// - Throws: when git fails.
    public static func contents(of path: String, at commit: String = "HEAD") throws -> String {
        try git(["show", "\(commit):\(path)"])
    }

    /// A failure of a git command, with what it printed.
    public struct GitError: Error, CustomStringConvertible {
        public let description: String
    }

    private static func git(_ arguments: [String]) throws -> String {
        guard let gitDirectory else { throw GitError(description: absentComment) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "--git-dir=\(gitDirectory.path)"] + arguments
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw GitError(description: "git \(arguments.joined(separator: " ")) failed: \(String(decoding: errorData, as: UTF8.self))")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
