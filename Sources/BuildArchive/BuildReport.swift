/// What one run of `scripts/build-rive-cpp --report FILE` did: which archive entry the build
/// is, and whether its runtime and programs were compiled, found in the cache or imported.
public struct BuildReport: Sendable, Hashable {
    /// Where a part of the build came from.
    public enum Origin: String, Sendable, Hashable {
        /// Compiled by this run.
        case built
        /// Found in the local build cache.
        case cached
        /// Unpacked from the build archive.
        case imported
    }

    /// The build's archive entry name.
    public var entry: String
    /// Where the runtime library came from.
    public var runtime: Origin
    /// Where our programs came from.
    public var programs: Origin
    /// Whether this run added the build to the archive.
    public var exported: Bool

    /// Creates a report.
    public init(entry: String, runtime: Origin, programs: Origin, exported: Bool) {
        self.entry = entry
        self.runtime = runtime
        self.programs = programs
        self.exported = exported
    }

    /// Parses the report file's `name value` lines; nil when a line is missing or unknown.
    public init?(parsing text: String) {
        var fields: [Substring: Substring] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        guard let entry = fields["entry"], let runtime = fields["runtime"].flatMap({ Origin(rawValue: String($0)) }),
              let programs = fields["programs"].flatMap({ Origin(rawValue: String($0)) }), let exported = fields["exported"]
        else { return nil }
        self.init(entry: String(entry), runtime: runtime, programs: programs, exported: exported == "yes")
    }

    /// Whether anything was compiled (the runtime or our programs).
    public var compiled: Bool { runtime == .built || programs == .built }

    /// One word for progress lines: `compiled`; `relinked` (the runtime imported from the
    /// archive, our programs compiled against it); `imported`; or `cached`.
    public var summary: String {
        if runtime == .imported, programs == .built { return "relinked" }
        if compiled { return "compiled" }
        return runtime == .imported ? "imported" : "cached"
    }
}
