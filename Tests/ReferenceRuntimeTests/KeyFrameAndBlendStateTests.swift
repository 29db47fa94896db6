import Foundation
import HarnessTestSupport
import Testing
import RiveFormat
import RiveRendering
import RuntimeAPI
@testable import ReferenceRuntime

private typealias P = RivePropertyKey

/// Keyframe kinds, keyframe value binds, blend states, animation resets and state listener actions:
/// how each writes values, as upstream's typed setters and blend
/// instances do.
@Suite("Keyframe kinds and blend states")
@MainActor
struct KeyFrameAndBlendStateTests {
    typealias Value = AnimationDefinition.Value

    @Test("an id keyframe writes only id (unsigned) properties and ignores the mix")
    func idKeyFrameWritesUnsignedOnly() {
        #expect(Value.id(7).written(over: .uint(3), mix: 0.5, property: P.soloActiveComponentId) == .uint(7))
        #expect(Value.id(7).written(over: .float(1), mix: 1, property: P.nodeX) == nil, "CoreRegistry::setUint has no case for a number property")
    }

    @Test("an unsigned keyframe mixes and interpolates only on color channels (isInterpolatableUint)")
    func unsignedKeyFrameInterpolatesColorChannels() {
        #expect(Value.uint(200).written(over: .uint(100), mix: 0.5, property: P.colorChannelsColorRed) == .uint(150))
        #expect(Value.uint(200).written(over: .uint(100), mix: 0.5, property: P.layoutSizingStyleDisplayValue) == .uint(200))
        #expect(Value.uint(10).interpolated(to: .uint(20), 0.25, property: P.colorChannelsColorGreen) == .uint(13), "12.5 rounds half away from zero")
        #expect(Value.uint(10).interpolated(to: .uint(20), 0.25, property: P.layoutSizingStyleDisplayValue) == .uint(10), "other unsigned properties hold")
        #expect(Value.uint(0).interpolated(to: .uint(20), -0.5, property: P.colorChannelsColorBlue) == .uint(0), "an overshoot below 0 clamps")
    }

    @Test("string, boolean and integer keyframes hold and write only their own kind")
    func holdingKinds() {
        #expect(Value.string("a").interpolated(to: .string("b"), 0.9, property: P.keyFrameStringValue) == .string("a"))
        #expect(Value.string("a").written(over: .string("x"), mix: 0.1, property: P.keyFrameStringValue) == .string("a"))
        #expect(Value.string("a").written(over: .float(0), mix: 1, property: P.nodeX) == nil)
        #expect(Value.int(-3).written(over: .int(4), mix: 0.5, property: P.keyFrameIntValue) == .int(-3))
        #expect(Value.bool(true).written(over: .uint(0), mix: 1, property: P.soloActiveComponentId) == nil)
    }

    @Test("a shader is fully transparent only when every color has alpha 0")
    func shaderTransparency() {
        #expect(Shader.solid(0x00FF_FFFF).isFullyTransparent)
        #expect(!Shader.solid(0x01FF_FFFF).isFullyTransparent)
        let stops = [GradientStop(color: 0x0000_0000, position: 0), GradientStop(color: 0x10FF_0000, position: 1)]
        #expect(!Shader.linearGradient(start: Point(x: 0, y: 0), end: Point(x: 1, y: 0), stops: stops).isFullyTransparent)
    }
}

/// The upstream files these features were measured on against rive-cpp 89c04af7
/// (docs/reference-runtime.md, "Keyframe kinds, blend states and state actions").
@Suite("Keyframe kinds and blend states: upstream assets", .enabled(if: SharedMaterial.hasAssets, "../shared/rive-assets is absent; set RIVE_HARNESS_SHARED"))
@MainActor
struct KeyFrameAndBlendStateAssetTests {
    private func play(_ name: String, stateMachine: String? = nil) throws -> (ReferenceArtboard, ReferenceStateMachine, ReferenceViewModelInstance?) {
        let file = try ReferenceWorker().openFile(.data(try #require(SharedMaterial.assetIfPresent(name))))
        let artboard = try file.makeArtboard(nil)
        let instance = try? file.makeViewModelInstance(.viewModelDefault(from: .artboardDefault(artboard)))
        let machine = try artboard.makeStateMachine(stateMachine, binding: instance.map { .instance($0) } ?? .auto)
        return (artboard, machine, instance)
    }

    @Test("oneshotblend.riv: a 1D blend at 50 between rotations -π/2 (at 0) and π/2 (at 100) mixes each at 0.5, and never settles")
    func oneDimensionalBlend() throws {
        let (artboard, machine, _) = try play("oneshotblend.riv")
        #expect(artboard.unsupportedContent.isEmpty)
        machine.advanceAndApply(by: 0)
        // left at 0.5 over the authored π/2 gives 0, right at 0.5 over that gives π/4.
        let rotation = try #require(artboard.componentValue(1, property: P.transformComponentRotation)?.floatValue)
        #expect(abs(Double(rotation) - Double.pi / 4) < 1e-5)
        #expect(machine.advanceAndApply(by: 1.0 / 60), "a blend state keeps going")
    }

    @Test("hit_test_solos.riv: a solo inside a shape leaves its inactive rectangles out of the shape's path")
    func soloInsideShape() throws {
        let (artboard, machine, _) = try play("hit_test_solos.riv", stateMachine: "State Machine 1")
        machine.advanceAndApply(by: 0)
        let recorder = DrawCommandRecorder()
        artboard.record(into: recorder)
        #expect(!recorder.dump.isEmpty)
        // The shape under the solo has three 100×100 rectangles stacked 430 units tall; only the
        // first (the solo's active child, an id keyframe at frame 0) is in its path.
        let path = try #require(artboard.scene.path(ofShape: 5))
        let ys = path.commands.compactMap { command -> Double? in
            if case .lineTo(let p) = command { p.y } else { nil }
        }
        #expect((ys.max() ?? 0) - (ys.min() ?? 0) <= 100.0001)
    }

    @Test("data_bind_solo.riv: a string keyframe on a custom property reaches the view model through its toSource bind")
    func stringKeyFrame() async throws {
        let (_, machine, instance) = try play("data_bind_solo.riv")
        let values = try #require(instance)
        machine.advanceAndApply(by: 0)
        #expect(try await values.value(of: StringProperty(path: "str")) == "rect-1")
    }

    @Test("color_passthrough_test.riv: a state's listener action writes green only when the state starts")
    func stateListenerAction() async throws {
        let (_, machine, instance) = try play("color_passthrough_test.riv")
        let values = try #require(instance)
        machine.advanceAndApply(by: 0)
        #expect(try await values.value(of: NumberProperty(path: "green")) == 0, "its bind is not applied on its own")
        for _ in 0..<61 { machine.advanceAndApply(by: 1.0 / 60) }
        #expect(try await values.value(of: NumberProperty(path: "green")) == 255, "Timeline 1 ended, the state with the action started")
        #expect(try await values.value(of: NumberProperty(path: "blue")) == 0, "the other state was not reached")
    }

    @Test("data_bind_keyframes_test.riv: a number keyframe bound to startX applies the bound value, not its own")
    func keyFrameValueBind() throws {
        let (artboard, machine, _) = try play("data_bind_keyframes_test.riv")
        #expect(!artboard.unsupportedContent.contains { $0.hasPrefix("DataBind on KeyFrame") })
        machine.advanceAndApply(by: 0)
        let shape = 12
        #expect(artboard.componentValue(shape, property: P.nodeX) == .float(22), "startX = 22, where the keyframe says 234")
    }
}

extension KeyFrameAndBlendStateTests {
    @Test("a reset keeps a color as the float of its signed value: opaque colors come back exactly, translucent ones lose low bits")
    func resetColorRounding() {
        #expect(AnimationReset.color(float: AnimationReset.float(color: 0xFF74_7474)) == 0xFF74_7474)
        #expect(AnimationReset.color(float: AnimationReset.float(color: 0x7F12_3456)) == 0x7F12_3480)
    }
}

extension KeyFrameAndBlendStateTests {
    @Test("an elastic ease overshoots and settles at 1; a cubic value curve passes through its control values")
    func elasticAndCubicValueEases() {
        let elastic = ElasticEase(easing: 1, amplitude: 1, period: 0.5)
        #expect(abs(elastic.transform(0)) < 1e-6, "easing out starts at 0")
        #expect(abs(elastic.transform(1) - 1) < 1e-3)
        #expect(abs(elastic.transform(0.25) - (1 + powf(2, -2.5))) < 1e-5, "a quarter in, a crest above 1 (sin = 1 there)")
        let curve = AnimationEase.cubicValue(CubicEase(x1: 1.0 / 3, y1: 150, x2: 2.0 / 3, y2: 150))
        #expect(abs(curve.transformValue(100, 200, 0) - 100) < 1e-9)
        #expect(abs(curve.transformValue(100, 200, 1) - 200) < 1e-9)
        #expect(abs(curve.transformValue(100, 200, 0.5) - 150) < 1e-6, "a symmetric curve through 150 and 150 is at 150 halfway")
        #expect(curve.transform(0.3) == 0.3, "a cubic value curve does not ease progress")
    }
}
