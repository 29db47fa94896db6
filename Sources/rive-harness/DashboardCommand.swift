import Foundation
import Fuzzing
import PerformanceData

/// `rive-harness dashboard`: writes the static HTML dashboard of a results folder.
struct DashboardCommand: HarnessCommand {
    static let name = "dashboard"
    static let summary = "write the static HTML dashboard of recorded runs"
    static let options = OptionTable(command: name, positionals: "[RESULTS]", column: 14, options: [
        OptionSpec("--out", "DIR", synopsis: "--out DIR", help: "the folder to write index.html into (created when missing)"),
    ])
    static let help = options.help(about: """
        Reads every run file of RESULTS/runs (default RESULTS: $RIVE_HARNESS_RESULTS, else results) and writes
        DIR/index.html: one self-contained page (inline CSS and SVG, no scripts, no network)
        with the latest compare per testbed, benchmark history per testbed and adapter with
        regressions marked, reference vs rive-cpp ratios, the conformance matrix (adapters ×
        rule areas, expected failures with their reasons), the fuzz buckets of
        RESULTS/fuzz/report.json and RESULTS/fuzz/*/report.json by adapter version, and every
        run (docs/performance-history.md).
        """, footer: """
        exit codes: 0 written; 2 usage error; 3 RESULTS is missing or holds a file that is not
        a results file (the page is still written and lists it); 4 DIR cannot be written.
        """)

    let results: String
    let outputFolder: String

    init(arguments: inout ArgumentList) throws(UsageError) {
        guard let out = try arguments.option("--out"), !out.isEmpty else {
            throw UsageError(message: "dashboard needs --out DIR", hint: "for example: rive-harness dashboard results --out results/dashboard")
        }
        outputFolder = out
        let positionals = try arguments.positionals()
        guard positionals.count <= 1 else {
            throw UsageError(message: "dashboard takes at most one results folder, got \(positionals.count)", hint: "run 'rive-harness dashboard [RESULTS] --out DIR'")
        }
        results = positionals.first ?? defaultResultsFolder
    }

    @MainActor func run() async throws(CommandFailure) -> ExitCode {
        let archive = try loadArchive(results)
        let path = URL(fileURLWithPath: outputFolder).appendingPathComponent("index.html").path
        try writeFileAtomically(Array(Self.page(archive: archive, results: results).html().utf8), to: path)
        print("wrote \(path) (\(counted(archive.records.count, "run")), \(counted(archive.testbeds.count, "testbed")))")
        return archive.problems.isEmpty ? .success : .badInput
    }

    /// The dashboard of a results folder: its run files, and the buckets of its fuzz reports
    /// (unreadable reports are listed in the fuzz section's note).
    static func page(archive: ResultsArchive, results: String) -> DashboardPage {
        let fuzz = FuzzReportListing(resultsFolder: results)
        var page = DashboardPage(archive: archive)
        page.tables = [DashboardTable(
            id: "fuzz", title: "Fuzz buckets",
            note: "Every bucket of the fuzz reports under fuzz/, by the adapters' versions (the runtime commit is part of rive-cpp's): "
                + "origin 'seed' means the unmutated seed file already shows it; a known behaviour names its rule (docs/fuzzing.md)."
                + (fuzz.problems.isEmpty ? "" : " Not read: " + fuzz.problems.joined(separator: "; ")),
            emptyText: "No fuzz reports: run rive-harness fuzz --out RESULTS/fuzz/NAME.",
            columns: FuzzReportListing.columns, rows: fuzz.rows)]
        return page
    }
}
