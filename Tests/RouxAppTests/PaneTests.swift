import Foundation
import RecipeFormats
import RichText
@testable import RouxApp
import TerminalUI
import Testing

/// Lists that scroll (ScrollingList), folds that open for the caret, find
/// that counts, the status line's paragraph style.
@Suite("Panes")
struct PaneTests {
    static let f6: [UInt8] = Array("\u{1B}[17~".utf8)
    static let down: [UInt8] = Array("\u{1B}[B".utf8)
    static let end: [UInt8] = Array("\u{1B}[F".utf8)
    static let pageDown: [UInt8] = Array("\u{1B}[6~".utf8)

    @Test func aListOf10000RowsKeepsItsHighlightOnScreen() {
        var list = ScrollingList(count: 10_000, visibleRows: 20)
        for _ in 0 ..< 25 { _ = list.handle(Key(.down)) }
        #expect(list.selected == 25)
        #expect(list.visibleRange.contains(25))
        let movedToEnd = list.handle(Key(.end))
        #expect(movedToEnd)
        #expect(list.selected == 9_999 && list.visibleRange == 9_980 ..< 10_000)
        let paged = list.handle(Key(.pageUp))
        #expect(paged)
        #expect(list.selected == 9_980 && list.visibleRange.contains(9_980))
        // The wheel moves the view and takes the highlight along only where it would leave.
        list.scroll(by: -100)
        #expect(list.visibleRange == 9_880 ..< 9_900 && list.selected == 9_899)
        list.setCount(50)
        #expect(list.selected == 49 && list.visibleRange == 30 ..< 50)
        list.setCount(0)
        #expect(list.selected == 0 && list.visibleRange.isEmpty && list.row(atVisibleRow: 0) == nil)
    }

    /// The text of the pane rows (below the title bar, above the status
    /// line) whose first cell in `columns` is drawn reversed (highlighted).
    static func highlightedRows(_ grid: CellGrid, columns: Range<Int>) -> [String] {
        (1 ..< grid.height - 2).filter { grid[columns.lowerBound, $0].style.reverse }
            .map { y in columns.map { grid[$0, y].text }.joined().trimmingCharacters(in: CharacterSet(charactersIn: " ▲▼")) }
    }

    @Test func aFolderOf200RecipesScrollsAndEnterOpensTheRecipeOnScreen() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-200-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        for number in 0 ..< 200 {
            let path = folder + String(format: "/r%03d.md", number)
            try "# Recette \(number)\n".write(toFile: path, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: path)
        }
        // A hidden file is not a recipe of the list.
        try "# Cachée\n".write(toFile: folder + "/.hidden.md", atomically: true, encoding: .utf8)
        let app = EditorController(session: EditorSession(opened: try RecipeFiles.open(path: folder + "/r000.md")), width: 120, height: 24)
        app.showFolder(folder)
        app.type(Self.f6 + Self.f6)
        #expect(app.focus == .list)
        for _ in 0 ..< 50 { app.type(Self.down) }
        let listColumns = 0 ..< app.listFrame.width - 1
        // Equal times: by name; the highlight is on screen and is the one Enter opens.
        #expect(Self.highlightedRows(app.screen, columns: listColumns) == ["Recette 50"])
        app.type([0x0D])
        #expect(app.session.recipe.title == "Recette 50")
        #expect(!app.screen.allText.contains("Cachée"))
        app.type(Self.f6 + Self.f6 + Self.end)
        #expect(Self.highlightedRows(app.screen, columns: listColumns) == ["Recette 199"])
    }

    @Test func theInspectorScrollsItsIngredientsAndActsOnTheOneShown() throws {
        let names = (0 ..< 60).map { "épice\($0)" }
        let markdown = "---\ningredients:\n" + names.map { "  - \($0)\n" }.joined() + "---\n"
            + names.map { "Du ^[\($0)](ingredient: \"\($0)\")." }.joined(separator: "\n") + "\n"
        let app = editor(markdown, width: 100, height: 24)
        app.type(Self.f6 + Self.pageDown + Self.pageDown)
        let columns = app.inspectorFrame.x + 2 ..< app.inspectorFrame.x + app.inspectorFrame.width
        let shown = Self.highlightedRows(app.screen, columns: columns)
        #expect(shown.count == 1)
        let row = app.inspectorRow
        #expect(shown.first?.hasPrefix("[ ] \(names[row]) ") == true)
        #expect(shown.first?.hasSuffix(" 1") == true, "its count of marks at the end")
        app.type(" ")
        #expect(app.screen.allText.contains("[x] \(names[row])"))
        app.type(Self.end)
        #expect(Self.highlightedRows(app.screen, columns: columns).first?.hasPrefix("[ ] épice59") == true)
        app.type("s")
        #expect(app.message == "1 mark of épice59 selected")
    }

    @Test func theColourMenuScrollsOnASmallTerminal() throws {
        let app = editor("Du beurre.\n", width: 40, height: 10)
        app.type(Array("\u{1B}[1;2F".utf8)) // Shift-End: select the line
        app.type("\u{1B}c")
        #expect(app.colorMenu != nil)
        for _ in 0 ..< 30 { app.type(Self.down) }
        let grid = app.screen
        let frame = app.colorMenuFrame
        #expect(frame.y + frame.height <= app.editorFrame.y + app.editorFrame.height)
        let chosen = (frame.y ..< frame.y + frame.height).map(grid.line).filter { $0.contains("▸") }
        #expect(chosen.count == 1)
        let name = app.colorMenu.map { $0.entries[$0.row].name } ?? ""
        #expect(chosen.first?.contains(name) == true)
        app.type([0x0D])
        #expect(app.colorMenu == nil)
    }

    @Test func goingToALineInAFoldedSectionOpensIt() throws {
        let app = editor("# Pâte\n\nFarine.\nEau.\n# Garniture\nPommes.\n")
        app.type(Array("\u{1B}[15~".utf8)) // F5 on the first heading
        #expect(!app.editorLines.contains("Eau."))
        app.type(Keys.control("l") + Array("4".utf8) + [0x0D])
        #expect(app.editorLines.contains("Eau."))
        app.type("x")
        #expect(app.text.contains("xEau."))
    }

    @Test func findSaysWhichOfHowManyAndWhenItWrapped() throws {
        let app = editor("beurre, sel, beurre et beurre.\n")
        app.type(Keys.control("f") + Array("beurre\r".utf8))
        #expect(app.message == "1 of 3")
        app.type("\u{1B}OR") // F3
        #expect(app.message == "2 of 3")
        app.type("\u{1B}OR\u{1B}OR")
        #expect(app.message == "1 of 3 · wrapped to the top")
        // The next Ctrl-F offers the last search.
        app.type(Keys.control("f"))
        #expect(app.prompt == .line(FindQuestion(), "beurre"))
    }

    @Test func theStatusLineNamesTheParagraphStyleAndAltHCycles() throws {
        let app = editor("Pain\n")
        let status = { app.screen.line(app.height - 2) }
        #expect(status().contains("Body"))
        for expected in ["Heading 1", "Heading 2", "Heading 3", "Body"] {
            app.type("\u{1B}h")
            #expect(status().contains(expected))
        }
    }

    @Test func theWheelScrollsTheTextWithoutMovingTheCaretAndAKeyBringsItBack() throws {
        let app = editor((1 ... 100).map { "Ligne \($0)." }.joined(separator: "\n") + "\n")
        let caret = app.session.caret
        app.handle(.mouse(MouseEvent(action: .scrollDown, button: 0, x: 5, y: 5)))
        app.handle(.mouse(MouseEvent(action: .scrollDown, button: 0, x: 5, y: 5)))
        #expect(app.session.caret == caret)
        #expect(app.editorLines[0] == "Ligne 7.")
        app.type(Keys.right)
        #expect(app.editorLines[0] == "Ligne 1.")
    }
}

@Suite("Bidi labels")
struct BidiLabelTests {
    @Test func theTitleBarListAndInspectorShowHebrewInVisualOrder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-bidi-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "# סופגניות\nשמים ^[קמח](ingredient: \"קמח\").\n".write(toFile: folder + "/s.md", atomically: true, encoding: .utf8)
        let app = EditorController(session: EditorSession(opened: try RecipeFiles.open(path: folder + "/s.md")), width: 120, height: 24)
        app.showFolder(folder)
        let grid = app.screen
        #expect(grid.line(0).contains("תוינגפוס — s.md"))
        #expect(grid.line(3).hasPrefix("▸ תוינגפוס"))
        #expect(grid.line(app.inspectorFrame.y + 1).contains("[ ] חמק"))
        #expect(grid.line(app.inspectorFrame.y + 1).hasSuffix(" 1"))
    }

    /// A Hebrew ingredient with its quantity: name and quantity each read in
    /// their direction, the count in its own cells (it was drawn between
    /// "200" and "גרם", cutting the unit from its number).
    @Test func aHebrewIngredientsRowKeepsItsQuantityWhole() throws {
        let app = editor("---\ningredients:\n  - id: קמח\n    name: קמח\n    quantity: 200 גרם\n---\nשמים ^[קמח](ingredient: \"קמח\").\n",
                         width: 120)
        let frame = app.inspectorFrame
        let row = String(app.screen.line(frame.y + 1).dropFirst(frame.x))
        #expect(row == "│ [ ] חמק םרג 200" + String(repeating: " ", count: 13) + "1")
    }

    /// The title bar draws a Hebrew file name as the status line does, its
    /// extension at its right end (`md.הקושקש` read as "md.שקשוקה").
    @Test func aHebrewFileNameKeepsItsExtensionAtItsEnd() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-bidi-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/שקשוקה.md"
        try "# Shakshuka\nEggs.\n".write(toFile: path, atomically: true, encoding: .utf8)
        let (session, said) = try EditorSession.open(path)
        let app = EditorController(session: session, width: 120, height: 24)
        app.say(said.joined(separator: "; "))
        #expect(app.screen.line(0) == " Roux  Shakshuka — הקושקש.md")
        #expect(app.screen.line(app.height - 2).contains("  opened הקושקש.md"))
    }
}
