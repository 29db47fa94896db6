import Foundation

/// The `rive-objc-import` command line: options, messages and exit codes (docs/objc-import.md).
public enum ObjCImportCommand {
    /// What a run printed and how it ended.
    public struct Outcome: Sendable, Equatable {
        /// The process exit status: `ExitCode`'s raw value.
        public let exitCode: Int32
        public let standardOutput: String
        public let standardError: String
    }

    /// The documented exit statuses.
    public enum ExitCode: Int32, Sendable {
        /// The Swift file was written.
        case success = 0
        /// The Swift file could not be written.
        case outputNotWritten = 1
        /// A usage error: unknown or repeated option, missing argument, unknown `--interface-check` name.
        case usage = 2
        /// A header could not be read.
        case unreadableInput = 3
        /// A header has a construct the generator cannot translate.
        case untranslatable = 4
    }

    /// The `--help` text.
    public static let usage = """
        usage: rive-objc-import --out FILE.swift [--target-os macos|ios]
                                [--interface-check NAME]... | [--no-interface-checks] HEADER...

        Translates Objective-C headers (rive-ios Source/Concurrency) into the Swift declarations
        Swift's Objective-C importer would give them: protocols, enums, option sets and structs
        with the importer's names, and for each @interface and extern function a check that the
        Swift bridge implementing it has every member the header declares.

        options:
          --out FILE.swift         where to write the Swift file (written atomically)
          --target-os macos|ios    the branch of #if TARGET_OS_OSX / RIVE_MAC_CATALYST to read;
                                   default macos (TARGET_OS_OSX=1: AppKit, NSFont), which Linux needs
          --interface-check NAME   check only this @interface or function (Objective-C or Swift
                                   name); repeat for several; default: check all of them
          --no-interface-checks    check none
          -h, --help               print this help

        exit codes: 0 written, 1 the output cannot be written, 2 usage error,
                    3 a header cannot be read, 4 a header has a construct that is not translated
        example: rive-objc-import --out Cache/RiveBridge+Generated.swift \\
                   --interface-check CommandQueue --interface-check CommandServer \\
                   Source/Concurrency/RiveEnums.h Source/Concurrency/CommandQueue/RiveCommandQueue.h
        """

    /// Runs the command with the arguments after the program name.
    public static func run(_ arguments: [String]) -> Outcome {
        if arguments.contains("--help") || arguments.contains("-h") {
            return Outcome(exitCode: ExitCode.success.rawValue, standardOutput: usage + "\n", standardError: "")
        }
        let options: Options
        do {
            options = try Options(arguments)
        } catch let error as UsageError {
            return Outcome(exitCode: ExitCode.usage.rawValue, standardOutput: "",
                           standardError: "rive-objc-import: error: \(error.message)\n  hint: see 'rive-objc-import --help'\n")
        } catch {
            return Outcome(exitCode: ExitCode.usage.rawValue, standardOutput: "", standardError: "rive-objc-import: error: \(error)\n")
        }
        let source: String
        do {
            let headers = try options.headers.map { try HeaderSource(contentsOfFile: $0) }
            source = try ObjCHeaderImporter.generate(headers: headers, target: options.target, checks: options.checks)
        } catch let error as ObjCImportError {
            let code: ExitCode
            switch error.code {
            case .unreadable: code = .unreadableInput
            case .unknownName: code = .usage
            default: code = .untranslatable
            }
            return Outcome(exitCode: code.rawValue, standardOutput: "", standardError: "\(error)\n")
        } catch {
            return Outcome(exitCode: ExitCode.untranslatable.rawValue, standardOutput: "", standardError: "rive-objc-import: error: \(error)\n")
        }
        do {
            let url = URL(fileURLWithPath: options.output)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(source.utf8).write(to: url, options: .atomic)
        } catch {
            return Outcome(exitCode: ExitCode.outputNotWritten.rawValue, standardOutput: "",
                           standardError: "rive-objc-import: error: cannot write \(options.output): \(error.localizedDescription)\n  hint: check that the folder is writable\n")
        }
        return Outcome(exitCode: ExitCode.success.rawValue,
                       standardOutput: "rive-objc-import: wrote \(options.output) from \(options.headers.count) header(s)\n", standardError: "")
    }

    /// A mistake in the command line.
    private struct UsageError: Error {
        let message: String
    }

    /// The parsed command line.
    private struct Options {
        var output = ""
        var target = TargetOS.macos
        var checks = InterfaceChecks.all
        var headers: [String] = []

        init(_ arguments: [String]) throws {
            var output: String?
            var target: TargetOS?
            var names: [String] = []
            var noChecks = false
            var remaining = arguments[...]
            func value(for option: String) throws -> String {
                guard let value = remaining.first, !value.hasPrefix("--") else {
                    throw UsageError(message: "\(option) needs a value")
                }
                remaining = remaining.dropFirst()
                return value
            }
            while let argument = remaining.first {
                remaining = remaining.dropFirst()
                switch argument {
                case "--out":
                    guard output == nil else { throw UsageError(message: "--out is given twice") }
                    output = try value(for: argument)
                case "--target-os":
                    guard target == nil else { throw UsageError(message: "--target-os is given twice") }
                    let text = try value(for: argument)
                    guard let parsed = TargetOS(rawValue: text) else {
                        throw UsageError(message: "--target-os must be macos or ios, not '\(text)'")
                    }
                    target = parsed
                case "--interface-check":
                    names.append(try value(for: argument))
                case "--no-interface-checks":
                    noChecks = true
                default:
                    if argument.hasPrefix("-") { throw UsageError(message: "unknown option '\(argument)'") }
                    headers.append(argument)
                }
            }
            guard let output else { throw UsageError(message: "--out FILE.swift is required") }
            guard !headers.isEmpty else { throw UsageError(message: "no HEADER given") }
            if noChecks, !names.isEmpty {
                throw UsageError(message: "--interface-check and --no-interface-checks exclude each other")
            }
            self.output = output
            self.target = target ?? .macos
            checks = noChecks ? .none : names.isEmpty ? .all : .only(names)
        }
    }
}
