import Foundation
import RuntimeAPI

/// The parts of a differential dump, in dump order (docs/diff.md describes each).
public enum DumpSection: String, Sendable, Hashable, CaseIterable {
    /// Artboard names, sizes, state machines, animations and default view models.
    case artboards
    /// View models, their properties with types, their instances, globals and enums.
    case viewModels
    /// The values of each view model's blank and default instance.
    case instances
    /// The frame reports of the play (advanced, time step, drew, settled).
    case frames
    /// The bound instance's values during the play: all at frame 0, then what changed.
    case boundValues
    /// The draw commands at the chosen frames of the play.
    case draws
    /// The rasterized frames at the chosen frames of the play, compared by similarity
    /// (`PixelComparison`), not line by line; dumped only when asked for.
    case pixels

    /// The sections dumped when none are named: all but `pixels`.
    public static let defaultSections = allCases.filter { $0 != .pixels }

    /// Parses a comma-separated list of section names into dump order, or names the first unknown one.
    public static func parseList(_ text: String) -> Result<[DumpSection], UnknownSectionName> {
        var sections: [DumpSection] = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false).map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let section = DumpSection(rawValue: name) else { return .failure(UnknownSectionName(name: name)) }
            if !sections.contains(section) { sections.append(section) }
        }
        return .success(allCases.filter(sections.contains))
    }
}

/// A section name that is not one of `DumpSection`'s.
public struct UnknownSectionName: Error, Sendable, Hashable {
    /// The name as given.
    public let name: String
}

/// One adapter's dump of one file: canonical lines per section.
public struct RuntimeDump: Sendable, Hashable {
    /// The lines of each dumped section.
    public var sections: [DumpSection: [String]]
    /// The rasterized frames of the `pixels` section, by frame number (not written to the dump text).
    public var frames: [Int: RasterFrame]

    /// Creates a dump.
    public init(sections: [DumpSection: [String]] = [:], frames: [Int: RasterFrame] = [:]) {
        self.sections = sections
        self.frames = frames
    }

    /// The dump as the text written under `--out`: a `[section]` line before each section's lines.
    public func text(header: [String]) -> String {
        var lines = header.map { "# " + $0 }
        for section in DumpSection.allCases {
            guard let body = sections[section] else { continue }
            lines.append("[\(section.rawValue)]")
            lines += body
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
