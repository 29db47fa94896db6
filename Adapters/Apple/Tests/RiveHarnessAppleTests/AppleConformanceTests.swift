import ConformanceTesting
import RiveHarnessApple
import Testing

/// The corpus against RiveRuntime, honouring `Corpus/expectations/apple.yaml`.
let appleSuite = ConformanceSuite { AppleRuntimeAdapter() }

/// Every scenario of the RiveHarness corpus as its own test case, one at a time (each case
/// creates a RiveRuntime `Worker`, with its own command-server thread and Metal context).
///
/// `RIVE_HARNESS_SCENARIOS=GLOB` selects scenarios, for example `streams/*`.
@Suite("RiveRuntime conformance", .serialized)
@MainActor
struct AppleConformanceTests {
    @Test("the corpus and Corpus/expectations/apple.yaml are valid")
    func corpusAndExpectations() {
        appleSuite.checkProblems()
    }

    @Test("scenario", arguments: appleSuite.cases())
    func scenario(_ scenario: ConformanceCase) async {
        await appleSuite.check(scenario)
    }
}
