import Foundation
import HarnessTestSupport
import Testing

/// ConformanceTesting is what an iOS test target links, and libyaml has no iOS-simulator
/// build: nothing it depends on, directly or through other targets, may be a system library
/// (CYAML, CCairo) or the YAML module. Checked on the package graph as SwiftPM resolves it
/// (`swift package describe --type json`) and on the `import` lines of those targets' sources
/// (SwiftPM lets a target import a module it does not declare when that module happens to be
/// built, so the declared graph alone could miss one).
@Suite("module graph")
struct ModuleGraphTests {
    /// A target of `swift package describe --type json`.
    struct Target: Decodable, Sendable {
        var name: String
        var type: String
        var path: String
        var sources: [String]?
        var target_dependencies: [String]?
        var product_memberships: [String]?
    }

    struct Description: Decodable, Sendable { var targets: [Target] }

    struct DescribeFailed: Error { var status: Int32 }

    /// The package as SwiftPM describes it, asked once per test process. A task, not a value
    /// computed on first use: tests await it instead of blocking a cooperative thread (two on
    /// a two-core machine) while `swift package describe` runs.
    static let description = Task { () async throws -> Description in try await runDescribe() }

    static func describe() async throws -> Description { try await description.value }

    /// Runs `swift package describe` (with its own scratch folder, so the running `swift test`'s
    /// lock is not needed), waiting on a thread of its own as ChildProcess does, and decodes
    /// standard output alone (warnings go to standard error).
    static func runDescribe() async throws -> Description {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("module-graph-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "--package-path", SharedMaterial.packageRoot.path, "--scratch-path", scratch.path, "describe", "--type", "json"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let (status, data) = await withCheckedContinuation { (continuation: CheckedContinuation<(Int32, Data), Never>) in
            let reader = output.fileHandleForReading
            nonisolated(unsafe) let running = process
            Thread {
                let data = reader.readDataToEndOfFile()
                running.waitUntilExit()
                continuation.resume(returning: (running.terminationStatus, data))
            }.start()
        }
        guard status == 0 else { throw DescribeFailed(status: status) }
        return try JSONDecoder().decode(Description.self, from: data)
    }

    /// Every target `root` depends on, directly or not, with the chain that reaches it.
    static func closure(of root: String, in description: Description) -> [String: [String]] {
        let targets = Dictionary(uniqueKeysWithValues: description.targets.map { ($0.name, $0) })
        var chains: [String: [String]] = [:]
        var queue: [[String]] = [[root]]
        while !queue.isEmpty {
            let chain = queue.removeFirst()
            for dependency in targets[chain.last!]?.target_dependencies ?? [] where chains[dependency] == nil {
                chains[dependency] = chain + [dependency]
                queue.append(chain + [dependency])
            }
        }
        return chains
    }

    /// The chains from `root` to a system library or to the YAML module; empty when there is none.
    static func forbiddenChains(from root: String, in description: Description) -> [String] {
        let types = Dictionary(uniqueKeysWithValues: description.targets.map { ($0.name, $0.type) })
        return closure(of: root, in: description).sorted { $0.key < $1.key }
            .filter { types[$0.key] == "system-target" || $0.key == "YAML" || $0.key == "Conformance" }
            .map { $0.value.joined(separator: " -> ") }
    }

    @Test("ConformanceTesting reaches ConformanceCore, RuntimeAPI and HarnessSupport only: no YAML, no system library")
    func conformanceTestingHasNoYAML() async throws {
        let description = try await Self.describe()
        #expect(Self.forbiddenChains(from: "ConformanceTesting", in: description) == [])
        #expect(Set(Self.closure(of: "ConformanceTesting", in: description).keys) == ["ConformanceCore", "RuntimeAPI", "HarnessSupport"],
                "ConformanceTesting has a new dependency: make sure it builds for iOS without system libraries, then update this test")
        // SwiftPM's own answer: which products each target is linked into.
        for name in ["CYAML", "YAML", "Conformance"] {
            let target = try #require(description.targets.first { $0.name == name })
            #expect(!(target.product_memberships ?? []).contains("ConformanceTesting"), "\(name) is linked into ConformanceTesting")
            #expect(!(target.product_memberships ?? []).contains("ConformanceCore"), "\(name) is linked into ConformanceCore")
        }
        // The YAML loader still has its dependency (the check below would otherwise prove nothing).
        #expect(Self.forbiddenChains(from: "Conformance", in: description).contains("Conformance -> YAML -> CYAML"))
    }

    @Test("the check finds a YAML dependency when there is one")
    func checkCanFail() async throws {
        var description = try await Self.describe()
        let index = try #require(description.targets.firstIndex { $0.name == "HarnessSupport" })
        description.targets[index].target_dependencies = (description.targets[index].target_dependencies ?? []) + ["YAML"]
        #expect(Self.forbiddenChains(from: "ConformanceTesting", in: description).contains("ConformanceTesting -> ConformanceCore -> HarnessSupport -> YAML -> CYAML"))
    }

    @Test("the sources of ConformanceTesting's targets import only those targets and the platform's modules")
    func importsStayInTheGraph() async throws {
        let description = try await Self.describe()
        let allowed = Set(Self.closure(of: "ConformanceTesting", in: description).keys).union(["ConformanceTesting", "Foundation", "Glibc", "Darwin", "Testing", "Dispatch"])
        var checked = 0
        for target in description.targets where allowed.contains(target.name) {
            for source in target.sources ?? [] {
                let file = SharedMaterial.packageRoot.appendingPathComponent(target.path).appendingPathComponent(source)
                let text = try String(contentsOf: file, encoding: .utf8)
                for match in text.matches(of: /(?m)^\s*(?:@[A-Za-z_]+\s+)*import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)/) {
                    let module = String(match.1)
                    #expect(allowed.contains(module), "\(target.name)/\(source) imports \(module), which is outside ConformanceTesting's YAML-free graph")
                    checked += 1
                }
            }
        }
        #expect(checked > 10)
    }

    @Test("a source file of that graph that starts processes keeps them out of iOS builds (Foundation's Process is macOS-only)")
    func processIsGuardedForIOS() async throws {
        let description = try await Self.describe()
        let graph = Set(Self.closure(of: "ConformanceTesting", in: description).keys).union(["ConformanceTesting"])
        var guarded = 0
        for target in description.targets where graph.contains(target.name) {
            for source in target.sources ?? [] {
                let text = try String(contentsOf: SharedMaterial.packageRoot.appendingPathComponent(target.path).appendingPathComponent(source), encoding: .utf8)
                guard text.contains("Process()") else { continue }
                #expect(text.contains("#if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)"),
                        "\(target.name)/\(source) uses Process, which does not exist on iOS: put it under #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS) ... #else")
                guarded += 1
            }
        }
        #expect(guarded >= 2, "HarnessSupport's Testbed and CachedProgramLocator start processes; the check found none")
    }
}
