import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file writes that readers never see half done.
public enum AtomicFile {
    /// Writes bytes to a uniquely named temporary file in the destination's folder, then renames it over `path`.
    ///
    /// Creates the folder (and its parents) when missing. A failure leaves `path` as it was
    /// and removes the temporary file.
    /// - Throws: `AtomicFileError` naming the path and the system's reason.
    public static func write(_ bytes: [UInt8], to path: String) throws(AtomicFileError) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw AtomicFileError(path: path, reason: "cannot create the folder \(folder.path): \(error.localizedDescription)")
        }
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).tmp-\(UUID().uuidString)")
        do {
            try Data(bytes).write(to: temporary, options: .withoutOverwriting)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw AtomicFileError(path: path, reason: error.localizedDescription)
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw AtomicFileError(path: path, reason: reason)
        }
    }
}

/// Why an atomic write failed.
public struct AtomicFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file that could not be written.
    public var path: String
    /// The system's reason.
    public var reason: String

    /// Creates an error.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `cannot write PATH: REASON`, with what to check.
    public var description: String { "cannot write '\(path)': \(reason) (check that the folder exists and is writable)" }
}
