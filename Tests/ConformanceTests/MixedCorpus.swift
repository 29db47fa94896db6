import Conformance
import RuntimeAPI

/// A corpus whose scenarios get PASS, FAIL, ERROR, SKIP, XFAIL and XPASS on the scripted adapter.
enum MixedCorpus {
    static let scenarios: [String: String] = [
        "values/pass": scenario(setupSteps + "\n- get: vmi\n  property: mood\n  type: number\n  expect: 1"),
        "values/fail": scenario(setupSteps + "\n- get: vmi\n  property: title\n  type: string\n  expect: \"bye <&>\""),
        "values/xfail": scenario(setupSteps + "\n- get: vmi\n  property: mood\n  type: number\n  expect: 3"),
        "values/xpass": scenario(setupSteps + "\n- get: vmi\n  property: mood\n  type: number\n  expect: 1"),
        "globals/unknown-name": scenario(rules: "[GLB-5]", setupSteps + """

            - instance: theme
              file: file
              source: blank
              viewModel: Theme
            - bind: sm
              globals: [{Themes: theme}]
              throws: StateMachineError.invalidGlobalViewModelName
            """),
        "streams/moods": scenario(rules: "[STR-1]", setupSteps + "\n- subscribe: s\n  to: vmi\n  property: mood\n  type: number\n- set: vmi\n  property: mood\n  type: number\n  value: 2\n- emissions: s\n  expect: [2]"),
        "redraw/probe": scenario(rules: "[RDR-1]", setupSteps + "\n- view: v\n  artboard: ab\n  stateMachine: sm\n  instance: vmi\n  size: [2, 2]\n- tick: v\n  at: 0\n- probe: v\n  at: [0, 0]\n  expect: \"#FF0080FF\""),
        "broken": "description: broken\nrules: [PROP-1]\nsteps: []\n",
    ]

    static let expectations = """
        expectations:
          values/xfail:
            status: fail
            reason: scripted mood starts at 1
            link: https://example.org/issues/2
          values/xpass:
            status: fail
            reason: fixed since
        """

    /// The capabilities the mixed corpus runs with: no pixels, so `redraw/probe` is skipped.
    static let capabilities: RuntimeCapabilities = ScriptedAdapter.all.subtracting(.pixels)
}
