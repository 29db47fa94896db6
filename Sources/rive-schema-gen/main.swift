import Foundation
import RiveSchemaGenerator

/// Writes the generated schema: `rive-schema-gen DEFS_DIR OUTPUT_FILE`.
let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "--help" || arguments.first == "-h" || arguments.count != 2 {
    let usage = """
        usage: rive-schema-gen DEFS_DIR OUTPUT_FILE

        Generates the Swift format schema (type keys, property keys, field types, parents,
        defaults) from the Rive format definitions in DEFS_DIR.
        Example: swift run rive-schema-gen ../shared/rive-defs Sources/RiveFormat/Generated/RiveSchema+Generated.swift
        """
    print(usage)
    exit(arguments.count == 2 || arguments.first == "--help" || arguments.first == "-h" ? 0 : 2)
}
let input = URL(fileURLWithPath: String(arguments[arguments.startIndex]))
let output = URL(fileURLWithPath: String(arguments[arguments.index(after: arguments.startIndex)]))
do {
    let source = try SchemaGenerator(definitionsDirectory: input).generateSource()
    try Data(source.utf8).write(to: output, options: .atomic)
    print("rive-schema-gen: wrote \(output.path)")
} catch {
    FileHandle.standardError.write(Data("rive-schema-gen: error: \(error)\n".utf8))
    exit(1)
}
