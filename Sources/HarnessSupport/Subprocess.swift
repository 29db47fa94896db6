#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Why a child program could not be started.
public struct SubprocessError: HarnessError, Sendable, Hashable {
    /// The program.
    public var executable: String
    /// Why it did not start.
    public var reason: String

    /// No code: the message says which program.
    public var code: String? { nil }
    /// `cannot start 'PROGRAM': why`.
    public var message: String { "cannot start '\(executable)': \(reason)" }
    /// What to check.
    public var hint: String? { "check that it exists and is executable" }
    /// A program that cannot start is the machine's failure, not the input's.
    public var exitCode: ExitCode { .internalError }
}

/// Runs a child program to completion, capturing its output: the rive-cpp bench program,
/// valgrind, git, and the harness itself for bisect and nightly.
public struct Subprocess {
    /// How a child ended and what it printed.
    public struct Outcome: Sendable {
        /// The exit status, or 128 + the signal number when a signal ended it.
        public let status: Int32
        /// Everything written to standard output.
        public let standardOutput: String
        /// Everything written to standard error.
        public let standardError: String
        /// Wall time, seconds.
        public let seconds: Double

        /// The last lines of standard error, for messages.
        public func errorTail(lines: Int = 6) -> String {
            let kept = standardError.split(separator: "\n", omittingEmptySubsequences: true).suffix(lines)
            return kept.isEmpty ? "(no output on stderr)" : kept.joined(separator: " | ")
        }
    }

    /// The path of the running `rive-harness` executable, for commands that run the harness again.
    public static var harnessExecutable: String {
        Bundle.main.executablePath ?? URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
    }

    /// Runs `executable` with arguments; `environment` entries are added to this process's.
    /// Output goes through temporary files, so a chatty child can never block on a full pipe.
    /// With `passThroughStandardError` the child's stderr is this process's (progress of long
    /// builds stays visible) and `standardError` is empty. With `standardErrorFile` the child's
    /// stderr is written to that file, which is kept (a log to follow while the child runs).
    /// - Throws: `SubprocessError` when the program cannot be started.
    /// `started` is told the child's process id as soon as it runs (to stop it with `stopTree`).
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                           passThroughStandardError: Bool = false, standardErrorFile: String? = nil,
                           started: (@Sendable (Int32) -> Void)? = nil) throws(SubprocessError) -> Outcome {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        // No child processes there (Foundation's Process is unavailable); HarnessSupport still
        // builds for them because ConformanceCore, which iOS test targets link, depends on it.
        throw SubprocessError(executable: executable, reason: "this platform cannot start processes")
        #else
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rive-harness-sub-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.standardInput = FileHandle.nullDevice
        let outputPath = folder.appendingPathComponent("stdout").path
        let errorPath = standardErrorFile ?? folder.appendingPathComponent("stderr").path
        let start = Date()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
            if passThroughStandardError {
                process.standardError = FileHandle.standardError
            } else {
                _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
                process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
            }
            liveChildren.waitUnlessInterrupted()
            try process.run()
            liveChildren.insert(process.processIdentifier)
            started?(process.processIdentifier)
        } catch {
            throw SubprocessError(executable: executable, reason: error.localizedDescription)
        }
        process.waitUntilExit()
        liveChildren.remove(process.processIdentifier)
        // A child stopped by an interrupt ended: the process exits; nothing may act on that end.
        liveChildren.waitUnlessInterrupted()
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        func text(_ path: String) -> String { FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? "" }
        return Outcome(status: status, standardOutput: text(outputPath), standardError: passThroughStandardError ? "" : text(errorPath),
                       seconds: Date().timeIntervalSince(start))
        #endif
    }

    /// Runs `executable` like `run` on a thread of its own, so the caller's task (and the
    /// cooperative thread pool) is free while the child works: several children can run at once.
    /// - Throws: `SubprocessError` when the program cannot be started.
    public static func runInBackground(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                                       standardErrorFile: String? = nil, started: (@Sendable (Int32) -> Void)? = nil)
        async throws(SubprocessError) -> Outcome
    {
        let result: Result<Outcome, SubprocessError> = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                do throws(SubprocessError) {
                    continuation.resume(returning: .success(try run(executable, arguments, environment: environment, standardErrorFile: standardErrorFile,
                                                                    started: started)))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        return try result.get()
    }

    /// Stops a child and every process it started (a build script's compilers): freezes the
    /// tree with SIGSTOP while listing it (`pgrep -P`, so nothing new starts between listing
    /// and killing), then sends each SIGKILL. The caller still waits for its own child.
    public static func stopTree(_ root: Int32) {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        return
        #else
        let tree = forEachProcess(inTreeOf: root) { _ = kill($0, SIGSTOP) }
        for pid in tree { _ = kill(pid, SIGKILL) }
        #endif
    }

    /// Sets the CPU priority (nice value) of a child and of every process it started; raising
    /// it back (a lower value) needs the privilege to, and is left undone without.
    /// - Returns: whether every process of the tree took the new value.
    @discardableResult
    public static func setPriority(ofTree root: Int32, niceness: Int32) -> Bool {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        return false
        #else
        #if os(Linux)
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        #else
        let which = PRIO_PROCESS
        #endif
        var allTook = true
        // A process that starts after its parent took the value inherits it.
        forEachProcess(inTreeOf: root) { pid in
            if setpriority(which, id_t(pid), niceness) != 0, errno != ESRCH { allTook = false }
        }
        return allTook
        #endif
    }

    /// Calls `visit` on a process, then on each process it started, level by level, each
    /// before its own children are listed (so a process stopped by `visit` starts none unseen).
    /// - Returns: the processes visited, the root first.
    @discardableResult
    private static func forEachProcess(inTreeOf root: Int32, _ visit: (Int32) -> Void) -> [Int32] {
        var tree: [Int32] = [root]
        var listed = 0
        visit(root)
        while listed < tree.count {
            let parent = tree[listed]
            listed += 1
            for child in childProcesses(of: parent) where !tree.contains(child) {
                visit(child)
                tree.append(child)
            }
        }
        return tree
    }

    /// The ids of the processes whose parent is `parent` (`pgrep -P`).
    private static func childProcesses(of parent: Int32) -> [Int32] {
        (output(of: "/usr/bin/env", ["pgrep", "-P", String(parent)]) ?? "").split(separator: "\n").compactMap { Int32($0) }
    }

    /// Runs a short program and returns its output (stdout and stderr) through a pipe, or `nil`
    /// when it cannot start or fails. Unlike `run` it neither keeps the child among those an
    /// interrupt stops nor waits once interrupted, so the interrupt handler can use it.
    static func output(of executable: String, _ arguments: [String]) -> String? {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        // No child processes there (Foundation's Process is unavailable); HarnessSupport still
        // builds for them because ConformanceCore, which iOS test targets link, depends on it.
        return nil
        #else
        guard FileManager.default.isExecutableFile(atPath: executable) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
        #endif
    }

    /// The children `run` started and has not yet seen end, for `stopChildrenOnInterrupt`.
    private static let liveChildren = LiveChildren()

    /// Makes SIGINT and SIGTERM stop every child `run` started that is still running, each with
    /// the processes it started (`stopTree`), and then end this process with 128 + the signal's
    /// number, as the signal would have. For commands whose children (engine builds) run in
    /// process groups of their own, which a terminal's Ctrl-C does not reach.
    public static func stopChildrenOnInterrupt(command: String) {
        #if !(os(iOS) || os(tvOS) || os(watchOS) || os(visionOS))
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                let children = liveChildren.interrupt()
                FileHandle.standardError.write(Data("\(command): \(number == SIGINT ? "interrupted" : "terminated"); stopping \(children.count) child process(es) and what they started\n".utf8))
                for child in children { stopTree(child) }
                exit(128 + number)
            }
            source.resume()
            interruptSources.append(source)
        }
        #endif
    }

    /// The signal sources `stopChildrenOnInterrupt` installed, kept alive for the process's life.
    nonisolated(unsafe) private static var interruptSources: [DispatchSourceSignal] = []

    /// Runs a shell command line with `/bin/sh -c`.
    /// - Throws: `SubprocessError` when the shell cannot be started.
    public static func shell(_ commandLine: String, environment: [String: String] = [:]) throws(SubprocessError) -> Outcome {
        try run("/bin/sh", ["-c", commandLine], environment: environment)
    }
}

/// The process ids of running children, shared by the threads that run them; once
/// interrupted, a thread that would start a child or act on one's end waits for the exit.
private final class LiveChildren: @unchecked Sendable {
    private let lock = NSLock()
    private var ids: Set<Int32> = []
    private var interrupted = false

    func insert(_ id: Int32) { lock.withLock { _ = ids.insert(id) } }
    func remove(_ id: Int32) { lock.withLock { _ = ids.remove(id) } }

    /// Marks the process interrupted and returns the children running now.
    func interrupt() -> [Int32] { lock.withLock { interrupted = true; return Array(ids) } }

    /// Returns at once unless the process was interrupted; then never (the handler exits).
    func waitUnlessInterrupted() {
        while lock.withLock({ interrupted }) { sleep(1) }
    }
}
