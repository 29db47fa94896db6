import Foundation
import HarnessTestSupport
import Testing

/// scripts/build-rive-cpp's engine features: its options, and how scripts/lib/engine-features.bash
/// finds a feature's pinned sources (no compile needed: the functions run on a made-up
/// repository and premake file).
@Suite("scripts/build-rive-cpp engine features")
struct EngineFeatureBuildTests {
    private static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func bash(_ script: String, in folder: String) throws -> (status: Int32, output: String, errors: String) {
        let result = try HarnessProcess.runProgram(URL(fileURLWithPath: "/bin/bash"), ["-c", script], in: URL(fileURLWithPath: folder), environment: [
            "RIVE_HARNESS_OFFLINE": "1", "GIT_CONFIG_GLOBAL": "/dev/null",
            "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t",
        ])
        return (result.exitCode, result.standardOutput, result.standardError)
    }

    private func temporaryFolder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("engine-features-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Sources the library with the functions it expects from build-rive-cpp.
    private var prelude: String {
        """
        set -uo pipefail
        say() { printf 'say: %s\\n' "$*" >&2; }
        usage_error() { say "$1"; exit 2; }
        input_error() { say "$1"; exit 3; }
        build_error() { say "$1"; exit 4; }
        . '\(Self.packageRoot.appendingPathComponent("scripts/lib/engine-features.bash").path)'
        cache_root=$PWD/cache
        """
    }

    @Test("--features takes shipped, none or known names; an unknown one is a usage error naming the known ones (2)")
    func featuresOption() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let parsed = try bash(prelude + """

            parse_engine_features shipped; echo "shipped: ${features[*]}"
            parse_engine_features none; echo "none: ${features[*]:-}"
            parse_engine_features audio,text; echo "list: ${features[*]}"
            """, in: folder)
        #expect(parsed.status == 0)
        #expect(parsed.output == "shipped: text layout scripting audio\nnone: \nlist: text audio\n")
        let unknown = try bash(prelude + "\nparse_engine_features text,fonts", in: folder)
        #expect(unknown.status == 2)
        #expect(unknown.errors.contains("unknown feature 'fonts'; known: text layout scripting audio"))
        let script = Self.packageRoot.appendingPathComponent("scripts/build-rive-cpp").path
        let viaScript = try bash("'\(script)' --features bogus --git-dir /nonexistent", in: folder)
        #expect(viaScript.status == 2)
        let deps = try bash("'\(script)' --deps-dir /nonexistent/deps", in: folder)
        #expect(deps.status == 3)
        #expect(deps.errors.contains("--deps-dir /nonexistent/deps is not a folder"))
    }

    @Test("a pinned source is read from the premake file and found by its ref in a --deps-dir git directory, then kept in the cache by repository and ref")
    func findsPinnedSource() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try bash(prelude + """

            mkdir -p deps/yoga premake && cd deps/yoga && git init -q && mkdir yoga && echo 'int a;' > yoga/Yoga.cpp \\
              && git add . && git commit -qm one && git tag rive_changes_9 && cd ../..
            printf "yoga = dependency.github('rive-app/yoga', 'rive_changes_9')\\nfiles({\\n    yoga .. '/yoga/Yoga.cpp',\\n    yoga .. '/yoga/Other.cpp',\\n})\\n" > premake/y.lua
            read -r repo ref <<<"$(premake_pin_of premake/y.lua yoga)"; echo "pin: $repo $ref"
            echo "files: $(premake_first_files premake/y.lua '\\.cpp$' | tr '\\n' ' ')"
            deps_dirs=("$PWD/deps")
            resolve_dependency layout "$repo" "$ref" premake/y.lua && echo "dir: ${dep_dir#$PWD/}" && echo "origin: $dep_origin"
            test -f "$dep_dir/yoga/Yoga.cpp" && echo extracted
            deps_dirs=()
            resolve_dependency layout "$repo" "$ref" premake/y.lua && echo "again from: $dep_origin"
            """, in: folder)
        #expect(result.status == 0, "\(result.errors)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.contains("pin: rive-app/yoga rive_changes_9"))
        #expect(lines.contains("files: yoga/Yoga.cpp yoga/Other.cpp "))
        #expect(lines.contains("dir: cache/deps/rive-app+yoga/rive_changes_9"))
        #expect(lines.contains { $0.hasPrefix("origin: rive-app/yoga@rive_changes_9 (") && $0.hasSuffix("from \(folder)/deps/yoga") })
        #expect(lines.contains("extracted"))
        #expect(lines.contains { $0.hasPrefix("again from: rive-app/yoga@rive_changes_9") })
    }

    @Test("a pin that cannot be had names where it looked and --deps-dir; a fork's public substitute is used and said so")
    func missingAndSubstitute() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try bash(prelude + """

            mkdir -p deps/yoga && (cd deps/yoga && git init -q && echo x > f && git add f && git commit -qm one)
            mkdir -p deps/harfbuzz+harfbuzz && cd deps/harfbuzz+harfbuzz && git init -q && mkdir src && echo x > src/hb.cc \\
              && git add . && git commit -qm one && git tag 13.1.1 && cd ../..
            deps_dirs=("$PWD/deps")
            if resolve_dependency layout rive-app/yoga rive_changes_9 premake/y.lua; then echo found-yoga; else echo no-yoga; fi
            resolve_dependency "text shaping" rive-app/harfbuzz rive_13.1.1 premake/h.lua && echo "substitute: $dep_substitute"
            """, in: folder)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("no-yoga"))
        #expect(result.errors.contains("layout: the pinned rive-app/yoga@rive_changes_9 (premake/y.lua) was not found."))
        #expect(result.errors.contains("looked in: cache \(folder)/cache/deps/rive-app+yoga/rive_changes_9; --deps-dir \(folder)/deps;"))
        #expect(result.errors.contains("supply it with --deps-dir DIR"))
        #expect(result.errors.contains("\(folder)/deps/yoga (has no rive_changes_9)"))
        #expect(result.output.contains("substitute: harfbuzz/harfbuzz@13.1.1"))
        #expect(result.errors.contains("building with the public substitute harfbuzz/harfbuzz@13.1.1"))
    }
}
