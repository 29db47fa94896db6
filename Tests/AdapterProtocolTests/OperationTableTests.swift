import AdapterProtocol
import Foundation
import HarnessTestSupport
import Testing

/// The adapter protocol's operation names live in one table per language: `WireOperation`
/// (the Swift client and server), Adapters/rive-cpp/driver/operations.hpp (the C++ driver)
/// and `Op` in Examples/python-adapter/toy_adapter.py. These tests read the C++ and Python
/// tables from their sources, check that all three list the same operations, and check that
/// no implementation spells an operation name outside its table.
@Suite("operation tables")
struct OperationTableTests {
    static let root = SharedMaterial.packageRoot
    static let cppTablePath = "Adapters/rive-cpp/driver/operations.hpp"
    static let pythonPath = "Examples/python-adapter/toy_adapter.py"

    /// The wire names of a C++ table: one `constexpr const char NAME[] = "wire.name";` a line.
    static func cppTable(_ text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("constexpr const char "), let name = quoted(line) else { return nil }
            return name
        }
    }

    /// The wire names of the Python `Op` class: its `    NAME = "wire.name"` lines, up to the
    /// next line that is not indented.
    static func pythonTable(_ text: String) -> [String] {
        var names: [String] = []
        var inTable = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("class Op:") {
                inTable = true
            } else if inTable, !line.isEmpty, !line.hasPrefix(" ") {
                break
            } else if inTable, line.hasPrefix("    "), line.dropFirst(4).first?.isUppercase == true, line.contains(" = "), let name = quoted(line) {
                names.append(name)
            }
        }
        return names
    }

    /// What differs between the Swift list and another table, one line per name (missing,
    /// extra or listed twice); empty when they list the same operations.
    static func differences(swift: [String], other: [String], otherName: String) -> [String] {
        let swiftSet = Set(swift), otherSet = Set(other)
        var lines = swift.filter { !otherSet.contains($0) }.map { "\(otherName) lacks '\($0)'" }
        lines += other.filter { !swiftSet.contains($0) }.map { "\(otherName) has '\($0)', which WireOperation lacks" }
        var seen: Set<String> = []
        for name in other where !seen.insert(name).inserted { lines.append("\(otherName) lists '\(name)' twice") }
        return lines
    }

    /// The string literals of a source text that are operation names (spelled outside a table).
    static func bareOperationNames(in text: String, operations: Set<String>) -> [String] {
        var found: [String] = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "\"") {
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "\"") else { break }
            let literal = String(rest[afterOpen..<close])
            if operations.contains(literal) { found.append(literal) }
            rest = rest[rest.index(after: close)...]
        }
        return found
    }

    private static func quoted(_ line: Substring) -> String? {
        guard let open = line.firstIndex(of: "\""), let close = line[line.index(after: open)...].firstIndex(of: "\"") else { return nil }
        return String(line[line.index(after: open)..<close])
    }

    private static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("the C++ driver's and the Python example's tables list the operations of WireOperation")
    func tablesAgree() throws {
        let swift = WireOperation.allCases.map(\.rawValue)
        #expect(Set(swift).count == swift.count)
        let cpp = Self.cppTable(try Self.read(Self.cppTablePath))
        let python = Self.pythonTable(try Self.read(Self.pythonPath))
        #expect(cpp.count == swift.count)
        #expect(python.count == swift.count)
        #expect(Self.differences(swift: swift, other: cpp, otherName: "operations.hpp") == [])
        #expect(Self.differences(swift: swift, other: python, otherName: "toy_adapter.py") == [])
    }

    @Test("the comparison reports a missing, an extra and a repeated name")
    func comparisonDetectsDrift() throws {
        let swift = WireOperation.allCases.map(\.rawValue)
        let cppText = try Self.read(Self.cppTablePath)
        let withoutFlush = cppText.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("\"worker.flush\"") }.joined(separator: "\n")
        #expect(Self.differences(swift: swift, other: Self.cppTable(withoutFlush), otherName: "operations.hpp")
            == ["operations.hpp lacks 'worker.flush'"])
        let pythonText = try Self.read(Self.pythonPath)
        let withExtra = pythonText.replacingOccurrences(of: "class Op:\n", with: "class Op:\n    VIEW_ZOOM = \"view.zoom\"\n    PING_AGAIN = \"ping\"\n")
        #expect(Self.differences(swift: swift, other: Self.pythonTable(withExtra), otherName: "toy_adapter.py")
            == ["toy_adapter.py has 'view.zoom', which WireOperation lacks", "toy_adapter.py lists 'ping' twice"])
        #expect(Self.bareOperationNames(in: #"if (op == "view.tick") return "observation.failed";"#, operations: Set(swift)) == ["view.tick"])
    }

    @Test("the Swift client and server, the C++ driver and the Python example spell operations only through their tables")
    func noBareOperationNames() throws {
        let operations = Set(WireOperation.allCases.map(\.rawValue))
        var sources: [String] = []
        for (folder, suffixes, table) in [("Sources/AdapterProtocol", [".swift"], "WireOperation.swift"),
                                          ("Adapters/rive-cpp/driver", [".cpp", ".hpp"], "operations.hpp")] {
            let names = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent(folder).path)
            sources += names.filter { name in name != table && suffixes.contains { name.hasSuffix($0) } }.sorted().map { "\(folder)/\($0)" }
        }
        #expect(sources.contains("Sources/AdapterProtocol/AdapterServer.swift"))
        #expect(sources.contains("Adapters/rive-cpp/driver/driver.cpp"))
        for path in sources {
            #expect(Self.bareOperationNames(in: try Self.read(path), operations: operations) == [], "\(path)")
        }
        let python = try Self.read(Self.pythonPath)
        let tableStart = try #require(python.range(of: "class Op:"))
        let tableEnd = python[tableStart.upperBound...].range(of: "\nclass ")?.lowerBound ?? python.endIndex
        let outsideTable = String(python[..<tableStart.lowerBound]) + String(python[tableEnd...])
        #expect(Self.bareOperationNames(in: outsideTable, operations: operations) == [])
    }
}
