import Foundation
import RecipeFormats
import Recipes
import RichText
@testable import RouxApp
import RouxTestSupport
import TerminalUI
import Testing

/// Markdown typed as in Typora and Obsidian beyond styles and links: a
/// picture `![alt](src)`, an autolink `<https://…>`, a heading with its
/// closing `#`, a table typed row by row. Each reads on screen as opening
/// the saved file reads it, and cmark-gfm renders the saved file so (they
/// were saved escaped: `!\[A stack\](crepes.png)`, `\<https://…>`,
/// `# Crêpes \#`, table rows with blank lines between them).
@Suite("Markdown typed as in Typora and Obsidian")
struct TypedMarkdownTests {
    @Test(arguments: [
        ("![A stack](crepes.png)", "A stack"),
        ("Serve as in ![A stack](crepes.png) now", "Serve as in A stack now"),
        ("![Pie](<my pie.png> \"The pie\")", "Pie"),
    ])
    func aTypedImageIsAPictureSavedAsTyped(typed: String, shown: String) throws {
        let app = editor("")
        TypedBlockTests.typeSlowly(typed, into: app)
        #expect(app.text == shown)
        let text = app.session.document.text
        #expect(text.runs.filter { $0.image != nil }.count == 1)
        let saved = TypedBlockTests.markdown(app)
        #expect(saved == typed + "\n")
        let xml = try CommonMarkReference.render(saved)
        #expect(xml.contains("<image destination="), "\(xml)")
    }

    @Test func aTypedImageComesBackAsTypedWithOneUndo() {
        let app = editor("")
        TypedBlockTests.typeSlowly("![A stack](crepes.png)", into: app)
        app.type(Keys.control("z"))
        #expect(app.text == "![A stack](crepes.png)")
        #expect(app.session.document.text.runs.allSatisfy { $0.image == nil })
    }

    @Test(arguments: [
        ("See <https://example.com/crepes> now", "See https://example.com/crepes now", "https://example.com/crepes"),
        ("Write to <cook@example.com>.", "Write to cook@example.com.", "mailto:cook@example.com"),
    ])
    func aTypedAutolinkIsALinkSavedAsTyped(typed: String, shown: String, address: String) throws {
        let app = editor("")
        TypedBlockTests.typeSlowly(typed, into: app)
        #expect(app.text == shown)
        #expect(app.session.document.text.runs.filter { $0.link?.absoluteString == address }.count == 1)
        let saved = TypedBlockTests.markdown(app)
        #expect(saved == typed + "\n")
        let xml = try CommonMarkReference.render(saved)
        #expect(xml.contains("<link destination=\"\(address)\""), "\(xml)")
    }

    @Test func anAutolinkArrivingInOneReadIsTakenToo() {
        let app = editor("")
        app.type("See <https://example.com> here")
        #expect(app.text == "See https://example.com here")
        #expect(TypedBlockTests.markdown(app) == "See <https://example.com> here\n")
    }

    @Test(arguments: ["a <b> tag", "x <y z> w", "an \\<https://example.com> escaped", "<not a link>"])
    func whatAMarkdownReaderReadsAsNoAutolinkStaysText(typed: String) {
        let app = editor("")
        TypedBlockTests.typeSlowly(typed, into: app)
        #expect(app.text == typed)
        #expect(app.session.document.text.runs.allSatisfy { $0.link == nil })
    }

    @Test(arguments: [
        ("# ", "Crêpes #", "# Crêpes #", "Crêpes"),
        ("## ", "Sauce ##  ", "## Sauce ##  ", "Sauce"),
    ])
    func aHeadingsClosingHashesAreMarkupOnceTheLineEnds(markup: String, typed: String, line: String, heading: String) throws {
        let app = editor("")
        TypedBlockTests.typeSlowly(markup + typed, into: app)
        app.press(Key(.enter))
        TypedBlockTests.typeSlowly("Thin pancakes.", into: app)
        #expect(app.text.hasPrefix(heading + "\n"))
        if markup == "# " { #expect(app.session.recipe.title == heading) }
        let saved = TypedBlockTests.markdown(app)
        #expect(saved.hasPrefix(line + "\n"), "\(saved)")
        let blocks = try CommonMarkReference.blocks(of: saved)
        #expect(blocks.first == RenderedBlock(kind: "heading", level: markup.count - 1, text: heading))
        #expect(RenderedBlock.paragraphs(of: app.session.document.text) == blocks)
    }

    @Test func aSaveClosesTheHeadingTypedLast() throws {
        let (app, path, folder) = try RecipeDataTests.open("Thin pancakes.\n", name: "crepes.md")
        defer { try? FileManager.default.removeItem(at: folder) }
        app.press(Key(.home, .control))
        app.press(Key(.enter))
        app.press(Key(.up))
        TypedBlockTests.typeSlowly("# Crêpes #", into: app)
        app.type(Keys.control("s"))
        #expect(try RecipeDataTests.contents(path) == "# Crêpes #\nThin pancakes.\n")
        #expect(app.text == "Crêpes\nThin pancakes.")
    }

    @Test(arguments: ["C#", "Learn C#"])
    func hashesThatCloseNothingStayText(typed: String) {
        let app = editor("")
        TypedBlockTests.typeSlowly("# " + typed, into: app)
        app.press(Key(.enter))
        #expect(app.text.hasPrefix(typed + "\n"))
    }

    @Test func aTableTypedRowByRowIsATable() throws {
        let app = editor("")
        for row in ["| Pan | Time |", "|---|---|", "| 20 cm | 30 min |"] {
            TypedBlockTests.typeSlowly(row, into: app)
            app.press(Key(.enter))
        }
        TypedBlockTests.typeSlowly("Serve warm.", into: app)
        #expect(app.text == "| Pan | Time |\n|---|---|\n| 20 cm | 30 min |\nServe warm.")
        let saved = TypedBlockTests.markdown(app)
        #expect(saved == "| Pan | Time |\n|---|---|\n| 20 cm | 30 min |\n\nServe warm.\n")
        let blocks = try CommonMarkReference.blocks(of: saved)
        #expect(blocks.map(\.kind) == ["table", "paragraph"])
    }

    @Test func tableRowsJoinedByBackspaceStayTogetherInTheFile() throws {
        // Rows typed with a blank line between them (Enter after a row that
        // was not one yet), the blank line taken away by Backspace.
        let app = editor("")
        TypedBlockTests.typeSlowly("Pan and time", into: app)
        app.press(Key(.enter))
        TypedBlockTests.typeSlowly("|---|", into: app)
        app.press(Key(.home))
        app.press(Key(.backspace))
        #expect(app.text == "Pan and time\n|---|")
        app.press(Key(.up))
        app.press(Key(.home))
        app.type("| ")
        app.press(Key(.end))
        app.type(" |")
        #expect(app.text == "| Pan and time |\n|---|")
        let saved = TypedBlockTests.markdown(app)
        #expect(saved == "| Pan and time |\n|---|\n")
        #expect(try CommonMarkReference.blocks(of: saved).map(\.kind) == ["table"])
    }

    // MARK: Raw HTML (#34)

    /// HTML typed in Roux is text on screen; the file says so to every
    /// reader (`\<b>`), where cmark-gfm rendered or dropped it.
    @Test(arguments: [
        ("<div>html</div>", "\\<div>html\\</div>"),
        ("Mix <b>well</b> now", "Mix \\<b>well\\</b> now"),
        ("A <!-- note --> here", "A \\<!-- note --> here"),
        ("Heat to < 80 °C, a <= b", "Heat to < 80 °C, a <= b"),
        // Emphasis typed with `_` on the same line stays `_` (#33).
        ("Use _fresh_ fruit, not <b>bold</b>", "Use _fresh_ fruit, not \\<b>bold\\</b>"),
    ])
    func typedHTMLIsSavedAsTheTextShown(typed: String, saved: String) throws {
        let app = editor("")
        TypedBlockTests.typeSlowly(typed, into: app)
        #expect(app.text == typed.replacingOccurrences(of: "_", with: ""))
        let file = TypedBlockTests.markdown(app)
        #expect(file == saved + "\n")
        let xml = try CommonMarkReference.render(file)
        #expect(!xml.contains("html_inline") && !xml.contains("html_block"), "\(xml)")
        #expect(try CommonMarkReference.blocks(of: file) == RenderedBlock.paragraphs(of: app.session.document.text))
    }

    /// The file's own HTML is the file's: a line not edited keeps it, and
    /// so does an edited line for the HTML it had.
    @Test func theFilesOwnHTMLIsKept() throws {
        let (app, path, folder) = try RecipeDataTests.open("# Tart\n\nBake <b>well</b>.\n\nServe <i>cold</i>\n", name: "tart.md")
        defer { try? FileManager.default.removeItem(at: folder) }
        app.press(Key(.end, .control))
        TypedBlockTests.typeSlowly(" or <u>warm</u>", into: app)
        app.type(Keys.control("s"))
        let saved = try RecipeDataTests.contents(path)
        #expect(saved == "# Tart\n\nBake <b>well</b>.\n\nServe <i>cold</i> or \\<u>warm\\</u>\n")
    }

    // MARK: Front matter

    /// `---`, entries, `---` typed at the top are the recipe's details, as
    /// Obsidian's properties (they were saved as `\---` paragraphs).
    @Test func frontMatterTypedAtTheTopBecomesTheDetails() throws {
        let app = editor("")
        for line in ["---", "title: Cherry pie", "servings: 8", "---"] {
            TypedBlockTests.typeSlowly(line, into: app)
            app.press(Key(.enter))
        }
        TypedBlockTests.typeSlowly("Bake it.", into: app)
        #expect(app.text == "Bake it.")
        #expect(app.session.recipe.metadata.title == "Cherry pie")
        #expect(app.session.recipe.metadata.value(of: "servings") == "8")
        let saved = TypedBlockTests.markdown(app)
        #expect(saved == "---\ntitle: Cherry pie\nservings: 8\n---\nBake it.\n")
        #expect(try CommonMarkReference.blocks(of: saved) == [RenderedBlock(kind: "paragraph", text: "Bake it.")])
    }

    @Test(arguments: [["Intro", "---", "a: 1", "---"], ["---", "not: [closed", "---"], ["---", "just text", "---"]])
    func linesThatAreNoFrontMatterStayText(lines: [String]) {
        let app = editor("")
        for line in lines {
            TypedBlockTests.typeSlowly(line, into: app)
            app.press(Key(.enter))
        }
        #expect(app.session.recipe.metadata == RecipeMetadata())
        #expect(app.text.contains("---"))
    }
}
