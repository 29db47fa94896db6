import Foundation
import HarnessTestSupport
import Testing

/// The Apple adapter (Adapters/Apple) cannot link on Linux; `scripts/typecheck-apple-adapter`
/// type-checks its sources and tests against this build's modules and the declarations-only
/// RiveRuntime module, so a change here that breaks the adapter fails this suite.
@Suite("Apple adapter type-check")
struct AppleAdapterTypecheckTests {
    /// This build's products folder, which holds `Modules/`.
    static let modules = HarnessProcess.executable.deletingLastPathComponent().appendingPathComponent("Modules")
    static let script = SharedMaterial.packageRoot.appendingPathComponent("scripts/typecheck-apple-adapter")

    @Test("the adapter and its tests type-check against RuntimeAPI, ConformanceTesting and the RiveRuntime declarations",
          .timeLimit(.minutes(5)))
    func adapterTypeChecks() async throws {
        let result = try await ChildProcess.run(["nice", "-n", "19", Self.script.path, "--no-build", "--modules", Self.modules.path],
                                                  environment: ProcessInfo.processInfo.environment)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("ok: the adapter's tests"))
    }

    @Test("an adapter that no longer conforms to RuntimeAPI fails the check, naming the protocol",
          .timeLimit(.minutes(5)))
    func brokenAdapterFails() async throws {
        let adapter = SharedMaterial.packageRoot.appendingPathComponent("Adapters/Apple")
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("apple-adapter-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: copy) }
        for folder in ["Sources", "Tests", "LinuxTypeCheck"] {
            try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: adapter.appendingPathComponent(folder), to: copy.appendingPathComponent(folder))
        }
        // What a new RuntimeAPI requirement looks like to the adapter: a method it does not implement.
        let file = copy.appendingPathComponent("Sources/RiveHarnessApple/AppleArtboard.swift")
        let text = try String(contentsOf: file, encoding: .utf8)
        let broken = text.replacingOccurrences(of: "    func triggerInput(_ name: String) { logNoInputs(\"triggerInput(\\\"\\(name)\\\")\") }\n", with: "")
        #expect(broken != text, "the line to remove is no longer in AppleArtboard.swift; update this test")
        try Data(broken.utf8).write(to: file)
        let result = try await ChildProcess.run(["nice", "-n", "19", Self.script.path, "--no-build", "--modules", Self.modules.path, "--adapter", copy.path],
                                                  environment: ProcessInfo.processInfo.environment)
        #expect(result.status == 1)
        #expect(result.output.contains("does not conform to protocol 'StateMachine'"), "\(result.output)")
        #expect(result.output.contains("FAILED: the adapter's sources"))
    }

    @Test("adapter tests that import the YAML loader (Conformance) fail the check: they would not build for an iOS simulator",
          .timeLimit(.minutes(5)))
    func yamlImportFails() async throws {
        let adapter = SharedMaterial.packageRoot.appendingPathComponent("Adapters/Apple")
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("apple-adapter-yaml-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: copy) }
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        for folder in ["Sources", "Tests", "LinuxTypeCheck"] {
            try FileManager.default.copyItem(at: adapter.appendingPathComponent(folder), to: copy.appendingPathComponent(folder))
        }
        let file = copy.appendingPathComponent("Tests/RiveHarnessAppleTests/AppleConformanceTests.swift")
        let text = try String(contentsOf: file, encoding: .utf8)
        try Data(("import Conformance\n" + text).utf8).write(to: file)
        let result = try await ChildProcess.run(["nice", "-n", "19", Self.script.path, "--no-build", "--modules", Self.modules.path, "--adapter", copy.path],
                                                  environment: ProcessInfo.processInfo.environment)
        #expect(result.status == 1)
        #expect(result.output.contains("imports a module that links libyaml"), "\(result.output)")
        #expect(result.output.contains("AppleConformanceTests.swift:1:import Conformance"), "\(result.output)")
    }
}
