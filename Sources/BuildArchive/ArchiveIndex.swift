/// One file of a build archive: a line of its `index.tsv` (docs/build-archive.md).
public struct ArchiveEntry: Sendable, Hashable {
    /// What part of a build an entry holds.
    public enum Part: String, Sendable, Hashable {
        /// The runtime library, its headers and feature records: `KEY--cCOMPILER--fFLAGS`.
        case runtime
        /// Our driver and bench program built against a runtime part: `RUNTIME--pPROGRAMS`.
        case programs
        /// Runtime and programs in one file, as archives held them before the split: `KEY--pPROGRAMS--cCOMPILER`.
        case whole
        /// RiveRuntime's Swift layer built by scripts/build-rive-ios (module, library and what
        /// its upstream tests recompile): `rive-ios-COMMIT--cCOMPILER--mOURS`, where the commit is
        /// rive-ios's and OURS the hash of our sources it was built with (the programs hash).
        case appleModule = "apple-module"
        /// The Apple adapter program built over an Apple module part: `MODULE--aADAPTER`.
        case appleAdapter = "apple-adapter"

        /// Whether the part is a base other parts are built on: a runtime, a whole build or an Apple module.
        var isBase: Bool { self == .runtime || self == .whole || self == .appleModule }
    }

    /// The entry's name (see `Part`).
    public var name: String
    /// The runtime commit, full hash.
    public var commit: String
    /// The engine features asked for (`text`, `layout`, …), empty for none.
    public var features: [String]
    /// The sanitizers (`address`, `undefined`), empty for none.
    public var sanitizers: [String]
    /// The part of a build the entry holds.
    public var part: Part
    /// The hash of our programs' sources and link flags; empty for a runtime part.
    public var programsHash: String
    /// The hash of the compiler's version line.
    public var compilerHash: String
    /// The compiler's version line.
    public var compiler: String
    /// The hash of the runtime's compile flags; empty for a whole build (its name has none).
    public var runtimeFlagsHash: String
    /// The size of the entry's file, bytes.
    public var bytes: Int
    /// The sha256 of the entry's file, hex.
    public var sha256: String
    /// When it was added, UTC, ISO 8601 (`2026-12-05T07:09:48Z`), which sorts by time.
    public var added: String

    /// The part this one was built on (its name): a programs part's runtime part, an Apple
    /// adapter's module part; nil for the other parts.
    public var baseEntry: String? {
        let separator: String
        switch part {
        case .programs: separator = "--p"
        case .appleAdapter: separator = "--a"
        case .runtime, .whole, .appleModule: return nil
        }
        guard let range = name.range(of: separator, options: .backwards) else { return nil }
        return String(name[..<range.lowerBound])
    }

    /// The entry's file, relative to the archive.
    public var filePath: String { "builds/\(name).tar.gz" }

    /// The features and sanitizers together (`text,layout+asan`), or `rive-ios` for the Apple
    /// layer's parts: entries of one variant replace each other as commits move on.
    public var variant: String {
        if part == .appleModule || part == .appleAdapter { return "rive-ios" }
        return (features.isEmpty ? "none" : features.joined(separator: ",")) + (sanitizers.isEmpty ? "" : "+" + sanitizers.joined(separator: ","))
    }

    /// Creates an entry.
    public init(name: String, part: Part, commit: String, features: [String], sanitizers: [String], programsHash: String, compilerHash: String,
                compiler: String, runtimeFlagsHash: String, bytes: Int, sha256: String, added: String) {
        self.name = name
        self.part = part
        self.commit = commit
        self.features = features
        self.sanitizers = sanitizers
        self.programsHash = programsHash
        self.compilerHash = compilerHash
        self.compiler = compiler
        self.runtimeFlagsHash = runtimeFlagsHash
        self.bytes = bytes
        self.sha256 = sha256
        self.added = added
    }

    /// Parses one index line: twelve tab-separated fields (the part and the runtime flags hash
    /// last), or the ten of a whole build; nil for anything else.
    public init?(indexLine line: Substring) {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 10 || fields.count == 12, !fields[0].isEmpty, let bytes = Int(fields[7]), fields[8].count == 64 else { return nil }
        let part: Part
        if fields.count == 12 {
            guard let named = Part(rawValue: fields[10]), named != .whole, !fields[11].isEmpty else { return nil }
            part = named
        } else {
            part = .whole
        }
        func list(_ text: String) -> [String] { text == "none" || text.isEmpty ? [] : text.split(separator: ",").map(String.init) }
        self.init(name: fields[0], part: part, commit: fields[1], features: list(fields[2]), sanitizers: list(fields[3]),
                  programsHash: part == .runtime ? "" : fields[4], compilerHash: fields[5], compiler: fields[6],
                  runtimeFlagsHash: part == .whole ? "" : fields[11], bytes: bytes, sha256: fields[8], added: fields[9])
    }

    /// The entry as an index line, without the newline.
    public var indexLine: String {
        var fields = [name, commit, features.isEmpty ? "none" : features.joined(separator: ","), sanitizers.isEmpty ? "none" : sanitizers.joined(separator: ","),
                      programsHash.isEmpty ? "none" : programsHash, compilerHash, compiler, String(bytes), sha256, added]
        if part != .whole { fields += [part.rawValue, runtimeFlagsHash] }
        return fields.joined(separator: "\t")
    }
}

/// A build archive's index: its entries, the last line of each name counting, in the order
/// their names first appear; lines that are not entries are counted, not kept.
public struct ArchiveIndex: Sendable, Hashable {
    /// The comment line the build scripts and prune start an index with.
    public static let header = "# rive-harness build archive: entry, commit, features, sanitizers, programs, compiler hash, compiler, bytes, sha256, added, part, runtime flags hash"

    /// The entries.
    public var entries: [ArchiveEntry]
    /// How many non-comment lines were not entries (a damaged or newer index).
    public var unreadableLines: Int

    /// Parses an index's text.
    public init(parsing text: String) {
        var entries: [ArchiveEntry] = []
        var position: [String: Int] = [:]
        var unreadable = 0
        for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.allSatisfy(\.isWhitespace) {
            guard let entry = ArchiveEntry(indexLine: line) else {
                unreadable += 1
                continue
            }
            if let at = position[entry.name] {
                entries[at] = entry
            } else {
                position[entry.name] = entries.count
                entries.append(entry)
            }
        }
        self.entries = entries
        self.unreadableLines = unreadable
    }

    /// Creates an index of these entries.
    public init(entries: [ArchiveEntry]) {
        self.entries = entries
        self.unreadableLines = 0
    }

    /// The index file's text: the header, then one line per entry.
    public var text: String { ([Self.header] + entries.map(\.indexLine)).joined(separator: "\n") + "\n" }

    /// The total size of the entries' files, bytes.
    public var bytes: Int { entries.reduce(0) { $0 + $1.bytes } }
}

/// Which entries `archive prune` removes. A programs part goes with the runtime part it was
/// built against, an Apple adapter with its module.
public struct PrunePolicy: Sendable, Hashable {
    /// Keep only the newest N bases (runtime parts, whole builds and Apple modules, by time
    /// added) of each variant (features and sanitizers, or rive-ios); nil keeps all.
    public var keepPerVariant: Int?
    /// Remove entries added before this ISO 8601 UTC time; nil removes none by age.
    public var addedBefore: String?
    /// Remove programs parts and whole builds whose programs hash is not this one (older program
    /// sources); runtime parts stay, for later programs to be built against. Nil keeps every hash.
    public var programsHash: String?

    /// Creates a policy.
    public init(keepPerVariant: Int? = nil, addedBefore: String? = nil, programsHash: String? = nil) {
        self.keepPerVariant = keepPerVariant
        self.addedBefore = addedBefore
        self.programsHash = programsHash
    }

    /// The entries of `index` this policy removes, in index order.
    public func removals(from index: ArchiveIndex) -> [ArchiveEntry] {
        var removed: Set<String> = []
        if let addedBefore {
            for entry in index.entries where entry.added < addedBefore { removed.insert(entry.name) }
        }
        if let programsHash {
            for entry in index.entries where (entry.part == .programs || entry.part == .whole) && entry.programsHash != programsHash {
                removed.insert(entry.name)
            }
        }
        if let keep = keepPerVariant {
            let runtimes = index.entries.enumerated().filter { $0.element.part.isBase }
            for variant in Set(runtimes.map(\.element.variant)) {
                let newestFirst = runtimes.filter { $0.element.variant == variant }
                    .sorted { ($0.element.added, $0.offset) > ($1.element.added, $1.offset) }
                for (_, entry) in newestFirst.dropFirst(keep) { removed.insert(entry.name) }
            }
        }
        for entry in index.entries {
            if let base = entry.baseEntry, removed.contains(base) { removed.insert(entry.name) }
        }
        return index.entries.filter { removed.contains($0.name) }
    }
}
