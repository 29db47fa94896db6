import ConformanceCore
import Foundation
import RuntimeAPI
#if canImport(Testing)
import Testing
#endif

/// The conformance corpus as Swift Testing cases for one adapter: one case per scenario,
/// each run on a fresh adapter instance, honouring the adapter's expectations.
///
/// A test target of any package that depends on RiveHarness wraps it in three lines
/// (docs/runtime-api.md):
///
/// ```swift
/// let suite = ConformanceSuite { MyAdapter() }
/// @Test("conformance", arguments: suite.cases())
/// @MainActor func conformance(_ scenario: ConformanceCase) async { await suite.check(scenario) }
/// ```
///
/// The corpus comes from a corpus export (docs/corpus-export.md), a JSON file that
/// `rive-harness corpus export` writes from the YAML corpus: this module depends on
/// ConformanceCore alone, so a test target that uses it links no libyaml and builds for an
/// iOS simulator. A caller that has loaded a corpus itself (with `Conformance`'s YAML
/// loader, on a machine with libyaml) passes it with `init(corpus: Corpus, ...)`.
///
/// Environment: `RIVE_HARNESS_CORPUS_JSON` names the export, `RIVE_HARNESS_SCENARIOS` a
/// glob over scenario IDs, `RIVE_HARNESS_RECORD` the golden record mode.
public final class ConformanceSuite: Sendable {
    /// The corpus, or why it could not be loaded.
    public let corpus: Result<Corpus, CorpusError>
    /// The expectations that replace the corpus's `expectations/<adapter>.yaml`, when given.
    public let expectationsOverride: Expectations?
    /// The golden record mode, or the error in `RIVE_HARNESS_RECORD`.
    public let recordMode: Result<RecordMode, RecordModeError>
    /// The glob over scenario IDs that selects cases (`RIVE_HARNESS_SCENARIOS`), when set.
    public let filter: String?
    private let makeAdapter: @MainActor @Sendable () -> any RuntimeAdapter

    /// Loads the corpus from an export and prepares the cases.
    /// - Parameters:
    ///   - corpus: where the export is; by default `RIVE_HARNESS_CORPUS_JSON`, else
    ///     `CorpusLocation.defaultExportPath` in the RiveHarness checkout.
    ///   - expectations: expectations of the adapter's own that replace the corpus's
    ///     `expectations/<adapter name>.yaml` (or add them at export time:
    ///     `rive-harness corpus export --expectations NAME=FILE`).
    ///   - recordMode: when golden digests are written; by default `RIVE_HARNESS_RECORD`,
    ///     else `never`, so an adapter outside this repository never writes into the corpus.
    ///   - environment: the environment read for the defaults and `RIVE_HARNESS_SCENARIOS`.
    ///   - makeAdapter: makes a fresh adapter instance; called once per case.
    public convenience init(corpus location: CorpusLocation = .default, expectations: Expectations? = nil, recordMode: RecordMode? = nil,
                            environment: [String: String] = ProcessInfo.processInfo.environment,
                            makeAdapter: @escaping @MainActor @Sendable () -> any RuntimeAdapter) {
        self.init(loaded: Result { () throws(CorpusError) in try location.load(environment: environment) }, expectations: expectations,
                  recordMode: recordMode, environment: environment, makeAdapter: makeAdapter)
    }

    /// Prepares the cases of a corpus the caller loaded (for example with `Corpus.load(_:)` of
    /// the `Conformance` module, which reads the YAML folder).
    /// - Parameters: as `init(corpus:expectations:recordMode:environment:makeAdapter:)`.
    public convenience init(corpus: Corpus, expectations: Expectations? = nil, recordMode: RecordMode? = nil,
                            environment: [String: String] = ProcessInfo.processInfo.environment,
                            makeAdapter: @escaping @MainActor @Sendable () -> any RuntimeAdapter) {
        self.init(loaded: .success(corpus), expectations: expectations, recordMode: recordMode, environment: environment, makeAdapter: makeAdapter)
    }

    /// The YAML expectations file of earlier versions cannot be read here (this module has no YAML parser).
    @available(*, unavailable, message: "ConformanceTesting reads no YAML: pass 'expectations: Expectations.parse(...)' (module Conformance), or add the file to the export with 'rive-harness corpus export --expectations NAME=FILE'")
    public convenience init(corpus location: CorpusLocation = .default, expectationsFile: String, recordMode: RecordMode? = nil,
                            environment: [String: String] = ProcessInfo.processInfo.environment,
                            makeAdapter: @escaping @MainActor @Sendable () -> any RuntimeAdapter) {
        fatalError("unavailable")
    }

    /// Prepares the cases of a corpus the caller loaded, or the reason it could not be loaded
    /// (which becomes the one failing case): `ConformanceSuite(loaded: Result { () throws(CorpusError) in try Corpus.load(path) })`.
    /// - Parameters: as `init(corpus:expectations:recordMode:environment:makeAdapter:)`.
    public init(loaded: Result<Corpus, CorpusError>, expectations: Expectations? = nil, recordMode: RecordMode? = nil,
                environment: [String: String] = ProcessInfo.processInfo.environment,
                makeAdapter: @escaping @MainActor @Sendable () -> any RuntimeAdapter) {
        self.corpus = loaded
        self.expectationsOverride = expectations
        if let recordMode {
            self.recordMode = .success(recordMode)
        } else if let named = environment["RIVE_HARNESS_RECORD"] {
            self.recordMode = RecordMode(rawValue: named).map { .success($0) } ?? .failure(RecordModeError(value: named))
        } else {
            self.recordMode = .success(.never)
        }
        filter = environment["RIVE_HARNESS_SCENARIOS"].flatMap { $0.isEmpty ? nil : $0 }
        self.makeAdapter = makeAdapter
    }

    /// Every scenario of the corpus whose ID passes `RIVE_HARNESS_SCENARIOS`, in ID order.
    ///
    /// An unloadable corpus gives one case that fails with the reason, so a wrong path is a
    /// visible failure rather than an empty, passing suite.
    public func cases() -> [ConformanceCase] {
        switch corpus {
        case .failure(let error): [ConformanceCase(id: ConformanceCase.corpusProblemID, loadError: error.description)]
        case .success(let corpus):
            corpus.entries.filter { Selection(filter: filter).matches(id: $0.id) }.map { ConformanceCase(id: $0.id, loadError: nil) }
        }
    }

    /// The adapter's expectations: the override when given, else the corpus's file for the adapter's name.
    public func expectations(for adapterName: String, in corpus: Corpus) -> Expectations {
        expectationsOverride ?? corpus.expectations(for: adapterName)
    }

    /// Plans the whole corpus for a fresh adapter instance.
    /// - Throws: `CorpusError` when the corpus could not be loaded.
    @MainActor public func plan() throws(CorpusError) -> RunPlan {
        let corpus = try corpus.get()
        let adapter = makeAdapter()
        return Planner.plan(corpus: corpus, adapter: AdapterIdentity(adapter), capabilities: adapter.capabilities,
                            expectations: expectations(for: adapter.name, in: corpus), selection: Selection(filter: filter))
    }

    /// Runs one case on a fresh adapter instance and returns its result, expectations applied.
    /// - Throws: `ConformanceSuiteError` when the corpus, the record mode or the case is unusable.
    @MainActor public func run(_ scenario: ConformanceCase) async throws(ConformanceSuiteError) -> ScenarioResult {
        if let loadError = scenario.loadError { throw .corpus(loadError) }
        let corpus: Corpus
        do { corpus = try self.corpus.get() } catch { throw .corpus(error.description) }
        let mode: RecordMode
        do { mode = try recordMode.get() } catch { throw .recordMode(error.description) }
        let plan: RunPlan
        do { plan = try self.plan() } catch { throw .corpus(error.description) }
        guard let entry = plan.entries.first(where: { $0.id == scenario.id }) else { throw .unknownScenario(scenario.id) }
        let runner = ConformanceRunner(corpus: corpus, options: RunOptions(recordMode: mode), reporters: [], makeAdapter: makeAdapter)
        return await runner.runScenario(entry)
    }

    /// The problems that make a run fail before any scenario runs: the corpus's registries
    /// and scenario files, and stale or malformed entries in the adapter's expectations.
    @MainActor public func problems() -> [String] {
        do {
            let plan = try plan()
            let invalid = plan.entries.compactMap { entry -> String? in
                if case .invalid(let diagnostics) = entry.decision { return diagnostics.map(\.description).joined(separator: "\n") }
                return nil
            }
            return plan.problems.map(\.description) + invalid
        } catch {
            return [error.description]
        }
    }

    /// One line per case for the log: `conformance: VERDICT ID` and, when there is one, the message or trace.
    public static func line(for result: ScenarioResult) -> String {
        let detail = result.verdict == .pass ? nil : (result.trace ?? result.expectation?.reason)
        return "conformance: \(result.verdict.rawValue) \(result.id)" + (detail.map { " — \($0)" } ?? "")
    }

    #if canImport(Testing)
    /// Runs one case and records a Swift Testing issue when its verdict fails the run
    /// (FAIL, ERROR, TIMEOUT, CRASH, XPASS); PASS, SKIP and XFAIL pass. Prints one
    /// `conformance: VERDICT ID` line per case.
    @MainActor public func check(_ scenario: ConformanceCase, sourceLocation: SourceLocation = #_sourceLocation) async {
        do {
            let result = try await run(scenario)
            print(Self.line(for: result))
            if result.verdict.failsRun {
                Issue.record("\(result.verdict.rawValue): \(result.trace ?? result.id)", sourceLocation: sourceLocation)
            }
        } catch {
            Issue.record("\(error)", sourceLocation: sourceLocation)
        }
    }

    /// Records a Swift Testing issue for every problem `problems()` finds.
    @MainActor public func checkProblems(sourceLocation: SourceLocation = #_sourceLocation) {
        for problem in problems() { Issue.record("\(problem)", sourceLocation: sourceLocation) }
    }
    #endif
}

/// One scenario of the corpus as a test case, named by its ID in test output.
public struct ConformanceCase: Sendable, Hashable, CustomStringConvertible {
    /// The scenario ID, for example `props/colors-argb`.
    public let id: String
    /// Why the corpus could not be loaded, for the single case an unloadable corpus yields.
    public let loadError: String?

    /// The ID of the case an unloadable corpus yields.
    public static let corpusProblemID = "corpus-could-not-be-loaded"

    /// The scenario ID.
    public var description: String { id }
}

#if canImport(Testing)
extension ConformanceCase: CustomTestStringConvertible {
    /// The scenario ID, as test output names the case.
    public var testDescription: String { id }
}
#endif

/// Where a suite finds its corpus export (docs/corpus-export.md).
public enum CorpusLocation: Sendable, Hashable {
    /// `RIVE_HARNESS_CORPUS_JSON` when set, else `defaultExportPath`.
    case `default`
    /// An export file: a path (`URL(fileURLWithPath:)`) or a test bundle's resource
    /// (`Bundle.module.url(forResource: "corpus-export", withExtension: "json")!`).
    case export(URL)

    /// Where `default` looks without `RIVE_HARNESS_CORPUS_JSON`: `.build/corpus-export.json` in the
    /// RiveHarness checkout this module was built from (found from this source file's path, so
    /// it works for path dependencies and for SwiftPM's checkouts of URL dependencies), which is
    /// what `swift run rive-harness corpus export --out .build/corpus-export.json` writes there.
    public static let defaultExportPath: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/corpus-export.json").path

    /// The export file this location names.
    public func url(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        switch self {
        case .default: URL(fileURLWithPath: environment["RIVE_HARNESS_CORPUS_JSON"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultExportPath)
        case .export(let url): url
        }
    }

    /// Loads the export this location names.
    ///
    /// `RIVE_HARNESS_CORPUS` (a YAML corpus folder, which this module cannot read) set without
    /// `RIVE_HARNESS_CORPUS_JSON` is an error that says how to export that folder, rather than
    /// a silent run of another corpus.
    /// - Throws: `CorpusError.export`.
    public func load(environment: [String: String] = ProcessInfo.processInfo.environment) throws(CorpusError) -> Corpus {
        if self == .default, environment["RIVE_HARNESS_CORPUS_JSON"].map({ $0.isEmpty }) ?? true,
           let folder = environment["RIVE_HARNESS_CORPUS"], !folder.isEmpty {
            throw .export(CorpusExportError(
                code: "export.yaml-folder", file: folder, position: nil,
                message: "RIVE_HARNESS_CORPUS names a YAML corpus folder, which ConformanceTesting does not read (it links no libyaml)",
                hint: "export it: 'swift run rive-harness corpus export \(folder) --out FILE.json' in the RiveHarness checkout, then set RIVE_HARNESS_CORPUS_JSON=FILE.json"))
        }
        return try Corpus.load(export: url(environment: environment))
    }
}

/// Why a suite could not run a case.
public enum ConformanceSuiteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The corpus could not be loaded.
    case corpus(String)
    /// `RIVE_HARNESS_RECORD` holds no record mode.
    case recordMode(String)
    /// The case names no scenario of the plan (the corpus changed since the cases were listed).
    case unknownScenario(String)

    /// What went wrong and what to do.
    public var description: String {
        switch self {
        case .corpus(let detail): "the corpus could not be loaded: \(detail)"
        case .recordMode(let detail): detail
        case .unknownScenario(let id): "no scenario '\(id)' in the plan\n  hint: the corpus changed while the tests ran; run them again"
        }
    }
}
