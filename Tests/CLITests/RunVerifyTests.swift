import Foundation
import HarnessTestSupport
import Testing

/// `rive-harness run --verify`, run as a user would run it.
struct RunVerifyTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("run --verify over a part of the corpus agrees on every scenario and says what it varied")
    func verifyPart() throws {
        let result = try HarnessProcess.run(["run", "--verify", "--verify-seed", "3", "--filter", "props/**"], in: Self.root)
        #expect(result.exitCode == 0, "\(result.standardOutput)\n\(result.standardError)")
        #expect(result.standardError.contains("verify: ") && result.standardError.contains("shuffled order (seed 3)"))
        #expect(result.standardOutput.contains("result: PASSED"))
    }

    @Test("--verify-seed without --verify, or with a bad number, is a usage error", arguments: [
        ["run", "--verify-seed", "3"], ["run", "--verify", "--verify-seed", "-1"],
    ])
    func usage(arguments: [String]) throws {
        let result = try HarnessProcess.run(arguments, in: Self.root)
        #expect(result.exitCode == 2)
        #expect(result.standardError.contains("--verify-seed"))
    }
}
