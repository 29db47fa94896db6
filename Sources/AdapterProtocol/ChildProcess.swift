import Foundation
import SystemCalls

/// A child process started with `/bin/sh -c COMMAND` in its own process group, with pipes on
/// its standard input, output and error.
///
/// Killing it kills the whole group, so a command such as `cd dir && ./adapter` cannot leave
/// a grandchild holding the pipes open.
final class ChildProcess: @unchecked Sendable {
    /// The child's process id (also its process group id).
    let pid: pid_t
    /// The write end of the child's standard input.
    let input: Int32
    /// The read end of the child's standard output.
    let output: Int32
    /// The read end of the child's standard error.
    let errorOutput: Int32
    private let lock = NSLock()
    private var exitStatus: String?

    /// Why a child could not be started.
    struct LaunchError: Error, CustomStringConvertible {
        /// What failed.
        var description: String
    }

    /// Starts `command` through `/bin/sh -c`.
    /// - Throws: `LaunchError` when the pipes or the process cannot be created.
    init(command: String, environment: [String: String]) throws(LaunchError) {
        ChildProcess.ignoreBrokenPipes
        // Created close-on-exec atomically: a child another thread starts meanwhile must not
        // inherit these pipes (a child holding another's stdout open would hide its exit).
        var pipes: [(read: Int32, write: Int32)] = []
        for _ in 0..<3 {
            guard let pipe = SystemCalls.makeCloseOnExecPipe() else {
                let reason = SystemCalls.lastErrorDescription
                for made in pipes { close(made.read); close(made.write) }
                throw LaunchError(description: "cannot create pipes: \(reason)")
            }
            pipes.append(pipe)
        }
        let (stdinPipe, stdoutPipe, stderrPipe) = (pipes[0], pipes[1], pipes[2])
        let spawned = SystemCalls.spawnInOwnProcessGroup(
            arguments: ["/bin/sh", "-c", Self.shellCommand(command)],
            environment: environment.map { "\($0.key)=\($0.value)" },
            standardInput: stdinPipe.read, standardOutput: stdoutPipe.write, standardError: stderrPipe.write)
        close(stdinPipe.read)
        close(stdoutPipe.write)
        close(stderrPipe.write)
        let childPID: pid_t
        switch spawned {
        case .success(let started): childPID = started
        case .failure(let error):
            close(stdinPipe.write)
            close(stdoutPipe.read)
            close(stderrPipe.read)
            throw LaunchError(description: "cannot start /bin/sh: \(error.description)")
        }
        pid = childPID
        // Non-blocking, so a write into a full pipe returns and its caller can have the child's
        // output read meanwhile (`write(_:whenFull:)`).
        _ = fcntl(stdinPipe.write, F_SETFL, fcntl(stdinPipe.write, F_GETFL) | O_NONBLOCK)
        input = stdinPipe.write
        output = stdoutPipe.read
        errorOutput = stderrPipe.read
    }

    /// The text `/bin/sh -c` runs: `exec COMMAND` when the command is one simple command
    /// (words of plain characters and quotes, no shell syntax, not a builtin or an assignment),
    /// else the command itself.
    ///
    /// With `exec` the adapter program is the child itself, not a shell waiting for it: when
    /// the program closes its standard output or exits, the harness sees it at once, even if
    /// the shell would have kept the pipe open or something the program started holds it.
    static func shellCommand(_ command: String) -> String {
        let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _./:,@%+=~-'\"")
        guard !command.isEmpty, command.allSatisfy({ plain.contains($0) }) else { return command }
        // Quotes must pair up, or the shell would read past the end.
        guard command.filter({ $0 == "'" }).count % 2 == 0, command.filter({ $0 == "\"" }).count % 2 == 0 else { return command }
        let first = command.split(separator: " ").first.map(String.init) ?? ""
        let unquoted = first.filter { $0 != "'" && $0 != "\"" }
        let builtins: Set<String> = ["cd", "export", "read", "exit", "set", "unset", "shift", "trap", "eval", "exec", ".", ":", "return",
                                     "break", "continue", "alias", "umask", "wait", "ulimit", "local", "readonly", "times", "getopts",
                                     "command", "type", "hash", "jobs", "fg", "bg", "if", "while", "until", "for", "case", "time"]
        guard !unquoted.isEmpty, !first.contains("="), !builtins.contains(unquoted) else { return command }
        return "exec " + command
    }

    /// Writing to a child that has exited must fail with EPIPE, not stop the harness.
    private static let ignoreBrokenPipes: Void = SystemCalls.ignoreBrokenPipes()

    /// Writes all bytes to the child's standard input, waiting for room while the pipe is full;
    /// `whenFull` runs (once, before the first wait) when it is.
    /// - Returns: `false` when the child closed its input.
    func write(_ bytes: [UInt8], whenFull: () -> Void) -> Bool {
        var calledWhenFull = false
        return bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = SystemCalls.write(input, UnsafeRawBufferPointer(rebasing: buffer[offset...]))
                if written >= 0 {
                    offset += written
                    continue
                }
                switch errno {
                case EINTR: continue
                case EAGAIN:
                    if !calledWhenFull {
                        calledWhenFull = true
                        whenFull()
                    }
                    var room = pollfd(fd: input, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&room, 1, 200)
                default: return false
                }
            }
            return true
        }
    }

    /// Closes the child's standard input, which tells a well-behaved server to exit.
    func closeInput() { close(input) }

    /// Kills the child's process group.
    func kill() { SystemCalls.signalProcessGroup(pid, SIGKILL) }

    /// Waits for the child to exit (killing it after `grace` seconds) and describes how it ended.
    @discardableResult
    func reap(grace: Double) -> String {
        lock.lock()
        if let exitStatus {
            lock.unlock()
            return exitStatus
        }
        lock.unlock()
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(grace)
        var result = waitpid(pid, &status, WNOHANG)
        while result == 0, Date() < deadline {
            usleep(5_000)
            result = waitpid(pid, &status, WNOHANG)
        }
        if result == 0 {
            kill()
            result = waitpid(pid, &status, 0)
        }
        let description = result < 0 ? "exited" : Self.describe(status)
        lock.lock()
        defer { lock.unlock() }
        if let exitStatus { return exitStatus }
        exitStatus = description
        return description
    }

    /// Waits up to `grace` seconds for the child to exit, without killing it.
    /// - Returns: how it ended, or `nil` when it is still running.
    func reap(grace: Double, killing: Bool) -> String? {
        guard !killing else { return reap(grace: grace) }
        let deadline = Date().addingTimeInterval(grace)
        while true {
            if let how = exitIfEnded() { return how }
            if Date() >= deadline { return nil }
            usleep(2_000)
        }
    }

    /// How the child ended when it has exited, without waiting; `nil` while it runs.
    func exitIfEnded() -> String? {
        lock.lock()
        if let exitStatus {
            lock.unlock()
            return exitStatus
        }
        lock.unlock()
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        guard result != 0 else { return nil }
        let description = result < 0 ? "exited" : Self.describe(status)
        lock.lock()
        defer { lock.unlock() }
        if let exitStatus { return exitStatus }
        exitStatus = description
        return description
    }

    /// `exited with status N` or `was killed by signal S (name)` for a `waitpid` status.
    private static func describe(_ status: Int32) -> String {
        if status & 0x7f == 0 { return "exited with status \((status >> 8) & 0xff)" }
        let signal = status & 0x7f
        return "was killed by signal \(signal) (\(SystemCalls.describe(signal: signal)))"
    }

    /// Closes the read ends once both readers are done.
    func closeOutputs() {
        close(output)
        close(errorOutput)
    }
}

/// The last bytes a child wrote to its standard error, kept per scenario.
final class StandardErrorTail: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: [UInt8] = []
    /// How many bytes are kept (64 KiB).
    static let capacity = 64 * 1024

    /// Appends bytes, dropping the oldest beyond the capacity.
    func append(_ chunk: ArraySlice<UInt8>) {
        lock.lock()
        defer { lock.unlock() }
        bytes.append(contentsOf: chunk)
        if bytes.count > Self.capacity { bytes.removeFirst(bytes.count - Self.capacity) }
    }

    /// Forgets what was kept (a new scenario starts).
    func reset() {
        lock.lock()
        defer { lock.unlock() }
        bytes.removeAll(keepingCapacity: true)
    }

    /// The last `characters` characters kept, trimmed, or `nil` when nothing was written.
    func tail(characters: Int = 2000) -> String? {
        lock.lock()
        let text = String(decoding: bytes, as: UTF8.self)
        lock.unlock()
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        return trimmed.count > characters ? "…" + String(trimmed.suffix(characters)) : trimmed
    }
}
