import Foundation
@testable import RouxApp
import Testing
import TerminalUI

/// The table of commands drives the keys, the help, the key bar, the
/// palette and the README.
@Suite("Commands")
struct CommandTableTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("README.md")
    static let begin = "<!-- keys: generated from the command table (CommandTableTests); ROUX_UPDATE_README=1 swift test --filter CommandTableTests rewrites them -->\n"
    static let end = "<!-- end of keys -->"

    /// The README's key tables are the command table's. With
    /// ROUX_UPDATE_README=1 the test writes them into the README instead.
    @Test func theReadmeKeyTablesAreTheCommandTable() throws {
        var readme = try String(contentsOf: Self.readme, encoding: .utf8)
        let start = try #require(readme.range(of: Self.begin), "README.md has no generated key tables")
        let finish = try #require(readme.range(of: Self.end, range: start.upperBound ..< readme.endIndex))
        let expected = EditorController.keyTablesMarkdown
        if ProcessInfo.processInfo.environment["ROUX_UPDATE_README"] == "1" {
            readme.replaceSubrange(start.upperBound ..< finish.lowerBound, with: expected)
            try readme.write(to: Self.readme, atomically: true, encoding: .utf8)
            return
        }
        #expect(String(readme[start.upperBound ..< finish.lowerBound]) == expected,
                "README.md's key tables differ from the command table: ROUX_UPDATE_README=1 swift test --filter CommandTableTests")
    }

    @Test func noKeyIsBoundTwiceInOnePane() {
        #expect(EditorController.keysBoundTwice == [])
    }

    @Test func thePaletteFiltersByWordsInAnyOrder() {
        #expect(EditorController.commandNames(matching: "as save").first == "Save as")
        #expect(EditorController.commandNames(matching: "line go").first == "Go to line")
        #expect(EditorController.commandNames(matching: "ingredient mark") == ["Mark as an ingredient", "Mark the ingredient list", "Mark as you type"])
        #expect(EditorController.commandNames(matching: "type mark") == ["Mark as you type"])
        #expect(EditorController.commandNames(matching: "zzzz") == [])
        // Moves and list keys are not commands to run by name.
        #expect(!EditorController.commandNames(matching: "").contains("Move"))
        #expect(EditorController.commandNames(matching: "").contains("Quit"))
    }

    @Test func ctrlPRunsACommandByName() throws {
        let app = editor("# Pain\n\nFarine et eau.\n")
        app.type(Keys.control("p"))
        #expect(app.palette != nil)
        #expect(app.screen.line(app.editorFrame.y).contains("Commands"))
        app.type("bold")
        #expect(app.palette?.chosen == "Bold")
        app.type(Keys.escape)
        #expect(app.palette == nil)
        // Typed quickly, in the same read as Ctrl-P: nothing is lost.
        app.type(Keys.control("p") + Array("go line".utf8) + [0x0D])
        #expect(app.palette == nil)
        #expect(app.prompt == .line(GoToLineQuestion(), ""))
        app.type("3\r")
        #expect(app.session.caret.offset == 6)
    }

    /// At 40 columns the help's introduction wraps instead of losing its end.
    @Test func theHelpsIntroductionWrapsOnANarrowTerminal() {
        let app = editor("# Pain\n", width: 40, height: 20)
        app.type("\u{1B}OP") // F1
        let rows = (3 ... 6).map { app.screen.line($0).trimmingCharacters(in: .whitespaces) }
        #expect(rows.joined(separator: " ").contains("PgUp/PgDn scroll, any other key closes"), "\(rows)")
        #expect(rows.joined(separator: " ").contains("Ctrl-P runs any command by name"), "\(rows)")
    }

    @Test func everyKeyOfTheHelpIsInTheTableAndTheHelpScrollsAt50x12() throws {
        let app = editor("# Pain\n", width: 50, height: 12)
        app.type("\u{1B}OP") // F1
        #expect(app.helpVisible)
        let first = app.screen
        #expect(first.line(2).contains("Roux keys"))
        #expect(first.allText.contains("PgDn: more"))
        // Page down until the end: every command's summary shows on some page.
        var seen = first.allText
        for _ in 0 ..< 120 {
            app.type("\u{1B}[6~")
            seen += app.screen.allText
        }
        #expect(app.helpVisible)
        #expect(seen.contains("double-click a word"))
        #expect(seen.contains("Ctrl-S"))
        #expect(seen.contains("In the recipe list"))
        app.type("x")
        #expect(!app.helpVisible)
        #expect(app.text == "Pain") // the key that closed the help typed nothing
    }

    @Test func theKeyBarComesFromTheTable() throws {
        let app = editor("# Pain\n", width: 100, height: 24)
        let bar = app.screen.line(23)
        #expect(bar.hasPrefix("^S Save  ^Q Quit  ^Z Undo  ^F Find  ^L Line  ^P Commands  F1 Help  ^E Ingredient  ^B Bold"))
    }

    @Test func aKeyOfAnotherPaneSaysWhereItWorks() throws {
        let app = editor("# Pain\n")
        app.type("\u{1B}[17~") // F6: the inspector
        #expect(app.focus == .inspector)
        app.type(Keys.control("b"))
        #expect(app.message?.contains("works in the text") == true)
        // Undo works from every pane.
        app.type(Keys.escape)
        app.type("x")
        app.type("\u{1B}[17~")
        app.type(Keys.control("z"))
        #expect(app.text == "Pain")
    }
}
