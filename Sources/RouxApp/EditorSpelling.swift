import Foundation
import Recipes
import RichText
public import Spelling
import TextLayout

/// Spell checking in the text pane: the dictionaries, the open recipe's
/// checker, and what was found in each paragraph.
///
/// Checking never runs on a keystroke's path: the run loop asks for it
/// when the user pauses (`EditorController.checkSpellingOnScreen`), for the
/// paragraphs on screen only; drawing reads what was found. Results are
/// kept by paragraph text (an edit to a paragraph makes it a new one, so it
/// is checked again; the others are not) and, for drawing, by the layout
/// generation of the paragraph (which an edit to it changes too).
public final class EditorSpelling {
    /// Whether misspelt words are underlined (Shift-F9 turns it off and on).
    public internal(set) var isOn = true
    public let shelf: DictionaryShelf
    public let wordList: PersonalWordList
    /// The folder's recipes' names, read in the background.
    let folderNames = FolderNames()
    /// The open recipe's checkers, one per script, each made when a
    /// paragraph in its script is first checked; and what they are made from.
    private var checkers: [SpellScript: SpellChecker] = [:]
    private var madeFrom: Source?
    /// The user's words, read once (and again after "Add to dictionary").
    private var personalWords: [String]?
    /// Misspelt words (UTF-8 ranges in the paragraph) by paragraph text and skipped ranges.
    private var byParagraph: [ParagraphText: [Range<Int>]] = [:]
    /// The same, by layout generation, for drawing; for one layout at a time.
    private var byGeneration: [Int: [Range<Int>]] = [:]
    private var generationsOf: ObjectIdentifier?
    /// Said once: no dictionary at all, or none for a recipe's languages.
    var saidNoDictionary = false
    var saidMissingLanguages: Set<String> = []
    /// The languages found without a dictionary, in the order met.
    private(set) var missingLanguages: [String] = []
    /// The languages the text was last guessed to be in, and of which text.
    var guessedLanguages: (of: TextVersion, languages: [String])?

    /// One version of one session's text.
    struct TextVersion: Equatable {
        var session: ObjectIdentifier
        var version: Int
        var length: Int
    }

    /// What a checker is made from: a new one when any of it changes.
    struct Source: Equatable {
        var languages: [String]
        var names: Set<String>

        /// The languages whose dictionaries check words of `script`: the
        /// recipe's written in it, else the script's own (Hebrew's).
        func languages(for script: SpellScript) -> [String] {
            let named = languages.filter { SpellScript(language: $0) == script }
            guard named.isEmpty else { return named }
            return script.ownLanguage.map { [$0] } ?? []
        }
    }

    /// A paragraph as checked: its text and the ranges that are not prose.
    struct ParagraphText: Hashable {
        var text: String
        var skipped: [Range<Int>]
    }

    static let cacheLimit = 4096
    /// A paragraph longer than this (UTF-8 bytes) is checked by pieces of
    /// `pieceLength`, only those on screen: a 5 MB paragraph of 800,000
    /// words is never checked whole at a pause (that took seconds, and a
    /// key or Ctrl-Q waited for it).
    static let wholeParagraphLimit = 16_384
    static let pieceLength = 4_096
    /// Read on each side of a piece, so a word that crosses its edge is read whole.
    static let pieceMargin = 512
    /// The pieces of a long paragraph already checked, by layout generation.
    private var piecesChecked: [Int: Set<Int>] = [:]

    public init(shelf: DictionaryShelf = DictionaryShelf(folders: .standard()), wordList: PersonalWordList = .standard()) {
        self.shelf = shelf
        self.wordList = wordList
    }

    /// The user's words.
    var userWords: [String] {
        if let personalWords { return personalWords }
        let words = wordList.words()
        personalWords = words
        return words
    }

    /// After the user's list changed: read again, and everything checked again.
    func userWordsChanged() {
        personalWords = nil
        madeFrom = nil
        forgetResults()
    }

    func forgetResults() {
        byParagraph.removeAll()
        forgetGenerations()
    }

    private func forgetGenerations() {
        byGeneration.removeAll()
        piecesChecked.removeAll()
    }

    /// Results by generation hold for one layout at a time.
    private func adopt(_ layout: TextLayoutManager) {
        guard generationsOf != ObjectIdentifier(layout) else { return }
        generationsOf = ObjectIdentifier(layout)
        forgetGenerations()
    }

    /// Checks with `source` from now on unless it is the one prepared last;
    /// true when it is new (what was found before no longer holds).
    func prepare(_ source: Source) -> Bool {
        guard source != madeFrom else { return false }
        madeFrom = source
        checkers.removeAll()
        forgetResults()
        return true
    }

    /// Whether a checker made so far has a dictionary.
    var hasDictionaries: Bool {
        checkers.values.contains { !$0.dictionaries.isEmpty }
    }

    /// The checker of the words of `script`, made the first time it is
    /// asked for: a language's dictionary is read only when words in its
    /// script are checked. nil before `prepare`, and while the dictionaries
    /// are read on another thread (`inBackground`: no key waits for them).
    func checker(for script: SpellScript, inBackground: Bool = false) -> SpellChecker? {
        if let made = checkers[script] { return made }
        guard let source = madeFrom else { return nil }
        let languages = source.languages(for: script)
        if inBackground, !shelf.hasLookedUp(languages) {
            shelf.readInBackground(languages)
            return nil
        }
        let checker = shelf.checker(languages: languages, accepting: source.names.union(userWords))
        checkers[script] = checker
        for language in languages where shelf.dictionary(for: language) == nil && !missingLanguages.contains(language) {
            missingLanguages.append(language)
        }
        return checker
    }

    /// What drawing shows for a paragraph's layout generation in `layout`
    /// (nil: not checked yet).
    func misspelt(generation: Int, in layout: TextLayoutManager) -> [Range<Int>]? {
        guard isOn, generationsOf == ObjectIdentifier(layout) else { return nil }
        return byGeneration[generation]
    }

    /// Checks a paragraph unless it was: the misspelt ranges, and whether
    /// they were worked out now (the screen then changes). A paragraph whose
    /// dictionaries are being read is left for a later pause.
    func check(_ paragraph: ParagraphText, generation: Int, in layout: TextLayoutManager, inBackground: Bool = false) -> Bool {
        adopt(layout)
        guard byGeneration[generation] == nil, madeFrom != nil else { return false }
        if byGeneration.count > Self.cacheLimit { forgetGenerations() }
        guard let found = misspelt(in: paragraph, inBackground: inBackground) else { return false }
        byGeneration[generation] = found
        return !found.isEmpty
    }

    /// Checks the paragraph of `text` at UTF-8 offsets `range` where its
    /// lines at `shown` are on screen: whole when it is short, else the
    /// pieces that hold `shown` and were not checked yet. True when
    /// misspelt words were found now (the screen then changes).
    func check(_ text: AttributedString, paragraph range: Range<Int>, shown: Range<Int>, generation: Int,
               in layout: TextLayoutManager, inBackground: Bool = false) -> Bool {
        guard range.count > Self.wholeParagraphLimit else {
            adopt(layout)
            guard byGeneration[generation] == nil else { return false }
            return check(Self.paragraph(in: text, at: range), generation: generation, in: layout, inBackground: inBackground)
        }
        adopt(layout)
        guard madeFrom != nil else { return false }
        if byGeneration.count > Self.cacheLimit { forgetGenerations() }
        let first = max(0, shown.lowerBound - range.lowerBound) / Self.pieceLength
        let last = max(first, (shown.upperBound - range.lowerBound - 1) / Self.pieceLength)
        var found: [Range<Int>] = []
        for piece in first ... last where piecesChecked[generation]?.contains(piece) != true {
            // The piece's own words: those that start in it, read with a
            // margin on each side so none is cut.
            let own = piece * Self.pieceLength ..< min(range.count, (piece + 1) * Self.pieceLength)
            guard !own.isEmpty else { continue }
            let window = max(0, own.lowerBound - Self.pieceMargin) ..< min(range.count, own.upperBound + Self.pieceMargin)
            let (read, start) = Self.piece(in: text, at: window.lowerBound + range.lowerBound ..< window.upperBound + range.lowerBound)
            let shift = start - range.lowerBound
            guard let misspelt = misspelt(in: read, inBackground: inBackground) else { continue }
            piecesChecked[generation, default: []].insert(piece)
            found += misspelt.map { $0.lowerBound + shift ..< $0.upperBound + shift }.filter { own.contains($0.lowerBound) }
        }
        byGeneration[generation] = ((byGeneration[generation] ?? []) + found).sorted { $0.lowerBound < $1.lowerBound }
        return !found.isEmpty
    }

    /// The misspelt words of a paragraph or piece, from the cache when that
    /// text was checked before. Only the words of its main script are
    /// checked (`SpellScript`); a script without a dictionary is not
    /// checked at all; nil while its dictionaries are read.
    private func misspelt(in paragraph: ParagraphText, inBackground: Bool) -> [Range<Int>]? {
        if let known = byParagraph[paragraph] { return known }
        var found: [Range<Int>] = []
        let words = SpellWords.words(in: paragraph.text, skipping: paragraph.skipped)
        if let (script, own) = SpellScript.mainScript(of: words, in: paragraph.text) {
            guard let checker = checker(for: script, inBackground: inBackground) else { return nil }
            if !checker.dictionaries.isEmpty {
                found = own.filter { !checker.knows(SpellChecker.word(in: paragraph.text, at: $0)) }
            }
        }
        if byParagraph.count > Self.cacheLimit { byParagraph.removeAll() }
        byParagraph[paragraph] = found
        return found
    }

    /// A paragraph of `text` (at UTF-8 offsets `range`) as checked: code,
    /// marked names (ingredients, cookware, timers) and lines kept as
    /// written (HTML, fences, metadata) are not prose.
    static func paragraph(in text: AttributedString, at range: Range<Int>) -> ParagraphText {
        piece(in: text, at: range).paragraph
    }

    /// The same for a piece of a paragraph, and the UTF-8 offset it starts
    /// at (`range`'s ends rounded down to characters).
    static func piece(in text: AttributedString, at range: Range<Int>) -> (paragraph: ParagraphText, start: Int) {
        let characters = text.characterRange(atUTF8Offsets: range)
        let slice = text[characters]
        var skipped: [Range<Int>] = []
        var offset = 0
        var string = ""
        for run in slice.runs {
            let piece = String(slice[run.range].characters)
            let length = piece.utf8.count
            let attributes = run.attributes
            if attributes.inlineCode == true || attributes.ingredient != nil || attributes.cookware != nil || attributes.timer != nil
                || attributes.verbatimLine != nil {
                if let last = skipped.last, last.upperBound == offset {
                    skipped[skipped.count - 1] = last.lowerBound ..< offset + length
                } else {
                    skipped.append(offset ..< offset + length)
                }
            }
            string += piece
            offset += length
        }
        return (ParagraphText(text: string, skipped: skipped), text.utf8Offset(of: characters.lowerBound))
    }
}
