import RiveRendering
import Testing

/// The reference runtime records a frame once and replays it onto the rasterizer, so a replay
/// must give the same pixels as drawing directly.
@Suite struct RecorderReplayTests {
    private func draw(on renderer: some Renderer) {
        renderer.save()
        renderer.transform(.translation(x: 10, y: 10))
        renderer.drawPath(Path.rectangle(width: 20, height: 20, originX: 0, originY: 0), paint: .fill(0xFF00_FF00))
        renderer.restore()
        renderer.drawPath(Path.ellipse(width: 10, height: 10, originX: 0, originY: 0), paint: .stroke(0xFFFF_0000, thickness: 2))
    }

    @Test func replayedFrameMatchesDirectDrawing() throws {
        let direct = try CairoRasterizer(width: 40, height: 40)
        direct.beginFrame(artboardBounds: Bounds(width: 40, height: 40))
        draw(on: direct)

        let recorder = DrawCommandRecorder()
        draw(on: recorder)
        let replayed = try CairoRasterizer(width: 40, height: 40)
        replayed.beginFrame(artboardBounds: Bounds(width: 40, height: 40))
        recorder.replay(on: replayed)

        #expect(direct.makeImage() == replayed.makeImage())
        #expect(replayed.makeImage().pixel(x: 20, y: 20) == RGBA(argb: 0xFF00_FF00))
        #expect(replayed.makeImage().pixel(x: 35, y: 35) == RGBA.transparent)
    }
}
