import Differential
import Foundation
import ReferenceRuntime
import RiveFormat
import RuntimeAPI
import Testing

private typealias T = RiveTypeKey
private typealias P = RivePropertyKey

/// Small in-memory documents for the diff's content-feature, same-name and animation tests.
private struct Document {
    private(set) var objects: [RiveObject] = [RiveObject(typeKey: T.backboard)]

    mutating func add(_ type: UInt32, _ properties: [UInt32: RivePropertyValue] = [:]) {
        objects.append(RiveObject(typeKey: type, properties: properties.sorted { $0.key < $1.key }.map { RiveProperty(key: $0.key, value: $0.value) }))
    }

    /// An artboard with one 10×10 red rectangle at (`x`, 20), artboard-local ids 1…4.
    mutating func artboard(_ name: String, width: Double = 100, height: Double = 100, x: Double = 20) {
        add(T.artboard, [P.componentName: .string(name), P.layoutComponentWidth: .float(Float(width)), P.layoutComponentHeight: .float(Float(height))])
        add(T.shape, [P.componentName: .string("Box"), P.componentParentId: .uint(0), P.nodeX: .float(Float(x)), P.nodeY: .float(20)])
        add(T.rectangle, [P.componentParentId: .uint(1), P.parametricPathWidth: .float(10), P.parametricPathHeight: .float(10)])
        add(T.fill, [P.componentParentId: .uint(1)])
        add(T.solidColor, [P.componentParentId: .uint(3), P.solidColorColorValue: .color(0xFFFF0000)])
    }

    /// A looping linear animation that moves the box (id 1) from x 0 to x 60 over one second.
    mutating func slide(_ name: String) {
        add(T.linearAnimation, [P.animationName: .string(name), P.linearAnimationFps: .uint(60), P.linearAnimationDuration: .uint(60),
                                P.linearAnimationLoopValue: .uint(1)])
        add(T.keyedObject, [P.keyedObjectObjectId: .uint(1)])
        add(T.keyedProperty, [P.keyedPropertyPropertyKey: .uint(UInt64(P.nodeX))])
        add(T.keyFrameDouble, [P.keyFrameFrame: .uint(0), P.keyFrameDoubleValue: .float(0), P.interpolatingKeyFrameInterpolationType: .uint(1)])
        add(T.keyFrameDouble, [P.keyFrameFrame: .uint(60), P.keyFrameDoubleValue: .float(60), P.interpolatingKeyFrameInterpolationType: .uint(1)])
    }

    func bytes() throws -> [UInt8] { try RiveWriter.write(RiveDocument(objects: objects)) }
}

/// The reference runtime declaring more (or fewer) capabilities, as another runtime would.
@MainActor
private final class DeclaringAdapter: RuntimeAdapter {
    let name: String
    let version = "test"
    private let inner = ReferenceRuntimeAdapter()
    let capabilities: RuntimeCapabilities

    init(name: String, adding added: RuntimeCapabilities = [], removing removed: RuntimeCapabilities = []) {
        self.name = name
        capabilities = inner.capabilities.union(added).subtracting(removed)
    }

    func makeWorker() async throws(WorkerError) -> any Worker { try await inner.makeWorker() }
}

/// `rive-harness diff` made honest: content features, both-refused files, same-name
/// artboards and animation-only artboards (docs/diff.md).
@MainActor
struct HonestDiffTests {
    private static func runner(_ b: @escaping @MainActor () -> any RuntimeAdapter, frames: Int = 30, out: String? = nil) -> DifferentialRunner {
        DifferentialRunner(a: .init(label: "a-reference") { ReferenceRuntimeAdapter() }, b: .init(label: "b-other", makeAdapter: b),
                           options: DumpOptions(frames: frames, drawFrames: [0, frames]), timeoutSeconds: 60, outDirectory: out)
    }

    private static func status(_ result: DifferentialRunner.FileResult, _ section: DumpSection) -> SectionStatus? {
        result.sections.first { $0.section == section }?.status
    }

    @Test("content features and capabilities are one vocabulary: each feature's name is its capability's stable name")
    func oneVocabulary() {
        for feature in RiveContentFeature.allCases {
            let capability = ContentComparability.capability(of: feature)
            #expect(RuntimeCapabilities(name: feature.rawValue) == capability, "\(feature)")
            #expect(RuntimeCapabilities.contentFeatures.contains(capability))
        }
        #expect(RuntimeCapabilities.contentFeatures == RuntimeCapabilities.engineFeatures.union(.images))
    }

    @Test("the reference runtime declares none of the content features: it shapes no text, runs no layout, scripts or audio, draws no images")
    func referenceDeclaresNoContentFeatures() {
        #expect(ReferenceRuntimeAdapter().capabilities.isDisjoint(with: .contentFeatures))
        #expect(ReferenceRuntimeAdapter().capabilities.contains(.animationPlayback))
    }

    @Test("types map to features through their lineage; artboards are not layout; computed-geometry binds are found")
    func featureOfType() throws {
        #expect(RiveContentFeature.feature(ofType: T.text) == .textShaping)
        #expect(RiveContentFeature.feature(ofType: T.textInput) == .textShaping)
        #expect(RiveContentFeature.feature(ofType: T.layoutComponent) == .layout)
        #expect(RiveContentFeature.feature(ofType: T.nestedArtboardLayout) == .layout)
        #expect(RiveContentFeature.feature(ofType: T.artboard) == nil)
        #expect(RiveContentFeature.feature(ofType: T.scriptedLayout) == .scripting)
        #expect(RiveContentFeature.feature(ofType: T.scriptedDataConverter) == .scripting)
        #expect(RiveContentFeature.feature(ofType: T.scriptAsset) == .scripting)
        #expect(RiveContentFeature.feature(ofType: T.audioEvent) == .audio)
        #expect(RiveContentFeature.feature(ofType: T.image) == .images)
        #expect(RiveContentFeature.feature(ofType: T.shape) == nil)

        var document = Document()
        document.artboard("A")
        document.add(T.text, [P.componentParentId: .uint(0)])
        document.add(T.dataBindContext, [P.dataBindPropertyKey: .uint(UInt64(P.nodeComputedWidth))])
        let use = RiveContentFeatureUse(document: try RiveReader.read(try document.bytes()))
        #expect(use.features == [.textShaping])
        #expect(use.typeCounts[.textShaping] == ["Text": 1])
        #expect(use.bindsReadComputedGeometry)
    }

    @Test("sections depend on features as docs/diff.md says")
    func sectionDependencies() throws {
        var document = Document()
        document.artboard("A")
        document.add(T.text, [P.componentParentId: .uint(0)])
        document.add(T.image, [P.componentParentId: .uint(0)])
        document.add(T.audioEvent, [P.componentParentId: .uint(0)])
        let content = ContentComparability(bytes: try document.bytes())
        #expect(content.dependencies(of: .artboards).isEmpty)
        #expect(content.dependencies(of: .instances).isEmpty)
        #expect(content.dependencies(of: .frames).isEmpty, "no text input, layout or script: text does not change frames")
        #expect(content.dependencies(of: .boundValues).isEmpty, "no bind reads computed geometry")
        #expect(content.dependencies(of: .draws) == [.textShaping, .images], "audio changes no section")
        let reason = content.reason(for: .draws, a: ("reference", ReferenceRuntimeAdapter().capabilities),
                                    b: ("rive-cpp", [.textShaping, .images, .layout]))
        #expect(reason == "reference: no text shaping, no image drawing")
        #expect(content.reason(for: .draws, a: ("reference", []), b: ("other", [])) == nil, "what both lack is left out alike")
        #expect(content.reason(for: .draws, a: ("x", [.textShaping]), b: ("y", [.images])) == "x: no image drawing; y: no text shaping")
    }

    @Test("a section that depends on a feature one side lacks is not comparable with its reason, in the result, the report and the dumps")
    func notComparableForContent() async throws {
        var document = Document()
        document.artboard("A")
        document.add(T.image, [P.componentParentId: .uint(0)])
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("honest-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let runner = Self.runner({ DeclaringAdapter(name: "drawer", adding: .images) }, frames: 2, out: out.path)
        let result = try await runner.compare(path: "image.riv", bytes: try document.bytes())
        #expect(Self.status(result, .draws) == .notComparable)
        #expect(result.sections.first { $0.section == .draws }?.reason == "reference: no image drawing")
        for section in [DumpSection.artboards, .viewModels, .instances, .frames, .boundValues] {
            #expect(Self.status(result, section) == .equal, "\(section)")
        }
        #expect(result.isEqual)
        #expect(result.features == ["images"])
        let details = DiffReport.details(result, labels: ("a-reference", "b-other"))
        #expect(details == ["image.riv: [draws] not comparable (reference: no image drawing)"])
        let summary = DiffReport.summary([DiffDocument.File(result, labels: ("a-reference", "b-other"))], sections: DumpSection.defaultSections)
        #expect(summary.contains { $0.hasPrefix("not comparable") && $0.hasSuffix("1") })
        #expect(summary.last == "1 file(s): 1 equal (1 of them only where comparable), 0 with differences or failures")
        let text = try String(contentsOfFile: try #require(result.dumpPaths?.a), encoding: .utf8)
        #expect(text.contains("# file uses images\n"))
        #expect(text.contains("\n[draws]\nnot comparable (reference: no image drawing)\nplay artboard \"A\""), "the reason, then what was dumped")
    }

    @Test("two sides that refuse a file with the same code are 'both refused', not equal, in the table and the summary")
    func bothRefused() async throws {
        let runner = Self.runner { ReferenceRuntimeAdapter() }
        let result = try await runner.compare(path: "junk.riv", bytes: Array("not a rive file".utf8))
        #expect(result.sections.allSatisfy { $0.status == .bothRefused })
        #expect(result.isBothRefused)
        #expect(result.isEqual, "an agreement: the exit code stays 0")
        let summary = DiffReport.summary([DiffDocument.File(result, labels: ("a-reference", "b-other"))], sections: [.artboards, .draws])
        #expect(summary[1].hasPrefix("junk.riv") && summary[1].contains("refused"))
        #expect(summary.contains { $0.hasPrefix("both refused") && $0.hasSuffix("1") })
        #expect(summary.contains { $0.hasPrefix("equal") && $0.hasSuffix("0") })
        #expect(summary.last == "1 file(s): 0 equal, 1 refused by both, 0 with differences or failures")
        let details = DiffReport.details(result, labels: ("a-reference", "b-other"))
        #expect(details.count == 1 && details[0].hasPrefix("junk.riv: both refused: load error file."))
    }

    @Test("an artboard whose name an earlier artboard has is printed unreachable by name, not with the first one's size")
    func sameNameArtboards() async throws {
        var document = Document()
        document.artboard("Twin", width: 100, height: 100)
        document.artboard("Twin", width: 50, height: 40)
        let runner = Self.runner { ReferenceRuntimeAdapter() }
        let result = try await runner.compare(path: "twins.riv", bytes: try document.bytes())
        guard case .dumped(let dump) = result.a else {
            Issue.record("not dumped: \(result.a)")
            return
        }
        let lines = try #require(dump.sections[.artboards])
        #expect(lines.first == "artboards 2")
        #expect(lines.filter { $0.hasSuffix(" size 100 100") } == ["artboard \"Twin\" size 100 100"])
        #expect(lines.contains("artboard \"Twin\" (2nd of that name) unreachable by name"))
        #expect(!lines.contains { $0.contains("size 50 40") })
        #expect(lines.last == "artboard \"Twin\" (2nd of that name) unreachable by name")
    }

    @Test("an artboard with animations but no state machine plays its first animation (the legacy play) when both sides declare animationPlayback")
    func animationOnlyPlay() async throws {
        var document = Document()
        document.artboard("Anim")
        document.slide("Slide")
        let bytes = try document.bytes()
        let played = try await Self.runner({ ReferenceRuntimeAdapter() }).compare(path: "anim.riv", bytes: bytes)
        #expect(played.isEqual)
        guard case .dumped(let dump) = played.a else {
            Issue.record("not dumped: \(played.a)")
            return
        }
        let frames = try #require(dump.sections[.frames])
        #expect(frames.first == "play artboard \"Anim\" viewModel none animation \"Slide\"")
        #expect(frames.contains("frame 30 advanced 0.0167 drew unsettled"), "a looping animation keeps playing: \(frames.suffix(2))")
        let draws = try #require(dump.sections[.draws])
        // The box moves from x 0 (frame 0) to x 30 (frame 30, half a second).
        #expect(draws.contains { $0.hasPrefix("frame 0 #1 fill") && $0.hasSuffix("bounds -5 15 5 25") }, "\(draws)")
        #expect(draws.contains { $0.hasPrefix("frame 30 #1 fill") && $0.hasSuffix("bounds 25 15 35 25") }, "\(draws)")

        let without = try await Self.runner({ DeclaringAdapter(name: "modern", removing: .animationPlayback) }).compare(path: "anim.riv", bytes: bytes)
        guard case .dumped(let modern) = without.b else {
            Issue.record("not dumped: \(without.b)")
            return
        }
        #expect(modern.sections[.frames] == ["play artboard \"Anim\" viewModel none stateMachine error artboard.invalid-state-machine"])
    }
}
