import Foundation
import HarnessTestSupport
import RiveFormat
import Testing

/// Damaged input never crashes or hangs the reader or the structural walk: it reads or throws `RiveFormatError`.
///
/// The mutation count comes from `RIVE_HARNESS_MUTATIONS` (default 20,000, which CI runs);
/// the full run is `RIVE_HARNESS_MUTATIONS=100000 swift test -c release --filter RobustnessTests`.
/// Each test has a three-minute limit and checks for cancellation between inputs, so a run
/// that stops making progress fails instead of stalling CI.
@Suite(.enabled(if: SharedMaterial.hasAssets, Comment(rawValue: SharedMaterial.absentComment)))
struct RobustnessTests {
    /// The smallest upstream files, whose every prefix is read.
    static let prefixAssets: [String] = {
        let sized = SharedMaterial.assetNames().compactMap { name -> (String, Int)? in
            let path = SharedMaterial.assetsDirectory.appendingPathComponent(name).path
            guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int else { return nil }
            return (name, size)
        }
        return sized.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(40).map(\.0)
    }()

    /// Data-binding files (view models, instances, binds, state machines) that mutations start from.
    static let mutationAssets = [
        "viewmodel_runtime_file.riv", "bidirectional_precedence.riv", "rapid_pointer_events.riv",
        "data_binding_test_triggers.riv", "databind_null_artboard_swap.riv", "custom_property_enum.riv",
        "viewmodel_list_trigger.riv", "data_binding_test_2.riv", "component_based_conditions.riv", "two_artboards.riv",
    ]

    /// Reads bytes and, when they read, derives the summary and the rule violations too.
    /// - Returns: whether the bytes read as a document.
    @discardableResult
    static func exercise(_ bytes: [UInt8]) -> Bool {
        do {
            let document = try RiveReader.read(bytes)
            _ = RiveFileSummary(document)
            _ = RiveFileSummary.violations(in: document)
            return true
        } catch {
            // Typed throws: the only failure possible is a RiveFormatError.
            return false
        }
    }

    @Test("every prefix of the 40 smallest upstream files reads or throws RiveFormatError", .timeLimit(.minutes(3)), arguments: prefixAssets)
    func everyPrefix(name: String) throws {
        let bytes = try SharedMaterial.asset(name)
        var failures = 0
        for length in 0..<bytes.count {
            try Task.checkCancellation()
            if !Self.exercise(Array(bytes[0..<length])) { failures += 1 }
        }
        // A prefix can only read when it ends exactly between objects; most end inside one.
        #expect(failures > 0)
        #expect(Self.exercise(bytes))
    }

    @Test("seeded random mutations read or throw RiveFormatError", .timeLimit(.minutes(3)))
    func mutations() throws {
        let count = Int(ProcessInfo.processInfo.environment["RIVE_HARNESS_MUTATIONS"] ?? "") ?? 20_000
        let originals = try Self.mutationAssets.map { try SharedMaterial.asset($0) }
        var generator = SeededGenerator(seed: 0x5249_5645)
        var readCount = 0
        for iteration in 0..<count {
            try Task.checkCancellation()
            var bytes = originals[iteration % originals.count]
            Mutation.random(using: &generator).apply(to: &bytes, using: &generator)
            if Self.exercise(bytes) { readCount += 1 }
        }
        print("RobustnessTests: \(count) mutations, \(readCount) read, \(count - readCount) threw RiveFormatError")
        #expect(readCount < count)
    }
}


