import Testing
@testable import BenchKit

/// The Google Benchmark shim from Swift: registration, counters, labels, flags and JSON.
@Suite("CBenchShim", .serialized)
@MainActor
struct ShimTests {
    @Test("a suite runs through Google Benchmark with exact batches, bytes_per_second and labels")
    func run() throws {
        let suite = BenchmarkSuite()
        var total = 0
        var progress: [String] = []
        suite.add("test/count", bytesPerIteration: 10, label: "ten bytes", instructionIterations: 1) { iterations in total += iterations }
        suite.add("test/other", instructionIterations: 1) { _ in }
        let report = try GoogleBenchmarkRunner.run(suite, flags: ["--benchmark_min_time=0.001", "--benchmark_repetitions=1"]) { name, _, _ in
            progress.append(name)
        }
        let rows = report["benchmarks"]?.arrayValue ?? []
        #expect(rows.compactMap { $0["name"]?.stringValue } == ["test/count", "test/other"])
        #expect(progress == ["test/count", "test/other"])
        let first = try #require(rows.first)
        #expect(first["label"]?.stringValue == "ten bytes")
        #expect((first["bytes_per_second"]?.numberValue ?? 0) > 0)
        // Google Benchmark's iteration counts across its runs add up to what the body saw.
        #expect(total >= Int(first["iterations"]?.numberValue ?? 0))
        #expect(report["context"]?["library_build_type"] != nil)
    }

    @Test("a flag Google Benchmark does not know is an error naming it")
    func badFlag() {
        #expect {
            try GoogleBenchmarkRunner.run(BenchmarkSuite(), flags: ["--benchmark_no_such_flag=1"])
        } throws: { error in
            (error as? BenchRunError)?.message.contains("--benchmark_no_such_flag=1") ?? false
        }
    }

    @Test("outside valgrind, measuring instructions just runs the body twice")
    func instructionsOutsideValgrind() {
        let suite = BenchmarkSuite()
        var total = 0
        suite.add("test/instructions", instructionIterations: 7) { iterations in total += iterations }
        #expect(!GoogleBenchmarkRunner.isRunningOnValgrind)
        let nanoseconds = GoogleBenchmarkRunner.measureInstructions(suite.benchmarks[0], iterations: 7)
        #expect(total == 14)
        #expect(nanoseconds >= 0)
    }
}
