// `import Conformance` gives the whole conformance library: ConformanceCore (the scenario
// model, planner, runner, oracles, expectations, reporters, the corpus export) and, in this
// module, loading a corpus from its YAML files. A target that must not link libyaml (an iOS
// test target through ConformanceTesting) imports ConformanceCore alone.
@_exported import ConformanceCore
