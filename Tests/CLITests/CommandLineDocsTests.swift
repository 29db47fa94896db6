import Foundation
@testable import rive_harness
import Testing

/// docs/cli.md's command table against the commands' declared options.
struct CommandLineDocsTests {
    private static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The synopsis of each row of docs/cli.md's command table (`| \`SYNOPSIS\` | …`), by command name, with `\|` unescaped.
    private static func documentedSynopses() throws -> [String: String] {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        var synopses: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cell = line.dropFirst(3)
            guard let end = cell.range(of: "` |") else { continue }
            let synopsis = String(cell[..<end.lowerBound]).replacingOccurrences(of: "\\|", with: "|")
            synopses[String(synopsis.prefix { $0 != " " })] = synopsis
        }
        return synopses
    }

    @Test("every command's usage line in docs/cli.md is the one its option table generates")
    func usageLinesMatchTables() throws {
        let documented = try Self.documentedSynopses()
        for command in commands {
            #expect(documented[command.name] == command.options.synopsis, "docs/cli.md row of \(command.name) should be: \(command.options.synopsis)")
        }
    }

    @Test("the usage line and the options list come from the table, and every declared option is accepted")
    func helpComesFromTable() {
        for command in commands {
            #expect(command.help.hasPrefix(command.options.usage + "\n\n"), "\(command.name)")
            #expect(command.help.contains(command.options.optionsText), "\(command.name)")
            #expect(command.options.names.contains("--help"))
        }
        var arguments = ArgumentList(["--adaptr", "x"], options: RunCommand.options)
        #expect(throws: UsageError.self) { try arguments.positionals() }
        var suggested = ArgumentList(["--adaptr"], options: RunCommand.options)
        do { _ = try suggested.positionals() } catch { #expect(error.message.contains("did you mean --adapter?"), "\(error.message)") }
    }
}
