import Foundation

/// The text `rive-harness diff` prints: the first differing line per section of each file,
/// and a summary table of files × sections.
public enum DiffReport {
    /// The lines describing one file's differences, failures, refusals and sections not
    /// comparable for a content feature (without the dumps line, `dumpsLine`); empty when it
    /// is equal and everything was compared.
    public static func details(_ result: DifferentialRunner.FileResult, labels: (a: String, b: String)) -> [String] {
        var lines: [String] = []
        if result.isBothRefused {
            lines.append("\(result.path): both refused: " + (result.a.failureText ?? ""))
        } else if !result.isEqual {
            for side in [(labels.a, result.a), (labels.b, result.b)] {
                if let failure = side.1.failureText { lines.append("\(result.path): \(side.0) failed: \(failure)") }
            }
        }
        var byReason: [(reason: String, sections: [String])] = []
        for comparison in result.sections where comparison.status == .notComparable {
            guard let reason = comparison.reason else { continue }
            if let index = byReason.firstIndex(where: { $0.reason == reason }) {
                byReason[index].sections.append(comparison.section.rawValue)
            } else {
                byReason.append((reason, [comparison.section.rawValue]))
            }
        }
        for group in byReason {
            lines.append("\(result.path): [\(group.sections.joined(separator: ", "))] not comparable (\(group.reason))")
        }
        for comparison in result.sections where comparison.status == .differ {
            if comparison.section == .pixels, comparison.firstDifference == nil, let worst = comparison.worstFrame {
                lines.append("\(result.path): [pixels] similarity \(similarityText(worst.comparison.similarity)) at frame \(worst.frame): "
                             + "\(worst.comparison.differingPixels) of \(worst.comparison.width * worst.comparison.height) pixels beyond the tolerance"
                             + (worst.comparison.sameSize ? " (largest channel difference \(worst.comparison.largestDifference))" : " (the frames' sizes differ)"))
                continue
            }
            guard let first = comparison.firstDifference else { continue }
            lines.append("\(result.path): [\(comparison.section.rawValue)] first difference at line \(first.line)")
            lines.append("  \(labels.a): " + (first.a ?? "(section ended)"))
            lines.append("  \(labels.b): " + (first.b ?? "(section ended)"))
        }
        return lines
    }

    /// The first line of the report: the sides, the number of files and the play's options.
    public static func header(labels: [String], fileCount: Int, frames: Int, drawFrames: [Int]) -> String {
        "diff \(labels.joined(separator: " vs ")): \(fileCount) file(s), frames 0…\(frames), draws at " + drawFrames.map(String.init).joined(separator: ",")
    }

    /// A file's report lines: its details, then where its dumps and its difference image are
    /// (below `outDirectory`) when it does not agree.
    public static func lines(_ file: DiffDocument.File, outDirectory: String?) -> [String] {
        guard !file.isEqual, let dumps = file.dumps, let outDirectory else { return file.details }
        return file.details + ["  dumps: \((outDirectory as NSString).appendingPathComponent(dumps.a)) \((outDirectory as NSString).appendingPathComponent(dumps.b))"]
            + (file.pixels?.image.map { ["  difference: " + (outDirectory as NSString).appendingPathComponent($0)] } ?? [])
    }

    /// A similarity with 4 decimal places.
    public static func similarityText(_ value: Double) -> String { String(format: "%.4f", value) }

    /// The whole report `diff` prints and writes as `summary.txt`: the header, each file's
    /// lines, then the summary table, with dump paths below `outDirectory`.
    public static func text(_ document: DiffDocument, outDirectory: String?) -> String {
        ([header(labels: document.sides.map(\.label), fileCount: document.files.count, frames: document.frames, drawFrames: document.drawFrames)] + document.files.flatMap { lines($0, outDirectory: outDirectory) } + summary(document.files, sections: document.dumpSections, minimumSimilarity: document.minimumSimilarity))
            .joined(separator: "\n") + "\n"
    }

    /// The summary: one row per file with each section's status (`=` equal, `DIFF` differ,
    /// `refused` both sides refused the file with the same code, `n/c` not comparable: a side
    /// lacks what the section needs, `FAIL` one side failed; `pixels` adds the file's lowest
    /// frame similarity, `= 0.9990`), then a totals row per status, and with `pixels` the
    /// distribution of the files' similarities (`pixelDistribution`).
    public static func summary(_ results: [DiffDocument.File], sections: [DumpSection], minimumSimilarity: Double? = nil) -> [String] {
        let names = results.map { ($0.path as NSString).lastPathComponent }
        let labels = SectionStatus.allCases.map { $0 == .failed ? "failed" : $0.rawValue }
        let width = max(4, names.map(\.count).max() ?? 0, labels.map(\.count).max() ?? 0) + 2
        let columns = sections.map { $0 == .pixels ? 13 : max($0.rawValue.count, 4) + 2 }
        func row(_ first: String, _ cells: [String]) -> String {
            (first.padding(toLength: width, withPad: " ", startingAt: 0)
                + zip(cells, columns).map { $0.0.padding(toLength: $0.1, withPad: " ", startingAt: 0) }.joined()).replacingOccurrences(of: " +$", with: "", options: .regularExpression)
        }
        var lines = [row("file", sections.map(\.rawValue))]
        for (name, result) in zip(names, results) {
            lines.append(row(name, sections.map { section in
                let status = switch result.status(of: section) {
                case .equal: "="
                case .differ: "DIFF"
                case .bothRefused: "refused"
                case .failed: "FAIL"
                case .notComparable: "n/c"
                case nil: "-"
                }
                guard section == .pixels, let pixels = result.pixels else { return status }
                return status + " " + similarityText(pixels.similarity)
            }))
        }
        for status in SectionStatus.allCases {
            lines.append(row(status == .failed ? "failed" : status.rawValue, sections.map { section in
                String(results.filter { $0.status(of: section) == status }.count)
            }))
        }
        let differing = results.filter { !$0.isEqual }.count
        let refused = results.filter(\.isBothRefused).count
        let partly = results.filter { file in file.isEqual && !file.isBothRefused && sections.contains { file.status(of: $0) == .notComparable } }.count
        lines.append("\(results.count) file(s): \(results.count - differing - refused) equal"
                     + (partly > 0 ? " (\(partly) of them only where comparable)" : "")
                     + (refused > 0 ? ", \(refused) refused by both" : "") + ", \(differing) with differences or failures")
        if sections.contains(.pixels) { lines.append(pixelDistribution(results, minimumSimilarity: minimumSimilarity ?? DumpOptions().minimumSimilarity)) }
        return lines
    }

    /// The distribution of the files' pixel similarities (each file's lowest frame): how many
    /// files, the lowest (and its file), the 5th and 25th percentiles and the median (the
    /// nearest rank in ascending order), how many are identical (1.0) and how many reach
    /// `minimumSimilarity`.
    public static func pixelDistribution(_ results: [DiffDocument.File], minimumSimilarity: Double) -> String {
        let figures: [(similarity: Double, name: String)] = results.compactMap { file in
            file.pixels.map { ($0.similarity, (file.path as NSString).lastPathComponent) }
        }.sorted { $0.similarity < $1.similarity }
        guard let lowest = figures.first else { return "pixels: no file had frames compared on both sides" }
        func quantile(_ q: Double) -> String { similarityText(figures[Int((q * Double(figures.count - 1)).rounded())].similarity) }
        let identical = figures.filter { $0.similarity == 1 }.count
        let reaching = figures.filter { $0.similarity >= minimumSimilarity }.count
        return "pixels: similarity of \(figures.count) file(s): lowest \(similarityText(lowest.similarity)) (\(lowest.name)), "
            + "5th percentile \(quantile(0.05)), 25th percentile \(quantile(0.25)), median \(quantile(0.5)); "
            + "\(identical) identical, \(reaching) at or above \(CanonicalText.number(minimumSimilarity))"
    }
}
