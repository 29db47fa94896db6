import Conformance
import RuntimeAPI
import Testing

/// The steps for views that settle, state-machine inputs, extra workers and assets, run
/// against the scripted adapter.
@Suite("settle, inputs, workers and assets")
@MainActor
struct LanguageExtensionTests {
    /// Runs one scenario (the synthetic corpus has the asset `scripted.bin`).
    private func verdict(_ text: String, capabilities: RuntimeCapabilities = ScriptedAdapter.all) async throws -> ScenarioResult {
        let corpus = try SyntheticCorpus(scenarios: ["area/case": text])
        defer { corpus.remove() }
        let recorder = try await corpus.run(capabilities: capabilities)
        return try #require(recorder.results["area/case"])
    }

    static let viewSteps = setupSteps + """

        - view: v
          artboard: ab
          stateMachine: sm
          instance: vmi
          size: [4, 4]
        """

    @Test("settle ticks until a tick is idle and settled")
    func settles() async throws {
        let result = try await verdict(scenario(rules: "[RDR-1]", Self.viewSteps + """

            - settle: v
              from: 0
            - tick: v
              at: 1
              expect: {advanced: false, drew: false}
            """))
        #expect(result.verdict == .pass, "\(result.trace ?? "")")
    }

    @Test("settle fails when no idle settled tick comes within the limit")
    func settleLimit() async throws {
        let result = try await verdict(scenario(rules: "[RDR-1]", Self.viewSteps + """

            - settle: v
              from: 0
              within: 1
            """))
        #expect(result.verdict == .fail)
        #expect(result.divergence?.kind == .redraw)
        #expect(result.trace == "area/case › step 6 (settle) › v › settle: expected an idle settled tick within 1 tick(s), actual tick 1 advanced true, drew true, settled true")
    }

    @Test("inputs reach the state machine by name; one it does not have is logged")
    func inputs() async throws {
        let result = try await verdict(scenario(setupSteps + """

            - input: sm
              name: level
              type: number
              value: 3
            - log: []
            - input: sm
              name: on
              type: boolean
              value: true
            - triggerInput: sm
              name: go
            - log: [state-machine.unknown-input, state-machine.unknown-input]
            """))
        #expect(result.verdict == .pass, "\(result.trace ?? "")")
    }

    @Test("input steps need the inputs capability")
    func inputsCapability() async throws {
        let result = try await verdict(scenario(setupSteps + "\n- triggerInput: sm\n  name: go"), capabilities: [.values, .introspection, .binding])
        #expect(result.verdict == .skip)
        #expect(result.message == "requires inputs, which adapter 'scripted' does not declare")
    }

    @Test("assets decode on the scenario's worker or another one; assign sets and clears them")
    func assets() async throws {
        let result = try await verdict(scenario(Self.viewSteps + """

            - worker: other
            - decode: own
              kind: blob
              asset: scripted.bin
            - decode: foreign
              kind: blob
              asset: scripted.bin
              worker: other
            - decode: picture
              kind: image
              asset: scripted.bin
              throws: AssetError.failedDecoding
            - tick: v
              at: 0
            - assign: vmi
              property: data
              type: blob
              value: own
            - tick: v
              at: 1
              expect: {advanced: true}
            - assign: vmi
              property: data
              type: blob
              value: foreign
            - tick: v
              at: 2
              expect: {advanced: false}
            - log: [view-model-instance.other-worker]
            - assign: vmi
              property: data
              type: blob
              value: none
            - tick: v
              at: 3
              expect: {advanced: true}
            """))
        #expect(result.verdict == .pass, "\(result.trace ?? "")")
    }

    @Test("a file loads on another worker, which the scenario may then release")
    func otherWorker() async throws {
        let result = try await verdict(scenario("""
            - worker: other
            - load: file
              worker: other
            - release: other
            - artboard: ab
              file: file
            - introspect: ab
              query: stateMachineNames
              expect: [Machine]
            """))
        #expect(result.verdict == .pass, "\(result.trace ?? "")")
    }
}
