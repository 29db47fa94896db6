import Testing
import RiveRendering

@Suite("Enumerations carry the numbers stored in .riv files")
struct FormatValueTests {
    @Test("fill rule, cap and join raw values")
    func paintEnumerations() {
        #expect(FillRule.allCases.map(\.rawValue) == [0, 1, 2])
        #expect(FillRule(rawValue: 1) == .evenOdd)
        #expect(StrokeCap.allCases.map(\.rawValue) == [0, 1, 2])
        #expect(StrokeCap(rawValue: 2) == .square)
        #expect(StrokeJoin.allCases.map(\.rawValue) == [0, 1, 2])
        #expect(StrokeJoin(rawValue: 2) == .bevel)
    }

    @Test("blend modes are 3 (srcOver) and 14…28, as blend_mode.hpp lists them")
    func blendModes() {
        #expect(BlendMode.srcOver.rawValue == 3)
        #expect(BlendMode.allCases.dropFirst().map(\.rawValue) == Array(14...28))
        #expect(BlendMode(rawValue: 24) == .multiply)
        #expect(BlendMode(rawValue: 28) == .luminosity)
        #expect(BlendMode(rawValue: 4) == nil)
    }
}
