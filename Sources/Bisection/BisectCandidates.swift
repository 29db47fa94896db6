import Foundation
import HarnessSupport

/// Why bisect's candidates could not be listed.
public struct BisectSourceError: Error, Sendable {
    /// What kind of input was wrong.
    public enum Kind: Sendable {
        /// The commands file or the repository does not give two candidates.
        case badInput
        /// The range is not `GOOD..BAD`.
        case badRange
        /// git could not be started.
        case cannotStart
    }

    /// The kind.
    public var kind: Kind
    /// `error: …` and a hint line.
    public var message: String
}

extension BisectSource {
    /// The candidates of a commands file's text, oldest first: one adapter command per line,
    /// `LABEL<TAB>COMMAND` to name one (default labels v1, v2, …); blank lines and `#` lines ignored.
    /// - Throws: `BisectSourceError` (`badInput`) with fewer than two commands.
    public static func candidates(commandsFile text: String, path: String) throws(BisectSourceError) -> [BisectCandidate] {
        var candidates: [BisectCandidate] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map({ $0.trimmingCharacters(in: .whitespaces) })
        where !line.isEmpty && !line.hasPrefix("#") {
            let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
            let label = parts.count == 2 ? parts[0] : "v\(candidates.count + 1)"
            let command = parts.count == 2 ? parts[1] : line
            candidates.append(BisectCandidate(label: label, subject: command, payload: command))
        }
        guard candidates.count >= 2 else {
            throw BisectSourceError(kind: .badInput, message: "error: \(path) lists \(candidates.count) command(s); bisect needs at least a good and a bad one\n"
                                        + "  hint: one adapter command per line, oldest (good) first")
        }
        return candidates
    }

    /// The first-parent commits of `GOOD..BAD` in the git directory, GOOD first, oldest first.
    /// - Throws: `BisectSourceError` for a malformed range, a failing git command, or a GOOD
    ///   that is not an ancestor of BAD.
    public static func candidates(gitDirectory directory: String, range: String) throws(BisectSourceError) -> [BisectCandidate] {
        let parts = range.components(separatedBy: "..")
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw BisectSourceError(kind: .badRange, message: "error: '\(range)' is not a range GOOD..BAD\n  hint: name two commits, for example abc123..main")
        }
        func run(_ arguments: [String]) throws(BisectSourceError) -> Subprocess.Outcome {
            do { return try Subprocess.run("/usr/bin/env", ["git", "--git-dir", directory] + arguments) } catch {
                throw BisectSourceError(kind: .cannotStart, message: error.standardReport)
            }
        }
        func git(_ arguments: [String]) throws(BisectSourceError) -> String {
            let outcome = try run(arguments)
            guard outcome.status == 0 else {
                throw BisectSourceError(kind: .badInput, message: "error: git \(arguments.joined(separator: " ")) failed in \(directory): \(outcome.errorTail())\n"
                                            + "  hint: check --git-dir and that both ends of the range exist")
            }
            return outcome.standardOutput
        }
        let good = try git(["rev-parse", "--verify", parts[0] + "^{commit}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        guard try run(["merge-base", "--is-ancestor", good, parts[1]]).status == 0 else {
            throw BisectSourceError(kind: .badInput, message: "error: \(parts[0]) is not an ancestor of \(parts[1]) in \(directory)\n"
                                        + "  hint: GOOD must be an older commit on BAD's history; swap them or pick another range")
        }
        let log = try git(["log", "--first-parent", "--reverse", "--format=%H %s", "\(good)..\(parts[1])"])
        let goodSubject = try git(["log", "-1", "--format=%s", good]).trimmingCharacters(in: .whitespacesAndNewlines)
        let commits = [good + " " + goodSubject] + log.split(separator: "\n").map(String.init)
        return commits.map { line in
            let hash = String(line.prefix(40))
            return BisectCandidate(label: String(hash.prefix(10)), subject: String(line.dropFirst(41)), payload: hash)
        }
    }
}
