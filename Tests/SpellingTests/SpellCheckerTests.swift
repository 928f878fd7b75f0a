import Foundation
import Spelling
import RouxTestSupport
import Testing

/// Words against dictionaries the tests write (`TestDictionaries`): never the
/// machine's own, except the one test that the installed English one is found.
@Suite("Spell checking")
final class SpellCheckerTests {
    let dictionaries: TestDictionaries
    let shelf: DictionaryShelf

    init() throws {
        dictionaries = try TestDictionaries()
        shelf = DictionaryShelf(folders: DictionaryFolders(folders: [dictionaries.folder.path]))
    }

    deinit { dictionaries.remove() }

    func words(_ text: String, _ ranges: [Range<Int>]) -> [String] {
        ranges.map { SpellChecker.word(in: text, at: $0) }
    }

    /// A dictionary knows its words, their affixed forms and capitalised
    /// forms, and not others; it suggests the word meant.
    @Test func aDictionaryKnowsItsWordsAndSuggests() throws {
        let english = try #require(shelf.dictionary(for: "en"))
        #expect(english.name == "en_US")
        #expect(english.knows("flour"))
        #expect(english.knows("minutes"))
        #expect(english.knows("Bake"))
        #expect(!english.knows("flowr"))
        #expect(!english.knows("beurre"))
        #expect(english.suggestions(for: "suggar").first == "sugar")
    }

    /// The misspelt words of a line, as UTF-8 ranges of it.
    @Test func misspeltWordsAreFound() throws {
        let checker = shelf.checker(languages: ["en"], accepting: [])
        let line = "Stir the sugr and buter until golden, 25 minutes."
        #expect(words(line, checker.misspelt(in: line)) == ["sugr", "buter"])
        let accented = "Mix the bûtter"
        #expect(checker.misspelt(in: accented) == [8 ..< 15])
    }

    /// Numbers, quantities, URLs, e-mail addresses, Cooklang's syntax and
    /// single letters are no words to check; apostrophes stay inside a word.
    @Test func onlyProseIsChecked() {
        let text = "Add 200g flour, 1/2tsp salt and 3rd @sea salt{1%tsp} #pot{} ~{10%minutes} see https://exemple.org/recette a@b.fr x l'eau aujourd’hui"
        #expect(words(text, SpellWords.words(in: text)) == ["Add", "flour", "salt", "and", "salt", "see", "l'eau", "aujourd’hui"])
        let skipped = "code here and there"
        #expect(words(skipped, SpellWords.words(in: skipped, skipping: [0 ..< 4])) == ["here", "and", "there"])
    }

    /// A word is right when any of the recipe's languages knows it: a French
    /// recipe with an English line, a Hebrew line with the Hebrew dictionary.
    @Test func severalLanguagesPerRecipe() {
        let checker = shelf.checker(languages: ["fr", "en", "he"], accepting: [])
        let text = "Cuire le beurre with the sugar, מלח עם קמח, et le sucre dorés; fluor צוכר"
        #expect(words(text, checker.misspelt(in: text)) == ["fluor", "צוכר"])
        #expect(checker.dictionaries.map(\.name) == ["fr_FR", "en_US", "he_IL"])
        let frenchOnly = shelf.checker(languages: ["fr_FR"], accepting: [])
        #expect(words(text, frenchOnly.misspelt(in: text)) == ["with", "the", "sugar", "מלח", "עם", "קמח", "fluor", "צוכר"])
    }

    /// The recipe's names (ingredients, units, cookware) and the user's
    /// words are right, each word of a name alone too.
    @Test func acceptedWordsAreRight() {
        let checker = shelf.checker(languages: ["en"], accepting: ["gochujang paste", "tbsp", "Dutch oven", "Zaatar"])
        let text = "Stir the gochujang with 2 tbsp in the dutch oven, zaatar and paste; gochu"
        #expect(words(text, checker.misspelt(in: text)) == ["in", "gochu"])
    }

    /// A language code finds its dictionary however it is written; a
    /// language without one finds none.
    @Test func languageCodesFindTheirDictionaries() {
        let folders = DictionaryFolders(folders: [dictionaries.folder.path])
        #expect(folders.find(language: "fr")?.name == "fr_FR")
        #expect(folders.find(language: "FR-fr")?.name == "fr_FR")
        #expect(folders.find(language: "en_GB.UTF-8")?.name == "en_US")
        #expect(folders.find(language: "he")?.name == "he_IL")
        #expect(folders.find(language: "de") == nil)
        #expect(folders.find(language: "français") == nil)
        #expect(SpellingLanguage.codes(fromLocale: ["en, fr"]) == ["en", "fr"])
        #expect(SpellingLanguage.codes(fromLocale: ["de-DE"]) == ["de_DE"])
        #expect(SpellingLanguage.ofEnvironment(["LANG": "it_IT.UTF-8"]) == "it_IT")
        #expect(SpellingLanguage.ofEnvironment(["LANG": "C.UTF-8"]) == nil)
    }

    /// A text without a locale tells its languages by its words.
    @Test func languagesAreGuessedFromTheText() {
        #expect(SpellingLanguage.guessed(in: "Mix the flour and the sugar, then bake until golden.") == ["en"])
        #expect(SpellingLanguage.guessed(in: "Mélanger le beurre et le sucre, puis cuire avec les œufs.") == ["fr"])
        #expect(SpellingLanguage.guessed(in: "Mélanger le beurre et le sucre dans le bol. Then add the flour and bake.") == ["en", "fr"])
        #expect(SpellingLanguage.guessed(in: "Mix the flour and the sugar. להוסיף מלח") == ["en", "he"])
    }

    /// A paragraph is checked in the script most of its words are written
    /// in (the one met first on a tie): the words of another script inside
    /// it are quotations, not checked.
    @Test func aParagraphIsCheckedInItsMainScript() throws {
        let english = "Stir the flour (חומוס, 担担面) with sugar"
        let latin = try #require(SpellScript.mainScript(of: SpellWords.words(in: english), in: english))
        #expect(latin.script == .latin)
        #expect(words(english, latin.words) == ["Stir", "the", "flour", "with", "sugar"])
        let hebrew = "מלח עם קמח, with flour"
        let main = try #require(SpellScript.mainScript(of: SpellWords.words(in: hebrew), in: hebrew))
        #expect(main.script == .hebrew)
        #expect(words(hebrew, main.words) == ["מלח", "עם", "קמח"])
        #expect(SpellScript.mainScript(of: SpellWords.words(in: "Cake עוגה"), in: "Cake עוגה")?.script == .latin)
        #expect(SpellScript.mainScript(of: SpellWords.words(in: "עוגה Cake"), in: "עוגה Cake")?.script == .hebrew)
        #expect(SpellScript.mainScript(of: [], in: "12 %") == nil)
        #expect(SpellScript(ofWord: "Crème") == .latin)
        #expect(SpellScript(ofWord: "борщ") == .cyrillic)
        #expect(SpellScript(ofWord: "みりん") == .other)
        #expect([SpellScript(language: "he_IL"), SpellScript(language: "ru"), SpellScript(language: "fr_FR")] == [.hebrew, .cyrillic, .latin])
    }

    /// The machine's English dictionary is found: the Makefile installs
    /// hunspell-en-us, so a missing one is a broken setup, said plainly.
    @Test func theInstalledEnglishDictionaryIsFound() throws {
        let found = DictionaryFolders.standard(environment: ["HOME": "/nonexistent"]).find(language: "en_US")
        try #require(found != nil, "no en_US Hunspell dictionary in /usr/share/hunspell: install hunspell-en-us (make test installs it)")
        let english = try #require(found.flatMap { HunspellDictionary(name: $0.name, affix: $0.affix, words: $0.words) })
        #expect(english.knows("tablespoon"))
    }
}
