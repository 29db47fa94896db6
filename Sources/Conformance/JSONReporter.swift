/// Writes the run's results as one JSON document (docs/results-format.md) when the run finishes.
@MainActor
public final class JSONReporter: RunReporter {
    private let write: @MainActor (String) -> Void
    private var header: RunHeader?
    private var results: [ScenarioResult] = []

    /// Creates a reporter that hands the document to `write`.
    public init(write: @escaping @MainActor (String) -> Void) { self.write = write }

    /// Handles one event of the run.
    public func receive(_ event: RunEvent) {
        switch event {
        case .runStarted(let header): self.header = header
        case .scenarioFinished(let result): results.append(result)
        case .runFinished(let summary):
            guard let header else { return }
            write(ResultsDocument(header: header, results: results, summary: summary).json())
        }
    }
}
