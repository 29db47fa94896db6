import RuntimeAPI
import ReferenceRuntime

/// The adapter the corpus runs against under `swift test`: a fresh instance per scenario.
///
/// This is the one line that chooses the runtime; the rest of CorpusTests depends only on
/// `RuntimeAdapter`.
@MainActor func makeCorpusAdapter() -> any RuntimeAdapter { ReferenceRuntimeAdapter() }
