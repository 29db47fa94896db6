#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file reads and atomic whole-file writes over POSIX calls.
enum FileIO {
    /// Writes bytes to a temporary file next to `path`, then renames it over `path`.
    ///
    /// Readers never see a half-written file, and a failed write leaves `path` as it was.
    /// - Throws: `RenderingError.file` with the system's message.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws {
        let temporaryPath = "\(path).tmp-\(getpid())"
        let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw failure(path) }
        var written = 0
        var writeError: RenderingError?
        bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let result = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    writeError = failure(path)
                    return
                }
                written += result
            }
        }
        if close(descriptor) != 0, writeError == nil {
            writeError = failure(path)
        }
        if writeError == nil, rename(temporaryPath, path) != 0 {
            writeError = failure(path)
        }
        if let writeError {
            unlink(temporaryPath)
            throw writeError
        }
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
