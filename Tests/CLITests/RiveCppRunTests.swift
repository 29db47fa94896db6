import Foundation
import HarnessTestSupport
import Testing

/// `run --adapter rive-cpp` when no driver is cached: the one build command, exit 3.
struct RiveCppRunTests {
    @Test("run --adapter rive-cpp without a cached driver names the build command and exits 3")
    func notBuiltNamesBuildCommand() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("rive-cpp-empty-cache-\(UUID().uuidString)").path
        let sha = "0123456789abcdef0123456789abcdef01234567"
        let result = try HarnessProcess.run(["run", "--adapter", "rive-cpp", "--runtime-commit", sha],
                                            environment: ["RIVE_HARNESS_CACHE": cache, "RIVE_RUNTIME_GIT_DIR": "/nonexistent/rive-runtime"])
        #expect(result.exitCode == 3)
        #expect(result.standardError.contains("error[rive-cpp.not-built]"))
        #expect(result.standardError.contains("scripts/build-rive-cpp --git-dir /nonexistent/rive-runtime --commit \(sha)"))
    }

    @Test("--runtime-renderer takes vulkan with --adapter rive-cpp only; an unbuilt one names the build command with --renderer vulkan")
    func rendererOption() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("rive-cpp-empty-cache-\(UUID().uuidString)").path
        let sha = "0123456789abcdef0123456789abcdef01234567"
        let notBuilt = try HarnessProcess.run(["run", "--adapter", "rive-cpp", "--runtime-commit", sha, "--runtime-renderer", "vulkan"],
                                              environment: ["RIVE_HARNESS_CACHE": cache, "RIVE_RUNTIME_GIT_DIR": "/nonexistent/rive-runtime"])
        #expect(notBuilt.exitCode == 3)
        #expect(notBuilt.standardError.contains("scripts/build-rive-cpp --git-dir /nonexistent/rive-runtime --commit \(sha) --renderer vulkan"))
        let unknown = try HarnessProcess.run(["run", "--adapter", "rive-cpp", "--runtime-renderer", "metal"])
        #expect(unknown.exitCode == 2)
        #expect(unknown.standardError.contains("--runtime-renderer takes cairo, vulkan, got 'metal'"))
        let misplaced = try HarnessProcess.run(["run", "--runtime-renderer", "vulkan"])
        #expect(misplaced.exitCode == 2)
        #expect(misplaced.standardError.contains("--runtime-renderer needs --adapter rive-cpp"))
    }

    @Test("--runtime-commit needs --adapter rive-cpp, --ios-commit --adapter apple, and neither takes --command")
    func optionMisuse() throws {
        let commit = try HarnessProcess.run(["run", "--runtime-commit", "HEAD"])
        #expect(commit.exitCode == 2)
        #expect(commit.standardError.contains("--runtime-commit needs --adapter rive-cpp"))
        let iosCommit = try HarnessProcess.run(["run", "--adapter", "rive-cpp", "--ios-commit", "HEAD"])
        #expect(iosCommit.exitCode == 2)
        #expect(iosCommit.standardError.contains("--ios-commit needs --adapter apple"))
        for adapter in ["rive-cpp", "apple"] {
            let command = try HarnessProcess.run(["run", "--adapter", adapter, "--command", "true"])
            #expect(command.exitCode == 2)
            #expect(command.standardError.contains("--adapter \(adapter) finds its own program"))
        }
    }
}
