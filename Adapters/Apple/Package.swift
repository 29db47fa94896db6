// swift-tools-version:6.0
// RiveHarnessApple: the RiveHarness runtime adapter over Rive's Apple runtime (RiveRuntime).
//
// On a Mac or an iOS simulator it runs the RiveHarness conformance corpus against the
// RiveRuntime version pinned below (`swift test`, `xcodebuild test`); pin the version your
// app ships by changing `exact:`. See README.md.
//
// On Linux, RiveRuntime is the module `scripts/build-rive-ios` builds from a rive-ios commit
// over the real engine; `RIVE_IOS_BUILD` names its build folder (the script sets it when it
// builds the adapter program, `rive-harness-apple-adapter`, which serves the adapter over
// the RiveHarness adapter protocol).

import Foundation
import PackageDescription

var adapterSwiftSettings: [SwiftSetting] = [.swiftLanguageMode(.v6)]
var adapterLinkerSettings: [LinkerSetting] = []
var adapterDependencies: [Target.Dependency] = [.product(name: "RuntimeAPI", package: "RiveHarness")]
var packageDependencies: [Package.Dependency] = [.package(name: "RiveHarness", path: "../..")]
var linuxTargets: [Target] = []
var linuxProducts: [Product] = []

#if os(Linux)
// The module, library and feature list of a scripts/build-rive-ios build.
let riveIOSBuild = Context.environment["RIVE_IOS_BUILD"] ?? ""
if !riveIOSBuild.isEmpty {
    // RIVE_RUNTIME_LINUX_BUILD marks the code that only RiveRuntime's Linux build offers
    // (its build info, the message gate's frame drain); scripts/typecheck-apple-adapter
    // checks the other branch, the one a Mac builds.
    adapterSwiftSettings.append(.define("RIVE_RUNTIME_LINUX_BUILD"))
    adapterSwiftSettings.append(.unsafeFlags(["-I", "\(riveIOSBuild)/modules"]))
    // Each line of features.txt is a compilation condition the build found the module to
    // support (for example RIVE_RUNTIME_HAS_INSTANCE_NAMES); the adapter's code and capabilities follow them.
    let features = (try? String(contentsOfFile: "\(riveIOSBuild)/features.txt", encoding: .utf8)) ?? ""
    for feature in features.split(separator: "\n") where !feature.isEmpty {
        adapterSwiftSettings.append(.define(String(feature)))
    }
    // The library is found beside the build folder's bin/<hash>/ copy of the program (so an
    // archived build runs wherever it is imported), else in the build folder it was linked from.
    adapterLinkerSettings.append(.unsafeFlags(["-L\(riveIOSBuild)/lib", "-lRiveRuntime", "-Xlinker", "-rpath", "-Xlinker", "$ORIGIN/../../lib",
                                               "-Xlinker", "-rpath", "-Xlinker", "\(riveIOSBuild)/lib"]))
}
linuxProducts.append(.executable(name: "rive-harness-apple-adapter", targets: ["rive-harness-apple-adapter"]))
linuxTargets.append(.executableTarget(
    name: "rive-harness-apple-adapter",
    dependencies: ["RiveHarnessApple", .product(name: "AdapterProtocol", package: "RiveHarness")],
    path: "Linux/AdapterProgram",
    swiftSettings: adapterSwiftSettings,
    linkerSettings: adapterLinkerSettings
))
#else
packageDependencies.append(.package(url: "https://github.com/rive-app/rive-ios", exact: "6.24.0"))
adapterDependencies.append(.product(name: "RiveRuntime", package: "rive-ios"))
#endif

let package = Package(
    name: "RiveHarnessApple",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "RiveHarnessApple", targets: ["RiveHarnessApple"]),
    ] + linuxProducts,
    dependencies: packageDependencies,
    targets: [
        .target(
            name: "RiveHarnessApple",
            dependencies: adapterDependencies,
            swiftSettings: adapterSwiftSettings,
            linkerSettings: adapterLinkerSettings
        ),
        .testTarget(
            name: "RiveHarnessAppleTests",
            dependencies: [
                "RiveHarnessApple",
                .product(name: "ConformanceTesting", package: "RiveHarness"),
                .product(name: "RuntimeAPI", package: "RiveHarness"),
            ],
            swiftSettings: adapterSwiftSettings,
            linkerSettings: adapterLinkerSettings
        ),
    ] + linuxTargets
)
