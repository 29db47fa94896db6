/// One option a command declares: its name, the placeholder of its value (none for a flag),
/// its help, and how the usage line shows it.
struct OptionSpec: Sendable {
    /// The option's name, such as `--adapter`; for a group row, the group's label (`adapter options`).
    let name: String
    /// The value's placeholder, such as `NAME` (nil for a flag); a placeholder starting with
    /// `=` is written against the name (`--build-args='ARGS'`).
    let value: String?
    /// The help lines, as they are printed after the label; nil when the surrounding text documents the option instead.
    let help: String?
    /// The item the usage line shows: nil for `[NAME VALUE]`, empty to leave it out (another item shows it).
    let synopsis: String?
    /// Whether the option is accepted but shown neither in the usage line nor in the options list.
    let hidden: Bool
    /// The names the command accepts for this row: the option's name, or a group's names.
    let names: [String]

    /// An option.
    init(_ name: String, _ value: String? = nil, synopsis: String? = nil, hidden: Bool = false, help: String?) {
        self.name = name
        self.value = value
        self.help = help
        self.synopsis = synopsis
        self.hidden = hidden
        names = [name]
    }

    /// A row that stands for options declared elsewhere (the adapter options), under one label.
    init(group label: String, names: [String], synopsis: String? = nil, hidden: Bool = false, help: String?) {
        name = label
        value = nil
        self.help = help
        self.synopsis = synopsis ?? "[\(label)]"
        self.hidden = hidden
        self.names = names
    }

    /// The left column of the options list: the name and the value's placeholder.
    var label: String {
        guard let value else { return name }
        return value.hasPrefix("=") ? name + value : name + " " + value
    }

    /// The usage line's item, or nil when the usage line leaves the option out.
    var usageItem: String? {
        if hidden { return nil }
        guard let synopsis else { return "[\(label)]" }
        return synopsis.isEmpty ? nil : synopsis
    }
}

/// A titled list of options in a command's help (`options:`, or bisect's `candidates:`), with
/// an optional paragraph printed after it.
struct OptionSection: Sendable {
    /// The heading, without its colon.
    let title: String
    /// The options, in the order help lists them.
    let options: [OptionSpec]
    /// Text printed after the list, separated by a blank line.
    let note: String?

    /// A section.
    init(_ title: String, _ options: [OptionSpec], note: String? = nil) {
        self.title = title
        self.options = options
        self.note = note
    }
}

/// The options a command declares, once: its usage line, the options part of its help, the
/// names it accepts (for unknown-option errors with "did you mean") and docs/cli.md's usage
/// check all come from this table.
struct OptionTable: Sendable {
    /// The widest usage line before it wraps.
    static let usageWidth = 92

    /// The command's name.
    let command: String
    /// The usage items before the options (`[CORPUS]`, `FILE.riv`), empty for none.
    let positionals: String
    /// The column where the help of an option starts.
    let column: Int
    /// The option lists; the last one ends with `--help`.
    let sections: [OptionSection]

    /// A table with one section, `options`.
    init(command: String, positionals: String = "", column: Int, options: [OptionSpec]) {
        self.init(command: command, positionals: positionals, column: column, sections: [OptionSection("options", options)])
    }

    /// A table with several sections.
    init(command: String, positionals: String = "", column: Int, sections: [OptionSection]) {
        self.command = command
        self.positionals = positionals
        self.column = column
        self.sections = sections
    }

    /// Every option name the command accepts, `--help` and `-h` included.
    var names: [String] { sections.flatMap { $0.options.flatMap(\.names) } + ["--help", "-h"] }

    /// The command and its usage items on one line, as docs/cli.md's command table shows them.
    var synopsis: String {
        ([command] + [positionals].filter { !$0.isEmpty } + sections.flatMap { $0.options.compactMap(\.usageItem) }).joined(separator: " ")
    }

    /// `usage: rive-harness COMMAND …`, wrapped at `usageWidth` with the items aligned after the command.
    var usage: String {
        let prefix = "usage: rive-harness \(command) "
        // An item too long for a line of its own wraps at its spaces outside brackets.
        let items = ([positionals].filter { !$0.isEmpty } + sections.flatMap { $0.options.compactMap(\.usageItem) }).flatMap { item in
            item.count + prefix.count <= Self.usageWidth ? [item] : Self.splitOutsideBrackets(item)
        }
        var lines: [String] = []
        var line = prefix
        for item in items {
            if line.count > prefix.count, line.count + item.count + 1 > Self.usageWidth {
                lines.append(line)
                line = String(repeating: " ", count: prefix.count)
            }
            line += (line.count > prefix.count ? " " : "") + item
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    /// The parts of a usage item between its spaces that are outside `[` `]`.
    private static func splitOutsideBrackets(_ item: String) -> [String] {
        var parts: [String] = []
        var part = ""
        var depth = 0
        for character in item {
            if character == "[" { depth += 1 }
            if character == "]" { depth -= 1 }
            if character == " ", depth == 0 {
                parts.append(part)
                part = ""
            } else {
                part.append(character)
            }
        }
        return parts + [part]
    }

    /// The option lists: each section's heading and rows (label, then the help from `column`),
    /// `--help` last.
    var optionsText: String {
        let helpRow = OptionSpec("--help", help: "show this help")
        return sections.enumerated().map { index, section in
            let rows = section.options.filter { !$0.hidden && $0.help != nil } + (index == sections.count - 1 ? [helpRow] : [])
            let text = "\(section.title):\n" + rows.map(row).joined(separator: "\n")
            return section.note.map { text + "\n\n" + $0 } ?? text
        }.joined(separator: "\n\n")
    }

    /// One option's rows: the label padded to `column` (two spaces after a longer one), the help
    /// lines after it, every further line indented to `column`.
    private func row(_ option: OptionSpec) -> String {
        let label = "  " + option.label
        let lead = label.count < column ? label + String(repeating: " ", count: column - label.count) : label + "  "
        let lines = (option.help ?? "").split(separator: "\n", omittingEmptySubsequences: false)
        return lead + lines[0] + lines.dropFirst().map { "\n" + String(repeating: " ", count: column) + $0 }.joined()
    }

    /// The whole help: the usage line, `about`, the option lists and `footer`, separated by blank lines.
    func help(about: String, footer: String) -> String {
        [usage, about, optionsText, footer].joined(separator: "\n\n")
    }
}
