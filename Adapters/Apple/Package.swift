// swift-tools-version:6.0
// RiveHarnessApple: the RiveHarness runtime adapter over Rive's Apple runtime (RiveRuntime).
//
// Runs the RiveHarness conformance corpus against the RiveRuntime version pinned below, on a
// Mac (`swift test`) or an iOS simulator (`xcodebuild test`); see README.md. Pin the version
// your app ships by changing `exact:`.

import PackageDescription

let package = Package(
    name: "RiveHarnessApple",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "RiveHarnessApple", targets: ["RiveHarnessApple"]),
    ],
    dependencies: [
        .package(name: "RiveHarness", path: "../.."),
        .package(url: "https://github.com/rive-app/rive-ios", exact: "6.24.0"),
    ],
    targets: [
        .target(
            name: "RiveHarnessApple",
            dependencies: [
                .product(name: "RuntimeAPI", package: "RiveHarness"),
                .product(name: "RiveRuntime", package: "rive-ios"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "RiveHarnessAppleTests",
            dependencies: [
                "RiveHarnessApple",
                .product(name: "ConformanceTesting", package: "RiveHarness"),
                .product(name: "RuntimeAPI", package: "RiveHarness"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
