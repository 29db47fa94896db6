import Foundation

/// What a fuzz case found, and the signature that buckets it with the same failure.
public struct FuzzFinding: Sendable, Hashable, Codable {
    /// The oracle that fired.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// The adapter died (a signal or an exit), without a sanitizer report.
        case crash
        /// A sanitizer (AddressSanitizer, UndefinedBehaviorSanitizer) reported an error.
        case sanitizer
        /// The adapter did not answer within the timeout.
        case hang
        /// Loading and dumping the same file twice gave two different dumps.
        case unstableDump = "unstable-dump"
        /// Two adapters dumped a section both support differently.
        case divergence
    }

    /// The oracle that fired.
    public var kind: Kind
    /// The adapter it concerns (`rive-cpp`; `reference,rive-cpp` for a divergence).
    public var adapter: String
    /// The bucket: equal signatures are one failure (`asan heap-use-after-free in rive::X::y src/x.cpp:12`).
    public var signature: String
    /// The evidence: a sanitizer summary, the stderr tail, or both sides' first differing lines.
    public var detail: String
    /// For a divergence that is a documented behaviour of one adapter, its rule and what it
    /// is (`SRC-1N rive-cpp: a blank instance's nested value …`); `nil` for everything else.
    public var known: String?
    /// For a divergence, the later dump sections that differ too (the signature names the first).
    public var otherSections: [String]?

    /// Creates a finding.
    public init(kind: Kind, adapter: String, signature: String, detail: String, known: String? = nil, otherSections: [String]? = nil) {
        self.kind = kind
        self.adapter = adapter
        self.signature = signature
        self.detail = detail
        self.known = known
        self.otherSections = otherSections
    }

    /// Whether a divergence or unstable dump shows in a dump section, first or later.
    public func differs(in section: String) -> Bool {
        signature.contains(" \(section): ") || (otherSections ?? []).contains(section)
    }
}

/// Turns an adapter's failure text into a stable bucket signature.
///
/// Paths are cut to the part from `src/` or `include/` on (builds extract the runtime into a
/// new temporary folder each time), hexadecimal addresses and numbers that vary between runs
/// are dropped, and the first stack frame in the runtime's own code names the place.
public enum FailureSignature {
    /// The kind and signature of a crash from the failure message (which holds the child's
    /// stderr tail): a sanitizer's summary line when there is one, else the first frame in the
    /// runtime's code, else how the process ended.
    public static func crash(adapter: String, message: String) -> (kind: FuzzFinding.Kind, signature: String) {
        let lines = message.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        // UBSan's summary says only "undefined-behavior"; its "runtime error:" line says what.
        if let runtimeError = lines.first(where: { $0.contains(": runtime error: ") }) {
            let parts = runtimeError.components(separatedBy: ": runtime error: ")
            let place = parts[0].split(separator: " ").last.map(String.init) ?? parts[0]
            return (.sanitizer, "ubsan \(dropNumbers(parts[1])) \(sourcePlace(place))")
        }
        if let summary = lines.last(where: { $0.contains("SUMMARY: AddressSanitizer:") || $0.contains("SUMMARY: UndefinedBehaviorSanitizer:") }) {
            let isAddress = summary.contains("AddressSanitizer")
            var rest = String(summary[summary.range(of: "Sanitizer: ")!.upperBound...])
            // "heap-use-after-free /tmp/x/src/a.cpp:12:3 in rive::A::b(int)"
            let problem = String(rest.prefix { $0 != " " })
            rest = String(rest.dropFirst(problem.count)).trimmingCharacters(in: .whitespaces)
            var place = ""
            var function = ""
            if let inRange = rest.range(of: " in ") {
                place = String(rest[..<inRange.lowerBound])
                function = String(rest[inRange.upperBound...])
            } else if rest.hasPrefix("in ") {
                function = String(rest.dropFirst(3))
            } else {
                place = rest
            }
            if isAddress, let frame = firstRuntimeFrame(in: lines) { (function, place) = frame }
            return (.sanitizer, ([isAddress ? "asan" : "ubsan", problem] + (function.isEmpty ? [] : ["in", shortFunction(function)])
                                 + (place.isEmpty ? [] : [sourcePlace(place)])).joined(separator: " "))
        }
        let ending = lines.lazy.compactMap(processEnding).first
        if let frame = firstRuntimeFrame(in: lines) {
            return (.crash, (["\(adapter) crashed", ending.map { "(\($0))" }, "in", shortFunction(frame.function),
                              frame.place.isEmpty ? nil : sourcePlace(frame.place)] as [String?]).compactMap { $0 }.joined(separator: " "))
        }
        return (.crash, "\(adapter) crashed" + (ending.map { " (\($0))" } ?? ""))
    }

    /// The signature of a divergence: the section and the first differing lines' shapes
    /// (`divergenceShape`), so the same kind of difference on other objects is one bucket
    /// (`draws: frame N #N fill … | frame N #N stroke …`).
    public static func divergence(section: String, left: String, right: String) -> String {
        "\(section): \(divergenceShape(left)) | \(divergenceShape(right))"
    }

    /// A dump line's shape for a divergence signature: colors (`#AARRGGBB`) become `#C`,
    /// numbers N and quoted strings S (`shape`), and the property path of an instance value
    /// (`S blank child/toGreen: …`) or a bound value (`frame N child/toGreen: …`) becomes P.
    public static func divergenceShape(_ line: String) -> String {
        let colorless = line.replacingOccurrences(of: "#[0-9A-Fa-f]{8}\\b", with: "#C", options: .regularExpression)
        return shape(colorless).replacingOccurrences(of: "^(S (?:blank|default) |frame N )[^:]+: ", with: "$1P: ", options: .regularExpression)
    }

    /// A line's shape: numbers become N and quoted strings S, so the same kind of
    /// difference on other values lands in one bucket.
    public static func shape(_ line: String) -> String {
        let characters = Array(line)
        var out = ""
        var inQuote = false
        var previousWasNumber = false
        var index = 0
        while index < characters.count {
            let character = characters[index]
            index += 1
            if inQuote {
                if character == "\\" { index += 1 } else if character == "\"" { inQuote = false }
                continue
            }
            let startsNegative = character == "-" && index < characters.count && characters[index].isNumber
            if character == "\"" {
                inQuote = true
                out += "S"
                previousWasNumber = false
            } else if character.isNumber || startsNegative || (character == "." && previousWasNumber) {
                if !previousWasNumber { out += "N" }
                previousWasNumber = true
            } else {
                out.append(character)
                previousWasNumber = false
            }
        }
        return out
    }

    /// `(function, place)` of the first `#N 0x… in FUNCTION [PLACE]` frame in the runtime's
    /// code: a place under `src/` or `include/rive/` (sanitizer reports), or, in reports
    /// without places (the driver's own fatal-signal report), a function in `rive::`;
    /// sanitizer, libc and harness frames are skipped.
    static func firstRuntimeFrame(in lines: [String]) -> (function: String, place: String)? {
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("#"), let inRange = trimmed.range(of: " in ") else { continue }
            let rest = String(trimmed[inRange.upperBound...])
            var function = rest
            var place = ""
            if let space = rest.lastIndex(of: " ") {
                let last = String(rest[rest.index(after: space)...])
                if last.contains("/") { place = last; function = String(rest[..<space]) }
            }
            if !place.isEmpty {
                if place.contains("/src/") || place.contains("/include/rive/") { return (function, place) }
            } else if function.hasPrefix("rive::") {
                return (function, "")
            }
        }
        return nil
    }

    /// How the process ended, from a failure line: `signal 11 (Segmentation fault)`,
    /// `exit status 3`, `closed its output`.
    static func processEnding(_ line: String) -> String? {
        if let range = line.range(of: "signal ") {
            let tail = line[range.lowerBound...]
            let number = tail.dropFirst("signal ".count).prefix { $0.isNumber }
            guard !number.isEmpty else { return nil }
            var ending = "signal \(number)"
            let afterNumber = tail.dropFirst("signal ".count + number.count)
            if afterNumber.hasPrefix(" ("), let close = afterNumber.firstIndex(of: ")") {
                ending += String(afterNumber[..<afterNumber.index(after: close)])
            }
            return ending
        }
        if let range = line.range(of: "exit status ") ?? line.range(of: "exited with status ") {
            let number = line[range.upperBound...].prefix { $0.isNumber }
            return number.isEmpty ? nil : "exit status \(number)"
        }
        if line.contains("closed its output") { return "closed its output" }
        return nil
    }

    /// A path from `src/` or `include/` on, with the line and without the column.
    static func sourcePlace(_ path: String) -> String {
        var place = path
        for marker in ["/src/", "/include/"] {
            if let range = place.range(of: marker, options: .backwards) { place = String(place[place.index(after: range.lowerBound)...]); break }
        }
        let parts = place.split(separator: ":")
        return parts.count >= 2 ? "\(parts[0]):\(parts[1])" : place
    }

    /// A function name without its parameter list.
    static func shortFunction(_ function: String) -> String {
        guard let paren = function.firstIndex(of: "(") else { return function }
        return String(function[..<paren])
    }

    /// The words of a sanitizer's message with each number (decimal, hex, negative, and one
    /// followed by punctuation, as in `load of value 32, which`) replaced by N.
    private static func dropNumbers(_ text: String) -> String {
        text.split(separator: " ").map { word -> String in
            let punctuation = word.reversed().prefix { ",;:)".contains($0) }.count
            let bare = word.dropLast(punctuation)
            let digits = bare.hasPrefix("-") ? bare.dropFirst() : bare[...]
            let isNumber = digits.allSatisfy { $0.isNumber || $0 == "x" || $0 == "." || $0.isHexDigit } && digits.contains(where: \.isNumber)
            return isNumber ? "N" + word.suffix(punctuation) : String(word)
        }.joined(separator: " ")
    }
}
