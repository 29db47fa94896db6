#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HarnessSupport

/// Whole-file reads over POSIX calls and atomic whole-file writes.
enum FileIO {
    /// Writes bytes atomically (see `AtomicFile.write`).
    /// - Throws: `RenderingError.file` with the system's message.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws {
        do { try AtomicFile.write(bytes, to: path) } catch { throw RenderingError.file(path: path, message: error.reason) }
    }

    /// Reads a whole file.
    /// - Throws: `RenderingError.file` with the system's message.
    static func contents(ofFile path: String) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw failure(path) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// The current `errno` as a `RenderingError.file` for a path.
    private static func failure(_ path: String) -> RenderingError {
        .file(path: path, message: String(cString: strerror(errno)))
    }
}
