// swift-tools-version:6.0
// RiveHarness: a conformance and benchmark harness for Rive runtimes.

import PackageDescription

let package = Package(
    name: "RiveHarness",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .executable(name: "rive-harness", targets: ["rive-harness"]),
        .library(name: "RiveFormat", targets: ["RiveFormat"]),
        .library(name: "RuntimeAPI", targets: ["RuntimeAPI"]),
        .library(name: "ConformanceCore", targets: ["ConformanceCore"]),
        .library(name: "Conformance", targets: ["Conformance"]),
        .library(name: "ConformanceTesting", targets: ["ConformanceTesting"]),
        .library(name: "AdapterProtocol", targets: ["AdapterProtocol"]),
    ],
    targets: [
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(name: "YAML", dependencies: ["CYAML", "HarnessSupport"]),
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"]), .brew(["cairo"])]
        ),
        // The operating-system calls that differ between Linux and macOS, behind one small shim.
        .target(name: "SystemCalls"),
        .target(name: "HarnessSupport"),
        // Run files, statistics, comparison with the noise file's thresholds, history series and the dashboard.
        .target(name: "PerformanceData", dependencies: ["HarnessSupport"]),
        .target(name: "CBenchShim", linkerSettings: [.linkedLibrary("benchmark"), .linkedLibrary("pthread")]),
        // Benchmarks registered from Swift and run through Google Benchmark (CBenchShim).
        .target(name: "BenchKit", dependencies: ["CBenchShim", "PerformanceData"]),
        // The bisect engine and its predicates (a scenario's verdict, a command's output, a benchmark).
        .target(name: "Bisection", dependencies: ["PerformanceData", "HarnessSupport", "BuildArchive"]),
        // The build archive: its index, and pruning a folder archive (the build scripts add entries).
        .target(name: "BuildArchive", dependencies: ["HarnessSupport"]),
        .target(name: "RiveRendering", dependencies: ["CCairo", "HarnessSupport"]),
        .target(name: "RiveFormat"),
        .target(name: "RuntimeAPI"),
        .target(name: "ReferenceRuntime", dependencies: ["RuntimeAPI", "RiveFormat", "RiveRendering"]),
        .target(name: "RiveSchemaGenerator"),
        .target(name: "ObjCHeaderImport"),
        // The scenario model, planner, runner, oracles, expectations, reporters and the corpus
        // export reader: no YAML, so ConformanceTesting (and an iOS test target) links no libyaml.
        .target(name: "ConformanceCore", dependencies: ["RuntimeAPI", "HarnessSupport"]),
        // Loads a corpus from its YAML files, and re-exports ConformanceCore (`import Conformance` is both).
        .target(name: "Conformance", dependencies: ["ConformanceCore", "RuntimeAPI", "YAML", "HarnessSupport", "SystemCalls"]),
        .target(name: "Differential", dependencies: ["RuntimeAPI", "RiveFormat", "RiveRendering", "HarnessSupport"]),
        .target(name: "AdapterProtocol", dependencies: ["RuntimeAPI", "SystemCalls"]),
        // Structure-aware mutation of .riv files, failure signatures and reduction (rive-harness fuzz, reduce).
        .target(name: "Fuzzing", dependencies: ["RiveFormat", "RuntimeAPI", "Differential", "HarnessSupport"]),
        .target(name: "ConformanceTesting", dependencies: ["ConformanceCore", "RuntimeAPI"]),
        .executableTarget(name: "rive-schema-gen", dependencies: ["RiveSchemaGenerator"]),
        .executableTarget(name: "rive-objc-import", dependencies: ["ObjCHeaderImport"]),
        .target(name: "RiveFixtures", dependencies: ["RiveFormat", "YAML"]),
        // The benchmark plan, the reference runtime's benchmark bodies, the time and callgrind
        // pipelines and the summary table of 'rive-harness bench'.
        .target(name: "RiveBenchmarks", dependencies: ["BenchKit", "CBenchShim", "PerformanceData", "HarnessSupport", "ReferenceRuntime", "RiveFormat", "RiveRendering", "RuntimeAPI"],
                path: "Benchmarks/RiveBenchmarks"),
        // The lanes of 'rive-harness nightly': conformance and bench runs in child processes, the benchmark gate, the dashboard.
        .target(name: "Nightly", dependencies: ["PerformanceData", "HarnessSupport"]),
        .executableTarget(name: "rive-harness", dependencies: ["RiveFormat", "RiveFixtures", "ReferenceRuntime", "RiveRendering", "RuntimeAPI", "Conformance", "YAML", "HarnessSupport", "PerformanceData", "BenchKit", "RiveBenchmarks", "Bisection", "BuildArchive", "Nightly", "AdapterProtocol", "Differential", "Fuzzing", "SystemCalls"]),
        .target(name: "HarnessTestSupport", dependencies: ["HarnessSupport"], path: "Tests/HarnessTestSupport"),
        .testTarget(name: "RiveFormatTests", dependencies: ["RiveFormat", "RiveSchemaGenerator", "HarnessTestSupport"]),
        .testTarget(name: "YAMLTests", dependencies: ["YAML"]),
        .testTarget(name: "ObjCHeaderImportTests", dependencies: ["ObjCHeaderImport", "HarnessTestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["rive-harness", "ReferenceRuntime", "RiveRendering", "HarnessTestSupport", "PerformanceData", "HarnessSupport"]),
        .testTarget(name: "RuntimeAPITests", dependencies: ["RuntimeAPI"]),
        .testTarget(name: "RiveFixturesTests", dependencies: ["RiveFixtures", "rive-harness", "HarnessTestSupport"]),
        .testTarget(name: "ReferenceRuntimeTests", dependencies: ["ReferenceRuntime", "RuntimeAPI", "RiveFormat", "RiveFixtures", "RiveRendering", "HarnessTestSupport"]),
        .testTarget(name: "ConformanceTests", dependencies: ["Conformance", "HarnessTestSupport"], exclude: ["Malformed", "Golden"]),
        .testTarget(name: "AdapterProtocolTests", dependencies: ["AdapterProtocol", "SystemCalls", "Conformance", "ReferenceRuntime", "RuntimeAPI", "HarnessTestSupport", "rive-harness"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "CorpusTests", dependencies: ["Conformance", "ConformanceTesting", "ReferenceRuntime", "HarnessTestSupport", "AdapterProtocol"]),
        .testTarget(name: "AdapterPackageTests", dependencies: ["Conformance", "ConformanceTesting", "RuntimeAPI", "HarnessTestSupport"]),
        .testTarget(name: "RiveRenderingTests", dependencies: ["RiveRendering", "HarnessSupport"]),
        .testTarget(name: "HarnessSupportTests", dependencies: ["HarnessSupport", "HarnessTestSupport"]),
        .testTarget(name: "FuzzingTests", dependencies: ["Fuzzing", "Conformance", "RiveFormat", "HarnessTestSupport"]),
        .testTarget(name: "PerformanceDataTests", dependencies: ["PerformanceData", "HarnessSupport"]),
        .testTarget(name: "BisectionTests", dependencies: ["Bisection"]),
        .testTarget(name: "BuildArchiveTests", dependencies: ["BuildArchive", "HarnessSupport", "HarnessTestSupport"]),
        .testTarget(name: "NightlyTests", dependencies: ["Nightly", "PerformanceData", "HarnessSupport"]),
        .testTarget(name: "RiveBenchmarksTests", dependencies: ["RiveBenchmarks"]),
        .testTarget(name: "BenchKitTests", dependencies: ["BenchKit", "PerformanceData"]),
        .testTarget(name: "DifferentialTests", dependencies: ["Differential", "ReferenceRuntime", "RiveFormat", "RuntimeAPI", "HarnessTestSupport"]),
        .testTarget(name: "AppleLinuxTests", dependencies: ["AdapterProtocol", "Conformance", "RuntimeAPI", "HarnessSupport", "HarnessTestSupport"]),
        .testTarget(name: "RiveCppTests", dependencies: ["rive-harness", "AdapterProtocol", "BuildArchive", "Conformance", "Differential", "ReferenceRuntime", "RiveFormat", "RiveRendering", "RuntimeAPI", "HarnessSupport", "HarnessTestSupport"]),
    ],
    cxxLanguageStandard: .cxx17
)

// Package-wide settings live here, in one place, and apply to every Swift target.
for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(.swiftLanguageMode(.v6))
    target.swiftSettings = settings
}
