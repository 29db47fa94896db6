import Foundation

/// The fuzz reports of a results folder, and their buckets as rows for the dashboard: what is
/// open against each adapter version (the runtime commit is part of the version).
public struct FuzzReportListing: Sendable {
    /// A report and where it was read.
    public struct Entry: Sendable {
        /// The report's path.
        public var path: String
        /// The report.
        public var report: FuzzReport
    }

    /// The readable reports, by path.
    public var entries: [Entry]
    /// The reports that could not be read, with why.
    public var problems: [String]

    /// The column headings of `rows`.
    public static let columns = ["adapters", "kind", "origin", "hits", "signature", "known behaviour", "reduced", "report"]

    /// Reads `RESULTS/fuzz/report.json` and `RESULTS/fuzz/*/report.json` (what `rive-harness fuzz`
    /// writes by default and into named folders); a folder without them gives no entries.
    public init(resultsFolder: String) {
        let fuzz = (resultsFolder as NSString).appendingPathComponent("fuzz")
        var paths = [(fuzz as NSString).appendingPathComponent("report.json")]
        let folders = ((try? FileManager.default.contentsOfDirectory(atPath: fuzz)) ?? []).sorted()
        paths += folders.map { ((fuzz as NSString).appendingPathComponent($0) as NSString).appendingPathComponent("report.json") }
        var entries: [Entry] = []
        var problems: [String] = []
        for path in paths where FileManager.default.fileExists(atPath: path) {
            guard let data = FileManager.default.contents(atPath: path) else {
                problems.append("\(path): cannot be read")
                continue
            }
            do { entries.append(Entry(path: path, report: try JSONDecoder().decode(FuzzReport.self, from: data))) } catch let DecodingError.keyNotFound(key, _) {
                problems.append("\(path): not a fuzz report this harness reads (it has no '\(key.stringValue)')")
            } catch {
                problems.append("\(path): not a fuzz report (not the JSON rive-harness fuzz writes)")
            }
        }
        self.entries = entries
        self.problems = problems
    }

    /// One row per bucket of each report: the adapters with their versions, the bucket's kind,
    /// origin (`seed` or `mutated`), hits, signature, known rule, reduced size and the report's path;
    /// the buckets of the same adapter versions together, reports in path order.
    public var rows: [[String]] {
        let sorted = entries.sorted { (versions($0), $0.path) < (versions($1), $1.path) }
        return sorted.flatMap { entry in
            entry.report.buckets.map { bucket in
                [versions(entry), bucket.finding.kind.rawValue, bucket.firstCase.mutations.isEmpty ? "seed" : "mutated", String(bucket.hits),
                 bucket.finding.signature, bucket.finding.known ?? "", bucket.reducedBytes.map { "\($0) B" } ?? "", entry.path]
            }
        }
    }

    private func versions(_ entry: Entry) -> String {
        entry.report.adapterVersions?.joined(separator: "; ") ?? "\(entry.report.adapters) (versions not recorded)"
    }
}
