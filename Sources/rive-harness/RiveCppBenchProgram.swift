import Foundation
import HarnessSupport

/// The rive-cpp bench program (`Adapters/rive-cpp/bench`, built by `scripts/build-rive-cpp`):
/// where it is, which runtime commit it was built from, and how to run it.
struct RiveCppBenchProgram {
    /// The executable.
    let path: String
    /// The runtime commit, read from the cache path (`…/rive-cpp/<commit>/programs/…`).
    let runtimeCommit: String?

    /// How to build the program, for messages.
    static let buildHint = "build it with 'scripts/build-rive-cpp --print bench' (about 5 minutes on 2 cores the first time), or pass --rive-cpp-bench PATH"

    /// The program: `explicit` when given, else `RIVE_CPP_BENCH`, else the one the manifest of
    /// the runtime's `HEAD` commit names in the cache (its shipped-features build, else its
    /// reduced one; with `renderer`, the build with that renderer, `<key>+vulkan`)
    /// (`CachedProgramLocator`: the cache `RIVE_HARNESS_CACHE` or `~/.cache/rive-harness`, the
    /// git directory `RIVE_RUNTIME_GIT_DIR` or the build script's clone), so a bisect's builds
    /// of other commits are never picked by accident. `nil` when none exists or `HEAD` cannot
    /// be resolved.
    static func locate(explicit: String?, renderer: String? = nil) -> RiveCppBenchProgram? {
        let environment = ProcessInfo.processInfo.environment
        if let path = explicit ?? environment["RIVE_CPP_BENCH"].flatMap({ $0.isEmpty ? nil : $0 }) {
            return FileManager.default.isExecutableFile(atPath: path) ? RiveCppBenchProgram(path: path, runtimeCommit: commit(in: path)) : nil
        }
        let locator = CachedProgramLocator(.riveCppBench)
        for features in [EngineFeatureSelection.shipped, nil] {
            if let found = try? locator.locate(revision: nil, features: features, renderer: renderer) {
                return RiveCppBenchProgram(path: found.path, runtimeCommit: commit(in: found.path))
            }
        }
        return nil
    }

    /// The one command that builds the bench program with `renderer` for the runtime's `HEAD`
    /// (`scripts/build-rive-cpp … --renderer vulkan`, plus `--print bench`), or the generic
    /// form when `HEAD` cannot be resolved.
    static func buildCommand(renderer: String) -> String {
        let locator = CachedProgramLocator(.riveCppBench)
        guard let commit = try? locator.resolve(revision: nil) else { return "scripts/build-rive-cpp --renderer \(renderer) --print bench" }
        return locator.buildCommand(commit: commit, features: .shipped, renderer: renderer) + " --print bench"
    }

    /// The path component after `rive-cpp/`, when the path is inside the build cache: the
    /// commit, followed by `+feature` for each engine feature the build compiled in.
    static func commit(in path: String) -> String? {
        let parts = path.split(separator: "/").map(String.init)
        guard let index = parts.lastIndex(of: "rive-cpp"), index + 1 < parts.count, parts[index + 1] != "rive-cpp-bench" else { return nil }
        return parts[index + 1]
    }

    /// The program's version text: its cache key folder, which hashes its sources and flags.
    var version: String {
        let folder = ((path as NSString).deletingLastPathComponent as NSString).lastPathComponent
        return "rive-cpp-bench \(folder)"
    }
}
