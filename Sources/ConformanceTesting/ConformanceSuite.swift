import Conformance
import Foundation
import RuntimeAPI
import YAML
#if canImport(Testing)
import Testing
#endif

/// The conformance corpus as Swift Testing cases for one adapter: one case per scenario,
/// each run on a fresh adapter instance, honouring the adapter's expectations file.
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
/// Environment: `RIVE_HARNESS_CORPUS` names another corpus folder, `RIVE_HARNESS_SCENARIOS`
/// a glob over scenario IDs, `RIVE_HARNESS_RECORD` the golden record mode.
public final class ConformanceSuite: Sendable {
    /// Where the corpus is, or why it could not be loaded.
    public let corpus: Result<Corpus, CorpusError>
    /// The expectations file that overrides `expectations/<adapter>.yaml` of the corpus, when given.
    public let expectationsFile: String?
    /// The golden record mode, or the error in `RIVE_HARNESS_RECORD`.
    public let recordMode: Result<RecordMode, RecordModeError>
    /// The glob over scenario IDs that selects cases (`RIVE_HARNESS_SCENARIOS`), when set.
    public let filter: String?
    private let makeAdapter: @MainActor @Sendable () -> any RuntimeAdapter

    /// Loads the corpus and prepares the cases.
    /// - Parameters:
    ///   - corpus: where the corpus is; by default `RIVE_HARNESS_CORPUS`, else RiveHarness's own `Corpus` folder.
    ///   - expectationsFile: an expectations file of the adapter's own (the format of
    ///     `Corpus/expectations/*.yaml`) that replaces the corpus's `expectations/<adapter name>.yaml`.
    ///   - recordMode: when golden digests are written; by default `RIVE_HARNESS_RECORD`,
    ///     else `never`, so an adapter outside this repository never writes into the corpus.
    ///   - environment: the environment read for the defaults and `RIVE_HARNESS_SCENARIOS`.
    ///   - makeAdapter: makes a fresh adapter instance; called once per case.
    public init(corpus location: CorpusLocation = .default, expectationsFile: String? = nil, recordMode: RecordMode? = nil,
                environment: [String: String] = ProcessInfo.processInfo.environment,
                makeAdapter: @escaping @MainActor @Sendable () -> any RuntimeAdapter) {
        self.corpus = Result { () throws(CorpusError) in try Corpus.load(location.path(environment: environment)) }
        self.expectationsFile = expectationsFile
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

    /// The adapter's expectations: the override file when given, else the corpus's file for the adapter's name.
    public func expectations(for adapterName: String, in corpus: Corpus) -> Expectations {
        guard let expectationsFile else { return corpus.expectations(for: adapterName) }
        guard let data = FileManager.default.contents(atPath: expectationsFile) else {
            return Expectations(entries: [:], problems: [Diagnostic(file: expectationsFile, mark: .start, code: "expectations.missing-file",
                                                                    message: "cannot read \(expectationsFile)",
                                                                    hint: "pass the path of an existing expectations file, or nil to use the corpus's")])
        }
        return Expectations.parse([UInt8](data), file: expectationsFile, knownScenarios: Set(corpus.entries.map(\.id)))
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

/// Where a suite finds its corpus.
public enum CorpusLocation: Sendable, Hashable {
    /// `RIVE_HARNESS_CORPUS` when set, else `bundled`.
    case `default`
    /// The `Corpus` folder of the RiveHarness package this module was built from (found
    /// from this source file's path, so it works for path dependencies and for SwiftPM checkouts).
    case bundled
    /// A folder given explicitly.
    case path(String)

    /// The `Corpus` folder of the RiveHarness package this module was built from.
    public static let bundledPath: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Corpus").path

    /// The folder this location names.
    public func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        switch self {
        case .default: environment["RIVE_HARNESS_CORPUS"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.bundledPath
        case .bundled: Self.bundledPath
        case .path(let path): path
        }
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
        case .corpus(let detail): "the corpus could not be loaded: \(detail)\n  hint: set RIVE_HARNESS_CORPUS to the corpus folder, or pass CorpusLocation.path(...)"
        case .recordMode(let detail): detail
        case .unknownScenario(let id): "no scenario '\(id)' in the plan\n  hint: the corpus changed while the tests ran; run them again"
        }
    }
}
