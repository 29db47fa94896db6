import Foundation
import HarnessTestSupport
import Testing

/// `rive-harness inspect`, run as a user would run it.
struct InspectCommandTests {
    @Test("inspect succeeds on every upstream file, as a table and as JSON", .enabled(if: SharedMaterial.hasAssets, Comment(rawValue: SharedMaterial.absentComment)),
          arguments: SharedMaterial.assetNames())
    func everyAsset(name: String) throws {
        let path = SharedMaterial.assetsDirectory.appendingPathComponent(name).path
        let table = try HarnessProcess.run(["inspect", path])
        #expect(table.exitCode == 0, "\(table.standardError)")
        #expect(table.standardOutput.hasPrefix("\(path): version 7."))
        let json = try HarnessProcess.run(["inspect", path, "--json"])
        #expect(json.exitCode == 0, "\(json.standardError)")
        let object = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        #expect(object?["schema"] as? String == "rive-harness.inspect")
        #expect(object?["version"] as? Int == 1)
    }

    @Test("inspect prints the structure of bidirectional_precedence.riv", .enabled(if: SharedMaterial.hasAssets, Comment(rawValue: SharedMaterial.absentComment)))
    func tableContents() throws {
        let path = SharedMaterial.assetsDirectory.appendingPathComponent("bidirectional_precedence.riv").path
        let result = try HarnessProcess.run(["inspect", path])
        #expect(result.standardOutput.contains("#0 \"source_first\" 500x500, 9 objects, default state machine \"State Machine 1\", view model \"vm\""))
        #expect(result.standardOutput.contains("instance #0 \"\": x=250, y=250"))
    }

    @Test("--objects lists every record with its properties", .enabled(if: SharedMaterial.hasAssets, Comment(rawValue: SharedMaterial.absentComment)))
    func objects() throws {
        let path = SharedMaterial.assetsDirectory.appendingPathComponent("rapid_pointer_events.riv").path
        let result = try HarnessProcess.run(["inspect", path, "--objects"])
        #expect(result.exitCode == 0)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.first == "#0 Backboard (23)")
        #expect(lines.contains("#40 StateMachineListenerSingle (114) name=\"onDown\" targetId=1 listenerTypeValue=2"))
    }

    @Test("a malformed file exits 3 and names the file, offset and object")
    func malformedFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rive-harness-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("cut.riv")
        try Data(Array("RIVE".utf8) + [7, 0, 0, 0, 0x17, 0x00, 0x01, 0x07, 0x00]).write(to: file)
        let result = try HarnessProcess.run(["inspect", file.path])
        #expect(result.exitCode == 3)
        #expect(result.standardError.contains("\(file.path): error[riv.truncated] at byte 12 in object #1 (Artboard) › property 7 (width)"))
        #expect(result.standardError.contains("hint:"))
    }

    @Test("a missing file exits 3 and says so")
    func missingFile() throws {
        let result = try HarnessProcess.run(["inspect", "/nonexistent/file.riv"])
        #expect(result.exitCode == 3)
        #expect(result.standardError.contains("cannot read '/nonexistent/file.riv': no such file"))
    }

    @Test("usage errors exit 2 with a suggestion")
    func usageErrors() throws {
        let unknownOption = try HarnessProcess.run(["inspect", "--jsn", "x.riv"])
        #expect(unknownOption.exitCode == 2)
        #expect(unknownOption.standardError.contains("unknown option '--jsn' (did you mean --json?)"))
        let noFile = try HarnessProcess.run(["inspect"])
        #expect(noFile.exitCode == 2)
        let unknownCommand = try HarnessProcess.run(["inspcet"])
        #expect(unknownCommand.exitCode == 2)
        #expect(unknownCommand.standardError.contains("did you mean 'inspect'?"))
    }

    @Test("no arguments prints the help to stderr and exits 2; --help prints it to stdout and exits 0")
    func noArguments() throws {
        let bare = try HarnessProcess.run([])
        #expect(bare.exitCode == 2)
        #expect(bare.standardOutput.isEmpty)
        #expect(bare.standardError.contains("usage: rive-harness <command> [options]"))
        let help = try HarnessProcess.run(["--help"])
        #expect(help.exitCode == 0)
        #expect(help.standardError.isEmpty)
        #expect(help.standardOutput.contains("usage: rive-harness <command> [options]"))
    }

    @Test("--help works for the tool and for inspect")
    func help() throws {
        let tool = try HarnessProcess.run(["--help"])
        #expect(tool.exitCode == 0)
        #expect(tool.standardOutput.contains("exit codes:"))
        let inspect = try HarnessProcess.run(["inspect", "--help"])
        #expect(inspect.exitCode == 0)
        #expect(inspect.standardOutput.contains("usage: rive-harness inspect FILE.riv [--json | --objects | --instances]"))
    }
}
