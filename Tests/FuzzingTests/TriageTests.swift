import Conformance
import Foundation
import Fuzzing
import HarnessTestSupport
import Testing

/// What makes fuzz buckets triageable: divergence signatures without object names, documented
/// engine behaviours named by rule, and failures the unmutated seed already shows bucketed as the seed's.
@MainActor
struct TriageTests {
    @Test("a divergence signature drops property paths and colors: the same difference on other properties is one bucket")
    func pathsAndColorsDropped() {
        let one = FailureSignature.divergence(section: "instances",
                                              left: #""Main" blank child/toGreen: boolean = error view-model-instance.message"#,
                                              right: #""Main" blank child/toGreen: boolean = false"#)
        let two = FailureSignature.divergence(section: "instances",
                                              left: #""Other" blank Test Nested/Nested Flag: boolean = error view-model-instance.message"#,
                                              right: #""Other" blank Test Nested/Nested Flag: boolean = false"#)
        #expect(one == two)
        #expect(one == "instances: S blank P: boolean = error view-model-instance.message | S blank P: boolean = false")
        let bound = FailureSignature.divergence(section: "boundValues", left: "frame 3 lis: list size 2", right: "frame 3 lis: list size 3")
        #expect(bound == "boundValues: frame N P: list size N | frame N P: list size N")
        let colors = FailureSignature.divergence(section: "draws", left: "frame 0 #1 fill nonZero srcOver solid #FFD0A000 bounds 0 0 1 1",
                                                 right: "frame 0 #1 fill nonZero srcOver solid #FF00FF00 bounds 0 0 1 1")
        #expect(colors == "draws: frame N #N fill nonZero srcOver solid #C bounds N N N N | frame N #N fill nonZero srcOver solid #C bounds N N N N")
        // Another type is another bucket.
        let number = FailureSignature.divergence(section: "instances", left: #""M" blank c/n: number = error view-model-instance.message"#,
                                                 right: #""M" blank c/n: number = 0"#)
        #expect(number != one)
    }

    @Test("a documented engine behaviour is named by its rule, whichever side the engine is on; other differences are not")
    func knownBehaviours() {
        let blank = KnownDivergence.explaining(section: "instances",
                                               a: ("reference", #""Main" blank child/toGreen: boolean = error view-model-instance.message"#),
                                               b: ("rive-cpp", #""Main" blank child/toGreen: boolean = false"#))
        #expect(blank?.rule == "SRC-1N")
        let swapped = KnownDivergence.explaining(section: "instances",
                                                 a: ("rive-cpp", #""Main" blank child/toGreen: boolean = false"#),
                                                 b: ("reference", #""Main" blank child/toGreen: boolean = error view-model-instance.message"#))
        #expect(swapped?.rule == "SRC-1N")
        let machine = KnownDivergence.explaining(section: "artboards", a: ("reference", #"artboard "A" default stateMachine "Auto Generated State Machine""#),
                                                 b: ("rive-cpp", "artboard \"A\" default stateMachine error artboard.invalid-state-machine"))
        #expect(machine?.rule == "SM-6")
        // The reference failing where rive-cpp reads a value is SRC-1N only for a blank instance.
        #expect(KnownDivergence.explaining(section: "instances", a: ("reference", #""M" default c/n: number = error view-model-instance.message"#),
                                           b: ("rive-cpp", #""M" default c/n: number = 0"#)) == nil)
        // The engine failing where the reference reads a value is not the documented behaviour.
        #expect(KnownDivergence.explaining(section: "instances", a: ("reference", #""M" blank c/n: number = 0"#),
                                           b: ("rive-cpp", #""M" blank c/n: number = error view-model-instance.message"#)) == nil)
        // Two instances of one adapter have no documented divergence.
        #expect(KnownDivergence.explaining(section: "artboards", a: ("rive-cpp", #"artboard "A" default stateMachine "S""#),
                                           b: ("rive-cpp", "artboard \"A\" default stateMachine error artboard.invalid-state-machine")) == nil)
    }

    @Test("the engine behaviours found by triage are named by their rule: an empty state machine name, a nested view model listed from the default instance")
    func triagedBehaviours() {
        let emptyName = KnownDivergence.explaining(section: "frames", a: ("reference", #"play artboard "" viewModel none stateMachine """#),
                                                   b: ("rive-cpp", "play artboard \"\" viewModel none stateMachine error artboard.invalid-state-machine"))
        #expect(emptyName?.rule == "BIND-7")
        // A named machine the engine cannot create is not that behaviour.
        #expect(KnownDivergence.explaining(section: "frames", a: ("reference", #"play artboard "" viewModel none stateMachine "M""#),
                                           b: ("rive-cpp", "play artboard \"\" viewModel none stateMachine error artboard.invalid-state-machine")) == nil)
        let artboard = KnownDivergence.explaining(section: "artboards", a: ("reference", #"artboard "" size 0 0"#),
                                                  b: ("rive-cpp", #"artboard "" size 500 0"#))
        #expect(artboard?.rule == "BIND-7")
        #expect(KnownDivergence.explaining(section: "artboards", a: ("reference", #"artboard "A" size 0 0"#),
                                           b: ("rive-cpp", #"artboard "A" size 500 0"#)) == nil)
        let nested = KnownDivergence.explaining(section: "viewModels", a: ("reference", #"viewModel "Main" property "child" viewModel "Child""#),
                                                b: ("rive-cpp", #"viewModel "Main" property "child" viewModel "Unkown""#))
        #expect(nested?.rule == "SRC-7")
        // Another referenced view model is a finding, not that behaviour.
        #expect(KnownDivergence.explaining(section: "viewModels", a: ("reference", #"viewModel "Main" property "child" viewModel "Child""#),
                                           b: ("rive-cpp", #"viewModel "Main" property "child" viewModel "Other""#)) == nil)
    }

    @Test("every known divergence is documented under divergences: in its adapter's expectations file with the same rule and section, and nothing else is")
    func knownDivergencesAreDocumented() throws {
        for adapter in Set(KnownDivergence.all.map(\.adapter)) {
            let path = SharedMaterial.packageRoot.appendingPathComponent("Corpus/expectations/\(adapter).yaml")
            let expectations = Expectations.parse([UInt8](try Data(contentsOf: path)), file: path.path, knownScenarios: [])
            #expect(expectations.problems.allSatisfy { $0.code == "expectations.unknown-scenario" }, "\(expectations.problems)")
            let known = KnownDivergence.all.filter { $0.adapter == adapter }
            #expect(Set(known.map(\.id)) == Set(expectations.divergences.keys))
            for entry in known {
                let documented = try #require(expectations.divergences[entry.id], "\(entry.id) has no entry under divergences: in \(path.lastPathComponent)")
                #expect(documented.rule == entry.rule)
                #expect(documented.section == entry.section)
                #expect(documented.link.contains("src/") || documented.link.contains("include/"), "\(entry.id) names an upstream source file")
            }
        }
    }

    /// An oracle that finds `signature` in every file whose first byte is `marker`.
    struct MarkerOracle: FuzzOracle {
        var marker: UInt8
        var checked: [String] = []
        mutating func check(_ bytes: [UInt8], name: String) async -> [FuzzFinding] {
            checked.append(name)
            return bytes.first == marker ? [FuzzFinding(kind: .divergence, adapter: "a,b", signature: "marked", detail: "")] : []
        }
    }

    @Test("each seed is checked unmutated before its first case: what it shows is the seed's bucket, and cases that show it again add hits")
    func seedChecks() async throws {
        let seeds = try MutationTests.fixtureSeeds()
        let applier = MutationApplier(donors: seeds.map(\.document))
        let marker = try #require(applier.apply([], to: seeds[0].document).first)
        var oracle = MarkerOracle(marker: marker)
        let store = FuzzBucketStore()
        var campaign = FuzzCampaign(engine: MutationEngine(seeds: seeds, seed: 3))
        var opened: [FuzzCase] = []
        await campaign.run(oracle: &oracle, store: store, maximumRuns: 200, deadline: nil, shouldStop: { false }) { _, fuzzCase, _ in opened.append(fuzzCase) }
        #expect(store.runs == 200)
        let seedNames = oracle.checked.filter { $0.contains("-seed-") }
        #expect(store.seedChecks == seedNames.count)
        #expect(Set(seedNames).count == seedNames.count, "each seed is checked once per job")
        #expect(oracle.checked.count == 200 + seedNames.count)
        // Every fixture starts with the same header byte, so the first seed check opens the bucket.
        let bucket = try #require(store.buckets["marked"])
        #expect(bucket.firstCase.mutations.isEmpty)
        #expect(opened.count == 1)
        #expect(bucket.hits > seedNames.count, "mutated cases that still show it add hits to the seed's bucket")
    }
}
