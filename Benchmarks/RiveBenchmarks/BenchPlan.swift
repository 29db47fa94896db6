import Foundation
import HarnessSupport
import ReferenceRuntime
import RiveFormat
import RuntimeAPI

/// The benchmarks of one `rive-harness bench` run, the same for every adapter: which files,
/// state machines and properties each benchmark uses. The reference runtime reads the files
/// to plan (state machine names, view-model properties, whether the file keeps moving), and
/// the rive-cpp bench program receives the plan as a text file, so both runtimes run the
/// same names over the same inputs.
public struct BenchPlan {
    /// What a benchmark measures per iteration.
    public enum Family: String, Sendable {
        /// Parse and import one file from bytes in memory.
        case load
        /// Parse and import every file of the assets folder (one iteration = all files).
        case loadAll = "load-all"
        /// Advance a state machine that settles by 1/60 s without input.
        case settled
        /// Advance a state machine that keeps moving by 1/60 s without input.
        case animating
        /// Set a bound number, then advance by 1/60 s.
        case setPerFrame = "set-per-frame"
        /// Fire a trigger, then advance by 1/60 s.
        case triggerPerFrame = "trigger-per-frame"
        /// Draw the current frame with cairo at a square size.
        case raster
        /// Draw the current frame with the Rive Renderer over Vulkan at a square size, the
        /// device's work included (rive-cpp only: a bench program built with
        /// `scripts/build-rive-cpp --renderer vulkan`).
        case rasterRive = "raster-rive"
        /// Record the current frame's draw commands and compute their digest.
        case digest
        /// An empty batch body: the harness's own overhead per iteration.
        case empty

        /// The fixed iteration count of instructions mode for this family.
        public var instructionIterations: Int {
            switch self {
            case .load: 10
            case .loadAll: 1
            case .settled, .animating, .setPerFrame, .triggerPerFrame: 100
            case .raster, .rasterRive: 4
            case .digest: 20
            case .empty: 100_000
            }
        }

        /// Whether the reference runtime has a body for this family (it has no Rive Renderer).
        public var runsOnReference: Bool { self != .rasterRive }

        /// Whether the wall time, not this thread's CPU time, is the family's cost: the Rive
        /// Renderer's device may work on other threads (lavapipe) or on a GPU.
        public var measuredByWallTime: Bool { self == .rasterRive }
    }

    /// One planned benchmark.
    public struct Entry {
        public var family: Family
        /// The file's path (empty for `empty` and `load-all`).
        public var path: String
        /// The file's name in benchmark names.
        public var fileName: String
        /// The artboard (nil: the file's first).
        public var artboard: String?
        /// The state machine's name, for advance families and the frame raster and digest start from.
        public var stateMachine: String?
        /// The number or trigger property path, or the raster size in pixels.
        public var parameter: String

        /// Whether every field can be written to a plan line (no tabs or line breaks).
        public var isPlanText: Bool {
            ![path, artboard ?? "", stateMachine ?? "", parameter].contains { $0.contains { $0 == "\t" || $0 == "\n" || $0 == "\r" } }
        }

        /// The benchmark's name without the adapter (`load/x.riv`, `shim/empty`): what `--shard` partitions by.
        public var key: String {
            let name = name(adapter: "")
            return name.hasPrefix("/") ? String(name.dropFirst()) : name
        }

        /// The benchmark's full name for an adapter.
        public func name(adapter: String) -> String {
            switch family {
            case .empty: "shim/empty"
            case .load: "\(adapter)/load/\(fileName)"
            case .loadAll: "\(adapter)/load-all/\(fileName)"
            case .settled, .animating, .setPerFrame, .triggerPerFrame:
                "\(adapter)/advance/\(fileName)/\(stateMachine ?? "")/\(family.rawValue)"
            case .raster: "\(adapter)/raster/\(fileName)/\(parameter)"
            case .rasterRive: "\(adapter)/raster-rive/\(fileName)/\(parameter)"
            case .digest: "\(adapter)/digest/\(fileName)"
            }
        }
    }

    /// The raster sizes, in pixels per side.
    public static let rasterSizes = [256, 512, 1024]
    /// The time step of every advance benchmark, in seconds.
    public static let frameSeconds = 1.0 / 60
    /// Frames played before a file is classified as settled or animating, and before the
    /// frame that raster and digest draw.
    public static let warmUpFrames = 120

    /// The planned benchmarks, in run order.
    public var entries: [Entry]
    /// The files of the load-all benchmark.
    public var loadAllFiles: [String]
    /// Files that could not be planned, with the reason (reported, not fatal).
    public var skipped: [(path: String, reason: String)]
    /// The hash of every planned file's name and bytes (load-all files included).
    public var corpusHash: String

    /// Plans the benchmarks over `files` (and `loadAllFiles` for the load-all family),
    /// keeping those `include` accepts; `riveRenderer` adds the raster-rive family next to raster.
    @MainActor
    public static func make(files: [String], loadAllFiles: [String], loadAllName: String, riveRenderer: Bool = false,
                            include: (String) -> Bool) async -> BenchPlan {
        var entries: [Entry] = []
        var skipped: [(String, String)] = []
        var hash = FNV1a64()
        let probe = Entry(family: .empty, path: "", fileName: "", artboard: nil, stateMachine: nil, parameter: "")
        if include(probe.name(adapter: "")) { entries.append(probe) }
        for path in files {
            guard let data = FileManager.default.contents(atPath: path) else {
                skipped.append((path, "cannot read the file"))
                continue
            }
            let bytes = [UInt8](data)
            hash.combine(Array(path.utf8))
            hash.combine(bytes)
            let fileName = (path as NSString).lastPathComponent
            var planned = [Entry(family: .load, path: path, fileName: fileName, artboard: nil, stateMachine: nil, parameter: "")]
            let document: RiveDocument
            do { document = try RiveReader.read(bytes) } catch {
                skipped.append((path, "the reference runtime cannot read it (\(error)); only load is planned"))
                entries += planned.filter { include($0.name(adapter: "")) }
                continue
            }
            let file = ReferenceWorker().openDocument(document)
            guard let artboard = try? file.makeArtboard(nil) else {
                skipped.append((path, "no artboard; only load is planned"))
                entries += planned.filter { include($0.name(adapter: "")) }
                continue
            }
            var stateMachineName: String?
            if let machine = artboard.makePlayedStateMachine() {
                stateMachineName = machine.name
                var moving = true
                for frame in 0...warmUpFrames { moving = machine.advanceAndApply(by: frame == 0 ? 0 : frameSeconds) }
                let base = Entry(family: moving ? .animating : .settled, path: path, fileName: fileName, artboard: artboard.name,
                                 stateMachine: machine.name, parameter: "")
                planned.append(base)
                let properties = await viewModelProperties(file: file, artboard: artboard)
                if let number = properties.first(where: { $0.type == .number }) {
                    planned.append(Entry(family: .setPerFrame, path: path, fileName: fileName, artboard: artboard.name, stateMachine: machine.name, parameter: number.name))
                }
                if let trigger = properties.first(where: { $0.type == .trigger }) {
                    planned.append(Entry(family: .triggerPerFrame, path: path, fileName: fileName, artboard: artboard.name, stateMachine: machine.name, parameter: trigger.name))
                }
            }
            for size in rasterSizes {
                planned.append(Entry(family: .raster, path: path, fileName: fileName, artboard: artboard.name, stateMachine: stateMachineName, parameter: String(size)))
                if riveRenderer {
                    planned.append(Entry(family: .rasterRive, path: path, fileName: fileName, artboard: artboard.name, stateMachine: stateMachineName,
                                         parameter: String(size)))
                }
            }
            planned.append(Entry(family: .digest, path: path, fileName: fileName, artboard: artboard.name, stateMachine: stateMachineName, parameter: ""))
            let (writable, unwritable) = (planned.filter(\.isPlanText), planned.filter { !$0.isPlanText })
            for entry in unwritable { skipped.append((path, "\(entry.name(adapter: "")): a name holds a tab or line break; left out")) }
            entries += writable.filter { include($0.name(adapter: "")) }
        }
        let loadAll = Entry(family: .loadAll, path: "", fileName: loadAllName, artboard: nil, stateMachine: nil, parameter: "")
        var usedLoadAllFiles: [String] = []
        if !loadAllFiles.isEmpty, include(loadAll.name(adapter: "")) {
            entries.append(loadAll)
            usedLoadAllFiles = loadAllFiles
            for path in loadAllFiles {
                hash.combine(Array(path.utf8))
                if let data = FileManager.default.contents(atPath: path) { hash.combine([UInt8](data)) }
            }
        }
        return BenchPlan(entries: entries, loadAllFiles: usedLoadAllFiles, skipped: skipped, corpusHash: "fnv1a64:" + hash.hexDigest)
    }

    /// The top-level properties of the artboard's default view model, or none.
    @MainActor
    private static func viewModelProperties(file: ReferenceFile, artboard: ReferenceArtboard) async -> [ViewModelProperty] {
        guard let info = try? await file.getDefaultViewModelInfo(for: artboard),
              let properties = try? await file.getProperties(of: info.viewModelName) else { return [] }
        return properties
    }

    /// The plan as the rive-cpp bench program reads it: one benchmark per line, fields
    /// separated by tabs: name, family, file, artboard, state machine, parameter, instruction
    /// iterations (the line format is documented in docs/benchmarks.md). load-all lists its
    /// files on `load-all-file` lines after its own line.
    public func text(adapter: String, instructionIterations override: Int?) -> String {
        var lines = ["# rive-harness bench plan v1: name, family, file, artboard, state machine, parameter, instruction iterations"]
        for entry in entries where entry.family != .empty {
            let iterations = override ?? entry.family.instructionIterations
            lines.append([entry.name(adapter: adapter), entry.family.rawValue, entry.path, entry.artboard ?? "", entry.stateMachine ?? "",
                          entry.parameter, String(iterations)].joined(separator: "\t"))
            if entry.family == .loadAll {
                for path in loadAllFiles { lines.append(["", "load-all-file", path, "", "", "", ""].joined(separator: "\t")) }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
