import AdapterProtocol
import Conformance
import Differential
import Foundation
import HarnessSupport
import HarnessTestSupport
import ReferenceRuntime
import RiveFormat
import RiveRendering
import RuntimeAPI
import Testing

/// The real Rive C++ runtime through `rive-cpp-driver`, when a driver with the shipped engine
/// features is built for the HEAD of `$RIVE_RUNTIME_GIT_DIR`. Without one these suites are skipped;
/// enable them with `scripts/build-rive-cpp` (docs/rive-cpp-adapter.md).
enum RiveCppDriver {
    /// The cached driver for the HEAD of `$RIVE_RUNTIME_GIT_DIR`, or `nil`.
    static let located: CachedProgramLocator.Located? = try? CachedProgramLocator(.riveCppDriver).locate(revision: nil, features: .shipped)
    /// The engine features the build compiled in, from its cache key folder's manifest (`built text audio`).
    static var builtFeatures: [String] {
        guard let located else { return [] }
        let locator = CachedProgramLocator(.riveCppDriver)
        let manifest = CachedBuildManifest.read(folder: locator.keyFolder(commit: located.commit, features: .shipped))
        return (manifest?.fields["built"] ?? "none").split(separator: " ").map(String.init).filter { $0 != "none" }
    }
    /// Whether a driver is built.
    static var isBuilt: Bool { located != nil }
    /// The driver built with the Rive Renderer (`scripts/build-rive-cpp --renderer vulkan`), or `nil`.
    static let riveRenderer: CachedProgramLocator.Located? =
        try? CachedProgramLocator(.riveCppDriver).locate(revision: nil, features: .shipped, renderer: "vulkan")
    /// The comment shown when the suites are skipped.
    static let absentComment = "skipped: no rive-cpp driver is built for the HEAD of $RIVE_RUNTIME_GIT_DIR; enable with: RIVE_RUNTIME_GIT_DIR=<rive-runtime clone> scripts/build-rive-cpp"

    /// A process adapter running the driver.
    @MainActor static func makeAdapter() throws -> ProcessAdapter {
        let driver = try #require(located)
        return try ProcessAdapter(configuration: ProcessAdapterConfiguration(command: "'\(driver.path)'", requestTimeoutSeconds: 20))
    }

    /// The corpus folder of the package.
    static let corpusPath = SharedMaterial.packageRoot.appendingPathComponent("Corpus").path
}

@Suite("rive-cpp driver", .enabled(if: RiveCppDriver.isBuilt, Comment(rawValue: RiveCppDriver.absentComment)))
@MainActor
struct RiveCppDriverTests {
    @Test("the driver's handshake names rive-cpp, the runtime commit, the engine features its build compiled in and the capabilities it implements")
    func handshake() throws {
        let adapter = try RiveCppDriver.makeAdapter()
        #expect(adapter.name == "rive-cpp")
        #expect(adapter.identity.runtimeCommit == RiveCppDriver.located?.commit)
        #expect(adapter.version.contains(RiveCppDriver.located!.commit))
        var expected: RuntimeCapabilities = [.introspection, .values, .streams, .globals, .lists, .nestedInstances, .assets, .binding,
                                             .pointerEvents, .pixels, .drawDigest, .redrawReports, .frameReports, .log, .inputs,
                                             .artboardMetrics, .animationPlayback, .images]
        // The engine features are declared as the runtime was compiled (`#ifdef WITH_RIVE_…`
        // in the driver's capability list), which the build's features.txt records.
        let featureCapabilities: [String: RuntimeCapabilities] = ["text": .textShaping, "layout": .layout, "scripting": .scripting, "audio": .audio]
        for feature in RiveCppDriver.builtFeatures {
            expected.insert(try #require(featureCapabilities[feature]))
            #expect(adapter.identity.runtimeVersion.contains("+\(feature)"))
        }
        #expect(adapter.capabilities == expected)
    }

    @Test("an artboard without state machines plays its first linear animation through artboard.createAnimationScene",
          .enabled(if: SharedMaterial.hasAssets, Comment(rawValue: SharedMaterial.absentComment)))
    func animationScene() async throws {
        let bytes = try SharedMaterial.asset("circle_clips.riv")
        let adapter = try RiveCppDriver.makeAdapter()
        let worker = try await adapter.makeWorker()
        let file = try await worker.loadFile(.data(bytes))
        let artboard = try await file.createArtboard(nil)
        #expect(try await artboard.getStateMachineNames().isEmpty)
        let names = try await (try #require(artboard as? any ArtboardMetrics)).getAnimationNames()
        let playback = try #require(artboard as? any AnimationPlayback)
        let scene = try await playback.createAnimationScene(nil, binding: .auto)
        #expect(scene.name == names.first)
        await #expect(throws: ArtboardError.self) { try await playback.createAnimationScene("no such animation", binding: .none) }
        let view = try await worker.makeView(ViewConfiguration(artboard: artboard, stateMachine: scene, viewModelInstance: nil, width: 256, height: 256))
        var digests: [String] = []
        for frame in 0...30 {
            let report = await view.tick(DisplayTick(timestamp: Double(frame) / 60))
            if frame <= 1 { #expect(report.advanced && report.drew, "frame \(frame)") }
            if frame == 0 || frame == 30 { await digests.append(try view.drawDigest().commands.joined(separator: "\n")) }
        }
        #expect(digests[0] != digests[1], "the animation moves what is drawn")
    }

    @Test("every fixture of Corpus/fixtures loads in the real runtime with the reference's introspection (names, properties, enums, instances, state machines)")
    func fixturesLoad() async throws {
        let adapter = try RiveCppDriver.makeAdapter()
        let worker = try await adapter.makeWorker()
        let reference = try await ReferenceRuntimeAdapter().makeWorker()
        let folder = SharedMaterial.packageRoot.appendingPathComponent("Corpus/fixtures")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".riv") }.sorted()
        #expect(names.count >= 6)
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
            let real = try await worker.loadFile(.data(bytes))
            let modelled = try await reference.loadFile(.data(bytes))
            #expect(try await real.getArtboardNames() == modelled.getArtboardNames(), "\(name)")
            #expect(try await real.getViewModelNames() == modelled.getViewModelNames(), "\(name)")
            #expect(try await real.getGlobalViewModelNames() == modelled.getGlobalViewModelNames(), "\(name)")
            #expect(try await real.getViewModelEnums() == modelled.getViewModelEnums(), "\(name)")
            for viewModel in try await modelled.getViewModelNames() {
                #expect(try await real.getProperties(of: viewModel) == modelled.getProperties(of: viewModel), "\(name) \(viewModel)")
                #expect(try await real.getInstanceNames(of: viewModel) == modelled.getInstanceNames(of: viewModel), "\(name) \(viewModel)")
            }
            let artboard = try await real.createArtboard(nil)
            #expect(try await artboard.getStateMachineNames() == modelled.createArtboard(nil).getStateMachineNames(), "\(name)")
        }
    }

    @Test("the whole corpus against the real runtime gives exactly the verdicts of Corpus/expectations/rive-cpp.yaml")
    func corpusMatchesExpectations() async throws {
        let corpus = try Corpus.load(RiveCppDriver.corpusPath)
        let adapter = try RiveCppDriver.makeAdapter()
        let plan = Planner.plan(corpus: corpus, adapter: AdapterIdentity(adapter), capabilities: adapter.capabilities,
                                expectations: corpus.expectations(for: adapter.name), selection: Selection())
        #expect(plan.entries.count == corpus.entries.count)
        var reused: (any RuntimeAdapter)? = adapter
        let runner = ConformanceRunner(corpus: corpus, options: RunOptions(recordMode: .never), reporters: []) {
            defer { reused = nil }
            return reused ?? adapter.sibling()
        }
        var failing: [String] = []
        for entry in plan.entries {
            let result = await runner.runScenario(entry)
            if result.verdict.failsRun { failing.append("\(result.verdict.rawValue) \(entry.id): \(result.trace ?? result.message ?? "")") }
        }
        #expect(failing.isEmpty, "\(failing.joined(separator: "\n"))")
    }

    @Test("a Rectangle of width -inf draws the reference's bounds: the recorder keeps a raw path's points as they are, so no 0 * inf turns a y into NaN")
    func nonFiniteRectangleDrawsAsReference() async throws {
        typealias T = RiveTypeKey
        typealias P = RivePropertyKey
        func object(_ type: UInt32, _ properties: [UInt32: RivePropertyValue] = [:]) -> RiveObject {
            RiveObject(typeKey: type, properties: properties.sorted { $0.key < $1.key }.map { RiveProperty(key: $0.key, value: $0.value) })
        }
        let bytes = try RiveWriter.write(RiveDocument(objects: [
            object(T.backboard),
            object(T.artboard, [P.componentName: .string("Main"), P.layoutComponentWidth: .float(100), P.layoutComponentHeight: .float(100)]),
            object(T.shape, [P.componentParentId: .uint(0)]),
            object(T.rectangle, [P.componentParentId: .uint(1), P.parametricPathWidth: .float(-.infinity)]),
            object(T.fill, [P.componentParentId: .uint(1)]),
            object(T.solidColor, [P.componentParentId: .uint(3)]),
        ]))
        func draws(_ adapter: any RuntimeAdapter) async throws -> [String] {
            let worker = try await adapter.makeWorker()
            let file = try await worker.loadFile(.data(bytes))
            let dump = await RuntimeDumper(worker: worker, file: file, options: DumpOptions(frames: 0, drawFrames: [0], sections: [.draws])).dump()
            return dump.sections[.draws] ?? []
        }
        let real = try await draws(try RiveCppDriver.makeAdapter())
        #expect(real.contains { $0.contains(" fill ") && !$0.hasSuffix("bounds empty") }, "the fill's x are inf and NaN, its y 0: \(real)")
        #expect(real == (try await draws(ReferenceRuntimeAdapter())))
    }
}

/// The character fixture's mood loops on both runtimes, probed at the panel; with
/// `RIVE_HARNESS_FRAMES_DIR=DIR` the frames are also written there side by side (reference
/// left, rive-cpp right) for a look.
@Suite("rive-cpp pixels", .enabled(if: RiveCppDriver.isBuilt, Comment(rawValue: RiveCppDriver.absentComment)))
@MainActor
struct RiveCppPixelTests {
    /// Each mood and the panel color its loop shows (Corpus/fixtures/character.yaml).
    static let moods: [(mood: Float, name: String, panel: UInt32)] = [
        (0, "idle", 0xFF7F_7F7F), (1, "happy", 0xFFFF_D700), (4, "sad", 0xFF1E_3A8A),
        (5, "loading", 0xFF93_33EA), (6, "listening", 0xFF06_B6D4), (8, "sleeping", 0xFF0F_172A),
    ]

    /// Plays the moods on one runtime; returns one frame per mood, 0.5 s into its loop.
    private func playMoods(_ adapter: any RuntimeAdapter, size: Int) async throws -> [RasterFrame] {
        let worker = try await adapter.makeWorker()
        let bytes = try [UInt8](Data(contentsOf: SharedMaterial.packageRoot.appendingPathComponent("Corpus/fixtures/character.riv")))
        let file = try await worker.loadFile(.data(bytes))
        let artboard = try await file.createArtboard(nil)
        let instance = try await file.createViewModelInstance(.viewModelDefault(from: .artboardDefault(artboard)))
        let machine = try await artboard.createStateMachine("CharacterViewModelMachine", binding: .instance(instance))
        let view = try await worker.makeView(ViewConfiguration(artboard: artboard, stateMachine: machine, viewModelInstance: instance,
                                                         width: size, height: size))
        var frames: [RasterFrame] = []
        var time = 0.0
        _ = await view.tick(DisplayTick(timestamp: time))
        for entry in Self.moods {
            instance.setValue(of: NumberProperty(path: "mood"), to: entry.mood)
            await worker.flush()
            for _ in 0..<5 {
                time += 0.1
                _ = await view.tick(DisplayTick(timestamp: time))
            }
            await frames.append(try view.rasterize())
        }
        return frames
    }

    @Test("each mood shows its loop's panel color on the real runtime, as on the reference runtime")
    func moodLoops() async throws {
        let size = 200
        let real = try await playMoods(try RiveCppDriver.makeAdapter(), size: size)
        let modelled = try await playMoods(ReferenceRuntimeAdapter(), size: size)
        for (index, entry) in Self.moods.enumerated() {
            #expect(real[index].color(x: 100, y: 90) == Color(entry.panel), "rive-cpp, mood \(entry.name)")
            #expect(modelled[index].color(x: 100, y: 90) == Color(entry.panel), "reference, mood \(entry.name)")
        }
        if let folder = ProcessInfo.processInfo.environment["RIVE_HARNESS_FRAMES_DIR"], !folder.isEmpty {
            for (index, entry) in Self.moods.enumerated() {
                let path = "\(folder)/character-mood-\(Int(entry.mood))-\(entry.name).png"
                try sideBySide(modelled[index], real[index]).writePNG(toFile: path)
                print("RiveCppPixelTests: wrote \(path)")
            }
        }
    }

    @Test("through the Rive Renderer over Vulkan (--rasterizer rive-vulkan) each mood shows its panel color too",
          .enabled(if: RiveCppDriver.riveRenderer != nil,
                   "skipped: no rive-cpp driver with the Rive Renderer; enable with: scripts/build-rive-cpp --renderer vulkan"))
    func moodLoopsOnRiveRenderer() async throws {
        let driver = try #require(RiveCppDriver.riveRenderer)
        let adapter = try ProcessAdapter(configuration: ProcessAdapterConfiguration(command: "'\(driver.path)' --rasterizer rive-vulkan",
                                                                                   requestTimeoutSeconds: 20))
        let size = 200
        let frames = try await playMoods(adapter, size: size)
        for (index, entry) in Self.moods.enumerated() {
            let argb = frames[index].pixels[90 * size + 100]
            let channels = [24, 16, 8, 0].map { (Int(argb >> UInt32($0)) & 0xFF, Int(entry.panel >> UInt32($0)) & 0xFF) }
            #expect(channels.allSatisfy { abs($0.0 - $0.1) <= 2 }, "mood \(entry.name): 0x\(String(argb, radix: 16)) for 0x\(String(entry.panel, radix: 16))")
        }
    }

    /// Two frames of the same size next to each other with an 8-pixel gap, as a PNG-able image.
    private func sideBySide(_ left: RasterFrame, _ right: RasterFrame) throws -> RasterImage {
        let gap = 8
        let width = left.width + gap + right.width
        let height = max(left.height, right.height)
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        func copy(_ frame: RasterFrame, at originX: Int) {
            for y in 0..<frame.height {
                for x in 0..<frame.width {
                    let argb = frame.pixels[y * frame.width + x]
                    let offset = (y * width + originX + x) * 4
                    rgba[offset] = UInt8((argb >> 16) & 0xFF)
                    rgba[offset + 1] = UInt8((argb >> 8) & 0xFF)
                    rgba[offset + 2] = UInt8(argb & 0xFF)
                    rgba[offset + 3] = UInt8(argb >> 24)
                }
            }
        }
        copy(left, at: 0)
        copy(right, at: left.width + gap)
        return try RasterImage(width: width, height: height, rgba: rgba)
    }
}
