import Foundation

/// Turns the upstream format definitions (`dev/defs/*.json`) into the Swift schema table.
///
/// Only names, keys, parents, types and defaults are carried over; descriptions and
/// editor metadata are dropped. Editor-only defs (`runtime: false`) are skipped, and a
/// def whose parent is editor-only gets the nearest runtime ancestor as its parent.
public struct SchemaGenerator {
    /// A problem with the definitions that stops generation.
    public struct Failure: Error, CustomStringConvertible {
        /// What is wrong and in which file.
        public let description: String
    }

    private struct Def {
        let path: String
        let name: String
        let key: Int
        let extends: String?
        let isAbstract: Bool
        let isMixin: Bool
        let isRuntime: Bool
        let mixins: [String]
        let properties: [Property]
    }

    private struct Property {
        let name: String
        let key: Int
        let alternates: [Int]
        let type: String
        let initialValue: String?
        let isEncoded: Bool
        let isPassthrough: Bool
    }

    private let defs: [String: Def]

    /// Reads every `.json` file below `definitionsDirectory`.
    /// - Throws: `Failure` when a file cannot be read or lacks a name or key.
    public init(definitionsDirectory: URL) throws {
        let root = definitionsDirectory.standardizedFileURL.path
        guard let enumerator = FileManager.default.enumerator(atPath: root) else {
            throw Failure(description: "cannot list \(root): check that the rive-defs folder exists")
        }
        var defs: [String: Def] = [:]
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".json") else { continue }
            let data = try Data(contentsOf: URL(fileURLWithPath: root).appendingPathComponent(relative))
            guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw Failure(description: "\(relative): not a JSON object")
            }
            defs[relative] = try Self.parseDef(object, path: relative)
        }
        self.defs = defs
    }

    private static func parseDef(_ object: [String: Any], path: String) throws -> Def {
        guard let name = object["name"] as? String,
              let key = (object["key"] as? [String: Any])?["int"] as? Int
        else { throw Failure(description: "\(path): a def needs a name and key.int") }
        var properties: [Property] = []
        for (propertyName, value) in (object["properties"] as? [String: Any]) ?? [:] {
            guard let property = value as? [String: Any] else { continue }
            if property["runtime"] as? Bool == false { continue }
            guard let keyObject = property["key"] as? [String: Any], let propertyKey = keyObject["int"] as? Int,
                  let declared = property["type"] as? String
            else { throw Failure(description: "\(path): property \(propertyName) needs key.int and type") }
            let alternates = ((keyObject["alternates"] as? [[String: Any]]) ?? []).compactMap { $0["int"] as? Int }
            let initial = (property["initialValueRuntime"] ?? property["initialValue"]).map { "\($0)" }
            properties.append(Property(
                name: propertyName, key: propertyKey, alternates: alternates,
                type: (property["typeRuntime"] as? String) ?? declared, initialValue: initial,
                isEncoded: property["encoded"] as? Bool ?? false,
                isPassthrough: property["passthroughForBitmask"] != nil || property["passthrough"] != nil))
        }
        properties.sort { $0.key < $1.key }
        return Def(
            path: path, name: name, key: key, extends: object["extends"] as? String,
            isAbstract: object["abstract"] as? Bool ?? false, isMixin: object["isMixin"] as? Bool ?? false,
            isRuntime: object["runtime"] as? Bool ?? true, mixins: object["mixins"] as? [String] ?? [],
            properties: properties)
    }

    /// The generated Swift source, deterministic for the same definitions.
    /// - Throws: `Failure` for duplicate keys, unknown types, keys below 3 or a broken `extends` chain.
    public func generateSource() throws -> String {
        let runtimeDefs = defs.values.filter(\.isRuntime).sorted { $0.key < $1.key }
        var seenTypeKeys: [Int: String] = [:]
        var seenPropertyKeys: [Int: String] = [:]
        var typeLines: [String] = []
        var propertyLines: [String] = []
        var typeConstants: [String] = []
        var propertyConstants: [(key: Int, line: String)] = []
        for def in runtimeDefs {
            if let other = seenTypeKeys[def.key] {
                throw Failure(description: "type key \(def.key) is used by both \(other) and \(def.path)")
            }
            seenTypeKeys[def.key] = def.path
            let parent = try runtimeParent(of: def).map { String($0.key) } ?? "nil"
            let mixinKeys = def.mixins.compactMap { defs[$0] }.filter(\.isRuntime).map { String($0.key) }
            let ownKeys = def.properties.map { String($0.key) }
            typeConstants.append("    /// `\(def.name)`.\n    public static let \(Self.lowerFirst(def.name)): UInt32 = \(def.key)")
            typeLines.append(
                "        RiveTypeDefinition(key: \(def.key), name: \(literal(def.name)), parentKey: \(parent), "
                    + "isAbstract: \(def.isAbstract || def.isMixin), mixinKeys: [\(mixinKeys.joined(separator: ", "))], "
                    + "ownPropertyKeys: [\(ownKeys.joined(separator: ", "))]),")
            for property in def.properties {
                for key in [property.key] + property.alternates {
                    if key < 3 { throw Failure(description: "\(def.path): property \(property.name) has key \(key) < 3") }
                    if let other = seenPropertyKeys[key] {
                        throw Failure(description: "property key \(key) is used by both \(other) and \(def.path) \(property.name)")
                    }
                    seenPropertyKeys[key] = "\(def.path) \(property.name)"
                }
                guard let type = Self.swiftTypeCase[property.type] else {
                    throw Failure(description: "\(def.path): property \(property.name) has unknown type \(property.type)")
                }
                let defaultValue = try defaultLiteral(property, in: def)
                propertyConstants.append((
                    property.key,
                    "    /// `\(def.name).\(property.name)`.\n    public static let \(Self.lowerFirst(def.name))\(Self.upperFirst(property.name)): UInt32 = \(property.key)"))
                propertyLines.append(
                    "        RivePropertyDefinition(key: \(property.key), name: \(literal(property.name)), ownerKey: \(def.key), "
                        + "type: .\(type), defaultValue: \(defaultValue), "
                        + "alternateKeys: [\(property.alternates.map(String.init).joined(separator: ", "))], "
                        + "isEncoded: \(property.isEncoded), isPassthrough: \(property.isPassthrough)),")
            }
        }
        propertyLines.sort { lhs, rhs in Self.leadingKey(lhs) < Self.leadingKey(rhs) }
        return """
            // Generated by rive-schema-gen from the Rive format definitions (rive-defs). Do not edit.
            // Regenerate with: swift run rive-schema-gen ../shared/rive-defs Sources/RiveFormat/Generated/RiveSchema+Generated.swift

            extension RiveSchema {
                /// Every runtime type of the format, ordered by type key.
                public static let typeDefinitions: [RiveTypeDefinition] = [
            \(typeLines.joined(separator: "\n"))
                ]

                /// Every runtime property of the format, ordered by property key.
                public static let propertyDefinitions: [RivePropertyDefinition] = [
            \(propertyLines.joined(separator: "\n"))
                ]
            }

            /// The type key of every runtime type, by name.
            public enum RiveTypeKey {
            \(typeConstants.joined(separator: "\n"))
            }

            /// The property key of every runtime property, named owner type then property.
            public enum RivePropertyKey {
            \(propertyConstants.sorted { $0.key < $1.key }.map(\.line).joined(separator: "\n"))
            }

            """
    }

    private static func lowerFirst(_ name: String) -> String {
        let leadingCapitals = name.prefix { $0.isUppercase }
        // "URLAsset" becomes "urlAsset"; "Artboard" becomes "artboard".
        let lowered = leadingCapitals.count > 1 && leadingCapitals.count < name.count
            ? leadingCapitals.dropLast().lowercased() + name.dropFirst(leadingCapitals.count - 1)
            : name.prefix(1).lowercased() + name.dropFirst()
        return lowered
    }

    private static func upperFirst(_ name: String) -> String { name.prefix(1).uppercased() + name.dropFirst() }

    private static func leadingKey(_ line: String) -> Int {
        let digits = line.drop { !$0.isNumber }.prefix { $0.isNumber }
        return Int(digits) ?? 0
    }

    private static let swiftTypeCase: [String: String] = [
        "uint": "uint", "uint8": "uint8", "uint16": "uint16", "uint64": "uint64", "int": "int", "int16": "int16",
        "double": "double", "bool": "bool", "String": "string", "Bytes": "bytes", "Color": "color", "callback": "callback",
    ]

    private func runtimeParent(of def: Def) throws -> Def? {
        var next = def.extends
        var steps = 0
        while let path = next {
            guard let parent = defs[path] else { throw Failure(description: "\(def.path) extends missing \(path)") }
            if parent.isRuntime { return parent }
            next = parent.extends
            steps += 1
            if steps > 64 { throw Failure(description: "\(def.path): extends chain does not end") }
        }
        return nil
    }

    private func defaultLiteral(_ property: Property, in def: Def) throws -> String {
        guard let raw = property.initialValue?.trimmingCharacters(in: .whitespaces) else { return "nil" }
        func failure() -> Failure {
            Failure(description: "\(def.path): property \(property.name) has initial value \(raw) that does not fit \(property.type)")
        }
        switch property.type {
        case "uint", "uint8", "uint16", "uint64":
            if raw == "Core.missingId" || raw == "-1" { return ".uint(\(UInt32.max))" }
            if raw == "CoreContext.invalidPropertyKey" { return ".uint(0)" }
            guard let value = UInt64(raw) else { throw failure() }
            return ".uint(\(value))"
        case "int", "int16":
            guard let value = Int64(raw) else { throw failure() }
            return ".int(\(value))"
        case "double":
            guard let value = Double(raw) else { throw failure() }
            return ".float(\(value))"
        case "bool":
            guard raw == "true" || raw == "false" else { throw failure() }
            return ".bool(\(raw))"
        case "String":
            guard raw.count >= 2, raw.first == "'" || raw.first == "\"", raw.last == raw.first else { throw failure() }
            return ".string(\(literal(String(raw.dropFirst().dropLast()))))"
        case "Bytes":
            guard raw == "[]" else { throw failure() }
            return ".bytes([])"
        case "Color":
            guard raw.hasPrefix("0x"), let value = UInt32(raw.dropFirst(2), radix: 16) else {
                if raw == "0" { return ".color(0)" }
                throw failure()
            }
            return ".color(0x\(String(value, radix: 16, uppercase: true)))"
        default:
            return "nil"
        }
    }

    private func literal(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return "\"\(escaped)\""
    }
}
