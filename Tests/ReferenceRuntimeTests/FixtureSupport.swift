import Foundation
import RiveRendering
import RuntimeAPI
@testable import ReferenceRuntime

/// The corpus fixtures, found next to this file's package.
enum Fixtures {
    /// `Corpus/fixtures` of the package this test file belongs to.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Corpus/fixtures")

    /// The path of fixture `name` (`character` → `Corpus/fixtures/character.riv`).
    static func path(_ name: String) -> String { directory.appendingPathComponent("\(name).riv").path }
}

/// A fixture opened on a state machine, with pixel probes at the artboard's own size.
@MainActor
final class FixturePlayer {
    let file: ReferenceFile
    let artboard: ReferenceArtboard
    let stateMachine: ReferenceStateMachine
    let instance: ReferenceViewModelInstance?
    private let rasterizer: CairoRasterizer
    private let recorder = DrawCommandRecorder()

    /// Opens `fixture`, its default artboard and state machine `name` (or the default), bound to
    /// a fresh copy of the artboard's default instance when it has a view model.
    init(_ fixture: String, artboard artboardName: String? = nil, stateMachine name: String? = nil) throws {
        file = try ReferenceWorker().openFile(.path(Fixtures.path(fixture)))
        artboard = try file.makeArtboard(artboardName)
        if artboard.viewModel != nil {
            let instance = try file.makeViewModelInstance(.viewModelDefault(from: .artboardDefault(artboard)))
            self.instance = instance
            stateMachine = try artboard.makeStateMachine(name, binding: .instance(instance))
        } else {
            instance = nil
            stateMachine = try artboard.makeStateMachine(name, binding: .auto)
        }
        let bounds = artboard.scene.bounds
        rasterizer = try CairoRasterizer(width: Int(bounds.width), height: Int(bounds.height))
    }

    /// Advances the state machine; returns whether it needs more frames.
    @discardableResult
    func advance(_ seconds: Double) -> Bool { stateMachine.advanceAndApply(by: seconds) }

    /// Advances in steps of `step` until `seconds` have passed.
    func play(_ seconds: Double, step: Double = 1.0 / 60) {
        var remaining = seconds
        while remaining > 1e-9 {
            let dt = min(step, remaining)
            advance(dt)
            remaining -= dt
        }
    }

    /// The ARGB color at an artboard point, rendered from the current state.
    func color(_ x: Int, _ y: Int) -> UInt32 {
        artboard.rasterize(on: rasterizer)
        let pixel = rasterizer.makeImage().pixel(x: x, y: y)
        return UInt32(pixel.a) << 24 | UInt32(pixel.r) << 16 | UInt32(pixel.g) << 8 | UInt32(pixel.b)
    }

    /// The draw-command digest of the current state.
    var digest: String {
        artboard.record(into: recorder)
        return recorder.digest
    }

    /// Sets a number on the bound instance.
    func set(_ path: String, _ value: Float) { instance?.setValue(of: NumberProperty(path: path), to: value) }

    /// Fires a trigger on the bound instance.
    func fire(_ path: String) { instance?.fire(trigger: TriggerProperty(path: path)) }
}
