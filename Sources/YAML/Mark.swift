// `Mark` (a 1-based line and column in a text file) lives in HarnessSupport, so that modules
// without libyaml (ConformanceCore's scenario model) can carry source positions too. YAML
// re-exports it: `import YAML` still gives `Mark`, and it is one type everywhere.
@_exported import struct HarnessSupport.Mark
