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

    /// The words the importer treats as verbs.
    ///
    /// This is the word list of the Swift compiler's `lib/Basic/PartsOfSpeech.def`
    /// (Apache License 2.0 with Runtime Library Exception): whether a word is on it decides
    /// whether a type name after it is dropped, so the list has to be the same one.
    static let verbs: Set<String> = Set("""
        abbreviate accept add admire admit advise afford agree alert allow amuse analyse analyze announce
        annoy answer apologise appear append applaud apply appreciate approve argue arrange arrest arrive
        ask assign attach attack attempt attend attract avoid awake back bake balance ban bang bare bat
        bathe battle be beam beat become beg begin behave belong bend bet bid bite bleach bless blind blink
        blot blow blush boast boil bolt bomb book bore borrow bounce bow box brake branch break breathe
        bring broadcast bruise brush bubble build bump burn bury buy buzz calculate call camp cancel care
        carry carve catch cause challenge change charge chase cheat check cheer chew choke choose chop
        claim clap clean clear click clip close coach coil collect colour comb come command commit
        communicate compare compete complain complete concentrate concern confess confuse connect consider
        consist contain contains continue convert copy correct cough cost count cover crack crash crawl
        cross crush cry cure curl curve cut cycle dam damage dance dare decay deceive decide decorate delay
        delete delight deliver depend describe deselect desert deserve destroy detach detect develop dig
        disagree disappear disapprove disarm discover dislike dismiss display divide do double doubt drag
        drain draw dream dress drink drip drive drop drown drum dry duplicate dust earn eat edit educate
        embarrass employ empty encourage end enjoy enter entertain enumerate escape examine excite excuse
        execute exercise exist expand expect explain explode extend face fade fail fancy fasten fax fear
        feel fence fetch fight file fill film find fire fit fix flap flash float flood flow flower fly
        focus fold follow fool force forget forgive form found frame freeze frighten fry gather gaze get
        give glow glue go grab grate grease greet grin grip groan grow guarantee guard guess guide hammer
        hand handle hang happen harass harm hate haunt have head heal heap hear heat help hide highlight
        hit hold hook hop hope hover hug hum hunt hurry hurt identify ignore imagine impress improve
        include increase influence inform inject injure insert instruct intend interest interfere interrupt
        introduce invent invite irritate itch jail jam jog join joke judge juggle jump keep kick kill kiss
        kneel knit knock knot know label land last laugh launch lay lead learn leave lend let level license
        lick lie lighten like listen live load lock long look lose love make man manage march mark marry
        match mate matter mean measure meddle meet melt memorise mend merge mess milk mine miss mix moan
        moor mourn move muddle mug multiply murder nail name need nest nod note notice number obey observe
        obtain occur offend offer open order overflow owe own pack paddle paint park part pass paste pat
        pause pay peck pedal peel peep perform permit phone pick pinch pine place plan plant play please
        plug point poke polish pop possess post pour practice practise pray preach precede prefer prepare
        present preserve press pretend prevent prick print produce program promise protect provide pull
        pump punch puncture punish push put question queue race radiate rain raise reach read realise
        receive recognise record reduce reflect refuse register regret reign reject rejoice relax release
        rely remain remember remind remove repair repeat replace reply report reproduce request rescue
        resolve retire return rhyme ride ring rinse rise risk rob rock roll rot rub ruin rule run rush sack
        sail satisfy save saw say scare scatter scold scorch scrape scratch scream screw scribble scroll
        scrub seal search see select sell send separate serve settle shade share shave shelter shiver shock
        shop show shrug shut sigh sign signal sin sing sip sit ski skip slap sleep slip slow smash smell
        smile smoke snatch sneeze sniff snore snow soak soothe sound spare spark sparkle speak spell spend
        spill spoil spot spray sprout squash squeak squeal squeeze stain stamp stand standardise
        standardize stare start stay steer step stir stitch stop store strap strengthen stretch strip
        stroke stuff subtract succeed suck suffer suggest suit supply support suppose surprise surround
        suspect suspend swim switch take talk tame tap taste teach tear tease telephone tell tempt terrify
        test thank thaw think throw tick tickle tie time tip tire toggle touch tour tow trace track trade
        train transform transport trap travel treat tremble trick trip trot trouble trust try tug tumble
        turn twist type understand undress unfasten unite unlock unpack untidy up use validate vanish visit
        wail wait wake walk wander want warm warn wash waste watch water wave wear weigh welcome whine whip
        whirl whisper whistle win wink wipe wish wobble wonder work worry wrap wreck wrestle wriggle write
        yawn yell zip zoom
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
}
