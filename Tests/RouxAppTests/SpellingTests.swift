import Foundation
import RecipeFormats
import RecipeStorage
@testable import RouxApp
import RouxTestSupport
import Spelling
import TerminalUI
import Testing

/// Misspelt words underlined in the text, suggestions in the palette (one
/// undo step), the user's own words, the recipe's names and languages;
/// with dictionaries the tests write (`TestDictionaries`).
@Suite("Spelling in the editor")
final class SpellingTests {
    let dictionaries: TestDictionaries
    let folder: URL

    init() throws {
        dictionaries = try TestDictionaries()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-spelling-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        dictionaries.remove()
        try? FileManager.default.removeItem(at: folder)
    }

    var wordList: PersonalWordList { PersonalWordList(path: folder.appendingPathComponent("data/roux/words.txt").path) }

    func spelling(folders: [String]? = nil) -> EditorSpelling {
        EditorSpelling(shelf: DictionaryShelf(folders: DictionaryFolders(folders: folders ?? [dictionaries.folder.path])), wordList: wordList)
    }

    /// An editor on `markup` (a caret written `|`) that checks with the test's dictionaries.
    func speller(_ markup: String) throws -> EditorController {
        let app = try editor(markup: markup)
        app.spelling = spelling()
        return app
    }

    /// The words drawn with a curly underline, row by row, in the cells' order.
    static func underlined(_ app: EditorController) -> [String] {
        let grid = app.screen
        let frame = app.editorFrame
        var words: [String] = []
        for y in frame.y ..< frame.y + frame.height {
            var word = ""
            for x in frame.x ..< frame.x + frame.width where !grid[x, y].isContinuation {
                if grid[x, y].style.curlyUnderline {
                    word += grid[x, y].text
                } else if !word.isEmpty {
                    words.append(word)
                    word = ""
                }
            }
            if !word.isEmpty { words.append(word) }
        }
        return words
    }

    /// With a run loop a dictionary is read on another thread (Hebrew's
    /// takes a fifth of a second, which no key waits for): a pause before
    /// it is in checks nothing, the first pause after underlines as ever.
    @Test func aRunLoopReadsTheDictionariesOnAnotherThread() throws {
        // One paragraph: with two, the test's small dictionary could be in
        // by the time the second is checked (a race of the test, not a fault).
        let app = editor("Stir the sugr and buter until golden.\n")
        app.spelling = spelling()
        app.loadsInBackground = true
        #expect(!app.checkSpellingOnScreen(), "the dictionary is not in yet: nothing checked, nothing waited for")
        #expect(Self.underlined(app).isEmpty)
        // Waits for the reading under way, as a later pause need not.
        #expect(!app.spelling.shelf.checker(languages: app.spellingLanguages(), accepting: []).dictionaries.isEmpty)
        #expect(app.checkSpellingOnScreen())
        #expect(Self.underlined(app) == ["sugr", "buter"])
    }

    /// Checked when the user pauses, the misspelt words are drawn with a
    /// curly underline, and nothing else is.
    @Test func misspeltWordsAreUnderlinedOnScreen() throws {
        let app = editor("# Cake\n\nStir the sugr and buter until golden.\n\nBake for 25 minutes.\n")
        app.spelling = spelling()
        #expect(Self.underlined(app).isEmpty)
        #expect(app.checkSpellingOnScreen())
        #expect(Self.underlined(app) == ["sugr", "buter"])
        let row = try #require(app.editorLines.firstIndex { $0.contains("sugr") })
        let y = app.editorFrame.y + row
        let x = try #require(app.editorLines[row].range(of: "sugr")).lowerBound.utf16Offset(in: app.editorLines[row]) + app.editorFrame.x
            + app.gutterWidth
        #expect(app.screen[x, y].text == "s")
        #expect(app.screen[x, y].style.curlyUnderline)
        #expect(!app.screen[x - 1, y].style.curlyUnderline)
        #expect(!app.screen[x, y].style.underline)
        // Checked once: nothing new to draw the next time.
        #expect(!app.checkSpellingOnScreen())
    }

    /// An edit to a paragraph makes it be checked again, when the user
    /// pauses, not as the key is handled; the other paragraphs keep theirs.
    @Test func anEditedParagraphIsCheckedAgainAfterThePause() throws {
        let app = try speller("Stir the sugr and butter.\n\nMix the flowr|")
        app.checkSpellingOnScreen()
        #expect(Self.underlined(app) == ["sugr", "flowr"])
        app.type(" and buter")
        #expect(Self.underlined(app) == ["sugr"])
        #expect(app.checkSpellingOnScreen())
        #expect(Self.underlined(app) == ["sugr", "flowr", "buter"])
    }

    /// Alt-W offers the word's suggestions in the palette; Enter puts the
    /// first in its place, and one Ctrl-Z takes it back.
    @Test func aSuggestionReplacesTheWordInOneUndoStep() throws {
        let app = try speller("Stir the sug|r and butter.")
        app.checkSpellingOnScreen()
        app.type([0x1B, 0x77])
        let palette = try #require(app.palette)
        #expect(palette.names.first == "sugar")
        #expect(palette.names.last == "Add \"sugr\" to the dictionary")
        #expect(app.screen.allText.contains("\"sugr\": suggestions — Enter picks, Esc closes"))
        #expect(app.screen.line(app.height - app.bottomRows) == "Filter:")
        app.press(Key(.enter))
        #expect(app.palette == nil)
        #expect(app.text == "Stir the sugar and butter.")
        app.checkSpellingOnScreen()
        #expect(Self.underlined(app).isEmpty)
        app.press(.control("z"))
        #expect(app.text == "Stir the sugr and butter.")
        app.press(.control("y"))
        #expect(app.text == "Stir the sugar and butter.")
    }

    /// The recipe's own words come first among Hunspell's suggestions:
    /// `suger` in a recipe with sugar is sugar before auger.
    @Test func theRecipesWordsAreSuggestedFirst() throws {
        let app = try speller("Stir the suger| into the Sugar and the zaatar.")
        #expect(app.rankedSuggestions(["auger", "sugar", "surge", "zaatar", "Za'atar"], names: ["za'atar"])
            == ["sugar", "zaatar", "Za'atar", "auger", "surge"])
    }

    /// "Add to dictionary" writes the word to the user's list, after the
    /// lines already there; it is right at once and in the next session.
    @Test func theUsersWordsAreKept() throws {
        let list = wordList
        try FileManager.default.createDirectory(atPath: (list.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "# my words\nsumac".write(toFile: list.path, atomically: true, encoding: .utf8)
        let app = try speller("Mix the zaatr| and sumac with sugar.")
        app.checkSpellingOnScreen()
        #expect(Self.underlined(app) == ["zaatr"])
        app.type([0x1B, 0x77])
        app.type("dictionary")
        #expect(app.palette?.names == ["Add \"zaatr\" to the dictionary"])
        app.press(Key(.enter))
        #expect(try String(contentsOfFile: list.path, encoding: .utf8) == "# my words\nsumac\nzaatr\n")
        #expect(app.message?.hasPrefix("\"zaatr\" added to your dictionary") == true)
        #expect(Self.underlined(app).isEmpty)
        let next = try speller("Zaatr and sumac, with zaatrr.")
        next.checkSpellingOnScreen()
        #expect(Self.underlined(next) == ["zaatrr"])
    }

    /// The recipe's ingredients, their units and cookware, and those of the
    /// other recipes in its folder, are words.
    @Test func theRecipesNamesAreWords() throws {
        let path = folder.appendingPathComponent("soup.cook").path
        try "Mix @gochujang{2%tbsp} with the #wok{} and add gochujang and kimchi and zaatar, wok and tbsp.\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        try "Add @zaatar{1%tsp} and stir.\n".write(to: folder.appendingPathComponent("salad.cook"), atomically: true, encoding: .utf8)
        let app = EditorController(session: EditorSession(opened: try RecipeFiles.open(path: path)), width: 100, height: 24)
        app.spelling = spelling()
        app.showFolder(folder.path)
        app.checkSpellingOnScreen()
        #expect(Self.underlined(app) == ["kimchi", "zaatar"])
        app.spelling.folderNames.waitUntilRead()
        app.checkSpellingOnScreen()
        #expect(Self.underlined(app) == ["kimchi"])
    }

    /// A recipe whose locale names two languages is checked in both, and a
    /// Hebrew line with the Hebrew dictionary.
    @Test func aRecipeInSeveralLanguages() throws {
        let app = editor("---\nlocale: fr, en\n---\nCuire le beurre avec le sucre.\n\nStir the flour with the sugar, fluor.\n\nמלח עם קמח צוכר\n")
        app.spelling = spelling()
        #expect(app.spellingLanguages() == ["fr", "en", "he"])
        app.checkSpellingOnScreen()
        #expect(Self.underlined(app) == ["fluor", String("צוכר".reversed())])
    }

    /// The languages follow the text as it is written: guessed once per
    /// version of the text, and again after an edit.
    @Test func theGuessedLanguagesFollowTheText() throws {
        let app = editor("Stir the flour with the sugar and the butter.\n")
        app.spelling = spelling()
        #expect(app.spellingLanguages() == ["en"])
        #expect(app.spellingLanguages() == ["en"], "asked again, the same answer")
        app.type(" Mélanger le beurre avec le sucre et la farine dans un bol, puis les œufs et le lait.")
        #expect(app.spellingLanguages() == ["en", "fr"])
        app.type(" מלח עם קמח")
        #expect(app.spellingLanguages() == ["en", "fr", "he"])
    }

    /// A dish's name in Hebrew or Chinese inside English is a quotation:
    /// not checked (a right word underlined is worse than none), and
    /// Hebrew's dictionary (48 MiB) is not read for it.
    @Test func aHebrewWordInEnglishDoesNotReadTheHebrewDictionary() throws {
        let app = editor("# Cake (עוגה)\n\nStir the sugr and the butter (חמאה) until golden, 担担面.\n")
        app.spelling = spelling()
        #expect(app.spellingLanguages() == ["en", "he"])
        #expect(app.checkSpellingOnScreen())
        #expect(Self.underlined(app) == ["sugr"])
        #expect(!app.spelling.shelf.hasLookedUp(["he"]), "no Hebrew paragraph was checked: its dictionary is not read")
    }

    /// A recipe written in Hebrew has its Hebrew words checked, with the
    /// Hebrew dictionary only: the English one is read when an English
    /// paragraph is checked, not before.
    @Test func aHebrewRecipeHasItsHebrewWordsChecked() throws {
        // One paragraph, as in aRunLoopReadsTheDictionariesOnAnotherThread.
        let app = editor("מלח עם קמח צוכר, לאפות עם סוכר\n")
        app.spelling = spelling()
        app.loadsInBackground = true
        #expect(!app.checkSpellingOnScreen(), "Hebrew's dictionary is read on another thread first")
        _ = app.spelling.shelf.dictionary(for: "he")
        #expect(app.checkSpellingOnScreen())
        #expect(Self.underlined(app) == [String("צוכר".reversed())])
        let latin = app.spellingLanguages().filter { $0 != "he" }
        #expect(!latin.isEmpty && !app.spelling.shelf.hasLookedUp(latin))
    }

    /// A paragraph mixing the two is checked in the script most of its
    /// words are in, the other's words left alone: the Hebrew words of an
    /// English sentence, the English word of a Hebrew one.
    @Test func aMixedParagraphIsCheckedInItsMainScript() throws {
        let app = editor("Stir the flour with the sugr, מלח צוכר.\n\nמלח עם קמח צוכר, flowr\n")
        app.spelling = spelling()
        #expect(app.checkSpellingOnScreen())
        #expect(Self.underlined(app) == ["sugr", String("צוכר".reversed())])
    }

    /// Without any dictionary, spell checking is off and says so, once.
    @Test func withoutADictionaryItIsOffAndSaysSo() throws {
        let empty = folder.appendingPathComponent("none").path
        let app = try editor(markup: "Stir the sugr|")
        app.spelling = spelling(folders: [empty])
        #expect(!app.checkSpellingOnScreen())
        #expect(!app.spelling.isOn)
        #expect(app.message?.hasPrefix("spell checking is off: no Hunspell dictionary in \(empty)") == true)
        app.clearMessage()
        #expect(!app.checkSpellingOnScreen())
        #expect(app.message == nil)
        #expect(Self.underlined(app).isEmpty)
    }

    /// Shift-F9 turns spell checking off (the underlines go) and on again.
    @Test func f9TurnsItOffAndOn() throws {
        let app = try speller("Stir the sugr|")
        app.checkSpellingOnScreen()
        #expect(Self.underlined(app) == ["sugr"])
        app.press(Key(.function(9), .shift))
        #expect(app.message == "spell checking is off")
        #expect(Self.underlined(app).isEmpty)
        #expect(!app.checkSpellingOnScreen())
        app.press(Key(.function(9), .shift))
        #expect(app.message == "spell checking is on (en)")
        #expect(Self.underlined(app) == ["sugr"])
    }
}
