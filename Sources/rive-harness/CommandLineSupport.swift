import Foundation
import SystemCalls
import HarnessSupport
import YAML

/// The exit codes (`HarnessSupport.ExitCode`), named here so every command file uses them without importing HarnessSupport.
typealias ExitCode = HarnessSupport.ExitCode

/// A wrong command line, with what to do about it (exit 2).
struct UsageError: HarnessError {
    /// What is wrong.
    let message: String
    /// What to do next.
    let hint: String?
    /// Usage errors have no code of their own.
    var code: String? { nil }
    /// Always `.usage`.
    var exitCode: ExitCode { .usage }
}

/// A failure while running a command: its code, message and hint, and the exit code to use;
/// or the text of a library error that reports itself in its own layout (a file location, a
/// byte offset), kept as the library wrote it.
struct CommandFailure: HarnessError {
    let code: String?
    let message: String
    let hint: String?
    let exitCode: ExitCode
    /// The library's own text, printed instead of the code, message and hint when set.
    private let libraryReport: String?

    /// A failure with a code (optional), a message and a hint (optional).
    init(code: String? = nil, message: String, hint: String? = nil, exitCode: ExitCode) {
        self.code = code
        self.message = message
        self.hint = hint
        self.exitCode = exitCode
        libraryReport = nil
    }

    /// A library error whose description is its whole report (it says `error`, its code and hint itself).
    init(reporting error: some Error & CustomStringConvertible, exitCode: ExitCode) {
        self.init(reportText: error.description, exitCode: exitCode)
    }

    /// A failure whose whole report is `text`, for reports assembled from several library errors.
    init(reportText text: String, exitCode: ExitCode) {
        code = nil
        message = text
        hint = nil
        self.exitCode = exitCode
        libraryReport = text
    }

    /// A usage error found while running, reported as parsing reports it (exit 2).
    init(usage error: UsageError) {
        self.init(message: error.message, hint: error.hint, exitCode: .usage)
    }

    var report: String {
        libraryReport ?? standardReport
    }
}

/// One `rive-harness` subcommand.
protocol HarnessCommand {
    /// The subcommand's name, for example `inspect`.
    static var name: String { get }
    /// A one-line summary for the command list.
    static var summary: String { get }
    /// The options the command declares: its usage line, the options part of its help and the names it accepts.
    static var options: OptionTable { get }
    /// The full help text shown by `--help`.
    static var help: String { get }
    /// Parses the subcommand's arguments.
    /// - Throws: `UsageError` for unknown options or bad values.
    init(arguments: inout ArgumentList) throws(UsageError)
    /// Runs the command, writing results to stdout.
    /// - Throws: `CommandFailure` for input or internal errors.
    @MainActor func run() async throws(CommandFailure) -> ExitCode
}

/// Every subcommand, in the order `--help` lists them.
let commands: [any HarnessCommand.Type] = [
    RunCommand.self, ListCommand.self, ValidateCommand.self, CoverageCommand.self, InspectCommand.self, FixturesCommand.self, CorpusCommand.self,
    RenderCommand.self, ServeCommand.self, PingCommand.self, DiffCommand.self, FuzzCommand.self, ReduceCommand.self, BenchCommand.self, CompareCommand.self,
    MergeCommand.self, HistoryCommand.self, DashboardCommand.self, BisectCommand.self, ArchiveCommand.self, NightlyCommand.self, FmtCommand.self,
]

/// The arguments of one subcommand, consumed as options and positionals are recognised; every
/// option taken must be one the command's `OptionTable` declares.
struct ArgumentList {
    private var remaining: [String]
    private let command: String
    /// Every option name the command declares, for "did you mean" suggestions.
    private let declared: [String]
    /// The flags and options already taken, so a second occurrence is reported as repeated, not unknown.
    private var taken: Set<String> = []

    init(_ arguments: [String], options: OptionTable) {
        self.remaining = arguments
        self.command = options.command
        self.declared = options.names
    }

    /// Removes a boolean flag such as `--json`, returning whether it was present.
    mutating func flag(_ name: String) -> Bool {
        assert(declared.contains(name), "\(command) takes \(name) without declaring it in its OptionTable")
        taken.insert(name)
        guard let index = remaining.firstIndex(of: name) else { return false }
        remaining.remove(at: index)
        return true
    }

    /// Removes `--name VALUE` or `--name=VALUE`, returning the value when present.
    /// - Throws: `UsageError` when the option has no value or is given more than once.
    mutating func option(_ name: String) throws(UsageError) -> String? {
        assert(declared.contains(name), "\(command) takes \(name) without declaring it in its OptionTable")
        taken.insert(name)
        guard remaining.filter({ $0 == name || $0.hasPrefix(name + "=") }).count <= 1 else {
            throw UsageError(message: "option \(name) given twice", hint: "give \(name) once; see 'rive-harness \(command) --help'")
        }
        if let index = remaining.firstIndex(where: { $0.hasPrefix(name + "=") }) {
            let value = String(remaining[index].dropFirst(name.count + 1))
            remaining.remove(at: index)
            return value
        }
        guard let index = remaining.firstIndex(of: name) else { return nil }
        guard index + 1 < remaining.count, !remaining[index + 1].hasPrefix("--") else {
            throw UsageError(message: "option \(name) needs a value", hint: "see 'rive-harness \(command) --help'")
        }
        let value = remaining[index + 1]
        remaining.removeSubrange(index...index + 1)
        return value
    }

    /// Removes every `--name VALUE` and `--name=VALUE` of an option that may be repeated, returning the values in order.
    /// - Throws: `UsageError` when an occurrence has no value.
    mutating func repeatedOption(_ name: String) throws(UsageError) -> [String] {
        assert(declared.contains(name), "\(command) takes \(name) without declaring it in its OptionTable")
        var values: [String] = []
        var index = 0
        while index < remaining.count {
            if remaining[index].hasPrefix(name + "=") {
                values.append(String(remaining[index].dropFirst(name.count + 1)))
                remaining.remove(at: index)
            } else if remaining[index] == name {
                guard index + 1 < remaining.count, !remaining[index + 1].hasPrefix("--") else {
                    throw UsageError(message: "option \(name) needs a value", hint: "see 'rive-harness \(command) --help'")
                }
                values.append(remaining[index + 1])
                remaining.removeSubrange(index...index + 1)
            } else {
                index += 1
            }
        }
        return values
    }

    /// Removes and returns every remaining positional argument, rejecting unknown options with
    /// the closest declared one as a suggestion.
    mutating func positionals() throws(UsageError) -> [String] {
        if let repeated = remaining.first(where: { taken.contains($0) || taken.contains(String($0.prefix { $0 != "=" })) }) {
            let name = String(repeated.prefix { $0 != "=" })
            throw UsageError(message: "option \(name) given twice", hint: "give \(name) once; see 'rive-harness \(command) --help'")
        }
        if let unknown = remaining.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
            let suggestion = declared.filter { $0 != "-h" }.closestMatch(to: unknown).map { " (did you mean \($0)?)" } ?? ""
            throw UsageError(message: "unknown option '\(unknown)'\(suggestion)", hint: "see 'rive-harness \(command) --help'")
        }
        defer { remaining = [] }
        return remaining
    }
}


/// The results folder commands use when none is given: `$RIVE_HARNESS_RESULTS` when set and
/// not empty, else `results` in the working folder.
var defaultResultsFolder: String {
    ProcessInfo.processInfo.environment["RIVE_HARNESS_RESULTS"].flatMap { $0.isEmpty ? nil : $0 } ?? "results"
}

/// Why a file cannot be read whole, as `'PATH': reason` (a link that leads nowhere, a FIFO,
/// a device, a folder, permission denied), or `nil` when it is a readable regular file or a
/// link to one. Reading a FIFO or `/dev/zero` would block or never end, so callers check first.
func regularFileProblem(_ path: String) -> String? {
    switch SystemCalls.kind(ofPath: path) {
    case .readableFile: return nil
    case .unreadableFile(let reason), .inaccessible(let reason): return "'\(path)': \(reason)"
    case .danglingLink(let reason): return "'\(path)': a link that leads nowhere (\(reason))"
    case .fifo: return "'\(path)': a FIFO, not a regular file"
    case .device: return "'\(path)': a device, not a regular file"
    case .socket: return "'\(path)': a socket, not a regular file"
    case .folder: return "'\(path)': a folder, not a regular file"
    case .otherNonRegular: return "'\(path)': not a regular file"
    }
}

/// Writes text to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Reads a whole file, turning a failure into a message that names the path and what to do.
func readFileBytes(_ path: String) throws(CommandFailure) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else {
        let exists = FileManager.default.fileExists(atPath: path)
        throw CommandFailure(message: "cannot read '\(path)': \(exists ? "permission denied or not a regular file" : "no such file")", hint: "check the path",
                             exitCode: .badInput)
    }
    return [UInt8](data)
}

/// Writes a file atomically (see `AtomicFile.write`), so readers never see a half-written
/// file and a failure never destroys the previous contents.
func writeFileAtomically(_ bytes: [UInt8], to path: String) throws(CommandFailure) {
    do { try AtomicFile.write(bytes, to: path) } catch { throw CommandFailure(writing: error) }
}

extension CommandFailure {
    /// A file the command writes could not be written (exit 4).
    init(writing error: AtomicFileError) {
        self.init(message: error.description, hint: "check that the folder exists and is writable", exitCode: .internalError)
    }
}
