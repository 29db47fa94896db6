/// What one adapter produced for one file.
public enum DumpOutcome: Sendable, Hashable {
    /// The file loaded and was dumped.
    case dumped(RuntimeDump)
    /// The runtime refused the file; the code is the `FileError` code.
    case rejected(code: String, message: String)
    /// The adapter could not answer: no worker, a timeout or a crash.
    case failed(String)

    /// A one-line description of a refusal or failure; `nil` for a dump.
    public var failureText: String? {
        switch self {
        case .dumped: nil
        case .rejected(let code, let message): "load error \(code): \(message)"
        case .failed(let reason): reason
        }
    }
}

/// How the two sides of a diff compare in one section of one file.
public enum SectionStatus: String, Sendable, Hashable, CaseIterable {
    /// Both dumps have the same lines.
    case equal
    /// Both sides dumped, and a line differs.
    case differ
    /// Both sides refused the file with the same `FileError` code: they agree, but nothing
    /// was dumped, so nothing else was compared.
    case bothRefused = "both refused"
    /// A side lacks what the section needs (both dumps say so), so nothing was compared.
    case notComparable = "not comparable"
    /// One side failed or refused the file (or both did, with different codes), so nothing was compared.
    case failed

    /// Whether the two sides agree as far as they could be compared (equal, both refused, or
    /// not comparable).
    public var isAgreement: Bool { self != .differ && self != .failed }
}

/// The comparison of one section.
public struct SectionComparison: Sendable, Hashable {
    /// The first line that differs: its 1-based number in the section and each side's line
    /// (`nil` when that side's section ended before it).
    public struct FirstDifference: Sendable, Hashable {
        /// The 1-based line number within the section.
        public var line: Int
        /// Side A's line.
        public var a: String?
        /// Side B's line.
        public var b: String?
    }

    /// The section.
    public var section: DumpSection
    /// How the two sides compare.
    public var status: SectionStatus
    /// For `differ`, the first differing line.
    public var firstDifference: FirstDifference?
    /// For `notComparable` because of a content feature one side lacks, why:
    /// `reference: no text shaping` (docs/diff.md, "Content features").
    public var reason: String?
    /// For `pixels`, when both sides rasterized the same frames: each frame's comparison, by frame number, ascending.
    public var pixelFrames: [(frame: Int, comparison: PixelComparison)] = []

    /// The lowest similarity of `pixelFrames` and its frame (the first such), or nil when no frame was compared.
    public var worstFrame: (frame: Int, comparison: PixelComparison)? {
        pixelFrames.min { $0.comparison.similarity < $1.comparison.similarity }
    }

    /// Creates a comparison.
    public init(section: DumpSection, status: SectionStatus, firstDifference: FirstDifference?, reason: String? = nil) {
        self.section = section
        self.status = status
        self.firstDifference = firstDifference
        self.reason = reason
    }

    public static func == (left: SectionComparison, right: SectionComparison) -> Bool {
        left.section == right.section && left.status == right.status && left.firstDifference == right.firstDifference && left.reason == right.reason
            && left.pixelFrames.map(\.frame) == right.pixelFrames.map(\.frame) && left.pixelFrames.map(\.comparison) == right.pixelFrames.map(\.comparison)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(section)
        hasher.combine(status)
        hasher.combine(firstDifference)
        hasher.combine(reason)
        for frame in pixelFrames {
            hasher.combine(frame.frame)
            hasher.combine(frame.comparison)
        }
    }

    /// Compares two outcomes in every listed section; a section with a reason in
    /// `notComparable` is not compared when both sides dumped. `pixels` compares line by line
    /// first (the same frames rasterized, or the same errors), then each frame both sides
    /// rasterized by `PixelComparison` with `pixelTolerance`: equal when every frame's
    /// similarity is at least `minimumSimilarity`.
    public static func compare(_ a: DumpOutcome, _ b: DumpOutcome, sections: [DumpSection],
                               notComparable: [DumpSection: String] = [:], pixelTolerance: Int = 16,
                               minimumSimilarity: Double = 0.99) -> [SectionComparison] {
        sections.map { section in
            switch (a, b) {
            case (.dumped, .dumped) where notComparable[section] != nil:
                return SectionComparison(section: section, status: .notComparable, firstDifference: nil, reason: notComparable[section])
            case (.dumped(let left), .dumped(let right)):
                let leftLines = left.sections[section] ?? [], rightLines = right.sections[section] ?? []
                let first = firstDifference(leftLines, rightLines)
                if first == nil, leftLines.count == 1, leftLines[0].hasPrefix("not comparable") {
                    return SectionComparison(section: section, status: .notComparable, firstDifference: nil)
                }
                if section == .pixels, first == nil {
                    var comparison = SectionComparison(section: section, status: .equal, firstDifference: nil)
                    comparison.pixelFrames = left.frames.keys.sorted().compactMap { frame in
                        right.frames[frame].map { (frame, PixelComparison(left.frames[frame]!, $0, tolerance: pixelTolerance)) }
                    }
                    if comparison.pixelFrames.contains(where: { $0.comparison.similarity < minimumSimilarity }) { comparison.status = .differ }
                    return comparison
                }
                return SectionComparison(section: section, status: first == nil ? .equal : .differ, firstDifference: first)
            case (.rejected(let left, _), .rejected(let right, _)) where left == right:
                return SectionComparison(section: section, status: .bothRefused, firstDifference: nil)
            default:
                return SectionComparison(section: section, status: .failed, firstDifference: nil)
            }
        }
    }

    private static func firstDifference(_ left: [String], _ right: [String]) -> FirstDifference? {
        for index in 0..<max(left.count, right.count) {
            let a = left.indices.contains(index) ? left[index] : nil
            let b = right.indices.contains(index) ? right[index] : nil
            if a != b { return FirstDifference(line: index + 1, a: a, b: b) }
        }
        return nil
    }
}
