import Foundation
import HarnessSupport

/// What identifies the harness build that writes a run file: its build configuration, its git
/// commit and the testbed it runs on.
public enum BuildIdentity {
    /// How this package was built: `debug` or `release`.
    public static var configuration: String {
        #if DEBUG
        "debug"
        #else
        "release"
        #endif
    }

    /// The testbed of this process with `configuration` as its build flags.
    public static func testbed() -> Testbed {
        Testbed.current(buildFlags: configuration)
    }

    /// The harness's git commit (`git rev-parse HEAD` in the current folder), or `nil` outside a
    /// git checkout or without git.
    public static func harnessCommit() -> String? {
        guard let outcome = try? Subprocess.run("/usr/bin/env", ["git", "rev-parse", "HEAD"]), outcome.status == 0 else { return nil }
        let commit = outcome.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        return commit.count == 40 ? commit : nil
    }
}
