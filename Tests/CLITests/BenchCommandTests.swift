import Foundation
import HarnessSupport
import HarnessTestSupport
import PerformanceData
import Testing

/// `bench` and `compare`, run as a user would run them.
struct BenchCommandTests {
    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rive-harness-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A results file with nine repetitions per benchmark, CPU times scaled by `factor`.
    private func writeResults(_ url: URL, factor: Double, cpuModel: String = "Test CPU") throws {
        let testbed = Testbed(cpuModel: cpuModel, cores: 2, kernel: "Linux", toolchain: "Swift", buildFlags: "release")
        var merger = RepetitionMerger()
        for name in ["reference/load/a.riv", "reference/advance/a.riv/SM/settled"] {
            for (index, spread) in [-0.4, 0.2, -0.1, 0.3, 0.0, -0.2, 0.1, -0.3, 0.4].enumerated() {
                let cpu = 1000 * factor * (1 + spread / 100) + Double(index) * 0.001
                merger.add(row: ["name": .string(name), "run_type": .string("iteration"), "iterations": .number(100),
                                 "real_time": .number(cpu), "cpu_time": .number(cpu), "time_unit": .string("ns")], name: name)
            }
        }
        let harness = HarnessContext(kind: .bench, createdAt: "2026-12-01T00:00:00Z", metric: .time,
                                     adapters: [AdapterRecord(name: "reference", version: "test", runtimeCommit: nil)],
                                     harnessCommit: nil, corpusHash: "fnv1a64:0", testbed: TestbedRecord(testbed))
        try RunFile(benchmarkContext: .object([:]), rows: merger.rows, harness: harness).write(to: url.path)
    }

    @Test("bench rejects bad options with exit 2")
    func usage() throws {
        for arguments in [["--adapters", "nonesuch"], ["--repetitions", "0"], ["--metric", "cycles"], ["--iterations", "5"],
                          ["--plant-slowdown", "name"], ["--min-time", "-1"], ["extra"], ["--raster-rive"],
                          ["--adapters", "rive-cpp", "--raster-rive", "--metric", "instructions"]] {
            let result = try HarnessProcess.run(["bench"] + arguments)
            #expect(result.exitCode == 2, "\(arguments)")
            #expect(result.standardError.contains("error:"), "\(arguments)")
        }
    }

    @Test("bench --list names the benchmarks of a file per family")
    func list() throws {
        let result = try HarnessProcess.run(["bench", "--files", "Corpus/fixtures/character.riv", "--no-load-all", "--list"], in: SharedMaterial.packageRoot)
        #expect(result.exitCode == 0)
        let names = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(names.first == "shim/empty")
        #expect(names.contains("reference/load/character.riv"))
        #expect(names.contains { $0.hasPrefix("reference/advance/character.riv/") && $0.hasSuffix("/set-per-frame") })
        #expect(names.contains("reference/raster/character.riv/512"))
        #expect(names.contains("reference/digest/character.riv"))
    }

    @Test("bench --raster-rive plans raster-rive per size for rive-cpp only")
    func listRasterRive() throws {
        let result = try HarnessProcess.run(["bench", "--adapters", "reference,rive-cpp", "--raster-rive", "--files", "Corpus/fixtures/character.riv",
                                             "--no-load-all", "--list"], in: SharedMaterial.packageRoot)
        #expect(result.exitCode == 0, "\(result.standardError)")
        let names = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(names.filter { $0.hasPrefix("rive-cpp/raster-rive/character.riv/") }.sorted()
            == ["rive-cpp/raster-rive/character.riv/1024", "rive-cpp/raster-rive/character.riv/256", "rive-cpp/raster-rive/character.riv/512"])
        #expect(!names.contains { $0.hasPrefix("reference/raster-rive/") })
        #expect(names.contains("reference/raster/character.riv/256") && names.contains("rive-cpp/raster/character.riv/256"))
    }

    /// The rive-cpp bench program built with the Rive Renderer (`<key>+vulkan`) for the
    /// runtime's HEAD with the shipped features, when it is built.
    static let riveRendererBench: String? = {
        let locator = CachedProgramLocator(.riveCppBench)
        guard let commit = try? locator.resolve(revision: nil) else { return nil }
        let folder = locator.keyFolder(commit: commit, features: .shipped) + "+vulkan"
        guard let relative = CachedBuildManifest.read(folder: folder)?.fields["bench"] else { return nil }
        let path = "\(folder)/\(relative)"
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }()

    @Test("bench --raster-rive finds the bench program built with the Rive Renderer and measures wall time per frame; the label and the testbed name the Vulkan device",
          .enabled(if: riveRendererBench != nil, "skipped: no rive-cpp bench program with the Rive Renderer; build it with: scripts/build-rive-cpp --renderer vulkan --print bench"))
    func rasterRiveRun() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("run.json").path
        let result = try HarnessProcess.run(["bench", "--adapters", "rive-cpp", "--raster-rive",
                                             "--files", "Corpus/fixtures/character.riv", "--filter", "^raster(-rive)?/character.riv/256$", "--no-load-all",
                                             "--repetitions", "1", "--min-time", "0.01", "--out", out], in: SharedMaterial.packageRoot)
        #expect(result.exitCode == 0, "\(result.standardError)")
        let document = try RunFile.read(path: out)
        let byName = Dictionary(uniqueKeysWithValues: document.repetitionsByName.map { ($0.name, $0.rows) })
        let rive = try #require(byName["rive-cpp/raster-rive/character.riv/256"], "\(result.standardError)")
        #expect(byName["rive-cpp/raster/character.riv/256"] != nil)
        let row = try #require(rive.first)
        #expect((row.realNanoseconds ?? 0) > 0)
        // The device is named: lavapipe on a machine without a GPU, the GPU otherwise.
        #expect(row.fields["label"]?.stringValue?.contains("(") == true, "\(row.fields)")
        #expect(document.harness.testbed.vulkanDevice == row.fields["label"]?.stringValue)
        #expect(document.harness.adapters.first?.runtimeCommit?.hasSuffix("+vulkan") == true)
        #expect(result.standardOutput.contains("raster-rive/character.riv/256 (wall)"))
    }

    @Test("bench --raster-rive without the bench program built with the Rive Renderer exits 3 naming the one command that builds it")
    func rasterRiveNotBuilt() throws {
        let cache = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let result = try HarnessProcess.run(["bench", "--adapters", "rive-cpp", "--raster-rive", "--files", "Corpus/fixtures/character.riv", "--no-load-all"],
                                            in: SharedMaterial.packageRoot,
                                            environment: ["RIVE_HARNESS_CACHE": cache.path, "RIVE_RUNTIME_GIT_DIR": "/nonexistent/rive-runtime", "RIVE_CPP_BENCH": ""])
        #expect(result.exitCode == 3, "\(result.standardError)")
        #expect(result.standardError.contains("error[rive-cpp.not-built]"))
        #expect(result.standardError.contains("scripts/build-rive-cpp --renderer vulkan --print bench"), "\(result.standardError)")
    }

    @Test("a short bench run writes a results file that compare reads; a missing rive-cpp program is explained")
    func shortRun() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("run.json").path
        let result = try HarnessProcess.run(["bench", "--adapters", "reference,rive-cpp", "--rive-cpp-bench", "/nonexistent/rive-cpp-bench",
                                             "--files", "Corpus/fixtures/character.riv", "--filter", "^(shim|load)/", "--no-load-all",
                                             "--repetitions", "2", "--min-time", "0.01", "--out", out], in: SharedMaterial.packageRoot)
        #expect(result.exitCode == 0, "\(result.standardError)")
        #expect(result.standardError.contains("scripts/build-rive-cpp"))
        let document = try RunFile.read(path: out)
        #expect(document.harness.adapters.map(\.name) == ["reference"])
        #expect(document.repetitionsByName.map(\.name) == ["shim/empty", "reference/load/character.riv"])
        #expect(document.repetitionsByName.allSatisfy { $0.rows.count == 2 })
        #expect(document.harness.testbed.fingerprint.count == 16)
        let compare = try HarnessProcess.run(["compare", out, out, "--noise", folder.appendingPathComponent("none.json").path])
        #expect(compare.exitCode == 0)
        #expect(compare.standardOutput.contains("too few repetitions"))
    }

    /// Whether valgrind (and objcopy, for the stripped copy) can run instructions mode here.
    static let hasValgrind = ["/usr/bin/valgrind", "/usr/local/bin/valgrind"].contains { FileManager.default.isExecutableFile(atPath: $0) }
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/objcopy")

    @Test("instructions: two consecutive runs give identical counts, and compare calls every benchmark same with a zero delta",
          .enabled(if: hasValgrind, "skipped: valgrind or objcopy is not installed (apt-get install -y valgrind binutils)"))
    func instructionCountsRepeat() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var documents: [RunFile] = []
        for index in 1...2 {
            let out = folder.appendingPathComponent("run\(index).json").path
            let result = try HarnessProcess.run(["bench", "--metric", "instructions", "--files", "Corpus/fixtures/character.riv",
                                                 "--filter", "^(shim|digest)/", "--iterations", "3", "--no-load-all", "--out", out],
                                                in: SharedMaterial.packageRoot)
            #expect(result.exitCode == 0, "\(result.standardError)")
            documents.append(try RunFile.read(path: out))
        }
        let counts = documents.map { document in
            Dictionary(uniqueKeysWithValues: document.repetitionsByName.map { ($0.name, $0.rows.first?.instructionsPerIteration) })
        }
        #expect(counts[0].count == 2)
        #expect(counts[0].values.allSatisfy { ($0 ?? 0) > 0 })
        #expect(counts[0] == counts[1])
        let compare = try HarnessProcess.run(["compare", folder.appendingPathComponent("run1.json").path, folder.appendingPathComponent("run2.json").path,
                                              "--noise", folder.appendingPathComponent("none.json").path])
        #expect(compare.exitCode == 0)
        #expect(compare.standardOutput.contains("verdicts: 2 same, 0 faster, 0 slower, 0 unknown"))
    }

    @Test("compare: A/A exits 0, a slowdown exits 1, different testbeds exit 3 with the reason")
    func compareExitCodes() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = folder.appendingPathComponent("base.json"), again = folder.appendingPathComponent("again.json")
        let slower = folder.appendingPathComponent("slower.json"), elsewhere = folder.appendingPathComponent("elsewhere.json")
        let noise = folder.appendingPathComponent("noise.json").path
        try writeResults(base, factor: 1)
        try writeResults(again, factor: 1.001)
        try writeResults(slower, factor: 1.10)
        try writeResults(elsewhere, factor: 1, cpuModel: "Other CPU")
        let aa = try HarnessProcess.run(["compare", base.path, again.path, "--noise", noise])
        #expect(aa.exitCode == 0)
        #expect(aa.standardOutput.contains("verdicts: 2 same, 0 faster, 0 slower, 0 unknown"))
        let regression = try HarnessProcess.run(["compare", base.path, slower.path, "--noise", noise])
        #expect(regression.exitCode == 1)
        #expect(regression.standardOutput.contains("2 slower"))
        let mismatch = try HarnessProcess.run(["compare", base.path, elsewhere.path, "--noise", noise])
        #expect(mismatch.exitCode == 3)
        #expect(mismatch.standardError.contains("different testbeds"))
        #expect(mismatch.standardError.contains("cpuModel"))
        let record = try HarnessProcess.run(["compare", "--record-noise", base.path, again.path, "--noise", noise])
        #expect(record.exitCode == 0)
        #expect(FileManager.default.fileExists(atPath: noise))
        let withNoise = try HarnessProcess.run(["compare", base.path, again.path, "--noise", noise])
        #expect(withNoise.standardOutput.contains("1.00%*"))
        #expect(try HarnessProcess.run(["compare", base.path]).exitCode == 2)
        let badResolution = try HarnessProcess.run(["compare", base.path, again.path, "--resolution", "0"])
        #expect(badResolution.exitCode == 2)
        #expect(badResolution.standardError.contains("--resolution"))
        #expect(try HarnessProcess.run(["compare", base.path, folder.appendingPathComponent("missing.json").path]).exitCode == 3)
    }
}
