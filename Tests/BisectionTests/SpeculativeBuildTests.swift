@testable import Bisection
import Foundation
import Testing

/// Building ahead: which candidates the next steps test, and a bisect over a real git range
/// whose builds (a stand-in build script) run ahead, fail for one commit and are stopped at the end.
struct SpeculativeBuildTests {
    @Test("the upcoming candidates are the next step's two, then the four after them, nearest first")
    func upcomingIsBreadthFirst() {
        // Testing 8 in (0, 16): good → 12, bad → 4; then 14, 10, 6, 2.
        #expect(Bisector<OutputPredicate>.upcoming(low: 0, high: 16, skipped: [], testing: 8, limit: 6) == [12, 4, 14, 10, 6, 2])
        #expect(Bisector<OutputPredicate>.upcoming(low: 0, high: 16, skipped: [], testing: 8, limit: 2) == [12, 4])
        // Before the ends: the first step's candidate, then its two successors.
        #expect(Bisector<OutputPredicate>.upcoming(low: 0, high: 16, skipped: [], testing: nil, limit: 3) == [8, 12, 4])
        // A skipped candidate is never proposed; nothing is left between neighbours.
        #expect(!Bisector<OutputPredicate>.upcoming(low: 0, high: 16, skipped: [12], testing: 8, limit: 6).contains(12))
        #expect(Bisector<OutputPredicate>.upcoming(low: 3, high: 5, skipped: [], testing: 4, limit: 6).isEmpty)
    }

    /// A git repository with `count` empty commits (subjects c0, c1, …) and a build script that
    /// logs each commit it is asked for (and, in `log`.events, when each build starts and ends),
    /// takes a moment, fails for the subject `c11`, and prints /bin/echo as the driver.
    static func makeRange(count: Int, in folder: URL) throws -> (gitDirectory: String, script: String, log: String) {
        let repository = folder.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        var script = "set -e; cd \"$0\"; git init -q; git config user.email t@t; git config user.name t; "
        for index in 0..<count { script += "git commit -q --allow-empty -m c\(index); " }
        let made = Process()
        made.executableURL = URL(fileURLWithPath: "/bin/sh")
        made.arguments = ["-c", script, repository.path]
        try made.run()
        made.waitUntilExit()
        let log = folder.appendingPathComponent("builds.log").path
        let build = folder.appendingPathComponent("build").path
        try Data("""
            #!/bin/sh
            # --git-dir DIR --commit SHA …
            echo "$4" >> "\(log)"
            echo "start $4" >> "\(log).events"
            trap 'echo "end $4" >> "\(log).events"' EXIT
            sleep 0.2
            [ "$(git --git-dir "$2" log -1 --format=%s "$4")" = c11 ] && exit 4
            echo /bin/echo

            """.utf8).write(to: URL(fileURLWithPath: build))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: build)
        return (repository.appendingPathComponent(".git").path, build, log)
    }

    @Test("with 3 jobs the next candidates are built ahead, a commit that does not build is skipped and named, and the answer is the same")
    func buildsAheadSkipFailuresAndStop() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rive-harness-speculate-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (gitDirectory, script, log) = try Self.makeRange(count: 16, in: folder)
        let candidates = try BisectSource.candidates(gitDirectory: gitDirectory, range: "HEAD~15..HEAD")
        #expect(candidates.count == 16)
        // Bad from c9 on: the predicate's command prints whether the commit's subject number is 9 or more.
        let command = "n=$(git --git-dir \(gitDirectory) log -1 --format=%s \"$RIVE_HARNESS_BISECT_COMMIT\" | tr -d c); [ \"$n\" -ge 9 ] && echo bad || echo good"
        for jobs in [1, 3] {
            try? FileManager.default.removeItem(atPath: log)
            try? FileManager.default.removeItem(atPath: log + ".events")
            let adapters = AdapterCommands(source: .git(directory: gitDirectory, range: "HEAD~15..HEAD"), buildScript: script,
                                           logFolder: folder.appendingPathComponent("logs-\(jobs)"), jobs: jobs, announce: { _ in })
            let bisector = Bisector(candidates: candidates, predicate: OutputPredicate(command: command, adapters: adapters),
                                    lookaheadCount: jobs > 1 ? 2 * jobs : 0, lookahead: { await adapters.speculate($0) })
            let outcome = try await bisector.run { _ in }
            await adapters.stopBuildsAhead()
            let tally = await adapters.tally
            #expect(outcome.firstBad.map { candidates[$0].subject } == "c9", "jobs \(jobs)")
            let built = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
            if jobs == 1 {
                #expect(tally.unused == 0 && built.count == tally.total)
            } else {
                // Builds ahead run at nice 19: on a busy machine they may be stopped before they end.
                #expect(built.count > outcome.steps.count && tally.unused + tally.stopped > 0, "builds ahead that no step tested")
                // A build stopped is never one a later step needs: no commit is built twice.
                #expect(Set(built).count == built.count, "\(built)")
                // Every build started either ended (total) or was stopped; one stopped at once may not have logged.
                #expect(tally.total <= built.count && built.count <= tally.total + tally.stopped, "\(built.count) started, \(tally.total) ended, \(tally.stopped) stopped")
                // Builds ahead wait for the first build (the good end) to end, to reuse its compiler cache.
                let events = try String(contentsOfFile: log + ".events", encoding: .utf8).split(separator: "\n")
                #expect(events.prefix(2).map { $0.split(separator: " ")[0] } == ["start", "end"], "\(events.prefix(3))")
            }
            // c11 is the first step's second choice (the middle of c7..c15): it does not build, is skipped and named.
            let c11 = candidates[11].label
            #expect(tally.failed == [c11], "jobs \(jobs)")
            #expect(outcome.steps.first { $0.candidate.label == c11 }?.result == .skip)
        }
    }
}
