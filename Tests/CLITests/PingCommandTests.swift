import Foundation
import HarnessTestSupport
import Testing

/// `rive-harness ping` through the one adapter selection.
struct PingCommandTests {
    @Test("ping times a process adapter's round trips; an in-process adapter, a missing --command or an option no adapter takes is a usage error")
    func pingChoosesAProcessAdapter() throws {
        let serve = "'\(HarnessProcess.executable.path)' serve"
        let answered = try HarnessProcess.run(["ping", "--command", serve, "--count", "50"])
        #expect(answered.exitCode == 0, "\(answered.standardError)")
        #expect(answered.standardOutput.hasPrefix("adapter: reference "))
        #expect(answered.standardOutput.contains("round trip awaited: median "))
        let inProcess = try HarnessProcess.run(["ping", "--adapter", "reference"])
        #expect(inProcess.exitCode == 2)
        #expect(inProcess.standardError.contains("'reference' runs inside rive-harness"))
        let noCommand = try HarnessProcess.run(["ping"])
        #expect(noCommand.exitCode == 2)
        #expect(noCommand.standardError.contains("needs --command"))
        let notTaken = try HarnessProcess.run(["ping", "--command", serve, "--runtime-commit", "HEAD"])
        #expect(notTaken.exitCode == 2)
    }
}
