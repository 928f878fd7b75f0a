import Foundation
import RecipeFormats
import RichText
import RouxApp
import TerminalUI
import Testing

/// How lists, quotes, links, images, code, cookware, timers and comments
/// look in the editor, and the keys that edit lists there.
@Suite("Blocks and spans on screen")
struct BlockDisplayTests {
    static let markdown = """
    Intro with a [link](https://example.com) and `code`.

    - Flour
      - sifted twice, then left to rest for a while so that this line wraps
    3. Beat the eggs
    > A quoted tip
    ![the finished cake](cake.jpg)

    ```
    let x = 1
    ```

    """

    @Test func listsQuotesImagesAndCodeAreDrawnAsTheyAre() throws {
        let app = editor(Self.markdown, width: 60, height: 16)
        app.handle(.key(Key(.function(2)))) // the inspector away: the text has the width
        #expect(Array(app.editorLines.prefix(12)) == [
            "Intro with a link and code.",
            "",
            "• Flour",
            "  • sifted twice, then left to rest for a while so that",
            "    this line wraps",
            "3. Beat the eggs",
            "│ A quoted tip",
            "⧉the finished cake",
            "",
            "```",
            "let x = 1",
            "```",
        ])
        let grid = app.screen
        let y = app.editorFrame.y
        let x = app.editorFrame.x
        // The link underlined, the code span dim, the quote bar dim, the image's text italic, code lines dim.
        #expect(grid[x + 13, y].style.underline && !grid[x + 12, y].style.underline)
        #expect(grid[x + 22, y].style.dim)
        #expect(grid[x, y + 6].style.dim && !grid[x + 2, y + 6].style.dim)
        #expect(grid[x + 1, y + 7].style.italic)
        #expect(grid[x, y + 10].style.dim)
    }

    @Test func aRightToLeftItemHasItsMarkerOnTheRight() throws {
        let app = editor("- שלום עולם\n", width: 40, height: 8)
        app.handle(.key(Key(.function(2))))
        // Drawn right to left: the marker on the right, a space between it and the text.
        #expect(app.editorLines[0].trimmingCharacters(in: .whitespaces) == "םלוע םולש •")
    }

    @Test func enterContinuesTheListAndTabNestsOnScreen() throws {
        let app = editor("1. Mix\n", width: 50, height: 10)
        app.handle(.key(Key(.function(2))))
        app.type(Keys.end)
        app.press(Key(.enter))
        app.type("Bake")
        app.press(Key(.enter))
        app.type("Cool")
        app.press(Key(.tab))
        #expect(Array(app.editorLines.prefix(3)) == ["1. Mix", "2. Bake", "   1. Cool"])
        app.press(Key(.tab, .shift))
        app.press(Key(.enter), Key(.enter))
        app.type("Serve.")
        #expect(Array(app.editorLines.prefix(4)) == ["1. Mix", "2. Bake", "3. Cool", "Serve."])
        #expect(app.text == "Mix\nBake\nCool\nServe.")
    }

    static let cooklang = """
    -- a comment line
    Put the @eggs{2} in a #pot{} for ~{10%minutes}, then ~rest{5%min}.

    > A note about the #pan.

    """

    static func cooklangEditor(useColor: Bool) -> EditorController {
        EditorController(session: EditorSession(recipe: CooklangFormat.parse(cooklang), path: nil, format: .cooklang),
                         width: 100, height: 20, useColor: useColor)
    }

    @Test func cookwareTimersCommentsAndNotesHaveTheirOwnLook() throws {
        let app = Self.cooklangEditor(useColor: true)
        #expect(Array(app.editorLines.prefix(4)) == [
            "-- a comment line",
            "Put the eggs in a pot for 10 minutes, then 5 min.",
            "",
            "│ A note about the #pan.",
        ])
        let grid = app.screen
        let y = app.editorFrame.y
        let x = app.editorFrame.x
        #expect(grid[x, y].style.dim)
        #expect(grid[x + 8, y + 1].style.foreground == .green)
        #expect(grid[x + 18, y + 1].style.foreground == .ansi(.cyan))
        #expect(grid[x + 26, y + 1].style.foreground == .ansi(.magenta))
        // The inspector lists the cookware and the timers under the ingredients.
        let inspector = (app.inspectorFrame.y ..< app.inspectorFrame.y + 8).map { String(grid.line($0).dropFirst(app.inspectorFrame.x + 2)) }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(Array(inspector.prefix(7)) == ["Ingredients (1)" + String(repeating: " ", count: 9) + "marks", "[ ] eggs 2" + String(repeating: " ", count: 18) + "1", "", "Cookware", "pot", "", "Timers"])
        #expect(inspector[7] == "10 minutes")
        #expect(grid.line(app.inspectorFrame.y + 8).contains("rest: 5 min"))
    }

    @Test func withoutColoursCookwareAndTimersAreItalicAndIngredientsUnderlined() throws {
        let app = Self.cooklangEditor(useColor: false)
        let grid = app.screen
        let y = app.editorFrame.y + 1
        let x = app.editorFrame.x
        #expect(grid[x + 8, y].style.underline && grid[x + 8, y].style.bold && grid[x + 8, y].style.foreground == .default)
        #expect(grid[x + 18, y].style.italic && grid[x + 26, y].style.italic)
        #expect(!grid[x, y].style.italic)
    }
}
