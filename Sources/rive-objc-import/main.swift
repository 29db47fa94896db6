import Foundation
import ObjCHeaderImport

/// Generates Swift declarations from Objective-C headers: `rive-objc-import --help` (docs/objc-import.md).
let outcome = ObjCImportCommand.run(Array(CommandLine.arguments.dropFirst()))
FileHandle.standardOutput.write(Data(outcome.standardOutput.utf8))
FileHandle.standardError.write(Data(outcome.standardError.utf8))
exit(outcome.exitCode)
