import Conformance
import Foundation
import RuntimeAPI

/// A corpus written to a temporary folder for one test: registries, one scripted fixture and one asset (`assets/scripted.bin`), scenarios and expectations.
struct SyntheticCorpus {
    /// The corpus folder; removed by `remove()`.
    let root: String

    static let rules = """
        rules:
          - id: PROP-1
            title: set then get without an advance
          - id: GLB-5
            title: an unknown global name fails the call
          - id: GLB-6
            title: a duplicate global name fails the call
          - id: RDR-1
            title: a change redraws the next frame
          - id: STR-1
            title: value streams emit each change
          - id: ACT-2
            title: a listener acts on the first advance after its property changed
          - id: OLD-1
            title: a retired rule
            retired: true
        """

    static let features = """
        features:
          - name: numbers
            description: number properties
          - name: streams
            description: value streams
        """

    /// Writes a corpus.
    /// - Parameters:
    ///   - scenarios: scenario files by ID.
    ///   - expectations: the `expectations/scripted.yaml` text, if any.
    init(scenarios: [String: String], expectations: String? = nil) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("rive-harness-corpus-\(UUID().uuidString)").path
        try write("rules.yaml", Self.rules)
        try write("features.yaml", Self.features)
        try write("fixtures/scripted.riv", "scripted fixture\n")
        try write("fixtures/assets/scripted.bin", "four")
        try FileManager.default.createDirectory(atPath: root + "/scenarios", withIntermediateDirectories: true)
        for (id, text) in scenarios { try write("scenarios/\(id).yaml", text) }
        if let expectations { try write("expectations/scripted.yaml", expectations) }
    }

    /// Writes a file below the corpus folder.
    func write(_ relative: String, _ text: String) throws {
        let url = URL(fileURLWithPath: root + "/" + relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Deletes the folder.
    func remove() { try? FileManager.default.removeItem(atPath: root) }

    /// Loads the corpus.
    func load() throws -> Corpus { try Corpus.load(root) }

    /// Plans and runs every scenario against scripted adapters, returning the events in order.
    @MainActor
    func run(capabilities: RuntimeCapabilities = ScriptedAdapter.all, script: Script = Script(), options: RunOptions = RunOptions(),
             reorder: ([PlanEntry]) -> [PlanEntry] = { $0 }) async throws -> RecordingReporter {
        let corpus = try load()
        let adapter = ScriptedAdapter(capabilities: capabilities, script: script)
        var plan = Planner.plan(corpus: corpus, adapter: AdapterIdentity(adapter), capabilities: adapter.capabilities,
                                expectations: corpus.expectations(for: adapter.name), selection: Selection())
        plan.entries = reorder(plan.entries)
        let recorder = RecordingReporter()
        let runner = ConformanceRunner(corpus: corpus, options: options, reporters: [recorder]) {
            ScriptedAdapter(capabilities: capabilities, script: script)
        }
        _ = await runner.run(plan)
        return recorder
    }
}

/// Keeps every event of a run.
@MainActor
final class RecordingReporter: RunReporter {
    private(set) var events: [RunEvent] = []

    func receive(_ event: RunEvent) { events.append(event) }

    /// The results by scenario ID.
    var results: [String: ScenarioResult] {
        var results: [String: ScenarioResult] = [:]
        for case .scenarioFinished(let result) in events { results[result.id] = result }
        return results
    }

    /// The run's summary.
    var summary: RunSummary? {
        for case .runFinished(let summary) in events { return summary }
        return nil
    }

    /// The events with every duration set to zero, so reports are byte-stable.
    var eventsWithoutDurations: [RunEvent] {
        events.map { event in
            switch event {
            case .runStarted: return event
            case .scenarioFinished(var result):
                result.durationSeconds = 0
                return .scenarioFinished(result)
            case .runFinished(var summary):
                summary.durationSeconds = 0
                return .runFinished(summary)
            }
        }
    }
}

/// A scenario's YAML: the common header, then steps indented under `steps:`.
func scenario(rules: String = "[PROP-1]", requires: String? = nil, timeout: Double? = nil, _ steps: String) -> String {
    var text = "description: a synthetic scenario\nrules: \(rules)\nfixture: scripted\n"
    if let requires { text += "requires: \(requires)\n" }
    if let timeout { text += "timeout: \(timeout)\n" }
    return text + "steps:\n" + steps.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n") + "\n"
}

/// Steps that load the scripted fixture and create `ab`, `sm` and the default instance `vmi`.
let setupSteps = """
    - load: file
    - artboard: ab
      file: file
    - instance: vmi
      file: file
      source: viewModelDefault
      artboard: ab
    - stateMachine: sm
      artboard: ab
      binding: vmi
    """
