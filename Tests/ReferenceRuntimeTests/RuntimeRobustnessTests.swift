import Foundation
import HarnessTestSupport
import RuntimeAPI
import Testing
@testable import ReferenceRuntime

/// Damaged files never crash or hang the reference runtime: each one either fails to load
/// with a `FileError` or loads, binds, plays and draws.
///
/// The count comes from `RIVE_HARNESS_RUNTIME_MUTATIONS` (default 1,500, which CI runs). The
/// test has a three-minute limit and checks for cancellation between mutations, so a run that
/// stops making progress fails instead of stalling CI.
@Suite("Runtime robustness")
@MainActor
struct RuntimeRobustnessTests {
    @Test("seeded mutations of the fixtures (and of upstream data-binding files, when present) load and play, or fail with FileError", .timeLimit(.minutes(3)))
    func mutatedFixtures() async throws {
        let count = Int(ProcessInfo.processInfo.environment["RIVE_HARNESS_RUNTIME_MUTATIONS"] ?? "") ?? 1_500
        var originals = try ["character", "all-types", "globals", "two-way", "lists", "relay", "nested"].map {
            try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixtures.path($0))))
        }
        if SharedMaterial.hasAssets {
            originals += try ["bidirectional_precedence.riv", "data_binding_test_triggers.riv", "rapid_pointer_events.riv",
                              "viewmodel_runtime_file.riv", "component_based_conditions.riv"].map { try #require(SharedMaterial.assetIfPresent($0)) }
        }
        var generator = SeededGenerator(seed: 0x5249_5645_5254)
        var played = 0
        for iteration in 0..<count {
            try Task.checkCancellation()
            var bytes = originals[iteration % originals.count]
            Mutation.random(using: &generator).apply(to: &bytes, using: &generator)
            guard let file = try? ReferenceWorker().openFile(.data(bytes)) else { continue }
            for artboard in file.model.artboards {
                guard let session = try? RenderSession(file: file, artboard: artboard.name, stateMachine: nil, width: 16, height: 16) else { continue }
                for seconds in [0, 0.016, 0.5] { _ = session.frame(advancingBy: seconds) }
                played += 1
            }
            if let instance = try? await file.createViewModelInstance(.viewModelDefault(from: .artboardDefault(try await file.createArtboard()))) {
                _ = try? await instance.name()
            }
        }
        print("RuntimeRobustnessTests: \(count) mutations, \(played) artboards played")
        #expect(played > 0)
    }
}
