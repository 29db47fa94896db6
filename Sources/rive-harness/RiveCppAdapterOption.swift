import AdapterProtocol
import HarnessSupport

/// `--adapter rive-cpp`: the Rive C++ runtime through the `rive-cpp-driver` that
/// `scripts/build-rive-cpp` cached for a runtime commit, run as a process adapter.
enum RiveCppAdapterOption {
    /// The adapter name that selects it.
    static let name = "rive-cpp"

    /// The process configuration for the cached driver of a revision (nil: HEAD).
    /// - Throws: `CommandFailure` (exit 3, bad input) naming the one command that builds the
    ///   driver, or why the revision cannot be resolved.
    static func configuration(revision: String?, requestTimeoutSeconds: Double) throws(CommandFailure) -> ProcessAdapterConfiguration {
        let driver: RiveCppDriverLocator.Driver
        do { driver = try RiveCppDriverLocator().locate(revision: revision) } catch {
            throw CommandFailure(message: "error[\(error.code)]: \(error.description)\n  hint: docs/rive-cpp-adapter.md explains the build",
                                 exitCode: .badInput)
        }
        return ProcessAdapterConfiguration(command: shellQuoted(driver.path), requestTimeoutSeconds: requestTimeoutSeconds)
    }

    /// A path quoted for `/bin/sh -c`.
    static func shellQuoted(_ path: String) -> String {
        "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
