import Conformance
import Foundation
import RuntimeAPI
import Testing

/// Every verdict path of the runner, driven by synthetic scenarios and the scripted adapter.
@Suite("verdicts")
@MainActor
struct VerdictTests {
    /// Runs one scenario and returns its result.
    private func verdict(_ text: String, capabilities: RuntimeCapabilities = ScriptedAdapter.all, script: Script = Script(),
                         expectations: String? = nil, options: RunOptions = RunOptions()) async throws -> ScenarioResult {
        let corpus = try SyntheticCorpus(scenarios: ["area/case": text], expectations: expectations)
        defer { corpus.remove() }
        let recorder = try await corpus.run(capabilities: capabilities, script: script, options: options)
        return try #require(recorder.results["area/case"])
    }

    @Test("a scenario whose checks all hold passes")
    func pass() async throws {
        let result = try await verdict(scenario(setupSteps + """

            - get: vmi
              property: mood
              type: number
              expect: 1
            - set: vmi
              property: mood
              type: number
              value: 4.5
            - get: vmi
              property: mood
              type: number
              expect: 4.5
            - introspect: file
              query: properties
              of: Main
              expect: [number mood, string title, color tint, enum kind Kind]
            """))
        #expect(result.verdict == .pass, "\(result.trace ?? "")")
        #expect(result.divergence == nil)
    }

    @Test("a value mismatch fails with a trace naming the step, handle and property")
    func valueMismatch() async throws {
        let result = try await verdict(scenario(setupSteps + """

            - get: vmi
              property: mood
              type: number
              expect: 2
              compare: {absolute: 0.5}
            """))
        #expect(result.verdict == .fail)
        #expect(result.divergence?.kind == .value)
        #expect(result.trace == "area/case › step 5 (get) › vmi › mood: expected 2.0 (absolute(0.5)), actual 1.0")
    }

    @Test("a tolerance lets a close value pass")
    func toleranceHolds() async throws {
        let result = try await verdict(scenario(setupSteps + """

            - get: vmi
              property: mood
              type: number
              expect: 1.25
              compare: {absolute: 0.5}
            """))
        #expect(result.verdict == .pass, "\(result.trace ?? "")")
    }

    @Test("emissions that differ from the expected list fail")
    func emissionsMismatch() async throws {
        let steps = scenario(rules: "[STR-1]", setupSteps + """

            - subscribe: moods
              to: vmi
              property: mood
              type: number
            - set: vmi
              property: mood
              type: number
              value: 2
            - set: vmi
              property: mood
              type: number
              value: 3
            - emissions: moods
              expect: [2, 3]
            """)
        #expect(try await verdict(steps).verdict == .pass)
        let result = try await verdict(steps, script: Script(streamsDropAfterFirst: true))
        #expect(result.verdict == .fail)
        #expect(result.divergence?.kind == .emissions)
        #expect(result.trace == "area/case › step 8 (emissions) › moods: expected [2.0, 3.0], actual [2.0]")
    }

    @Test("a stream that ends with an error fails an assertion that expects it open, and passes one that expects the error")
    func streamEnding() async throws {
        let subscribe = scenario(rules: "[STR-1]", setupSteps + """

            - subscribe: wrong
              to: vmi
              property: Mood
              type: number
            - emissions: wrong
              none: true
            """)
        let open = try await verdict(subscribe)
        #expect(open.verdict == .fail)
        #expect(open.divergence?.expected == "still open")
        #expect(open.divergence?.actual == "ended with ViewModelInstanceError.message")
        let ended = try await verdict(subscribe + "    endsWith: ViewModelInstanceError.message\n")
        #expect(ended.verdict == .pass, "\(ended.trace ?? "")")
    }

    @Test("a cancelled stream is finished: a check that expects it open fails, endsWith: finished passes, and nothing set afterwards reaches it")
    func cancelledStream() async throws {
        let steps = setupSteps + """

            - {subscribe: s, to: vmi, property: mood, type: number}
            - {set: vmi, property: mood, type: number, value: 2}
            - {cancel: s}
            - {set: vmi, property: mood, type: number, value: 3}
            """
        let open = try await verdict(scenario(rules: "[STR-1]", steps + "\n- {emissions: s, expect: [2]}"))
        #expect(open.verdict == .fail)
        #expect(open.divergence?.expected == "still open")
        #expect(open.divergence?.actual == "finished (ended without an error)")
        let finished = try await verdict(scenario(rules: "[STR-1]", steps + "\n- {emissions: s, expect: [2], endsWith: finished}"))
        #expect(finished.verdict == .pass, "\(finished.trace ?? "")")
        let errorExpected = try await verdict(scenario(rules: "[STR-1]", steps + "\n- {emissions: s, expect: [2], endsWith: ViewModelInstanceError.message}"))
        #expect(errorExpected.verdict == .fail)
        #expect(errorExpected.divergence?.actual == "finished (ended without an error)")
    }

    @Test("a break takes the next delivered event only; with nothing delivered the cancel step fails instead of waiting for ever")
    func breakAfterFirst() async throws {
        let taken = try await verdict(scenario(rules: "[STR-1]", setupSteps + """

            - {subscribe: s, to: vmi, property: mood, type: number}
            - {set: vmi, property: mood, type: number, value: 2}
            - {set: vmi, property: mood, type: number, value: 3}
            - {cancel: s, by: break}
            - {set: vmi, property: mood, type: number, value: 4}
            - {emissions: s, expect: [2], endsWith: finished}
            """))
        #expect(taken.verdict == .pass, "\(taken.trace ?? "")")
        let empty = try await verdict(scenario(rules: "[STR-1]", setupSteps + """

            - {subscribe: s, to: vmi, property: mood, type: number}
            - {cancel: s, by: break}
            """))
        #expect(empty.verdict == .fail)
        #expect(empty.divergence?.step == 6)
        #expect(empty.divergence?.expected == "an event to break after")
    }

    @Test("a rive step checks the exposed instance: none where the object exposes nothing, a handle where it exposes one")
    func riveExposure() async throws {
        let documented = try await verdict(scenario(rules: "[RDR-1]", setupSteps + """

            - {rive: r, file: file, artboard: ab, stateMachine: sm, viewModelInstance: none}
            - {view: v, rive: r, size: [4, 4]}
            - {tick: v, at: 0, expect: {advanced: true, drew: true}}
            """))
        #expect(documented.verdict == .pass, "\(documented.trace ?? "")")
        let exposing = try await verdict(scenario(rules: "[RDR-1]", setupSteps + """

            - {rive: r, file: file, artboard: ab, stateMachine: sm, dataBind: auto, viewModelInstance: none}
            """))
        #expect(exposing.verdict == .fail)
        #expect(exposing.divergence?.property == "viewModelInstance")
        #expect(exposing.divergence?.actual == "an instance named \"Default\"")
        let kept = try await verdict(scenario(rules: "[RDR-1]", setupSteps + """

            - {rive: r, file: file, dataBind: vmi, viewModelInstance: exposed}
            - {get: exposed, property: mood, type: number, expect: 1}
            """))
        #expect(kept.verdict == .pass, "\(kept.trace ?? "")")
        let missing = try await verdict(scenario(rules: "[RDR-1]", setupSteps + """

            - {rive: r, file: file, viewModelInstance: exposed}
            """))
        #expect(missing.verdict == .fail)
        #expect(missing.divergence?.expected == "an instance")
    }

    @Test("an adapter without the riveObject capability skips rive scenarios, naming the capability")
    func riveSkippedWithoutCapability() async throws {
        var capabilities = ScriptedAdapter.all
        capabilities.remove(.riveObject)
        let result = try await verdict(scenario(rules: "[RDR-1]", setupSteps + "\n- {rive: r, file: file}"), capabilities: capabilities)
        #expect(result.verdict == .skip)
        #expect(result.message?.contains("riveObject") == true, "\(result.message ?? "")")
    }

    static let viewSteps = setupSteps + """

        - view: v
          artboard: ab
          stateMachine: sm
          instance: vmi
          size: [4, 4]
        - tick: v
          at: 0
          expect: {advanced: true, drew: true}
        """

    @Test("a pixel probe of another color fails with the comparison it used")
    func pixelMismatch() async throws {
        let passing = try await verdict(scenario(Self.viewSteps + """

            - probe: v
              at: [1, 1]
              expect: "#FF0082FD"
              compare: {colorChannel: 2}
            """))
        #expect(passing.verdict == .pass, "\(passing.trace ?? "")")
        let result = try await verdict(scenario(Self.viewSteps + """

            - probe: v
              at: [1, 1]
              expect: "#FF0085FF"
              compare: {colorChannel: 2}
            """))
        #expect(result.verdict == .fail)
        #expect(result.trace == "area/case › step 7 (probe) › v › (1, 1): expected #FF0085FF (colorChannel(±2)), actual #FF0080FF")
    }

    @Test("a probe outside the frame is an ERROR, not a FAIL")
    func probeOutside() async throws {
        let result = try await verdict(scenario(Self.viewSteps + """

            - probe: v
              at: [9, 9]
              expect: "#FF0080FF"
            """))
        #expect(result.verdict == .error)
        #expect(result.message == "step 7 (probe): the probe (9, 9) is outside the 4x4 frame")
    }

    @Test("digests: equal to an earlier frame, different after a change, and mismatches of both")
    func digestChecks() async throws {
        let change = """

            - digest: v
              save: first
            - set: vmi
              property: tint
              type: color
              value: "#FFFF0000"
            - tick: v
              at: 0.016
              expect: {advanced: true, drew: true, advanceSeconds: 0.016}
            """
        #expect(try await verdict(scenario(Self.viewSteps + change + "\n- digest: v\n  differs: first")).verdict == .pass)
        let equals = try await verdict(scenario(Self.viewSteps + change + "\n- digest: v\n  equals: first"))
        #expect(equals.verdict == .fail)
        #expect(equals.divergence?.kind == .digest)
        #expect(equals.divergence?.expected == "the frame saved as 'first' (command 3 of 3: fill #FF0080FF)")
        #expect(equals.divergence?.actual == "command 3 of 3: fill #FFFF0000")
        let differs = try await verdict(scenario(Self.viewSteps + "\n- digest: v\n  save: first\n- digest: v\n  differs: first"))
        #expect(differs.verdict == .fail)
        #expect(differs.divergence?.property == "differs first")
    }

    @Test("golden digests: never fails without a golden, missing records and still fails, then the golden holds and catches a change")
    func goldens() async throws {
        let text = scenario(Self.viewSteps + "\n- digest: v\n  golden: frame")
        let corpus = try SyntheticCorpus(scenarios: ["area/case": text])
        defer { corpus.remove() }
        let never = try await corpus.run(options: RunOptions(recordMode: .never)).results["area/case"]
        #expect(never?.verdict == .fail)
        #expect(never?.divergence?.actual == "no golden (record mode never); record it with '--record missing'")
        let recording = try await corpus.run(options: RunOptions(recordMode: .missing)).results["area/case"]
        #expect(recording?.verdict == .fail)
        #expect(recording?.recordedGoldens == ["expected/area/case/frame.digest"])
        let golden = try String(contentsOfFile: corpus.root + "/expected/area/case/frame.digest", encoding: .utf8)
        #expect(golden == "clip 0 0 4 4\nrect 0 0 4 4\nfill #FF0080FF\n")
        let checked = try await corpus.run(options: RunOptions(recordMode: .never)).results["area/case"]
        #expect(checked?.verdict == .pass, "\(checked?.trace ?? "")")
        try corpus.write("expected/area/case/frame.digest", "clip 0 0 4 4\nrect 0 0 4 4\nfill #FFFFFFFF\n")
        let changed = try await corpus.run(options: RunOptions(recordMode: .missing)).results["area/case"]
        #expect(changed?.verdict == .fail)
        #expect(changed?.divergence?.expected == "golden area/case/frame.digest (command 3 of 3: fill #FFFFFFFF)")
        let rerecorded = try await corpus.run(options: RunOptions(recordMode: .all)).results["area/case"]
        #expect(rerecorded?.verdict == .fail)
        #expect(try String(contentsOfFile: corpus.root + "/expected/area/case/frame.digest", encoding: .utf8).hasSuffix("fill #FF0080FF\n"))
    }

    @Test("a redraw report that differs from the expected one fails")
    func redrawMismatch() async throws {
        let result = try await verdict(scenario(rules: "[RDR-1]", Self.viewSteps + """

            - tick: v
              at: 0.016
              expect: {advanced: true, drew: true}
            """))
        #expect(result.verdict == .fail)
        #expect(result.trace == "area/case › step 7 (tick) › v › advanced: expected true, actual false")
    }

    static let globalsSteps = setupSteps + """

        - instance: theme
          file: file
          source: blank
          viewModel: Theme
        """

    @Test("an expected error at its step passes")
    func expectedErrorHolds() async throws {
        let result = try await verdict(scenario(rules: "[GLB-5]", Self.globalsSteps + """

            - bind: sm
              globals: [{Themes: theme}]
              throws: StateMachineError.invalidGlobalViewModelName
            - get: vmi
              property: mood
              type: number
              expect: 1
            """))
        #expect(result.verdict == .pass, "\(result.trace ?? "")")
    }

    @Test("an expected error that happens at another step fails")
    func errorAtWrongStep() async throws {
        let result = try await verdict(scenario(rules: "[GLB-5]", Self.globalsSteps + """

            - bind: sm
              globals: [{Themes: theme}]
            - bind: sm
              globals: [{Theme: theme}]
              throws: StateMachineError.invalidGlobalViewModelName
            """))
        #expect(result.verdict == .fail)
        #expect(result.divergence?.kind == .error)
        #expect(result.divergence?.step == 6)
        #expect(result.divergence?.expected == "no error (the scenario expects StateMachineError.invalidGlobalViewModelName at step 7)")
        #expect(result.divergence?.actual.hasPrefix("StateMachineError.invalidGlobalViewModelName") == true)
    }

    @Test("an error of another case fails")
    func wrongErrorCase() async throws {
        let result = try await verdict(scenario(rules: "[GLB-6]", Self.globalsSteps + """

            - bind: sm
              globals: [{Theme: theme}, {Themes: theme}]
              throws: StateMachineError.duplicateGlobalViewModelInstance
            """))
        #expect(result.verdict == .fail)
        #expect(result.divergence?.expected == "error StateMachineError.duplicateGlobalViewModelInstance")
        #expect(result.divergence?.actual.hasPrefix("StateMachineError.invalidGlobalViewModelName") == true)
    }

    @Test("an expected error that does not happen fails")
    func missingError() async throws {
        let result = try await verdict(scenario(rules: "[GLB-5]", Self.globalsSteps + """

            - bind: sm
              globals: [{Theme: theme}]
              throws: StateMachineError.invalidGlobalViewModelName
            """))
        #expect(result.verdict == .fail)
        #expect(result.trace == "area/case › step 6 (bind) › sm: expected error StateMachineError.invalidGlobalViewModelName, actual no error")
    }

    @Test("a scenario that hangs past its timeout is TIMEOUT")
    func timeout() async throws {
        let hanging = scenario(rules: "[STR-1]", timeout: 0.2, setupSteps + "\n- subscribe: s\n  to: vmi\n  property: mood\n  type: number\n- emissions: s\n  none: true")
        let result = try await verdict(hanging, script: Script(hangOnFlush: true))
        #expect(result.verdict == .timeout)
        // The adapter never returns from the flush by itself; the default timeout is 60 s and
        // the scenario's 0.2 s, so a generous bound still catches a watchdog that fires late.
        #expect(result.durationSeconds < 30)
        #expect(result.message == "timed out after 0.2 s")
    }

    @Test("a crash reported by the adapter is CRASH")
    func crash() async throws {
        let result = try await verdict(scenario(setupSteps + "\n- advance: sm\n  by: 0.016\n- get: vmi\n  property: mood\n  type: number\n  expect: 1"),
                                       script: Script(crashOnAdvance: true))
        #expect(result.verdict == .crash)
        #expect(result.message == "the adapter crashed: the runtime process exited with signal 11")
    }

    @Test("a scenario needing a capability the adapter lacks is skipped with the reason")
    func skipByCapability() async throws {
        let result = try await verdict(scenario(Self.viewSteps + "\n- probe: v\n  at: [0, 0]\n  expect: \"#FF0080FF\""),
                                       capabilities: [.values, .introspection, .redrawReports])
        #expect(result.verdict == .skip)
        #expect(result.message == "requires pixels, which adapter 'scripted' does not declare")
    }

    @Test("declared requirements count as well as the ones steps imply")
    func skipByDeclaredRequirement() async throws {
        let result = try await verdict(scenario(requires: "[log]", setupSteps), capabilities: [.values])
        #expect(result.verdict == .skip)
        #expect(result.message == "requires log, which adapter 'scripted' does not declare")
    }

    static let failing = scenario(setupSteps + "\n- get: vmi\n  property: mood\n  type: number\n  expect: 7")
    static let passing = scenario(setupSteps + "\n- get: vmi\n  property: mood\n  type: number\n  expect: 1")
    static let expectation = """
        expectations:
          area/case:
            status: fail
            reason: the scripted runtime starts mood at 1
            link: https://example.org/issues/1
        """

    @Test("a failure listed in the expectations file is XFAIL and keeps its divergence")
    func expectedFailure() async throws {
        let result = try await verdict(Self.failing, expectations: Self.expectation)
        #expect(result.verdict == .expectedFailure)
        #expect(result.divergence?.kind == .value)
        #expect(result.expectation?.link == "https://example.org/issues/1")
    }

    @Test("a pass listed in the expectations file is XPASS and fails the run")
    func unexpectedPass() async throws {
        let corpus = try SyntheticCorpus(scenarios: ["area/case": Self.passing], expectations: Self.expectation)
        defer { corpus.remove() }
        let recorder = try await corpus.run()
        #expect(recorder.results["area/case"]?.verdict == .unexpectedPass)
        #expect(recorder.summary?.passed == false)
    }

    @Test("a failure of another kind than expected keeps its own verdict")
    func otherFailureKind() async throws {
        let result = try await verdict(Self.failing, expectations: Self.expectation.replacingOccurrences(of: "status: fail", with: "status: timeout"))
        #expect(result.verdict == .fail)
    }

    @Test("a stale expectation is a problem for validate and fails the run")
    func staleExpectation() async throws {
        let stale = Self.expectation.replacingOccurrences(of: "area/case:", with: "area/gone:")
        let corpus = try SyntheticCorpus(scenarios: ["area/case": Self.passing], expectations: stale)
        defer { corpus.remove() }
        let problems = try corpus.load().allProblems
        #expect(problems.map(\.code) == ["expectations.unknown-scenario"])
        #expect(problems.first.map { "\($0.line):\($0.column)" } == "2:3")
        let recorder = try await corpus.run()
        #expect(recorder.results["area/case"]?.verdict == .pass)
        #expect(recorder.summary?.passed == false)
        #expect(recorder.summary?.problemCount == 1)
    }

    @Test("divergences: documents an adapter's behaviours by id; an entry without its upstream link is a problem, and the scenarios still run")
    func documentedDivergences() throws {
        let documented = Self.expectation + "\n" + """
            divergences:
              RULE-1/empty-name:
                rule: RULE-1
                section: artboards
                behaviour: reads the empty name as the default
                link: rive-runtime src/command_server.cpp
              RULE-2/no-link:
                rule: RULE-2
                section: frames
                behaviour: something else

            """
        let expectations = Expectations.parse(Array(documented.utf8), file: "adapter.yaml", knownScenarios: ["area/case"])
        #expect(expectations.entries.keys.sorted() == ["area/case"])
        #expect(expectations.divergences["RULE-1/empty-name"] == DocumentedDivergence(rule: "RULE-1", section: "artboards",
                                                                                        behaviour: "reads the empty name as the default",
                                                                                        link: "rive-runtime src/command_server.cpp"))
        #expect(expectations.divergences["RULE-2/no-link"] == nil)
        #expect(expectations.problems.map(\.code) == ["expectations.missing-key"])
    }

    @Test("an invalid scenario file is planned as ERROR with its diagnostics")
    func invalidScenario() async throws {
        let result = try await verdict(scenario(rules: "[NOPE-1]", setupSteps))
        #expect(result.verdict == .error)
        #expect(result.message?.contains("error[scenario.unknown-rule]: unknown rule ID 'NOPE-1'") == true)
    }
}
