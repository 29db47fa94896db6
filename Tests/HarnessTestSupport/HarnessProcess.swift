import Foundation

/// Runs the built `rive-harness` executable and captures what it prints.
public enum HarnessProcess {
    /// The outcome of one run.
    public struct Result: Sendable {
        /// The process exit status.
        public let exitCode: Int32
        /// Everything written to standard output.
        public let standardOutput: String
        /// Everything written to standard error.
        public let standardError: String
    }

    /// The `rive-harness` executable next to the test bundle in the build folder.
    public static let executable: URL = {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = testBinary.deletingLastPathComponent()
        // On macOS the test binary sits inside an .xctest bundle; walk up to the products folder.
        while directory.path.contains(".xctest") { directory = directory.deletingLastPathComponent() }
        return directory.appendingPathComponent("rive-harness")
    }()

    /// The results folder `run` appends history files to under tests (`RIVE_HARNESS_RESULTS`),
    /// so tests never add runs to the project's own `results/`.
    public static let resultsFolder = FileManager.default.temporaryDirectory.appendingPathComponent("rive-harness-test-results-\(UUID().uuidString)")

    /// Runs `rive-harness` with arguments, in `directory` when given. `RIVE_HARNESS_RESULTS`
    /// is `resultsFolder` unless `environment` sets it.
    /// - Throws: when the executable cannot be started.
    public static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws -> Result {
        try runProgram(executable, arguments, in: directory, environment: ["RIVE_HARNESS_RESULTS": resultsFolder.path].merging(environment) { _, new in new })
    }

    /// Runs any program with arguments, in `directory` when given, with this process's
    /// environment changed by `environment` and without the variables `removing` names.
    /// - Throws: when the program cannot be started.
    public static func runProgram(_ program: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
                                  removing removed: [String] = []) throws -> Result {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var childEnvironment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        for name in removed { childEnvironment.removeValue(forKey: name) }
        process.environment = childEnvironment
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Read both pipes before waiting so a large output cannot fill a pipe and block the child.
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            exitCode: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self))
    }
}
