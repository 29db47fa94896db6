import HarnessSupport

/// The harness's deterministic generator (SplitMix64), under the name the tests use.
public typealias SeededGenerator = HarnessSupport.SeededGenerator
