import Foundation
import HarnessSupport
import Testing
@testable import PerformanceData

@Suite("Results files")
struct ResultsFileTests {
    @Test("a results file written and read back is equal, with Google Benchmark's keys at the top level")
    func roundTrip() throws {
        let document = Synthetic.document(["reference/load/a.riv": [1, 2, 3], "shim/empty": [0.5, 0.6, 0.4]])
        let path = NSTemporaryDirectory() + "bench-roundtrip-\(UUID().uuidString)/run.json"
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        try document.write(to: path)
        let reread = try RunFile.read(path: path)
        #expect(reread == document)
        let top = try JSONValue.parse([UInt8](try #require(FileManager.default.contents(atPath: path))))
        #expect(Set(top.objectValue?.keys.map { $0 } ?? []) == ["context", "benchmarks", "harness"])
        #expect(top["harness"]?["testbed"]?["fingerprint"]?.stringValue == Synthetic.testbed.fingerprint)
        #expect(top["harness"]?["harnessCommit"] == .null)
        #expect(top["harness"]?["adapters"]?.arrayValue?.first?["runtimeCommit"] == .null)
    }

    @Test("merged repetitions are numbered and followed by mean, median, stddev and cv")
    func aggregates() throws {
        let document = Synthetic.document(["x": [1, 2, 3, 10]])
        let rows = document.rows
        #expect(rows.count == 8)
        #expect(rows.prefix(4).map { $0.fields["repetition_index"]?.numberValue } == [0, 1, 2, 3])
        #expect(rows.prefix(4).allSatisfy { $0.fields["repetitions"]?.numberValue == 4 && $0.isIteration })
        let aggregates = Dictionary(uniqueKeysWithValues: rows.dropFirst(4).map { ($0.aggregateName ?? "", $0) })
        #expect(aggregates["mean"]?.cpuNanoseconds == 4)
        #expect(aggregates["median"]?.cpuNanoseconds == 2.5)
        #expect(aggregates["median"]?.name == "x_median")
        #expect(aggregates["median"]?.runName == "x")
        let stddev = try #require(aggregates["stddev"]?.cpuNanoseconds)
        #expect(abs(stddev - 4.08248290463863) < 1e-9)
        #expect(abs((aggregates["cv"]?.fields["cpu_time"]?.numberValue ?? 0) - stddev / 4) < 1e-12)
        #expect(document.repetitionsByName.map(\.rows.count) == [4])
    }

    @Test("malformed files give coded errors")
    func malformed() {
        func code(_ text: String) -> String? {
            do { _ = try RunFile.parse(Array(text.utf8), path: "x.json"); return nil } catch { return error.code }
        }
        #expect(code("not json") == "results.not-json")
        #expect(code("[1]") == "results.not-object")
        #expect(code(#"{"context": {}, "benchmarks": []}"#) == "results.no-harness")
        #expect(code(#"{"benchmarks": [], "harness": {"formatVersion": 9}}"#) == "results.unknown-version")
        #expect(code(#"{"benchmarks": [], "harness": {"formatVersion": 1, "kind": "bench"}}"#) == "results.bad-harness")
        var json = Synthetic.document(["a": [1]]).json
        json["harness"]?["testbed"]?["cores"] = .number(64)
        let edited = String(decoding: json.serialized(), as: UTF8.self)
        #expect(code(edited) == "results.fingerprint-mismatch")
    }
}

@Suite("Testbed")
struct TestbedTests {
    @Test("the fingerprint is 16 hex digits, stable, and changes with every field")
    func fingerprint() {
        let testbed = Synthetic.testbed
        #expect(testbed.fingerprint.count == 16)
        #expect(testbed.fingerprint.allSatisfy { $0.isHexDigit })
        #expect(testbed.fingerprint == Synthetic.testbed.fingerprint)
        let variants: [Testbed] = [
            Testbed(cpuModel: "x", cores: 2, kernel: "Linux 6.1", toolchain: "Swift version 6.3.1", buildFlags: "release"),
            Testbed(cpuModel: "Test CPU", cores: 4, kernel: "Linux 6.1", toolchain: "Swift version 6.3.1", buildFlags: "release"),
            Testbed(cpuModel: "Test CPU", cores: 2, kernel: "Linux 6.2", toolchain: "Swift version 6.3.1", buildFlags: "release"),
            Testbed(cpuModel: "Test CPU", cores: 2, kernel: "Linux 6.1", toolchain: "Swift version 6.2", buildFlags: "release"),
            Testbed(cpuModel: "Test CPU", cores: 2, kernel: "Linux 6.1", toolchain: "Swift version 6.3.1", buildFlags: "debug"),
        ]
        #expect(Set(variants.map(\.fingerprint) + [testbed.fingerprint]).count == 6)
        #expect(variants.map { TestbedRecord($0).differences(from: TestbedRecord(testbed)) } == [["cpuModel"], ["cores"], ["kernel"], ["toolchain"], ["buildFlags"]])
    }

    @Test("a Vulkan device changes the fingerprint and is one more field; without one the fingerprint is the one without the field")
    func vulkanDevice() throws {
        var withDevice = Synthetic.testbed
        withDevice.vulkanDevice = "llvmpipe (LLVM 15.0.6, 256 bits) (cpu)"
        #expect(withDevice.fingerprint != Synthetic.testbed.fingerprint)
        #expect(TestbedRecord(withDevice).differences(from: TestbedRecord(Synthetic.testbed)) == ["vulkanDevice"])
        #expect(TestbedRecord(withDevice).summary.hasSuffix(", Vulkan: llvmpipe (LLVM 15.0.6, 256 bits) (cpu)"))
        // The results file keeps it, and reading checks the fingerprint with it.
        var document = Synthetic.document(testbed: withDevice, ["a": [1, 2]])
        let path = NSTemporaryDirectory() + "bench-vulkan-\(UUID().uuidString)/run.json"
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        try document.write(to: path)
        let reread = try RunFile.read(path: path)
        #expect(reread.harness.testbed.vulkanDevice == withDevice.vulkanDevice)
        #expect(reread.harness.testbed.testbed?.fingerprint == withDevice.fingerprint)
        document.harness.testbed.vulkanDevice = "another device"
        try document.write(to: path)
        #expect(throws: ResultsFileError.self) { try RunFile.read(path: path) }
    }

    @Test("the device the Rive Renderer's target picks from vulkaninfo --summary: a GPU before a CPU device, named with its type")
    func preferredVulkanDevice() {
        let summary = """
            Devices:
            ========
            GPU0:
            \tapiVersion         = 1.3.230
            \tdeviceType         = PHYSICAL_DEVICE_TYPE_CPU
            \tdeviceName         = llvmpipe (LLVM 15.0.6, 256 bits)
            GPU1:
            \tdeviceType         = PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU
            \tdeviceName         = Intel(R) UHD Graphics 620
            """
        #expect(Testbed.preferredVulkanDevice(summary: summary) == "Intel(R) UHD Graphics 620 (integrated gpu)")
        #expect(Testbed.preferredVulkanDevice(summary: summary.components(separatedBy: "GPU1:")[0]) == "llvmpipe (LLVM 15.0.6, 256 bits) (cpu)")
        #expect(Testbed.preferredVulkanDevice(summary: "ERROR: no loader") == nil)
    }

    @Test("this machine's testbed has a CPU model, cores and a kernel")
    func current() {
        let testbed = Testbed.current(buildFlags: "debug")
        #expect(!testbed.cpuModel.isEmpty)
        #expect(testbed.cores >= 1)
        #expect(!testbed.kernel.isEmpty)
        #expect(testbed.buildFlags == "debug")
    }
}
