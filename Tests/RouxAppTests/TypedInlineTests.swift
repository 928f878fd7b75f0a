import Foundation
import RecipeFormats
import RecipeStorage
import RichText
@testable import RouxApp
import TerminalUI
import Testing

/// Inline markup from the keyboard: `**pepper**` typed and followed by one
/// more character is bold pepper, shown and saved as typed; undo gives the
/// characters back; what a Markdown reader would not read as a style stays
/// text.
@Suite("Styles from the keyboard")
struct TypedInlineTests {
    /// The text with each styled stretch written in brackets: `[b:pepper]`,
    /// `[i:salt]`, `[s:old]`, `[c:code]`, `[bi:both]`.
    static func styled(_ app: EditorController) -> String {
        let text = app.session.document.text
        return text.runs.map { run in
            let characters = String(text[run.range].characters)
            let style = (run.bold == true ? "b" : "") + (run.italic == true ? "i" : "") + (run.strikethrough == true ? "s" : "")
                + (run.inlineCode != nil ? "c" : "")
            return style.isEmpty ? characters : "[\(style):\(characters)]"
        }.joined()
    }

    @Test(arguments: [
        ("Season with **pepper** now", "Season with [b:pepper] now", nil),
        ("Season with *salt*, then", "Season with [i:salt], then", nil),
        ("The ~~old~~ new way", "The [s:old] new way", nil),
        ("Use `cmd` here", "Use [c:cmd] here", nil),
        ("It is ***very*** hot", "It is [bi:very] hot", nil),
        ("**Note:** stir", "[b:Note:] stir", nil),
        ("Add *two words* now", "Add [i:two words] now", nil),
        // Written with the delimiter typed (#33), each span its own.
        ("Season with _salt_ now", "Season with [i:salt] now", nil),
        ("Call __init__ first", "Call [b:init] first", nil),
        ("Mix _a_ and *b* now", "Mix [i:a] and [i:b] now", nil),
        ("the __init__.py file", "the [b:init].py file", nil),
    ] as [(String, String, String?)])
    func closedMarkupBecomesItsStyleAndIsSaved(typed: String, shown: String, saved: String?) {
        let app = editor("")
        TypedBlockTests.typeSlowly(typed, into: app)
        #expect(Self.styled(app) == shown)
        #expect(TypedBlockTests.markdown(app) == (saved ?? typed) + "\n")
    }

    @Test(arguments: [
        "snake_case_name here",
        // Inside a word `_` is no emphasis (cmark-gfm: `my__init__method` is text).
        "call my__init__method now",
        "call my__init__ now",
        "5 * 3 * 2 eggs",
        "**unclosed* here",
        "a ** b ** c",
        "~~ spaced ~~ out",
        "costs 2 * 3",
    ])
    func whatAMarkdownReaderReadsAsTextStaysText(typed: String) {
        let app = editor("")
        TypedBlockTests.typeSlowly(typed, into: app)
        #expect(app.text == typed)
        #expect(app.session.document.text.runs.count == 1)
        #expect(app.session.document.text.runs.first?.bold == nil)
        #expect(app.session.document.text.runs.first?.italic == nil)
    }

    @Test func typingArrivingInOneReadIsTakenToo() {
        let app = editor("")
        app.type("Season with **pepper** and *salt*. Then `stir`")
        #expect(Self.styled(app) == "Season with [b:pepper] and [i:salt]. Then `stir`")
        #expect(TypedBlockTests.markdown(app) == "Season with **pepper** and *salt*. Then \\`stir\\`\n")
    }

    @Test func enterClosesMarkupAtTheLinesEnd() {
        let app = editor("")
        TypedBlockTests.typeSlowly("Then `stir`", into: app)
        app.press(Key(.enter))
        TypedBlockTests.typeSlowly("Serve **hot**", into: app)
        app.press(Key(.enter))
        TypedBlockTests.typeSlowly("Done", into: app)
        #expect(Self.styled(app) == "Then [c:stir]\n\nServe [b:hot]\n\nDone")
        #expect(TypedBlockTests.markdown(app) == "Then `stir`\n\nServe **hot**\n\nDone\n")
    }

    @Test func undoGivesTheCharactersBackAndRedoTheStyle() {
        let app = editor("")
        TypedBlockTests.typeSlowly("Add **salt**.", into: app)
        #expect(Self.styled(app) == "Add [b:salt].")
        app.type(Keys.control("z"))
        #expect(app.text == "Add **salt**.")
        #expect(app.session.document.text.runs.count == 1)
        #expect(app.markup == "Add **salt**.|")
        app.type(Keys.control("y"))
        #expect(Self.styled(app) == "Add [b:salt].")
        #expect(app.markup == "Add salt.|")
    }

    @Test func theCaretStaysAfterTheCharacterTyped() {
        let app = editor("")
        TypedBlockTests.typeSlowly("A *b* c", into: app)
        #expect(app.markup == "A b c|")
        TypedBlockTests.typeSlowly("d", into: app)
        #expect(Self.styled(app) == "A [i:b] cd")
    }

    @Test func aMarkedIngredientKeepsItsMarkWhenMadeBold() throws {
        let app = editor("")
        TypedBlockTests.typeSlowly("Add **salt", into: app)
        // Select "salt" and mark it.
        for _ in 0 ..< 4 { app.type(Keys.shiftLeft) }
        app.type(Keys.control("e"))
        app.type(Keys.end)
        TypedBlockTests.typeSlowly("** now", into: app)
        let text = app.session.document.text
        let salt = try #require(text.characters.ranges(of: "salt").first)
        #expect(text[salt].runs.allSatisfy { $0.bold == true && $0.ingredient != nil })
        #expect(app.text == "Add salt now")
    }

    @Test func delimitersInCodeAreNoMarkup() {
        let app = editor("Type `a*b` then\n")
        app.type(Keys.end)
        TypedBlockTests.typeSlowly(" x* y", into: app)
        #expect(app.text == "Type a*b then x* y")
        #expect(Self.styled(app) == "Type [c:a*b] then x* y")
    }

    @Test func aCharacterThatClosesAStyleIsNotEchoedAhead() {
        // The echo would draw `*salt* ` for a frame before the stars go.
        let app = editor("")
        TypedBlockTests.typeSlowly("Add *salt*", into: app)
        let closing = app.render()
        #expect(app.typingEcho(for: [.text(" ")], on: closing.grid, cursor: closing.cursor) == nil)
        #expect(app.typingEcho(for: [.text("x")], on: closing.grid, cursor: closing.cursor) == nil)
        app.handle(.text(" "))
        let later = app.render()
        #expect(app.typingEcho(for: [.text("x")], on: later.grid, cursor: later.cursor) != nil)
    }

    @Test func cooklangAndPlainTextKeepTheCharacters() {
        let cook = TypedBlockTests.cooklangEditor("")
        TypedBlockTests.typeSlowly("Add **salt** now", into: cook)
        #expect(cook.text == "Add **salt** now")
        let plain = EditorController(session: EditorSession(recipe: PlainTextRecipeFormat.parse(""), path: nil, format: .plainText),
                                     width: 100, height: 24)
        TypedBlockTests.typeSlowly("Add **salt** now", into: plain)
        #expect(plain.text == "Add **salt** now")
    }

    @Test func aSpanLongerThanTheLookBackStaysText() {
        let app = editor("")
        let long = "*" + String(repeating: "word ", count: 60) + "end*"
        TypedBlockTests.typeSlowly(long + " ", into: app)
        #expect(app.text == long + " ")
    }

    /// Typed into a line of a file, `_fresh_` is written as typed there
    /// too (#33: it was `*fresh*`), the rest of the line (its `*`
    /// included) byte for byte; so are a link and an autolink typed there.
    @Test(arguments: [
        ("_fresh_ ", "Use *dried* or _fresh_ herbs.\n"),
        ("__very__ ", "Use *dried* or __very__ herbs.\n"),
        ("[fresh](https://example.com/herbs) ", "Use *dried* or [fresh](https://example.com/herbs) herbs.\n"),
        ("<https://example.com> ", "Use *dried* or <https://example.com> herbs.\n"),
    ])
    func markupTypedIntoAFileLineIsSavedAsTyped(typed: String, line: String) throws {
        let (app, path, folder) = try RecipeDataTests.open("# Herbs\n\nUse *dried* or herbs.\n", name: "herbs.md")
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(Keys.control("f") + Array("herbs.\r".utf8) + Array("\u{1B}[D".utf8))
        TypedBlockTests.typeSlowly(typed, into: app)
        app.type(Keys.control("s"))
        #expect(try RecipeDataTests.contents(path) == "# Herbs\n\n" + line)
    }
}
