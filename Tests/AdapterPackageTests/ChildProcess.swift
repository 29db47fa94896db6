import Foundation

/// Runs a long command (a nested `swift test`, a type-check) without blocking Swift's
/// cooperative threads: the wait happens on a thread of its own, so other tests that run
/// meanwhile (and their timeouts) are not starved on a two-core machine.
enum ChildProcess {
    /// Runs a command found on `PATH` to completion, standard error merged into the output.
    /// - Throws: when the command cannot be started.
    static func run(_ arguments: [String], environment: [String: String]) async throws -> (status: Int32, output: String) {
        let running = Running(arguments: arguments, environment: environment)
        try running.process.run()
        return await withCheckedContinuation { continuation in
            Thread {
                let data = running.pipe.fileHandleForReading.readDataToEndOfFile()
                running.process.waitUntilExit()
                continuation.resume(returning: (running.process.terminationStatus, String(decoding: data, as: UTF8.self)))
            }.start()
        }
    }

    /// A started process and its output pipe, handed to the waiting thread.
    private final class Running: @unchecked Sendable {
        let process = Process()
        let pipe = Pipe()

        init(arguments: [String], environment: [String: String]) {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = arguments
            process.environment = environment
            process.standardOutput = pipe
            process.standardError = pipe
        }
    }
}
