import Foundation
import Recipes
import RecipeStorage
import RichText
import Spelling
import TerminalUI
import TextLayout

/// Spelling: checking the paragraphs on screen when the user pauses, the
/// suggestions for the word at the caret (in the palette), the user's own
/// words, turning it off and on.
extension EditorController {
    /// Checks the paragraphs on screen that were not checked yet (the run
    /// loop asks when no key has come for a moment); true when the screen
    /// is to be drawn again.
    @discardableResult
    public func checkSpellingOnScreen() -> Bool {
        guard spelling.isOn, loadWait == nil, prepareSpelling() else { return false }
        let layout = session.layout
        let text = session.document.text
        // Each paragraph on screen once, with the part of it on screen (a
        // long paragraph is checked only there).
        var shown: [(paragraph: Int, generation: Int, range: Range<Int>)] = []
        for visible in layout.lines(from: session.pane.top, count: editorFrame.height) {
            let range = visible.fragment.range
            if let last = shown.last, last.generation == visible.generation {
                shown[shown.count - 1].range = min(last.range.lowerBound, range.lowerBound) ..< max(last.range.upperBound, range.upperBound)
            } else {
                shown.append((visible.position.paragraph, visible.generation, range))
            }
        }
        var changed = false
        // With a run loop a dictionary is read on another thread (a key
        // typed meanwhile is handled at once); its paragraphs are checked on
        // the first pause after it is in.
        for part in shown where spelling.check(text, paragraph: layout.range(ofParagraph: part.paragraph), shown: part.range,
                                               generation: part.generation, in: layout, inBackground: loadsInBackground) {
            changed = true
        }
        sayMissingDictionaries()
        return changed
    }

    /// Checks with the open recipe's languages and names from now on (the
    /// checkers are made anew when they changed); false (and said once)
    /// when there is no dictionary at all.
    private func prepareSpelling() -> Bool {
        guard spelling.shelf.hasAny || spelling.hasDictionaries else {
            turnSpellingOffForWantOfDictionaries()
            return false
        }
        let names = FolderNames.recipeNames(of: session.recipe, equipment: session.equipment)
            .union(Self.unitSpellings).union(spelling.folderNames.names(of: recipeFolder))
        if spelling.prepare(EditorSpelling.Source(languages: spellingLanguages(), names: names)) { forgetDrawnRows() }
        return true
    }

    /// Says once which languages met so far have no dictionary.
    private func sayMissingDictionaries() {
        let missing = spelling.missingLanguages
        guard !missing.isEmpty, !spelling.saidMissingLanguages.isSuperset(of: missing) else { return }
        spelling.saidMissingLanguages.formUnion(missing)
        say("no spelling dictionary for \(missing.joined(separator: ", ")) (install hunspell-\(missing[0].prefix(2)))")
    }

    private func turnSpellingOffForWantOfDictionaries() {
        spelling.isOn = false
        guard !spelling.saidNoDictionary else { return }
        spelling.saidNoDictionary = true
        say("spell checking is off: no Hunspell dictionary in \(spelling.shelf.folders.folders.map(PathText.shown).joined(separator: ", ")) (install hunspell-en-us or another hunspell-* package)")
    }

    /// Every unit's spellings (`tbsp`, `ml`, `cuillère à soupe`…): words of every recipe.
    static let unitSpellings = Set(UnitTable.standard.units.flatMap { $0 })

    /// The recipe's languages: its `locale` metadata (several between
    /// commas), else those its text shows, else the user's locale's,
    /// else English; Hebrew too when it has Hebrew letters. Each checks the
    /// paragraphs written mostly in its script, and its dictionary is read
    /// when the first of them is checked (`EditorSpelling.checker(for:)`).
    func spellingLanguages() -> [String] {
        var languages = SpellingLanguage.codes(fromLocale: session.recipe.conventionalValues(.locale))
        let guessed = languagesTheTextShows()
        if languages.isEmpty { languages = guessed }
        if languages.isEmpty || languages == ["he"] {
            languages.insert(SpellingLanguage.ofEnvironment() ?? "en", at: 0)
        }
        if !languages.contains(where: { $0.hasPrefix("he") }), guessed.contains("he") { languages.append("he") }
        return languages
    }

    /// The languages the start of the text shows, guessed once per version
    /// of the text: every pause asks, and in a long paragraph the guess was
    /// most of a pause's spelling work.
    private func languagesTheTextShows() -> [String] {
        let text = session.document.text
        let key = EditorSpelling.TextVersion(session: ObjectIdentifier(session), version: session.document.version, length: text.utf8.count)
        if let guess = spelling.guessedLanguages, guess.of == key { return guess.languages }
        // By scalars: a sample needs no grapheme breaking.
        let sample = String(String.UnicodeScalarView(text.unicodeScalars.prefix(16_384)))
        let languages = SpellingLanguage.guessed(in: sample)
        spelling.guessedLanguages = (key, languages)
        return languages
    }

    /// Shift-F9: spell checking off, or on again.
    func toggleSpelling() {
        spelling.isOn.toggle()
        forgetDrawnRows()
        guard spelling.isOn else { return say("spell checking is off") }
        spelling.saidNoDictionary = false
        spelling.forgetResults()
        if checkSpellingOnScreen() || spelling.isOn { say("spell checking is on (\(spellingLanguages().joined(separator: ", ")))") }
    }

    /// The word at the caret (or just before it) that spell checking
    /// would look at: its range in the text and its text.
    func wordAtCaret() -> (range: Range<Int>, word: String)? {
        let layout = session.layout
        let caret = session.drawnCaret.offset
        let paragraphRange = layout.range(ofParagraph: layout.paragraph(containing: caret))
        // Around the caret only: a paragraph can be megabytes long.
        let margin = EditorSpelling.pieceMargin
        let range = max(paragraphRange.lowerBound, caret - margin) ..< min(paragraphRange.upperBound, caret + margin)
        let (paragraph, start) = EditorSpelling.piece(in: session.document.text, at: range)
        let local = caret - start
        guard let word = SpellWords.words(in: paragraph.text, skipping: paragraph.skipped)
            .first(where: { $0.lowerBound <= local && local <= $0.upperBound }) else { return nil }
        return (word.lowerBound + start ..< word.upperBound + start, SpellChecker.word(in: paragraph.text, at: word))
    }

    /// Alt-W: what to write instead of the word at the caret, in the
    /// palette (Enter replaces it: one undo step), and "Add to dictionary".
    func showSpellingSuggestions() {
        guard let (range, word) = wordAtCaret() else { return say("no word at the caret to check") }
        guard spelling.isOn, prepareSpelling(), let checker = spelling.checker(for: SpellScript(ofWord: word[...])),
              !checker.dictionaries.isEmpty else {
            return say(spelling.isOn ? "no spelling dictionary to check \"\(word)\"" : "spell checking is off (\(keyHint("Spell checking")) turns it on)")
        }
        let version = session.document.version
        var entries = rankedSuggestions(checker.suggestions(for: word), names: checker.acceptedWords).prefix(9).map { suggestion in
            EditorCommand(name: suggestion, summary: "replace \"\(word)\" with \"\(suggestion)\"", scope: .text, keys: []) { controller, _ in
                controller.replaceWord(range, of: version, with: suggestion)
            }
        }
        if !checker.knows(word) {
            entries.append(EditorCommand(name: "Add \"\(word)\" to the dictionary", summary: "right from now on, in every recipe",
                                         scope: .text, keys: []) { controller, _ in controller.addToDictionary(word) })
        }
        guard !entries.isEmpty else { return say("\"\(word)\" is spelt right") }
        let title = checker.knows(word) ? "\"\(word)\" is right; other words" : "\"\(word)\": suggestions"
        overlays.set(PaletteOverlay.self, to: PaletteOverlay(CommandPalette(title: title, offering: Array(entries))))
    }

    /// Hunspell's suggestions with the recipe's own words first: a
    /// recipe's names (`names`, lowercased) and the words of its text are
    /// what a cook misspells most (`suger` in a recipe with sugar), in
    /// Hunspell's order otherwise.
    func rankedSuggestions(_ suggestions: [String], names: Set<String>) -> [String] {
        let sample = String(session.document.text.characters.prefix(16_384))
        let used = Set(SpellWords.words(in: sample).map { SpellChecker.word(in: sample, at: $0).lowercased() }).union(names)
        let own = suggestions.filter { used.contains($0.lowercased()) }
        return own + suggestions.filter { !used.contains($0.lowercased()) }
    }

    /// Puts `replacement` for the word at `range`, if the text is still
    /// the one the suggestions were for: one undo step.
    func replaceWord(_ range: Range<Int>, of version: Int, with replacement: String) {
        guard session.document.version == version else { return say("the text changed: \(keyHint("Spelling suggestions")) again for its suggestions") }
        session.edit { recipe in
            let text = recipe.document.text
            try? recipe.document.replace(text.characterRange(atUTF8Offsets: range), with: replacement)
        }
        say("\"\(replacement)\"")
    }

    /// "Add to dictionary": the word at the caret (or `word`) goes to the
    /// user's list, written safely, and is right from now on.
    func addToDictionary(_ word: String? = nil) {
        guard let word = word ?? wordAtCaret()?.word else { return say("no word at the caret to add") }
        do {
            try spelling.wordList.add(word)
        } catch {
            return say("\"\(word)\" not added: \(error.message)")
        }
        spelling.userWordsChanged()
        forgetDrawnRows()
        checkSpellingOnScreen()
        say("\"\(word)\" added to your dictionary (\(PathText.shown(spelling.wordList.path)))")
    }
}
