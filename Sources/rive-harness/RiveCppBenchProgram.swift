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

    /// The program: `explicit` when given, else `RIVE_CPP_BENCH`, else the most recently
    /// built one for the runtime's `HEAD` commit in the cache (its shipped-features build,
    /// else its reduced one) (`CachedProgramLocator`: the
    /// cache `RIVE_HARNESS_CACHE` or `~/.cache/rive-harness`, the git directory
    /// `RIVE_RUNTIME_GIT_DIR`), so a bisect's builds of other commits are never
    /// picked by accident; without a git directory to resolve `HEAD`, the most recently built
    /// one of any commit (the results file records which). `nil` when none exists.
    static func locate(explicit: String?) -> RiveCppBenchProgram? {
        let environment = ProcessInfo.processInfo.environment
        if let path = explicit ?? environment["RIVE_CPP_BENCH"].flatMap({ $0.isEmpty ? nil : $0 }) {
            return FileManager.default.isExecutableFile(atPath: path) ? RiveCppBenchProgram(path: path, runtimeCommit: commit(in: path)) : nil
        }
        let locator = CachedProgramLocator(.riveCppDriver)
        let runtimes = (locator.cacheRoot as NSString).appendingPathComponent("rive-cpp")
        let commits = (try? locator.resolve(revision: nil)).map { [[$0 + EngineFeatureSelection.shipped.cacheFolderSuffix], [$0]] }
            ?? [(try? FileManager.default.contentsOfDirectory(atPath: runtimes)) ?? []]
        var newest: (path: String, date: Date)?
        for folders in commits where newest == nil {
          for commit in folders {
            let programs = "\(runtimes)/\(commit)/programs"
            for key in (try? FileManager.default.contentsOfDirectory(atPath: programs)) ?? [] {
                let candidate = "\(programs)/\(key)/rive-cpp-bench"
                guard FileManager.default.isExecutableFile(atPath: candidate),
                      let date = (try? FileManager.default.attributesOfItem(atPath: candidate))?[.modificationDate] as? Date else { continue }
                if newest == nil || date > newest!.date { newest = (candidate, date) }
            }
          }
        }
        return newest.map { RiveCppBenchProgram(path: $0.path, runtimeCommit: commit(in: $0.path)) }
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
