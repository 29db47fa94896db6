/// The camel-case words of an identifier, split the way Swift's Objective-C importer splits them.
///
/// A run of capitals is one word (an initialism) that ends before its last capital when a
/// lowercase letter follows (`UIRenderer` is `UI`, `Renderer`), keeps a plural `s`
/// (`IDs`), and `_` is a word of its own. Digits stay in their word (`Int64`).
struct CamelCaseWords {
    /// The identifier's ASCII bytes.
    let bytes: [UInt8]
    /// The offset where each word starts.
    let starts: [Int]

    init(_ text: String) {
        bytes = Array(text.utf8)
        var starts: [Int] = []
        var position = 0
        while position < bytes.count {
            starts.append(position)
            position = Self.nextPosition(in: bytes, after: position)
        }
        self.starts = starts
    }

    /// The number of words.
    var count: Int { starts.count }

    /// The offset where word `index` ends.
    func end(of index: Int) -> Int { index + 1 < starts.count ? starts[index + 1] : bytes.count }

    /// Word `index`.
    subscript(index: Int) -> String { text(from: starts[index], to: end(of: index)) }

    /// The identifier's text between two offsets.
    func text(from lower: Int, to upper: Int) -> String {
        String(decoding: bytes[lower..<upper], as: UTF8.self)
    }

    /// The text before word `index` (the whole identifier when `index` is `count`).
    func prefix(before index: Int) -> String { text(from: 0, to: index < count ? starts[index] : bytes.count) }

    /// The text from word `index` on (empty when `index` is `count`).
    func suffix(from index: Int) -> String { index < count ? text(from: starts[index], to: bytes.count) : "" }

    /// The index of the word that starts at `offset`, or `count` when `offset` is the end.
    func wordIndex(startingAt offset: Int) -> Int? {
        offset == bytes.count ? count : starts.firstIndex(of: offset)
    }

    private static func nextPosition(in bytes: [UInt8], after position: Int) -> Int {
        if bytes[position] == UInt8(ascii: "_") { return position + 1 }
        var index = position
        while index < bytes.count, isUppercase(bytes[index]) { index += 1 }
        if index - position > 1 {
            var endOfNext = index
            while endOfNext < bytes.count, isLowercase(bytes[endOfNext]) { endOfNext += 1 }
            let next = String(decoding: bytes[index..<endOfNext], as: UTF8.self)
            let withLastCapital = String(decoding: bytes[(index - 1)..<endOfNext], as: UTF8.self)
            if index == bytes.count || (isPluralSuffix(next) && withLastCapital != "Is") { return endOfNext }
            return isLowercase(bytes[index]) ? index - 1 : index
        }
        while index < bytes.count, !isUppercase(bytes[index]), bytes[index] != UInt8(ascii: "_") { index += 1 }
        return index
    }
}

/// Case and word helpers shared by the naming rules.
enum CamelCase {
    /// The first word of `text`, or an empty string.
    static func firstWord(_ text: String) -> String {
        let words = CamelCaseWords(text)
        return words.count == 0 ? "" : words[0]
    }

    /// The last word of `text`, or an empty string.
    static func lastWord(_ text: String) -> String {
        let words = CamelCaseWords(text)
        return words.count == 0 ? "" : words[words.count - 1]
    }

    /// Whether two words are equal when the first letter's case is ignored.
    static func sameWordIgnoringFirstCase(_ first: String, _ second: String) -> Bool {
        guard first.utf8.count == second.utf8.count, let a = first.utf8.first, let b = second.utf8.first else {
            return first.isEmpty && second.isEmpty
        }
        return lowercase(a) == lowercase(b) && first.utf8.dropFirst().elementsEqual(second.utf8.dropFirst())
    }

    /// `text` with its first letter lowercased, unless it starts an initialism (`URL` stays).
    static func lowercasingWord(_ text: String) -> String {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, isUppercase(first) else { return text }
        if bytes.count > 1, isUppercase(bytes[1]) { return text }
        return String(decoding: [lowercase(first)] + bytes.dropFirst(), as: UTF8.self)
    }

    /// `text` with its leading capitals lowercased the way the importer lowercases names:
    /// `URLForKey` → `urlForKey`, `BGRA8Unorm` → `bgra8Unorm`, `IDs` → `ids`, `Fill` → `fill`.
    static func lowercasingInitialisms(_ text: String) -> String {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, isUppercase(first) else { return text }
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if index < bytes.count - 1, !isUppercase(bytes[index + 1]) {
                let rest = String(decoding: bytes[(index + 1)...], as: UTF8.self)
                if index == 0 || !isLetter(bytes[index + 1]) || isPluralSuffix(firstWord(rest)) {
                    result.append(lowercase(bytes[index]))
                    index += 1
                }
                result.append(contentsOf: bytes[index...])
                return String(decoding: result, as: UTF8.self)
            }
            result.append(lowercase(bytes[index]))
            index += 1
        }
        return String(decoding: result, as: UTF8.self)
    }
}

/// Whether a word is a plural suffix (`s`, `es`, `ies`).
func isPluralSuffix(_ word: String) -> Bool { word == "s" || word == "es" || word == "ies" }

func isUppercase(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
func isLowercase(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
func isLetter(_ byte: UInt8) -> Bool { isUppercase(byte) || isLowercase(byte) }
func lowercase(_ byte: UInt8) -> UInt8 { isUppercase(byte) ? byte + 32 : byte }
