// `Mark`, the line and column of a step in its scenario file (`Step.mark`), lives in
// HarnessSupport, shared with the YAML module; re-exported so `import ConformanceCore` (and
// `import Conformance`) gives it, as one type everywhere.
@_exported import struct HarnessSupport.Mark
