import Foundation
@testable import RouxApp
import RouxTestSupport
import Spelling
import Testing

/// A paragraph of megabytes (a book pasted as one line) is spell checked
/// where it is on screen, by pieces, never whole at a pause: that took
/// seconds, and a key or Ctrl-Q typed meanwhile waited for it.
@Suite("Spelling in a long paragraph")
final class LongParagraphSpellingTests {
    let dictionaries: TestDictionaries
    let folder: URL

    init() throws {
        dictionaries = try TestDictionaries(["en_US"])
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-long-spelling-\(UUID().uuidString)")
    }

    deinit {
        dictionaries.remove()
        try? FileManager.default.removeItem(at: folder)
    }

    /// One paragraph: "sugr" at its start, "buter" across the end of the
    /// first piece checked, "flowr" at its end, ~40 KB of right words between.
    static let paragraph: String = {
        var text = "Stir the sugr and butter."
        let edge = EditorSpelling.pieceLength
        while text.utf8.count < edge - 8 { text += " Mix." }
        while text.utf8.count < edge - 3 { text += " " }
        text += "buter"
        while text.utf8.count < 10 * edge { text += " Mix the flour and butter." }
        return text + " Bake the cake until golden flowr."
    }()

    func speller() -> EditorController {
        let app = editor(Self.paragraph + "\n")
        app.spelling = EditorSpelling(shelf: DictionaryShelf(folders: DictionaryFolders(folders: [dictionaries.folder.path])),
                                      wordList: PersonalWordList(path: folder.appendingPathComponent("words.txt").path))
        return app
    }

    /// The misspelt words found in the paragraph (UTF-8 ranges), as drawing reads them.
    static func found(_ app: EditorController) throws -> [String] {
        let layout = app.session.layout
        let ranges = try #require(app.spelling.misspelt(generation: layout.layout(ofParagraph: 0).generation, in: layout))
        let bytes = Array(paragraph.utf8)
        return ranges.map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    @Test func onlyThePiecesOnScreenAreChecked() throws {
        #expect(Self.paragraph.utf8.count > EditorSpelling.wholeParagraphLimit, "the paragraph must be long enough to be read by pieces")
        let app = speller()
        #expect(app.checkSpellingOnScreen())
        #expect(SpellingTests.underlined(app) == ["sugr"])
        // The first piece (its words starting in its first 4 KB) is checked, no more.
        #expect(try Self.found(app) == ["sugr", "buter"], "words far from the screen are not checked yet")
        #expect(!app.checkSpellingOnScreen(), "checked once: nothing new the next pause")
    }

    /// A word across the edge of two pieces is read whole, and found once.
    @Test func aWordAcrossTwoPiecesIsReadWhole() throws {
        let app = speller()
        app.checkSpellingOnScreen()
        for _ in 0 ..< 6 where !app.editorLines.joined().contains("buter") {
            app.type(Array("\u{1B}[6~".utf8))
            app.checkSpellingOnScreen()
        }
        #expect(SpellingTests.underlined(app).contains("buter"))
        let found = try Self.found(app)
        #expect(found.filter { $0 == "buter" } == ["buter"], "\(found)")
        #expect(!found.contains { $0 != "buter" && $0 != "sugr" }, "no piece of a word is taken for a word: \(found), screen \(app.editorLines)")
    }

    /// Where the caret goes, the words come to be checked.
    @Test func theEndOfTheParagraphIsCheckedWhenItIsShown() throws {
        let app = speller()
        app.checkSpellingOnScreen()
        app.type(Array("\u{1B}[1;5F".utf8))
        #expect(app.checkSpellingOnScreen())
        #expect(SpellingTests.underlined(app) == ["flowr"])
        #expect(try Self.found(app).contains("flowr"))
        // Alt-W reads the word at the caret around it, not the whole paragraph.
        app.type(Keys.left + Keys.left)
        let word = try #require(app.wordAtCaret())
        #expect(word.word == "flowr")
        #expect(String(decoding: Array(Self.paragraph.utf8)[word.range], as: UTF8.self) == "flowr")
    }
}
