import Foundation
import HarnessTestSupport
import Testing

/// The findings of issue 23 (F1–F10, F13, F15): each test failed before its fix.
@Suite("issue 23 findings")
struct FindingsTests {
    static let corpus = SharedMaterial.packageRoot.appendingPathComponent("Corpus").path
    static let fixture = SharedMaterial.packageRoot.appendingPathComponent("Corpus/fixtures/all-types.riv").path

    /// A fresh temporary folder.
    static func temporaryFolder(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rive-harness-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("F1: diff FOLDER checks every entry first and lists each unreadable one (dangling and looping links, FIFO, device) with exit 3")
    func diffFolderWithUnreadableEntries() throws {
        let folder = try Self.temporaryFolder("f1")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(atPath: Self.fixture, toPath: folder.appendingPathComponent("a.riv").path)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("dangling.riv").path, withDestinationPath: "/nonexistent")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("loop.riv").path, withDestinationPath: "loop.riv")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("zero.riv").path, withDestinationPath: "/dev/zero")
        #expect(mkfifo(folder.appendingPathComponent("fifo.riv").path, 0o600) == 0)
        let out = folder.appendingPathComponent("out").path
        let run = try HarnessProcess.run(["diff", folder.path, "--adapters", "reference,reference", "--out", out])
        #expect(run.exitCode == 3, "\(run.standardError)")
        #expect(run.standardError.contains("cannot read 4 path(s); nothing was compared"), "\(run.standardError)")
        for expected in ["dangling.riv': a link that leads nowhere", "loop.riv': a link that leads nowhere", "fifo.riv': a FIFO, not a regular file",
                         "zero.riv': a device, not a regular file"] {
            #expect(run.standardError.contains(expected), "\(expected): \(run.standardError)")
        }
        #expect(run.standardError.contains("\n  hint: "))
    }

    @Test("F2, F7: diff --out replaces an earlier diff's dumps, refuses a folder holding other files, and a file, without Foundation's words")
    func diffOutFolder() throws {
        let folder = try Self.temporaryFolder("f2")
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.fixture, toPath: input.appendingPathComponent("old.riv").path)
        let out = folder.appendingPathComponent("out").path
        #expect(try HarnessProcess.run(["diff", input.path, "--adapters", "reference,reference", "--out", out]).exitCode == 0)
        try FileManager.default.moveItem(atPath: input.appendingPathComponent("old.riv").path, toPath: input.appendingPathComponent("new.riv").path)
        let second = try HarnessProcess.run(["diff", input.path, "--adapters", "reference,reference", "--out", out])
        #expect(second.exitCode == 0, "\(second.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out + "/a-reference") == ["new.riv.dump"], "the stale old.riv.dump is gone")

        let foreign = folder.appendingPathComponent("foreign")
        try FileManager.default.createDirectory(at: foreign, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: foreign.appendingPathComponent("notes.md"))
        let refused = try HarnessProcess.run(["diff", input.path, "--adapters", "reference,reference", "--out", foreign.path])
        #expect(refused.exitCode == 4)
        #expect(refused.standardError.contains("holds files diff did not write: notes.md"), "\(refused.standardError)")
        #expect(FileManager.default.fileExists(atPath: foreign.appendingPathComponent("notes.md").path))

        let file = folder.appendingPathComponent("file").path
        try Data().write(to: URL(fileURLWithPath: file))
        let onFile = try HarnessProcess.run(["diff", input.path, "--adapters", "reference,reference", "--out", file])
        #expect(onFile.exitCode == 4)
        #expect(onFile.standardError.contains("--out '\(file)' is a file, not a folder\n  hint: "), "\(onFile.standardError)")
        #expect(!onFile.standardError.contains("NSCocoaErrorDomain"))
        let below = try HarnessProcess.run(["run", Self.corpus, "--filter", "globals/*", "--no-history", "--out", file + "/results.json"])
        #expect(below.exitCode == 4)
        #expect(below.standardError.contains("exists and is not a folder"), "\(below.standardError)")
        #expect(!below.standardError.contains("NSCocoaErrorDomain") && !below.standardError.contains("(check"))
    }

    @Test("F3: bench --files with an empty path is a usage error (exit 2); an unreadable file is bad input (exit 3)")
    func benchFiles() throws {
        for files in ["", ",", "\(Self.fixture),"] {
            let run = try HarnessProcess.run(["bench", "--files", files, "--list"])
            #expect(run.exitCode == 2, "'\(files)': \(run.standardError)")
            #expect(run.standardError.contains("--files needs .riv paths separated by commas"))
        }
        let folder = try Self.temporaryFolder("f3")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("fifo.riv").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let unreadable = try HarnessProcess.run(["bench", "--files", "\(Self.fixture),\(fifo)", "--list"])
        #expect(unreadable.exitCode == 3, "\(unreadable.standardError)")
        #expect(unreadable.standardError.contains("fifo.riv': a FIFO, not a regular file"))
    }

    @Test("F4: history, dashboard and bench's default output use RIVE_HARNESS_RESULTS")
    func resultsFolderFromEnvironment() throws {
        let results = try Self.temporaryFolder("f4")
        defer { try? FileManager.default.removeItem(at: results) }
        let environment = ["RIVE_HARNESS_RESULTS": results.path]
        #expect(try HarnessProcess.run(["run", Self.corpus, "--filter", "globals/*"], environment: environment).exitCode == 0)
        let history = try HarnessProcess.run(["history"], in: results.deletingLastPathComponent(), environment: environment)
        #expect(history.exitCode == 0, "\(history.standardError)")
        #expect(history.standardOutput.contains("-conformance-reference.json"), "\(history.standardOutput)")
        let page = results.appendingPathComponent("page").path
        let dashboard = try HarnessProcess.run(["dashboard", "--out", page], environment: environment)
        #expect(dashboard.exitCode == 0, "\(dashboard.standardError)")
        #expect(dashboard.standardOutput.contains("(1 run, 1 testbed)"), "F14 wording: \(dashboard.standardOutput)")
        let bench = try HarnessProcess.run(["bench", "--files", Self.fixture, "--filter", "^load/", "--repetitions", "1", "--min-time", "0.01",
                                            "--no-load-all", "--adapters", "reference"], environment: environment)
        #expect(bench.exitCode == 0, "\(bench.standardError)")
        let runs = try FileManager.default.contentsOfDirectory(atPath: results.path + "/runs")
        #expect(runs.contains { $0.hasSuffix("-bench.json") }, "\(runs)")
    }

    @Test("F6: run --out into a folder that takes no new file (/proc) fails before running, exit 4")
    func runOutProbe() throws {
        let run = try HarnessProcess.run(["run", Self.corpus, "--filter", "globals/*", "--no-history", "--out", "/proc/version"])
        #expect(run.exitCode == 4)
        #expect(run.standardError.contains("cannot write --out '/proc/version': cannot create a file in /proc"), "\(run.standardError)")
        #expect(run.standardOutput.isEmpty, "nothing ran")
    }

    @Test("F8: a repeated flag is 'given twice', as a repeated option is", arguments: [
        ["inspect", fixture, "--json", "--json"], ["run", corpus, "--no-history", "--no-history"], ["run", corpus, "--verify", "--verify"],
    ])
    func repeatedFlag(_ arguments: [String]) throws {
        let run = try HarnessProcess.run(arguments)
        #expect(run.exitCode == 2)
        #expect(run.standardError.contains("option \(arguments.last!) given twice"), "\(run.standardError)")
    }

    @Test("F9: the loader reports .yml files, unreadable links, FIFOs, bad 'advance by' values and IDs that differ only in case, in plain words")
    func loaderFindings() throws {
        let copy = try CorpusCopy(prefix: "rive-harness-f9")
        defer { copy.remove() }
        let scenarios = copy.corpus.appendingPathComponent("scenarios")
        let template = CorpusCopy.allTypesX(expecting: 50)
        try Data(template.utf8).write(to: scenarios.appendingPathComponent("zz/extra.yml", isDirectory: false).creatingFolder())
        try FileManager.default.createSymbolicLink(atPath: scenarios.appendingPathComponent("zz/dangling.yaml").path, withDestinationPath: "/nonexistent")
        try FileManager.default.createSymbolicLink(atPath: scenarios.appendingPathComponent("zz/loop.yaml").path, withDestinationPath: "loop.yaml")
        #expect(mkfifo(scenarios.appendingPathComponent("zz/fifo.yaml").path, 0o600) == 0)
        try copy.write(scenario: "zz/Case", template)
        try copy.write(scenario: "zz/case", template)
        let advance = """
            description: advance steps
            rules: [PROP-1]
            fixture: all-types
            steps:
              - load: file
              - artboard: board
                file: file
              - stateMachine: machine
                artboard: board
              - advance: machine
                by: VALUE

            """
        for (name, value) in [("nan", ".nan"), ("inf", ".inf"), ("negative", "-5"), ("huge", "1e300")] {
            try copy.write(scenario: "zz/advance-\(name)", advance.replacingOccurrences(of: "VALUE", with: value))
        }
        try copy.write(scenario: "zz/advance-word", advance.replacingOccurrences(of: "VALUE", with: "soon"))
        try copy.write(scenario: "zz/a-advance", advance.replacingOccurrences(of: "by: VALUE", with: "by: 0.1\n    extra: 1"))
        let run = try HarnessProcess.run(["validate", copy.corpus.path])
        #expect(run.exitCode == 1)
        let text = run.standardOutput + run.standardError
        for expected in ["zz/extra.yml:1:1: error[scenario.wrong-extension]: scenario files end in '.yaml'",
                         "zz/dangling.yaml:1:1: error[scenario.unreadable]: cannot read the scenario file: a link that leads nowhere",
                         "zz/loop.yaml:1:1: error[scenario.unreadable]: cannot read the scenario file: a link that leads nowhere",
                         "zz/fifo.yaml:1:1: error[scenario.unreadable]: cannot read the scenario file: a FIFO, not a regular file",
                         "error[scenario.case-collision]: the scenario ID 'zz/Case' differs from 'zz/case' only in case",
                         "error[scenario.case-collision]: the scenario ID 'zz/case' differs from 'zz/Case' only in case",
                         "'advance by' needs a time step from 0 to 86400 seconds, got .nan", "got .inf", "got -5", "got 1e300",
                         "error[yaml.type-mismatch]: expected a number (Double), found 'soon'", "in an 'advance' step"] {
            #expect(text.contains(expected), "\(expected)\n\(text)")
        }
        #expect(!text.contains("the document root") && !text.contains("expected a mapping") && !text.contains("a 'advance'"), "\(text)")
    }

    @Test("F10: the console escapes control characters that a message quotes, as the JSON does")
    func consoleEscapesControlCharacters() throws {
        let copy = try CorpusCopy(prefix: "rive-harness-f10")
        defer { copy.remove() }
        try copy.write(scenario: "zz/nul", CorpusCopy.allTypesX(expecting: 50).replacingOccurrences(of: "rules: [PROP-1]", with: #"rules: ["PROP-1\0\e"]"#))
        let run = try HarnessProcess.run(["run", copy.corpus.path, "--filter", "zz/*", "--no-history"])
        #expect(run.exitCode == 1)
        #expect(run.standardOutput.contains(#"unknown rule ID 'PROP-1\u0000\u001B'"#), "\(run.standardOutput)")
        #expect(!run.standardOutput.unicodeScalars.contains { $0.value == 0 || $0.value == 0x1B })
    }

    @Test("F13: --jobs has an upper bound, and says so")
    func jobsBound() throws {
        let run = try HarnessProcess.run(["run", Self.corpus, "--jobs", "100000"])
        #expect(run.exitCode == 2)
        #expect(run.standardError.contains("--jobs needs a whole number from 1 to 64"), "\(run.standardError)")
        #expect(try HarnessProcess.run(["run", "--help"]).standardOutput.contains("--jobs N           adapter instances, 1…64"))
    }

    @Test("F15: run --help says where a copied corpus looks for shared/ files")
    func sharedFolderDocumented() throws {
        let help = try HarnessProcess.run(["run", "--help"]).standardOutput
        #expect(help.contains("CORPUS/../../shared/rive-assets"))
        #expect(help.contains("set RIVE_HARNESS_SHARED for a copied corpus"))
    }
}

extension URL {
    /// The URL, after creating its parent folder.
    func creatingFolder() throws -> URL {
        try FileManager.default.createDirectory(at: deletingLastPathComponent(), withIntermediateDirectories: true)
        return self
    }
}
