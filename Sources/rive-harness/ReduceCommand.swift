import Conformance
import Differential
import Foundation
import Fuzzing
import HarnessSupport
import RiveFormat

/// `rive-harness reduce`: shrinks a `.riv` file while a predicate (a crash, a hang, a
/// difference, a command's verdict) stays true, for an upstream bug report.
struct ReduceCommand: HarnessCommand {
    static let name = "reduce"
    static let summary = "shrink a .riv file to the smallest one that still shows a failure"
    static let options = OptionTable(command: name, positionals: "FILE.riv", column: 21, options: [
        OptionSpec("--predicate", "P", synopsis: "--predicate P", help: nil),
        OptionSpec("--out", "PATH", synopsis: "[--out MIN.riv]", help: "the reduced file (default FILE-reduced.riv beside FILE)"),
        OptionSpec("--frames", "N", help: "frames each dump plays (default 10; draws at 0 and N)"),
        OptionSpec("--timeout", "SECONDS", help: "how long one adapter may take for one candidate (default 10)"),
        OptionSpec("--corpus", "DIR", help: "with a scenario predicate: the corpus (default Corpus)"),
        OptionSpec("--seconds", "S", help: "stop trying candidates after S seconds and keep the smallest file so far (default: no limit)"),
        AdapterSelection.allOptionsRow,
    ])
    static let help = options.help(about: """
        Removes objects (delta debugging), then single properties, then objects again, keeping
        each candidate only when our writer validates it (our reader reads it, for an input
        that already breaks a structural rule) and the predicate still holds; a file our
        reader does not read (a byte mutation) first loses its tail and byte ranges. It
        writes the smallest file found and a report beside it (MIN.riv.txt: the predicate and
        its output on the result, the adapters and runtime commit, each step's size, and
        'rive-harness inspect' of the result), ready for an upstream bug report. The same file
        and predicate give the same result.

        predicates:
          crash:ADAPTER      the adapter crashes (or a sanitizer reports) with the same
                             signature as on FILE (docs/fuzzing.md)
          hang:ADAPTER       the adapter does not answer within --timeout
          diff:A,B:SECTION   the two adapters' dumps differ in SECTION (docs/diff.md); when
                             SECTION is the first to differ on FILE, with the same
                             signature (the shapes of both first differing lines)
          scenario:[ADAPTER:]ID  the corpus scenario ID, with the candidate in place of its
                             fixture, gets the verdict it gets with FILE there (FAIL at the
                             same step, ERROR, CRASH or TIMEOUT) on ADAPTER (default reference)
          command:CMD        CMD, run with /bin/sh -c and the candidate's path appended as its
                             last argument, exits 0 (as C-Reduce's interestingness tests)
        """, footer: """
        exit codes: 0 reduced (the result may equal the input when nothing could go); 2 usage
        error; 3 FILE unreadable, or the predicate is false on FILE; 4 the
        result could not be written.
        """)

    /// What must stay true while reducing.
    enum Predicate {
        case crash(String)
        case hang(String)
        case diff(String, String, DumpSection)
        case scenario(adapter: String, id: String)
        case command(String)

        /// The adapters the predicate runs.
        var adapters: [String] {
            switch self {
            case .crash(let name), .hang(let name), .scenario(let name, _): [name]
            case .diff(let a, let b, _): [a, b]
            case .command: []
            }
        }
    }

    let path: String
    let predicate: Predicate
    let predicateText: String
    let outPath: String
    let frames: Int
    let timeoutSeconds: Double
    /// The corpus a scenario predicate's scenario comes from.
    let corpusPath: String
    /// The predicate's adapters and their options.
    let selection: AdapterSelection
    /// How long the reduction may try candidates; `nil` has no limit.
    let seconds: Double?

    init(arguments: inout ArgumentList) throws(UsageError) {
        let hint = "see 'rive-harness reduce --help'"
        guard let text = try arguments.option("--predicate") else {
            throw UsageError(message: "reduce needs --predicate P", hint: "for example --predicate crash:rive-cpp; \(hint)")
        }
        predicateText = text
        predicate = try Self.parse(text, hint: hint)
        (frames, timeoutSeconds) = try FuzzCommand.caseOptions(&arguments, hint: hint)
        selection = try AdapterSelection(names: predicate.adapters, arguments: &arguments, command: Self.name, single: false)
        let corpus = try arguments.option("--corpus")
        if corpus != nil, case .scenario = predicate {} else if corpus != nil {
            throw UsageError(message: "--corpus goes with a scenario predicate", hint: hint)
        }
        corpusPath = corpus ?? "Corpus"
        seconds = try arguments.option("--seconds").map { text throws(UsageError) in
            guard let value = Double(text), value > 0, value <= 86_400 else {
                throw UsageError(message: "--seconds needs a positive number of seconds up to 86400, got '\(text)'", hint: hint)
            }
            return value
        }
        let out = try arguments.option("--out")
        let positionals = try arguments.positionals()
        guard positionals.count == 1 else {
            throw UsageError(message: positionals.isEmpty ? "reduce needs the .riv file to reduce" : "reduce takes one file, got \(positionals.count)", hint: hint)
        }
        path = positionals[0]
        outPath = out ?? ((path as NSString).deletingPathExtension + "-reduced.riv")
        guard !outPath.isEmpty else { throw UsageError(message: "--out needs a file path, got an empty one", hint: hint) }
    }

    static func parse(_ text: String, hint: String) throws(UsageError) -> Predicate {
        let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        func bad(_ why: String) -> UsageError {
            UsageError(message: "--predicate '\(text)': \(why)",
                       hint: "predicates: crash:ADAPTER, hang:ADAPTER, diff:A,B:SECTION, scenario:[ADAPTER:]ID, command:CMD; \(hint)")
        }
        switch parts[0] {
        case "crash", "hang":
            guard parts.count == 2, !parts[1].isEmpty, !parts[1].contains(",") else { throw bad("needs one adapter name after the colon") }
            return parts[0] == "crash" ? .crash(parts[1]) : .hang(parts[1])
        case "diff":
            guard parts.count == 3 else { throw bad("needs two adapters and a section, as diff:reference,rive-cpp:draws") }
            let names = parts[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard names.count == 2, !names.contains("") else { throw bad("needs two adapter names separated by a comma") }
            // The fuzz oracle behind the predicate dumps the default sections; pixels are compared by similarity in diff only.
            guard let section = DumpSection(rawValue: parts[2]), DumpSection.defaultSections.contains(section) else {
                throw bad("unknown section '\(parts[2])'; sections: \(DumpSection.defaultSections.map(\.rawValue).joined(separator: ", "))")
            }
            return .diff(names[0], names[1], section)
        case "scenario":
            guard parts.count >= 2, !parts.dropFirst().contains("") else { throw bad("needs a scenario ID after the colon, as scenario:props/enum-unknown-case") }
            return parts.count == 3 ? .scenario(adapter: parts[1], id: parts[2]) : .scenario(adapter: "reference", id: parts[1])
        case "command":
            let command = String(text.dropFirst("command:".count))
            guard !command.trimmingCharacters(in: .whitespaces).isEmpty else { throw bad("needs a command after the colon") }
            return .command(command)
        default:
            throw bad("unknown kind '\(parts[0])'")
        }
    }

    @MainActor func run() async throws(CommandFailure) -> ExitCode {
        let bytes = try readFileBytes(path)
        let document: RiveDocument?
        do { document = try RiveReader.read(bytes) } catch {
            printError("reduce: our reader does not read \(path) (\(error.message)); its bytes are reduced first, then its objects if what is left reads")
            document = nil
        }
        let objectCount = { (document: RiveDocument?) in document.map { "\($0.objects.count) objects" } ?? "not readable by our reader" }
        let (check, adapterDescriptions) = try makeCheck()
        let started = Date()
        guard let inputOutput = await check(bytes) else {
            throw CommandFailure(message: "the predicate \(predicateText) is false on \(path)", hint: "check the predicate and the adapter; reduce keeps what makes it true",
                                 exitCode: .badInput)
        }
        var signature = inputOutput.signature
        printError("reduce: \(path): \(bytes.count) bytes, \(objectCount(document)); predicate \(predicateText) holds (\(inputOutput.summary))")
        var reducer = Reducer(predicate: { candidate in
            guard let output = await check(candidate) else { return false }
            return signature == nil || output.signature == signature
        }, deadline: seconds.map { Date().addingTimeInterval($0) }, onStep: { step in
            printError("reduce: \(Self.describe(step))")
        })
        let result: Reducer.Result
        do { result = try await reducer.reduce(bytes: bytes) } catch {
            throw CommandFailure(message: "\(path): \(error.description)", exitCode: .badInput)
        }
        signature = nil
        let finalOutput = await check(result.bytes)
        let elapsed = Date().timeIntervalSince(started)
        try writeFileAtomically(result.bytes, to: outPath)
        if let problem = result.inputProblem {
            printError("reduce: the input breaks a structural rule (\(problem)); candidates were only required to stay readable by our reader")
        }
        var report = ["rive-harness reduce", "input \(path): \(bytes.count) bytes, \(objectCount(document))",
                      "result \(outPath): \(result.bytes.count) bytes, \(objectCount(result.document))",
                      "predicate \(predicateText): \(finalOutput?.summary ?? "no longer holds on the written file (report this)")",
                      "adapters: \(adapterDescriptions.isEmpty ? "none (a command predicate)" : adapterDescriptions.joined(separator: "; "))",
                      "\(result.steps.count) step(s), \(result.predicateRuns) predicate run(s), \(String(format: "%.1f", elapsed)) s"
                        + (result.stoppedAtTimeLimit ? " (stopped at --seconds \(CanonicalText.number(seconds ?? 0)): the smallest file so far)" : "")]
        if let problem = result.inputProblem {
            report.append("the input breaks a structural rule our writer checks (\(problem)), so candidates were encoded unchecked and only had to stay readable by our reader")
        }
        if let problem = result.unreadableInput {
            report.append("the input's bytes were reduced first (tail, then byte ranges): \(problem)")
        }
        report.append("")
        report += result.steps.map { "  " + Self.describe($0) }
        report += ["", "inspect of the result:"] + (result.document.map(InspectCommand.objectListing) ?? ["  (our reader does not read the result)"])
        if let detail = finalOutput?.detail { report += ["", "predicate output:", detail] }
        try writeFileAtomically(Array((report.joined(separator: "\n") + "\n").utf8), to: outPath + ".txt")
        print("reduce: \(bytes.count) -> \(result.bytes.count) bytes, \(objectCount(document)) -> \(objectCount(result.document)) in "
              + "\(result.predicateRuns) runs (\(String(format: "%.1f", elapsed)) s\(result.stoppedAtTimeLimit ? ", stopped at --seconds" : "")): \(outPath) (report \(outPath).txt)")
        return .success
    }

    /// One step as the progress lines and the report print it.
    static func describe(_ step: Reducer.Step) -> String {
        "\(step.pass): -\(step.removed) -> \(step.objects.map { "\($0) objects, " } ?? "")\(step.bytes) bytes"
    }

    /// What a predicate run says: whether it held, a one-line summary, its signature (when
    /// the predicate keeps one) and its full output.
    struct CheckOutput {
        var summary: String
        var signature: String?
        var detail: String
    }

    /// The predicate as a function of a candidate's bytes (its output, or nil when it is
    /// false), and the names and versions of the adapters it runs.
    @MainActor private func makeCheck() throws(CommandFailure) -> (check: @MainActor ([UInt8]) async -> CheckOutput?, adapters: [String]) {
        switch predicate {
        case .command(let command):
            return ({ candidate in Self.runCommand(command, on: candidate) }, [])
        case .crash(let name), .hang(let name):
            let make = try selection.factory(at: 0)
            var oracle = DiffOracle(a: (name, make), b: (name, make), options: FuzzCommand.dumpOptions(frames: frames), timeoutSeconds: timeoutSeconds)
            let wantsHang: Bool = if case .hang = predicate { true } else { false }
            return ({ candidate in
                let findings = await oracle.check(candidate, name: "candidate")
                guard let finding = findings.first(where: { wantsHang ? $0.kind == .hang : ($0.kind == .crash || $0.kind == .sanitizer) }) else { return nil }
                return CheckOutput(summary: finding.signature, signature: wantsHang ? nil : finding.signature, detail: finding.detail)
            }, oracle.adapterDescriptions)
        case .scenario(let name, let id):
            let make = try selection.factory(at: 0)
            let corpus = try loadCorpus(corpusPath)
            let adapter = make()
            let replay: ScenarioReplay
            do { replay = try ScenarioReplay(corpus: corpus, scenarioID: id, adapter: adapter, timeoutSeconds: timeoutSeconds, makeAdapter: make) } catch {
                throw CommandFailure(message: "--predicate \(predicateText): \(error.description)", hint: "run 'rive-harness list \(corpusPath)' for the scenario IDs",
                                     exitCode: .usage)
            }
            return ({ candidate in
                let result = await replay.result(with: candidate)
                guard result.verdict != .pass, result.verdict != .skip else { return nil }
                let place = result.divergence.map { " at step \($0.step) (\($0.action)): expected \($0.expected), actual \($0.actual)" } ?? ""
                return CheckOutput(summary: "\(id) on \(name): \(result.verdict.rawValue.uppercased())\(place)", signature: "\(result.verdict.rawValue)\(place)",
                                   detail: result.trace ?? result.verdict.rawValue)
            }, ["\(name) \(adapter.version)"])
        case .diff(let a, let b, let section):
            let makeA = try selection.factory(at: 0)
            let makeB = try selection.factory(at: 1)
            var oracle = DiffOracle(a: (a, makeA), b: (b, makeB), options: FuzzCommand.dumpOptions(frames: frames), timeoutSeconds: timeoutSeconds)
            return ({ candidate in
                let findings = await oracle.check(candidate, name: "candidate")
                guard let finding = findings.first(where: { $0.kind == .divergence && $0.differs(in: section.rawValue) }) else { return nil }
                // The first differing section is the bucket: its signature (both lines' shapes) must stay.
                let isFirst = finding.signature.contains(" \(section.rawValue): ")
                return CheckOutput(summary: isFirst ? finding.signature : "\(section.rawValue) differs (after \(finding.signature))",
                                   signature: isFirst ? finding.signature : nil, detail: finding.detail)
            }, oracle.adapterDescriptions)
        }
    }

    /// Runs `command` with the candidate written to a temporary file; holds when it exits 0.
    private static func runCommand(_ command: String, on candidate: [UInt8]) -> CheckOutput? {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("reduce-\(UUID().uuidString).riv").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        guard (try? AtomicFile.write(candidate, to: file)) != nil else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command + " \"$0\"", file]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        guard (try? process.run()) != nil else { return nil }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return process.terminationStatus == 0 ? CheckOutput(summary: "the command exits 0", signature: nil, detail: text) : nil
    }
}
