/// Writes the run's results as one JSON document (docs/results-format.md) when the run finishes.
@MainActor
public final class JSONReporter: RunReporter {
    private let write: @MainActor (String) -> Void
    private var collector = RunCollector()

    /// Creates a reporter that hands the document to `write`.
    public init(write: @escaping @MainActor (String) -> Void) { self.write = write }

    /// Handles one event of the run.
    public func receive(_ event: RunEvent) {
        guard let run = collector.receive(event) else { return }
        write(ResultsDocument(header: run.header, results: run.results, summary: run.summary).json())
    }
}
