/// The parts of speech the importer's naming rules ask about.
enum PartOfSpeech {
    case preposition
    case verb
    case gerund
    case unknown

    /// The part of speech of one camel-case word, compared without case.
    ///
    /// Words ending in "ing" whose stem is a verb are gerunds; "auto", "re" and "de" may
    /// prefix a verb (`reload`, `deselect`).
    init(_ word: String) {
        let lowered = word.lowercased()
        if Self.prepositions.contains(lowered) {
            self = .preposition
            return
        }
        if Self.verbs.contains(lowered) {
            self = .verb
            return
        }
        if lowered.hasSuffix("ing"), lowered.count > 4 {
            let stem = String(lowered.dropLast(3))
            if PartOfSpeech(stem) == .verb || (stem.last != "e" && PartOfSpeech(stem + "e") == .verb) {
                self = .gerund
                return
            }
            let characters = Array(stem)
            if characters.count >= 2, characters[characters.count - 1] == characters[characters.count - 2],
               PartOfSpeech(String(stem.dropLast())) == .verb {
                self = .gerund
                return
            }
        }
        for prefix in ["auto", "re", "de"] where lowered.hasPrefix(prefix) && lowered.count > prefix.count {
            if PartOfSpeech(String(lowered.dropFirst(prefix.count))) == .verb {
                self = .verb
                return
            }
        }
        self = .unknown
    }

    /// The words the importer treats as prepositions when it splits and shortens names.
    static let prepositions: Set<String> = [
        "above", "after", "along", "alongside", "as", "at", "before", "below", "by", "following", "for",
        "from", "given", "in", "including", "inside", "into", "matching", "of", "on", "since", "to",
        "until", "using", "via", "with", "within",
    ]

    /// The words treated as verbs: whether the word before a type name is a verb decides
    /// whether the importer drops that type name from a method's name.
    ///
    /// Our own list of the verbs API names use, checked against what Swift's importer does
    /// with the rive-ios headers (the upstream Swift files and mocks type-check against the
    /// result); "up" is here because the importer treats it as one (`pointerUp:` keeps its
    /// name). A header using a verb that is missing here gets a name the upstream files do
    /// not call, which their compile reports.
    static let verbs: Set<String> = Set("""
        accept activate add adjust advance allocate allow animate append apply archive arm assign attach
        begin bind blend block bring build cache calculate call cancel capture change check choose clamp
        clear click clip close collapse combine commit compare compile complete compose compute configure
        connect contain continue convert copy count create crop cut deactivate decode decrement define
        delete deliver describe deselect destroy detach determine disable disconnect dismiss display
        dispose divide do drag drain draw drop dump edit emit empty enable encode end enqueue ensure enter
        evaluate execute exit expand export extend fetch fill filter find finish fire fit flatten flip
        flush focus force format forward freeze generate get give go grant grow handle hide highlight hit
        hold ignore import increment index initialize insert install instantiate invalidate invert invoke
        join jump keep kill launch layout leave let list listen load lock log look make map mark match
        measure merge minimize mix modify move multiply mute notify observe offset open order pan parse
        pass paste pause perform pick pin place play point pop post prefer prepare present press prevent
        print process produce publish pull push put query queue quit raise read receive record redo
        reduce reference refresh register reject release reload remove rename render reorder repeat
        replace reply report request require reset resize resolve restart restore resume retain retrieve
        return reverse revert rotate round run save scale scan schedule scroll search seek select send
        serve set settle shift show shrink shuffle sign simulate skip sleep snap sort speak split start
        step stop store stream stretch stroke submit subscribe subtract suspend swap switch sync take tap
        tell terminate test throw tick toggle touch trace track transform translate trigger trim truncate
        try turn undo unbind unload unlock unregister unsubscribe up update upload use validate verify
        view wait wake walk warn watch wrap write yield zoom
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
}
