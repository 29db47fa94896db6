import BenchKit
import Foundation

/// Reads callgrind's dump files: the instruction total of each dump made by a client request.
public enum CallgrindDumps {
    /// The `totals:` of every dump file in `directory` whose name starts with `prefix`, keyed
    /// by the client request's name (`desc: Trigger: Client Request: NAME`).
    /// - Throws: `BenchRunError` when the folder cannot be listed.
    public static func totals(directory: String, prefix: String) throws(BenchRunError) -> [String: Double] {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: directory) } catch {
            throw BenchRunError(code: "bench.callgrind-output", message: "cannot list callgrind's output folder \(directory): \(error.localizedDescription)",
                                hint: "check that valgrind ran and the folder is writable")
        }
        var totals: [String: Double] = [:]
        for name in names where name.hasPrefix(prefix) {
            guard let data = FileManager.default.contents(atPath: (directory as NSString).appendingPathComponent(name)) else { continue }
            if let (request, total) = parse(String(decoding: data, as: UTF8.self)) { totals[request] = total }
        }
        return totals
    }

    /// The client request name and instruction total of one dump, or `nil` for a dump not
    /// made by a client request (such as the one at program exit).
    public static func parse(_ text: String) -> (String, Double)? {
        let marker = "desc: Trigger: Client Request: "
        var request: String?
        var total: Double?
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix(marker) {
                request = String(line.dropFirst(marker.count))
            } else if line.hasPrefix("totals:") {
                total = line.dropFirst("totals:".count).split(separator: " ").first.flatMap { Double($0) }
            }
            if request != nil, total != nil { break }
        }
        guard let request, let total else { return nil }
        return (request, total)
    }
}
