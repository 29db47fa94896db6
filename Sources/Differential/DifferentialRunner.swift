import Foundation
import HarnessSupport
import RiveFormat
import RuntimeAPI

/// Dumps files with two adapters, compares the dumps section by section, and writes both
/// dumps under an output folder.
///
/// Each side keeps one adapter instance across files and gets a fresh worker per file. A
/// side that times out or crashes on a file is "failed" for that file, and the next file
/// gets a new instance of its adapter (a process adapter restarts its child that way), so
/// one bad file never stops the diff. The timeout can interrupt only an adapter that
/// suspends (see `Watchdog`).
@MainActor
public final class DifferentialRunner {
    /// One side of the diff: a label for reports and folders, and its adapter factory.
    public struct Side {
        /// `a` or `b` plus the adapter's registry name, e.g. `a-reference`.
        public let label: String
        /// Makes a fresh adapter instance.
        public let makeAdapter: @MainActor () -> any RuntimeAdapter

        /// Creates a side.
        public init(label: String, makeAdapter: @escaping @MainActor () -> any RuntimeAdapter) {
            self.label = label
            self.makeAdapter = makeAdapter
        }
    }

    /// The result for one file.
    public struct FileResult: Sendable {
        /// The file's path as given.
        public let path: String
        /// What side A produced.
        public let a: DumpOutcome
        /// What side B produced.
        public let b: DumpOutcome
        /// The comparison per dumped section.
        public let sections: [SectionComparison]
        /// Wall-clock seconds side A and side B took.
        public let seconds: (a: Double, b: Double)
        /// Where the dumps were written, when an output folder was given.
        public let dumpPaths: (a: String, b: String)?
        /// The content features the file uses (`RiveContentFeature` names), in declaration order.
        public let features: [String]
        /// Where the difference image of the worst frame was written (`PixelComparison.differenceImage`),
        /// when the `pixels` section differs and an output folder was given.
        public var differenceImage: String?

        /// Whether the sides agree in every section: equal, both refused or not comparable.
        public var isEqual: Bool { sections.allSatisfy(\.status.isAgreement) }
        /// Whether both sides refused the file with the same code.
        public var isBothRefused: Bool { !sections.isEmpty && sections.allSatisfy { $0.status == .bothRefused } }
    }

    private let sides: [Side]
    private var adapters: [any RuntimeAdapter]
    /// Each side's adapter as reports name it: its name and version.
    public var adapterDescriptions: [String] { adapters.map { "\($0.name) \($0.version)" } }
    /// Each side's current adapter instance.
    public var currentAdapters: [any RuntimeAdapter] { adapters }
    private let options: DumpOptions
    private let timeoutSeconds: Double
    private let outDirectory: String?
    private var usedDumpNames: Set<String> = []

    /// Creates a runner.
    /// - Parameters:
    ///   - a: side A.
    ///   - b: side B.
    ///   - options: what to dump.
    ///   - timeoutSeconds: how long one side may take for one file.
    ///   - outDirectory: where to write the dumps (`<dir>/<side label>/<file name>.dump`), or `nil`.
    public init(a: Side, b: Side, options: DumpOptions, timeoutSeconds: Double, outDirectory: String?) {
        sides = [a, b]
        adapters = [a.makeAdapter(), b.makeAdapter()]
        var options = options
        options.comparable = adapters[0].capabilities.intersection(adapters[1].capabilities)
        self.options = options
        self.timeoutSeconds = timeoutSeconds
        self.outDirectory = outDirectory
    }

    /// Dumps one file with both sides, compares, and writes both dumps atomically.
    /// - Throws: `AtomicFileError` when a dump cannot be written.
    public func compare(path: String, bytes: [UInt8]) async throws(AtomicFileError) -> FileResult {
        var outcomes: [DumpOutcome] = []
        var durations: [Double] = []
        for index in sides.indices {
            let clock = ContinuousClock()
            let start = clock.now
            outcomes.append(await dump(bytes, side: index))
            let elapsed = clock.now - start
            durations.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        let content = ContentComparability(bytes: bytes)
        var reasons: [DumpSection: String] = [:]
        for section in options.sections {
            reasons[section] = content.reason(for: section, a: (adapters[0].name, adapters[0].capabilities),
                                              b: (adapters[1].name, adapters[1].capabilities))
        }
        let sections = SectionComparison.compare(outcomes[0], outcomes[1], sections: options.sections, notComparable: reasons,
                                                 pixelTolerance: options.pixelTolerance, minimumSimilarity: options.minimumSimilarity)
        // The dumps keep the reason as their section's first line, and what each side dumped after it.
        for index in outcomes.indices {
            guard case .dumped(var dump) = outcomes[index] else { continue }
            for (section, reason) in reasons where dump.sections[section] != nil {
                dump.sections[section]!.insert(Self.notComparableLine(reason), at: 0)
            }
            outcomes[index] = .dumped(dump)
        }
        var dumpPaths: (a: String, b: String)?
        var differenceImage: String?
        if let outDirectory {
            let name = uniqueDumpName(for: path)
            if let pixels = sections.first(where: { $0.section == .pixels && $0.status == .differ }), let worst = pixels.worstFrame,
               case .dumped(let left) = outcomes[0], case .dumped(let right) = outcomes[1],
               let image = PixelComparison.differenceImage(left.frames[worst.frame]!, right.frames[worst.frame]!, tolerance: options.pixelTolerance) {
                let target = (outDirectory as NSString).appendingPathComponent(Self.differenceImageFolder + "/" + (name as NSString).deletingPathExtension + "-frame-\(worst.frame).png")
                let png: [UInt8]
                do { png = try image.pngData() } catch { throw AtomicFileError(path: target, reason: "cannot encode the PNG: \(error)") }
                try AtomicFile.write(png, to: target)
                differenceImage = target
            }
            var written: [String] = []
            for index in sides.indices {
                let target = (outDirectory as NSString).appendingPathComponent(sides[index].label + "/" + name)
                try AtomicFile.write(Array(dumpText(outcomes[index], side: index, path: path, features: content.use.features).utf8), to: target)
                written.append(target)
            }
            dumpPaths = (written[0], written[1])
        }
        return FileResult(path: path, a: outcomes[0], b: outcomes[1], sections: sections, seconds: (durations[0], durations[1]),
                          dumpPaths: dumpPaths, features: content.use.features.map(\.rawValue), differenceImage: differenceImage)
    }

    /// The folder under the output folder that holds the difference images.
    public nonisolated static let differenceImageFolder = "pixels"

    /// The line a section whose content one side cannot play starts with in both dumps.
    public static func notComparableLine(_ reason: String) -> String { "not comparable (\(reason))" }

    /// One side's outcome for a file, replacing the side's adapter after a timeout or crash.
    private func dump(_ bytes: [UInt8], side index: Int) async -> DumpOutcome {
        let adapter = adapters[index]
        let options = options
        let outcome = await Watchdog<DumpOutcome>.run(seconds: timeoutSeconds) {
            await Self.dump(bytes, adapter: adapter, options: options)
        }
        guard let outcome else {
            adapters[index] = sides[index].makeAdapter()
            return .failed("timed out after \(CanonicalText.number(timeoutSeconds)) s")
        }
        if case .failed = outcome { adapters[index] = sides[index].makeAdapter() }
        return outcome
    }

    /// Loads and dumps a file on a fresh worker of `adapter`.
    private static func dump(_ bytes: [UInt8], adapter: any RuntimeAdapter, options: DumpOptions) async -> DumpOutcome {
        let worker: any Worker
        do { worker = try await adapter.makeWorker() } catch { return .failed("no worker: \(error.code): \(error.message)") }
        func crash() async -> String? {
            await worker.takeLog().first { [RuntimeLogEntry.adapterCrashedCode, RuntimeLogEntry.adapterTimedOutCode].contains($0.code) }
                .map { "\($0.code): \($0.message)" }
        }
        let file: any File
        do { file = try await worker.loadFile(.data(bytes)) } catch {
            if let crash = await crash() { return .failed("the adapter failed: \(crash)") }
            return .rejected(code: error.code, message: error.message)
        }
        let result = await RuntimeDumper(worker: worker, file: file, options: options).dump()
        if let crash = await crash() { return .failed("the adapter failed: \(crash)") }
        return .dumped(result)
    }

    /// The dump file's text: a header naming the adapter, file and options, then the sections
    /// (or the failure).
    private func dumpText(_ outcome: DumpOutcome, side index: Int, path: String, features: [RiveContentFeature]) -> String {
        let adapter = adapters[index]
        let header = ["rive-harness diff dump (docs/diff.md)", "side \(sides[index].label): adapter \(adapter.name) \(adapter.version)",
                      "capabilities \(adapter.capabilities)", "file \(path)",
                      "file uses " + (features.isEmpty ? "none" : features.map(\.rawValue).joined(separator: ", ")), "frames \(options.frames), draws at \(options.drawFrames.map(String.init).joined(separator: ","))"]
        switch outcome {
        case .dumped(let dump): return dump.text(header: header)
        default: return RuntimeDump().text(header: header + ["no dump: " + (outcome.failureText ?? "")])
        }
    }

    /// The file's name plus `.dump`, with `-2`, `-3`, … when another file had the same name.
    private func uniqueDumpName(for path: String) -> String {
        let base = (path as NSString).lastPathComponent
        var name = base + ".dump"
        var counter = 2
        while usedDumpNames.contains(name) {
            name = "\(base)-\(counter).dump"
            counter += 1
        }
        usedDumpNames.insert(name)
        return name
    }
}
