import Foundation
import HarnessSupport

/// What `rive-harness diff --out DIR` writes as `DIR/diff.json`: the two sides, the options,
/// and per file its section statuses, report lines and dump files; `DIR/summary.txt` is
/// `DiffReport.text` of it, so a merged document gives the unsharded summary too.
public struct DiffDocument: Sendable, Hashable, Codable {
    /// One side of the diff.
    public struct Side: Sendable, Hashable, Codable {
        /// `a-NAME` or `b-NAME`, the side's folder of dumps.
        public var label: String
        /// The adapter's name as it reports it.
        public var adapter: String
        /// The adapter's version.
        public var version: String

        /// Creates a side.
        public init(label: String, adapter: String, version: String) {
            self.label = label
            self.adapter = adapter
            self.version = version
        }
    }

    /// Where one file's two dumps are, relative to the document's folder.
    public struct Dumps: Sendable, Hashable, Codable {
        /// Side A's dump.
        public var a: String
        /// Side B's dump.
        public var b: String
    }

    /// The `pixels` section of one file: each compared frame's similarity.
    public struct Pixels: Sendable, Hashable, Codable {
        /// One compared frame.
        public struct Frame: Sendable, Hashable, Codable {
            /// The frame number.
            public var frame: Int
            /// The share of pixels within the tolerance, 0…1 (`PixelComparison.similarity`).
            public var similarity: Double
            /// How many pixels are beyond the tolerance.
            public var differingPixels: Int
            /// The largest premultiplied channel difference, 0…255.
            public var largestDifference: Int
        }

        /// The lowest similarity of the frames (the file's figure).
        public var similarity: Double
        /// The compared frames, ascending.
        public var frames: [Frame]
        /// The difference image of the worst frame, relative to the document's folder, when one was written.
        public var image: String?
    }

    /// One compared file.
    public struct File: Sendable, Hashable, Codable {
        /// The file's path as given.
        public var path: String
        /// Each dumped section's status (`SectionStatus` raw values), by section name.
        public var sections: [String: String]
        /// The report lines about the file (`DiffReport.details`), without the dumps line.
        public var details: [String]
        /// The dump files, when they were written (`--out`).
        public var dumps: Dumps?
        /// The `pixels` section's figures, when frames of both sides were compared.
        public var pixels: Pixels?

        /// The record of one file's result, its dump paths relative to the output folder (`SIDE/NAME.dump`).
        public init(_ result: DifferentialRunner.FileResult, labels: (a: String, b: String)) {
            path = result.path
            sections = Dictionary(uniqueKeysWithValues: result.sections.map { ($0.section.rawValue, $0.status.rawValue) })
            details = DiffReport.details(result, labels: labels)
            dumps = result.dumpPaths.map {
                Dumps(a: labels.a + "/" + ($0.a as NSString).lastPathComponent, b: labels.b + "/" + ($0.b as NSString).lastPathComponent)
            }
            if let comparison = result.sections.first(where: { $0.section == .pixels }), let worst = comparison.worstFrame {
                pixels = Pixels(similarity: worst.comparison.similarity, frames: comparison.pixelFrames.map {
                    Pixels.Frame(frame: $0.frame, similarity: $0.comparison.similarity, differingPixels: $0.comparison.differingPixels,
                                 largestDifference: $0.comparison.largestDifference)
                }, image: result.differenceImage.map { DifferentialRunner.differenceImageFolder + "/" + ($0 as NSString).lastPathComponent })
            }
        }

        /// The status of a section, or `nil` when it was not dumped.
        public func status(of section: DumpSection) -> SectionStatus? { sections[section.rawValue].flatMap(SectionStatus.init(rawValue:)) }
        /// Whether the sides agree in every section: equal, both refused or not comparable.
        public var isEqual: Bool { sections.values.allSatisfy { SectionStatus(rawValue: $0)?.isAgreement ?? false } }
        /// Whether both sides refused the file with the same code.
        public var isBothRefused: Bool { !sections.isEmpty && sections.values.allSatisfy { $0 == SectionStatus.bothRefused.rawValue } }
    }

    /// The schema's name.
    public var schema = "rive-harness.diff"
    /// The schema's version.
    public var version = 1
    /// Side A and side B.
    public var sides: [Side]
    /// The play's last frame (`--frames`).
    public var frames: Int
    /// The frames whose draw commands and pixels were dumped (`--at`).
    public var drawFrames: [Int]
    /// With the `pixels` section: its tolerance (`--pixel-tolerance`).
    public var pixelTolerance: Int?
    /// With the `pixels` section: the similarity it needs to be equal (`--min-similarity`).
    public var minimumSimilarity: Double?
    /// The dumped sections, in dump order.
    public var sections: [String]
    /// The files, in the order they were compared.
    public var files: [File]
    /// A sharded run's part, every path of the whole run and what `merge` checks; absent unsharded.
    public var shard: ShardRecord?

    /// Creates a document.
    public init(sides: [Side], options: DumpOptions, files: [File], shard: ShardRecord?) {
        self.sides = sides
        frames = options.frames
        drawFrames = options.drawFrames
        sections = options.sections.map(\.rawValue)
        if options.sections.contains(.pixels) {
            pixelTolerance = options.pixelTolerance
            minimumSimilarity = options.minimumSimilarity
        }
        self.files = files
        self.shard = shard
    }

    /// The dumped sections.
    public var dumpSections: [DumpSection] { sections.compactMap(DumpSection.init(rawValue:)) }

    /// Pretty-printed JSON with sorted keys and a final newline.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding these plain value types cannot fail.
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self) + "\n"
    }

    /// The document the unsharded diff writes, made from its shards' documents: every file in
    /// the order the unsharded diff compares them, and no shard record.
    /// - Throws: `ShardMergeError` when the parts are not one diff's shards 1…N (`ShardMerge`),
    ///   or differ in their sides or options (`merge.different-run`).
    public static func merge(_ parts: [(file: String, document: DiffDocument)]) throws(ShardMergeError) -> DiffDocument {
        var shardParts: [ShardPart<File>] = []
        for part in parts {
            shardParts.append(try ShardPart(file: part.file, record: part.document.shard, items: part.document.files,
                                            whatItIs: "the document of an unsharded diff", hint: "pass the diff.json files of 'rive-harness diff --shard K/N --out DIR'"))
        }
        let files = try ShardMerge.interleave(shardParts, key: \.path)
        var merged = parts[0].document
        for part in parts.dropFirst() {
            var other = part.document
            other.files = merged.files
            other.shard = merged.shard
            guard other == merged else {
                throw ShardMergeError(code: "merge.different-run", message: "\(part.file) and \(parts[0].file) differ in their sides or options (--frames, --at, --sections, --pixel-tolerance, --min-similarity)",
                                      hint: "merge the shards of one diff: the same command and files with --shard 1/N … N/N")
            }
        }
        merged.files = files
        merged.shard = nil
        return merged
    }
}
