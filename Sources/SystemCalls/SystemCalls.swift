#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The operating-system calls the harness makes, the one place where Linux and macOS differ.
///
/// Every other module calls these instead of spelling `Glibc.` or `Darwin.`, so the package
/// builds on both systems from one set of sources.
public enum SystemCalls {
    /// The text of an `errno` value, for example `No such file or directory`.
    public static func describe(errorCode code: Int32) -> String { String(cString: strerror(code)) }

    /// The text of the current `errno`.
    public static var lastErrorDescription: String { describe(errorCode: errno) }

    /// Writes every byte to a file descriptor, at its current position or, with `fileOffset`,
    /// at that offset of a file (`pwrite`), retrying after signals and short writes.
    /// - Returns: `false` when the descriptor refused a write (the reader closed its end).
    public static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer, fileOffset: Int? = nil) -> Bool {
        var offset = 0
        while offset < buffer.count {
            let written: Int
            if let fileOffset {
                written = pwrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset, off_t(fileOffset + offset))
            } else {
                #if canImport(Glibc)
                written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #else
                written = Darwin.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #endif
            }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    /// One `write` of a buffer: the bytes written, or -1 with `errno` set.
    public static func write(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, buffer.baseAddress, buffer.count)
        #else
        Darwin.write(descriptor, buffer.baseAddress, buffer.count)
        #endif
    }

    /// Fills a buffer from a file at an offset (`pread`), retrying after signals and short reads.
    /// - Returns: `false` when the file ends first or the read fails.
    public static func readAll(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, fileOffset: Int) -> Bool {
        var offset = 0
        while offset < buffer.count {
            let count = pread(descriptor, buffer.baseAddress! + offset, buffer.count - offset, off_t(fileOffset + offset))
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            offset += count
        }
        return true
    }

    /// Writes every byte to a file descriptor; see `writeAll(_:_:fileOffset:)`.
    public static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { writeAll(descriptor, $0) }
    }

    /// Sends a signal to every process of a process group.
    public static func signalProcessGroup(_ group: pid_t, _ signal: Int32) {
        #if canImport(Glibc)
        _ = Glibc.kill(-group, signal)
        #else
        _ = Darwin.kill(-group, signal)
        #endif
    }

    /// Makes writing to a pipe whose reader exited fail with `EPIPE` instead of ending the process.
    public static func ignoreBrokenPipes() { signal(SIGPIPE, SIG_IGN) }

    /// glibc's `pipe2`, which Swift's Glibc module does not import (it needs `_GNU_SOURCE`).
    #if canImport(Glibc)
    private static let pipe2: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32)? =
        dlsym(nil, "pipe2").map { unsafeBitCast($0, to: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32).self) }
    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34 and later), which Swift's
    /// Glibc module does not import.
    private static let addCloseFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? =
        dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map {
            unsafeBitCast($0, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
        }
    #endif

    /// Creates a close-on-exec pipe, atomically where the C library allows (`pipe2` on Linux).
    /// - Returns: the read and write ends, or `nil` with `errno` set.
    public static func makeCloseOnExecPipe() -> (read: Int32, write: Int32)? {
        var descriptors: [Int32] = [-1, -1]
        let made = descriptors.withUnsafeMutableBufferPointer { buffer -> Bool in
            #if canImport(Glibc)
            if let pipe2 { return pipe2(buffer.baseAddress!, O_CLOEXEC) == 0 }
            #endif
            guard pipe(buffer.baseAddress!) == 0 else { return false }
            for descriptor in buffer { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
            return true
        }
        return made ? (descriptors[0], descriptors[1]) : nil
    }

    /// Starts `arguments[0]` (a path) in a process group of its own, with the given descriptors
    /// as its standard input, output and error, no other descriptor of this process (a pipe
    /// another thread opened without close-on-exec, such as Foundation's `Pipe`, would
    /// otherwise stay open in the child and its reader never see the end) and `SIGPIPE` at its
    /// default action.
    /// - Returns: the child's process id, or the `posix_spawn` error code.
    public static func spawnInOwnProcessGroup(arguments: [String], environment: [String], standardInput: Int32,
                                              standardOutput: Int32, standardError: Int32) -> Result<pid_t, SpawnError> {
        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #else
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, standardInput, 0)
        posix_spawn_file_actions_adddup2(&actions, standardOutput, 1)
        posix_spawn_file_actions_adddup2(&actions, standardError, 2)
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        #if canImport(Glibc)
        _ = addCloseFrom?(&actions, 3)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))
        #else
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_CLOEXEC_DEFAULT))
        #endif
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaultSignals = sigset_t()
        sigemptyset(&defaultSignals)
        sigaddset(&defaultSignals, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        var childPID: pid_t = 0
        let status = withCStrings(arguments) { argv in
            withCStrings(environment) { envp in
                posix_spawn(&childPID, arguments[0], &actions, &attributes, argv, envp)
            }
        }
        return status == 0 ? .success(childPID) : .failure(SpawnError(code: status))
    }

    /// Why `posix_spawn` refused to start a program.
    public struct SpawnError: Error, Sendable {
        /// The error code `posix_spawn` returned.
        public let code: Int32
        /// The code's text.
        public var description: String { SystemCalls.describe(errorCode: code) }
    }

    /// The name of a signal, for example `Killed` for `SIGKILL`.
    public static func describe(signal: Int32) -> String { String(cString: strsignal(signal)) }

    /// The system-wide monotonic clock in nanoseconds (`CLOCK_MONOTONIC`, the same in every process).
    @inlinable public static func monotonicNanoseconds() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }

    /// Waits until a descriptor is readable: first by asking again and again without sleeping
    /// for up to `spinNanoseconds`, then by sleeping in `poll` for at most `timeoutMilliseconds`.
    ///
    /// A peer that answers within the spin is seen without the scheduler's wake-up, which on an
    /// idle machine costs more than the pipe itself (tens of microseconds against one or two).
    /// - Returns: what `poll` returned last: above 0 readable (or at its end), 0 timed out,
    ///   below 0 failed with `errno` set.
    public static func waitReadable(_ descriptor: Int32, spinNanoseconds: UInt64, timeoutMilliseconds: Int32) -> Int32 {
        var entries = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
        return waitReadable(&entries, spinNanoseconds: spinNanoseconds, timeoutMilliseconds: timeoutMilliseconds)
    }

    /// Waits until one of several descriptors is readable (or hung up), as `waitReadable(_:spinNanoseconds:timeoutMilliseconds:)`
    /// does for one; each entry's `revents` tells which.
    /// - Returns: `poll`'s result: how many are ready, 0 after the timeout, -1 with `errno` set.
    public static func waitReadable(_ entries: inout [pollfd], spinNanoseconds: UInt64, timeoutMilliseconds: Int32) -> Int32 {
        let count = nfds_t(entries.count)
        if spinNanoseconds > 0 {
            let start = monotonicNanoseconds()
            repeat {
                let ready = poll(&entries, count, 0)
                if ready != 0 { return ready }
            } while monotonicNanoseconds() &- start < spinNanoseconds
        }
        return poll(&entries, count, timeoutMilliseconds)
    }

    /// How long a process-adapter endpoint spins for the peer's next line before sleeping, in
    /// nanoseconds: `RIVE_HARNESS_SPIN_MICROSECONDS` (0 turns spinning off), else 50 µs.
    public static let pipeSpinNanoseconds: UInt64 = {
        guard let text = getenv("RIVE_HARNESS_SPIN_MICROSECONDS").map({ String(cString: $0) }),
              let micros = UInt64(text) else { return 50_000 }
        return micros * 1000
    }()

    /// What a path names, following links, as far as reading it whole is concerned.
    public enum PathKind: Equatable, Sendable {
        /// A regular file the process may read.
        case readableFile
        /// A regular file the process may not read, with the reason.
        case unreadableFile(String)
        /// A folder.
        case folder
        /// A FIFO (named pipe): reading it would block.
        case fifo
        /// A character or block device.
        case device
        /// A socket.
        case socket
        /// Something else that is not a regular file.
        case otherNonRegular
        /// A symbolic link whose target does not exist (or loops), with the reason.
        case danglingLink(String)
        /// The path cannot be examined at all (missing, permission denied), with the reason.
        case inaccessible(String)
    }

    /// Classifies a path with `stat`, `lstat` and `access`.
    public static func kind(ofPath path: String) -> PathKind {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let reason = lastErrorDescription
            var linkInfo = stat()
            if lstat(path, &linkInfo) == 0, linkInfo.st_mode & S_IFMT == S_IFLNK { return .danglingLink(reason) }
            return .inaccessible(reason)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return access(path, R_OK) == 0 ? .readableFile : .unreadableFile(lastErrorDescription)
        case S_IFDIR: return .folder
        case S_IFIFO: return .fifo
        case S_IFCHR, S_IFBLK: return .device
        case S_IFSOCK: return .socket
        default: return .otherNonRegular
        }
    }

    /// Calls `body` with a NULL-terminated C array of the strings.
    private static func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
        var pointers = strings.map { strdup($0) }
        pointers.append(nil)
        defer { pointers.forEach { free($0) } }
        return body(pointers)
    }
}
