import BenchKit
import CBenchShim
import Foundation
import ReferenceRuntime
import RiveFormat
import RiveRendering
import RuntimeAPI

/// The reference runtime's benchmark bodies. They drive the synchronous internals that the
/// async API forwards to (`RiveReader.read` + `ReferenceWorker.openDocument` for load,
/// `ReferenceStateMachine.advanceAndApply(by:)` for advance, `ReferenceArtboard.rasterize`
/// and `record(into:)` for raster and digest), so the timings measure the runtime, not task
/// scheduling. docs/benchmarks.md lists what each family measures.
@MainActor
public enum ReferenceBenchmarks {
    /// A benchmark slowed down on purpose, for demonstrating `compare` (test use only).
    public struct PlantedSlowdown: Sendable {
        /// The benchmark's full name.
        public var name: String
        /// The extra work in percent of the benchmark's own work.
        public var percent: Double

        /// Plants `percent`% extra work into the benchmark called `name`.
        public init(name: String, percent: Double) {
            self.name = name
            self.percent = percent
        }
    }

    /// Why a planned benchmark could not be set up.
    struct SetupFailure: Error {
        /// The benchmark's name and what failed.
        var message: String
    }

    /// Builds the suite of the reference runtime for a plan.
    /// - Returns: the suite and the benchmarks that could not be set up, with the reason.
    public static func suite(plan: BenchPlan, planted: PlantedSlowdown?) async -> (BenchmarkSuite, [String]) {
        let suite = BenchmarkSuite()
        var failures: [String] = []
        for entry in plan.entries where entry.family.runsOnReference {
            let name = entry.name(adapter: "reference")
            do {
                let (work, bytes, authoredLabel) = try await body(for: entry, plan: plan)
                var label = authoredLabel
                var frame = work
                if let planted, planted.name == name {
                    frame = slowedDown(work, percent: planted.percent)
                    label = (label.isEmpty ? "" : label + "; ") + "planted slowdown \(planted.percent)%"
                }
                let measured = frame
                let batch: @MainActor (Int) -> Void
                if entry.family == .empty {
                    batch = { iterations in
                        for index in 0..<iterations { rvb_do_not_optimize_int64(Int64(index)) }
                    }
                } else {
                    batch = { iterations in
                        for _ in 0..<iterations { measured() }
                    }
                }
                suite.add(name, bytesPerIteration: bytes, label: label, instructionIterations: entry.family.instructionIterations, body: batch)
            } catch {
                failures.append("\(name): \(error.message)")
            }
        }
        return (suite, failures)
    }

    /// Wraps a frame so that every 100/percent frames it runs once more: the work grows by
    /// exactly `percent` of the benchmark's own work, in time and in instructions.
    static func slowedDown(_ frame: @escaping @MainActor () -> Void, percent: Double) -> @MainActor () -> Void {
        var debt = 0.0
        let share = percent / 100
        return {
            frame()
            debt += share
            if debt >= 1 {
                debt -= 1
                frame()
            }
        }
    }

    /// One iteration's work, the bytes it processes and a label.
    private static func body(for entry: BenchPlan.Entry, plan: BenchPlan) async throws(SetupFailure) -> (@MainActor () -> Void, Int, String) {
        switch entry.family {
        case .empty:
            return ({}, 0, "")
        case .load:
            let bytes = try readBytes(entry.path)
            return ({ load(bytes) }, bytes.count, "")
        case .loadAll:
            var files: [[UInt8]] = []
            var unreadable = 0
            for path in plan.loadAllFiles {
                guard let data = FileManager.default.contents(atPath: path) else { unreadable += 1; continue }
                let bytes = [UInt8](data)
                // Files the reference runtime rejects are left out, and counted in the label.
                if (try? RiveReader.read(bytes)) == nil { unreadable += 1; continue }
                files.append(bytes)
            }
            let total = files.reduce(0) { $0 + $1.count }
            return ({ for bytes in files { load(bytes) } }, total, "\(files.count) files" + (unreadable > 0 ? ", \(unreadable) rejected" : ""))
        case .settled, .animating:
            let (_, machine, _) = try await openMachine(entry)
            return ({ machine.advanceAndApply(by: BenchPlan.frameSeconds) }, 0, "")
        case .setPerFrame:
            let (_, machine, instance) = try await openMachine(entry)
            let property = NumberProperty(path: entry.parameter)
            var value: Float = 0
            return ({
                value = value >= 99 ? 0 : value + 1
                instance?.setValue(of: property, to: value)
                machine.advanceAndApply(by: BenchPlan.frameSeconds)
            }, 0, "")
        case .triggerPerFrame:
            let (_, machine, instance) = try await openMachine(entry)
            let property = TriggerProperty(path: entry.parameter)
            return ({
                instance?.fire(trigger: property)
                machine.advanceAndApply(by: BenchPlan.frameSeconds)
            }, 0, "")
        case .raster:
            let (artboard, _, _) = try await open(entry)
            guard let size = Int(entry.parameter) else { throw SetupFailure(message: "bad raster size '\(entry.parameter)'") }
            let rasterizer: CairoRasterizer
            do { rasterizer = try CairoRasterizer(width: size, height: size) } catch {
                throw SetupFailure(message: "cairo cannot make a \(size)x\(size) surface: \(error)")
            }
            return ({ artboard.rasterize(on: rasterizer) }, 0, "")
        case .rasterRive:
            // suite(plan:planted:) leaves the family out (runsOnReference).
            throw SetupFailure(message: "the reference runtime has no Rive Renderer")
        case .digest:
            let (artboard, _, _) = try await open(entry)
            let recorder = DrawCommandRecorder()
            return ({
                artboard.record(into: recorder)
                let digest = recorder.digest
                withExtendedLifetime(digest) {}
            }, 0, "")
        }
    }

    /// Reads a whole file.
    private static func readBytes(_ path: String) throws(SetupFailure) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else { throw SetupFailure(message: "cannot read \(path)") }
        return [UInt8](data)
    }

    /// Parses and imports a file from bytes in memory, as upstream's `File::import`.
    private static func load(_ bytes: [UInt8]) {
        guard let document = try? RiveReader.read(bytes) else { return }
        let file = ReferenceWorker().openDocument(document)
        withExtendedLifetime(file) {}
    }

    /// Opens the entry's artboard and state machine; fails when the entry names none.
    private static func openMachine(_ entry: BenchPlan.Entry) async throws(SetupFailure) -> (ReferenceArtboard, ReferenceStateMachine, ReferenceViewModelInstance?) {
        let (artboard, machine, instance) = try await open(entry)
        guard let machine else { throw SetupFailure(message: "the plan names no state machine") }
        return (artboard, machine, instance)
    }

    /// Opens the entry's artboard and state machine (when the entry names one), bound to a
    /// new default instance of the artboard's view model (when it has one), and plays the
    /// warm-up frames.
    private static func open(_ entry: BenchPlan.Entry) async throws(SetupFailure) -> (ReferenceArtboard, ReferenceStateMachine?, ReferenceViewModelInstance?) {
        let bytes = try readBytes(entry.path)
        let document: RiveDocument
        do { document = try RiveReader.read(bytes) } catch { throw SetupFailure(message: "cannot read \(entry.path): \(error)") }
        let file = ReferenceWorker().openDocument(document)
        let artboard: ReferenceArtboard
        do { artboard = try file.makeArtboard(entry.artboard) } catch { throw SetupFailure(message: error.message) }
        let instance = try? file.makeViewModelInstance(.viewModelDefault(from: .artboardDefault(artboard)))
        guard let stateMachine = entry.stateMachine else { return (artboard, nil, instance) }
        let machine: ReferenceStateMachine
        do {
            machine = try artboard.makeStateMachine(stateMachine, binding: instance.map { .instance($0) } ?? .auto)
        } catch { throw SetupFailure(message: error.message) }
        for frame in 0...BenchPlan.warmUpFrames { machine.advanceAndApply(by: frame == 0 ? 0 : BenchPlan.frameSeconds) }
        return (artboard, machine, instance)
    }
}
