import Foundation
import HarnessTestSupport
import Testing

/// `rive-harness bisect` over 16 synthetic versions with a planted change at a known position.
struct BisectCommandTests {
    /// A benchmark producer: `producer.sh VERSION SLOW_FROM` writes a results file to
    /// `$RIVE_HARNESS_BISECT_OUT` with `$RIVE_HARNESS_BISECT_REPETITIONS` rows of
    /// `rive-cpp/advance/a.riv`: 1,000,000 instructions (+ VERSION, below any threshold) and a
    /// time with ±0.5 % deterministic jitter, both 3 % higher from SLOW_FROM on.
    static let producer = #"""
        #!/bin/sh
        version=$1; slow_from=$2
        awk -v v="$version" -v s="$slow_from" -v n="${RIVE_HARNESS_BISECT_REPETITIONS:-5}" 'BEGIN {
          factor = (v >= s) ? 1.03 : 1.0
          printf "{\"context\":{},\"benchmarks\":["
          for (i = 0; i < n; i++) {
            jitter = ((i * 7 + v * 3) % 11 - 5) / 1000.0
            printf "%s{\"name\":\"rive-cpp/advance/a.riv\",\"run_type\":\"iteration\",\"real_time\":1,\"cpu_time\":%.3f,\"time_unit\":\"ns\",\"instructions_per_iteration\":%d}", (i ? "," : ""), 1000 * factor * (1 + jitter), 1000000 * factor + v
          }
          printf "],\"harness\":{\"formatVersion\":1,\"kind\":\"bench\",\"createdAt\":\"2026-12-01T00:00:00Z\",\"metric\":\"%s\",\"adapters\":[{\"name\":\"rive-cpp\",\"version\":\"%d\"}],\"testbed\":{\"fingerprint\":\"0000000000000000\"}}}\n", ENVIRON["METRIC"], v
        }' > "$RIVE_HARNESS_BISECT_OUT"
        """#

    /// A folder with the producer and a commands file of 16 versions, slow from `slowFrom`.
    private static func versions(slowFrom: Int) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rive-harness-bisect-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = folder.appendingPathComponent("producer.sh")
        try Data(producer.utf8).write(to: script)
        let lines = (0..<16).map { "v\($0)\t/bin/sh \(script.path) \($0) \(slowFrom)" }
        try Data(("# 16 synthetic versions\n" + lines.joined(separator: "\n") + "\n").utf8).write(to: folder.appendingPathComponent("versions.txt"))
        return folder
    }

    @Test("a planted 3 % instruction increase is found in at most 5 steps", arguments: [1, 6, 11, 15])
    func instructions(slowFrom: Int) throws {
        let folder = try Self.versions(slowFrom: slowFrom)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try HarnessProcess.run(["bisect", "--commands-file", folder.appendingPathComponent("versions.txt").path,
                                             "--benchmark", "rive-cpp/advance/a.riv", "--bench-command", "METRIC=instructions sh -c \"$RIVE_HARNESS_BISECT_ADAPTER_COMMAND\""])
        #expect(result.exitCode == 0, "\(result.standardOutput)\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n")
        let steps = lines.filter { $0.hasPrefix("step ") }
        #expect(steps.count <= 5 && !steps.isEmpty, "\(result.standardOutput)")
        #expect(lines.contains { $0 == "first bad: v\(slowFrom) /bin/sh \(folder.path)/producer.sh \(slowFrom) \(slowFrom)" }, "\(result.standardOutput)")
        #expect(lines.contains { $0.hasPrefix("change: rive-cpp/advance/a.riv: slower, ") && $0.contains("(+3.00 %, threshold 0.50 %") }, "\(result.standardOutput)")
    }

    @Test("--change any finds a planted increase too; --change improvement sees none between the ends and exits 1")
    func changeDirection() throws {
        let folder = try Self.versions(slowFrom: 10)
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = ["bisect", "--commands-file", folder.appendingPathComponent("versions.txt").path, "--benchmark", "rive-cpp/advance/a.riv",
                    "--bench-command", "METRIC=instructions sh -c \"$RIVE_HARNESS_BISECT_ADAPTER_COMMAND\""]
        let any = try HarnessProcess.run(base + ["--change", "any"])
        #expect(any.exitCode == 0, "\(any.standardOutput)\(any.standardError)")
        #expect(any.standardOutput.contains("first bad: v10 "), "\(any.standardOutput)")
        let improvement = try HarnessProcess.run(base + ["--change", "improvement"])
        #expect(improvement.exitCode == 1, "\(improvement.standardOutput)")
        #expect(improvement.standardOutput.contains("error[bisect.no-change]"), "\(improvement.standardOutput)")
        #expect(try HarnessProcess.run(base + ["--change", "sideways"]).exitCode == 2)
    }

    @Test("a planted 3 % time increase with jitter is found with Mann-Whitney U in at most 5 steps")
    func time() throws {
        let folder = try Self.versions(slowFrom: 9)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try HarnessProcess.run(["bisect", "--commands-file", folder.appendingPathComponent("versions.txt").path,
                                             "--benchmark", "rive-cpp/advance/a.riv", "--metric", "time", "--threshold", "2",
                                             "--bench-command", "METRIC=time sh -c \"$RIVE_HARNESS_BISECT_ADAPTER_COMMAND\""])
        #expect(result.exitCode == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("step ") }.count <= 5)
        #expect(result.standardOutput.contains("first bad: v9 "), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("Mann-Whitney p="), "\(result.standardOutput)")
    }

    /// A synthetic adapter version: `adapter.sh VERSION BREAK_FROM HARNESS` serves the reference
    /// runtime over the process protocol (`rive-harness serve`); from BREAK_FROM on, every number
    /// value 50 (written `50` or `50.0`) it answers becomes 51, a planted conformance break.
    static let brokenAdapter = #"""
        #!/bin/sh
        if [ "$1" -ge "$2" ]; then
          "$3" serve | sed -u -E 's/"value":50(\.0)?}/"value":51}/g'
        else
          exec "$3" serve
        fi
        """#

    @Test("a planted conformance break among 16 process-adapter versions is found in at most 5 steps", arguments: [3, 12])
    func conformanceBreak(breakFrom: Int) throws {
        let copy = try CorpusCopy(prefix: "rive-harness-bisect")
        defer { copy.remove() }
        let folder = copy.root, corpus = copy.corpus
        try copy.write(scenario: "zz-bisect/x", CorpusCopy.allTypesX(expecting: 50, description: "the all-types fixture's x is 50"))
        let script = folder.appendingPathComponent("adapter.sh")
        try Data(Self.brokenAdapter.utf8).write(to: script)
        let harness = HarnessProcess.executable.path
        let lines = (0..<16).map { "v\($0)\t/bin/sh \(script.path) \($0) \(breakFrom) \(harness)" }
        let versions = folder.appendingPathComponent("versions.txt")
        try Data(lines.joined(separator: "\n").utf8).write(to: versions)
        let result = try HarnessProcess.run(["bisect", "--commands-file", versions.path, "--scenario", "zz-bisect/x", "--corpus", corpus.path])
        #expect(result.exitCode == 0, "\(result.standardOutput)\(result.standardError)")
        let output = result.standardOutput
        #expect(output.split(separator: "\n").filter { $0.hasPrefix("step ") }.count <= 5, "\(output)")
        #expect(output.contains("first bad: v\(breakFrom) "), "\(output)")
        #expect(output.contains("change: zz-bisect/x: PASS → FAIL (step 3 (value): expected 50.0 (exact), got 51.0)"), "\(output)")
    }

    @Test("the output predicate finds where a command's output changes; ends that agree exit 1")
    func outputPredicate() throws {
        let folder = try Self.versions(slowFrom: 4)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("versions.txt").path
        // The version number divided by 4 changes at v4, v8 and v12; the first change after v0 is v4.
        let changed = try HarnessProcess.run(["bisect", "--commands-file", file, "--output-of",
                                              "echo \"$RIVE_HARNESS_BISECT_ADAPTER_COMMAND\" | awk '{ print ($3 >= 4) }'"])
        #expect(changed.exitCode == 0, "\(changed.standardOutput)\(changed.standardError)")
        #expect(changed.standardOutput.contains("first bad: v4 "), "\(changed.standardOutput)")
        #expect(changed.standardOutput.contains("output differs at line 1: \"0\" → \"1\""), "\(changed.standardOutput)")
        let same = try HarnessProcess.run(["bisect", "--commands-file", file, "--output-of", "echo same"])
        #expect(same.exitCode == 1)
        #expect(same.standardOutput.contains("error[bisect.no-change]"))
    }

    @Test("bisect usage errors exit 2 and a missing commands file exits 3")
    func usage() throws {
        #expect(try HarnessProcess.run(["bisect", "--commands-file", "x"]).exitCode == 2, "no predicate")
        #expect(try HarnessProcess.run(["bisect", "--scenario", "a/b"]).exitCode == 2, "no candidates")
        #expect(try HarnessProcess.run(["bisect", "--commands-file", "x", "--benchmark", "b"]).exitCode == 2, "no --bench-command")
        #expect(try HarnessProcess.run(["bisect", "--commands-file", "x", "--output-of", "true", "--metric", "speed"]).exitCode == 2)
        #expect(try HarnessProcess.run(["bisect", "--commands-file", "x", "--output-of", "true", "--change", "any"]).exitCode == 2, "--change without --benchmark")
        #expect(try HarnessProcess.run(["bisect", "--commands-file", "x", "--output-of", "true", "--build-args=--unity 4"]).exitCode == 2,
                "--build-args without --git-dir")
        #expect(try HarnessProcess.run(["bisect", "--commands-file", "/nonexistent/versions.txt", "--output-of", "true"]).exitCode == 3)
        let help = try HarnessProcess.run(["bisect", "--help"])
        #expect(help.exitCode == 0 && help.standardOutput.contains("--commands-file"))
    }
}

/// `rive-harness bisect --git-dir` over a small synthetic repository with a build script that
/// fails for one commit.
struct BisectGitRangeTests {
    /// Runs git in a repository folder.
    @discardableResult
    private static func git(_ arguments: [String], in folder: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder.path] + arguments
        process.environment = ["GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org", "GIT_COMMITTER_NAME": "t",
                               "GIT_COMMITTER_EMAIL": "t@example.org", "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("a git range is bisected commit by commit; a commit that does not build is skipped; builds are announced, get --build-args and are added up; the first bad commit's subject is printed")
    func gitRange() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rive-harness-bisect-git-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let repository = folder.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        try Self.git(["init", "-q"], in: repository)
        // 12 commits: value.txt says "old" up to commit 6 and "new" from commit 7; commit 5 does not build.
        for index in 0..<12 {
            let value = index == 5 ? "broken" : index >= 7 ? "new" : "old"
            try Data("\(value)\n".utf8).write(to: repository.appendingPathComponent("value.txt"))
            try Self.git(["add", "value.txt"], in: repository)
            try Self.git(["commit", "-q", "--allow-empty", "-m", "change \(index)"], in: repository)
        }
        let commits = try Self.git(["rev-list", "--reverse", "HEAD"], in: repository).split(separator: "\n").map(String.init)
        // The build script "builds" a commit by extracting value.txt; it fails for a broken one.
        // Named like scripts/build-rive-cpp, it is given --report FILE.
        let script = folder.appendingPathComponent("build-rive-cpp")
        try Data("""
            #!/bin/sh
            for argument in "$@"; do case "$argument" in --unity) unity=yes ;; esac; done
            if [ "$unity" != yes ]; then echo "no --unity given" >&2; exit 2; fi
            echo "build arguments: $*" >&2
            while [ $# -gt 0 ]; do case "$1" in --git-dir) dir=$2; shift 2 ;; --commit) commit=$2; shift 2 ;; --report) report=$2; shift 2 ;; *) shift ;; esac; done
            out=\(folder.path)/build-$commit.txt
            git --git-dir "$dir" show "$commit:value.txt" > "$out"
            if grep -q broken "$out"; then echo "compile error in $commit" >&2; exit 4; fi
            # The "new" commits' runtimes come from an archive, our programs compiled against them.
            if grep -q new "$out"; then printf 'entry E\nruntime imported\nprograms built\nexported no\n' > "$report"; fi
            echo "$out"
            """.utf8).write(to: script)
        chmod(script.path, 0o755)
        let result = try HarnessProcess.run(["bisect", "--git-dir", repository.appendingPathComponent(".git").path, "\(commits[0])..\(commits[11])",
                                             "--build-script", script.path, "--build-args=--unity 4",
                                             "--output-of", "cat \"$RIVE_HARNESS_BISECT_ADAPTER_COMMAND\""])
        #expect(result.exitCode == 0, "\(result.standardOutput)\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        // Ends 0 and 11, then 5 (does not build), 4, 7, 6: six builds, one failed, each announced with its log.
        #expect(lines.filter { $0.hasPrefix("  building ") }.count == 6, "\(result.standardOutput)")
        #expect(lines.contains { $0.hasPrefix("bad end: \(commits[11].prefix(10)) [11] BAD ") && $0.hasSuffix(" [10 left to test, at most 4 more steps]") },
                "\(result.standardOutput)")
        // Step 3 tests commit 7 (bad) after 5 (skipped) and 4 (good): only 6 is left.
        #expect(lines.contains { $0.hasPrefix("step 3: \(commits[7].prefix(10)) [7] BAD ") && $0.hasSuffix(" [1 left to test, at most 1 more step]") },
                "\(result.standardOutput)")
        #expect(lines.last { $0.hasPrefix("step ") }?.hasSuffix(" [0 left to test, at most 0 more steps]") == true, "\(result.standardOutput)")
        #expect(lines.contains { $0.hasPrefix("  build of \(commits[5].prefix(10)) failed (status 4, ") }, "\(result.standardOutput)")
        #expect(lines.contains { $0.hasPrefix("step ") && $0.contains("\(commits[5].prefix(10)) [5] SKIP") && $0.contains("compile error in \(commits[5])") },
                "\(result.standardOutput)")
        #expect(lines.contains { $0.hasPrefix("time: ") && $0.contains("; builds: 3 compiled, 0 imported from the archive, 2 with the archive's runtime and our programs compiled, 0 cached, 1 failed; 0 built ahead and not tested") },
                "\(result.standardOutput)")
        #expect(lines.contains("skipped because they do not build: \(commits[5].prefix(10))"), "\(result.standardOutput)")
        let buildingLine = try #require(lines.first { $0.hasPrefix("  building \(commits[0].prefix(10)) change 0 (log: ") })
        let log = String(buildingLine.dropFirst("  building \(commits[0].prefix(10)) change 0 (log: ".count).dropLast())
        // Each run keeps its build logs in a folder of its own (a later, cached run must not overwrite them).
        let runFolder = URL(fileURLWithPath: log).deletingLastPathComponent()
        #expect(runFolder.deletingLastPathComponent().lastPathComponent == "rive-harness-bisect-builds", "\(log)")
        #expect(runFolder.lastPathComponent.range(of: #"^\d{8}-\d{6}-\d+$"#, options: .regularExpression) != nil, "\(log)")
        let logText = try String(contentsOfFile: log, encoding: .utf8)
        #expect(logText.contains("build arguments: --git-dir ") && logText.contains("--unity 4"), "\(logText)")
        #expect(result.standardOutput.contains("first bad: \(commits[7].prefix(10)) change 7"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("output differs at line 1: \"old\" → \"new\""), "\(result.standardOutput)")
        #expect(result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("step ") }.count <= 5)
        let reversed = try HarnessProcess.run(["bisect", "--git-dir", repository.appendingPathComponent(".git").path, "\(commits[11])..\(commits[0])",
                                               "--build-script", script.path, "--output-of", "true"])
        #expect(reversed.exitCode == 3 && reversed.standardError.contains("is not an ancestor"), "\(reversed.standardError)")
    }

    @Test("SIGINT (Ctrl-C) during a build stops the build and what it started, and bisect exits 130")
    func interruptStopsBuilds() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rive-harness-bisect-interrupt-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let repository = folder.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        try Self.git(["init", "-q"], in: repository)
        for index in 0..<3 { try Self.git(["commit", "-q", "--allow-empty", "-m", "change \(index)"], in: repository) }
        let commits = try Self.git(["rev-list", "--reverse", "HEAD"], in: repository).split(separator: "\n").map(String.init)
        // The build starts a long process of its own, says its id, and waits for it.
        let pidFile = folder.appendingPathComponent("sleeper.pid")
        let script = folder.appendingPathComponent("build.sh")
        try Data("""
            #!/bin/sh
            sleep 300 &
            echo $! > '\(pidFile.path)'
            wait
            """.utf8).write(to: script)
        chmod(script.path, 0o755)
        let bisect = Process()
        bisect.executableURL = HarnessProcess.executable
        bisect.arguments = ["bisect", "--git-dir", repository.appendingPathComponent(".git").path, "\(commits[0])..\(commits[2])",
                            "--build-script", script.path, "--output-of", "true"]
        bisect.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        bisect.standardError = errors
        try bisect.run()
        var sleeper: Int32?
        for _ in 0..<300 where sleeper == nil {
            usleep(100_000)
            sleeper = (try? String(contentsOf: pidFile, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        let pid = try #require(sleeper, "the build never started")
        defer { kill(pid, SIGKILL) }
        kill(bisect.processIdentifier, SIGINT)
        bisect.waitUntilExit()
        #expect(bisect.terminationReason == .exit && bisect.terminationStatus == 130, "\(bisect.terminationReason) \(bisect.terminationStatus)")
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(message.contains("rive-harness bisect: interrupted; stopping"), "\(message)")
        // The build's own process is gone (a zombie until its parent is reaped counts as gone).
        var stopped = false
        for _ in 0..<50 where !stopped {
            let state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))?.split(separator: " ").dropFirst(2).first
            stopped = state == nil || state == "Z"
            if !stopped { usleep(100_000) }
        }
        #expect(stopped, "the build's 'sleep 300' (pid \(pid)) still runs")
    }
}
