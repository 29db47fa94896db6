/// A position in source text (a YAML file, for example), 1-based for humans.
///
/// `line` counts lines from 1; `column` counts Unicode scalars from the start of the line,
/// also from 1, matching what editors show.
public struct Mark: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The 1-based line number.
    public var line: Int
    /// The 1-based column number, in Unicode scalars.
    public var column: Int

    /// Creates a mark at a 1-based line and column.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The start of the text: line 1, column 1.
    public static let start = Mark(line: 1, column: 1)

    /// The mark formatted as `line:column`.
    public var description: String { "\(line):\(column)" }

    /// Orders marks by line, then by column.
    public static func < (lhs: Mark, rhs: Mark) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}
