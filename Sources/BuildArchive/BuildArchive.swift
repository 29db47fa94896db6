#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Foundation
import HarnessSupport

/// Why a build archive could not be read or changed.
public struct BuildArchiveError: HarnessError, Sendable, Hashable {
    /// The stable code (`archive.unreachable`, `archive.read-only`, `archive.cannot-write`).
    public var code: String?
    /// What happened, and where.
    public var message: String
    /// What to do next.
    public var hint: String?
    /// Bad input (3) for an archive that cannot be read or written to; internal (4) for a failed write.
    public var exitCode: ExitCode

    /// Creates an error.
    public init(code: String, message: String, hint: String?, exitCode: ExitCode) {
        self.code = code
        self.message = message
        self.hint = hint
        self.exitCode = exitCode
    }
}

/// A build archive (docs/build-archive.md): a folder holding `index.tsv` and `builds/ENTRY.tar.gz`,
/// or the same read-only at an http(s) URL prefix. `scripts/lib/build-archive.bash` adds entries;
/// this reads the index and prunes a folder archive.
public struct BuildArchive: Sendable, Hashable {
    /// The environment variable naming the default archive, shared with the build scripts.
    public static let environmentVariable = "RIVE_HARNESS_ARCHIVE"

    /// Where the archive is.
    public enum Location: Sendable, Hashable {
        /// A folder on this machine (or a mounted share).
        case folder(String)
        /// An http:// or https:// prefix, read-only.
        case url(String)
    }

    /// Where the archive is.
    public var location: Location

    /// An archive at a folder path or URL prefix (`http://` or `https://`).
    public init(_ text: String) {
        if text.hasPrefix("http://") || text.hasPrefix("https://") {
            location = .url(text.hasSuffix("/") ? String(text.dropLast()) : text)
        } else {
            location = .folder(text)
        }
    }

    /// The archive as given: the folder or the URL prefix.
    public var description: String {
        switch location {
        case .folder(let path): path
        case .url(let url): url
        }
    }

    /// Reads the index; a folder without one is an empty archive.
    /// - Throws: `BuildArchiveError` (`archive.unreachable`) when the URL's index cannot be
    ///   fetched or the folder's cannot be read.
    public func index() throws(BuildArchiveError) -> ArchiveIndex {
        switch location {
        case .folder(let path):
            let file = path + "/index.tsv"
            guard FileManager.default.fileExists(atPath: file) else { return ArchiveIndex(entries: []) }
            guard let data = FileManager.default.contents(atPath: file) else {
                throw BuildArchiveError(code: "archive.unreachable", message: "cannot read \(file)", hint: "check its permissions", exitCode: .badInput)
            }
            return ArchiveIndex(parsing: String(decoding: data, as: UTF8.self))
        case .url(let url):
            let outcome: Subprocess.Outcome
            do { outcome = try Subprocess.run("/usr/bin/env", ["curl", "-fsSL", "--max-time", "60", url + "/index.tsv"]) } catch {
                throw BuildArchiveError(code: "archive.unreachable", message: "cannot run curl to fetch \(url)/index.tsv: \(error.reason)",
                                        hint: "install curl", exitCode: .badInput)
            }
            guard outcome.status == 0 else {
                throw BuildArchiveError(code: "archive.unreachable", message: "cannot fetch \(url)/index.tsv: \(outcome.errorTail(lines: 1))",
                                        hint: "check the URL prefix (it must serve index.tsv and builds/) and the network", exitCode: .badInput)
            }
            return ArchiveIndex(parsing: outcome.standardOutput)
        }
    }

    /// Removes the entries `policy` selects from a folder archive: rewrites the index without
    /// them (atomically, holding `ARCHIVE/.lock` as the build scripts do while they add an
    /// entry), then deletes their files. With `dryRun` nothing changes.
    /// - Returns: the entries removed (or that would be).
    /// - Throws: `BuildArchiveError`: `archive.read-only` for a URL, `archive.unreachable` for an
    ///   unreadable index, `archive.cannot-write` when the index cannot be rewritten.
    public func prune(_ policy: PrunePolicy, dryRun: Bool) throws(BuildArchiveError) -> [ArchiveEntry] {
        guard case .folder(let path) = location else {
            throw BuildArchiveError(code: "archive.read-only", message: "\(description) is a URL prefix; it can be read, not pruned",
                                    hint: "prune the folder that is served there", exitCode: .badInput)
        }
        let lock = try Self.lock(folder: path)
        defer { close(lock) }
        let index = try index()
        let removed = policy.removals(from: index)
        guard !dryRun, !removed.isEmpty else { return removed }
        let names = Set(removed.map(\.name))
        let kept = ArchiveIndex(entries: index.entries.filter { !names.contains($0.name) })
        do { try AtomicFile.write(Array(kept.text.utf8), to: path + "/index.tsv") } catch {
            throw BuildArchiveError(code: "archive.cannot-write", message: error.description, hint: "check the folder's permissions", exitCode: .internalError)
        }
        for entry in removed { try? FileManager.default.removeItem(atPath: path + "/" + entry.filePath) }
        return removed
    }

    /// Opens and exclusively locks `folder/.lock`, waiting for a build that is adding an entry.
    private static func lock(folder: String) throws(BuildArchiveError) -> Int32 {
        let descriptor = open(folder + "/.lock", O_RDWR | O_CREAT, 0o644)
        guard descriptor >= 0 else {
            throw BuildArchiveError(code: "archive.cannot-write", message: "cannot open \(folder)/.lock: \(String(cString: strerror(errno)))",
                                    hint: "check that \(folder) is an archive folder you may write", exitCode: .badInput)
        }
        guard flock(descriptor, LOCK_EX) == 0 else {
            close(descriptor)
            throw BuildArchiveError(code: "archive.cannot-write", message: "cannot lock \(folder)/.lock: \(String(cString: strerror(errno)))",
                                    hint: nil, exitCode: .internalError)
        }
        return descriptor
    }
}
