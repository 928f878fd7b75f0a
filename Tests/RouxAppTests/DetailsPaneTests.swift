import Foundation
import Recipes
import RecipeFormats
import RichText
@testable import RouxApp
import TerminalUI
import Testing

/// The recipe's details above the text: shown in the file's order, edited,
/// added and removed from the keyboard, each change one undo step saved
/// where and as the file writes it; a front matter that does not parse is
/// shown as its lines with the parser's message, and fixed there.
@Suite("Recipe details pane")
struct DetailsPaneTests {
    static let f8 = Array("\u{1B}[19~".utf8)
    static let f6 = Array("\u{1B}[17~".utf8)
    static let down = Array("\u{1B}[B".utf8)
    static let delete = Array("\u{1B}[3~".utf8)
    static let enter: [UInt8] = [0x0D]
    /// Empties a pre-filled prompt, whether its text is selected or not.
    static let clear = [UInt8](repeating: 0x7F, count: 40)

    /// Comments, quotes, odd spacing, a block list, a key Roux does not know.
    static let markdown = """
        ---
        # kept as written
        title: "Crêpes"   # the title
        servings:   4 people
        time: 30 min
        tags: [dessert, quick]
        source: 'https://example.com/crepes'
        steps_by:
           - Ana
           - Léo
        ingredients:
          - farine
        ---
        # Crêpes

        Mélanger.

        """

    /// The rows of `frame` as text, trailing blanks removed.
    static func rows(_ grid: CellGrid, _ frame: EditorController.Frame) -> [String] {
        (frame.y ..< frame.y + frame.height).map { y in
            var line = (frame.x ..< frame.x + frame.width).map { grid[$0, y] }.filter { !$0.isContinuation }.map(\.text).joined()
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }

    static func open(_ contents: String, name: String = "crepes.md") throws -> (EditorController, path: String, folder: URL) {
        try RecipeDataTests.open(contents, name: name)
    }

    static func contents(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test func theDetailsShowAboveTheTextOneRowPerKeyInTheFilesOrder() throws {
        let app = editor(Self.markdown, width: 100, height: 30)
        let grid = app.screen
        let details = app.detailsFrame
        #expect(details.y == 1 && details.height == 8)
        #expect(app.editorFrame.y == 9)
        let rule = String(repeating: "─", count: details.width - 8)
        #expect(Self.rows(grid, details) == [
            "Details " + rule,
            " title     Crêpes",
            " servings  4 people",
            " time      30 min",
            " tags      dessert, quick",
            " source    https://example.com/crepes",
            " steps_by  Ana, Léo",
            " + Add a detail…",
        ])
        #expect(app.editorLines.first == "Crêpes ▾")
        // Keys bold and dim, values plain; the title row bold.
        #expect(grid[1, 2].style == CellStyle(bold: true, dim: true))
        #expect(grid[11, 2].style == CellStyle())
        #expect(grid[0, 1].style == CellStyle(bold: true))
    }

    @Test func aShortTerminalOrTheToggleShowsOneSummaryRowUntilF8() {
        let app = editor(Self.markdown, width: 100, height: 14)
        #expect(app.detailsFrame.height == 1 && app.editorFrame.y == 2)
        #expect(Self.rows(app.screen, app.detailsFrame) == ["Details  title: Crêpes · servings: 4 people · time: 30 min · tags: …"])
        app.type(Self.f8)
        #expect(app.detailsFrame.height == 3)
        let tall = editor(Self.markdown, width: 100, height: 30)
        tall.type(Keys.control("p"))
        tall.type("details all or one line\r")
        #expect(tall.detailsFrame.height == 1)
        tall.type(Keys.control("p"))
        tall.type("details all or one line\r")
        #expect(tall.detailsFrame.height == 8)
    }

    @Test func aRecipeWithoutDetailsGivesTheTextEveryRowUntilF8() {
        let app = editor("# Soupe\n\nRemuer.\n", width: 100, height: 24)
        #expect(app.detailsFrame.height == 0)
        #expect(app.editorFrame.y == 1)
        app.type(Self.f6 + Self.f6)
        #expect(app.focus == .editor)
        app.type(Self.f8)
        #expect(app.focus == .details)
        #expect(Self.rows(app.screen, app.detailsFrame) == ["Details " + String(repeating: "─", count: app.detailsFrame.width - 8),
                                                           " + Add a detail…"])
        app.type(Self.f8)
        #expect(app.focus == .editor && app.detailsFrame.height == 0)
    }

    @Test func f6ReachesTheDetailsAndAClickChoosesARow() {
        let app = editor(Self.markdown, width: 100, height: 30)
        app.type(Self.f6)
        #expect(app.focus == .inspector)
        app.type(Self.f6)
        #expect(app.focus == .details)
        app.type(Self.f6)
        #expect(app.focus == .editor)
        // A press focuses the pane and highlights the row under it.
        let press = MouseEvent(action: .press, button: 0, x: 5, y: 4)
        app.handle(.mouse(press))
        #expect(app.focus == .details && app.detailsPane.rows.selected == 2)
        let highlighted = (1 ..< 10).filter { app.screen[3, $0].style.reverse }
        #expect(highlighted == [4])
    }

    /// A click on a detail, then one on the text: the text has the caret
    /// there and the keys. The text does not move down when the details
    /// take the keys, so the second click lands where the user saw the text
    /// (it hit an "Add a detail…" row that appeared there).
    @Test func aClickInTheTextAfterOneOnTheDetailsPutsTheCaretThere() throws {
        let app = editor(Self.markdown, width: 100, height: 30)
        let before = app.screen
        let textRow = app.editorFrame.y + 2
        #expect(before.line(textRow).hasPrefix("Mélanger."))
        app.handle(.mouse(MouseEvent(action: .press, button: 0, x: 12, y: 3)))
        #expect(app.focus == .details)
        #expect(app.detailsPane.rows.selected == 1)
        // Every row of the text where it was.
        let after = app.screen
        for row in app.editorFrame.y ..< app.editorFrame.y + app.editorFrame.height {
            #expect(after.line(row).prefix(60) == before.line(row).prefix(60))
        }
        app.handle(.mouse(MouseEvent(action: .press, button: 0, x: 5, y: textRow)))
        #expect(app.focus == .editor)
        #expect(app.screen.line(app.height - 2).hasPrefix("16:6  LTR  Body"))
        app.type(Keys.right)
        #expect(app.screen.line(app.height - 2).hasPrefix("16:7  LTR  Body"))
    }

    @Test func enterEditsAValueSavedInItsLineAndCtrlZGivesBackTheBytes() throws {
        let (app, path, folder) = try Self.open(Self.markdown)
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(Self.f8 + Self.down + Self.enter)
        let asked = DetailsQuestion(purpose: .value(key: "servings", isNew: false), label: "servings: ", historyKey: "detail-servings")
        #expect(app.prompt == EditorController.Prompt.line(asked, "4 people"))
        app.type(Self.clear)
        app.type("6 people")
        app.type(Self.enter)
        #expect(app.session.recipe.servings == 6)
        #expect(Self.rows(app.screen, app.detailsFrame)[2] == " servings  6 people")
        app.type(Keys.control("s"))
        #expect(try Self.contents(path) == Self.markdown.replacingOccurrences(of: "servings:   4 people", with: "servings: 6 people"))
        app.type(Keys.control("z"))
        #expect(app.session.recipe.servings == 4)
        app.type(Keys.control("s"))
        #expect(try Self.contents(path) == Self.markdown)
    }

    @Test func aListIsEditedAsItemsBetweenCommasAndKeepsItsStyle() throws {
        let (app, path, folder) = try Self.open(Self.markdown)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Flow: [a, b]; block: its items' indent.
        app.type(Self.f8 + Self.down + Self.down + Self.down + Self.enter + Self.clear)
        app.type("dessert, quick, breton" + "\r")
        app.type(Self.down + Self.down + Self.enter + Self.clear)
        app.type("Ana, Léo,  Zoé" + "\r")
        app.type(Keys.control("s"))
        let expected = Self.markdown.replacingOccurrences(of: "tags: [dessert, quick]", with: "tags: [dessert, quick, breton]")
            .replacingOccurrences(of: "   - Léo\n", with: "   - Léo\n   - Zoé\n")
        #expect(try Self.contents(path) == expected)
        #expect(app.session.recipe.detail("steps_by")?.text == "Ana, Léo, Zoé")
        // One undo step each.
        app.type(Keys.control("z"))
        app.type(Keys.control("s"))
        #expect(try Self.contents(path) == Self.markdown.replacingOccurrences(of: "tags: [dessert, quick]", with: "tags: [dessert, quick, breton]"))
    }

    @Test func deleteRemovesAKeyAndItsLinesOnly() throws {
        let (app, path, folder) = try Self.open(Self.markdown)
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(Self.f8 + Self.down + Self.down + Self.delete)
        #expect(app.session.recipe.detail("time") == nil)
        // The highlight stays on the row that took its place (tags).
        app.type(Self.down + Self.down + Self.delete)
        app.type(Keys.control("s"))
        #expect(try Self.contents(path) == Self.markdown.replacingOccurrences(of: "time: 30 min\n", with: "")
            .replacingOccurrences(of: "steps_by:\n   - Ana\n   - Léo\n", with: ""))
        app.type(Keys.control("z") + Keys.control("z"))
        app.type(Keys.control("s"))
        #expect(try Self.contents(path) == Self.markdown)
    }

    @Test func theFirstDetailOfAMarkdownRecipeMakesItsFrontMatter() throws {
        let original = "# Soupe\n\nRemuer.\n"
        let (app, path, folder) = try Self.open(original, name: "soupe.md")
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(Self.f8 + Array("a".utf8))
        app.type("servings\r")
        app.type("4\r")
        #expect(app.session.recipe.servings == 4)
        #expect(app.focus == .details)
        app.type(Self.down + Self.enter)
        app.type("source\r")
        app.type("Grand-mère: carnet\r")
        app.type(Keys.control("s"))
        #expect(try Self.contents(path) == "---\nservings: 4\nsource: \"Grand-mère: carnet\"\n---\n" + original)
        #expect(Self.rows(app.screen, app.detailsFrame).dropFirst() == [" servings  4", " source    Grand-mère: carnet", " + Add a detail…"])
        app.type(Keys.control("z") + Keys.control("z"))
        app.type(Keys.control("s"))
        #expect(try Self.contents(path) == original)
    }

    static let cooklang = """
        >> title: Soupe
        >> servings: 2

        Ajouter le @sel{1%pincée}.

        >> cuisine: française
        Remuer.

        """

    @Test func cooklangDetailsAreEditedInTheirLines() throws {
        let (app, path, folder) = try Self.open(Self.cooklang, name: "soupe.cook")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(Self.rows(app.screen, app.detailsFrame).dropFirst() == [" title     Soupe", " servings  2", " cuisine   française",
                                                                          " + Add a detail…"])
        // A value in the head's lines, one among the steps, a new key, a key removed.
        app.type(Self.f8 + Self.down + Self.enter + Self.clear)
        app.type("3\r")
        app.type(Self.down + Self.enter + Self.clear)
        app.type("bretonne\r")
        app.type(Array("a".utf8))
        app.type("time\r")
        app.type("20 min\r")
        app.type([0x1B, 0x5B, 0x48] + Self.delete)
        app.type(Keys.control("s"))
        #expect(try Self.contents(path) == """
            >> servings: 3
            >> time: 20 min

            Ajouter le @sel{1%pincée}.

            >> cuisine: bretonne
            Remuer.

            """)
        for _ in 0 ..< 4 { app.type(Keys.control("z")) }
        app.type(Keys.control("s"))
        #expect(try Self.contents(path) == Self.cooklang)
    }

    static let broken = """
        ---
        title: Soupe: au pistou
        servings: 4
        ---
        # Soupe

        Remuer.

        """

    @Test func aFrontMatterThatDoesNotParseShowsItsLinesAndIsFixedThere() throws {
        let (app, path, folder) = try Self.open(Self.broken, name: "soupe.md")
        defer { try? FileManager.default.removeItem(at: folder) }
        let grid = app.screen
        #expect(Self.rows(grid, app.detailsFrame) == [
            "Details · the front matter does not parse, and is kept as written",
            " line 2, column 13: mapping values are not allowed in this context  (Enter edits a line)",
            " 2▸ title: Soupe: au pistou",
            " 3│ servings: 4",
        ])
        app.type(Self.f8 + Self.enter)
        let asked = DetailsQuestion(purpose: .line(index: 0, inserting: false), label: "Line 2: ", historyKey: "front-matter-line")
        #expect(app.prompt == EditorController.Prompt.line(asked, "title: Soupe: au pistou"))
        app.type(Self.clear)
        app.type("title: \"Soupe: au pistou\"\r")
        #expect(app.session.recipe.metadata.title == "Soupe: au pistou")
        #expect(Self.rows(app.screen, app.detailsFrame).dropFirst() == [" title     Soupe: au pistou", " servings  4", " + Add a detail…"])
        app.type(Keys.control("s"))
        let fixed = Self.broken.replacingOccurrences(of: "title: Soupe: au pistou", with: "title: \"Soupe: au pistou\"")
        #expect(try Self.contents(path) == fixed)
        // Its keys are details again: the servings edit is saved in the front matter.
        app.type(Self.down + Self.enter + Self.clear)
        app.type("6\r")
        app.type(Keys.control("s"))
        #expect(try Self.contents(path) == fixed.replacingOccurrences(of: "servings: 4", with: "servings: 6"))
        app.type(Keys.control("z") + Keys.control("z"))
        #expect(app.session.recipe.headIsVerbatim)
        app.type(Keys.control("s"))
        #expect(try Self.contents(path) == Self.broken)
    }

    @Test func aTitleTypedInTheDetailsIsNotSetBackToTheHeading() throws {
        let original = "---\ntitle: Soupe\n---\n# Soupe\n\nRemuer.\n"
        let (app, path, folder) = try Self.open(original, name: "soupe.md")
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(Self.f8 + Self.enter + Self.clear)
        app.type("Soupe au pistou\r")
        app.type(Keys.control("s"))
        #expect(try Self.contents(path) == "---\ntitle: Soupe au pistou\n---\n# Soupe\n\nRemuer.\n")
    }
}
