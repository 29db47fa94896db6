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
        if let reason = createFolders(folder.path) {
            throw AtomicFileError(path: path, reason: "cannot create the folder \(folder.path): \(reason)")
        }
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).tmp-\(UUID().uuidString)").path
        if let reason = writeNew(bytes, to: temporary) {
            unlink(temporary)
            throw AtomicFileError(path: path, reason: reason)
        }
        guard rename(temporary, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw AtomicFileError(path: path, reason: reason)
        }
    }

    /// Checks that files can be written into a folder by creating (and removing) a temporary
    /// file there, creating the folder and its parents first when missing.
    /// - Returns: `nil` when a file could be created, else the system's reason.
    public static func probeFolder(_ folder: String) -> String? {
        if let reason = createFolders(folder) { return "cannot create the folder \(folder): \(reason)" }
        let probe = (folder as NSString).appendingPathComponent(".rive-harness-probe-\(UUID().uuidString)")
        if let reason = writeNew([], to: probe) {
            unlink(probe)
            return "cannot create a file in \(folder): \(reason)"
        }
        unlink(probe)
        return nil
    }

    /// Creates a folder and its missing parents with `mkdir`.
    /// - Returns: `nil` when the folder exists or was made, else the system's reason
    ///   (`Not a directory` when a part of the path is a file).
    public static func createFolders(_ path: String) -> String? {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            return isDirectory.boolValue ? nil : "\(path) exists and is not a folder"
        }
        let components = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        var prefix = ""
        for component in components {
            prefix = prefix.isEmpty ? component : (prefix as NSString).appendingPathComponent(component)
            if mkdir(prefix, 0o777) == 0 { continue }
            let code = errno
            guard code == EEXIST else { return "\(prefix): \(String(cString: strerror(code)))" }
            if FileManager.default.fileExists(atPath: prefix, isDirectory: &isDirectory), !isDirectory.boolValue {
                return "\(prefix) exists and is not a folder"
            }
        }
        return nil
    }

    /// Creates a file that must not exist yet and writes all bytes to it.
    /// - Returns: `nil` on success, else the system's reason.
    private static func writeNew(_ bytes: [UInt8], to path: String) -> String? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        defer { close(descriptor) }
        return bytes.withUnsafeBytes { buffer -> String? in
            var offset = 0
            while offset < buffer.count {
                let written = posixWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                offset += written
            }
            return nil
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

    /// `cannot write PATH: REASON`.
    public var description: String { "cannot write '\(path)': \(reason)" }
}

/// The C library's `write(2)` (inside `AtomicFile` the name means its own `write`).
private func posixWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
