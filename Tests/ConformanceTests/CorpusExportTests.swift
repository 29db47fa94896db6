import Conformance
import Foundation
import HarnessTestSupport
import RuntimeAPI
import Testing

/// The corpus export (docs/corpus-export.md): the project corpus loaded from YAML, exported to
/// JSON and read back must plan exactly as before, and a broken export must say where and why.
///
/// Serialized: the tests are CPU-bound and synchronous, and on a two-core machine running
/// them side by side would hold both of Swift's cooperative threads, delaying the watchdogs
/// that other suites' timeout tests measure.
@Suite("corpus export", .serialized)
struct CorpusExportTests {
    static let corpusFolder = SharedMaterial.packageRoot.appendingPathComponent("Corpus").path
    /// The project corpus, loaded once for the tests that only read it.
    static let projectCorpus = Result { () throws(CorpusError) in try Corpus.load(corpusFolder) }
    /// Its export, encoded once.
    static let projectExport = Result { () throws in String(decoding: try CorpusExport(projectCorpus.get()).encoded(), as: UTF8.self) }

    /// A fresh temporary folder, removed by the caller.
    static func temporaryFolder(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("corpus-export-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Writes the export of a corpus to `folder/corpus.json` and reads it back, its files written to `folder/files`.
    static func roundTrip(_ corpus: Corpus, in folder: URL, includeFileBytes: Bool = true) throws -> Corpus {
        let url = folder.appendingPathComponent("corpus.json")
        try Data(try CorpusExport(corpus, includeFileBytes: includeFileBytes).encoded()).write(to: url)
        return try Corpus.load(export: url, materializeIn: folder.appendingPathComponent("files"))
    }

    /// What a run decides before anything runs, as text: for several adapters' capabilities,
    /// every plan entry (decision, the whole scenario model as `dump` walks it, expectation),
    /// the plan's problems and hash. `dump` reads every stored property through reflection, so
    /// a field the export forgot shows here even though the export's own encoding cannot see it.
    static func planText(_ corpus: Corpus) -> String {
        var text = ""
        let adapters: [(String, RuntimeCapabilities)] = [
            ("reference", RuntimeCapabilities(RuntimeCapabilities.names.map(\.capability))),
            ("apple", [.introspection, .values, .streams, .lists, .nestedInstances, .binding]),
            ("rive-cpp", [.introspection, .values]),
            ("nothing", []),
        ]
        for (index, (name, capabilities)) in adapters.enumerated() {
            let plan = Planner.plan(corpus: corpus, adapter: AdapterIdentity(name: name, version: "1", capabilities: capabilities.capabilityNames),
                                    capabilities: capabilities, expectations: corpus.expectations(for: name), selection: Selection())
            text += "plan for \(name): hash \(plan.corpusHash), \(plan.entries.count) entries\n"
            if index == 0 {
                dump(plan.entries, to: &text)  // every scenario model in full, once
            } else {
                for entry in plan.entries {  // the other adapters' decisions and expectations
                    switch entry.decision {
                    case .run: text += "\(entry.id) run"
                    case .skip(_, let reason): text += "\(entry.id) skip \(reason)"
                    case .invalid(let diagnostics): text += "\(entry.id) invalid \(diagnostics)"
                    }
                    text += " \(entry.expectation.map { "\($0)" } ?? "-")\n"
                }
            }
            dump(plan.problems, to: &text)
        }
        return text
    }

    @Test("the project corpus round-trips: the same scenarios, plans, registries, expectations, hash and files")
    func roundTripIsExact() throws {
        let corpus = try Self.projectCorpus.get()
        let folder = try Self.temporaryFolder("round-trip")
        defer { try? FileManager.default.removeItem(at: folder) }
        let loaded = try Self.roundTrip(corpus, in: folder)

        #expect(loaded.hash == corpus.hash)
        #expect(loaded.rules == corpus.rules)
        #expect(loaded.features == corpus.features)
        #expect(loaded.problems == corpus.problems)
        #expect(loaded.expectationFiles == corpus.expectationFiles)
        #expect(Set(loaded.expectationAdapters) == ["apple", "reference", "rive-cpp"])
        #expect(loaded.entries.map(\.id) == corpus.entries.map(\.id))
        #expect(loaded.entries.map(\.file) == corpus.entries.map(\.file))
        #expect(loaded.entries.count > 100)
        for (original, read) in zip(corpus.entries, loaded.entries) {
            var expected = ""
            var actual = ""
            dump(original.scenario, to: &expected)
            dump(read.scenario, to: &actual)
            #expect(actual == expected, "\(original.id) differs after the round trip")
        }
        let planned = Self.planText(loaded)
        #expect(planned == Self.planText(corpus))
        #expect(planned.contains("line: 9"), "the plan text carries the steps' source positions")

        // The files runs read are where the loaded corpus says, byte for byte.
        let export = try CorpusExport(corpus)
        #expect(export.files.contains { $0.path == "fixtures/all-types.riv" })
        #expect(export.files.contains { $0.path == "fixtures/assets/swatch.png" })
        #expect(export.files.contains { $0.path.hasPrefix("expected/") && $0.path.hasSuffix(".digest") })
        #expect(!export.files.contains { $0.path == "fixtures/all-types.yaml" }, "fixture sources are not read by runs")
        for file in export.files {
            #expect(FileManager.default.contents(atPath: loaded.root + "/" + file.path) == FileManager.default.contents(atPath: corpus.root + "/" + file.path),
                    "\(file.path)")
        }
        // Upstream files (not in the export) are found where the exported corpus would find them.
        #expect(loaded.root == folder.appendingPathComponent("files/package/Corpus").path)
        let shared = try FileManager.default.destinationOfSymbolicLink(atPath: folder.appendingPathComponent("files/shared").path)
        #expect(URL(fileURLWithPath: shared).standardizedFileURL.path == URL(fileURLWithPath: corpus.root + "/../../shared").standardizedFileURL.path)
        #expect(SharedFixtures.assetsDirectory(corpusRoot: loaded.root).hasPrefix(folder.appendingPathComponent("files").path)
                || ProcessInfo.processInfo.environment["RIVE_HARNESS_SHARED"] != nil)

        // Exporting what was read gives the same document (only the folder it came from differs).
        var again = try CorpusExport(loaded)
        again.corpusRoot = export.corpusRoot
        #expect(try again.encoded() == export.encoded())
    }

    @Test("the comparison can fail: a changed scenario, or a moved step, changes the plan text")
    func comparisonDetectsChanges() throws {
        let copy = try CorpusCopy(prefix: "corpus-export-change")
        defer { copy.remove() }
        let original = try Corpus.load(copy.corpus.path)
        let folder = try Self.temporaryFolder("change")
        defer { try? FileManager.default.removeItem(at: folder) }
        let exported = try Self.roundTrip(original, in: folder)
        #expect(Self.planText(exported) == Self.planText(original))

        // One expected value of one scenario changes in its YAML file.
        let file = copy.corpus.appendingPathComponent("scenarios/actions/chained-listeners-same-advance.yaml")
        let text = try String(contentsOf: file, encoding: .utf8)
        let changed = text.replacingOccurrences(of: "expect: idle", with: "expect: busy")
        #expect(changed != text, "the value to change is no longer in the scenario; update this test")
        try Data(changed.utf8).write(to: file)
        let edited = try Corpus.load(copy.corpus.path)
        #expect(edited.hash != original.hash)
        #expect(Self.planText(edited) != Self.planText(exported))

        // Only a step's line moves: the comparison sees source positions too.
        var moved = original
        guard case .success(var scenario) = moved.entries[0].scenario else { Issue.record("the first scenario does not load"); return }
        scenario.steps[0].mark = Mark(line: scenario.steps[0].mark.line + 1, column: scenario.steps[0].mark.column)
        moved.entries[0].scenario = .success(scenario)
        #expect(Self.planText(moved) != Self.planText(exported))
    }

    @Test("invalid scenarios and problems travel: an invalid file stays invalid with the same diagnostics")
    func invalidEntriesRoundTrip() throws {
        let copy = try CorpusCopy(prefix: "corpus-export-invalid")
        defer { copy.remove() }
        try copy.write(scenario: "broken/unknown-rule", "description: names a rule that does not exist\nrules: [NOPE-1]\nsteps:\n  - load: file\n")
        try Data("expectations:\n  no/such-scenario: {status: fail, reason: stale}\n".utf8)
            .write(to: copy.corpus.appendingPathComponent("expectations/toy.yaml"))
        let corpus = try Corpus.load(copy.corpus.path)
        let folder = try Self.temporaryFolder("invalid")
        defer { try? FileManager.default.removeItem(at: folder) }
        let loaded = try Self.roundTrip(corpus, in: folder)
        let entry = try #require(loaded.entries.first { $0.id == "broken/unknown-rule" })
        guard case .failure(let list) = entry.scenario else { Issue.record("the invalid scenario loaded from the export"); return }
        #expect(list.diagnostics.map(\.code).contains("scenario.unknown-rule"))
        #expect(loaded.allProblems == corpus.allProblems)
        #expect(loaded.expectations(for: "toy").problems.map(\.code) == ["expectations.unknown-scenario"])
        #expect(Self.planText(loaded) == Self.planText(corpus))
    }

    @Test("without the files' bytes, the export reads them from the corpus folder and reports one that is missing or changed")
    func withoutFileBytes() throws {
        let copy = try CorpusCopy(prefix: "corpus-export-no-bytes")
        defer { copy.remove() }
        let corpus = try Corpus.load(copy.corpus.path)
        let url = copy.root.appendingPathComponent("corpus.json")
        let bytes = try CorpusExport(corpus, includeFileBytes: false).encoded()
        #expect(!String(decoding: bytes, as: UTF8.self).contains("\"bytes\""))
        try Data(bytes).write(to: url)
        let loaded = try Corpus.load(export: url)
        #expect(URL(fileURLWithPath: loaded.root).standardizedFileURL.path == copy.corpus.standardizedFileURL.path)
        #expect(loaded.problems.isEmpty)
        #expect(Self.planText(loaded) == Self.planText(corpus))

        try FileManager.default.removeItem(at: copy.corpus.appendingPathComponent("fixtures/assets/notes.bin"))
        try Data("changed".utf8).write(to: copy.corpus.appendingPathComponent("fixtures/plain.riv"))
        let damaged = try Corpus.load(export: url)
        #expect(damaged.problems.map(\.code).sorted() == ["export.changed-file", "export.missing-file"])
        #expect(damaged.problems.contains { $0.file.hasSuffix("fixtures/plain.riv") && $0.hint.contains("export again") })
    }

    /// The error a document gives when read as an export.
    static func error(reading text: String, file: String = "/tmp/corpus.json") -> CorpusExportError? {
        do {
            _ = try CorpusExport.decode(Array(text.utf8), file: file)
            return nil
        } catch {
            return error
        }
    }

    @Test("a truncated or malformed export names the file, the line and column, and how to regenerate it")
    func syntaxErrors() throws {
        let full = try Self.projectExport.get()
        let lines = full.split(separator: "\n", omittingEmptySubsequences: false)

        let truncated = try #require(Self.error(reading: String(full.prefix(full.count / 2)), file: "exports/corpus.json"))
        #expect(truncated.code == "export.syntax")
        #expect(truncated.file == "exports/corpus.json")
        #expect(truncated.message.contains("truncated"), "\(truncated)")
        #expect(truncated.position?.hasPrefix("line ") == true)
        #expect(truncated.description.hasPrefix("exports/corpus.json: line "))
        #expect(truncated.hint.contains("rive-harness corpus export --out exports/corpus.json"))

        // A stray character on line 3: the position points at it.
        var edited = lines
        edited[2] = "  \"corpusRoot\" : \"x\" ?"
        let stray = try #require(Self.error(reading: edited.joined(separator: "\n")))
        #expect(stray.code == "export.syntax")
        #expect(stray.position == "line 3, column 22", "\(stray)")
        #expect(stray.message.contains("'?'"))

        for (text, message) in [("", "end of file"), ("{\"formatVersion\": 1,}", "expected a key"), ("{\"a\": tru}", "expected 'true'"),
                                ("{\"a\": \"\u{1}\"}", "control character"), ("[1 2]", "expected ',' or ']'"), ("{} {}", "after the end"),
                                ("{\"a\": -}", "digit"), ("{\"a\": \"\\x\"}", "invalid escape")] {
            let error = try #require(Self.error(reading: text), "\(text.debugDescription) was accepted")
            #expect(error.code == "export.syntax", "\(text.debugDescription): \(error)")
            #expect(error.message.contains(message), "\(text.debugDescription): \(error.message)")
        }
    }

    @Test("another format version, another kind of document, or a value that does not fit the model is a clear error")
    func schemaErrors() throws {
        let newer = try #require(Self.error(reading: "{\"formatVersion\": 99, \"scenarios\": []}"))
        #expect(newer.code == "export.format-version")
        #expect(newer.message == "format version 99, but this RiveHarness reads version \(CorpusExport.currentFormatVersion)")
        #expect(newer.position == "key 'formatVersion'")
        #expect(newer.hint.contains("newer rive-harness"))
        let older = try #require(Self.error(reading: "{\"formatVersion\": 0}"))
        #expect(older.hint.contains("older rive-harness"))

        #expect(Self.error(reading: "[1, 2]")?.code == "export.not-an-export")
        #expect(Self.error(reading: "{\"results\": []}")?.code == "export.not-an-export")
        #expect(Self.error(reading: "{\"formatVersion\": \"1\"}")?.code == "export.not-an-export")

        // A real export with one step's action renamed and one key removed.
        let full = try Self.projectExport.get()
        let unknownStep = full.replacingOccurrences(of: "\"createArtboard\" : {", with: "\"makeArtboard\" : {")
        let step = try #require(Self.error(reading: unknownStep))
        #expect(step.code == "export.schema")
        #expect(step.position?.hasPrefix("key 'scenarios[") == true, "\(step)")
        #expect(step.position?.contains("].scenario.steps[") == true, "\(step)")
        #expect(step.hint.contains("same RiveHarness version"))
        let missing = full.replacingOccurrences(of: "\"corpusHash\" :", with: "\"hash\" :")
        let key = try #require(Self.error(reading: missing))
        #expect(key.code == "export.schema")
        #expect(key.position == "key 'corpusHash'")
        #expect(key.message.contains("missing key 'corpusHash'"))
    }

    @Test("a missing export file is a CorpusError naming the path and the export command")
    func missingFile() {
        let path = "/nonexistent/folder/corpus-export.json"
        #expect(throws: CorpusError.self) { try Corpus.load(export: URL(fileURLWithPath: path)) }
        do {
            _ = try Corpus.load(export: URL(fileURLWithPath: path))
        } catch {
            guard case .export(let export) = error else { Issue.record("\(error)"); return }
            #expect(export.code == "export.unreadable")
            #expect(error.description.contains(path))
            #expect(error.description.contains("rive-harness corpus export --out \(path)"))
        }
    }

    @Test("every kind of step and value of the model survives encoding, including non-finite numbers")
    func valuesRoundTrip() throws {
        let actions: [StepAction] = [
            .getValue(instance: "i", property: "p", expected: .number(.infinity), comparison: .absolute(1e-4)),
            .getValue(instance: "i", property: "p", expected: .color(Color(0x80FF_0000)), comparison: .colorChannel(2)),
            .setValue(instance: "i", property: "p", value: .enumCase("on")),
            .tick(view: "v", tick: DisplayTick(timestamp: 0.5, isOnscreen: false, isPaused: true),
                  expected: FrameExpectation(advanced: true, drew: nil, settled: false, advanceSeconds: 0.016)),
            .pointer(view: "v", event: PointerEvent(.down, x: 1.5, y: 2, pointerID: 3)),
            .createStateMachine(handle: "s", artboard: "a", name: nil, binding: .instance("i")),
            .assertEmissions(stream: "t", expectation: .exactly([.boolean(true), .string("a\"b")]), endsWith: .failed(ErrorCase(name: "ViewModelInstanceError.message")!)),
            .assertEmissions(stream: "t", expectation: .exactly([]), endsWith: .finished),
            .cancelStream(stream: "t", by: .task),
            .makeRive(handle: "r", file: "f", artboard: nil, stateMachine: "s", dataBind: .instance("i"), exposes: RiveExposure.none),
            .makeRiveView(handle: "rv", rive: "r", width: 20, height: 10),
            .bindInstances(stateMachine: "s", main: nil, globals: [GlobalPair(name: "Theme", instance: "i")]),
        ]
        let scenario = Scenario(id: "x/y", file: "Corpus/scenarios/x/y.yaml", description: "d", rules: ["PROP-1"], features: [],
                                requires: [.values, .pixels], fixture: nil, timeoutSeconds: 5,
                                steps: actions.enumerated().map { Step(number: $0.offset + 1, mark: Mark(line: $0.offset + 3, column: 5), action: $0.element,
                                                                       expectedError: $0.offset == 0 ? ErrorCase(name: "FileError.invalidArtboard") : nil) })
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        let read = try decoder.decode(Scenario.self, from: try encoder.encode(scenario))
        var expected = ""
        var actual = ""
        dump(scenario, to: &expected)
        dump(read, to: &actual)
        #expect(actual == expected)
        #expect(String(decoding: try encoder.encode(RuntimeCapabilities([.values, .pixels])), as: UTF8.self) == "[\"values\",\"pixels\"]")
        #expect(throws: DecodingError.self) { try decoder.decode(RuntimeCapabilities.self, from: Data("[\"telepathy\"]".utf8)) }
        #expect(throws: DecodingError.self) { try decoder.decode(ErrorCase.self, from: Data("\"FileError.nope\"".utf8)) }
    }
}
