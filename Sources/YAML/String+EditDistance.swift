extension String {
    /// The Levenshtein distance to `other`, comparing Unicode scalars case-insensitively.
    public func editDistance(to other: String) -> Int {
        let source = Array(lowercased().unicodeScalars)
        let target = Array(other.lowercased().unicodeScalars)
        guard !source.isEmpty else { return target.count }
        guard !target.isEmpty else { return source.count }
        var previous = Array(0...target.count)
        var current = previous
        for (row, sourceScalar) in source.enumerated() {
            current[0] = row + 1
            for (column, targetScalar) in target.enumerated() {
                let substitution = previous[column] + (sourceScalar == targetScalar ? 0 : 1)
                current[column + 1] = Swift.min(substitution, previous[column + 1] + 1, current[column] + 1)
            }
            swap(&previous, &current)
        }
        return previous[target.count]
    }
}

extension Sequence<String> {
    /// The element closest to `name` by edit distance, when one is close enough to be a
    /// likely typo (at most 2 edits, and fewer edits than `name` has characters).
    public func closestMatch(to name: String) -> String? {
        var best: (candidate: String, distance: Int)?
        for candidate in self where candidate != name {
            let distance = name.editDistance(to: candidate)
            if distance <= 2, distance < name.count, distance < best?.distance ?? .max {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }
}
