/// A type's name as the importer's word-omission rules see it: `NSString`, `UInt64`, `Block`.
struct OmissionTypeName: Equatable {
    /// The Objective-C spelling with typedefs looked through (`uint64_t` is `UInt64`, a class is its name).
    var name: String
    /// For `NSArray<T>` (and other `…Array`/`…Set` types), the name of `T`.
    var collectionElement = ""
    /// `BOOL` or `bool`.
    var isBoolean = false
    /// A block or function.
    var isFunction = false
    /// The importer gives the parameter a default argument (`nil` for a trailing nullable block, `[]`…).
    var hasDefaultArgument = false

    var isEmpty: Bool { name.isEmpty }

    static func == (left: OmissionTypeName, right: OmissionTypeName) -> Bool {
        left.name == right.name && left.collectionElement == right.collectionElement
    }
}

/// Swift's "omit needless words" rules, which turn Objective-C selectors into Swift names.
///
/// The same steps as the importer, in the same order: strip a type name the method restates
/// from its base name, split the base name at its last preposition (`createDefaultArtboardFromFile:`
/// becomes `createDefaultArtboard(fromFile:)`), drop words of argument labels that restate the
/// parameter's type (`toTexture:(id<MTLTexture>)` becomes `to:`), and lowercase leading initialisms.
enum NeedlessWords {
    /// The role a name plays in a signature, which decides what may be dropped from it.
    enum Role {
        case baseName, firstParameter, subsequentParameter, property, partial
    }

    /// Shortens a method's or property's name in place.
    static func omit(baseName: inout String, argumentNames: inout [String], firstParameterName: String,
                     resultType givenResultType: OmissionTypeName, contextType: OmissionTypeName,
                     parameterTypes: [OmissionTypeName], returnsSelf: Bool, isProperty: Bool,
                     propertyNames: Set<String>?) {
        let resultType = returnsSelf ? contextType : givenResultType
        defer {
            baseName = CamelCase.lowercasingInitialisms(baseName)
            argumentNames = argumentNames.map(CamelCase.lowercasingInitialisms)
        }
        let resultTypeMatchesContext = resultType == contextType
        if resultTypeMatchesContext {
            baseName = omittingFromPrefix(baseName, type: contextType)
        }
        if !isProperty {
            baseName = omittingSelfType(from: baseName, type: contextType, propertyNames: propertyNames)
        }
        if parameterTypes.isEmpty {
            if resultTypeMatchesContext {
                baseName = omittingTrailingTypeName(baseName, type: resultType, role: .property, propertyNames: propertyNames)
            }
            return
        }
        if CamelCase.firstWord(baseName) == "set" {
            baseName = omittingTrailingTypeName(baseName, type: contextType, role: .property, propertyNames: propertyNames)
        }
        if !argumentNames.isEmpty {
            splitBaseName(&baseName, &argumentNames[0], parameterType: parameterTypes[0], parameterName: firstParameterName)
        }
        for index in argumentNames.indices where index < parameterTypes.count {
            let role: Role
            if index > 0 {
                role = .subsequentParameter
            } else if argumentNames[0].isEmpty {
                role = .baseName
            } else if baseName == "init" || parameterTypes[0].hasDefaultArgument {
                role = .subsequentParameter
            } else {
                role = .firstParameter
            }
            if role == .baseName {
                baseName = omittingTrailingTypeName(baseName, type: parameterTypes[index], role: role, propertyNames: propertyNames)
            } else {
                argumentNames[index] = omittingTrailingTypeName(argumentNames[index], type: parameterTypes[index], role: role, propertyNames: nil)
            }
        }
    }

    // MARK: - Matching names to types

    /// Whether a word of a name matches a word of a type: equal ignoring case, the end of an
    /// initialism (`URL` in `NSURL`), or a prefix followed by digits (`Int` in `Int32`).
    static func matches(nameWord: String, typeWord: String) -> Bool {
        let name = Array(nameWord.utf8), type = Array(typeWord.utf8)
        if name.count > type.count { return false }
        if name.count < type.count {
            let offset = type.count - name.count
            if nameWord.lowercased().utf8.elementsEqual(typeWord.lowercased().utf8.suffix(name.count)), !isLowercase(type[offset]) {
                for index in 0..<name.count where isLowercase(type[index]) || type[index] == UInt8(ascii: "_") {
                    return false
                }
                return true
            }
            if typeWord.lowercased().hasPrefix(nameWord.lowercased()) {
                return type[name.count...].allSatisfy(isDigit)
            }
            return false
        }
        return nameWord.lowercased() == typeWord.lowercased()
    }

    /// The type name without a suffix the rules may skip: `Type`, `Ref`, `Mask`, `2D`, `_t`.
    static func skippingTypeSuffix(_ typeName: String) -> String? {
        guard !typeName.isEmpty else { return nil }
        let lastWord = CamelCase.lastWord(typeName)
        if lastWord == "Type", typeName.count > 4 { return String(typeName.dropLast(4)) }
        if lastWord == "Ref", typeName.count > 3 { return String(typeName.dropLast(3)) }
        if lastWord == "Mask", typeName.count > 4 { return String(typeName.dropLast(4)) }
        let bytes = Array(typeName.utf8)
        if bytes.last == UInt8(ascii: "D"), bytes.count > 1 {
            var firstDigit = bytes.count - 1
            while firstDigit > 0, isDigit(bytes[firstDigit - 1]) { firstDigit -= 1 }
            if firstDigit < bytes.count - 1 { return String(decoding: bytes[..<firstDigit], as: UTF8.self) }
        }
        if typeName.count > 2, typeName.hasSuffix("_t") { return String(typeName.dropLast(2)) }
        return nil
    }

    /// The index of the first word of `name` that starts the match of the type name at its end,
    /// or the word count when nothing matches.
    static func matchFromBack(_ name: String, type givenType: OmissionTypeName, propertyNames: Set<String>?) -> Int {
        let nameWords = CamelCaseWords(name)
        var typeName = givenType
        var typeWords = CamelCaseWords(typeName.name)
        var nameIndex = nameWords.count - 1
        let nameBegin = nameIndex
        var typeIndex = typeWords.count - 1
        while nameIndex >= 0, typeIndex >= 0 {
            let nameWord = nameWords[nameIndex]
            let typeWord = typeWords[typeIndex]
            if matches(nameWord: nameWord, typeWord: typeWord) {
                nameIndex -= 1
                typeIndex -= 1
                continue
            }
            if (matches(nameWord: nameWord, typeWord: "Indexes") || matches(nameWord: nameWord, typeWord: "Indices")),
               typeWord == "Set", typeIndex > 0, matches(nameWord: "Index", typeWord: typeWords[typeIndex - 1]) {
                nameIndex -= 1
                typeIndex -= 2
                continue
            }
            if matches(nameWord: nameWord, typeWord: "Index"),
               matches(nameWord: "Int", typeWord: typeWord) || matches(nameWord: "Integer", typeWord: typeWord) {
                nameIndex -= 1
                typeIndex -= 1
                continue
            }
            if matches(nameWord: "Object", typeWord: typeWord), matches(nameWord: nameWord, typeWord: "Value"),
               nameIndex > 0, matches(nameWord: nameWords[nameIndex - 1], typeWord: "Object") {
                nameIndex -= 2
                typeIndex -= 1
                continue
            }
            if !typeName.collectionElement.isEmpty, nameWord.count > 2, nameWord.hasSuffix("s") {
                let shortened = String(nameWords.text(from: 0, to: nameWords.end(of: nameIndex)).dropLast())
                let element = OmissionTypeName(name: typeName.collectionElement)
                let newShortened = omittingTrailingTypeName(shortened, type: element, role: .partial, propertyNames: propertyNames)
                if shortened != newShortened {
                    let target = newShortened.utf8.count
                    while nameIndex >= 0, nameWords.end(of: nameIndex) > target { nameIndex -= 1 }
                    continue
                }
            }
            if nameIndex == nameBegin, let shorter = skippingTypeSuffix(typeName.name) {
                typeName.name = shorter
                typeWords = CamelCaseWords(shorter)
                typeIndex = typeWords.count - 1
                continue
            }
            break
        }
        return nameIndex + 1
    }

    /// `name` without the words at its end that restate `type`, when the role allows it.
    static func omittingTrailingTypeName(_ name: String, type: OmissionTypeName, role: Role, propertyNames: Set<String>?) -> String {
        if name.isEmpty || type.isEmpty { return name }
        let words = CamelCaseWords(name)
        let match = matchFromBack(name, type: type, propertyNames: propertyNames)
        if match == words.count { return name }
        if match == 0 { return role == .partial || role == .firstParameter ? "" : name }
        if match == words.count - 1, words[match] == "Error" { return name }
        let previous = PartOfSpeech(words[match - 1])
        switch role {
        case .property:
            break
        case .firstParameter, .partial, .subsequentParameter:
            if previous == .unknown { return name }
        case .baseName:
            switch previous {
            case .preposition:
                if match - 1 == 0 { return name }
            case .verb, .gerund:
                if textMatchesPropertyName(words.suffix(from: match), propertyNames) { return name }
            case .unknown:
                return name
            }
        }
        let newName = words.prefix(before: match)
        if role == .baseName || role == .property, !canBeMemberName(newName) || isVacuousName(newName) { return name }
        return newName
    }

    /// `name` without a restatement of the context type that follows a verb (`dismissViewControllerAnimated` → `dismissAnimated`).
    static func omittingSelfType(from name: String, type givenType: OmissionTypeName, propertyNames: Set<String>?) -> String {
        if name.isEmpty || givenType.isEmpty { return name }
        var typeName = OmissionTypeName(name: givenType.name)
        let words = CamelCaseWords(name)
        var matching: Range<Int>?
        for wordCount in stride(from: words.count, to: 0, by: -1) {
            let end = words.end(of: wordCount - 1)
            let prefix = words.text(from: 0, to: end)
            let prefixWords = CamelCaseWords(prefix)
            let matchIndex = matchFromBack(prefix, type: typeName, propertyNames: propertyNames)
            let matchStart = matchIndex < prefixWords.count ? prefixWords.starts[matchIndex] : prefixWords.bytes.count
            if matchStart != end {
                matching = matchStart..<end
                break
            }
            while let shorter = skippingTypeSuffix(typeName.name) { typeName.name = shorter }
        }
        guard let matching, matching.lowerBound > 0, let firstMatched = words.wordIndex(startingAt: matching.lowerBound) else {
            return name
        }
        if matching.upperBound == words.bytes.count, firstMatched == words.count - 1, words[firstMatched] == "Error" { return name }
        guard PartOfSpeech(words[firstMatched - 1]) == .verb else { return name }
        if textMatchesPropertyName(words.text(from: matching.lowerBound, to: matching.upperBound), propertyNames) { return name }
        let newName = words.text(from: 0, to: matching.lowerBound) + words.text(from: matching.upperBound, to: words.bytes.count)
        if !canBeMemberName(newName) || isVacuousName(newName) { return name }
        return newName
    }

    /// `name` without a leading restatement of `type` when a preposition follows it.
    static func omittingFromPrefix(_ name: String, type: OmissionTypeName) -> String {
        if type.isEmpty { return name }
        let newName = matchingLeadingTypeName(name, type: type)
        if newName == name { return name }
        let firstWord = CamelCase.firstWord(newName)
        if PartOfSpeech(firstWord) == .preposition, newName.count > firstWord.count {
            if firstWord == "By" {
                let rest = String(newName.dropFirst(firstWord.count))
                if CamelCase.firstWord(rest).hasSuffix("ing") { return rest }
            }
            return newName
        }
        return name
    }

    /// `name` without the words at its start that match the end of `type`, or `name` unchanged.
    static func matchingLeadingTypeName(_ name: String, type: OmissionTypeName) -> String {
        let nameWords = CamelCaseWords(name)
        let typeWords = CamelCaseWords(type.name)
        guard nameWords.count > 0 else { return name }
        guard let found = (0..<typeWords.count).reversed().first(where: { matches(nameWord: nameWords[0], typeWord: typeWords[$0]) }) else {
            return name
        }
        var typeIndex = found + 1
        var nameIndex = 1
        // The importer compares with the type's word first, as std::mismatch passes them.
        while typeIndex < typeWords.count, nameIndex < nameWords.count,
              matches(nameWord: typeWords[typeIndex], typeWord: nameWords[nameIndex]) {
            typeIndex += 1
            nameIndex += 1
        }
        if typeIndex != typeWords.count { return name }
        return nameWords.suffix(from: nameIndex)
    }

    // MARK: - Splitting base names

    /// Moves the words after the base name's last preposition into the first argument label,
    /// when the first argument has no label yet.
    static func splitBaseName(_ baseName: inout String, _ argumentName: inout String,
                              parameterType: OmissionTypeName, parameterName: String) {
        guard argumentName.isEmpty else { return }
        if parameterType.isBoolean, CamelCase.lastWord(baseName) == "Animated" {
            baseName = String(baseName.dropLast("Animated".count))
            argumentName = "animated"
            return
        }
        if CamelCase.firstWord(baseName) == "set" { return }
        if parameterName == "sender", CamelCase.lastWord(parameterType.name) == "Object" { return }
        splitAfterLastPreposition(&baseName, &argumentName, parameterType: parameterType)
    }

    private static func splitAfterLastPreposition(_ baseName: inout String, _ argumentName: inout String, parameterType: OmissionTypeName) {
        let words = CamelCaseWords(baseName)
        guard var position = lastPreposition(in: words, below: words.count) else { return }
        var prepositionStart = words.starts[position]
        let prepositionEnd = words.end(of: position)
        let word = words[position]
        if position > 0, wordConflictsBefore(words[position - 1], preposition: word) { return }
        if position < words.count - 1, wordConflictsAfter(words[position + 1], preposition: word) { return }
        if position > 0, priorWordExtends(words[position - 1], preposition: word) {
            position -= 1
            prepositionStart = words.starts[position]
        }
        let preposition = words.text(from: prepositionStart, to: prepositionEnd)
        let after = words.text(from: prepositionEnd, to: words.bytes.count)
        let dropPreposition = isVacuous(preposition: preposition, after: after, parameterType: parameterType)
        let onLabel = after != "X" && after != "Y" && after != "Z"
        var startOfLabel = onLabel ? prepositionStart : prepositionEnd
        var endOfBaseName = startOfLabel
        if dropPreposition {
            if onLabel {
                startOfLabel += preposition.utf8.count
            } else {
                endOfBaseName -= preposition.utf8.count
            }
        }
        if endOfBaseName == 0 { return }
        let newBaseName = words.text(from: 0, to: endOfBaseName)
        let newWords = CamelCaseWords(newBaseName)
        let isKeyword = !canBeMemberName(newWords[0])
        let vacuous = isVacuousName(newWords[0])
        if isKeyword || vacuous {
            if newWords.count == 1 { return }
            if newWords.count == 2, vacuous { return }
        }
        argumentName = words.text(from: startOfLabel, to: words.bytes.count)
        baseName = newBaseName
    }

    /// The index of the last preposition before word `limit`; a trailing "of" defers to an
    /// earlier preposition other than "of" or "for".
    private static func lastPreposition(in words: CamelCaseWords, below limit: Int, recursive: Bool = false) -> Int? {
        guard let found = (0..<limit).reversed().first(where: { PartOfSpeech(words[$0]) == .preposition }) else { return nil }
        if !recursive, CamelCase.sameWordIgnoringFirstCase(words[found], "of"),
           let earlier = lastPreposition(in: words, below: found, recursive: true),
           !CamelCase.sameWordIgnoringFirstCase(words[earlier], "of"), !CamelCase.sameWordIgnoringFirstCase(words[earlier], "for") {
            return earlier
        }
        return found
    }

    private static func wordConflictsBefore(_ word: String, preposition: String) -> Bool {
        CamelCase.sameWordIgnoringFirstCase(preposition, "in") && CamelCase.sameWordIgnoringFirstCase(word, "plug")
    }

    private static func wordConflictsAfter(_ word: String, preposition: String) -> Bool {
        let same = CamelCase.sameWordIgnoringFirstCase
        if same(preposition, "with"), same(word, "error") || same(word, "no") { return true }
        if same(preposition, "to"), same(word, "visible") || same(word, "backing") { return true }
        if same(preposition, "from"), same(word, "backing") { return true }
        return false
    }

    private static func priorWordExtends(_ preceding: String, preposition: String) -> Bool {
        let same = CamelCase.sameWordIgnoringFirstCase
        return (same(preceding, "compatible") && same(preposition, "with"))
            || (same(preceding, "best") && same(preposition, "matching"))
            || (same(preceding, "according") && same(preposition, "to"))
            || (same(preceding, "bound") && same(preposition, "by"))
            || (same(preceding, "separated") && same(preposition, "by"))
    }

    private static func isVacuous(preposition: String, after: String, parameterType: OmissionTypeName) -> Bool {
        let same = CamelCase.sameWordIgnoringFirstCase
        guard same(preposition, "with") || same(preposition, "using") else { return false }
        if same(preposition, "with"), same(CamelCase.firstWord(after), "zone") { return false }
        return parameterType.hasDefaultArgument || parameterType.isFunction
    }

    // MARK: - Small predicates

    /// Names the rules never shorten a name to: `get`, `for`, `set`, `using`, `with`.
    static func isVacuousName(_ name: String) -> Bool {
        ["get", "for", "set", "using", "with"].contains { CamelCase.sameWordIgnoringFirstCase(name, $0) }
    }

    /// Whether a name can name a member (`init`, `Protocol`, `self`, `Type` cannot).
    static func canBeMemberName(_ name: String) -> Bool {
        !["init", "Protocol", "self", "Type"].contains(name)
    }

    /// Whether `text` (lowercased, or as a plural) is a property of the class.
    static func textMatchesPropertyName(_ text: String, _ propertyNames: Set<String>?) -> Bool {
        guard let propertyNames else { return false }
        let name = CamelCase.lowercasingWord(text)
        if propertyNames.contains(name) { return true }
        if name.hasSuffix("y") {
            return propertyNames.contains(String(name.dropLast()) + "ies")
        }
        return propertyNames.contains(name + "s") || propertyNames.contains(name + "es")
    }
}
