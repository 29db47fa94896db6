import ConformanceTesting
import RiveHarnessApple
import Testing

/// The corpus against RiveRuntime, honouring `Corpus/expectations/apple.yaml`.
///
/// The corpus is read from its export (a JSON file, so this target links no libyaml and builds
/// for an iOS simulator): `RIVE_HARNESS_CORPUS_JSON` when set, else `.build/corpus-export.json`
/// in the RiveHarness checkout. Write it on the Mac first (README.md):
/// `swift run rive-harness corpus export --out .build/corpus-export.json` in the RiveHarness checkout.
let appleSuite = ConformanceSuite { AppleRuntimeAdapter() }

/// Every scenario of the RiveHarness corpus as its own test case, one at a time (each case
/// creates a RiveRuntime `Worker`, with its own command-server thread and Metal context).
///
/// `RIVE_HARNESS_SCENARIOS=GLOB` selects scenarios, for example `streams/*`.
@Suite("RiveRuntime conformance", .serialized)
@MainActor
struct AppleConformanceTests {
    @Test("the corpus export and its apple expectations are valid")
    func corpusAndExpectations() {
        appleSuite.checkProblems()
    }

    @Test("scenario", arguments: appleSuite.cases())
    func scenario(_ scenario: ConformanceCase) async {
        await appleSuite.check(scenario)
    }
}
