import Foundation
import Fuzzing
import Testing

/// The fuzz reports of a results folder as the dashboard lists them.
struct FuzzReportListingTests {
    @Test("each bucket of each report under RESULTS/fuzz is a row with its adapters' versions and origin; an unreadable report is a problem")
    func listing() throws {
        let results = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-listing-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: results) }
        let folder = results.appendingPathComponent("fuzz/nightly")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // A report as rive-harness fuzz writes it (the JSON of FuzzReport), with one bucket.
        let report = """
            {"adapters": "rive-cpp", "adapterVersions": ["rive-cpp 0.1.0 (rive-runtime 89c04af7d13e)"], "seedFiles": ["a.riv"], "seed": 1,
             "jobs": 1, "frames": 10, "runs": 5, "seedChecks": 1, "failingRuns": 2, "durationSeconds": 1.5,
             "buckets": [{"finding": {"kind": "crash", "adapter": "rive-cpp", "signature": "rive-cpp crashed (signal 11) in rive::X::y", "detail": ""},
                          "firstCase": {"job": 0, "run": 0, "seed": "a.riv", "mutations": []}, "hits": 3, "reducedBytes": 40, "caseBytes": 100}]}
            """
        try Data(report.utf8).write(to: folder.appendingPathComponent("report.json"))
        try FileManager.default.createDirectory(at: results.appendingPathComponent("fuzz/broken"), withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: results.appendingPathComponent("fuzz/broken/report.json"))
        let listing = FuzzReportListing(resultsFolder: results.path)
        #expect(listing.entries.count == 1)
        #expect(listing.rows == [["rive-cpp 0.1.0 (rive-runtime 89c04af7d13e)", "crash", "seed", "3", "rive-cpp crashed (signal 11) in rive::X::y", "", "40 B",
                                  folder.appendingPathComponent("report.json").path]])
        #expect(listing.problems.count == 1)
        #expect(listing.problems.first?.contains("broken/report.json: not a fuzz report this harness reads") == true)
        #expect(FuzzReportListing(resultsFolder: results.appendingPathComponent("none").path).rows.isEmpty)
    }
}
