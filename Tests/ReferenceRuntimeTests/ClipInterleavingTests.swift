import Testing
@testable import ReferenceRuntime

/// Clip interleaving (ClipInterleaving.swift): upstream's shared clip starts and ends.
@Suite("Clip interleaving")
struct ClipInterleavingTests {
    private typealias Step = ClipInterleaving.Step

    @Test("drawables that share a clip share one start and end; a clip a drawable lacks ends before it, with everything started after it")
    func interleaves() {
        let clips: [Int: [Int]] = [1: [10], 2: [10, 11], 3: [11], 4: [10]]
        let sequence = ClipInterleaving(drawOrder: [1, 2, 3, 4, 5], clips: { clips[$0] ?? [] })
        #expect(sequence.steps == [
            .clipStart(10), .drawable(1), .clipStart(11), .drawable(2), .clipEnd(11), .clipEnd(10),
            .clipStart(11), .drawable(3), .clipEnd(11), .clipStart(10), .drawable(4), .clipEnd(10), .drawable(5),
        ] as [Step])
    }

    /// What `play` does, as text: `clip N`, `end`, `draw N`.
    private func played(_ sequence: ClipInterleaving, hidden: Set<Int> = [], invisible: Set<Int> = [], empty: Set<Int> = []) -> [String] {
        var log: [String] = []
        sequence.play(isVisible: { !invisible.contains($0) }, isEmpty: { empty.contains($0) }, willDraw: { !hidden.contains($0) },
                      startClip: { log.append("clip \($0)") }, endClip: { log.append("end") }, draw: { log.append("draw \($0)") })
        return log
    }

    @Test("a clip starts only when a drawable inside it draws; one around drawables that draw nothing is dropped with its end")
    func pendingClips() {
        let clips: [Int: [Int]] = [1: [10], 2: [10, 11], 3: [12]]
        let sequence = ClipInterleaving(drawOrder: [1, 2, 3], clips: { clips[$0] ?? [] })
        #expect(played(sequence) == ["clip 10", "draw 1", "clip 11", "draw 2", "end", "end", "clip 12", "draw 3", "end"])
        #expect(played(sequence, hidden: [2, 3]) == ["clip 10", "draw 1", "end"])
        #expect(played(sequence, hidden: [1]) == ["clip 10", "clip 11", "draw 2", "end", "end", "clip 12", "draw 3", "end"])
    }

    @Test("an invisible clipping shape clips nothing; a visible one without a path skips everything it clips")
    func invisibleAndEmptyClips() {
        let clips: [Int: [Int]] = [1: [10], 2: [10, 11], 3: []]
        let sequence = ClipInterleaving(drawOrder: [1, 2, 3], clips: { clips[$0] ?? [] })
        #expect(played(sequence, invisible: [10]) == ["draw 1", "clip 11", "draw 2", "end", "draw 3"])
        #expect(played(sequence, empty: [11]) == ["clip 10", "draw 1", "end", "draw 3"])
        #expect(played(sequence, invisible: [11], empty: [11]) == ["clip 10", "draw 1", "draw 2", "end", "draw 3"])
    }
}
