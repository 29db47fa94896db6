import Differential
import Foundation
import HarnessTestSupport
import ReferenceRuntime
import RuntimeAPI
import Testing

/// The differential dump and comparison behind `rive-harness diff`.
@MainActor
struct DifferentialTests {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Corpus/fixtures")

    private static func fixtureNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: fixtures.path).filter { $0.hasSuffix(".riv") }.sorted()
    }

    private static func fixture(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(name)))
    }

    private static func runner(_ b: @escaping @MainActor () -> any RuntimeAdapter, options: DumpOptions = DumpOptions(frames: 30, drawFrames: [0, 1, 30]),
                               out: String? = nil) -> DifferentialRunner {
        DifferentialRunner(a: .init(label: "a-reference") { ReferenceRuntimeAdapter() }, b: .init(label: "b-other", makeAdapter: b),
                           options: options, timeoutSeconds: 60, outDirectory: out)
    }

    @Test("numbers are rounded to four decimals, halves away from zero, without trailing zeros")
    func canonicalNumbers() {
        #expect(CanonicalText.number(12.0) == "12")
        #expect(CanonicalText.number(-0.5) == "-0.5")
        #expect(CanonicalText.number(1.0 / 3.0) == "0.3333")
        #expect(CanonicalText.number(0.00005) == "0.0001")
        #expect(CanonicalText.number(-0.00004) == "0")
        #expect(CanonicalText.number(2.00001) == "2")
        #expect(CanonicalText.number(Float(0.1)) == "0.1")
        #expect(CanonicalText.number(Double.nan) == "nan")
        #expect(CanonicalText.number(-Double.infinity) == "-inf")
        #expect(CanonicalText.number(0.0105) == "0.0105")
        #expect(CanonicalText.quoted("a\"b\\c\nd") == "\"a\\\"b\\\\c\\nd\"")
    }

    @Test("draw summaries fold the transform stack into tight bounds and keep unknown lines")
    func drawSummary() {
        let lines = DrawCommandSummary.summarize([
            "save",
            "transform 2 0 0 2 10 20",
            "fill nonZero srcOver solid ff00ff00 path M 0 0 L 5 0 L 5 5 Z",
            "restore",
            // A cubic whose control points overshoot: the tight bounds stop at the curve (y = 7.5).
            "stroke 3 round miter multiply linear 0 0 1 0 stops 2 ff000000@0 ffffffff@1 path M 0 0 C 0 10 10 10 10 0",
            "clip evenOdd path",
            "mystery 1 2 3",
        ])
        #expect(lines == [
            "fill nonZero srcOver solid #FF00FF00 bounds 10 20 20 30",
            "stroke 3 round miter multiply linear 0 0 1 0 stops 2 #FF000000@0 #FFFFFFFF@1 bounds 0 0 10 7.5",
            "clip evenOdd bounds empty",
            "unparsed mystery 1 2 3",
        ])
    }

    @Test("the reference runtime against itself: every fixture is equal in every section")
    func referenceAgainstItself() async throws {
        let runner = Self.runner { ReferenceRuntimeAdapter() }
        for name in try Self.fixtureNames() {
            let result = try await runner.compare(path: name, bytes: try Self.fixture(name))
            #expect(result.isEqual, "\(name): \(DiffReport.details(result, labels: ("a", "b")).joined(separator: "\n"))")
            #expect(result.sections.map(\.section) == DumpSection.defaultSections)
            guard case .dumped(let dump) = result.a else {
                Issue.record("\(name) did not dump")
                continue
            }
            // #0 is the artboard's clip (an artboard clips unless its file says otherwise).
            #expect(dump.sections[.draws]?.contains { $0.hasPrefix("frame 30 #0 clip") } == true, "\(name) has no artboard clip at frame 30")
            #expect(dump.sections[.draws]?.contains { $0.hasPrefix("frame 30 #1 fill") } == true, "\(name) has no drawn frame 30")
        }
    }

    @Test("a changed draw command is the first difference of draws, at the frame where it starts; other sections stay equal")
    func drawDifference() async throws {
        let runner = Self.runner { PerturbingAdapter(.drawColor(fromTick: 1)) }
        let result = try await runner.compare(path: "character.riv", bytes: try Self.fixture("character.riv"))
        let statuses = Dictionary(uniqueKeysWithValues: result.sections.map { ($0.section, $0.status) })
        #expect(statuses == [.artboards: .equal, .viewModels: .equal, .instances: .equal, .frames: .equal, .boundValues: .equal, .draws: .differ])
        let first = try #require(result.sections.first { $0.section == .draws }?.firstDifference)
        #expect(first.a?.hasPrefix("frame 1 #2 fill nonZero srcOver solid #FF") == true, "\(first)")
        #expect(first.b?.hasPrefix("frame 1 #2 fill nonZero srcOver solid #12345678 bounds") == true, "\(first)")
        let details = DiffReport.details(result, labels: ("a-reference", "b-other"))
        #expect(details.first == "character.riv: [draws] first difference at line \(first.line)")
    }

    @Test("a changed property type differs in viewModels and instances, not in artboards")
    func propertyDifference() async throws {
        let runner = Self.runner({ PerturbingAdapter(.firstPropertyType) }, options: DumpOptions(frames: 2, drawFrames: [0]))
        let result = try await runner.compare(path: "all-types.riv", bytes: try Self.fixture("all-types.riv"))
        let status = { (section: DumpSection) in result.sections.first { $0.section == section }?.status }
        #expect(status(.artboards) == .equal)
        #expect(status(.viewModels) == .differ)
        #expect(status(.instances) == .differ)
        let first = try #require(result.sections.first { $0.section == .viewModels }?.firstDifference)
        #expect(first.a?.contains(" property ") == true && first.b?.contains(" property ") == true, "\(first)")
        #expect(first.a != first.b)
    }

    @Test("a side without a worker fails every section; files both sides reject with the same code are both refused, an agreement")
    func failures() async throws {
        let failing = Self.runner { PerturbingAdapter(.noWorker) }
        let failed = try await failing.compare(path: "globals.riv", bytes: try Self.fixture("globals.riv"))
        #expect(failed.sections.allSatisfy { $0.status == .failed })
        #expect(failed.b.failureText?.contains("worker.missing-device") == true)
        let rejecting = Self.runner { ReferenceRuntimeAdapter() }
        let rejected = try await rejecting.compare(path: "garbage.riv", bytes: Array("not a rive file".utf8))
        guard case .rejected(let code, _) = rejected.a else {
            Issue.record("the reference runtime accepted garbage: \(rejected.a)")
            return
        }
        #expect(code.hasPrefix("file."))
        #expect(rejected.sections.allSatisfy { $0.status == .bothRefused })
        #expect(rejected.isEqual)
    }

    @Test("a side that hangs or crashes is failed for that file, and the next file gets a new adapter instance", arguments: [
        PerturbingAdapter.Perturbation.hangOnLoad, .crashOnLoad,
    ])
    func isolation(perturbation: PerturbingAdapter.Perturbation) async throws {
        var made = 0
        let runner = DifferentialRunner(
            a: .init(label: "a-reference") { ReferenceRuntimeAdapter() },
            b: .init(label: "b-flaky") {
                made += 1
                return made == 1 ? PerturbingAdapter(perturbation) : ReferenceRuntimeAdapter()
            },
            options: DumpOptions(frames: 2, drawFrames: [2]), timeoutSeconds: 0.5, outDirectory: nil)
        let first = try await runner.compare(path: "lists.riv", bytes: try Self.fixture("lists.riv"))
        #expect(first.sections.allSatisfy { $0.status == .failed })
        switch perturbation {
        case .hangOnLoad: #expect(first.b.failureText == "timed out after 0.5 s")
        default: #expect(first.b.failureText == "the adapter failed: adapter.crashed: the adapter process exited (signal 11)")
        }
        let second = try await runner.compare(path: "lists.riv", bytes: try Self.fixture("lists.riv"))
        #expect(second.isEqual)
        #expect(made == 2)
    }

    @Test("dumps are written under --out per side, atomically, with no temporary file left")
    func writesDumps() async throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("diff-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let runner = Self.runner({ ReferenceRuntimeAdapter() }, options: DumpOptions(frames: 1, drawFrames: [1]), out: out.path)
        let first = try await runner.compare(path: "x/lists.riv", bytes: try Self.fixture("lists.riv"))
        let second = try await runner.compare(path: "y/lists.riv", bytes: try Self.fixture("lists.riv"))
        #expect(first.dumpPaths?.a == out.appendingPathComponent("a-reference/lists.riv.dump").path)
        #expect(second.dumpPaths?.b == out.appendingPathComponent("b-other/lists.riv-2.dump").path)
        for side in ["a-reference", "b-other"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent(side).path).sorted()
            #expect(names == ["lists.riv-2.dump", "lists.riv.dump"])
        }
        let text = try String(contentsOfFile: try #require(first.dumpPaths?.a), encoding: .utf8)
        #expect(text.hasPrefix("# rive-harness diff dump"))
        #expect(text.contains("\n[artboards]\n") && text.contains("\n[draws]\n"))
    }
}

/// The reference runtime against itself on a sample of the upstream files.
@Suite(.enabled(if: SharedMaterial.hasAssets, Comment(rawValue: SharedMaterial.absentComment)))
@MainActor
struct UpstreamDifferentialTests {
    @Test("every 25th upstream file is equal between two reference instances")
    func sample() async throws {
        let names = SharedMaterial.assetNames()
        let sample = stride(from: 0, to: names.count, by: 25).map { names[$0] }
        #expect(!sample.isEmpty)
        let runner = DifferentialRunner(a: .init(label: "a-reference") { ReferenceRuntimeAdapter() }, b: .init(label: "b-reference") { ReferenceRuntimeAdapter() },
                                        options: DumpOptions(frames: 30, drawFrames: [0, 30]), timeoutSeconds: 120, outDirectory: nil)
        for name in sample {
            let result = try await runner.compare(path: name, bytes: try SharedMaterial.asset(name))
            #expect(result.isEqual, "\(name): \(DiffReport.details(result, labels: ("a", "b")).joined(separator: "\n"))")
        }
    }
}
