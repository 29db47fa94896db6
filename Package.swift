// swift-tools-version:6.0
// RiveHarness: a conformance and benchmark harness for Rive runtimes.

import PackageDescription

let package = Package(
    name: "RiveHarness",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "rive-harness", targets: ["rive-harness"]),
        .library(name: "RiveFormat", targets: ["RiveFormat"]),
    ],
    targets: [
        .target(name: "RiveFormat"),
        .target(name: "RuntimeAPI"),
        .target(name: "ReferenceRuntime", dependencies: ["RuntimeAPI", "RiveFormat"]),
        .target(name: "RiveSchemaGenerator"),
        .executableTarget(name: "rive-schema-gen", dependencies: ["RiveSchemaGenerator"]),
        .executableTarget(name: "rive-harness", dependencies: ["RiveFormat", "ReferenceRuntime"]),
        .testTarget(name: "RiveFormatTests", dependencies: ["RiveFormat", "RiveSchemaGenerator"]),
        .testTarget(name: "RuntimeAPITests", dependencies: ["RuntimeAPI"]),
        .testTarget(name: "ReferenceRuntimeTests", dependencies: ["ReferenceRuntime", "RuntimeAPI", "RiveFormat"]),
    ],
    cxxLanguageStandard: .cxx17
)

// Package-wide settings live here, in one place, and apply to every Swift target.
for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(.swiftLanguageMode(.v6))
    target.swiftSettings = settings
}
